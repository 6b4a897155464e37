// A stand-in for libcusolver for the CPU tests: a few entry points with cuSOLVER's C signatures
// (enums as int, handles and info objects as the fake's own), computing on host memory and
// recording what they were passed, so the tests see exactly what the forwarding layer hands
// cuSOLVER. Size checks are cuSOLVER's: n < 0 or lda < max(1, m) is INVALID_VALUE.
#include "fake_cusolver.h"

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <utility>

#define FAKE extern "C" __attribute__((visibility("default")))

namespace {

constexpr int kSuccess = 0, kInvalidValue = 3;

struct Info {
  double tolerance = 0;
};

bool badSizes(int m, int n, int lda) { return m < 0 || n < 0 || lda < std::max(1, m); }

}  // namespace

extern "C" {  // a block: extern "C" on the line alone would only declare it
__attribute__((visibility("default"))) FakeCusolverLast fakeCusolverLast;
}

FAKE int cusolverDnSetStream(void* h, void* stream) {
  fakeCusolverLast = {h, {}, {}, 0, stream};
  return kSuccess;
}

FAKE int cusolverDnSetDeterministicMode(void* h, int mode) {
  fakeCusolverLast = {h, {mode}, {}, 0, nullptr};
  return kSuccess;
}
FAKE int cusolverDnGetDeterministicMode(void* h, int* mode) {
  fakeCusolverLast.handle = h;
  *mode = fakeCusolverLast.ints[0];
  return kSuccess;
}

FAKE int cusolverDnSgetrf_bufferSize(void* h, int m, int n, float* A, int lda, int* lwork) {
  fakeCusolverLast = {h, {m, n, lda}, {}, 0, A};
  if (lwork == nullptr || badSizes(m, n, lda)) return kInvalidValue;
  *lwork = 4242;
  return kSuccess;
}

// LU with partial pivoting, column-major, one-based pivots: what cuSOLVER computes.
FAKE int cusolverDnSgetrf(void* h, int m, int n, float* A, int lda, float* work, int* ipiv, int* info) {
  fakeCusolverLast = {h, {m, n, lda}, {}, 0, work, ipiv};
  if (badSizes(m, n, lda)) return kInvalidValue;
  *info = 0;
  for (int k = 0; k < std::min(m, n); ++k) {
    int p = k;
    for (int i = k + 1; i < m; ++i)
      if (std::fabs(A[i + k * lda]) > std::fabs(A[p + k * lda])) p = i;
    if (ipiv != nullptr) ipiv[k] = p + 1;
    if (A[p + k * lda] == 0) {
      if (*info == 0) *info = k + 1;
      continue;
    }
    for (int j = 0; j < n; ++j) std::swap(A[k + j * lda], A[p + j * lda]);
    for (int i = k + 1; i < m; ++i) {
      A[i + k * lda] /= A[k + k * lda];
      for (int j = k + 1; j < n; ++j) A[i + j * lda] -= A[i + k * lda] * A[k + j * lda];
    }
  }
  return kSuccess;
}

// A x = B from getrf's factors (not transposed only).
FAKE int cusolverDnSgetrs(void* h, int trans, int n, int nrhs, const float* A, int lda,
                          const int* ipiv, float* B, int ldb, int* info) {
  fakeCusolverLast = {h, {trans, n, nrhs, lda, ldb}, {}, 0, A, B};
  if (badSizes(n, nrhs, lda) || ldb < std::max(1, n)) return kInvalidValue;
  if (trans != 0) return 9;  // NOT_SUPPORTED, through the status table
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
  *info = 0;
  return kSuccess;
}

FAKE int cusolverDnDpotrf(void* h, int uplo, int n, double* A, int lda, double* work, int lwork,
                          int* info) {
  fakeCusolverLast = {h, {uplo, n, lda, lwork}, {}, 0, A, work};
  if (badSizes(n, n, lda)) return kInvalidValue;
  if (info != nullptr) *info = 0;
  return kSuccess;
}

FAKE int cusolverDnSpotrfBatched(void* h, int uplo, int n, float** A, int lda, int* info, int batch) {
  fakeCusolverLast = {h, {uplo, n, lda, batch}, {}, 0, A, info};
  return kSuccess;
}

FAKE int cusolverDnSsyevdx_bufferSize(void* h, int jobz, int range, int uplo, int n, const float*,
                                      int lda, float vl, float vu, int il, int iu, int*,
                                      const float*, int* lwork) {
  fakeCusolverLast = {h, {jobz, range, uplo, n, lda, il, iu}, {}, static_cast<double>(vu - vl), nullptr};
  *lwork = 31;
  return kSuccess;
}

FAKE int cusolverDnSsyevd(void* h, int jobz, int uplo, int n, float* A, int lda, float* W,
                          float* work, int lwork, int* info) {
  fakeCusolverLast = {h, {jobz, uplo, n, lda, lwork}, {}, 0, W, work};
  (void)A;
  (void)info;
  return kSuccess;
}

FAKE int cusolverDnSgesvd_bufferSize(void* h, int m, int n, int* lwork) {
  fakeCusolverLast = {h, {m, n}, {}, 0, nullptr};
  *lwork = m + n;
  return kSuccess;
}

FAKE int cusolverDnSgesvd(void* h, signed char jobu, signed char jobvt, int m, int n, float*,
                          int lda, float*, float*, int ldu, float*, int ldvt, float* work,
                          int lwork, float* rwork, int*) {
  fakeCusolverLast = {h, {jobu, jobvt, m, n, lda, ldu, ldvt, lwork}, {}, 0, work, rwork};
  return kSuccess;
}

FAKE int cusolverDnSormqr(void* h, int side, int trans, int m, int n, int k, const float*, int lda,
                          const float*, float*, int ldc, float*, int lwork, int*) {
  fakeCusolverLast = {h, {side, trans, m, n, k, lda, ldc, lwork}, {}, 0, nullptr};
  return kSuccess;
}

FAKE int cusolverDnSSgels_bufferSize(void* h, int m, int n, int nrhs, float*, int, float*, int,
                                     float*, int, void* dwork, size_t* lwork) {
  fakeCusolverLast = {h, {m, n, nrhs}, {}, 0, dwork, lwork};
  *lwork = 999;
  return kSuccess;
}

FAKE int cusolverDnCreateGesvdjInfo(void** info) {
  if (info == nullptr) return kInvalidValue;
  *info = new Info{};
  return kSuccess;
}
FAKE int cusolverDnDestroyGesvdjInfo(void* info) {
  delete static_cast<Info*>(info);
  return kSuccess;
}
FAKE int cusolverDnXgesvdjSetTolerance(void* info, double tolerance) {
  static_cast<Info*>(info)->tolerance = tolerance;
  fakeCusolverLast.real = tolerance;
  return kSuccess;
}

FAKE int cusolverDnSetAdvOptions(void* params, int function, int alg) {
  fakeCusolverLast = {nullptr, {function, alg}, {}, 0, params};
  return kSuccess;
}

FAKE int cusolverDnXgetrf(void* h, void* params, int64_t m, int64_t n, int typeA, void* A,
                          int64_t lda, int64_t* ipiv, int computeType, void* dwork, size_t dsize,
                          void* hwork, size_t hsize, int* info) {
  fakeCusolverLast = {h, {typeA, computeType}, {m, n, lda, static_cast<int64_t>(dsize + hsize)}, 0,
                      params, dwork};
  (void)A, (void)ipiv, (void)hwork, (void)info;
  return kSuccess;
}

// Answers with the status the test asks for, passed as m.
FAKE int cusolverDnSgeqrf_bufferSize(void* h, int m, int, float*, int, int*) {
  fakeCusolverLast.handle = h;
  return m;
}

// The sparse API: a QR solve's scalar arguments as cuSOLVER sees them.
FAKE int cusolverSpScsrlsvqr(void* h, int m, int nnz, const void* descr, const float*, const int*,
                             const int*, const float* b, float tol, int reorder, float* x,
                             int* singularity) {
  fakeCusolverLast = {h, {m, nnz, reorder}, {}, tol, descr, b};
  if (singularity != nullptr) *singularity = -1;
  (void)x;
  return kSuccess;
}

// The refactorization API: its handle is the caller's, its enums cuSOLVER's values.
FAKE int cusolverRfSetAlgs(void* h, int factAlg, int solveAlg) {
  fakeCusolverLast = {h, {factAlg, solveAlg}, {}, 0, nullptr};
  return h == nullptr ? 1 : kSuccess;  // cuSOLVER's NOT_INITIALIZED for a NULL handle
}
FAKE int cusolverRfSetNumericProperties(void* h, double zero, double boost) {
  fakeCusolverLast = {h, {}, {}, zero + boost, nullptr};
  return kSuccess;
}
