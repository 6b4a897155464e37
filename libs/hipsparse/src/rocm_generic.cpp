#include "rocm_generic.h"

#include "forward.h"

namespace unihip::sparse {
namespace {

// rocsparse_spmv_stage / rocsparse_spmm_stage (the same numbers for both).
enum Stage : int { kBufferSize = 1, kPreprocess = 2, kCompute = 3 };

Entry gSpMV{"rocsparse_spmv", Vendor::rocm};
Entry gSpMM{"rocsparse_spmm", Vendor::rocm};
Entry gSpVV{"rocsparse_spvv", Vendor::rocm};
Entry gDenseToSparse{"rocsparse_dense_to_sparse", Vendor::rocm};

// The stage's buffer size argument: the caller's for the size query (rocSPARSE answers a NULL
// one), a scratch one otherwise (rocSPARSE refuses NULL there; AMD's hipSPARSE passes one too).
template <class... A>
hipsparseStatus_t stage(Entry& e, hipsparseHandle_t handle, int which, size_t* size, void* buffer,
                        A... args) {
  size_t scratch = 0;
  return forwardRoc(e, handle, args..., which, which == kBufferSize ? size : &scratch, buffer);
}

}  // namespace

hipsparseStatus_t rocSpMVBufferSize(hipsparseHandle_t handle, hipsparseOperation_t opA,
                                    const void* alpha, hipsparseConstSpMatDescr_t matA,
                                    hipsparseConstDnVecDescr_t vecX, const void* beta,
                                    const hipsparseDnVecDescr_t vecY, hipDataType computeType,
                                    hipsparseSpMVAlg_t alg, size_t* pBufferSizeInBytes) {
  return stage(gSpMV, handle, kBufferSize, pBufferSizeInBytes, nullptr, opA, alpha, matA, vecX,
               beta, vecY, computeType, alg);
}

hipsparseStatus_t rocSpMVPreprocess(hipsparseHandle_t handle, hipsparseOperation_t opA,
                                    const void* alpha, hipsparseConstSpMatDescr_t matA,
                                    hipsparseConstDnVecDescr_t vecX, const void* beta,
                                    const hipsparseDnVecDescr_t vecY, hipDataType computeType,
                                    hipsparseSpMVAlg_t alg, void* externalBuffer) {
  return stage(gSpMV, handle, kPreprocess, nullptr, externalBuffer, opA, alpha, matA, vecX, beta,
               vecY, computeType, alg);
}

hipsparseStatus_t rocSpMV(hipsparseHandle_t handle, hipsparseOperation_t opA, const void* alpha,
                          hipsparseConstSpMatDescr_t matA, hipsparseConstDnVecDescr_t vecX,
                          const void* beta, const hipsparseDnVecDescr_t vecY,
                          hipDataType computeType, hipsparseSpMVAlg_t alg, void* externalBuffer) {
  return stage(gSpMV, handle, kCompute, nullptr, externalBuffer, opA, alpha, matA, vecX, beta,
               vecY, computeType, alg);
}

hipsparseStatus_t rocSpMMBufferSize(hipsparseHandle_t handle, hipsparseOperation_t opA,
                                    hipsparseOperation_t opB, const void* alpha,
                                    hipsparseConstSpMatDescr_t matA,
                                    hipsparseConstDnMatDescr_t matB, const void* beta,
                                    const hipsparseDnMatDescr_t matC, hipDataType computeType,
                                    hipsparseSpMMAlg_t alg, size_t* pBufferSizeInBytes) {
  return stage(gSpMM, handle, kBufferSize, pBufferSizeInBytes, nullptr, opA, opB, alpha, matA,
               matB, beta, matC, computeType, alg);
}

hipsparseStatus_t rocSpMMPreprocess(hipsparseHandle_t handle, hipsparseOperation_t opA,
                                    hipsparseOperation_t opB, const void* alpha,
                                    hipsparseConstSpMatDescr_t matA,
                                    hipsparseConstDnMatDescr_t matB, const void* beta,
                                    const hipsparseDnMatDescr_t matC, hipDataType computeType,
                                    hipsparseSpMMAlg_t alg, void* externalBuffer) {
  return stage(gSpMM, handle, kPreprocess, nullptr, externalBuffer, opA, opB, alpha, matA, matB,
               beta, matC, computeType, alg);
}

hipsparseStatus_t rocSpMM(hipsparseHandle_t handle, hipsparseOperation_t opA,
                          hipsparseOperation_t opB, const void* alpha,
                          hipsparseConstSpMatDescr_t matA, hipsparseConstDnMatDescr_t matB,
                          const void* beta, const hipsparseDnMatDescr_t matC,
                          hipDataType computeType, hipsparseSpMMAlg_t alg, void* externalBuffer) {
  return stage(gSpMM, handle, kCompute, nullptr, externalBuffer, opA, opB, alpha, matA, matB,
               beta, matC, computeType, alg);
}

hipsparseStatus_t rocSpVV(hipsparseHandle_t handle, hipsparseOperation_t opX,
                          hipsparseConstSpVecDescr_t vecX, hipsparseConstDnVecDescr_t vecY,
                          void* result, hipDataType computeType, void* externalBuffer) {
  if (toHandle(handle) == nullptr) return HIPSPARSE_STATUS_INVALID_VALUE;
  const uintptr_t fn = resolve(gSpVV);
  if (fn <= kNoSymbol) return missing(fn);
  if (externalBuffer == nullptr) return HIPSPARSE_STATUS_INVALID_VALUE;
  size_t scratch = 0;
  return forwardRoc(gSpVV, handle, opX, vecX, vecY, result, computeType, &scratch, externalBuffer);
}

hipsparseStatus_t rocDenseToSparseConvert(hipsparseHandle_t handle, hipsparseConstDnMatDescr_t matA,
                                          hipsparseSpMatDescr_t matB, hipsparseDenseToSparseAlg_t alg,
                                          void* externalBuffer) {
  size_t scratch = 0;
  return forwardRoc(gDenseToSparse, handle, matA, matB, alg,
                    externalBuffer != nullptr ? &scratch : nullptr, externalBuffer);
}

}  // namespace unihip::sparse
