/* unihip's CUDA headers: <math_constants.h>. CUDART_* constants, HIP's HIP_* values. */
#ifndef __MATH_CONSTANTS_H__
#define __MATH_CONSTANTS_H__

#include "unihip_cuda/config.h"
#include <hip/hip_math_constants.h>
#include "unihip_cuda/map_math.h"

#endif /* __MATH_CONSTANTS_H__ */
