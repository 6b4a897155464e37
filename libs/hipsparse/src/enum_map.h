// hipSPARSE's enums to cuSPARSE's, one cudaValue() per enum type. Every argument of a forwarded
// function passes through check() and toCuda(): an enum must have a cudaValue() (a new enum in
// functions.tsv without one does not compile); every other type (pointers, sizes, descriptors,
// hipComplex: the same layout as cuSPARSE's) passes unchanged.
#pragma once

#include <hipsparse/hipsparse.h>

#include <type_traits>

namespace unihip::sparse {

inline constexpr int kInvalid = -1000;  // not a value of the hipSPARSE enum: INVALID_VALUE
inline constexpr int kAbsent = -1001;   // hipSPARSE has it, cuSPARSE 12 does not: NOT_SUPPORTED

// The enums whose values cuSPARSE shares, over a contiguous range.
constexpr int same(int v, int lo, int hi) { return v >= lo && v <= hi ? v : kInvalid; }

constexpr int cudaValue(hipsparsePointerMode_t v) { return same(v, 0, 1); }
constexpr int cudaValue(hipsparseAction_t v) { return same(v, 0, 1); }
constexpr int cudaValue(hipsparseMatrixType_t v) { return same(v, 0, 3); }
constexpr int cudaValue(hipsparseFillMode_t v) { return same(v, 0, 1); }
constexpr int cudaValue(hipsparseDiagType_t v) { return same(v, 0, 1); }
constexpr int cudaValue(hipsparseIndexBase_t v) { return same(v, 0, 1); }
constexpr int cudaValue(hipsparseOperation_t v) { return same(v, 0, 2); }
constexpr int cudaValue(hipsparseSolvePolicy_t v) { return same(v, 0, 1); }
constexpr int cudaValue(hipsparseDirection_t v) { return same(v, 0, 1); }
constexpr int cudaValue(hipsparseOrder_t v) { return same(v, 1, 2); }
constexpr int cudaValue(hipsparseIndexType_t v) { return same(v, 1, 3); }
constexpr int cudaValue(hipsparseSpMVAlg_t v) { return same(v, 0, 4); }
constexpr int cudaValue(hipsparseSparseToDenseAlg_t v) { return same(v, 0, 0); }
constexpr int cudaValue(hipsparseDenseToSparseAlg_t v) { return same(v, 0, 0); }
constexpr int cudaValue(hipsparseSDDMMAlg_t v) { return same(v, 0, 0); }
constexpr int cudaValue(hipsparseSpSVAlg_t v) { return same(v, 0, 0); }
constexpr int cudaValue(hipsparseSpSMAlg_t v) { return same(v, 0, 0); }
constexpr int cudaValue(hipsparseSpMatAttribute_t v) { return same(v, 0, 1); }
constexpr int cudaValue(hipsparseSpGEMMAlg_t v) { return same(v, 0, 5); }

// SpMM: 0..6 and the two late additions, all with cuSPARSE's numbers.
constexpr int cudaValue(hipsparseSpMMAlg_t v) {
  return (v >= 0 && v <= 6) || v == HIPSPARSE_SPMM_CSR_ALG3 || v == HIPSPARSE_SPMM_BLOCKED_ELL_ALG1
             ? static_cast<int>(v)
             : kInvalid;
}

// cuSPARSE numbers these differently: CUSPARSE_CSR2CSC_ALG_DEFAULT = CUSPARSE_CSR2CSC_ALG1 = 1.
constexpr int cudaValue(hipsparseCsr2CscAlg_t v) {
  switch (v) {
    case HIPSPARSE_CSR2CSC_ALG_DEFAULT:
    case HIPSPARSE_CSR2CSC_ALG1: return 1;
    case HIPSPARSE_CSR2CSC_ALG2: return kAbsent;
  }
  return kInvalid;
}

// Formats: COO_AOS left cuSPARSE in 12.0.
constexpr int cudaValue(hipsparseFormat_t v) {
  return v == HIPSPARSE_FORMAT_COO_AOS ? kAbsent : same(v, 1, 5);
}

// cuSPARSE 12 has no HYB format.
constexpr int cudaValue(hipsparseHybPartition_t v) { return same(v, 0, 2) == kInvalid ? kInvalid : kAbsent; }

// hipDataType: cudaDataType has the same numbers for 0..33; the FNUZ types are AMD's alone.
constexpr int cudaValue(hipDataType v) {
  if (v >= HIP_R_32F && v <= HIP_R_4F_E2M1) return v;
  return v == HIP_R_8F_E4M3_FNUZ || v == HIP_R_8F_E5M2_FNUZ ? kAbsent : kInvalid;
}

template <class T>
constexpr hipsparseStatus_t check(T v) {
  if constexpr (std::is_enum_v<T>) {
    const int c = cudaValue(v);
    return c == kInvalid  ? HIPSPARSE_STATUS_INVALID_VALUE
           : c == kAbsent ? HIPSPARSE_STATUS_NOT_SUPPORTED
                          : HIPSPARSE_STATUS_SUCCESS;
  } else {
    (void)v;
    return HIPSPARSE_STATUS_SUCCESS;
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

}  // namespace unihip::sparse
