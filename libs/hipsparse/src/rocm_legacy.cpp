#include "rocm_legacy.h"

#include "forward.h"

namespace unihip::sparse {
namespace {

Entry gCsr2cscBufferSize{"rocsparse_csr2csc_buffer_size", Vendor::rocm};
Entry gCsr2csc[4] = {{"rocsparse_scsr2csc", Vendor::rocm},
                     {"rocsparse_dcsr2csc", Vendor::rocm},
                     {"rocsparse_ccsr2csc", Vendor::rocm},
                     {"rocsparse_zcsr2csc", Vendor::rocm}};

template <class T>
constexpr int kPrecision = 0;
template <>
constexpr int kPrecision<double> = 1;
template <>
constexpr int kPrecision<hipComplex> = 2;
template <>
constexpr int kPrecision<hipDoubleComplex> = 3;

}  // namespace

template <class T>
hipsparseStatus_t rocCsr2csc(hipsparseHandle_t handle, int m, int n, int nnz, const T* csrVal,
                             const int* csrRowPtr, const int* csrColInd, T* cscVal, int* cscRowInd,
                             int* cscColPtr, hipsparseAction_t copyValues,
                             hipsparseIndexBase_t idxBase) {
  Handle* h = toHandle(handle);
  if (h == nullptr) return HIPSPARSE_STATUS_INVALID_VALUE;
  size_t bytes = 0;
  hipsparseStatus_t s = forwardRoc(gCsr2cscBufferSize, handle, m, n, nnz, csrRowPtr, csrColInd,
                                   copyValues, &bytes);
  if (s != HIPSPARSE_STATUS_SUCCESS) return s;
  s = rocCheck(idxBase);  // before the allocation
  if (s != HIPSPARSE_STATUS_SUCCESS) return s;
  void* buffer = nullptr;
  if (bytes > 0 && hipMallocAsync(&buffer, bytes, h->stream) != hipSuccess)
    return HIPSPARSE_STATUS_ALLOC_FAILED;
  s = forwardRoc(gCsr2csc[kPrecision<T>], handle, m, n, nnz, csrVal, csrRowPtr, csrColInd, cscVal,
                 cscRowInd, cscColPtr, copyValues, idxBase, buffer);
  if (buffer != nullptr) (void)hipFreeAsync(buffer, h->stream);  // after the conversion, in order
  if (s == HIPSPARSE_STATUS_SUCCESS && hipStreamSynchronize(h->stream) != hipSuccess)
    return HIPSPARSE_STATUS_INTERNAL_ERROR;
  return s;
}

template hipsparseStatus_t rocCsr2csc<float>(hipsparseHandle_t, int, int, int, const float*,
                                             const int*, const int*, float*, int*, int*,
                                             hipsparseAction_t, hipsparseIndexBase_t);
template hipsparseStatus_t rocCsr2csc<double>(hipsparseHandle_t, int, int, int, const double*,
                                              const int*, const int*, double*, int*, int*,
                                              hipsparseAction_t, hipsparseIndexBase_t);
template hipsparseStatus_t rocCsr2csc<hipComplex>(hipsparseHandle_t, int, int, int,
                                                  const hipComplex*, const int*, const int*,
                                                  hipComplex*, int*, int*, hipsparseAction_t,
                                                  hipsparseIndexBase_t);
template hipsparseStatus_t rocCsr2csc<hipDoubleComplex>(hipsparseHandle_t, int, int, int,
                                                        const hipDoubleComplex*, const int*,
                                                        const int*, hipDoubleComplex*, int*, int*,
                                                        hipsparseAction_t, hipsparseIndexBase_t);

hipsparseStatus_t rocCsr2cscEx2BufferSize(hipsparseHandle_t handle, int m, int n, int nnz,
                                          const void*, const int* csrRowPtr, const int* csrColInd,
                                          void*, int*, int*, hipDataType valType,
                                          hipsparseAction_t copyValues,
                                          hipsparseIndexBase_t idxBase, hipsparseCsr2CscAlg_t alg,
                                          size_t* pBufferSizeInBytes) {
  if (toHandle(handle) == nullptr) return HIPSPARSE_STATUS_INVALID_VALUE;
  hipsparseStatus_t s = HIPSPARSE_STATUS_SUCCESS;
  for (hipsparseStatus_t c : {rocCheck(valType), rocCheck(idxBase), rocCheck(alg)})
    s = s == HIPSPARSE_STATUS_SUCCESS ? c : s;
  if (s != HIPSPARSE_STATUS_SUCCESS) return s;
  return forwardRoc(gCsr2cscBufferSize, handle, m, n, nnz, csrRowPtr, csrColInd, copyValues,
                    pBufferSizeInBytes);
}

hipsparseStatus_t rocCsr2cscEx2(hipsparseHandle_t handle, int m, int n, int nnz, const void* csrVal,
                                const int* csrRowPtr, const int* csrColInd, void* cscVal,
                                int* cscColPtr, int* cscRowInd, hipDataType valType,
                                hipsparseAction_t copyValues, hipsparseIndexBase_t idxBase,
                                hipsparseCsr2CscAlg_t alg, void* buffer) {
  if (toHandle(handle) == nullptr) return HIPSPARSE_STATUS_INVALID_VALUE;
  hipsparseStatus_t s = HIPSPARSE_STATUS_SUCCESS;
  for (hipsparseStatus_t c : {rocCheck(valType), rocCheck(alg)})
    s = s == HIPSPARSE_STATUS_SUCCESS ? c : s;
  if (s != HIPSPARSE_STATUS_SUCCESS) return s;
  // rocCheck passed: one of the four types kRocDataType lists.
  const int p = valType == HIP_R_32F ? 0 : valType == HIP_R_64F ? 1 : valType == HIP_C_32F ? 2 : 3;
  return forwardRoc(gCsr2csc[p], handle, m, n, nnz, csrVal, csrRowPtr, csrColInd, cscVal,
                    cscRowInd, cscColPtr, copyValues, idxBase, buffer);
}

}  // namespace unihip::sparse
