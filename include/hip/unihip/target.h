/* unihip device side: which compilation pass is running.
 *
 * A .hip source is compiled several times: once per NVIDIA arch in clang's CUDA mode (NVPTX),
 * once per AMD arch in clang's HIP mode (AMDGCN), and once for the host in HIP mode. Plain host
 * compilers (g++) may also include hip_runtime.h. Everything device-specific keys off the macros
 * defined here, never off __AMDGCN__ alone: clang defines that in the host pass too. */
#ifndef UNIHIP_DEVICE_TARGET_H
#define UNIHIP_DEVICE_TARGET_H

/* __HIP__, __HIPCC__ and __HIP_DEVICE_COMPILE__ for the NVPTX pass, platform macros. */
#include "hip/hip_common.h"

/* Any clang offload language pass (host or device). */
#if defined(__clang__) && (defined(__HIP__) || defined(__CUDA__))
#define UNIHIP_OFFLOAD_LANGUAGE 1
#endif

#if defined(__HIP_DEVICE_COMPILE__) && defined(__AMDGCN__)
#define UNIHIP_DEVICE_AMDGCN 1
#elif defined(__CUDA_ARCH__) && defined(__NVPTX__)
#define UNIHIP_DEVICE_NVPTX 1
#endif

#if defined(UNIHIP_DEVICE_AMDGCN) || defined(UNIHIP_DEVICE_NVPTX)
#define UNIHIP_DEVICE_PASS 1
#endif

/* Memory scopes of clang's __hip_atomic builtins; CUDA mode lacks the macros, not the builtins. */
#ifndef __HIP_MEMORY_SCOPE_SINGLETHREAD
#define __HIP_MEMORY_SCOPE_SINGLETHREAD 1
#define __HIP_MEMORY_SCOPE_WAVEFRONT 2
#define __HIP_MEMORY_SCOPE_WORKGROUP 3
#define __HIP_MEMORY_SCOPE_AGENT 4
#define __HIP_MEMORY_SCOPE_SYSTEM 5
#endif

#endif /* UNIHIP_DEVICE_TARGET_H */
