/* unihip: HIP's single include for kernels and host code.
 *
 * Brings in the host API (hip_runtime_api.h), the vector types and, under clang's CUDA/HIP
 * modes, the device language: qualifiers, coordinates, barriers, atomics, warp operations,
 * integer and math functions, clocks, printf/assert and launch syntax. It needs neither
 * CUDA's nor ROCm's headers. Under a plain host compiler (g++) only the qualifiers remain, as
 * no-ops, so host code that includes it compiles unchanged.
 *
 * Device internals live in hip/unihip/, one concern per header. */
#ifndef UNIHIP_HIP_RUNTIME_H
#define UNIHIP_HIP_RUNTIME_H

#include "hip/hip_common.h"
#include "hip/hip_runtime_api.h"
#include "hip/unihip/target.h"
/* The standard headers HIP's hip_runtime.h (and clang's HIP wrapper) make available. Before the
 * qualifiers: clang's CUDA-mode <new> wrapper, active once __device__ is defined, calls ::malloc
 * and ::free. */
#include <assert.h>
#include <limits.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#if defined(__cplusplus)
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <climits>
#include <tuple>
#include <type_traits>
#include <utility>
#include <array>
#include <iosfwd>
#else
#include <math.h>
#endif
#include "hip/unihip/qualifiers.h"
#include "hip/hip_vector_types.h"


/* hipMemcpyToSymbol(HIP_SYMBOL(var), ...) names a __device__/__constant__ variable by itself, as
 * HIP does on AMD; the C++ overloads of the symbol API take its address. */
#define HIP_SYMBOL(X) X

#if defined(UNIHIP_OFFLOAD_LANGUAGE)
#include "hip/unihip/short_type_names.h"
#include "hip/unihip/coordinates.h"
#include "hip/unihip/sync.h"
#include "hip/unihip/atomics.h"
#include "hip/unihip/warp.h"
#include "hip/unihip/bits.h"
#include "hip/unihip/math_functions.h"
#include "hip/unihip/math_intrinsics.h"
#include "hip/unihip/minmax.h"
#include "hip/unihip/dot.h"
#include "hip/unihip/ldg.h"
#include "hip/unihip/clock.h"
#include "hip/unihip/print_assert.h"
#include "hip/unihip/launch.h"
#include "hip/unihip/texture_functions.h"
#include "hip/unihip/surface_functions.h"
#include "hip/unihip/amdgcn_builtins_nvptx.h"
#include "hip/unihip/cxx_abi.h"
#if defined(__cplusplus) && !defined(__HIPCC_RTC__)
/* Complex multiplication and division in device code call the runtime's __mulsc3/__divdc3...:
 * clang's device forms of them, as its CUDA and HIP wrappers include. */
#include <__clang_cuda_complex_builtins.h>
#endif
#endif

/* HIP's hip_runtime.h and clang's HIP wrapper also bring in clang's device-capable <algorithm>,
 * <complex> and <new> (real programs use std::min, std::max, std::complex without including
 * them). Last: the wrappers mark their functions __host__ __device__, and the <new> wrapper's
 * device operator new/delete call the device malloc/free declared above. */
#if defined(__cplusplus) && defined(UNIHIP_OFFLOAD_LANGUAGE) && !defined(__HIPCC_RTC__)
#if defined(__CUDA__)
#include <algorithm>
#include <complex>
#include <new>
#elif __has_include(<include/cuda_wrappers/complex>)
#pragma push_macro("__CUDA__")
#define __CUDA__
#include <include/cuda_wrappers/algorithm>
#include <include/cuda_wrappers/complex>
#include <include/cuda_wrappers/new>
#undef __CUDA__
#pragma pop_macro("__CUDA__")
#else
#include <algorithm>
#include <complex>
#include <new>
#endif
#endif

#endif /* UNIHIP_HIP_RUNTIME_H */
