/* unihip's CUDA headers: <cublas_api.h>. cuBLAS's handle API over hipBLAS (link hipblas). cublasSgemm and cublasSgemm_v2 both map to hipblasSgemm. */
#ifndef CUBLAS_API_H_
#define CUBLAS_API_H_

#include "unihip_cuda/config.h"
/* The library's calling convention (none on Linux); code tests it to see the header included. */
#ifndef CUBLASAPI
#define CUBLASAPI
#endif
#include "cuComplex.h"
#include "library_types.h"
#include <hipblas/hipblas.h>
#include "unihip_cuda/map_cublas.h"

#endif /* CUBLAS_API_H_ */
