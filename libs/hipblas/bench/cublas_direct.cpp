#include "cublas_direct.h"

#include <cublas_v2.h>

#include "bench_direct.h"

struct DirectBlas {
  decltype(&::cublasDestroy_v2) cublasDestroy_v2 = nullptr;
  decltype(&::cublasSgemm_v2) cublasSgemm_v2 = nullptr;
  decltype(&::cublasDgemm_v2) cublasDgemm_v2 = nullptr;
  decltype(&::cublasSgemmStridedBatched) cublasSgemmStridedBatched = nullptr;
  decltype(&::cublasSgemmBatched) cublasSgemmBatched = nullptr;
  cublasHandle_t handle = nullptr;
};

namespace {
constexpr cublasOperation_t kN = CUBLAS_OP_N;
}  // namespace

DirectBlas* directBlasCreate(void* cuStream, std::string* why) {
  // hipBLAS's own list (libs/hipblas/src/vendor.cpp), CUDA 13 first.
  static unihip::libs::VendorLibrary cublas{
      "hipblas_bench_gemm", "cuBLAS", "UNIHIP_CUBLAS_LIBRARY",
      {"libcublas.so.13", "libcublas.so.12", "/usr/local/cuda/lib64/libcublas.so.13",
       "/usr/local/cuda/lib64/libcublas.so.12", "libcublas.so"}};
  void* so = cublas.open(why);
  if (so == nullptr) return nullptr;
  auto* s = new DirectBlas;
  decltype(&::cublasCreate_v2) cublasCreate_v2 = nullptr;
  decltype(&::cublasSetStream_v2) cublasSetStream_v2 = nullptr;
  std::string missing;
  unihip::libs::bench::resolve(so, "cublasCreate_v2", &cublasCreate_v2, &missing);
  unihip::libs::bench::resolve(so, "cublasSetStream_v2", &cublasSetStream_v2, &missing);
  BENCH_DIRECT_RESOLVE(so, s, cublasDestroy_v2, &missing);
  BENCH_DIRECT_RESOLVE(so, s, cublasSgemm_v2, &missing);
  BENCH_DIRECT_RESOLVE(so, s, cublasDgemm_v2, &missing);
  BENCH_DIRECT_RESOLVE(so, s, cublasSgemmStridedBatched, &missing);
  BENCH_DIRECT_RESOLVE(so, s, cublasSgemmBatched, &missing);
  if (!missing.empty()) {
    *why = "cuBLAS lacks " + missing;
  } else if (cublasCreate_v2(&s->handle) != CUBLAS_STATUS_SUCCESS ||
             cublasSetStream_v2(s->handle, static_cast<cudaStream_t>(cuStream)) !=
                 CUBLAS_STATUS_SUCCESS) {
    *why = "cuBLAS refused the set-up";
  } else {
    return s;
  }
  directBlasDestroy(s);
  return nullptr;
}

bool directSgemm(DirectBlas* s, int n, const float* A, const float* B, float* C) {
  const float one = 1, zero = 0;
  return s->cublasSgemm_v2(s->handle, kN, kN, n, n, n, &one, A, n, B, n, &zero, C, n) ==
         CUBLAS_STATUS_SUCCESS;
}

bool directDgemm(DirectBlas* s, int n, const double* A, const double* B, double* C) {
  const double one = 1, zero = 0;
  return s->cublasDgemm_v2(s->handle, kN, kN, n, n, n, &one, A, n, B, n, &zero, C, n) ==
         CUBLAS_STATUS_SUCCESS;
}

bool directSgemmStridedBatched(DirectBlas* s, int n, int batch, const float* A, const float* B,
                               float* C) {
  const float one = 1, zero = 0;
  const long long stride = static_cast<long long>(n) * n;
  return s->cublasSgemmStridedBatched(s->handle, kN, kN, n, n, n, &one, A, n, stride, B, n, stride,
                                      &zero, C, n, stride, batch) == CUBLAS_STATUS_SUCCESS;
}

bool directSgemmBatched(DirectBlas* s, int n, int batch, const float* const* A,
                        const float* const* B, float* const* C) {
  const float one = 1, zero = 0;
  return s->cublasSgemmBatched(s->handle, kN, kN, n, n, n, &one, A, n, B, n, &zero, C, n, batch) ==
         CUBLAS_STATUS_SUCCESS;
}

void directBlasDestroy(DirectBlas* s) {
  if (s->handle != nullptr) s->cublasDestroy_v2(s->handle);
  delete s;
}
