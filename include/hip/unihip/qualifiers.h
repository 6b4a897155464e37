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
/* __managed__: clang's HIP mode (host and AMD passes) gives a managed variable its HIP layout (a
 * pointer the runtime sets to managed memory). Clang's CUDA mode (the NVPTX pass) drops the
 * attribute; there unihipcc's pass plugin does the same rewrite on the variables marked here
 * (src/unihipcc/managed_pass). Without the plugin, __managed__ is refused in that pass. */
#if defined(__UNIHIP_CUDA_MODE__)
#if defined(UNIHIP_NVPTX_MANAGED_PASS)
#define __managed__ __attribute__((device, annotate("unihip.managed")))
#else
#define __managed__                                                                           \
  __attribute__((device, unavailable("__managed__ needs unihipcc's NVPTX pass plugin "        \
                                     "(built when LLVM 19's development files are found)")))
#endif
#else
#define __managed__ __attribute__((managed))
#endif
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

/* __grid_constant__ (const kernel parameters, CUDA 11.7): kernel arguments are read-only
 * constants in both vendors' ABIs, so the qualifier has nothing to add. */
#ifndef __grid_constant__
#define __grid_constant__
#endif

#define __forceinline__ __inline__ __attribute__((always_inline))

/* unihip's device helpers: always inlined, so they add no symbols to an image. */
#define UNIHIP_DEVICE_INLINE __device__ __inline__ __attribute__((always_inline))

#endif /* UNIHIP_DEVICE_QUALIFIERS_H */
