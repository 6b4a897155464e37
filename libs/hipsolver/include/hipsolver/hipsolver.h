/* unihip: hipSOLVER (AMD's hipSOLVER 3.7 API: the hipsolver* functions, the hipsolverDn*
 * compatibility API, the hipsolverRf* refactorization and hipsolverSp* sparse APIs), with AMD's
 * types and enum values. Forwards to cuSOLVER on NVIDIA devices
 * (loaded at run time); AMD devices are not served (hipsolverCreate answers
 * HIPSOLVER_STATUS_NOT_SUPPORTED there: no rocSOLVER). The types and the handle API are here; the
 * other prototypes are generated from libs/hipsolver/src/functions.tsv into
 * hipsolver/hipsolver-functions.h. C++ only for now: HIP's complex types are C++ here. */
#ifndef HIPSOLVER_H
#define HIPSOLVER_H

#include "hipsolver-export.h"
#include "hipsolver-version.h"

#include <hip/hip_complex.h>
#include <hip/hip_runtime_api.h>
#include <hip/library_types.h>
#include <stddef.h>
#include <stdint.h>

/* The handle is unihip's (the cuSOLVER handle, its device and stream); the Jacobi info objects
 * and the 64-bit API's params object are cuSOLVER's own. */
typedef void* hipsolverHandle_t;
typedef hipsolverHandle_t hipsolverDnHandle_t;
typedef void* hipsolverGesvdjInfo_t;
typedef void* hipsolverSyevjInfo_t;
typedef void* hipsolverDnParams_t;

typedef enum {
  HIPSOLVER_STATUS_SUCCESS = 0,
  HIPSOLVER_STATUS_NOT_INITIALIZED = 1,
  HIPSOLVER_STATUS_ALLOC_FAILED = 2,
  HIPSOLVER_STATUS_INVALID_VALUE = 3,
  HIPSOLVER_STATUS_MAPPING_ERROR = 4,
  HIPSOLVER_STATUS_EXECUTION_FAILED = 5,
  HIPSOLVER_STATUS_INTERNAL_ERROR = 6,
  HIPSOLVER_STATUS_NOT_SUPPORTED = 7,
  HIPSOLVER_STATUS_ARCH_MISMATCH = 8,
  HIPSOLVER_STATUS_HANDLE_IS_NULLPTR = 9,
  HIPSOLVER_STATUS_INVALID_ENUM = 10,
  HIPSOLVER_STATUS_UNKNOWN = 11,
  HIPSOLVER_STATUS_ZERO_PIVOT = 12,
  HIPSOLVER_STATUS_MATRIX_TYPE_NOT_SUPPORTED = 13
} hipsolverStatus_t;

/* hipBLAS's enums (cblas's values), declared once whichever of hipBLAS and hipSOLVER comes first. */
#ifndef HIPBLAS_OPERATION_DECLARED
#define HIPBLAS_OPERATION_DECLARED
typedef enum { HIPBLAS_OP_N = 111, HIPBLAS_OP_T = 112, HIPBLAS_OP_C = 113 } hipblasOperation_t;
#endif
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
  HIPBLAS_SIDE_BOTH = 143 /* cuSOLVER has no such side: INVALID_ENUM */
} hipblasSideMode_t;
#endif

typedef enum { HIPSOLVER_EIG_MODE_NOVECTOR = 201, HIPSOLVER_EIG_MODE_VECTOR = 202 } hipsolverEigMode_t;
typedef enum {
  HIPSOLVER_EIG_TYPE_1 = 211,
  HIPSOLVER_EIG_TYPE_2 = 212,
  HIPSOLVER_EIG_TYPE_3 = 213
} hipsolverEigType_t;
typedef enum {
  HIPSOLVER_EIG_RANGE_ALL = 221,
  HIPSOLVER_EIG_RANGE_V = 222,
  HIPSOLVER_EIG_RANGE_I = 223
} hipsolverEigRange_t;
typedef enum {
  HIPSOLVER_DETERMINISTIC_RESULTS = 241,
  HIPSOLVER_ALLOW_NON_DETERMINISTIC_RESULTS = 242
} hipsolverDeterministicMode_t;
typedef enum { HIPSOLVER_ALG_0 = 231, HIPSOLVER_ALG_1 = 232 } hipsolverAlgMode_t;
typedef enum { HIPSOLVERDN_GETRF = 0, HIPSOLVERDN_SYEVBATCHED = 2 } hipsolverDnFunction_t;

/* The refactorization API's handle is cuSOLVER's own (cusolverRfHandle_t), its enums cuSOLVER's
 * values; the sparse API's handle is unihip's, its matrix descriptor hipSPARSE's (cuSPARSE's). */
typedef void* hipsolverRfHandle_t;
typedef void* hipsolverSpHandle_t;
typedef void* hipsparseMatDescr_t;
typedef enum {
  HIPSOLVERRF_FACTORIZATION_ALG0 = 0,
  HIPSOLVERRF_FACTORIZATION_ALG1 = 1,
  HIPSOLVERRF_FACTORIZATION_ALG2 = 2
} hipsolverRfFactorization_t;
typedef enum { HIPSOLVERRF_MATRIX_FORMAT_CSR = 0, HIPSOLVERRF_MATRIX_FORMAT_CSC = 1 } hipsolverRfMatrixFormat_t;
typedef enum {
  HIPSOLVERRF_NUMERIC_BOOST_NOT_USED = 0,
  HIPSOLVERRF_NUMERIC_BOOST_USED = 1
} hipsolverRfNumericBoostReport_t;
typedef enum {
  HIPSOLVERRF_RESET_VALUES_FAST_MODE_OFF = 0,
  HIPSOLVERRF_RESET_VALUES_FAST_MODE_ON = 1
} hipsolverRfResetValuesFastMode_t;
typedef enum {
  HIPSOLVERRF_TRIANGULAR_SOLVE_ALG1 = 1,
  HIPSOLVERRF_TRIANGULAR_SOLVE_ALG2 = 2,
  HIPSOLVERRF_TRIANGULAR_SOLVE_ALG3 = 3
} hipsolverRfTriangularSolve_t;
typedef enum {
  HIPSOLVERRF_UNIT_DIAGONAL_STORED_L = 0,
  HIPSOLVERRF_UNIT_DIAGONAL_STORED_U = 1,
  HIPSOLVERRF_UNIT_DIAGONAL_ASSUMED_L = 2,
  HIPSOLVERRF_UNIT_DIAGONAL_ASSUMED_U = 3
} hipsolverRfUnitDiagonal_t;

typedef hipblasOperation_t hipsolverOperation_t;
#define HIPSOLVER_OP_N HIPBLAS_OP_N
#define HIPSOLVER_OP_T HIPBLAS_OP_T
#define HIPSOLVER_OP_C HIPBLAS_OP_C
typedef hipblasFillMode_t hipsolverFillMode_t;
#define HIPSOLVER_FILL_MODE_UPPER HIPBLAS_FILL_MODE_UPPER
#define HIPSOLVER_FILL_MODE_LOWER HIPBLAS_FILL_MODE_LOWER
typedef hipblasSideMode_t hipsolverSideMode_t;
#define HIPSOLVER_SIDE_LEFT HIPBLAS_SIDE_LEFT
#define HIPSOLVER_SIDE_RIGHT HIPBLAS_SIDE_RIGHT

#ifdef __cplusplus
extern "C" {
#endif

/* A handle on the current device (cuSOLVER's on NVIDIA). INVALID_VALUE for a NULL output;
 * NOT_INITIALIZED when there is no device or cuSOLVER cannot be loaded (one log line names the
 * paths tried); NOT_SUPPORTED on an AMD device. A NULL or destroyed handle passed to any function
 * is HIPSOLVER_STATUS_NOT_INITIALIZED, as AMD's hipSOLVER answers (its own tests check it). */
HIPSOLVER_EXPORT hipsolverStatus_t hipsolverCreate(hipsolverHandle_t* handle);
HIPSOLVER_EXPORT hipsolverStatus_t hipsolverDestroy(hipsolverHandle_t handle);
/* Binds the handle to a HIP stream (cuSOLVER gets the CUstream under it). */
HIPSOLVER_EXPORT hipsolverStatus_t hipsolverSetStream(hipsolverHandle_t handle, hipStream_t streamId);
HIPSOLVER_EXPORT hipsolverStatus_t hipsolverGetStream(hipsolverHandle_t handle, hipStream_t* streamId);
HIPSOLVER_EXPORT hipsolverStatus_t hipsolverSetDeterministicMode(hipsolverHandle_t handle,
                                                                 hipsolverDeterministicMode_t mode);
HIPSOLVER_EXPORT hipsolverStatus_t hipsolverGetDeterministicMode(hipsolverHandle_t handle,
                                                                 hipsolverDeterministicMode_t* mode);
/* The same calls under the compatibility API's names. */
HIPSOLVER_EXPORT hipsolverStatus_t hipsolverDnCreate(hipsolverDnHandle_t* handle);
HIPSOLVER_EXPORT hipsolverStatus_t hipsolverDnDestroy(hipsolverDnHandle_t handle);
HIPSOLVER_EXPORT hipsolverStatus_t hipsolverDnSetStream(hipsolverDnHandle_t handle, hipStream_t streamId);
HIPSOLVER_EXPORT hipsolverStatus_t hipsolverDnGetStream(hipsolverDnHandle_t handle, hipStream_t* streamId);
HIPSOLVER_EXPORT hipsolverStatus_t hipsolverDnSetDeterministicMode(hipsolverDnHandle_t handle,
                                                                   hipsolverDeterministicMode_t mode);
HIPSOLVER_EXPORT hipsolverStatus_t hipsolverDnGetDeterministicMode(hipsolverDnHandle_t handle,
                                                                   hipsolverDeterministicMode_t* mode);

/* The refactorization and sparse APIs' handles (on the current device; errors as above). */
HIPSOLVER_EXPORT hipsolverStatus_t hipsolverRfCreate(hipsolverRfHandle_t* handle);
HIPSOLVER_EXPORT hipsolverStatus_t hipsolverSpCreate(hipsolverSpHandle_t* handle);
HIPSOLVER_EXPORT hipsolverStatus_t hipsolverSpDestroy(hipsolverSpHandle_t handle);
HIPSOLVER_EXPORT hipsolverStatus_t hipsolverSpSetStream(hipsolverSpHandle_t handle, hipStream_t streamId);

#ifdef __cplusplus
} /* extern "C" */
#endif

#include <hipsolver/hipsolver-functions.h>

#endif /* HIPSOLVER_H */
