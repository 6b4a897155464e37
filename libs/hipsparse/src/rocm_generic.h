// The generic calls whose rocSPARSE form differs beyond what functions.tsv's flags say (flag
// rocimpl=): hipSPARSE's _bufferSize, _preprocess and compute calls are one rocSPARSE call each
// with its stage (SpMV, SpMM), or one call told apart by which of its size and buffer arguments
// are NULL (SpVV, DenseToSparse), as AMD's hipSPARSE makes them.
#pragma once

#include <hipsparse/hipsparse.h>

namespace unihip::sparse {

hipsparseStatus_t rocSpMVBufferSize(hipsparseHandle_t handle, hipsparseOperation_t opA,
                                    const void* alpha, hipsparseConstSpMatDescr_t matA,
                                    hipsparseConstDnVecDescr_t vecX, const void* beta,
                                    const hipsparseDnVecDescr_t vecY, hipDataType computeType,
                                    hipsparseSpMVAlg_t alg, size_t* pBufferSizeInBytes);
hipsparseStatus_t rocSpMVPreprocess(hipsparseHandle_t handle, hipsparseOperation_t opA,
                                    const void* alpha, hipsparseConstSpMatDescr_t matA,
                                    hipsparseConstDnVecDescr_t vecX, const void* beta,
                                    const hipsparseDnVecDescr_t vecY, hipDataType computeType,
                                    hipsparseSpMVAlg_t alg, void* externalBuffer);
hipsparseStatus_t rocSpMV(hipsparseHandle_t handle, hipsparseOperation_t opA, const void* alpha,
                          hipsparseConstSpMatDescr_t matA, hipsparseConstDnVecDescr_t vecX,
                          const void* beta, const hipsparseDnVecDescr_t vecY,
                          hipDataType computeType, hipsparseSpMVAlg_t alg, void* externalBuffer);

hipsparseStatus_t rocSpMMBufferSize(hipsparseHandle_t handle, hipsparseOperation_t opA,
                                    hipsparseOperation_t opB, const void* alpha,
                                    hipsparseConstSpMatDescr_t matA,
                                    hipsparseConstDnMatDescr_t matB, const void* beta,
                                    const hipsparseDnMatDescr_t matC, hipDataType computeType,
                                    hipsparseSpMMAlg_t alg, size_t* pBufferSizeInBytes);
hipsparseStatus_t rocSpMMPreprocess(hipsparseHandle_t handle, hipsparseOperation_t opA,
                                    hipsparseOperation_t opB, const void* alpha,
                                    hipsparseConstSpMatDescr_t matA,
                                    hipsparseConstDnMatDescr_t matB, const void* beta,
                                    const hipsparseDnMatDescr_t matC, hipDataType computeType,
                                    hipsparseSpMMAlg_t alg, void* externalBuffer);
hipsparseStatus_t rocSpMM(hipsparseHandle_t handle, hipsparseOperation_t opA,
                          hipsparseOperation_t opB, const void* alpha,
                          hipsparseConstSpMatDescr_t matA, hipsparseConstDnMatDescr_t matB,
                          const void* beta, const hipsparseDnMatDescr_t matC,
                          hipDataType computeType, hipsparseSpMMAlg_t alg, void* externalBuffer);

// rocSPARSE computes when both its size and its buffer are given; NULL buffers are refused here,
// as AMD's hipSPARSE does (rocSPARSE would take them as a size query).
hipsparseStatus_t rocSpVV(hipsparseHandle_t handle, hipsparseOperation_t opX,
                          hipsparseConstSpVecDescr_t vecX, hipsparseConstDnVecDescr_t vecY,
                          void* result, hipDataType computeType, void* externalBuffer);
hipsparseStatus_t rocDenseToSparseConvert(hipsparseHandle_t handle, hipsparseConstDnMatDescr_t matA,
                                          hipsparseSpMatDescr_t matB, hipsparseDenseToSparseAlg_t alg,
                                          void* externalBuffer);

}  // namespace unihip::sparse
