#include "cusparse_direct.h"

#include <cusparse.h>
#include <dlfcn.h>

#include <cstdlib>

struct DirectSpMV {
  decltype(&cusparseSpMV) spmv;
  decltype(&cusparseDestroy) destroy;
  decltype(&cusparseDestroySpMat) destroyMat;
  decltype(&cusparseDestroyDnVec) destroyVec;
  cusparseHandle_t handle = nullptr;
  cusparseSpMatDescr_t a = nullptr;
  cusparseDnVecDescr_t x = nullptr, y = nullptr;
  void* buffer = nullptr;  // the caller's (directSpMVSetBuffer)
  size_t bufferBytes = 0;
};

namespace {

// The same library hipSPARSE loads (dlopen finds the one already mapped).
void* library() {
  const char* env = std::getenv("UNIHIP_CUSPARSE_LIBRARY");
  for (const char* p : {env, "libcusparse.so.12", "/usr/local/cuda/lib64/libcusparse.so.12"}) {
    if (p == nullptr || *p == '\0') continue;
    if (void* so = dlopen(p, RTLD_NOW | RTLD_LOCAL)) return so;
  }
  return nullptr;
}

template <class F>
F sym(void* so, const char* name) {
  return reinterpret_cast<F>(dlsym(so, name));
}

}  // namespace

DirectSpMV* directSpMVCreate(void* cuStream, int64_t rows, int64_t cols, int64_t nnz, void* rowPtr,
                             void* colInd, void* values, void* x, void* y, std::string* why) {
  void* so = library();
  if (so == nullptr) {
    *why = "libcusparse.so.12 not found";
    return nullptr;
  }
  auto create = sym<decltype(&cusparseCreate)>(so, "cusparseCreate");
  auto setStream = sym<decltype(&cusparseSetStream)>(so, "cusparseSetStream");
  auto createCsr = sym<decltype(&cusparseCreateCsr)>(so, "cusparseCreateCsr");
  auto createVec = sym<decltype(&cusparseCreateDnVec)>(so, "cusparseCreateDnVec");
  auto bufferSize = sym<decltype(&cusparseSpMV_bufferSize)>(so, "cusparseSpMV_bufferSize");
  auto* s = new DirectSpMV{sym<decltype(&cusparseSpMV)>(so, "cusparseSpMV"),
                           sym<decltype(&cusparseDestroy)>(so, "cusparseDestroy"),
                           sym<decltype(&cusparseDestroySpMat)>(so, "cusparseDestroySpMat"),
                           sym<decltype(&cusparseDestroyDnVec)>(so, "cusparseDestroyDnVec")};
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
  return s->spmv(s->handle, CUSPARSE_OPERATION_NON_TRANSPOSE, &alpha, s->a, s->x, &beta, s->y,
                 CUDA_R_32F, CUSPARSE_SPMV_CSR_ALG2, s->buffer) == CUSPARSE_STATUS_SUCCESS;
}

void directSpMVDestroy(DirectSpMV* s) {
  if (s->y) s->destroyVec(s->y);
  if (s->x) s->destroyVec(s->x);
  if (s->a) s->destroyMat(s->a);
  if (s->handle) s->destroy(s->handle);
  delete s;
}
