#!/usr/bin/env python3
"""The API trace's hand-written call names (UNIHIP_TRACE_API("hipX(...)", ...)), until they are
generated (docs/trace.md): each names the exported function it is in (ctest api.trace_names).
Names pasted by a macro (##) are not checked."""
import pathlib
import re
import sys

root = pathlib.Path(__file__).resolve().parent.parent
export_re = re.compile(r"^UNIHIP_EXPORT [^(]*?(##)?\b(\w+)\s*\(", re.M)
trace_re = re.compile(r'UNIHIP_TRACE_API\("(\w*)')


def main():
    wrong, count = [], 0
    for path in sorted((root / "src/api").rglob("*.cpp")):
        text = path.read_text(errors="replace")
        for m in export_re.finditer(text):
            if m.group(1):  # a name pasted by a macro: not checkable here
                continue
            function = m.group(2)
            body = text[m.end():text.find("\n}\n", m.end())]
            for t in trace_re.finditer(body):
                count += 1
                if t.group(1) != function:
                    wrong.append(f"{path.relative_to(root)}: {function} traces as {t.group(1)!r}")
    for w in wrong:
        print(w)
    print(f"api.trace_names: {count} hand-written trace names, {len(wrong)} wrong")
    return 1 if wrong else 0


if __name__ == "__main__":
    sys.exit(main())
