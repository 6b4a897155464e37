/* unihip's CUDA headers: <curand_kernel.h>. cuRAND's device API (curand_init, curand_uniform, ...) over hiprand_kernel.h. */
#ifndef CURAND_KERNEL_H_
#define CURAND_KERNEL_H_

#include "unihip_cuda/config.h"
#include "curand.h"
#include <hiprand/hiprand_kernel.h>

#endif /* CURAND_KERNEL_H_ */
