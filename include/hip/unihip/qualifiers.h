/* unihip device side: function and variable qualifiers (__global__, __device__, ...).
 *
 * Under clang's CUDA/HIP modes they map to clang's offload attributes. Under a plain host compiler
 * they vanish, so __host__ __device__ functions compile as ordinary host functions. */
#ifndef UNIHIP_DEVICE_QUALIFIERS_H
#define UNIHIP_DEVICE_QUALIFIERS_H

#include "hip/unihip/target.h"

#if defined(UNIHIP_OFFLOAD_LANGUAGE)
#define __host__ __attribute__((host))
#define __device__ __attribute__((device))
#define __global__ __attribute__((global))
#define __shared__ __attribute__((shared))
#define __constant__ __attribute__((constant))
/* __managed__ is refused at compile time, on every target: clang's CUDA mode (our NVPTX pass)
 * ignores the attribute, so the NVIDIA image would hold a plain global while the host side
 * registers a managed pointer. Use hipMallocManaged instead (README). */
#define __managed__                                                                           \
  __attribute__((device, unavailable("__managed__ variables are not supported by unihip; "   \
                                     "allocate with hipMallocManaged instead")))
#define __launch_bounds__(...) __attribute__((launch_bounds(__VA_ARGS__)))
/* __noinline__ is a keyword under clang CUDA/HIP; defining it would break libstdc++. */
#else
#define __host__
#define __device__
#define __global__
#define __shared__
#define __constant__
#define __managed__
#define __launch_bounds__(...)
#endif

/* __align__(n): alignment of a type or variable, for every compiler. */
#ifndef __align__
#define __align__(n) __attribute__((aligned(n)))
#endif

#define __forceinline__ __inline__ __attribute__((always_inline))

/* unihip's device helpers: always inlined, so they add no symbols to an image. */
#define UNIHIP_DEVICE_INLINE __device__ __inline__ __attribute__((always_inline))

#endif /* UNIHIP_DEVICE_QUALIFIERS_H */
