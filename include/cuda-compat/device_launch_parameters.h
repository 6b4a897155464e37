/* unihip's CUDA headers: <device_launch_parameters.h>. Built-in coordinates. */
#ifndef __DEVICE_LAUNCH_PARAMETERS_H__
#define __DEVICE_LAUNCH_PARAMETERS_H__

#include "unihip_cuda/config.h"
#include <hip/hip_runtime.h> /* threadIdx, blockIdx, blockDim, gridDim, warpSize */

#endif /* __DEVICE_LAUNCH_PARAMETERS_H__ */
