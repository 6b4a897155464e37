/* unihip's CUDA headers: <driver_functions.h>. make_cudaExtent, make_cudaPitchedPtr, make_cudaPos. */
#ifndef __DRIVER_FUNCTIONS_H__
#define __DRIVER_FUNCTIONS_H__

#include "unihip_cuda/config.h"
#include "driver_types.h" /* make_cudaExtent/PitchedPtr/Pos map to HIP's */

#endif /* __DRIVER_FUNCTIONS_H__ */
