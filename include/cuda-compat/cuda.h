/* unihip's CUDA headers: <cuda.h>. The driver API: cu names over HIP's hipModule, hipCtx, hipDrv and hipMem functions and types (unihip_cuda/map_driver.h). CUDA's _v2/_v3 entry points map to the same HIP function as the plain name; CUresult is hipError_t (HIP's values). */
#ifndef __cuda_cuda_h__
#define __cuda_cuda_h__

#include "unihip_cuda/config.h"
#ifndef CUDA_VERSION
#define CUDA_VERSION 13000
#endif
#include <hip/hip_runtime_api.h>
#include "unihip_cuda/map_driver.h"
#include "unihip_cuda/driver_compat.h"

#endif /* __cuda_cuda_h__ */
