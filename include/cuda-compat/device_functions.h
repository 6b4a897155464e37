/* unihip's CUDA headers: <device_functions.h>. Device functions come with the device language. */
#ifndef __DEVICE_FUNCTIONS_H__
#define __DEVICE_FUNCTIONS_H__

#include "unihip_cuda/config.h"
#include "cuda_runtime.h"

#endif /* __DEVICE_FUNCTIONS_H__ */
