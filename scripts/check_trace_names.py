#!/usr/bin/env python3
"""The API trace's call names (ctest api.trace_names, docs/trace.md):
- every generated macro (scripts/gen_api_trace.py) is of a function of src/api/functions.tsv or
  of unihip's own header (include/hip/unihip/api/unihip_ext.h);
- an exported function traces through its own UNIHIP_TRACE_<name>, not another's;
- a hand-written UNIHIP_TRACE_API("hipX(...)") is left only where no macro exists (no public
  prototype), and names the function it is in.
Names pasted by a macro (##) are not checked."""
import pathlib
import re
import sys

root = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(root / "scripts"))
import gen_api_trace  # noqa: E402

export_re = re.compile(r"^UNIHIP_EXPORT [^(]*?(##)?\b(\w+)\s*\(", re.M)
hand_re = re.compile(r'UNIHIP_TRACE_API\("(\w*)')
generated_re = re.compile(r"\bUNIHIP_TRACE_(\w+)\(")


def main():
    found, _ = gen_api_trace.signatures()
    listed = set(gen_api_trace.tsv_functions())
    listed |= set(gen_api_trace.extension_functions(gen_api_trace.EXTENSIONS.read_text()))
    wrong = [f"generated macro for {n}, which functions.tsv does not list"
             for n in found if n not in listed]
    generated = hand = 0
    for path in sorted((root / "src/api").rglob("*.cpp")):
        text = path.read_text(errors="replace")
        rel = path.relative_to(root)
        for m in generated_re.finditer(text):
            if m.group(1) != "API" and m.group(1) not in found:
                wrong.append(f"{rel}: UNIHIP_TRACE_{m.group(1)} is not generated")
        for m in export_re.finditer(text):
            if m.group(1):  # a name pasted by a macro: not checkable here
                continue
            function = m.group(2)
            body = text[m.end():text.find("\n}\n", m.end())]
            for t in generated_re.finditer(body):
                if t.group(1) == "API":
                    continue
                generated += 1
                if t.group(1) != function:
                    wrong.append(f"{rel}: {function} traces as {t.group(1)!r}")
            for t in hand_re.finditer(body):
                hand += 1
                if t.group(1) != function:
                    wrong.append(f"{rel}: {function} traces as {t.group(1)!r}")
                elif function in found:
                    wrong.append(f"{rel}: {function} writes its trace by hand: use "
                                 f"UNIHIP_TRACE_{function}")
    for w in wrong:
        print(w)
    print(f"api.trace_names: {len(found)} generated macros; {generated} entry points trace "
          f"through theirs, {hand} by hand (no prototype); {len(wrong)} wrong")
    return 1 if wrong else 0


if __name__ == "__main__":
    sys.exit(main())
