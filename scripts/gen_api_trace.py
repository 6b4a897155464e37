#!/usr/bin/env python3
"""Generates api_trace.h: one UNIHIP_TRACE_<function>(args...) macro per HIP function, the API
trace text of that call (docs/trace.md).

The functions are src/api/functions.tsv's (plus unihip's own, include/hip/unihip/api/
unihip_ext.h); each one's parameters are its prototype's in the public headers (include/hip/),
the one source of signatures. A macro expands to UNIHIP_TRACE_API (src/api/api_boundary.h) with
"name({}, ...)" and each argument through unihip::traceArg (src/api/trace_args.h), which formats
by C++ type; integer parameters named *flags print in hex.

  gen_api_trace.py --out <api_trace.h>      write the header (CMake runs this at build time)
  gen_api_trace.py --list                   print name<TAB>parameter names, for the checks
"""
import argparse
import pathlib
import re
import sys

root = pathlib.Path(__file__).resolve().parent.parent
TSV = root / "src/api/functions.tsv"
HEADERS = root / "include/hip"
EXTENSIONS = root / "include/hip/unihip/api/unihip_ext.h"

KEYWORDS = {"return", "else", "case", "if", "while", "for", "sizeof", "do", "throw", "new",
            "delete", "typedef", "using"}
INTEGRAL = re.compile(r"^(const\s+)?(unsigned\s+|signed\s+)?(int|long|long\s+long|short|char|"
                      r"unsigned|size_t|uint\d+_t|int\d+_t|uintptr_t)$")


def strip(text):
    text = re.sub(r"/\*.*?\*/", " ", text, flags=re.S)
    text = re.sub(r"//[^\n]*", " ", text)
    text = re.sub(r"^\s*#[^\n]*(\\\n[^\n]*)*", " ", text, flags=re.M)  # directives
    return text


def tsv_functions():
    names = []
    for line in TSV.read_text().splitlines():
        if line.startswith("#") or "\t" not in line:
            continue
        name = line.split("\t")[1]
        if name != "function":
            names.append(name)
    return names


def split_params(text):
    params, depth, cur = [], 0, ""
    for ch in text:
        if ch in "([<":
            depth += 1
        elif ch in ")]>":
            depth -= 1
        if ch == "," and depth == 0:
            params.append(cur)
            cur = ""
        else:
            cur += ch
    if cur.strip():
        params.append(cur)
    return [p.strip() for p in params]


def parse_param(p, index):
    """(type, name) of one declared parameter; None when it does not read as a declaration."""
    p = re.sub(r"\bUNIHIP_DEFAULT_ARG\s*\([^)]*\)", "", p)
    p = re.sub(r"=.*$", "", p, flags=re.S).strip()
    p = " ".join(p.split())
    fn = re.match(r"^(.*?)\(\s*\*\s*(\w*)\s*\)\s*\((.*)\)$", p)
    if fn:  # a function pointer
        return ("fnptr", fn.group(2) or f"a{index}")
    m = re.match(r"^(.*?)(\w+)\s*((\[[^\]]*\])*)$", p)
    if not m or p.startswith("&"):
        return None
    head, name, arrays = m.group(1).strip(), m.group(2), m.group(3)
    if (not head or head.endswith("::") or head in ("const", "struct", "enum")
            or name in ("int", "long", "short", "char", "float", "double", "bool", "size_t")):
        head, name = p, f"a{index}"  # an unnamed parameter
    return (head + ("*" if arrays else ""), name)


CANDIDATE = re.compile(r"([\w*&>]+)\s*\b(\w+)\s*\(")


def index_headers(texts):
    """name -> [(text, match)] for every `<token> name(` in the headers, in order."""
    index = {}
    for text in texts:
        pos = 0
        while True:
            m = CANDIDATE.search(text, pos)
            if not m:
                break
            index.setdefault(m.group(2), []).append((text, m))
            pos = m.end(2)
    return index


def find_prototype(name, index):
    """Parameters [(type, name)] of `name`'s first C declaration in the headers, or None."""
    for text, m in index.get(name, []):
        if m.group(1) in KEYWORDS:
            continue
        i, depth = m.end(), 1
        while i < len(text) and depth:
            depth += {"(": 1, ")": -1}.get(text[i], 0)
            i += 1
        after = text[i:i + 200].lstrip()
        after = re.sub(r"^(__attribute__\s*\(\(.*?\)\)\s*|[A-Z_]+(\([^)]*\))?\s*)*", "",
                       after)
        if not after.startswith(";"):
            continue  # a definition or a call
        inner = text[m.end():i - 1].strip()
        if inner in ("", "void"):
            return []
        params = [parse_param(p, k) for k, p in enumerate(split_params(inner))]
        if all(params):
            return params
    return None


def extension_functions(text):
    return re.findall(r"\b(unihip\w+)\s*\(", strip(text))


def spec(ptype, pname):
    """The replacement field of one parameter."""
    if ptype != "fnptr" and "*" not in ptype and re.search(r"flags?$", pname, re.I):
        return "{:#x}"
    return "{}"


def signatures():
    index = index_headers(strip(p.read_text(errors="replace"))
                          for p in sorted(HEADERS.rglob("*.h")))
    names = tsv_functions()
    names += [n for n in dict.fromkeys(extension_functions(EXTENSIONS.read_text()))
              if n not in names]
    found, missing = {}, []
    for name in names:
        params = find_prototype(name, index)
        if params is None:
            missing.append(name)
        else:
            found[name] = params
    return found, missing


def macro(name, params):
    args = [p[1] for p in params]
    if len(set(args)) != len(args):
        args = [f"a{k}" for k in range(len(params))]
    fmt_text = name + "(" + ", ".join(spec(t, n) for t, n in params) + ")"
    body = "".join(f", ::unihip::traceArg({a})" for a in args)
    return (f"#define UNIHIP_TRACE_{name}({', '.join(args)}) \\\n"
            f"  UNIHIP_TRACE_API(\"{fmt_text}\"{body})\n")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--out")
    ap.add_argument("--list", action="store_true")
    a = ap.parse_args()
    found, missing = signatures()
    if a.list:
        for name, params in found.items():
            print(name + "\t" + " ".join(p[1] for p in params))
        return 0
    if not a.out:
        ap.error("--out or --list")
    lines = ["// Generated by scripts/gen_api_trace.py from src/api/functions.tsv and the prototypes",
             "// in include/hip/: each HIP function's API trace call. Do not edit.",
             "#pragma once", "", '#include "api/trace_args.h"', ""]
    if missing:
        lines.append("// Without a prototype in include/hip/ (no macro): " + ", ".join(missing))
        lines.append("")
    text = "\n".join(lines) + "\n" + "".join(macro(n, p) for n, p in found.items())
    out = pathlib.Path(a.out)
    if not out.exists() or out.read_text() != text:  # unchanged: nothing recompiles
        out.parent.mkdir(parents=True, exist_ok=True)
        out.write_text(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
