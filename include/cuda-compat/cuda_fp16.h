/* unihip's CUDA headers: <cuda_fp16.h>. __half, __half2 and their functions: HIP's, with CUDA's names. */
#ifndef __CUDA_FP16_H__
#define __CUDA_FP16_H__

#include "unihip_cuda/config.h"
#include <hip/hip_fp16.h>

#endif /* __CUDA_FP16_H__ */
