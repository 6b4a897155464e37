#!/usr/bin/env python3
"""The floors of the tree: base/ includes only itself and include/; backends/ includes only
itself, base/ and include/ (never src/); src/ may include everything below it. Resolves each
quoted #include the way the build's include path does and fails on any edge that climbs."""
import pathlib
import re
import sys

root = pathlib.Path(__file__).resolve().parent.parent
search = [root / "include", root / "src", root / "backends", root]
# What each floor may reach, its own floor included.
allowed = {"base": {"base", "include"},
           "backends": {"backends", "base", "include"},
           "src": {"src", "backends", "base", "include"}}
include_re = re.compile(r'^\s*#\s*include\s+"([^"]+)"', re.M)


def floor_of(path):
    rel = path.resolve().relative_to(root)
    return rel.parts[0]


def resolve(source, name):
    for d in [source.parent, *search]:
        candidate = d / name
        if candidate.is_file():
            return candidate
    return None


def main():
    bad = []
    src_folders = {p.name for p in (root / "src").iterdir() if p.is_dir()}
    for floor in allowed:
        for source in sorted((root / floor).rglob("*")):
            if source.suffix not in {".h", ".hpp", ".cpp", ".c", ".inc"}:
                continue
            for name in include_re.findall(source.read_text(errors="replace")):
                target = resolve(source, name)
                if target is None:
                    # Generated or external, unless it names a folder of src/ that has no such file.
                    if name.split("/")[0] in src_folders:
                        bad.append(f"{source.relative_to(root)}: #include \"{name}\" names src/, no such file")
                    continue
                reached = floor_of(target)
                if reached not in allowed[floor]:
                    bad.append(f"{source.relative_to(root)}: #include \"{name}\" reaches {reached}/")
    if bad:
        print("check_imports: includes that climb a floor (base/ < backends/ < src/):")
        print("\n".join("  " + b for b in bad))
        return 1
    print("check_imports: base/ -> include/; backends/ -> base/, include/; no include climbs")
    return 0


if __name__ == "__main__":
    sys.exit(main())
