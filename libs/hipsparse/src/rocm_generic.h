// The generic calls whose rocSPARSE form takes a stage argument (flag rocimpl= in functions.tsv):
// hipSPARSE's _bufferSize, _preprocess and compute calls are one rocSPARSE call each with its
// stage, as AMD's hipSPARSE makes them.
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

}  // namespace unihip::sparse
