#!/usr/bin/env python3
"""Expands src/functions.tsv (hipSOLVER's one table) into the public prototypes, the forwarders,
the export list, the coverage document, the test probes and a compile-time check of every
forwarder's signature against cuSOLVER's header. Usage:
  gen_hipsolver.py TABLE [--header H] [--source C] [--exports E] [--cuda-check C]
                         [--probes P] [--coverage MD] [--check-coverage MD]"""
import argparse
import re
import sys

PRECISIONS = {  # letter: ({P}, element type T, real type R)
    "s": ("S", "float", "float"),
    "d": ("D", "double", "double"),
    "c": ("C", "hipComplex", "float"),
    "z": ("Z", "hipDoubleComplex", "double"),
}

# hipSOLVER's type names in cuSOLVER's header (for the signature check).
CUDA_TYPES = [(r"\bhipsolver(Dn)?Handle_t\b", "cusolverDnHandle_t"),
              (r"\bhipsolverSpHandle_t\b", "cusolverSpHandle_t"),
              (r"\bhipsolverRf(\w+)_t\b", r"cusolverRf\1_t"),
              (r"\bhipsparseMatDescr_t\b", "cusparseMatDescr_t"),
              (r"\bhipsolverGesvdjInfo_t\b", "gesvdjInfo_t"),
              (r"\bhipsolverSyevjInfo_t\b", "syevjInfo_t"),
              (r"\bhipsolverDnParams_t\b", "cusolverDnParams_t"),
              (r"\bhip(solver|blas)Operation_t\b", "cublasOperation_t"),
              (r"\bhip(solver|blas)FillMode_t\b", "cublasFillMode_t"),
              (r"\bhip(solver|blas)SideMode_t\b", "cublasSideMode_t"),
              (r"\bhipsolverEig(Mode|Type|Range)_t\b", r"cusolverEig\1_t"),
              (r"\bhipsolverDeterministicMode_t\b", "cusolverDeterministicMode_t"),
              (r"\bhipsolverAlgMode_t\b", "cusolverAlgMode_t"),
              (r"\bhipsolverDnFunction_t\b", "cusolverDnFunction_t"),
              (r"\bhipDataType\b", "cudaDataType"),
              (r"\bhipDoubleComplex\b", "cuDoubleComplex"), (r"\bhipComplex\b", "cuComplex"),
              (r"\bhipStream_t\b", "cudaStream_t")]

# The enums among the parameter types, each with a value it accepts (for the probes).
ENUMS = {"hipsolverOperation_t": "HIPBLAS_OP_N", "hipblasOperation_t": "HIPBLAS_OP_N",
         "hipsolverFillMode_t": "HIPBLAS_FILL_MODE_LOWER",
         "hipblasFillMode_t": "HIPBLAS_FILL_MODE_LOWER",
         "hipsolverSideMode_t": "HIPBLAS_SIDE_LEFT", "hipblasSideMode_t": "HIPBLAS_SIDE_LEFT",
         "hipsolverEigMode_t": "HIPSOLVER_EIG_MODE_VECTOR",
         "hipsolverEigType_t": "HIPSOLVER_EIG_TYPE_1",
         "hipsolverEigRange_t": "HIPSOLVER_EIG_RANGE_ALL",
         "hipsolverDeterministicMode_t": "HIPSOLVER_DETERMINISTIC_RESULTS",
         "hipsolverAlgMode_t": "HIPSOLVER_ALG_0", "hipsolverDnFunction_t": "HIPSOLVERDN_GETRF",
         "hipDataType": "HIP_R_32F",
         "hipsolverRfFactorization_t": "HIPSOLVERRF_FACTORIZATION_ALG0",
         "hipsolverRfMatrixFormat_t": "HIPSOLVERRF_MATRIX_FORMAT_CSR",
         "hipsolverRfResetValuesFastMode_t": "HIPSOLVERRF_RESET_VALUES_FAST_MODE_OFF",
         "hipsolverRfTriangularSolve_t": "HIPSOLVERRF_TRIANGULAR_SOLVE_ALG1",
         "hipsolverRfUnitDiagonal_t": "HIPSOLVERRF_UNIT_DIAGONAL_STORED_L"}

# The cuSOLVER parameter types of an impl= row that calls cuSOLVER, from hipSOLVER's.
IMPL_TYPES = {"irsBufferSize": lambda t: t[:-1] + ["void*"] + t[-1:]}

# The handle types unwrapped by the forwarders, and by which (forward.h). The refactorization
# API's handle is cuSOLVER's own, passed through like the info objects.
HANDLES = {"hipsolverHandle_t": "forward", "hipsolverDnHandle_t": "forward",
           "hipsolverSpHandle_t": "forwardSp"}


class Row:
    def __init__(self, name, params, cusolver, flags):
        self.name, self.params, self.cusolver = name, params, cusolver
        self.manual = "manual" in flags
        self.drop = {f[5:] for f in flags if f.startswith("drop=")}
        impl = [f[5:] for f in flags if f.startswith("impl=")]
        self.impl = impl[0] if impl else None

    def vendor_params(self):
        return [(t, n) for t, n in self.params if n not in self.drop]

    def has_handle(self):
        return bool(self.params) and self.params[0][0] in HANDLES and self.params[0][1] == "handle"

    def forwarded(self):
        return self.cusolver != "-" or self.impl is not None


def parse_param(text):
    m = re.match(r"^(.*?)([A-Za-z_][A-Za-z_0-9]*)$", text.strip())
    if not m or not m.group(1).strip():
        sys.exit(f"bad parameter: {text!r}")
    return m.group(1).strip(), m.group(2)


def subst(text, p):
    P, T, R = PRECISIONS[p]
    return re.sub(r"\bR\b", R, re.sub(r"\bT\b", T, text.replace("{P}", P)))


def load(path):
    rows, seen = [], set()
    for lineno, line in enumerate(open(path), 1):
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        cols = [c.strip() for c in line.split("|")]
        if len(cols) != 5:
            sys.exit(f"{path}:{lineno}: want 5 columns, have {len(cols)}")
        name, precs, params, cusolver, flags = cols
        for p in [None] if precs == "-" else list(precs):
            s = (lambda t: t) if p is None else (lambda t, p=p: subst(t, p))
            plist = [] if params == "-" else [parse_param(s(x)) for x in params.split(";")]
            row = Row(s(name), plist, s(cusolver), flags.split())
            if row.name in seen:
                sys.exit(f"{path}:{lineno}: {row.name} twice")
            if not row.manual and not plist:
                sys.exit(f"{path}:{lineno}: {row.name} needs its parameters")
            unknown = row.drop - {n for _, n in plist}
            if unknown:
                sys.exit(f"{path}:{lineno}: a flag names no parameter: {unknown}")
            seen.add(row.name)
            rows.append(row)
    return rows


def decl(r):
    return ", ".join(f"{t} {n}" for t, n in r.params)


def header(rows):
    out = ["/* Generated by gen_hipsolver.py from functions.tsv: do not edit. */",
           "#ifndef HIPSOLVER_FUNCTIONS_H", "#define HIPSOLVER_FUNCTIONS_H", "",
           "#ifdef __cplusplus", 'extern "C" {', "#endif", ""]
    out += [f"HIPSOLVER_EXPORT hipsolverStatus_t {r.name}({decl(r)});" for r in rows
            if not r.manual]
    out += ["", "#ifdef __cplusplus", '} /* extern "C" */', "#endif", "", "#endif", ""]
    return "\n".join(out)


def workspace_query(r, by_name):
    """For a regular-API row taking work and lwork: its _bufferSize row and that row's arguments
    (by name from r's parameters, `size` for its lwork), or None. AMD's regular API lets work be NULL."""
    if r.manual or r.impl or not r.has_handle() or r.name.startswith(("hipsolverDn", "hipsolverSp")):
        return None
    names = {n: t for t, n in r.params}
    if "work" not in names or "lwork" not in names or "*" not in names["work"] or "work" in r.drop:
        return None  # a dropped work: cuSOLVER needs none
    q = by_name.get(r.name + "_bufferSize")
    qnames = {n: t for t, n in q.params} if q else {}
    if q is None or qnames.get("lwork", "").replace(" ", "") != names["lwork"] + "*":
        return None
    args = ["size" if n == "lwork" else n for _, n in q.params]
    if any(a not in names for a in args if a != "size"):
        return None
    return q, args


def bad_sizes(r):
    """The size checks AMD's hipSOLVER makes before any work (rocSOLVER's invalid_size, which
    cuSOLVER's _bufferSize queries do not all make): dimensions below 0, and A's leading
    dimension below its rows (m, else n) where no `side` decides them, as rocSOLVER's
    argument checks do."""
    if not r.has_handle() or r.name.startswith(("hipsolverSp", "hipsolverRf")):
        return []
    ints = {n for t, n in r.params if t.replace("const", "").strip() in ("int", "int64_t")}
    conds = [f"{n} < 0" for n in ("m", "n", "k", "nrhs", "batch_count", "batchCount") if n in ints]
    names = {n for _, n in r.params}
    rows = "m" if "m" in ints else "n" if "n" in ints else None
    if "lda" in ints and rows and "side" not in names:
        conds.append(f"lda < {rows}")
    return conds


def source(rows):
    by_name = {r.name: r for r in rows}
    out = ["// Generated by gen_hipsolver.py from functions.tsv: do not edit.",
           '#include "forward.h"', '#include "regular.h"', "", "using unihip::solver::Entry;", ""]
    for r in rows:
        if r.manual:
            continue
        name = "nullptr" if r.cusolver == "-" else f'"{r.cusolver}"'
        out.append(f'extern "C" HIPSOLVER_EXPORT hipsolverStatus_t {r.name}({decl(r)}) {{')
        out.append(f"  static Entry entry{{{name}}};")
        if r.impl:
            out += [f"  return unihip::solver::{r.impl}(entry, {', '.join(n for _, n in r.params)});",
                    "}", ""]
            continue
        how = HANDLES[r.params[0][0]] if r.has_handle() else "call"
        out += [f"  (void){n};  // not cuSOLVER's" for n in sorted(r.drop)]
        bad = bad_sizes(r)
        if bad:
            everything = ", ".join(n for _, n in r.params)
            out += ["  if (unihip::solver::toHandle(handle) != nullptr && (" + " || ".join(bad) + ")) {",
                    f"    const hipsolverStatus_t checked = unihip::solver::validate({everything});",
                    "    return checked != HIPSOLVER_STATUS_SUCCESS ? checked : HIPSOLVER_STATUS_INVALID_VALUE;",
                    "  }"]
        args = ", ".join(n for _, n in r.vendor_params())
        ws = workspace_query(r, by_name)
        if ws:
            q, qargs = ws
            names = {n: t for t, n in r.params}
            elem = names["work"].replace("*", "").strip()
            run = ", ".join({"work": "w", "lwork": "lw"}.get(n, n) for _, n in r.vendor_params())
            out += ["  if (work == nullptr || lwork == 0)",
                    f"    return unihip::solver::withWorkspace<{elem}, {names['lwork']}>(",
                    f"        unihip::solver::validate({', '.join(n for _, n in r.params)}),",
                    f"        handle, [&]({names['lwork']}* size) {{ return {q.name}({', '.join(qargs)}); }},",
                    f"        [&]({elem}* w, {names['lwork']} lw) {{",
                    "          (void)lw;" if "lwork" in r.drop else None,
                    f"          return unihip::solver::{how}(entry, {run});",
                    "        });"]
            out = [x for x in out if x is not None]
        out += [f"  return unihip::solver::{how}(entry, {args});", "}", ""]
    return "\n".join(out)


def probes(rows):
    """One Probe per generated function, for the CPU tests' negative cases: every argument but the
    handle a harmless default (enums a valid value), or the first enum out of range."""
    out = ["// Generated by gen_hipsolver.py from functions.tsv: do not edit.", "struct Probe {",
           "  const char* name;", "  bool hasHandle;", "  bool forwarded;  // has a cuSOLVER name or an impl",
           "  bool noLibrary;  // impl without a cuSOLVER call: answers without the library",
           "  hipsolverStatus_t (*plain)(hipsolverHandle_t);",
           "  hipsolverStatus_t (*badEnum)(hipsolverHandle_t);  // nullptr: no enum parameter",
           "};", "", "const Probe kProbes[] = {"]
    lam = "[](hipsolverHandle_t h) -> hipsolverStatus_t { return "
    for r in rows:
        if r.manual:
            continue

        def args(bad):
            out, broken = [], False
            for i, (t, _) in enumerate(r.params):
                bare = t.replace("const ", "").strip()
                if i == 0 and r.has_handle():
                    out.append("h")
                elif bare in ENUMS:
                    out.append(f"static_cast<{bare}>(-7)" if bad and not broken else ENUMS[bare])
                    broken = broken or bad
                else:
                    out.append("{}")
            return ", ".join(out), broken
        plain, _ = args(False)
        bad, has_enum = args(True)
        if not r.has_handle():
            plain, bad = "(void)h, " + r.name + "(" + plain + ")", "(void)h, " + r.name + "(" + bad + ")"
        else:
            plain, bad = f"{r.name}({plain})", f"{r.name}({bad})"
        out.append(f'    {{"{r.name}", {str(r.has_handle()).lower()}, '
                   f'{str(r.forwarded()).lower()}, {str(r.impl is not None and r.cusolver == "-").lower()},')
        out.append(f"     {lam}{plain}; }},")
        out.append(f"     {lam + bad + '; }' if has_enum else 'nullptr'}}},")
    out += ["};", ""]
    return "\n".join(out)


def cuda_type(t):
    for pat, rep in CUDA_TYPES:
        t = re.sub(pat, rep, t)
    return t


def cuda_check(rows):
    out = ["// Generated by gen_hipsolver.py from functions.tsv: do not edit. Compiles only if every",
           "// forwarded function's parameters, in cuSOLVER's types, are the cuSOLVER function's",
           "// (pointee const-ness aside: it does not change the calling convention).",
           "#include <cusolverDn.h>", "#include <cusolverRf.h>", "#include <cusolverSp.h>", "", "#include <type_traits>", "",
           '#pragma GCC diagnostic ignored "-Wdeprecated-declarations"', "",
           "namespace {",
           "template <class T> struct Bare { using type = T; };",
           "template <class T> struct Bare<T*> { using type = typename Bare<std::remove_cv_t<T>>::type*; };",
           "template <class R, class... A> struct Bare<R (*)(A...)> {",
           "  using type = R (*)(typename Bare<std::remove_cv_t<A>>::type...);",
           "};",
           "template <class F, class G>",
           "constexpr bool kSame = std::is_same_v<typename Bare<F>::type, typename Bare<G>::type>;",
           "}  // namespace", ""]
    for r in rows:
        if r.manual or r.cusolver == "-" or (r.impl and r.impl not in IMPL_TYPES):
            continue
        types = [cuda_type(t) for t, _ in r.vendor_params()]
        if r.impl:
            types = IMPL_TYPES[r.impl](types)
        types = ", ".join(types)
        out.append(f"static_assert(kSame<decltype(&{r.cusolver}), cusolverStatus_t (*)({types})>,")
        out.append(f'              "{r.name} -> {r.cusolver}");')
    return "\n".join(out) + "\n"


def coverage(rows):
    fwd = sum(1 for r in rows if not r.manual and not r.impl and r.cusolver != "-")
    man = sum(1 for r in rows if r.manual or r.impl)
    out = ["# hipSOLVER coverage", "",
           "Generated from `libs/hipsolver/src/functions.tsv` by `gen_hipsolver.py`: every function of",
           "AMD's hipSOLVER 3.7 API (`hipsolver*`, the `hipsolverDn*` compatibility API, the",
           "`hipsolverRf*` refactorization and `hipsolverSp*` sparse APIs). NVIDIA:",
           "forwarded to cuSOLVER 12 (`libcusolver.so.12`, CUDA 12 and 13), loaded at run time; a",
           "function the loaded cuSOLVER lacks answers `HIPSOLVER_STATUS_NOT_SUPPORTED`. AMD: not",
           "served (`hipsolverCreate` answers `HIPSOLVER_STATUS_NOT_SUPPORTED`; see README.md).", "",
           f"{len(rows)} functions: {fwd} forwarded to cuSOLVER, {man} implemented in unihip "
           f"(`src/setup.cpp`, `src/regular.h`), {len(rows) - fwd - man} "
           "`HIPSOLVER_STATUS_NOT_SUPPORTED`.", "",
           "| hipSOLVER | NVIDIA (cuSOLVER 12) |", "|---|---|"]
    for r in rows:
        if r.manual:
            nv = "unihip" + ("" if r.cusolver == "-" else f" (with `{r.cusolver}`)")
        elif r.impl:
            nv = f"unihip `{r.impl}`" + ("" if r.cusolver == "-" else f", on `{r.cusolver}`")
        elif r.cusolver == "-":
            nv = "`HIPSOLVER_STATUS_NOT_SUPPORTED`"
        else:
            notes = [f"without `{n}`" for n in sorted(r.drop)]
            if workspace_query(r, {x.name: x for x in rows}):
                notes.append("NULL `work`: unihip takes it")
            nv = f"`{r.cusolver}`" + (f" ({'; '.join(notes)})" if notes else "")
        out.append(f"| `{r.name}` | {nv} |")
    return "\n".join(out) + "\n"


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("table")
    ap.add_argument("--header")
    ap.add_argument("--source")
    ap.add_argument("--exports")
    ap.add_argument("--cuda-check")
    ap.add_argument("--probes")
    ap.add_argument("--coverage")
    ap.add_argument("--check-coverage")
    a = ap.parse_args()
    rows = load(a.table)
    outputs = {a.header: header, a.source: source, a.cuda_check: cuda_check, a.probes: probes,
               a.coverage: coverage, a.exports: lambda rs: "".join(r.name + "\n" for r in rs)}
    for path, make in outputs.items():
        if path:
            text = make(rows)
            try:
                if open(path).read() == text:
                    continue  # unchanged: keep the timestamp, no rebuild
            except OSError:
                pass
            open(path, "w").write(text)
    if a.check_coverage and open(a.check_coverage).read() != coverage(rows):
        sys.exit(f"{a.check_coverage} is stale: rerun gen_hipsolver.py --coverage")


if __name__ == "__main__":
    main()
