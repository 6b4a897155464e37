// hipSOLVER's enums to cuSOLVER's (and cuBLAS's), one cudaValue() per enum type. Every argument of
// a forwarded function passes through check() and toCuda(): an enum must have a cudaValue() (a new
// enum in functions.tsv without one does not compile); every other type (pointers, sizes, info
// and params objects, hipComplex: the same layout as cuComplex) passes unchanged.
#pragma once

#include <hipsolver/hipsolver.h>

#include <type_traits>

namespace unihip::solver {

inline constexpr int kInvalid = -1000;  // not a value of the hipSOLVER enum: INVALID_ENUM

// hipSOLVER numbers these from cblas's bases; cuBLAS and cuSOLVER from 0 (or 1, or 1001).
constexpr int cudaValue(hipblasOperation_t v) {
  return v >= HIPBLAS_OP_N && v <= HIPBLAS_OP_C ? v - HIPBLAS_OP_N : kInvalid;
}
// CUBLAS_FILL_MODE_LOWER = 0, UPPER = 1, FULL = 2.
constexpr int cudaValue(hipblasFillMode_t v) {
  switch (v) {
    case HIPBLAS_FILL_MODE_LOWER: return 0;
    case HIPBLAS_FILL_MODE_UPPER: return 1;
    case HIPBLAS_FILL_MODE_FULL: return 2;
  }
  return kInvalid;
}
// cuBLAS has no BOTH side.
constexpr int cudaValue(hipblasSideMode_t v) {
  return v == HIPBLAS_SIDE_LEFT ? 0 : v == HIPBLAS_SIDE_RIGHT ? 1 : kInvalid;
}
constexpr int cudaValue(hipsolverEigMode_t v) {
  return v == HIPSOLVER_EIG_MODE_NOVECTOR ? 0 : v == HIPSOLVER_EIG_MODE_VECTOR ? 1 : kInvalid;
}
constexpr int cudaValue(hipsolverEigType_t v) {
  return v >= HIPSOLVER_EIG_TYPE_1 && v <= HIPSOLVER_EIG_TYPE_3 ? v - HIPSOLVER_EIG_TYPE_1 + 1 : kInvalid;
}
// CUSOLVER_EIG_RANGE_ALL = 1001, I = 1002, V = 1003: V and I the other way round from AMD's.
constexpr int cudaValue(hipsolverEigRange_t v) {
  switch (v) {
    case HIPSOLVER_EIG_RANGE_ALL: return 1001;
    case HIPSOLVER_EIG_RANGE_I: return 1002;
    case HIPSOLVER_EIG_RANGE_V: return 1003;
  }
  return kInvalid;
}
constexpr int cudaValue(hipsolverDeterministicMode_t v) {
  return v == HIPSOLVER_DETERMINISTIC_RESULTS           ? 1
         : v == HIPSOLVER_ALLOW_NON_DETERMINISTIC_RESULTS ? 2
                                                          : kInvalid;
}
constexpr int cudaValue(hipsolverAlgMode_t v) {
  return v == HIPSOLVER_ALG_0 ? 0 : v == HIPSOLVER_ALG_1 ? 1 : kInvalid;
}
// cuSOLVER's CUSOLVERDN_GETRF = 0, SYEVBATCHED = 2 (its POTRF = 1 is not hipSOLVER's).
constexpr int cudaValue(hipsolverDnFunction_t v) {
  return v == HIPSOLVERDN_GETRF || v == HIPSOLVERDN_SYEVBATCHED ? static_cast<int>(v) : kInvalid;
}
// hipDataType: cudaDataType has the same numbers for 0..33; the FNUZ types are AMD's alone.
constexpr int cudaValue(hipDataType v) {
  return v >= HIP_R_32F && v <= HIP_R_4F_E2M1 ? static_cast<int>(v) : kInvalid;
}

// cuSOLVER's refactorization enums have hipSOLVER's values.
constexpr int same(int v, int lo, int hi) { return v >= lo && v <= hi ? v : kInvalid; }
constexpr int cudaValue(hipsolverRfFactorization_t v) { return same(v, 0, 2); }
constexpr int cudaValue(hipsolverRfMatrixFormat_t v) { return same(v, 0, 1); }
constexpr int cudaValue(hipsolverRfResetValuesFastMode_t v) { return same(v, 0, 1); }
constexpr int cudaValue(hipsolverRfTriangularSolve_t v) { return same(v, 1, 3); }
constexpr int cudaValue(hipsolverRfUnitDiagonal_t v) { return same(v, 0, 3); }

// The cuSOLVER value's enum back to hipSOLVER's (GetDeterministicMode).
constexpr hipsolverDeterministicMode_t fromCudaDeterministic(int v) {
  return v == 2 ? HIPSOLVER_ALLOW_NON_DETERMINISTIC_RESULTS : HIPSOLVER_DETERMINISTIC_RESULTS;
}

// The same enums as rocBLAS's and rocSOLVER's values (AMD's hipsolver_conversions table):
// rocblas_operation, _fill, _side share hipSOLVER's numbers, but hipSOLVER's FULL fill and BOTH
// side are not rocSOLVER's; the rest are renumbered. An enum no rocSOLVER row takes has none.
constexpr int rocValue(hipblasOperation_t v) {
  return v >= HIPBLAS_OP_N && v <= HIPBLAS_OP_C ? static_cast<int>(v) : kInvalid;
}
constexpr int rocValue(hipblasFillMode_t v) {
  return v == HIPBLAS_FILL_MODE_UPPER || v == HIPBLAS_FILL_MODE_LOWER ? static_cast<int>(v)
                                                                      : kInvalid;
}
constexpr int rocValue(hipblasSideMode_t v) {
  return v == HIPBLAS_SIDE_LEFT || v == HIPBLAS_SIDE_RIGHT ? static_cast<int>(v) : kInvalid;
}
// rocblas_evect_original = 211, rocblas_evect_none = 213.
constexpr int rocValue(hipsolverEigMode_t v) {
  return v == HIPSOLVER_EIG_MODE_NOVECTOR ? 213 : v == HIPSOLVER_EIG_MODE_VECTOR ? 211 : kInvalid;
}
// rocblas_eform_ax, _abx, _bax = 221, 222, 223.
constexpr int rocValue(hipsolverEigType_t v) {
  return v >= HIPSOLVER_EIG_TYPE_1 && v <= HIPSOLVER_EIG_TYPE_3 ? v - HIPSOLVER_EIG_TYPE_1 + 221
                                                                : kInvalid;
}
// rocblas_erange_all, _value, _index = 231, 232, 233 (hipSOLVER's ALL, V, I order).
constexpr int rocValue(hipsolverEigRange_t v) {
  return v >= HIPSOLVER_EIG_RANGE_ALL && v <= HIPSOLVER_EIG_RANGE_I
             ? v - HIPSOLVER_EIG_RANGE_ALL + 231
             : kInvalid;
}
// rocblas_atomics_not_allowed = 0, allowed = 1 (rocBLAS's atomics mode is hipSOLVER's
// deterministic mode on AMD).
constexpr int rocValue(hipsolverDeterministicMode_t v) {
  return v == HIPSOLVER_DETERMINISTIC_RESULTS             ? 0
         : v == HIPSOLVER_ALLOW_NON_DETERMINISTIC_RESULTS ? 1
                                                          : kInvalid;
}
constexpr hipsolverDeterministicMode_t fromRocAtomics(int v) {
  return v == 1 ? HIPSOLVER_ALLOW_NON_DETERMINISTIC_RESULTS : HIPSOLVER_DETERMINISTIC_RESULTS;
}

template <class T>
constexpr hipsolverStatus_t check(T v) {
  if constexpr (std::is_enum_v<T>) {
    return cudaValue(v) == kInvalid ? HIPSOLVER_STATUS_INVALID_ENUM : HIPSOLVER_STATUS_SUCCESS;
  } else {
    (void)v;
    return HIPSOLVER_STATUS_SUCCESS;
  }
}

template <class T>
constexpr auto toCuda(T v) {
  if constexpr (std::is_enum_v<T>) {
    return cudaValue(v);
  } else {
    return v;
  }
}

}  // namespace unihip::solver
