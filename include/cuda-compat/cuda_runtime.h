/* unihip's CUDA headers: <cuda_runtime.h>. The runtime API plus the device language (<<<>>>, __global__, built-ins, atomics, warp functions): HIP's, which takes CUDA's spellings. */
#ifndef __CUDA_RUNTIME_H__
#define __CUDA_RUNTIME_H__

#include "unihip_cuda/config.h"
#include "cuda_runtime_api.h"
#include "channel_descriptor.h"
#include "driver_functions.h"
#include "vector_functions.h"
#include <hip/hip_runtime.h>
#include "unihip_cuda/map_device.h"
#include "unihip_cuda/map_math.h"
#include "unihip_cuda/device_compat.h"

#endif /* __CUDA_RUNTIME_H__ */
