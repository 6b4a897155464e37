/* unihip's CUDA headers: <cuda_runtime_api.h>. The runtime API: every cuda* name HIP has is a macro for the hip* name (unihip_cuda/map_runtime.h), so CUDA and HIP calls mix; HIP's C++ overloads (cudaMalloc(T**), the occupancy and symbol templates) serve CUDA's names. */
#ifndef __CUDA_RUNTIME_API_H__
#define __CUDA_RUNTIME_API_H__

#include "unihip_cuda/config.h"
#include "builtin_types.h"
#include "unihip_cuda/runtime_cxx.h"

#endif /* __CUDA_RUNTIME_API_H__ */
