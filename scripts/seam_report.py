#!/usr/bin/env python3
"""The seam's size, family by family, into docs/design/seam.md between its "seam-size" markers:
virtual functions per interface header, and the lines of each backend folder's files.
--check fails when the page is not current (ctest docs.seam)."""
import pathlib
import re
import sys

root = pathlib.Path(__file__).resolve().parent.parent
page = root / "docs/design/seam.md"
begin, end = "<!-- seam-size: begin (scripts/seam_report.py) -->", "<!-- seam-size: end -->"
virtual_re = re.compile(r"^\s*virtual\s", re.M)


def lines(path):
    return sum(1 for _ in path.open(errors="replace"))


def table():
    rows = ["| interface | virtual functions | lines |", "|---|---:|---:|"]
    total = 0
    for header in [root / "backends/backend.h", *sorted((root / "backends/seam").glob("*.h"))]:
        count = len(virtual_re.findall(header.read_text(errors="replace")))
        total += count
        rows.append(f"| `{header.relative_to(root / 'backends')}` | {count} | {lines(header)} |")
    rows.append(f"| **all** | **{total}** | |")
    rows += ["", "| implementation | files | lines |", "|---|---:|---:|"]
    for folder in ["backends/generic", "backends/cuda", "backends/hsa"]:
        files = [f for f in (root / folder).rglob("*") if f.suffix in {".h", ".cpp"}]
        rows.append(f"| `{folder}/` | {len(files)} | {sum(lines(f) for f in files)} |")
    return "\n".join(rows)


def main():
    text = page.read_text()
    head, rest = text.split(begin, 1)
    _, tail = rest.split(end, 1)
    current = f"{head}{begin}\n{table()}\n{end}{tail}"
    if "--check" in sys.argv:
        if current != text:
            print("docs/design/seam.md: seam sizes are stale; run scripts/seam_report.py")
            return 1
        print("docs.seam: seam sizes current")
        return 0
    page.write_text(current)
    return 0


if __name__ == "__main__":
    sys.exit(main())
