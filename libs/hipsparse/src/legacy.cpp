#include "legacy.h"

#include "handle.h"

namespace unihip::sparse {
namespace {

// csr2csc's (cscRowInd, cscColPtr) are Csr2cscEx2's (cscColPtr, cscRowInd) the other way round.
hipsparseStatus_t csr2cscEx2(hipsparseHandle_t handle, int m, int n, int nnz, const void* csrVal,
                             const int* csrRowPtr, const int* csrColInd, void* cscVal,
                             int* cscRowInd, int* cscColPtr, hipDataType type,
                             hipsparseAction_t copyValues, hipsparseIndexBase_t idxBase) {
  Handle* h = toHandle(handle);
  if (h == nullptr) return HIPSPARSE_STATUS_INVALID_VALUE;
  size_t bytes = 0;
  hipsparseStatus_t s = hipsparseCsr2cscEx2_bufferSize(
      handle, m, n, nnz, csrVal, csrRowPtr, csrColInd, cscVal, cscColPtr, cscRowInd, type,
      copyValues, idxBase, HIPSPARSE_CSR2CSC_ALG1, &bytes);
  if (s != HIPSPARSE_STATUS_SUCCESS) return s;
  void* buffer = nullptr;
  if (bytes > 0 && hipMallocAsync(&buffer, bytes, h->stream) != hipSuccess)
    return HIPSPARSE_STATUS_ALLOC_FAILED;
  s = hipsparseCsr2cscEx2(handle, m, n, nnz, csrVal, csrRowPtr, csrColInd, cscVal, cscColPtr,
                          cscRowInd, type, copyValues, idxBase, HIPSPARSE_CSR2CSC_ALG1, buffer);
  if (buffer != nullptr) (void)hipFreeAsync(buffer, h->stream);  // after the conversion, in order
  return s;
}

}  // namespace

#define UNIHIP_SPARSE_CSR2CSC(T, type)                                                          \
  hipsparseStatus_t csr2csc(hipsparseHandle_t handle, int m, int n, int nnz, const T* csrVal,   \
                            const int* csrRowPtr, const int* csrColInd, T* cscVal,              \
                            int* cscRowInd, int* cscColPtr, hipsparseAction_t copyValues,       \
                            hipsparseIndexBase_t idxBase) {                                     \
    return csr2cscEx2(handle, m, n, nnz, csrVal, csrRowPtr, csrColInd, cscVal, cscRowInd,       \
                      cscColPtr, type, copyValues, idxBase);                                    \
  }
UNIHIP_SPARSE_CSR2CSC(float, HIP_R_32F)
UNIHIP_SPARSE_CSR2CSC(double, HIP_R_64F)
UNIHIP_SPARSE_CSR2CSC(hipComplex, HIP_C_32F)
UNIHIP_SPARSE_CSR2CSC(hipDoubleComplex, HIP_C_64F)
#undef UNIHIP_SPARSE_CSR2CSC

}  // namespace unihip::sparse
