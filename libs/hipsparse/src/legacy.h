// hipSPARSE functions cuSPARSE 12 dropped but whose work a newer cuSPARSE call does: built here
// on hipSPARSE's own forwarded functions (flag impl= in functions.tsv).
#pragma once

#include <hipsparse/hipsparse.h>

namespace unihip::sparse {

// csr2csc through Csr2cscEx2, with its work buffer taken and given back on the handle's stream.
hipsparseStatus_t csr2csc(hipsparseHandle_t handle, int m, int n, int nnz, const float* csrVal,
                          const int* csrRowPtr, const int* csrColInd, float* cscVal, int* cscRowInd,
                          int* cscColPtr, hipsparseAction_t copyValues, hipsparseIndexBase_t idxBase);
hipsparseStatus_t csr2csc(hipsparseHandle_t handle, int m, int n, int nnz, const double* csrVal,
                          const int* csrRowPtr, const int* csrColInd, double* cscVal,
                          int* cscRowInd, int* cscColPtr, hipsparseAction_t copyValues,
                          hipsparseIndexBase_t idxBase);
hipsparseStatus_t csr2csc(hipsparseHandle_t handle, int m, int n, int nnz, const hipComplex* csrVal,
                          const int* csrRowPtr, const int* csrColInd, hipComplex* cscVal,
                          int* cscRowInd, int* cscColPtr, hipsparseAction_t copyValues,
                          hipsparseIndexBase_t idxBase);
hipsparseStatus_t csr2csc(hipsparseHandle_t handle, int m, int n, int nnz,
                          const hipDoubleComplex* csrVal, const int* csrRowPtr,
                          const int* csrColInd, hipDoubleComplex* cscVal, int* cscRowInd,
                          int* cscColPtr, hipsparseAction_t copyValues, hipsparseIndexBase_t idxBase);

}  // namespace unihip::sparse
