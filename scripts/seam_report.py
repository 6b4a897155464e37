#!/usr/bin/env python3
"""The seam's size, family by family, into docs/design/seam.md between its "seam-size" markers:
virtual functions per interface header, the lines and capture checks of each backend folder
(none in a vendor's: the seam makes them), and the vendors' files by family.
--check fails when the page is not current (ctest docs.seam)."""
import pathlib
import re
import sys

root = pathlib.Path(__file__).resolve().parent.parent
page = root / "docs/design/seam.md"
begin, end = "<!-- seam-size: begin (scripts/seam_report.py) -->", "<!-- seam-size: end -->"
virtual_re = re.compile(r"^\s*virtual\s", re.M)
capture_re = re.compile(r"\bUNIHIP_CAPTURED\(")


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
    rows += ["", "| implementation | files | lines | capture checks |", "|---|---:|---:|---:|"]
    for folder in ["backends/generic", "backends/cuda", "backends/hsa"]:
        files = [f for f in (root / folder).rglob("*") if f.suffix in {".h", ".cpp"}]
        checks = sum(len(capture_re.findall(f.read_text(errors="replace"))) for f in files)
        rows.append(f"| `{folder}/` | {len(files)} | {sum(lines(f) for f in files)} | {checks} |")
    rows += ["", families()]
    return "\n".join(rows)


def families():
    """The vendors' files by family: backends/cuda/cuda_<family>.cpp beside
    backends/hsa/hsa_<family>.cpp, so that one family reads the same way on both."""
    files = {}
    for vendor in ["cuda", "hsa"]:
        for f in sorted((root / "backends" / vendor).glob(f"{vendor}_*.cpp")):
            files.setdefault(f.stem[len(vendor) + 1:], {})[vendor] = f
    rows = ["| family | CUDA | lines | HSA | lines |", "|---|---|---:|---|---:|"]
    for family in sorted(files, key=lambda k: (len(files[k]) != 2, k)):
        cells = [f"`{family}`"]
        for vendor in ["cuda", "hsa"]:
            f = files[family].get(vendor)
            cells += [f"`{f.name}`", str(lines(f))] if f else ["", ""]
        rows.append("| " + " | ".join(cells) + " |")
    return "\n".join(rows)


def vendor_capture_checks():
    """Capture is the seam's (backend.h): a vendor file holding a check is an error."""
    found = []
    for folder in ["backends/cuda", "backends/hsa"]:
        for f in (root / folder).rglob("*"):
            if f.suffix in {".h", ".cpp"} and capture_re.search(f.read_text(errors="replace")):
                found.append(str(f.relative_to(root)))
    return found


def main():
    text = page.read_text()
    head, rest = text.split(begin, 1)
    _, tail = rest.split(end, 1)
    current = f"{head}{begin}\n{table()}\n{end}{tail}"
    if "--check" in sys.argv:
        if vendor_capture_checks():
            print("capture checks in vendor files (the seam makes them, backends/backend.h):",
                  ", ".join(vendor_capture_checks()))
            return 1
        if current != text:
            print("docs/design/seam.md: seam sizes are stale; run scripts/seam_report.py")
            return 1
        print("docs.seam: seam sizes current")
        return 0
    page.write_text(current)
    return 0


if __name__ == "__main__":
    sys.exit(main())
