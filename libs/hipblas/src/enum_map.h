// hipBLAS's enums to cuBLAS's and rocBLAS's, by table. Every argument of a forwarded function
// passes through valid() (is it one of hipBLAS's values?) and toCuda()/toRoc(); types that are
// not hipBLAS enums pass through unchanged (pointers, sizes, hipComplex: same layout as the
// vendors'). An enum the vendor lacks becomes -1, which the vendor rejects.
#pragma once

#include <hipblas/hipblas.h>

#include <cstdint>

namespace unihip::blas {

template <class T> constexpr bool valid(T) { return true; }
template <class T> constexpr T toCuda(T v) { return v; }
template <class T> constexpr T toRoc(T v) { return v; }

// hipblasOperation_t: cuBLAS N/T/C = 0/1/2; rocBLAS uses hipBLAS's values.
constexpr bool valid(hipblasOperation_t v) { return v >= HIPBLAS_OP_N && v <= HIPBLAS_OP_C; }
constexpr int toCuda(hipblasOperation_t v) { return v - HIPBLAS_OP_N; }
constexpr int toRoc(hipblasOperation_t v) { return v; }

// hipblasFillMode_t: cuBLAS LOWER = 0, UPPER = 1, FULL = 2.
constexpr bool valid(hipblasFillMode_t v) {
  return v >= HIPBLAS_FILL_MODE_UPPER && v <= HIPBLAS_FILL_MODE_FULL;
}
constexpr int toCuda(hipblasFillMode_t v) {
  return v == HIPBLAS_FILL_MODE_UPPER ? 1 : v == HIPBLAS_FILL_MODE_LOWER ? 0 : 2;
}
constexpr int toRoc(hipblasFillMode_t v) { return v; }

// hipblasDiagType_t: cuBLAS NON_UNIT = 0, UNIT = 1.
constexpr bool valid(hipblasDiagType_t v) {
  return v == HIPBLAS_DIAG_NON_UNIT || v == HIPBLAS_DIAG_UNIT;
}
constexpr int toCuda(hipblasDiagType_t v) { return v == HIPBLAS_DIAG_UNIT ? 1 : 0; }
constexpr int toRoc(hipblasDiagType_t v) { return v; }

// hipblasSideMode_t: cuBLAS LEFT = 0, RIGHT = 1, no BOTH.
constexpr bool valid(hipblasSideMode_t v) {
  return v >= HIPBLAS_SIDE_LEFT && v <= HIPBLAS_SIDE_BOTH;
}
constexpr int toCuda(hipblasSideMode_t v) {
  return v == HIPBLAS_SIDE_LEFT ? 0 : v == HIPBLAS_SIDE_RIGHT ? 1 : -1;
}
constexpr int toRoc(hipblasSideMode_t v) { return v; }

// Pointer and atomics modes: 0/1 in all three libraries.
constexpr bool valid(hipblasPointerMode_t v) {
  return v == HIPBLAS_POINTER_MODE_HOST || v == HIPBLAS_POINTER_MODE_DEVICE;
}
constexpr bool valid(hipblasAtomicsMode_t v) {
  return v == HIPBLAS_ATOMICS_NOT_ALLOWED || v == HIPBLAS_ATOMICS_ALLOWED;
}

// hipDataType: cudaDataType has the same values; rocblas_datatype its own.
constexpr bool valid(hipDataType v) {
  return (v >= HIP_R_32F && v <= HIP_R_4F_E2M1) || v == HIP_R_8F_E4M3_FNUZ ||
         v == HIP_R_8F_E5M2_FNUZ;
}
constexpr int toCuda(hipDataType v) { return v <= HIP_R_4F_E2M1 ? static_cast<int>(v) : -1; }
int toRoc(hipDataType v);

// hipblasComputeType_t: cublasComputeType_t 64.., rocBLAS a rocblas_datatype.
bool valid(hipblasComputeType_t v);
int toCuda(hipblasComputeType_t v);
int toRoc(hipblasComputeType_t v);

// hipblasGemmAlgo_t: CUBLAS_GEMM_DEFAULT = -1, rocblas_gemm_algo_standard = 0.
constexpr bool valid(hipblasGemmAlgo_t v) { return v == HIPBLAS_GEMM_DEFAULT; }
constexpr int toCuda(hipblasGemmAlgo_t) { return -1; }
constexpr int toRoc(hipblasGemmAlgo_t) { return 0; }

}  // namespace unihip::blas
