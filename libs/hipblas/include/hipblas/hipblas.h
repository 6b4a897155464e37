/* unihip: hipBLAS (AMD's hipBLAS 3 API: hipDataType, hipComplex, hipblasComputeType_t in the
 * Ex functions). Forwards to cuBLAS on NVIDIA devices and rocBLAS on AMD ones, both loaded at
 * run time. The types and the setup API are here; the BLAS functions' prototypes are generated
 * from libs/hipblas/src/functions.tsv into hipblas/hipblas-functions.h. C++ only for now: HIP's
 * complex types are declared for C++. */
#ifndef HIPBLAS_H
#define HIPBLAS_H

#include <hip/hip_complex.h>
#include <hip/hip_runtime_api.h>
#include <hip/library_types.h>
#include <hipblas-common/hipblas-common.h>
#include <hipblas/hipblas-version.h>
#include <stddef.h>
#include <stdint.h>

#ifndef HIPBLAS_EXPORT
#define HIPBLAS_EXPORT __attribute__((visibility("default")))
#endif

/* The library context: a cuBLAS or rocBLAS handle, the device's backend and the stream. */
typedef void* hipblasHandle_t;

typedef uint16_t hipblasHalf; /* IEEE binary16 bits (HIPBLAS_USE_HIP_HALF is not offered) */
typedef int8_t hipblasInt8;
typedef int64_t hipblasStride;
typedef struct hipblasBfloat16 {
  uint16_t data;
} hipblasBfloat16;

typedef enum { HIPBLAS_POINTER_MODE_HOST, HIPBLAS_POINTER_MODE_DEVICE } hipblasPointerMode_t;

#ifndef HIPBLAS_FILL_MODE_DECLARED
#define HIPBLAS_FILL_MODE_DECLARED
typedef enum {
  HIPBLAS_FILL_MODE_UPPER = 121,
  HIPBLAS_FILL_MODE_LOWER = 122,
  HIPBLAS_FILL_MODE_FULL = 123
} hipblasFillMode_t;
#endif

#ifndef HIPBLAS_DIAG_TYPE_DECLARED
#define HIPBLAS_DIAG_TYPE_DECLARED
typedef enum { HIPBLAS_DIAG_NON_UNIT = 131, HIPBLAS_DIAG_UNIT = 132 } hipblasDiagType_t;
#endif

#ifndef HIPBLAS_SIDE_MODE_DECLARED
#define HIPBLAS_SIDE_MODE_DECLARED
typedef enum {
  HIPBLAS_SIDE_LEFT = 141,
  HIPBLAS_SIDE_RIGHT = 142,
  HIPBLAS_SIDE_BOTH = 143
} hipblasSideMode_t;
#endif

typedef enum {
  HIPBLAS_DEFAULT_MATH,
  HIPBLAS_XF32_XDL_MATH, /* rocBLAS only */
  HIPBLAS_PEDANTIC_MATH, /* cuBLAS only */
  HIPBLAS_TF32_TENSOR_OP_MATH, /* cuBLAS only */
  HIPBLAS_MATH_DISALLOW_REDUCED_PRECISION_REDUCTION, /* cuBLAS only */
  HIPBLAS_TENSOR_OP_MATH /* deprecated; cuBLAS only */
} hipblasMath_t;

typedef enum { HIPBLAS_GEMM_DEFAULT = 160 } hipblasGemmAlgo_t;

typedef enum { HIPBLAS_ATOMICS_NOT_ALLOWED = 0, HIPBLAS_ATOMICS_ALLOWED = 1 } hipblasAtomicsMode_t;

typedef enum {
  HIPBLAS_GEMM_FLAGS_NONE = 0x0,
  HIPBLAS_GEMM_FLAGS_USE_CU_EFFICIENCY = 0x2,
  HIPBLAS_GEMM_FLAGS_FP16_ALT_IMPL = 0x4,
  HIPBLAS_GEMM_FLAGS_CHECK_SOLUTION_INDEX = 0x8,
  HIPBLAS_GEMM_FLAGS_FP16_ALT_IMPL_RNZ = 0x10
} hipblasGemmFlags_t;

#ifdef __cplusplus
extern "C" {
#endif

/* A handle on the current device: cuBLAS's on NVIDIA, rocBLAS's on AMD.
 * HIPBLAS_STATUS_HANDLE_IS_NULLPTR for a NULL output; NOT_INITIALIZED when there is no device
 * or its vendor library cannot be loaded (one log line says which paths were tried). */
HIPBLAS_EXPORT hipblasStatus_t hipblasCreate(hipblasHandle_t* handle);
HIPBLAS_EXPORT hipblasStatus_t hipblasDestroy(hipblasHandle_t handle);
/* Binds the handle to a HIP stream (the vendor library gets the native stream under it). */
HIPBLAS_EXPORT hipblasStatus_t hipblasSetStream(hipblasHandle_t handle, hipStream_t streamId);
HIPBLAS_EXPORT hipblasStatus_t hipblasGetStream(hipblasHandle_t handle, hipStream_t* streamId);
/* Modes a backend lacks (see hipblasMath_t) answer HIPBLAS_STATUS_NOT_SUPPORTED. */
HIPBLAS_EXPORT hipblasStatus_t hipblasSetMathMode(hipblasHandle_t handle, hipblasMath_t mode);
HIPBLAS_EXPORT hipblasStatus_t hipblasGetMathMode(hipblasHandle_t handle, hipblasMath_t* mode);

/* Strided copies between host and device memory, through the HIP runtime (any backend). */
HIPBLAS_EXPORT hipblasStatus_t hipblasSetVector(int n, int elemSize, const void* x, int incx,
                                                void* y, int incy);
HIPBLAS_EXPORT hipblasStatus_t hipblasGetVector(int n, int elemSize, const void* x, int incx,
                                                void* y, int incy);
HIPBLAS_EXPORT hipblasStatus_t hipblasSetMatrix(int rows, int cols, int elemSize, const void* AP,
                                                int lda, void* BP, int ldb);
HIPBLAS_EXPORT hipblasStatus_t hipblasGetMatrix(int rows, int cols, int elemSize, const void* AP,
                                                int lda, void* BP, int ldb);
HIPBLAS_EXPORT hipblasStatus_t hipblasSetVectorAsync(int n, int elemSize, const void* x, int incx,
                                                     void* y, int incy, hipStream_t stream);
HIPBLAS_EXPORT hipblasStatus_t hipblasGetVectorAsync(int n, int elemSize, const void* x, int incx,
                                                     void* y, int incy, hipStream_t stream);
HIPBLAS_EXPORT hipblasStatus_t hipblasSetMatrixAsync(int rows, int cols, int elemSize,
                                                     const void* AP, int lda, void* BP, int ldb,
                                                     hipStream_t stream);
HIPBLAS_EXPORT hipblasStatus_t hipblasGetMatrixAsync(int rows, int cols, int elemSize,
                                                     const void* AP, int lda, void* BP, int ldb,
                                                     hipStream_t stream);

/* The enumerator's name ("HIPBLAS_STATUS_SUCCESS"); "<undefined hipblasStatus_t value>" for
 * anything else. */
HIPBLAS_EXPORT const char* hipblasStatusToString(hipblasStatus_t status);

#ifdef __cplusplus
} /* extern "C" */
#endif

#include <hipblas/hipblas-functions.h>

#endif /* HIPBLAS_H */
