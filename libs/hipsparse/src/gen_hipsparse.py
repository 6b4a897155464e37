#!/usr/bin/env python3
"""Expands src/functions.tsv (hipSPARSE's one table) into the public prototypes, the forwarders
(cuSPARSE and rocSPARSE), the export list, the coverage document and compile-time checks of every
forwarder's signature against cuSPARSE's and rocSPARSE's headers. Usage:
  gen_hipsparse.py TABLE [--header H] [--source C] [--exports E] [--cuda-check C] [--roc-check C]
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
# {p}: the precision letter as rocSPARSE spells it.

# hipSPARSE's type names in cuSPARSE's header (for the signature check).
CUDA_TYPES = [(r"\bhipsparse(\w+_t)\b", r"cusparse\1"), (r"\bhipDataType\b", "cudaDataType"),
              (r"\bhipDoubleComplex\b", "cuDoubleComplex"), (r"\bhipComplex\b", "cuComplex"),
              (r"\bhipStream_t\b", "cudaStream_t")]


# hipSPARSE's type names in rocSPARSE's header (for the rocSPARSE signature check). Every info
# object is a rocsparse_mat_info, as in AMD's hipSPARSE.
ROC_INFOS = ("bsrsv2Info_t bsrsm2Info_t bsrilu02Info_t bsric02Info_t csrsv2Info_t csrsm2Info_t "
             "csrilu02Info_t csric02Info_t csrgemm2Info_t pruneInfo_t hipsparseColorInfo_t").split()
ROC_TYPES = [(r"\b(%s)\b" % "|".join(ROC_INFOS), "rocsparse_mat_info"),
             (r"\bhipsparseHandle_t\b", "rocsparse_handle"),
             (r"\bhipsparseMatDescr_t\b", "rocsparse_mat_descr"),
             (r"\bhipsparseHybMat_t\b", "rocsparse_hyb_mat"),
             (r"\bhipsparseConst(Sp|Dn)(Vec|Mat)Descr_t\b",
              lambda m: f"rocsparse_const_{m.group(1).lower()}{m.group(2).lower()}_descr"),
             (r"\bhipsparse(Sp|Dn)(Vec|Mat)Descr_t\b",
              lambda m: f"rocsparse_{m.group(1).lower()}{m.group(2).lower()}_descr"),
             (r"\bhipDataType\b", "rocsparse_datatype"),
             (r"\bhipDoubleComplex\b", "rocsparse_double_complex"),
             (r"\bhipComplex\b", "rocsparse_float_complex"), (r"\bint\b", "rocsparse_int")]
ROC_ENUMS = {"Operation": "operation", "IndexBase": "index_base", "MatrixType": "matrix_type",
             "FillMode": "fill_mode", "DiagType": "diag_type", "Action": "action",
             "Direction": "direction", "HybPartition": "hyb_partition", "SolvePolicy": "solve_policy",
             "PointerMode": "pointer_mode", "IndexType": "indextype", "Format": "format",
             "Order": "order", "SpMatAttribute": "spmat_attribute", "SpMVAlg": "spmv_alg",
             "SpMMAlg": "spmm_alg", "SparseToDenseAlg": "sparse_to_dense_alg",
             "DenseToSparseAlg": "dense_to_sparse_alg", "SDDMMAlg": "sddmm_alg",
             "SpSVAlg": "spsv_alg", "SpSMAlg": "spsm_alg", "SpGEMMAlg": "spgemm_alg"}


# The enums among the parameter types, each with a value it accepts (for the probes).
ENUMS = {"hipsparsePointerMode_t": 0, "hipsparseAction_t": 0, "hipsparseMatrixType_t": 0,
         "hipsparseFillMode_t": 0, "hipsparseDiagType_t": 0, "hipsparseIndexBase_t": 0,
         "hipsparseOperation_t": 0, "hipsparseHybPartition_t": 0, "hipsparseSolvePolicy_t": 0,
         "hipsparseDirection_t": 0, "hipsparseCsr2CscAlg_t": 0, "hipsparseFormat_t": 1,
         "hipsparseOrder_t": 1, "hipsparseIndexType_t": 2, "hipsparseSpMVAlg_t": 0,
         "hipsparseSpMMAlg_t": 0, "hipsparseSparseToDenseAlg_t": 0,
         "hipsparseDenseToSparseAlg_t": 0, "hipsparseSDDMMAlg_t": 0, "hipsparseSpSVAlg_t": 0,
         "hipsparseSpSMAlg_t": 0, "hipsparseSpMatAttribute_t": 0, "hipsparseSpGEMMAlg_t": 0,
         "hipDataType": 0}


class Row:
    def __init__(self, name, params, cusparse, rocsparse, flags):
        self.name, self.params, self.cusparse, self.rocsparse = name, params, cusparse, rocsparse
        # rocins=<parameter>:<expression>: rocSPARSE's call takes <expression> before <parameter>.
        self.rocins = dict(f[7:].split(":", 1) for f in flags if f.startswith("rocins="))
        # rocargs=<a>,<b>,...: rocSPARSE's arguments after the handle, in its order: hipSPARSE's
        # parameters by name, or null:<type> (a NULL of that hipSPARSE type).
        rocargs = [f[8:] for f in flags if f.startswith("rocargs=")]
        self.rocargs = rocargs[0].split(",") if rocargs else None
        # rocnarrow=<parameter>: hipSPARSE's int* result that rocSPARSE writes as a size_t.
        self.rocnarrow = {f[10:] for f in flags if f.startswith("rocnarrow=")}
        rocimpl = [f[8:] for f in flags if f.startswith("rocimpl=")]
        self.rocimpl = rocimpl[0] if rocimpl else None
        self.manual = "manual" in flags
        self.drop = {f[5:] for f in flags if f.startswith("drop=")}
        self.widen = {f[6:] for f in flags if f.startswith("widen=")}
        self.cast = dict(f[5:].split(":", 1) for f in flags if f.startswith("cast="))
        impl = [f[5:] for f in flags if f.startswith("impl=")]
        self.impl = impl[0] if impl else None

    def named(self):
        named = self.drop | self.widen | set(self.cast) | set(self.rocins) | self.rocnarrow
        return named | {a for a in self.rocargs or [] if not a.startswith("null:")}

    def roc_args(self):
        """What the rocSPARSE forwarder passes on, in order (the handle unwrapped by forwardRoc)."""
        if self.rocargs is not None:
            return [f"static_cast<{a[5:]}>(nullptr)" if a.startswith("null:") else
                    f"{a}_.arg()" if a in self.rocnarrow else a for a in self.rocargs]
        out = []
        for i, (_, n) in enumerate(self.params):
            if n in self.rocins:  # a typed null: rocSPARSE's parameter is a pointer
                e = self.rocins[n]
                out.append("static_cast<void*>(nullptr)" if e == "nullptr" else e)
            if not (i == 0 and self.has_handle()):
                out.append(f"{n}_.arg()" if n in self.rocnarrow else n)
        return out

    def roc_types(self):
        """The rocSPARSE function's parameter types (hipSPARSE's names; nullptr as a mat_info)."""
        types = {n: "size_t*" if n in self.rocnarrow else t for t, n in self.params}
        if self.rocargs is not None:
            lead = [self.params[0][0]] if self.has_handle() else []
            return lead + [a[5:] if a.startswith("null:") else types[a] for a in self.rocargs]
        out = []
        for t, n in self.params:
            if n in self.rocins:
                out.append("rocsparse_mat_info")
            out.append(types[n])
        return out

    def on_amd(self):
        return self.rocimpl is not None or self.rocsparse != "-"

    def vendor_args(self):
        """What the forwarder passes on, in order."""
        out = []
        for _, n in self.params:
            if n in self.drop:
                continue
            out.append(f"{n}_.arg()" if n in self.widen else
                       f"static_cast<{self.cast[n]}>({n})" if n in self.cast else n)
        return out

    def vendor_types(self):
        """The parameters' types in cuSPARSE's function (hipSPARSE's names)."""
        return ["int*" if n in self.widen else self.cast.get(n, t)
                for t, n in self.params if n not in self.drop]

    def has_handle(self):
        return bool(self.params) and self.params[0] == ("hipsparseHandle_t", "handle")


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
        name, precs, params, cusparse, rocsparse, flags = cols
        for p in [None] if precs == "-" else list(precs):
            s = (lambda t: t) if p is None else (lambda t, p=p: subst(t, p))
            plist = [] if params == "-" else [parse_param(s(x)) for x in params.split(";")]
            row = Row(s(name), plist, s(cusparse), s(rocsparse), [s(f) for f in flags.split()])
            if row.name in seen:
                sys.exit(f"{path}:{lineno}: {row.name} twice")
            if not row.manual and not plist:
                sys.exit(f"{path}:{lineno}: {row.name} needs its parameters")
            unknown = row.named() - {n for _, n in plist}
            if unknown:
                sys.exit(f"{path}:{lineno}: a flag names no parameter: {unknown}")
            seen.add(row.name)
            rows.append(row)
    return rows


def decl(r):
    return ", ".join(f"{t} {n}" for t, n in r.params)


def header(rows):
    out = ["/* Generated by gen_hipsparse.py from functions.tsv: do not edit. */",
           "#ifndef HIPSPARSE_FUNCTIONS_H", "#define HIPSPARSE_FUNCTIONS_H", "",
           "#ifdef __cplusplus", 'extern "C" {', "#endif", ""]
    out += [f"HIPSPARSE_EXPORT hipsparseStatus_t {r.name}({decl(r)});" for r in rows
            if not r.manual]
    out += ["", "#ifdef __cplusplus", '} /* extern "C" */', "#endif", "", "#endif", ""]
    return "\n".join(out)


def roc_branch(r):
    """The rocSPARSE side of a generated function: taken for an AMD handle (or, without a handle,
    an AMD current device); a row without a rocSPARSE name answers NOT_SUPPORTED after the checks."""
    if r.has_handle():
        test, how = "unihip::sparse::onRocm(handle)", "forwardRoc(rocEntry, handle, "
    else:
        test, how = "unihip::sparse::onRocm()", "callRoc(rocEntry, "
    if r.rocimpl:
        return [f"  if ({test}) return unihip::sparse::{r.rocimpl}({', '.join(n for _, n in r.params)});"]
    name = "nullptr" if r.rocsparse == "-" else f'"{r.rocsparse}"'
    call = f"unihip::sparse::{how}{', '.join(r.roc_args())})".replace("(rocEntry, )", "(rocEntry)")
    if not r.rocnarrow:
        return [f"  static Entry rocEntry{{{name}, unihip::sparse::Vendor::rocm}};",
                f"  if ({test}) return {call};"]
    out = [f"  static Entry rocEntry{{{name}, unihip::sparse::Vendor::rocm}};", f"  if ({test}) {{"]
    out += [f"    unihip::sparse::SizeResult {n}_{{{n}}};" for n in sorted(r.rocnarrow)]
    for n in sorted(r.rocnarrow):
        call = f"{n}_.finish({call})"
    return out + [f"    return {call};", "  }"]


def source(rows):
    out = ["// Generated by gen_hipsparse.py from functions.tsv: do not edit.",
           '#include "forward.h"', '#include "legacy.h"', '#include "rocm_generic.h"', '#include "rocm_legacy.h"', "",
           "using unihip::sparse::Entry;", ""]
    for r in rows:
        if r.manual:
            continue
        name = "nullptr" if r.cusparse == "-" else f'"{r.cusparse}"'
        out.append(f'extern "C" HIPSPARSE_EXPORT hipsparseStatus_t {r.name}({decl(r)}) {{')
        out += roc_branch(r)
        if r.impl:
            out += [f"  return unihip::sparse::{r.impl}({', '.join(n for _, n in r.params)});", "}", ""]
            continue
        how = "forward" if r.has_handle() else "call"
        result = f"unihip::sparse::{how}(entry, {', '.join(r.vendor_args())})"
        out += [f"  (void){n};  // not cuSPARSE's" for n in sorted(r.drop)]
        out += [f"  unihip::sparse::IntResult {n}_{{{n}}};" for n in sorted(r.widen)]
        out.append(f"  static Entry entry{{{name}}};")
        for n in sorted(r.widen):
            result = f"{n}_.finish({result})"
        out += [f"  return {result};", "}", ""]
    return "\n".join(out)


def probes(rows):
    """One Probe per generated function, for the CPU tests' negative cases: every argument but the
    handle a harmless default (enums a valid value), or the first enum out of range."""
    out = ["// Generated by gen_hipsparse.py from functions.tsv: do not edit.", "struct Probe {",
           "  const char* name;", "  bool hasHandle;", "  bool forwarded;  // has a cuSPARSE name",
           "  bool onAmd;  // has a rocSPARSE name or a rocSPARSE implementation",
           "  hipsparseStatus_t (*plain)(hipsparseHandle_t);",
           "  hipsparseStatus_t (*badEnum)(hipsparseHandle_t);  // nullptr: no enum parameter",
           "};", "", "const Probe kProbes[] = {"]
    lam = "[](hipsparseHandle_t h) -> hipsparseStatus_t { return "
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
                    out.append(f"static_cast<{bare}>({-7 if bad and not broken else ENUMS[bare]})")
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
                   f'{str(r.cusparse != "-").lower()}, {str(r.on_amd()).lower()},')
        out.append(f"     {lam}{plain}; }},")
        out.append(f"     {lam + bad + '; }' if has_enum else 'nullptr'}}},")
    out += ["};", ""]
    return "\n".join(out)


def cuda_type(t):
    for pat, rep in CUDA_TYPES:
        t = re.sub(pat, rep, t)
    return t


def cuda_check(rows):
    out = ["// Generated by gen_hipsparse.py from functions.tsv: do not edit. Compiles only if every",
           "// forwarded function's parameters, in cuSPARSE's types, are the cuSPARSE function's",
           "// (pointee const-ness aside: it does not change the calling convention).",
           "#include <cusparse.h>", "", "#include <type_traits>", "",
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
        if r.manual or r.impl or r.cusparse == "-":
            continue  # impl= rows call hipSPARSE's own (checked) forwarders
        types = ", ".join(cuda_type(t) for t in r.vendor_types())
        out.append(f"static_assert(kSame<decltype(&{r.cusparse}), cusparseStatus_t (*)({types})>,")
        out.append(f'              "{r.name} -> {r.cusparse}");')
    return "\n".join(out) + "\n"


def roc_type(t):
    for pat, rep in ROC_TYPES:
        t = re.sub(pat, rep, t)
    return re.sub(r"\bhipsparse(\w+)_t\b", lambda m: "rocsparse_" + ROC_ENUMS[m.group(1)]
                  if m.group(1) in ROC_ENUMS else m.group(0), t)


def roc_check(rows):
    out = ["// Generated by gen_hipsparse.py from functions.tsv: do not edit. Compiles only if every",
           "// function forwarded to rocSPARSE has, in rocSPARSE's types, the rocSPARSE function's",
           "// parameters (pointee const-ness aside).",
           "#include <rocsparse/rocsparse.h>", "", "#include <type_traits>", "",
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
        if r.manual or r.rocimpl or r.rocsparse == "-":
            continue
        types = ", ".join(roc_type(t) for t in r.roc_types())
        out.append(f"static_assert(kSame<decltype(&{r.rocsparse}), rocsparse_status (*)({types})>,")
        out.append(f'              "{r.name} -> {r.rocsparse}");')
    # The staged calls of src/rocm_generic.cpp, as it passes them.
    for fn, mid in (("spmv", "rocsparse_const_spmat_descr, rocsparse_const_dnvec_descr, const void*, "
                              "rocsparse_dnvec_descr"),
                    ("spmm", "rocsparse_operation, const void*, rocsparse_const_spmat_descr, "
                             "rocsparse_const_dnmat_descr, const void*, rocsparse_dnmat_descr")):
        pre = "rocsparse_handle, rocsparse_operation, " + ("const void*, " if fn == "spmv" else "")
        out.append(f"static_assert(kSame<decltype(&rocsparse_{fn}), rocsparse_status (*)({pre}{mid}, "
                   f"rocsparse_datatype, rocsparse_{fn}_alg, rocsparse_{fn}_stage, size_t*, void*)>,")
        out.append(f'              "rocm_generic.cpp -> rocsparse_{fn}");')
    # And those of src/rocm_legacy.cpp.
    out.append("static_assert(kSame<decltype(&rocsparse_csr2csc_buffer_size), rocsparse_status (*)("
               "rocsparse_handle, rocsparse_int, rocsparse_int, rocsparse_int, const rocsparse_int*, "
               "const rocsparse_int*, rocsparse_action, size_t*)>,")
    out.append('              "rocm_legacy.cpp -> rocsparse_csr2csc_buffer_size");')
    for p, t in (("s", "float"), ("d", "double"), ("c", "rocsparse_float_complex"),
                 ("z", "rocsparse_double_complex")):
        out.append(f"static_assert(kSame<decltype(&rocsparse_{p}csr2csc), rocsparse_status (*)("
                   f"rocsparse_handle, rocsparse_int, rocsparse_int, rocsparse_int, const {t}*, "
                   f"const rocsparse_int*, const rocsparse_int*, {t}*, rocsparse_int*, rocsparse_int*, "
                   f"rocsparse_action, rocsparse_index_base, void*)>,")
        out.append(f'              "rocm_legacy.cpp -> rocsparse_{p}csr2csc");')
    return "\n".join(out) + "\n"


def coverage(rows):
    fwd = sum(1 for r in rows if not r.manual and not r.impl and r.cusparse != "-")
    man = sum(1 for r in rows if r.manual or r.impl)
    rfwd = sum(1 for r in rows if not r.manual and not r.rocimpl and r.rocsparse != "-")
    rman = sum(1 for r in rows if r.manual or r.rocimpl)
    out = ["# hipSPARSE coverage", "",
           "Generated from `libs/hipsparse/src/functions.tsv` by `gen_hipsparse.py`: every function of",
           "AMD's hipSPARSE 4.2 API. NVIDIA: forwarded to cuSPARSE 12 (`libcusparse.so.12`, CUDA 12",
           "and 13), loaded at run time; a function the loaded cuSPARSE lacks answers",
           "`HIPSPARSE_STATUS_NOT_SUPPORTED`. AMD: forwarded to rocSPARSE (`librocsparse.so.1`),",
           "loaded at run time, with enums and statuses mapped as AMD's hipSPARSE maps them; a",
           "function marked `HIPSPARSE_STATUS_NOT_SUPPORTED` in the AMD column is not served there",
           "(see README.md).", "",
           f"{len(rows)} functions. NVIDIA: {fwd} forwarded to cuSPARSE, {man} implemented in unihip "
           f"(`src/setup.cpp`, `src/status_map.cpp`, `src/legacy.cpp`), {len(rows) - fwd - man} "
           "`HIPSPARSE_STATUS_NOT_SUPPORTED` (cuSPARSE 12 removed them). "
           f"AMD: {rfwd} forwarded to rocSPARSE, {rman} implemented in unihip (`src/setup.cpp`, "
           f"`src/status_map.cpp`, `src/rocm_generic.cpp`, `src/rocm_legacy.cpp`), {len(rows) - rfwd - rman} "
           "`HIPSPARSE_STATUS_NOT_SUPPORTED` (not done: their rocSPARSE call takes other arguments).",
           "", "| hipSPARSE | NVIDIA (cuSPARSE 12) | AMD (rocSPARSE) |", "|---|---|---|"]
    for r in rows:
        if r.manual:
            nv = "unihip" + ("" if r.cusparse == "-" else f" (with `{r.cusparse}`)")
            amd = "unihip" + ("" if r.rocsparse == "-" else f" (with `{r.rocsparse}`)")
        else:
            if r.rocimpl:
                amd = f"unihip, on `{r.rocsparse}`"
            elif r.rocsparse == "-":
                amd = "`HIPSPARSE_STATUS_NOT_SUPPORTED`"
            else:
                notes = [f"`{e}` before `{n}`" for n, e in sorted(r.rocins.items())]
                if r.rocargs is not None:
                    notes.append("arguments " + ", ".join(f"`{a}`" for a in r.rocargs))
                notes += [f"`{n}` through a `size_t`" for n in sorted(r.rocnarrow)]
                amd = f"`{r.rocsparse}`" + (f" ({'; '.join(notes)})" if notes else "")
        if r.manual:
            pass
        elif r.cusparse == "-":
            nv = "`HIPSPARSE_STATUS_NOT_SUPPORTED`"
        elif r.impl:
            nv = f"unihip, on `{r.cusparse}`"
        else:
            notes = [f"without `{n}`" for n in sorted(r.drop)]
            notes += [f"`{n}` through an `int`" for n in sorted(r.widen)]
            notes += [f"`{n}` as `{t}`" for n, t in sorted(r.cast.items())]
            nv = f"`{r.cusparse}`" + (f" ({'; '.join(notes)})" if notes else "")
        out.append(f"| `{r.name}` | {nv} | {amd} |")
    return "\n".join(out) + "\n"


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("table")
    ap.add_argument("--header")
    ap.add_argument("--source")
    ap.add_argument("--exports")
    ap.add_argument("--cuda-check")
    ap.add_argument("--roc-check")
    ap.add_argument("--probes")
    ap.add_argument("--coverage")
    ap.add_argument("--check-coverage")
    a = ap.parse_args()
    rows = load(a.table)
    outputs = {a.header: header, a.source: source, a.cuda_check: cuda_check, a.roc_check: roc_check,
               a.probes: probes,
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
        sys.exit(f"{a.check_coverage} is stale: rerun gen_hipsparse.py --coverage")


if __name__ == "__main__":
    main()
