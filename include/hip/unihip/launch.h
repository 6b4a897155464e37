/* unihip device side: kernel launch syntax (<<<>>>, hipLaunchKernelGGL) and dynamic shared memory.
 *
 * clang lowers `k<<<grid, block, shmem, stream>>>(args)` to a call of the language's
 * configuration function followed by the kernel's host stub. HIP mode (the host pass) uses
 * __hipPushCallConfiguration; the stub then calls __hipPopCallConfiguration and hipLaunchKernel,
 * all implemented by libunihip. The NVPTX pass runs in clang's CUDA mode, where Sema wants
 * cudaConfigureCall declared even though the host code it guards is never emitted. */
#ifndef UNIHIP_DEVICE_LAUNCH_H
#define UNIHIP_DEVICE_LAUNCH_H

#include "hip/hip_runtime_api.h"
#include "hip/unihip/qualifiers.h"

#if defined(UNIHIP_OFFLOAD_LANGUAGE)

#ifdef __cplusplus
extern "C" {
#endif
#if !defined(__UNIHIP_CUDA_MODE__)
/* __hipPushCallConfiguration/__hipPopCallConfiguration: hip_runtime_api.h (api/execution.h). */
/* With -fgpu-default-stream=per-thread clang's kernel stubs call this instead of
 * hipLaunchKernel: the same launch, with a null stream meaning hipStreamPerThread. */
hipError_t hipLaunchKernel_spt(const void* function_address, dim3 numBlocks, dim3 dimBlocks,
                               void** args, size_t sharedMemBytes, hipStream_t stream);
#else
/* Declared for Sema only; nothing in the NVPTX pass references it. */
int cudaConfigureCall(dim3 gridDim, dim3 blockDim, size_t sharedMem = 0, hipStream_t stream = 0);
#endif
#ifdef __cplusplus
} /* extern "C" */
#endif

/* hipLaunchKernelGGL(kernel, grid, block, sharedMemBytes, stream, args...). Wrap template
 * kernels whose arguments contain commas in HIP_KERNEL_NAME(...). As in HIP, the outer macro
 * takes only the kernel and forwards the rest, so one macro may hold the whole launch
 * configuration (hipLaunchKernelGGL(k, CONFIG, args)): it is expanded before it is split. */
#define HIP_KERNEL_NAME(...) __VA_ARGS__
#define hipLaunchKernelGGLInternal(kernelName, numBlocks, numThreads, memPerBlock, streamId, ...) \
  do {                                                                                           \
    kernelName<<<(numBlocks), (numThreads), (memPerBlock), (streamId)>>>(__VA_ARGS__);           \
  } while (0)
#define hipLaunchKernelGGL(kernelName, ...) hipLaunchKernelGGLInternal((kernelName), __VA_ARGS__)

/* HIP keeps the legacy launch-parameter type of hipLaunchKernel-era kernels. */
typedef int hipLaunchParm;

/* Dynamic shared memory: HIP_DYNAMIC_SHARED(float, buf) declares `buf`, sized at launch. */
#define HIP_DYNAMIC_SHARED_ATTRIBUTE
#define HIP_DYNAMIC_SHARED(type, var) extern __shared__ type var[];

#endif /* UNIHIP_OFFLOAD_LANGUAGE */

#endif /* UNIHIP_DEVICE_LAUNCH_H */
