#!/usr/bin/env python3
"""Per-kernel SASS comparison of the codegen images (cuobjdump -sass output of each).

  sass_summary.py <nvcc.sass> <unihipcc.sass> [<out.md>]

Prints, per kernel, the instruction count of each image and the opcodes whose counts differ
most: where a unihipcc/nvcc time ratio away from 1.0 comes from (issue 16).
"""
import collections
import re
import sys

FUNCTION = re.compile(r"^\s*Function\s*:\s*(\S+)")
INSTRUCTION = re.compile(r"/\*[0-9a-f]{4,}\*/\s+(?:@!?U?P\w+\s+)?([A-Z][A-Z0-9_.]*)")


def parse(path):
    kernels, current = {}, None
    with open(path, encoding="utf-8", errors="replace") as f:
        for line in f:
            m = FUNCTION.match(line)
            if m:
                current = kernels.setdefault(m.group(1), collections.Counter())
                continue
            m = INSTRUCTION.search(line)
            if m and current is not None and m.group(1) != "NOP":
                current[m.group(1)] += 1
    return kernels


def main():
    if len(sys.argv) < 3:
        print(__doc__, file=sys.stderr)
        return 2
    nvcc, unihipcc = parse(sys.argv[1]), parse(sys.argv[2])
    lines = ["| kernel | nvcc SASS | unihipcc SASS | opcodes differing most (unihipcc - nvcc) |",
             "|---|---:|---:|---|"]
    for name in sorted(set(nvcc) | set(unihipcc)):
        a, b = nvcc.get(name, collections.Counter()), unihipcc.get(name, collections.Counter())
        diff = {op: b[op] - a[op] for op in set(a) | set(b) if b[op] != a[op]}
        top = sorted(diff.items(), key=lambda kv: -abs(kv[1]))[:6]
        lines.append(f"| {name} | {sum(a.values())} | {sum(b.values())} | "
                     + ", ".join(f"{op} {d:+d}" for op, d in top) + " |")
    text = "\n".join(lines) + "\n"
    print("\nSASS instructions per kernel (cuobjdump -sass, NOPs excluded):\n")
    print(text)
    if len(sys.argv) > 3:
        with open(sys.argv[3], "w", encoding="utf-8") as f:
            f.write(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
