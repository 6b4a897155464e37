// hipSPARSE's enums to rocSPARSE's and back, by complete tables with AMD's hipSPARSE's pairs
// (library/src/amd_detail/hipsparse.cpp). A table lists every value of the hipSPARSE enum: a value
// rocSPARSE lacks is kAbsent (NOT_SUPPORTED); one outside the table is INVALID_VALUE. Where AMD's
// mapping folds several hipSPARSE values onto one rocSPARSE value, the way back answers the first.
// RocArg<T> is what the rocSPARSE call of a forwarded function gets for a hipSPARSE argument of
// type T: an enum is renumbered, a pointer to an enum (a result) reads a rocSPARSE value into a
// temporary and writes it back renumbered, everything else (descriptors, pointers, sizes,
// hipComplex: rocsparse_float_complex's layout) passes unchanged.
#pragma once

#include <hipsparse/hipsparse.h>

#include <cstddef>
#include <type_traits>

#include "enum_map.h"

namespace unihip::sparse {

struct RocPair {
  int hip;
  int roc;
};

struct RocTable {
  const RocPair* pairs;
  size_t size;
};

template <size_t N>
constexpr RocTable rocTable(const RocPair (&pairs)[N]) {
  return {pairs, N};
}

// rocsparse_operation: 111 none, 112 transpose, 113 conjugate transpose.
inline constexpr RocPair kRocOperation[] = {{0, 111}, {1, 112}, {2, 113}};
inline constexpr RocPair kRocPointerMode[] = {{0, 0}, {1, 1}};
inline constexpr RocPair kRocAction[] = {{0, 0}, {1, 1}};
inline constexpr RocPair kRocMatrixType[] = {{0, 0}, {1, 1}, {2, 2}, {3, 3}};
inline constexpr RocPair kRocFillMode[] = {{0, 0}, {1, 1}};
inline constexpr RocPair kRocDiagType[] = {{0, 0}, {1, 1}};
inline constexpr RocPair kRocIndexBase[] = {{0, 0}, {1, 1}};
inline constexpr RocPair kRocHybPartition[] = {{0, 0}, {1, 1}, {2, 2}};
// rocSPARSE has one solve policy (auto); AMD's hipSPARSE passes it for both.
inline constexpr RocPair kRocSolvePolicy[] = {{0, 0}, {1, 0}};
inline constexpr RocPair kRocDirection[] = {{0, 0}, {1, 1}};
// hipSPARSE COL 1, ROW 2; rocSPARSE row 0, column 1.
inline constexpr RocPair kRocOrder[] = {{HIPSPARSE_ORDER_ROW, 0}, {HIPSPARSE_ORDER_COL, 1}};
// rocSPARSE's u16 index type exists, but AMD's hipSPARSE does not pass it.
inline constexpr RocPair kRocIndexType[] = {{HIPSPARSE_INDEX_16U, kAbsent}, {HIPSPARSE_INDEX_32I, 2},
                                            {HIPSPARSE_INDEX_64I, 3}};
// rocsparse_format: coo 0, coo_aos 1, csr 2, csc 3, ell 4, bell 5, bsr 6.
inline constexpr RocPair kRocFormat[] = {{HIPSPARSE_FORMAT_CSR, 2}, {HIPSPARSE_FORMAT_CSC, 3},
                                         {HIPSPARSE_FORMAT_COO, 0}, {HIPSPARSE_FORMAT_COO_AOS, 1},
                                         {HIPSPARSE_FORMAT_BLOCKED_ELL, 5}};
inline constexpr RocPair kRocSpMatAttribute[] = {{0, 0}, {1, 1}};
// rocsparse_spmv_alg: default 0, coo 1, csr_adaptive 2, csr_stream 3.
inline constexpr RocPair kRocSpMVAlg[] = {{HIPSPARSE_SPMV_ALG_DEFAULT, 0}, {HIPSPARSE_SPMV_COO_ALG1, 1},
                                          {HIPSPARSE_SPMV_COO_ALG2, 1}, {HIPSPARSE_SPMV_CSR_ALG1, 2},
                                          {HIPSPARSE_SPMV_CSR_ALG2, 3}};
// rocsparse_spmm_alg: default 0, csr 1, coo_segmented 2, coo_atomic 3, csr_row_split 4,
// csr_merge 5, coo_segmented_atomic 6, bell 7.
inline constexpr RocPair kRocSpMMAlg[] = {
    {HIPSPARSE_SPMM_ALG_DEFAULT, 0}, {HIPSPARSE_SPMM_COO_ALG1, 3}, {HIPSPARSE_SPMM_COO_ALG2, 2},
    {HIPSPARSE_SPMM_COO_ALG3, 6},    {HIPSPARSE_SPMM_COO_ALG4, 6}, {HIPSPARSE_SPMM_CSR_ALG1, 4},
    {HIPSPARSE_SPMM_CSR_ALG2, 1},    {HIPSPARSE_SPMM_CSR_ALG3, 1}, {HIPSPARSE_SPMM_BLOCKED_ELL_ALG1, 7}};
inline constexpr RocPair kRocSparseToDenseAlg[] = {{0, 0}};
inline constexpr RocPair kRocDenseToSparseAlg[] = {{0, 0}};
inline constexpr RocPair kRocSDDMMAlg[] = {{0, 0}};
inline constexpr RocPair kRocSpSVAlg[] = {{0, 0}};
inline constexpr RocPair kRocSpSMAlg[] = {{0, 0}};
inline constexpr RocPair kRocSpGEMMAlg[] = {{0, 0}, {1, 0}, {2, 0}, {3, 0}, {4, 0}, {5, 0}};
// rocSPARSE's csr2csc has no algorithm argument: every value is checked, then ignored (as AMD's).
inline constexpr RocPair kRocCsr2CscAlg[] = {{0, 0}, {1, 0}, {2, 0}};
// rocsparse_datatype: f32_r 151, f64_r 152, f32_c 154, f64_c 155; AMD's hipSPARSE maps these
// four only.
inline constexpr RocPair kRocDataType[] = {{HIP_R_32F, 151}, {HIP_R_64F, 152}, {HIP_C_32F, 154},
                                           {HIP_C_64F, 155}};

constexpr RocTable rocTableOf(hipsparseOperation_t) { return rocTable(kRocOperation); }
constexpr RocTable rocTableOf(hipsparsePointerMode_t) { return rocTable(kRocPointerMode); }
constexpr RocTable rocTableOf(hipsparseAction_t) { return rocTable(kRocAction); }
constexpr RocTable rocTableOf(hipsparseMatrixType_t) { return rocTable(kRocMatrixType); }
constexpr RocTable rocTableOf(hipsparseFillMode_t) { return rocTable(kRocFillMode); }
constexpr RocTable rocTableOf(hipsparseDiagType_t) { return rocTable(kRocDiagType); }
constexpr RocTable rocTableOf(hipsparseIndexBase_t) { return rocTable(kRocIndexBase); }
constexpr RocTable rocTableOf(hipsparseHybPartition_t) { return rocTable(kRocHybPartition); }
constexpr RocTable rocTableOf(hipsparseSolvePolicy_t) { return rocTable(kRocSolvePolicy); }
constexpr RocTable rocTableOf(hipsparseDirection_t) { return rocTable(kRocDirection); }
constexpr RocTable rocTableOf(hipsparseOrder_t) { return rocTable(kRocOrder); }
constexpr RocTable rocTableOf(hipsparseIndexType_t) { return rocTable(kRocIndexType); }
constexpr RocTable rocTableOf(hipsparseFormat_t) { return rocTable(kRocFormat); }
constexpr RocTable rocTableOf(hipsparseSpMatAttribute_t) { return rocTable(kRocSpMatAttribute); }
constexpr RocTable rocTableOf(hipsparseSpMVAlg_t) { return rocTable(kRocSpMVAlg); }
constexpr RocTable rocTableOf(hipsparseSpMMAlg_t) { return rocTable(kRocSpMMAlg); }
constexpr RocTable rocTableOf(hipsparseSparseToDenseAlg_t) { return rocTable(kRocSparseToDenseAlg); }
constexpr RocTable rocTableOf(hipsparseDenseToSparseAlg_t) { return rocTable(kRocDenseToSparseAlg); }
constexpr RocTable rocTableOf(hipsparseSDDMMAlg_t) { return rocTable(kRocSDDMMAlg); }
constexpr RocTable rocTableOf(hipsparseSpSVAlg_t) { return rocTable(kRocSpSVAlg); }
constexpr RocTable rocTableOf(hipsparseSpSMAlg_t) { return rocTable(kRocSpSMAlg); }
constexpr RocTable rocTableOf(hipsparseSpGEMMAlg_t) { return rocTable(kRocSpGEMMAlg); }
constexpr RocTable rocTableOf(hipsparseCsr2CscAlg_t) { return rocTable(kRocCsr2CscAlg); }

// hipDataType: a value hipSPARSE knows (cudaValue says which) but outside the table is absent.
constexpr int rocValue(hipDataType v) {
  for (const RocPair& p : kRocDataType)
    if (p.hip == v) return p.roc;
  return cudaValue(v) == kInvalid ? kInvalid : kAbsent;
}

template <class E>
constexpr int rocValue(E v) {
  const RocTable t = rocTableOf(v);
  for (size_t i = 0; i < t.size; ++i)
    if (t.pairs[i].hip == static_cast<int>(v)) return t.pairs[i].roc;
  return kInvalid;
}

// rocSPARSE's value back to hipSPARSE's; kInvalid when hipSPARSE has no name for it.
template <class E>
constexpr int hipFromRoc(int r) {
  if constexpr (std::is_same_v<E, hipDataType>) {
    for (const RocPair& p : kRocDataType)
      if (p.roc == r) return p.hip;
  } else {
    const RocTable t = rocTableOf(E{});
    for (size_t i = 0; i < t.size; ++i)
      if (t.pairs[i].roc == r) return t.pairs[i].hip;
  }
  return kInvalid;
}

template <class T>
constexpr hipsparseStatus_t rocCheck(T v) {
  if constexpr (std::is_enum_v<T>) {
    const int r = rocValue(v);
    return r == kInvalid  ? HIPSPARSE_STATUS_INVALID_VALUE
           : r == kAbsent ? HIPSPARSE_STATUS_NOT_SUPPORTED
                          : HIPSPARSE_STATUS_SUCCESS;
  } else {
    (void)v;
    return HIPSPARSE_STATUS_SUCCESS;
  }
}

template <class T, class = void>
class RocArg {  // passed unchanged
 public:
  explicit RocArg(T v) : v_(v) {}
  T arg() const { return v_; }
  hipsparseStatus_t finish() const { return HIPSPARSE_STATUS_SUCCESS; }

 private:
  T v_;
};

template <class E>
class RocArg<E, std::enable_if_t<std::is_enum_v<E>>> {  // renumbered (rocCheck passed)
 public:
  explicit RocArg(E v) : v_(rocValue(v)) {}
  int arg() const { return v_; }
  hipsparseStatus_t finish() const { return HIPSPARSE_STATUS_SUCCESS; }

 private:
  int v_;
};

template <class E>
class RocArg<E*, std::enable_if_t<std::is_enum_v<E>>> {  // a result, renumbered back
 public:
  explicit RocArg(E* out) : out_(out) {}
  int* arg() { return out_ != nullptr ? &value_ : nullptr; }  // NULL stays NULL: rocSPARSE refuses it
  hipsparseStatus_t finish() const {
    if (out_ == nullptr) return HIPSPARSE_STATUS_SUCCESS;
    const int h = hipFromRoc<E>(value_);
    if (h == kInvalid) return HIPSPARSE_STATUS_NOT_SUPPORTED;  // e.g. an ELL or BSR matrix's format
    *out_ = static_cast<E>(h);
    return HIPSPARSE_STATUS_SUCCESS;
  }

 private:
  E* out_;
  int value_ = 0;
};

}  // namespace unihip::sparse
