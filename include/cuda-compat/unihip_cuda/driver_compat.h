/* unihip's CUDA headers: driver API forms HIP's functions lack, named by unihip_cuda/map_driver.h
 * (names.tsv's rows whose HIP name starts unihipCu). Included by <cuda.h>. */
#ifndef UNIHIP_CUDA_DRIVER_COMPAT_H
#define UNIHIP_CUDA_DRIVER_COMPAT_H

#include <hip/hip_runtime_api.h>

/* CUDA 13's context parameters: execution affinity and CIG are not supported (HIP has neither);
 * a null or zeroed structure creates an ordinary context. */
typedef struct CUctxCreateParams_st {
  void* execAffinityParams;
  int numExecAffinityParams;
  void* cigParams;
} CUctxCreateParams;

static inline hipError_t unihipCuCtxCreate(hipCtx_t* ctx, CUctxCreateParams* params,
                                           unsigned int flags, hipDevice_t device) {
  if (params && (params->execAffinityParams || params->numExecAffinityParams || params->cigParams))
    return hipErrorNotSupported;
  return hipCtxCreate(ctx, flags, device);
}
#ifdef __cplusplus
/* CUDA 12's cuCtxCreate(ctx, flags, dev), which cuCtxCreate_v2 also names. */
static inline hipError_t unihipCuCtxCreate(hipCtx_t* ctx, unsigned int flags, hipDevice_t device) {
  return hipCtxCreate(ctx, flags, device);
}
#endif

#endif /* UNIHIP_CUDA_DRIVER_COMPAT_H */
