/* unihip's CUDA headers: <cuda_fp8.h>. __nv_fp8_* types and __nv_cvt_* conversions over hip_fp8.h (OCP E4M3/E5M2; AMD's fnuz formats have no CUDA name). */
#ifndef __CUDA_FP8_H__
#define __CUDA_FP8_H__

#include "unihip_cuda/config.h"
#include <hip/hip_fp8.h>
#include "unihip_cuda/map_device.h"

#endif /* __CUDA_FP8_H__ */
