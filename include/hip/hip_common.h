/* unihip: the macros every HIP header and HIP source starts from (HIP's hip_common.h).
 *
 * unihip implements HIP's API, AMD flavour, on every vendor: __HIP_PLATFORM_AMD__ (and the legacy
 * __HIP_PLATFORM_HCC__) is defined in every pass for every target, host compilers included, so
 * user code takes its HIP paths. __HIP_PLATFORM_NVIDIA__ would send it to CUDA's runtime, which
 * unihip does not use; it is refused. __CUDA_ARCH__, __NVPTX__, __AMDGCN__ and __gfx*__ stay
 * exactly as clang defines them per pass: code that must tell the hardware apart tests those.
 *
 * Passes (see unihipcc): NVIDIA device code is compiled in clang's CUDA mode, which defines
 * neither __HIP__ nor __HIP_DEVICE_COMPILE__ nor __HIPCC__; they are defined here as clang's HIP
 * mode defines them, so HIP code sees the same macros in every device pass. __UNIHIP_CUDA_MODE__
 * remembers that the pass is really CUDA mode (its <<<>>> lowering needs cudaConfigureCall). */
#ifndef UNIHIP_HIP_COMMON_H
#define UNIHIP_HIP_COMMON_H

#include "hip/hip_version.h"

#if defined(__HIP_PLATFORM_NVIDIA__) || defined(__HIP_PLATFORM_NVCC__)
#error "unihip provides HIP's AMD-platform API on every GPU: do not define __HIP_PLATFORM_NVIDIA__ / __HIP_PLATFORM_NVCC__"
#endif

#ifndef __HIP_PLATFORM_AMD__
#define __HIP_PLATFORM_AMD__ 1
#endif
#ifndef __HIP_PLATFORM_HCC__
#define __HIP_PLATFORM_HCC__ 1
#endif
#ifndef __HIP_PLATFORM_UNIHIP__
#define __HIP_PLATFORM_UNIHIP__ 1
#endif

/* unihip's own version, so code can tell it apart: major * 10000 + minor * 100 + patch. */
#ifndef __UNIHIP__
#define __UNIHIP__ (UNIHIP_VERSION_MAJOR * 10000 + UNIHIP_VERSION_MINOR * 100 + UNIHIP_VERSION_PATCH)
#endif

/* clang's CUDA mode (our NVPTX pass): complete the macros clang's HIP mode would define. */
#if defined(__clang__) && defined(__CUDA__) && !defined(__HIP__)
#define __UNIHIP_CUDA_MODE__ 1
#define __HIP__ 1
#if defined(__CUDA_ARCH__) && !defined(__HIP_DEVICE_COMPILE__)
#define __HIP_DEVICE_COMPILE__ 1
#endif
#endif

#if defined(__clang__) && defined(__HIP__)
#ifndef __HIPCC__
#define __HIPCC__ 1
#endif
#define __HIP_CLANG_ONLY__ 1
#else
#define __HIP_CLANG_ONLY__ 0
#endif

#ifdef __GNUC__
#define HIP_PUBLIC_API __attribute__((visibility("default")))
#define HIP_INTERNAL_EXPORTED_API __attribute__((visibility("default")))
#else
#define HIP_PUBLIC_API
#define HIP_INTERNAL_EXPORTED_API
#endif

/* HIP's device feature tests: 1 in device passes for what both vendors' targets offer, 0 in host
 * passes (HIP's values; unihip provides no funnel shift, surface functions or dynamic
 * parallelism). */
#if defined(__HIP_DEVICE_COMPILE__) && __HIP_DEVICE_COMPILE__
#define UNIHIP_ARCH_HAS(x) (x)
#else
#define UNIHIP_ARCH_HAS(x) (0)
#endif
#define __HIP_ARCH_HAS_GLOBAL_INT32_ATOMICS__ UNIHIP_ARCH_HAS(1)
#define __HIP_ARCH_HAS_GLOBAL_FLOAT_ATOMIC_EXCH__ UNIHIP_ARCH_HAS(1)
#define __HIP_ARCH_HAS_SHARED_INT32_ATOMICS__ UNIHIP_ARCH_HAS(1)
#define __HIP_ARCH_HAS_SHARED_FLOAT_ATOMIC_EXCH__ UNIHIP_ARCH_HAS(1)
#define __HIP_ARCH_HAS_FLOAT_ATOMIC_ADD__ UNIHIP_ARCH_HAS(1)
#define __HIP_ARCH_HAS_GLOBAL_INT64_ATOMICS__ UNIHIP_ARCH_HAS(1)
#define __HIP_ARCH_HAS_SHARED_INT64_ATOMICS__ UNIHIP_ARCH_HAS(1)
#define __HIP_ARCH_HAS_DOUBLES__ UNIHIP_ARCH_HAS(1)
#define __HIP_ARCH_HAS_WARP_VOTE__ UNIHIP_ARCH_HAS(1)
#define __HIP_ARCH_HAS_WARP_BALLOT__ UNIHIP_ARCH_HAS(1)
#define __HIP_ARCH_HAS_WARP_SHUFFLE__ UNIHIP_ARCH_HAS(1)
#define __HIP_ARCH_HAS_WARP_FUNNEL_SHIFT__ (0)
#define __HIP_ARCH_HAS_THREAD_FENCE_SYSTEM__ UNIHIP_ARCH_HAS(1)
#define __HIP_ARCH_HAS_SYNC_THREAD_EXT__ (0)
#define __HIP_ARCH_HAS_SURFACE_FUNCS__ (0)
#define __HIP_ARCH_HAS_3DGRID__ UNIHIP_ARCH_HAS(1)
#define __HIP_ARCH_HAS_DYNAMIC_PARALLEL__ (0)

#endif /* UNIHIP_HIP_COMMON_H */
