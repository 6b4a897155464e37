/* unihip's CUDA headers: <cuda_bf16.h>. __nv_bfloat16/__nv_bfloat162 are HIP's __hip_bfloat16/__hip_bfloat162; the functions share CUDA's names. */
#ifndef __CUDA_BF16_H__
#define __CUDA_BF16_H__

#include "unihip_cuda/config.h"
#include <hip/hip_bf16.h>
#include "unihip_cuda/map_device.h"

#endif /* __CUDA_BF16_H__ */
