#!/usr/bin/env python3
"""Checks of the documentation (ctest docs.links, docs.layout, docs.readme).

  check_docs.py links    every relative link and image in README.md, docs/**/*.md, bench/README.md
                         and libs/*/README.md names a file or folder that exists, and a #fragment
                         names a heading of the target page (GitHub's anchors)
  check_docs.py layout   docs/layout.md names every folder of the tree (first and second level, as
                         `git ls-files` sees them); skipped (77) outside a git checkout
  check_docs.py readme   README.md is a front door: at most 200 lines, and keeps its sections
                         (the two commands, using it, support, where to read more)
"""
import pathlib
import re
import subprocess
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
README_LINES = 200
README_SECTIONS = ("## The two commands", "## Using it", "## Support", "## Where to read more")
# [text](target) and ![alt](target); the target ends at whitespace or the closing parenthesis.
LINK = re.compile(r"!?\[(?:[^\]\\]|\\.)*\]\(\s*<?([^)\s>]+)>?(?:\s+\"[^\"]*\")?\s*\)")
FENCE = re.compile(r"^(```|~~~)")


def pages():
    found = [ROOT / "README.md", ROOT / "bench/README.md"]
    found += sorted((ROOT / "docs").rglob("*.md"))
    found += sorted((ROOT / "libs").glob("*/README.md"))
    return [p for p in found if p.exists()]


def prose(text):
    """The page without fenced code blocks and inline code spans, line numbers kept."""
    out, fenced = [], False
    for line in text.split("\n"):
        if FENCE.match(line.strip()):
            fenced = not fenced
            out.append("")
            continue
        out.append("" if fenced else re.sub(r"`[^`]*`", "", line))
    return out


def anchors(page):
    """GitHub's heading anchors of a page: lower case, punctuation but '-' and '_' dropped,
    spaces as '-', repeats numbered -1, -2, ..."""
    seen, result = {}, set()
    fenced = False
    for line in page.read_text(encoding="utf-8").split("\n"):
        if FENCE.match(line.strip()):
            fenced = not fenced
        if fenced:
            continue
        result.update(re.findall(r"<a\s+(?:id|name)=\"([^\"]+)\"", line))  # explicit anchors
        m = re.match(r"^#{1,6}\s+(.*?)\s*#*\s*$", line)
        if not m:
            continue
        title = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", m.group(1))  # a link's text only
        slug = re.sub(r"[^\w\- ]", "", title.lower().replace("`", "")).replace(" ", "-")
        n = seen.get(slug, 0)
        seen[slug] = n + 1
        result.add(slug if n == 0 else f"{slug}-{n}")
    return result


def check_links():
    bad, count = [], 0
    for page in pages():
        for lineno, line in enumerate(prose(page.read_text(encoding="utf-8")), 1):
            for target in LINK.findall(line):
                if re.match(r"^[a-z][a-z0-9+.-]*:", target, re.I):  # http:, mailto:, ...
                    continue
                count += 1
                path, _, fragment = target.partition("#")
                dest = (page.parent / path).resolve() if path else page
                where = f"{page.relative_to(ROOT)}:{lineno}: {target}"
                if not dest.exists():
                    bad.append(f"{where}: no such file")
                elif ROOT not in dest.parents and dest != ROOT:
                    bad.append(f"{where}: outside the repository")
                elif fragment and dest.suffix == ".md" and fragment not in anchors(dest):
                    bad.append(f"{where}: no heading '#{fragment}' in {dest.relative_to(ROOT)}")
    for b in bad:
        print(b)
    print(f"docs.links: {count} relative links in {len(pages())} pages, "
          f"{len(bad)} broken: {'FAILED' if bad else 'ok'}")
    return 1 if bad else 0


def check_layout():
    try:
        files = subprocess.run(["git", "-C", str(ROOT), "ls-files"], check=True,
                               capture_output=True, text=True).stdout.split("\n")
    except (OSError, subprocess.CalledProcessError):
        print("docs.layout: not a git checkout (or no git): skipped")
        return 77
    folders = set()
    for f in files:
        parts = f.split("/")
        for depth in (1, 2):
            if len(parts) > depth:
                folders.add("/".join(parts[:depth]) + "/")
    layout = (ROOT / "docs/layout.md").read_text(encoding="utf-8")
    named = set(re.findall(r"`([^`\s]+/)`", layout))
    missing = []
    for folder in sorted(folders):
        top, _, rest = folder.partition("/")
        leaf = folder.rsplit("/", 2)[-2] + "/"
        if folder in named:
            continue
        if not rest and any(n.startswith(folder) for n in named):
            continue  # a first-level folder described by its subfolders' rows
        if rest and leaf in named and top + "/" in named:
            continue  # a row naming its subfolders after itself ("`bench/` ... `codegen/`")
        missing.append(folder)
    for m in missing:
        print(f"docs/layout.md names no row for {m}: add it (what the folder holds)")
    print(f"docs.layout: {len(folders)} folders, {len(missing)} not in docs/layout.md: "
          f"{'FAILED' if missing else 'ok'}")
    return 1 if missing else 0


def check_readme():
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    lines = text.rstrip("\n").split("\n")
    problems = []
    if len(lines) > README_LINES:
        problems.append(f"README.md has {len(lines)} lines (at most {README_LINES}): move detail "
                        f"into a page of docs/ and link it")
    for section in README_SECTIONS:
        if section not in lines:
            problems.append(f"README.md lacks its section '{section}'")
    for cmd in ("./scripts/run-main.sh", "./scripts/run-tests.sh"):
        if not any(line.startswith(cmd) for line in lines):
            problems.append(f"README.md's two commands lack a line starting '{cmd}'")
    for p in problems:
        print(p)
    print(f"docs.readme: {len(lines)} lines: {'FAILED' if problems else 'ok'}")
    return 1 if problems else 0


def main():
    checks = {"links": check_links, "layout": check_layout, "readme": check_readme}
    if len(sys.argv) != 2 or sys.argv[1] not in checks:
        print(__doc__)
        return 2
    return checks[sys.argv[1]]()


if __name__ == "__main__":
    sys.exit(main())
