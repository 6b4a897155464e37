/* unihip's CUDA headers: <cublas_v2.h>. cuBLAS's handle API. */
#ifndef CUBLAS_V2_H_
#define CUBLAS_V2_H_

#include "unihip_cuda/config.h"
#include "cublas_api.h"

#endif /* CUBLAS_V2_H_ */
