#!/usr/bin/env python3
"""Expands src/functions.tsv (hipSOLVER's one table) into the public prototypes, the forwarders
(cuSOLVER on NVIDIA; rocSOLVER on AMD where the row has a rocSOLVER call, src/rocm.h),
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
    def __init__(self, name, params, cusolver, rocsolver, flags, real="void"):
        self.name, self.params, self.cusolver, self.real = name, params, cusolver, real
        self.manual = "manual" in flags
        self.roc = None  # (rocSOLVER function, [argument tokens]) or None: not on AMD
        if rocsolver != "-":
            m = re.match(r"^(\w+)\((.*)\)$", rocsolver)
            if self.manual:
                self.roc = (rocsolver, [])
            elif not m:
                sys.exit(f"bad rocSOLVER call: {rocsolver!r}")
            else:
                args = [a.strip() for a in re.split(r",(?![^(]*\))", m.group(2))]
                if args[0] != "handle":
                    sys.exit(f"{name}: a rocSOLVER call takes the handle first")
                self.roc = (m.group(1), args[1:])  # the handle: rocBLAS's, given by rocm::call
        self.npvt = "roc_npvt" in flags
        scratch = [f[12:].split(":") for f in flags if f.startswith("roc_scratch=")]
        self.scratch = tuple(scratch[0]) if scratch else None  # (argument, length in R)
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
    text = text.replace("{P}", P).replace("{p}", P.lower())
    return re.sub(r"\bR\b", R, re.sub(r"\bT\b", T, text))


def load(path):
    rows, seen = [], set()
    for lineno, line in enumerate(open(path), 1):
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        cols = [c.strip() for c in line.split("|")]
        if len(cols) != 6:
            sys.exit(f"{path}:{lineno}: want 6 columns, have {len(cols)}")
        name, precs, params, cusolver, rocsolver, flags = cols
        for p in [None] if precs == "-" else list(precs):
            s = (lambda t: t) if p is None else (lambda t, p=p: subst(t, p))
            plist = [] if params == "-" else [parse_param(s(x)) for x in params.split(";")]
            row = Row(s(name), plist, s(cusolver), s(rocsolver), flags.split(),
                      "void" if p is None else PRECISIONS[p][2])
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


ROC_WORDS = {"null": "static_cast<void*>(nullptr)", "outofplace": "rocm::kOutOfPlace"}
ROC_HELPERS = ("svect", "atLeast1")


def roc_arg(r, token):
    """One argument of a rocSOLVER call: a parameter (enums converted), a word, a helper."""
    names = {n for _, n in r.params}
    if r.scratch and token == r.scratch[0]:
        return f"static_cast<{r.real}*>(scratch)"
    if token in names:
        return f"rocm::arg({token})"
    if token in ROC_WORDS:
        return ROC_WORDS[token]
    m = re.match(r"^(\w+)\((\w+)\)$", token)
    if m and m.group(1) in ROC_HELPERS and m.group(2) in names:
        return f"rocm::{m.group(1)}({m.group(2)})"
    sys.exit(f"{r.name}: bad rocSOLVER argument {token!r}")


def scratch_bytes(r):
    if not r.scratch:
        return "0"
    length = re.sub(r"\bmin\(", "std::min(", r.scratch[1])
    return f"sizeof({r.real}) * static_cast<size_t>(std::max({length}, 0))"


def roc_branch(r, by_name):
    """The AMD lines of a generated function (after its handle), or [] without a dense handle."""
    if not r.has_handle() or r.params[0][0] == "hipsolverSpHandle_t":
        return []
    if r.roc is None:
        return ["  if (unihip::solver::rocHandle(handle) != nullptr) return HIPSOLVER_STATUS_NOT_SUPPORTED;"]
    fn, tokens = r.roc
    names = {n: t for t, n in r.params}
    out = ["  if (unihip::solver::Handle* amd = unihip::solver::rocHandle(handle)) {",
           f'    static Entry rocEntry{{"{fn}", unihip::solver::Lib::rocsolver}};']
    args = ", ".join(roc_arg(r, t) for t in tokens)
    npvt_tokens = None
    if r.npvt:
        solver = by_name.get(r.name[:-len("_bufferSize")]) if r.name.endswith("_bufferSize") else r
        where = solver.roc[1].index("devIpiv")
        npvt_tokens = [t for i, t in enumerate(tokens) if i != where]
        out.append(f'    static Entry rocNpvt{{"{fn}_npvt", unihip::solver::Lib::rocsolver}};')
        npvt_args = ", ".join(roc_arg(r, t) for t in npvt_tokens)
    if r.name.endswith("_bufferSize"):
        out += [f"    return rocm::query(amd, lwork, {scratch_bytes(r)}, [&] {{",
                f"      const hipsolverStatus_t s = rocm::call(rocEntry, amd, {args});"]
        if r.npvt:  # the query asks both, as AMD's does
            out.append(f"      (void)rocm::call(rocNpvt, amd, {npvt_args});")
        out += ["      return s;", "    });", "  }"]
        return out
    checked = [roc_arg(r, t) for t in tokens if not (r.scratch and t == r.scratch[0])
               and (t in names and names[t].replace("const", "").strip() in ENUMS or t.startswith("svect("))]
    if checked:
        out.append(f"    const hipsolverStatus_t bad = rocm::checkAll({', '.join(checked)});")
        out.append("    if (bad != HIPSOLVER_STATUS_SUCCESS) return bad;")
    q = by_name.get(r.name + "_bufferSize")
    if "work" in names and "lwork" in names and q is not None and q.roc is not None:
        qargs = ", ".join("size" if n == "lwork" else n for _, n in q.params)
        given = r.scratch[0] if r.scratch and r.scratch[0] in names else "nullptr"
        out += ["    rocm::Workspace ws(amd);",
                f"    void* scratch = {given};",
                f"    hipsolverStatus_t s = ws.take(work, lwork, {scratch_bytes(r)}, &scratch,",
                f"                                  [&](int* size) {{ return {q.name}({qargs}); }});",
                "    if (s != HIPSOLVER_STATUS_SUCCESS) return s;"]
    elif r.scratch:
        sys.exit(f"{r.name}: a scratch array needs a workspace")
    info = next((n for n in ("devInfo", "info") if n in names and n not in tokens), None)
    if info:
        count = "batch_count" if "batch_count" in names else "1"
        out += [f"    const hipsolverStatus_t zeroed = rocm::zeroInfo(amd, {info}, {count});",
                "    if (zeroed != HIPSOLVER_STATUS_SUCCESS) return zeroed;"]
    if r.npvt:
        out.append(f"    if (devIpiv == nullptr) return rocm::call(rocNpvt, amd, {npvt_args});")
    out += [f"    return rocm::call(rocEntry, amd, {args});", "  }"]
    return out


def source(rows):
    by_name = {r.name: r for r in rows}
    out = ["// Generated by gen_hipsolver.py from functions.tsv: do not edit.",
           '#include "forward.h"', '#include "regular.h"', '#include "rocm.h"', "",
           "using unihip::solver::Entry;", "namespace rocm = unihip::solver::rocm;", ""]
    for r in rows:
        if r.manual:
            continue
        name = "nullptr" if r.cusolver == "-" else f'"{r.cusolver}"'
        out.append(f'extern "C" HIPSOLVER_EXPORT hipsolverStatus_t {r.name}({decl(r)}) {{')
        out.append(f"  static Entry entry{{{name}}};")
        out += roc_branch(r, by_name)
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


def amd_cell(r):
    """The AMD column of the coverage document."""
    if r.manual:
        if r.roc and r.roc[0] == "unihip":
            return "unihip"
        return "unihip" + (f" (with `{r.roc[0]}`)" if r.roc else ": `HIPSOLVER_STATUS_NOT_SUPPORTED`")
    if not r.has_handle():
        return "cuSOLVER's object (no AMD path)"
    if r.params[0][0] == "hipsolverSpHandle_t":
        return "no AMD handle (`hipsolverSpCreate`: `NOT_SUPPORTED`)"
    if r.roc is None:
        return "`HIPSOLVER_STATUS_NOT_SUPPORTED`"
    notes = []
    if r.name.endswith("_bufferSize"):
        notes.append("size query, bytes")
    names = {n for _, n in r.params}
    if "work" in names and "lwork" in names:
        notes.append("`rocblas_set_workspace`")
    if any(n in names and n not in r.roc[1] for n in ("devInfo", "info")) and not r.name.endswith("_bufferSize"):
        notes.append("info zeroed")
    if r.npvt:
        notes.append("NULL `devIpiv`: `_npvt`")
    if r.scratch:
        notes.append(f"`{r.scratch[0]}` from the workspace")
    return f"`{r.roc[0]}`" + (f" ({'; '.join(notes)})" if notes else "")


def coverage(rows):
    fwd = sum(1 for r in rows if not r.manual and not r.impl and r.cusolver != "-")
    man = sum(1 for r in rows if r.manual or r.impl)
    amd = sum(1 for r in rows if not r.manual and r.roc is not None)
    amd_man = sum(1 for r in rows if r.manual and r.roc is not None)
    out = ["# hipSOLVER coverage", "",
           "Generated from `libs/hipsolver/src/functions.tsv` by `gen_hipsolver.py`: every function of",
           "AMD's hipSOLVER 3.7 API (`hipsolver*`, the `hipsolverDn*` compatibility API, the",
           "`hipsolverRf*` refactorization and `hipsolverSp*` sparse APIs). NVIDIA:",
           "forwarded to cuSOLVER 12 (`libcusolver.so.12`, CUDA 12 and 13), loaded at run time; a",
           "function the loaded cuSOLVER lacks answers `HIPSOLVER_STATUS_NOT_SUPPORTED`. AMD: forwarded",
           "to rocSOLVER (`librocsolver.so.0`) on a rocBLAS handle, loaded at run time, as AMD's",
           "hipSOLVER does on AMD (workspace sizes in bytes); tested on a fake rocSOLVER and rocBLAS only.",
           "", f"{len(rows)} functions. NVIDIA: {fwd} forwarded to cuSOLVER, {man} implemented in unihip "
           f"(`src/setup.cpp`, `src/regular.h`), {len(rows) - fwd - man} "
           f"`HIPSOLVER_STATUS_NOT_SUPPORTED`. AMD: {amd} forwarded to rocSOLVER, {amd_man} handle calls "
           "(rocBLAS's handle, stream and atomics mode), the rest `HIPSOLVER_STATUS_NOT_SUPPORTED` "
           "(the functions without a handle create and set cuSOLVER's own objects: no AMD path).", "",
           "| hipSOLVER | NVIDIA (cuSOLVER 12) | AMD (rocSOLVER) |", "|---|---|---|"]
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
        out.append(f"| `{r.name}` | {nv} | {amd_cell(r)} |")
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
