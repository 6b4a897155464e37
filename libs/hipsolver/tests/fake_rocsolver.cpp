// A stand-in for librocsolver for hipSOLVER's CPU tests: rocSOLVER's C signatures (enums as int,
// the rocBLAS handle first), on host memory. Like rocSOLVER it checks the handle and sizes,
// answers its workspace size in rocBLAS's size-query mode (through the fake rocBLAS it links,
// as rocSOLVER links rocBLAS) and records the arguments of a real call.
#include "fake_rocsolver.h"

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstring>
#include <initializer_list>
#include <utility>

#define EXPORT extern "C" __attribute__((visibility("default")))

extern "C" bool rocblas_is_device_memory_size_query(void* handle);
extern "C" int rocblas_set_optimal_device_memory_size_impl(void* handle, size_t count, ...);

extern "C" {
__attribute__((visibility("default"))) FakeRocsolverLast fakeRocsolverLast;
}

namespace {

// rocblas_status: 0 success, 1 invalid_handle, 3 invalid_pointer, 4 invalid_size.
constexpr int kContinue = -1;

// The common start of every fake: handle, sizes, then the size query (`bytes`) or the record.
int begin(const char* name, void* h, bool badSize, size_t bytes, std::initializer_list<int> ints,
          std::initializer_list<const void*> ptrs = {}) {
  if (h == nullptr) return 1;
  if (badSize) return 4;
  if (rocblas_is_device_memory_size_query(h)) {
    rocblas_set_optimal_device_memory_size_impl(h, 1, bytes);
    return 0;
  }
  FakeRocsolverLast& last = fakeRocsolverLast;
  const int calls = last.calls;
  std::memset(&last, 0, sizeof last);
  std::strncpy(last.name, name, sizeof last.name - 1);
  last.handle = h;
  last.calls = calls + 1;
  int i = 0;
  for (int v : ints) last.ints[i++] = v;
  i = 0;
  for (const void* p : ptrs) last.ptrs[i++] = p;
  return kContinue;
}

}  // namespace

EXPORT int rocsolver_sgetrf(void* h, int m, int n, float* A, int lda, int* ipiv, int* info) {
  const int s = begin("rocsolver_sgetrf", h, m < 0 || n < 0 || lda < m, 1000, {m, n, lda}, {info});
  if (s != kContinue) return s;
  if (A == nullptr || ipiv == nullptr || info == nullptr) return 3;
  *info = 0;
  for (int k = 0; k < std::min(m, n); ++k) {  // partial pivoting, 1-based pivots
    int p = k;
    for (int i = k + 1; i < m; ++i)
      if (std::fabs(A[i + k * lda]) > std::fabs(A[p + k * lda])) p = i;
    ipiv[k] = p + 1;
    if (p != k)
      for (int j = 0; j < n; ++j) std::swap(A[k + j * lda], A[p + j * lda]);
    if (A[k + k * lda] == 0.0f) {
      if (*info == 0) *info = k + 1;
      continue;
    }
    for (int i = k + 1; i < m; ++i) {
      A[i + k * lda] /= A[k + k * lda];
      for (int j = k + 1; j < n; ++j) A[i + j * lda] -= A[i + k * lda] * A[k + j * lda];
    }
  }
  return 0;
}

EXPORT int rocsolver_sgetrf_npvt(void* h, int m, int n, float*, int lda, int* info) {
  const int s =
      begin("rocsolver_sgetrf_npvt", h, m < 0 || n < 0 || lda < m, 2000, {m, n, lda}, {info});
  return s != kContinue ? s : 0;
}

EXPORT int rocsolver_sgetrs(void* h, int trans, int n, int nrhs, float* A, int lda, int* ipiv,
                            float* B, int ldb) {
  const int s = begin("rocsolver_sgetrs", h, n < 0 || nrhs < 0 || lda < n || ldb < n, 300,
                      {trans, n, nrhs, lda, ldb});
  if (s != kContinue) return s;
  if (trans != 111) return 2;  // not_implemented here: only the plain solve
  for (int c = 0; c < nrhs; ++c) {
    float* b = B + c * ldb;
    for (int k = 0; k < n; ++k) std::swap(b[k], b[ipiv[k] - 1]);
    for (int i = 0; i < n; ++i)
      for (int k = 0; k < i; ++k) b[i] -= A[i + k * lda] * b[k];
    for (int i = n - 1; i >= 0; --i) {
      for (int k = i + 1; k < n; ++k) b[i] -= A[i + k * lda] * b[k];
      b[i] /= A[i + i * lda];
    }
  }
  return 0;
}

EXPORT int rocsolver_spotrf(void* h, int uplo, int n, float*, int lda, int* info) {
  const int s = begin("rocsolver_spotrf", h, n < 0 || lda < n, 500, {uplo, n, lda}, {info});
  if (s != kContinue) return s;
  if (info != nullptr) *info = 0;
  return 0;
}

EXPORT int rocsolver_dpotrf(void* h, int uplo, int n, double*, int lda, int* info) {
  const int s = begin("rocsolver_dpotrf", h, n < 0 || lda < n, 520, {uplo, n, lda}, {info});
  if (s != kContinue) return s;
  if (info != nullptr) *info = 0;
  return 0;
}

EXPORT int rocsolver_spotrf_batched(void* h, int uplo, int n, float* const A[], int lda, int* info,
                                    int batch) {
  const int s = begin("rocsolver_spotrf_batched", h, n < 0 || lda < n || batch < 0, 600,
                      {uplo, n, lda, batch}, {info, A});
  return s != kContinue ? s : 0;
}

EXPORT int rocsolver_spotrs(void* h, int uplo, int n, int nrhs, float*, int lda, float*, int ldb) {
  const int s = begin("rocsolver_spotrs", h, n < 0 || nrhs < 0 || lda < n || ldb < n, 0,
                      {uplo, n, nrhs, lda, ldb});
  return s != kContinue ? s : 0;
}

EXPORT int rocsolver_sgeqrf(void* h, int m, int n, float*, int lda, float* tau) {
  const int s = begin("rocsolver_sgeqrf", h, m < 0 || n < 0 || lda < m, 400, {m, n, lda}, {tau});
  return s != kContinue ? s : 0;
}

EXPORT int rocsolver_sormqr(void* h, int side, int trans, int m, int n, int k, float*, int lda,
                            float*, float*, int ldc) {
  const int s = begin("rocsolver_sormqr", h, m < 0 || n < 0 || k < 0 || ldc < m, 450,
                      {side, trans, m, n, k, lda, ldc});
  return s != kContinue ? s : 0;
}

EXPORT int rocsolver_sgesvd(void* h, int left, int right, int m, int n, float*, int lda, float*,
                            float*, int ldu, float*, int ldv, float* E, int fast, int* info) {
  const int s = begin("rocsolver_sgesvd", h, m < 0 || n < 0 || lda < m, 700,
                      {left, right, m, n, lda, ldu, ldv, fast}, {E, info});
  if (s != kContinue) return s;
  if (info != nullptr) *info = 0;
  return 0;
}

EXPORT int rocsolver_ssyevd(void* h, int evect, int uplo, int n, float*, int lda, float*, float* E,
                            int* info) {
  const int s =
      begin("rocsolver_ssyevd", h, n < 0 || lda < n, 900, {evect, uplo, n, lda}, {E, info});
  if (s != kContinue) return s;
  if (info != nullptr) *info = 0;
  return 0;
}

EXPORT int rocsolver_cheevd(void* h, int evect, int uplo, int n, void*, int lda, float*, float* E,
                            int* info) {
  const int s =
      begin("rocsolver_cheevd", h, n < 0 || lda < n, 950, {evect, uplo, n, lda}, {E, info});
  return s != kContinue ? s : 0;
}

EXPORT int rocsolver_spotrs_batched(void* h, int uplo, int n, int nrhs, float* const[], int lda,
                                    float* const[], int ldb, int batch) {
  const int s =
      begin("rocsolver_spotrs_batched", h, n < 0 || nrhs < 0 || lda < n || ldb < n || batch < 0, 0,
            {uplo, n, nrhs, lda, ldb, batch});
  return s != kContinue ? s : 0;
}
