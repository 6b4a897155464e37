#include "cusparse_direct.h"

#include <cusparse.h>

#include "bench_direct.h"

struct DirectSpMV {
  decltype(&::cusparseSpMV) cusparseSpMV = nullptr;
  decltype(&::cusparseDestroy) cusparseDestroy = nullptr;
  decltype(&::cusparseDestroySpMat) cusparseDestroySpMat = nullptr;
  decltype(&::cusparseDestroyDnVec) cusparseDestroyDnVec = nullptr;
  cusparseHandle_t handle = nullptr;
  cusparseSpMatDescr_t a = nullptr;
  cusparseDnVecDescr_t x = nullptr, y = nullptr;
  void* buffer = nullptr;  // the caller's (directSpMVSetBuffer)
  size_t bufferBytes = 0;
};

DirectSpMV* directSpMVCreate(void* cuStream, int64_t rows, int64_t cols, int64_t nnz, void* rowPtr,
                             void* colInd, void* values, void* x, void* y, std::string* why) {
  // hipSPARSE's own list (libs/hipsparse/src/vendor.cpp).
  static unihip::libs::VendorLibrary cusparse{
      "hipsparse_bench_spmv", "cuSPARSE", "UNIHIP_CUSPARSE_LIBRARY",
      {"libcusparse.so.12", "/usr/local/cuda/lib64/libcusparse.so.12", "libcusparse.so"}};
  void* so = cusparse.open(why);
  if (so == nullptr) return nullptr;
  auto* s = new DirectSpMV;
  decltype(&::cusparseCreate) create = nullptr;
  decltype(&::cusparseSetStream) setStream = nullptr;
  decltype(&::cusparseCreateCsr) createCsr = nullptr;
  decltype(&::cusparseCreateDnVec) createVec = nullptr;
  decltype(&::cusparseSpMV_bufferSize) bufferSize = nullptr;
  std::string missing;
  unihip::libs::bench::resolve(so, "cusparseCreate", &create, &missing);
  unihip::libs::bench::resolve(so, "cusparseSetStream", &setStream, &missing);
  unihip::libs::bench::resolve(so, "cusparseCreateCsr", &createCsr, &missing);
  unihip::libs::bench::resolve(so, "cusparseCreateDnVec", &createVec, &missing);
  unihip::libs::bench::resolve(so, "cusparseSpMV_bufferSize", &bufferSize, &missing);
  BENCH_DIRECT_RESOLVE(so, s, cusparseSpMV, &missing);
  BENCH_DIRECT_RESOLVE(so, s, cusparseDestroy, &missing);
  BENCH_DIRECT_RESOLVE(so, s, cusparseDestroySpMat, &missing);
  BENCH_DIRECT_RESOLVE(so, s, cusparseDestroyDnVec, &missing);
  if (!missing.empty()) {
    *why = "cuSPARSE lacks " + missing;
    directSpMVDestroy(s);
    return nullptr;
  }
  const float one = 1, zero = 0;
  const bool ok =
      create(&s->handle) == CUSPARSE_STATUS_SUCCESS &&
      setStream(s->handle, static_cast<cudaStream_t>(cuStream)) == CUSPARSE_STATUS_SUCCESS &&
      createCsr(&s->a, rows, cols, nnz, rowPtr, colInd, values, CUSPARSE_INDEX_32I,
                CUSPARSE_INDEX_32I, CUSPARSE_INDEX_BASE_ZERO, CUDA_R_32F) == CUSPARSE_STATUS_SUCCESS &&
      createVec(&s->x, cols, x, CUDA_R_32F) == CUSPARSE_STATUS_SUCCESS &&
      createVec(&s->y, rows, y, CUDA_R_32F) == CUSPARSE_STATUS_SUCCESS &&
      bufferSize(s->handle, CUSPARSE_OPERATION_NON_TRANSPOSE, &one, s->a, s->x, &zero, s->y,
                 CUDA_R_32F, CUSPARSE_SPMV_CSR_ALG2, &s->bufferBytes) == CUSPARSE_STATUS_SUCCESS;
  if (!ok) {
    *why = "cuSPARSE refused the set-up";
    directSpMVDestroy(s);
    return nullptr;
  }
  return s;
}

size_t directSpMVBufferBytes(const DirectSpMV* s) { return s->bufferBytes; }
void directSpMVSetBuffer(DirectSpMV* s, void* buffer) { s->buffer = buffer; }

bool directSpMVRun(DirectSpMV* s, float alpha, float beta) {
  return s->cusparseSpMV(s->handle, CUSPARSE_OPERATION_NON_TRANSPOSE, &alpha, s->a, s->x, &beta,
                         s->y, CUDA_R_32F, CUSPARSE_SPMV_CSR_ALG2,
                         s->buffer) == CUSPARSE_STATUS_SUCCESS;
}

void directSpMVDestroy(DirectSpMV* s) {
  if (s->y) s->cusparseDestroyDnVec(s->y);
  if (s->x) s->cusparseDestroyDnVec(s->x);
  if (s->a) s->cusparseDestroySpMat(s->a);
  if (s->handle) s->cusparseDestroy(s->handle);
  delete s;
}
