/* unihip's CUDA headers: <sm_20_atomic_functions.h>. Atomics come with the device language. */
#ifndef __SM_20_ATOMIC_FUNCTIONS_H__
#define __SM_20_ATOMIC_FUNCTIONS_H__

#include "unihip_cuda/config.h"
#include "cuda_runtime.h"

#endif /* __SM_20_ATOMIC_FUNCTIONS_H__ */
