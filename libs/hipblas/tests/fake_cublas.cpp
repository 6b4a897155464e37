// A stand-in for libcublas for the CPU tests: a few entry points with cuBLAS's C signatures
// (enums as int), computing on host memory and recording what they were passed, so the tests
// see exactly what the forwarding layer hands the vendor.
#include <cstdint>

extern "C" {

struct FakeCublasLast {
  void* handle;
  int ints[8];      // enum arguments, in order
  int64_t sizes[8]; // size arguments, in order
};
__attribute__((visibility("default"))) FakeCublasLast fakeCublasLast;

__attribute__((visibility("default"))) int cublasSaxpy_v2(void* h, int n, const float* alpha,
                                                          const float* x, int incx, float* y,
                                                          int incy) {
  fakeCublasLast.handle = h;
  if (n < 0) return 7;  // CUBLAS_STATUS_INVALID_VALUE
  for (int i = 0; i < n; ++i) y[i * incy] += *alpha * x[i * incx];
  return 0;
}

__attribute__((visibility("default"))) int cublasSaxpy_v2_64(void* h, int64_t n,
                                                             const float* alpha, const float* x,
                                                             int64_t incx, float* y,
                                                             int64_t incy) {
  fakeCublasLast.sizes[0] = n;
  return cublasSaxpy_v2(h, static_cast<int>(n), alpha, x, static_cast<int>(incx), y,
                        static_cast<int>(incy));
}

__attribute__((visibility("default"))) int cublasStrsm_v2(void* h, int side, int uplo, int trans,
                                                          int diag, int m, int n, const float*,
                                                          const float*, int, float*, int) {
  fakeCublasLast = {h, {side, uplo, trans, diag}, {m, n}};
  return 13;  // CUBLAS_STATUS_EXECUTION_FAILED: the status must come back mapped
}

__attribute__((visibility("default"))) int cublasGemmStridedBatchedEx(
    void* h, int ta, int tb, int m, int n, int k, const void*, const void*, int at, int lda,
    long long sa, const void*, int bt, int ldb, long long sb, const void*, void*, int ct, int ldc,
    long long sc, int batch, int compute, int algo) {
  fakeCublasLast = {h, {ta, tb, at, bt, ct, compute, algo}, {m, n, k, lda, ldb, ldc, sa + sb + sc, batch}};
  return 0;
}

__attribute__((visibility("default"))) int cublasGetPointerMode_v2(void* h, int* mode) {
  fakeCublasLast.handle = h;
  *mode = 1;
  return 0;
}

}  // extern "C"
