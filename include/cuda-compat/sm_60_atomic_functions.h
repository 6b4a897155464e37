/* unihip's CUDA headers: <sm_60_atomic_functions.h>. atomicAdd(double*), _block/_system atomics come with the device language. */
#ifndef __SM_60_ATOMIC_FUNCTIONS_H__
#define __SM_60_ATOMIC_FUNCTIONS_H__

#include "unihip_cuda/config.h"
#include "cuda_runtime.h"

#endif /* __SM_60_ATOMIC_FUNCTIONS_H__ */
