#!/usr/bin/env python3
"""Writes src/cuda_compat/names.tsv: CUDA's names and the HIP names unihip declares for them.

Run by hand when unihip's headers grow (the table is committed; the build reads only the table):
  scripts/cuda_compat_import.py --hipify <HIPIFY checkout>/docs/tables --build build \
      --cuda-include /usr/local/cuda/include > src/cuda_compat/names.tsv

Where the pairs come from: HIPIFY's tables (docs/tables/*_supported_by_HIP.md), which list each
CUDA name with its HIP counterpart and the CUDA version that added/removed it. Which pairs stay:
those whose HIP name unihip's own headers declare, asked of clang (an AST dump of a translation
unit that includes every HIP header and library header), which also gives each name's kind.
"""
import argparse
import os
import re
import subprocess
import sys
import tempfile

# HIPIFY table -> api column of names.tsv (the compat header that includes the mapping).
TABLES = [
    ("CUDA_Runtime_API_functions_supported_by_HIP.md", "runtime"),
    ("CUDA_Driver_API_functions_supported_by_HIP.md", "driver"),
    ("CUDA_Device_API_supported_by_HIP.md", "device"),
    ("CUDA_RTC_API_supported_by_HIP.md", "nvrtc"),
    ("cuComplex_API_supported_by_HIP.md", "cucomplex"),
    ("CUBLAS_API_supported_by_HIP.md", "cublas"),
    ("CUFFT_API_supported_by_HIP.md", "cufft"),
    ("CURAND_API_supported_by_HIP.md", "curand"),
    ("CUSPARSE_API_supported_by_HIP.md", "cusparse"),
    ("CUSOLVER_API_supported_by_HIP.md", "cusolver"),
]

HEADERS = """
#include <hip/hip_runtime.h>
#include <hip/hiprtc.h>
#include <hip/hip_fp16.h>
#include <hip/hip_bf16.h>
#include <hip/hip_fp8.h>
#include <hip/hip_complex.h>
#include <hip/hip_cooperative_groups.h>
#include <hip/library_types.h>
#include <hipblas/hipblas.h>
#include <hipfft/hipfft.h>
#include <hipfft/hipfftXt.h>
#include <hiprand/hiprand.h>
#include <hiprand/hiprand_kernel.h>
#include <hipsparse/hipsparse.h>
#include <hipsolver/hipsolver.h>
#include <roctracer/roctx.h>
"""

ROW = re.compile(r"^\|`([^`]+)`\|([^|]*)\|([^|]*)\|([^|]*)\|([^|]*)\|(?:`([^`]*)`)?\|")
DECL = re.compile(r"^[| `]*[|`]-(FunctionDecl|FunctionTemplateDecl|TypedefDecl|TypeAliasDecl|"
                  r"CXXRecordDecl|RecordDecl|EnumDecl|EnumConstantDecl|VarDecl) 0x[0-9a-f]+ .*?"
                  r"(?:col:\d+|line:\d+:\d+|>)\s+(?:(?:used|referenced|implicit|invalid|"
                  r"constexpr|inline|struct|union|class|enum)\s+)*(\w+)(?:\s|$)")


def include_flags(root, build):
    includes = ["-I" + os.path.join(root, "include")]
    for lib in ("hipblas", "hipfft", "hiprand", "hipsparse", "hipsolver"):
        includes.append("-I" + os.path.join(root, "libs", lib, "include"))
        includes.append("-I" + os.path.join(build, "libs", lib, "generated", "include"))
    return includes


def declared_names(root, build):
    """name -> kind (function, type, enum, macro, variable) of the HIP headers, asked of clang."""
    includes = include_flags(root, build)
    with tempfile.NamedTemporaryFile("w", suffix=".hip", delete=False) as f:
        f.write(HEADERS)
        src = f.name
    base = ["clang++-19", "-x", "hip", "--cuda-host-only", "--offload-arch=gfx90a", "-nogpuinc",
            "-nogpulib", "-std=c++17"] + includes
    try:
        macros = subprocess.run(base + ["-E", "-dM", src], check=True, capture_output=True,
                                text=True).stdout
        ast = subprocess.run(base + ["-fsyntax-only", "-Xclang", "-ast-dump", "-fno-color-diagnostics",
                                     src], check=True, capture_output=True, text=True).stdout
    finally:
        os.unlink(src)
    kinds = {}
    for line in ast.splitlines():
        m = DECL.match(line)
        if m:
            k = {"FunctionDecl": "function", "FunctionTemplateDecl": "function",
                 "EnumConstantDecl": "enum", "VarDecl": "variable"}.get(m.group(1), "type")
            kinds.setdefault(m.group(2), k)
            continue
    for line in macros.splitlines():
        parts = line.split()
        if len(parts) >= 2 and parts[0] == "#define":
            name = parts[1].split("(")[0]
            kinds.setdefault(name, "macro")
    return kinds


def extra_rows(root, kinds):
    """Names HIPIFY's tables leave out, from CUDA's naming rules (facts, each checked against
    unihip's declarations like the rest):
    - device: CUDA's fp8/bf16 types and conversions, __nv_/__NV_ for HIP's __hip_/__HIP_ (AMD's
      fnuz formats have no CUDA name);
    - math: CUDA's math_constants.h, CUDART_<x> for HIP's HIP_<x> (hip_math_constants.h);
    - nvtx: NVTX's C API over roctx (roctx.h declares the same calls under roctx names);
    - runtime: CUDA's stream attributes (cudaStreamGet/SetAttribute, cudaStreamAttrValue,
      cudaStreamAttribute*: the launch attributes under driver_types.h's other names) and
      memory location types (cudaMemLocationTypeHost...), for HIP's."""
    rows = []
    for hip, kind in sorted(kinds.items()):
        if "fnuz" in hip:
            continue
        m = re.fullmatch(r"__hip_((?:fp8|cvt_|bfloat16|saturation)\w*)", hip)
        if m:
            rows.append(("device", kind, "__nv_" + m.group(1), hip))
        m = re.fullmatch(r"__HIP_(E4M3|E5M2|NOSAT|SATFINITE)", hip)
        if m:
            rows.append(("device", kind, "__NV_" + m.group(1), hip))
    for cuda, hip in (("nv_bfloat16", "__hip_bfloat16"), ("nv_bfloat162", "__hip_bfloat162")):
        if hip in kinds:
            rows.append(("device", kinds[hip], cuda, hip))
    with open(os.path.join(root, "include", "hip", "hip_math_constants.h")) as f:
        for m in re.finditer(r"^#define HIP_(\w+)\b", f.read(), re.M):
            rows.append(("math", "macro", "CUDART_" + m.group(1), "HIP_" + m.group(1)))
    for hip, kind in sorted(kinds.items()):
        m = re.fullmatch(r"hip(Stream(?:AttrID|AttrValue|Attribute\w+|GetAttribute|SetAttribute)|"
                         r"MemLocationType\w+)", hip)
        if m:
            rows.append(("runtime", kind, "cuda" + m.group(1), hip))
    # CUDA's deprecated alias, numbered as the attribute it names.
    for cuda, hip in (("CU_DEVICE_ATTRIBUTE_VIRTUAL_ADDRESS_MANAGEMENT_SUPPORTED",
                       "hipDeviceAttributeVirtualMemoryManagementSupported"),):
        if hip in kinds:
            rows.append(("driver", kinds[hip], cuda, hip))
    # Driver copies and 2-D sets of CUDA's shape that HIPIFY leaves unmapped: deviceptr.tsv's
    # adapters (cuMemcpy, cuMemsetD2D8) and driver_compat.h's own (the rest); CUDA 13's _v2
    # spellings of cuMemAdvise/cuMemPrefetchAsync (their CUmemLocation forms).
    for cuda in ("cuMemcpy", "cuMemcpyAsync", "cuMemcpyPeer", "cuMemcpyPeerAsync",
                 "cuMemsetD2D8", "cuMemsetD2D8Async", "cuMemsetD2D8_v2", "cuMemsetD2D16",
                 "cuMemsetD2D16Async", "cuMemsetD2D16_v2", "cuMemsetD2D32", "cuMemsetD2D32Async",
                 "cuMemsetD2D32_v2", "cuMemAdvise_v2", "cuMemPrefetchAsync_v2"):
        rows.append(("driver", "function", cuda, "unihipCu" + re.sub(r"_v2$", "", cuda)[2:]))
    for cuda, hip in (("nvtxMarkA", "roctxMarkA"), ("nvtxRangePushA", "roctxRangePushA"),
                      ("nvtxRangePop", "roctxRangePop"), ("nvtxRangeStartA", "roctxRangeStartA"),
                      ("nvtxRangeEnd", "roctxRangeStop"), ("nvtxRangeId_t", "roctx_range_id_t")):
        if hip in kinds:
            rows.append(("nvtx", kinds[hip], cuda, hip))
    return rows


# CUDA signatures HIP's function of the same name lacks; the compat headers define the unihipCuda*
# (unihip_cuda/runtime_cxx.h): cudaMallocHost(p, size) and its T** form, cudaEventCreate(e, flags),
# CUDA 12/13's cudaGraphInstantiate(exec, graph, flags = 0) beside CUDA 11's five arguments, and
# CUDA 13's cudaMemAdvise/cudaMemPrefetchAsync with a cudaMemLocation beside CUDA 12's device;
# CUDA 13's cuCtxCreate(ctx, params, flags, dev) beside CUDA 12's (unihip_cuda/driver_compat.h);
# cuOccupancyMaxPotentialBlockSize(WithFlags)'s block-size callback (driver_compat.h);
# cudaHostGetDevicePointer's T** form.
OVERRIDES = {"cudaMallocHost": "unihipCudaMallocHost", "cudaEventCreate": "unihipCudaEventCreate",
             "cudaGraphInstantiate": "unihipCudaGraphInstantiate",
             "cudaMemAdvise": "unihipCudaMemAdvise",
             "cudaMemPrefetchAsync": "unihipCudaMemPrefetchAsync",
             "cuCtxCreate": "unihipCuCtxCreate",
             "cuOccupancyMaxPotentialBlockSize": "unihipCuOccupancyMaxPotentialBlockSize",
             "cuOccupancyMaxPotentialBlockSizeWithFlags":
                 "unihipCuOccupancyMaxPotentialBlockSizeWithFlags",
             "cudaHostGetDevicePointer": "unihipCudaHostGetDevicePointer",
             # HIPIFY: hiprtcGetBitcode. A CUBIN is what cuModuleLoadData takes: hiprtc's code.
             "nvrtcGetCUBIN": "hiprtcGetCode", "nvrtcGetCUBINSize": "hiprtcGetCodeSize"}


# CUDA's integer CUdeviceptr and the copy descriptors holding it are the compat headers' own
# (unihip_cuda/driver_compat.h); the driver functions taking them are the adapters that
# src/cuda_compat/gen_headers.py writes from deviceptr.tsv (unihipCu<Name>, _v2/_v3 spellings too).
DEVICEPTR_TYPES = re.compile(r"CUdeviceptr(_v\d)?|(CUDA_MEMCPY[23]D|CUDA_RESOURCE_DESC)(_v\d)?(_st)?")


def deviceptr_adapters(root):
    path = os.path.join(root, "src", "cuda_compat", "deviceptr.tsv")
    with open(path) as f:
        names = [l.split("\t")[0] for l in f if not l.startswith("#") and l.strip()][1:]
    return {n: "unihipCu" + n[2:] for n in names}


# nvcc's own macros: unihip_cuda/config.h defines them per pass (HIPIFY's __CUDACC__ ->
# __HIPCC__ would define it for plain host compilers too).
COMPILER_MACROS = {"__CUDACC__", "__CUDA_ARCH__", "__NVCC__", "__CUDACC_RDC__"}


CUDA_PREFIXES = ("cudevicep2pattribute", "cudeviceattribute", "cudadevattr", "cusolver",
                 "cusparse", "cublas", "cufft", "curand", "cuda", "cu")
HIP_PREFIXES = ("hipdevicep2pattr", "hipdeviceattribute", "hipsolver", "hipsparse", "hipblas",
                "hipfft", "hiprand", "hip")


def namesake(hip, group):
    """The CUDA name of a group that the HIP name spells (CUSOLVER_STATUS_INTERNAL_ERROR for
    HIPSOLVER_STATUS_INTERNAL_ERROR, not CUSOLVER_STATUS_IRS_INTERNAL_ERROR), else None."""
    def strip(name, prefixes):
        n = name.lower().replace("_", "")
        return next((n[len(p):] for p in prefixes if n.startswith(p)), n)
    tail = strip(hip, HIP_PREFIXES)
    return next((c for c in group if strip(c, CUDA_PREFIXES) == tail), None)


CUDA_HEADERS = "".join(f"#include <{h}>\n" for h in (
    "cuda.h", "cuda_runtime_api.h", "cublas_v2.h", "cufft.h", "curand.h", "cusparse.h",
    "cusolverDn.h", "nvrtc.h"))


def enum_values(names, headers, compiler):
    """name -> value (text) of the enumerators `names` under `headers`, compiled and run with
    `compiler` (a command list); names the headers lack are left out."""
    absent = set()
    while True:
        src = "#include <cstdio>\n" + headers + "int main() {\n"
        src += "".join(f'  std::printf("{n} %lld\\n", (long long){n});\n'
                       for n in names if n not in absent) + "}\n"
        with tempfile.TemporaryDirectory() as tmp:
            with open(os.path.join(tmp, "v.cpp"), "w") as f:
                f.write(src)
            obj, exe = os.path.join(tmp, "v.o"), os.path.join(tmp, "v")
            build = subprocess.run(compiler + ["-ferror-limit=0", "-c", os.path.join(tmp, "v.cpp"),
                                               "-o", obj], capture_output=True, text=True)
            if build.returncode == 0:  # linked alone: no HIP function is called
                subprocess.run(["clang++-19", obj, "-o", exe], check=True)
                out = subprocess.run([os.path.join(tmp, "v")], check=True, capture_output=True,
                                     text=True).stdout
                return dict(line.split() for line in out.splitlines())
        missing = set(re.findall(r"use of undeclared identifier '(\w+)'", build.stderr))
        if not missing:
            sys.exit("cannot read enumerator values:\n" + build.stderr[-4000:])
        absent |= missing


def distinct_values(groups, cuda_values):
    """CUDA names of groups (several CUDA enumerators HIPIFY maps to one HIP value) that CUDA
    gives different values, and those CUDA 13 no longer has; every name without CUDA's headers."""
    names = [n for g in groups for n in g]
    if cuda_values is None:
        return set(names)
    absent = {n for n in names if n not in cuda_values}
    return absent | {n for g in groups
                     if len({cuda_values[m] for m in g if m in cuda_values}) > 1 for n in g}


def version(cell):
    cell = cell.strip()
    return cell if cell else "-"


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--hipify", required=True, help="HIPIFY's docs/tables folder")
    ap.add_argument("--build", required=True, help="a build folder with the libraries' generated headers")
    ap.add_argument("--cuda-include", help="CUDA 13's include folder: tells CUDA's own aliases "
                    "(kept) from distinct values HIP folds into one (dropped)")
    args = ap.parse_args()
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    kinds = declared_names(root, args.build)
    out = sys.stdout
    out.write("# CUDA name -> the HIP name unihip declares. Written by scripts/cuda_compat_import.py from\n"
              "# HIPIFY's tables; read by src/cuda_compat/gen_headers.py. api: the compat header that\n"
              "# maps it; kind: of the HIP name; added/removed: the CUDA version (- = always/never);\n"
              "# cuda_value: for enum values, whether CUDA 13 gives the CUDA name HIP's number.\n")
    out.write("api\tkind\tcuda\thip\tadded\tremoved\tcuda_value\n")
    seen = set()
    rows = []
    adapters = deviceptr_adapters(root)
    for table, api in TABLES:
        with open(os.path.join(args.hipify, table)) as f:
            for line in f:
                m = ROW.match(line)
                if not m or not m.group(6):
                    continue
                cuda, hip = m.group(1), m.group(6)
                if cuda == hip or cuda in seen or not re.fullmatch(r"\w+", cuda):
                    continue  # same name (device functions) needs no mapping
                if cuda in COMPILER_MACROS or DEVICEPTR_TYPES.fullmatch(cuda):
                    continue
                base = re.sub(r"_v\d$", "", cuda)
                if api == "driver" and base in adapters:
                    hip = adapters[base]
                    kinds.setdefault(hip, "function")
                elif cuda in OVERRIDES:
                    hip = OVERRIDES[cuda]
                    kinds.setdefault(hip, "function")
                kind = kinds.get(hip)
                if kind is None:
                    continue  # unihip does not declare it
                seen.add(cuda)
                rows.append((api, kind, cuda, hip, version(m.group(2)), version(m.group(5))))
    for api, kind, cuda, hip in extra_rows(root, kinds):
        if cuda not in seen:
            seen.add(cuda)
            rows.append((api, kind, cuda, hip, "-", "-"))
    # Several CUDA values folded into one HIP value (cudaDevAttrMaxSurface3DWidth/Height/Depth ->
    # hipDeviceAttributeMaxSurface3D): a program could tell them apart, unihip would answer one of
    # them for all, so they stay unmapped, unless CUDA itself gives them one value (aliases).
    by_hip = {}
    for r in rows:
        if r[1] == "enum":
            by_hip.setdefault((r[0], r[3]), []).append(r[2])
    groups = {k: g for k, g in by_hip.items() if len(g) > 1}
    cuda_values = hip_values = None
    enums = [r for r in rows if r[1] == "enum"]
    if args.cuda_include:
        cuda_values = enum_values([r[2] for r in enums], CUDA_HEADERS,
                                  ["clang++-19", "-x", "c++", "-I", args.cuda_include])
        hip_values = enum_values(sorted({r[3] for r in enums}), HEADERS,
                                 ["clang++-19", "-x", "hip", "--cuda-host-only", "-nogpuinc",
                                  "-nogpulib", "--offload-arch=gfx90a", "-std=c++17"]
                                 + include_flags(root, args.build))
    dropped = distinct_values(list(groups.values()), cuda_values)
    dropped -= {namesake(hip, g) for (_, hip), g in groups.items()}
    for r in rows:
        if r[2] in dropped:
            continue
        same = "-"
        if r[1] == "enum" and cuda_values is not None and r[2] in cuda_values:
            same = "yes" if cuda_values[r[2]] == hip_values.get(r[3]) else "no"
        out.write("\t".join(r + (same,)) + "\n")


if __name__ == "__main__":
    main()
