// Legacy calls whose rocSPARSE form takes a work buffer hipSPARSE's does not (flag rocimpl= in
// functions.tsv): the buffer is sized, taken and given back on the handle's stream, as AMD's
// hipSPARSE does; csr2csc also waits for its stream (cuSPARSE's was blocking; AMD's waits).
#pragma once

#include <hipsparse/hipsparse.h>

namespace unihip::sparse {

template <class T>
hipsparseStatus_t rocCsr2csc(hipsparseHandle_t handle, int m, int n, int nnz, const T* csrVal,
                             const int* csrRowPtr, const int* csrColInd, T* cscVal, int* cscRowInd,
                             int* cscColPtr, hipsparseAction_t copyValues,
                             hipsparseIndexBase_t idxBase);

// rocSPARSE has one csr2csc algorithm: `alg` is checked and otherwise ignored, as AMD's does.
hipsparseStatus_t rocCsr2cscEx2BufferSize(hipsparseHandle_t handle, int m, int n, int nnz,
                                          const void* csrVal, const int* csrRowPtr,
                                          const int* csrColInd, void* cscVal, int* cscColPtr,
                                          int* cscRowInd, hipDataType valType,
                                          hipsparseAction_t copyValues,
                                          hipsparseIndexBase_t idxBase, hipsparseCsr2CscAlg_t alg,
                                          size_t* pBufferSizeInBytes);
hipsparseStatus_t rocCsr2cscEx2(hipsparseHandle_t handle, int m, int n, int nnz, const void* csrVal,
                                const int* csrRowPtr, const int* csrColInd, void* cscVal,
                                int* cscColPtr, int* cscRowInd, hipDataType valType,
                                hipsparseAction_t copyValues, hipsparseIndexBase_t idxBase,
                                hipsparseCsr2CscAlg_t alg, void* buffer);

}  // namespace unihip::sparse
