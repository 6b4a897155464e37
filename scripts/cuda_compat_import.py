#!/usr/bin/env python3
"""Writes src/cuda_compat/names.tsv: CUDA's names and the HIP names unihip declares for them.

Run by hand when unihip's headers grow (the table is committed; the build reads only the table):
  scripts/cuda_compat_import.py --hipify <HIPIFY checkout>/docs/tables --build build \
      > src/cuda_compat/names.tsv

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


def declared_names(root, build):
    """name -> kind (function, type, enum, macro, variable) of the HIP headers, asked of clang."""
    includes = ["-I" + os.path.join(root, "include")]
    for lib in ("hipblas", "hipfft", "hiprand", "hipsparse", "hipsolver"):
        includes.append("-I" + os.path.join(root, "libs", lib, "include"))
        includes.append("-I" + os.path.join(build, "libs", lib, "generated", "include"))
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
    - nvtx: NVTX's C API over roctx (roctx.h declares the same calls under roctx names)."""
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
    for cuda, hip in (("nvtxMarkA", "roctxMarkA"), ("nvtxRangePushA", "roctxRangePushA"),
                      ("nvtxRangePop", "roctxRangePop"), ("nvtxRangeStartA", "roctxRangeStartA"),
                      ("nvtxRangeEnd", "roctxRangeStop"), ("nvtxRangeId_t", "roctx_range_id_t")):
        if hip in kinds:
            rows.append(("nvtx", kinds[hip], cuda, hip))
    return rows


# CUDA signatures HIP's function of the same name lacks; the compat headers define the unihipCuda*
# (unihip_cuda/runtime_cxx.h): cudaMallocHost(p, size) and its T** form, cudaEventCreate(e, flags),
# CUDA 12/13's cudaGraphInstantiate(exec, graph, flags = 0) beside CUDA 11's five arguments, and
# CUDA 13's cudaMemAdvise/cudaMemPrefetchAsync with a cudaMemLocation beside CUDA 12's device.
OVERRIDES = {"cudaMallocHost": "unihipCudaMallocHost", "cudaEventCreate": "unihipCudaEventCreate",
             "cudaGraphInstantiate": "unihipCudaGraphInstantiate",
             "cudaMemAdvise": "unihipCudaMemAdvise",
             "cudaMemPrefetchAsync": "unihipCudaMemPrefetchAsync",
             # HIPIFY: hiprtcGetBitcode. A CUBIN is what cuModuleLoadData takes: hiprtc's code.
             "nvrtcGetCUBIN": "hiprtcGetCode", "nvrtcGetCUBINSize": "hiprtcGetCodeSize"}


# nvcc's own macros: unihip_cuda/config.h defines them per pass (HIPIFY's __CUDACC__ ->
# __HIPCC__ would define it for plain host compilers too).
COMPILER_MACROS = {"__CUDACC__", "__CUDA_ARCH__", "__NVCC__", "__CUDACC_RDC__"}


def version(cell):
    cell = cell.strip()
    return cell if cell else "-"


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--hipify", required=True, help="HIPIFY's docs/tables folder")
    ap.add_argument("--build", required=True, help="a build folder with the libraries' generated headers")
    args = ap.parse_args()
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    kinds = declared_names(root, args.build)
    out = sys.stdout
    out.write("# CUDA name -> the HIP name unihip declares. Written by scripts/cuda_compat_import.py from\n"
              "# HIPIFY's tables; read by src/cuda_compat/gen_headers.py. api: the compat header that\n"
              "# maps it; kind: of the HIP name; added/removed: the CUDA version (- = always/never).\n")
    out.write("api\tkind\tcuda\thip\tadded\tremoved\n")
    seen = set()
    for table, api in TABLES:
        with open(os.path.join(args.hipify, table)) as f:
            for line in f:
                m = ROW.match(line)
                if not m or not m.group(6):
                    continue
                cuda, hip = m.group(1), m.group(6)
                if cuda == hip or cuda in seen or not re.fullmatch(r"\w+", cuda):
                    continue  # same name (device functions) needs no mapping
                if cuda in COMPILER_MACROS:
                    continue
                if cuda in OVERRIDES:
                    hip = OVERRIDES[cuda]
                    kinds.setdefault(hip, "function")
                kind = kinds.get(hip)
                if kind is None:
                    continue  # unihip does not declare it
                seen.add(cuda)
                out.write(f"{api}\t{kind}\t{cuda}\t{hip}\t{version(m.group(2))}\t{version(m.group(5))}\n")
    for api, kind, cuda, hip in extra_rows(root, kinds):
        if cuda not in seen:
            seen.add(cuda)
            out.write(f"{api}\t{kind}\t{cuda}\t{hip}\t-\t-\n")


if __name__ == "__main__":
    main()
