// hipSOLVER on a real GPU (NVIDIA: cuSOLVER), each result against the mathematics it must satisfy,
// all on a non-default stream bound with hipsolverSetStream: getrf/getrs (regular API, with and
// without a caller's workspace; compatibility API; 64-bit API), potrf, geqrf, gesvd, syevd, syevj,
// gels, the sparse API's csrlsvqr and csrlsvchol, and cuSOLVER's own size checks through the status table. Exit 77 (skip) without a GPU.
#include <hipsolver/hipsolver.h>
#include <hipsparse/hipsparse.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <random>
#include <vector>

namespace {

int failures = 0;

#define EXPECT(cond)                                                \
  do {                                                              \
    if (!(cond)) {                                                  \
      std::printf("FAILED %s:%d: %s\n", __FILE__, __LINE__, #cond); \
      ++failures;                                                   \
    }                                                               \
  } while (0)
#define OK_HIP(e) EXPECT((e) == hipSuccess)
#define OK_SOLVER(e)                                                        \
  do {                                                                      \
    hipsolverStatus_t s_ = (e);                                             \
    if (s_ != HIPSOLVER_STATUS_SUCCESS) {                                   \
      std::printf("FAILED %s:%d: %s -> %d\n", __FILE__, __LINE__, #e, s_); \
      ++failures;                                                           \
    }                                                                       \
  } while (0)

using Mat = std::vector<double>;  // column-major

template <class T>
T* toDevice(const std::vector<T>& h) {
  void* d = nullptr;
  OK_HIP(hipMalloc(&d, std::max<size_t>(1, h.size()) * sizeof(T)));
  if (!h.empty()) OK_HIP(hipMemcpy(d, h.data(), h.size() * sizeof(T), hipMemcpyHostToDevice));
  return static_cast<T*>(d);
}

template <class T>
std::vector<T> toHost(const T* d, size_t n) {
  std::vector<T> h(n);
  if (n) OK_HIP(hipMemcpy(h.data(), d, n * sizeof(T), hipMemcpyDeviceToHost));
  return h;
}

template <class T>
T* deviceArray(size_t n) {
  void* d = nullptr;
  OK_HIP(hipMalloc(&d, std::max<size_t>(n, 1) * sizeof(T)));
  return static_cast<T*>(d);
}

std::mt19937 rng(11);
Mat randomMat(int m, int n) {
  std::uniform_real_distribution<double> u(-1, 1);
  Mat a(size_t(m) * n);
  for (auto& v : a) v = u(rng);
  return a;
}

Mat mul(const Mat& a, const Mat& b, int m, int k, int n, bool ta = false) {
  Mat c(size_t(m) * n, 0.0);
  for (int j = 0; j < n; ++j)
    for (int l = 0; l < k; ++l)
      for (int i = 0; i < m; ++i)
        c[i + size_t(j) * m] += (ta ? a[l + size_t(i) * k] : a[i + size_t(l) * m]) * b[l + size_t(j) * k];
  return c;
}

double maxAbsDiff(const Mat& a, const Mat& b) {
  double e = 0;
  for (size_t i = 0; i < a.size(); ++i) e = std::max(e, std::fabs(a[i] - b[i]));
  return e;
}

// The Householder reflection I - 2 v v^T / v^T v: orthogonal and symmetric.
Mat householder(int n) {
  Mat v = randomMat(n, 1), h(size_t(n) * n, 0.0);
  double vv = 0;
  for (double x : v) vv += x * x;
  for (int j = 0; j < n; ++j)
    for (int i = 0; i < n; ++i) h[i + size_t(j) * n] = (i == j) - 2 * v[i] * v[j] / vv;
  return h;
}

int deviceInfo(const int* d) { return toHost(d, 1)[0]; }

void testGetrfGetrs(hipsolverHandle_t h) {
  const int n = 64, nrhs = 2;
  Mat a = randomMat(n, n);
  for (int i = 0; i < n; ++i) a[i + size_t(i) * n] += n;  // well conditioned
  const Mat x = randomMat(n, nrhs);
  const Mat b = mul(a, x, n, n, nrhs);
  for (int variant = 0; variant < 3; ++variant) {  // caller's workspace, none, compatibility API
    double *dA = toDevice(a), *dB = toDevice(b);
    int* ipiv = deviceArray<int>(n);
    int* info = deviceArray<int>(1);
    int lwork = 0;
    OK_SOLVER(hipsolverDgetrf_bufferSize(h, n, n, dA, n, &lwork));
    EXPECT(lwork > 0);
    double* work = deviceArray<double>(lwork);
    if (variant == 0) {
      OK_SOLVER(hipsolverDgetrf(h, n, n, dA, n, work, lwork, ipiv, info));
    } else if (variant == 1) {
      OK_SOLVER(hipsolverDgetrf(h, n, n, dA, n, nullptr, 0, ipiv, info));
    } else {
      OK_SOLVER(hipsolverDnDgetrf(h, n, n, dA, n, work, ipiv, info));
    }
    EXPECT(deviceInfo(info) == 0);
    int rl = -1;
    OK_SOLVER(hipsolverDgetrs_bufferSize(h, HIPSOLVER_OP_N, n, nrhs, dA, n, ipiv, dB, n, &rl));
    EXPECT(rl == 0);
    if (variant < 2) {
      OK_SOLVER(hipsolverDgetrs(h, HIPSOLVER_OP_N, n, nrhs, dA, n, ipiv, dB, n, nullptr, 0, info));
    } else {
      OK_SOLVER(hipsolverDnDgetrs(h, HIPSOLVER_OP_N, n, nrhs, dA, n, ipiv, dB, n, info));
    }
    EXPECT(deviceInfo(info) == 0);
    const Mat got = toHost(dB, b.size());
    EXPECT(maxAbsDiff(got, x) < 1e-10);
    for (void* p : {(void*)dA, (void*)dB, (void*)ipiv, (void*)info, (void*)work}) OK_HIP(hipFree(p));
  }
  std::printf("getrf/getrs n=%d: solved (own workspace, none, hipsolverDn)\n", n);
}

void testXgetrf(hipsolverHandle_t h) {
  const int64_t n = 32;
  Mat a = randomMat(n, n);
  for (int i = 0; i < n; ++i) a[i + size_t(i) * n] += n;
  const Mat x = randomMat(n, 1);
  const Mat b = mul(a, x, n, n, 1);
  double *dA = toDevice(a), *dB = toDevice(b);
  int64_t* ipiv = deviceArray<int64_t>(n);
  int* info = deviceArray<int>(1);
  hipsolverDnParams_t params = nullptr;
  OK_SOLVER(hipsolverDnCreateParams(&params));
  size_t dBytes = 0, hBytes = 0;
  OK_SOLVER(hipsolverDnXgetrf_bufferSize(h, params, n, n, HIP_R_64F, dA, n, HIP_R_64F, &dBytes, &hBytes));
  void* dWork = deviceArray<char>(dBytes);
  std::vector<char> hWork(std::max<size_t>(hBytes, 1));
  OK_SOLVER(hipsolverDnXgetrf(h, params, n, n, HIP_R_64F, dA, n, ipiv, HIP_R_64F, dWork, dBytes,
                              hWork.data(), hBytes, info));
  OK_SOLVER(hipsolverDnXgetrs(h, params, HIPSOLVER_OP_N, n, 1, HIP_R_64F, dA, n, ipiv, HIP_R_64F, dB, n, info));
  EXPECT(deviceInfo(info) == 0);
  EXPECT(maxAbsDiff(toHost(dB, n), x) < 1e-10);
  OK_SOLVER(hipsolverDnDestroyParams(params));
  for (void* p : {(void*)dA, (void*)dB, (void*)ipiv, (void*)info, dWork}) OK_HIP(hipFree(p));
  std::printf("Xgetrf/Xgetrs (64-bit API) n=%lld: solved\n", static_cast<long long>(n));
}

void testPotrf(hipsolverHandle_t h) {
  const int n = 32;
  const Mat m = randomMat(n, n);
  Mat a = mul(m, m, n, n, n, true);  // m^T m + n I: symmetric positive definite
  for (int i = 0; i < n; ++i) a[i + size_t(i) * n] += n;
  double* dA = toDevice(a);
  int* info = deviceArray<int>(1);
  int lwork = 0;
  OK_SOLVER(hipsolverDpotrf_bufferSize(h, HIPSOLVER_FILL_MODE_LOWER, n, dA, n, &lwork));
  double* work = deviceArray<double>(lwork);
  OK_SOLVER(hipsolverDpotrf(h, HIPSOLVER_FILL_MODE_LOWER, n, dA, n, work, lwork, info));
  EXPECT(deviceInfo(info) == 0);
  Mat l = toHost(dA, a.size());
  for (int j = 0; j < n; ++j)
    for (int i = 0; i < j; ++i) l[i + size_t(j) * n] = 0;  // the upper part is untouched input
  Mat lt(size_t(n) * n);
  for (int j = 0; j < n; ++j)
    for (int i = 0; i < n; ++i) lt[i + size_t(j) * n] = l[j + size_t(i) * n];
  EXPECT(maxAbsDiff(mul(l, lt, n, n, n), a) < 1e-10);
  // AMD's NULL work: the same factor, the workspace taken by hipSOLVER on the stream.
  const Mat withWork = toHost(dA, a.size());
  OK_HIP(hipMemcpy(dA, a.data(), a.size() * sizeof(double), hipMemcpyHostToDevice));
  OK_SOLVER(hipsolverDpotrf(h, HIPSOLVER_FILL_MODE_LOWER, n, dA, n, nullptr, 0, info));
  EXPECT(deviceInfo(info) == 0);
  EXPECT(maxAbsDiff(toHost(dA, a.size()), withWork) < 1e-12);
  for (void* p : {(void*)dA, (void*)info, (void*)work}) OK_HIP(hipFree(p));
  std::printf("potrf n=%d: L L^T = A (own workspace and none)\n", n);
}

void testGeqrf(hipsolverHandle_t h) {
  const int m = 40, n = 20;
  const Mat a = randomMat(m, n);
  double *dA = toDevice(a), *tau = deviceArray<double>(n);
  int* info = deviceArray<int>(1);
  int lwork = 0;
  OK_SOLVER(hipsolverDgeqrf_bufferSize(h, m, n, dA, m, &lwork));
  double* work = deviceArray<double>(lwork);
  OK_SOLVER(hipsolverDgeqrf(h, m, n, dA, m, tau, work, lwork, info));
  EXPECT(deviceInfo(info) == 0);
  const Mat qr = toHost(dA, a.size());
  Mat r(size_t(n) * n, 0.0);  // A = Q R with Q orthogonal: R^T R = A^T A
  for (int j = 0; j < n; ++j)
    for (int i = 0; i <= j; ++i) r[i + size_t(j) * n] = qr[i + size_t(j) * m];
  EXPECT(maxAbsDiff(mul(r, r, n, n, n, true), mul(a, a, n, m, n, true)) < 1e-10);
  for (void* p : {(void*)dA, (void*)tau, (void*)info, (void*)work}) OK_HIP(hipFree(p));
  std::printf("geqrf %dx%d: R^T R = A^T A\n", m, n);
}

void testGesvd(hipsolverHandle_t h) {
  const int m = 30, n = 20;
  // A = H1 [diag(s); 0] H2: its singular values are s.
  std::vector<double> s(n);
  for (int i = 0; i < n; ++i) s[i] = n - i + 0.5;
  Mat d(size_t(m) * n, 0.0);
  for (int i = 0; i < n; ++i) d[i + size_t(i) * m] = s[i];
  const Mat a = mul(mul(householder(m), d, m, m, n), householder(n), m, n, n);
  double *dA = toDevice(a), *dS = deviceArray<double>(n);
  int* info = deviceArray<int>(1);
  int lwork = 0;
  OK_SOLVER(hipsolverDgesvd_bufferSize(h, 'N', 'N', m, n, &lwork));
  double* work = deviceArray<double>(lwork);
  OK_SOLVER(hipsolverDgesvd(h, 'N', 'N', m, n, dA, m, dS, nullptr, m, nullptr, n, work, lwork,
                            nullptr, info));
  EXPECT(deviceInfo(info) == 0);
  EXPECT(maxAbsDiff(toHost(dS, n), s) < 1e-10);
  for (void* p : {(void*)dA, (void*)dS, (void*)info, (void*)work}) OK_HIP(hipFree(p));
  std::printf("gesvd %dx%d: singular values as built\n", m, n);
}

// syevd (and syevj with an info object): A = H diag(w) H, eigenvalues ascending, A v = w v.
void testEigen(hipsolverHandle_t h, bool jacobi) {
  const int n = 24;
  std::vector<double> w(n);
  for (int i = 0; i < n; ++i) w[i] = -3.0 + 0.75 * i;
  Mat d(size_t(n) * n, 0.0);
  for (int i = 0; i < n; ++i) d[i + size_t(i) * n] = w[i];
  const Mat hh = householder(n);
  const Mat a = mul(mul(hh, d, n, n, n), hh, n, n, n);
  double *dA = toDevice(a), *dW = deviceArray<double>(n);
  int* info = deviceArray<int>(1);
  int lwork = 0;
  hipsolverSyevjInfo_t params = nullptr;
  if (jacobi) {
    OK_SOLVER(hipsolverCreateSyevjInfo(&params));
    OK_SOLVER(hipsolverXsyevjSetTolerance(params, 1e-14));
    OK_SOLVER(hipsolverDsyevj_bufferSize(h, HIPSOLVER_EIG_MODE_VECTOR, HIPSOLVER_FILL_MODE_UPPER, n,
                                         dA, n, dW, &lwork, params));
  } else {
    OK_SOLVER(hipsolverDsyevd_bufferSize(h, HIPSOLVER_EIG_MODE_VECTOR, HIPSOLVER_FILL_MODE_UPPER, n,
                                         dA, n, dW, &lwork));
  }
  double* work = deviceArray<double>(lwork);
  if (jacobi) {
    OK_SOLVER(hipsolverDsyevj(h, HIPSOLVER_EIG_MODE_VECTOR, HIPSOLVER_FILL_MODE_UPPER, n, dA, n, dW,
                              work, lwork, info, params));
  } else {
    OK_SOLVER(hipsolverDsyevd(h, HIPSOLVER_EIG_MODE_VECTOR, HIPSOLVER_FILL_MODE_UPPER, n, dA, n, dW,
                              work, lwork, info));
  }
  EXPECT(deviceInfo(info) == 0);
  const Mat got = toHost(dW, n), v = toHost(dA, a.size());
  EXPECT(maxAbsDiff(got, w) < 1e-10);
  Mat wv(size_t(n) * n);
  for (int j = 0; j < n; ++j)
    for (int i = 0; i < n; ++i) wv[i + size_t(j) * n] = v[i + size_t(j) * n] * got[j];
  EXPECT(maxAbsDiff(mul(a, v, n, n, n), wv) < 1e-10);
  if (jacobi) {
    int sweeps = 0;
    OK_SOLVER(hipsolverXsyevjGetSweeps(h, params, &sweeps));
    EXPECT(sweeps > 0);
    OK_SOLVER(hipsolverDestroySyevjInfo(params));
  }
  for (void* p : {(void*)dA, (void*)dW, (void*)info, (void*)work}) OK_HIP(hipFree(p));
  std::printf("%s n=%d: eigenvalues as built, A v = w v\n", jacobi ? "syevj" : "syevd", n);
}

void testGels(hipsolverHandle_t h) {
  const int m = 50, n = 10;
  const Mat a = randomMat(m, n), b = randomMat(m, 1);
  double *dA = toDevice(a), *dB = toDevice(b), *dX = deviceArray<double>(n);
  int* info = deviceArray<int>(1);
  size_t bytes = 0;
  OK_SOLVER(hipsolverDDgels_bufferSize(h, m, n, 1, dA, m, dB, m, dX, n, &bytes));
  void* work = deviceArray<char>(bytes);
  int iters = 0;
  OK_SOLVER(hipsolverDDgels(h, m, n, 1, dA, m, dB, m, dX, n, work, bytes, &iters, info));
  EXPECT(deviceInfo(info) == 0);
  const Mat x = toHost(dX, n);
  Mat r = mul(a, x, m, n, 1);
  for (int i = 0; i < m; ++i) r[i] -= b[i];
  const Mat normal = mul(a, r, n, m, 1, true);  // the least-squares residual is orthogonal to A
  EXPECT(maxAbsDiff(normal, Mat(n, 0.0)) < 1e-9);
  for (void* p : {(void*)dA, (void*)dB, (void*)dX, (void*)info, work}) OK_HIP(hipFree(p));
  std::printf("gels %dx%d: A^T (A x - b) = 0\n", m, n);
}

// A x = b for the tridiagonal (-1, 4, -1) matrix in CSR, by QR and by Cholesky, on the stream.
void testSparse(hipStream_t stream) {
  const int n = 16;
  std::vector<int> ptr{0}, col;
  std::vector<double> val;
  for (int r = 0; r < n; ++r) {
    for (int c = std::max(0, r - 1); c <= std::min(n - 1, r + 1); ++c) {
      col.push_back(c);
      val.push_back(c == r ? 4.0 : -1.0);
    }
    ptr.push_back(static_cast<int>(col.size()));
  }
  const Mat x = randomMat(n, 1);
  Mat b(n, 0.0);
  for (int r = 0; r < n; ++r)
    for (int k = ptr[r]; k < ptr[r + 1]; ++k) b[r] += val[k] * x[col[k]];
  hipsolverSpHandle_t sp = nullptr;
  OK_SOLVER(hipsolverSpCreate(&sp));
  OK_SOLVER(hipsolverSpSetStream(sp, stream));
  hipsparseMatDescr_t descr = nullptr;
  EXPECT(hipsparseCreateMatDescr(&descr) == HIPSPARSE_STATUS_SUCCESS);
  int *dPtr = toDevice(ptr), *dCol = toDevice(col);
  double *dVal = toDevice(val), *dB = toDevice(b), *dX = deviceArray<double>(n);
  for (int chol = 0; chol < 2; ++chol) {
    int singularity = -2;
    if (chol) {
      OK_SOLVER(hipsolverSpDcsrlsvchol(sp, n, static_cast<int>(col.size()), descr, dVal, dPtr, dCol,
                                       dB, 1e-12, 0, dX, &singularity));
    } else {
      OK_SOLVER(hipsolverSpDcsrlsvqr(sp, n, static_cast<int>(col.size()), descr, dVal, dPtr, dCol,
                                     dB, 1e-12, 0, dX, &singularity));
    }
    EXPECT(singularity == -1);
    EXPECT(maxAbsDiff(toHost(dX, n), x) < 1e-10);
  }
  hipsolverHandle_t notSparse = nullptr;
  EXPECT(hipsolverSpDestroy(notSparse) == HIPSOLVER_STATUS_NOT_INITIALIZED);
  EXPECT(hipsparseDestroyMatDescr(descr) == HIPSPARSE_STATUS_SUCCESS);
  OK_SOLVER(hipsolverSpDestroy(sp));
  for (void* p : {(void*)dPtr, (void*)dCol, (void*)dVal, (void*)dB, (void*)dX}) OK_HIP(hipFree(p));
  std::printf("sparse csrlsvqr, csrlsvchol n=%d: solved\n", n);
}

void testBadInput(hipsolverHandle_t h) {
  int lwork = 0;
  double* dA = deviceArray<double>(16);
  EXPECT(hipsolverDgetrf_bufferSize(nullptr, 4, 4, dA, 4, &lwork) == HIPSOLVER_STATUS_NOT_INITIALIZED);
  EXPECT(hipsolverDgetrf_bufferSize(h, -1, 4, dA, 4, &lwork) == HIPSOLVER_STATUS_INVALID_VALUE);
  EXPECT(hipsolverDgetrf_bufferSize(h, 4, 4, dA, 3, &lwork) == HIPSOLVER_STATUS_INVALID_VALUE);
  EXPECT(hipsolverDpotrf_bufferSize(h, HIPSOLVER_FILL_MODE_LOWER, -1, dA, 4, &lwork) ==
         HIPSOLVER_STATUS_INVALID_VALUE);
  EXPECT(hipsolverDnDpotrf_bufferSize(h, static_cast<hipblasFillMode_t>(0), 4, dA, 4, &lwork) ==
         HIPSOLVER_STATUS_INVALID_ENUM);
  hipStream_t gone = nullptr;
  OK_HIP(hipStreamCreate(&gone));
  OK_HIP(hipStreamDestroy(gone));
  EXPECT(hipsolverSetStream(h, gone) == HIPSOLVER_STATUS_INVALID_VALUE);
  OK_HIP(hipFree(dA));
  std::printf("bad input: NOT_INITIALIZED, INVALID_VALUE, INVALID_ENUM as AMD's\n");
}

}  // namespace

int main() {
  int count = 0;
  if (hipGetDeviceCount(&count) != hipSuccess || count == 0) {
    std::printf("no GPU: skipped\n");
    return 77;
  }
  hipsolverHandle_t h = nullptr;
  OK_SOLVER(hipsolverCreate(&h));
  if (h == nullptr) return 1;
  hipStream_t stream = nullptr;
  OK_HIP(hipStreamCreate(&stream));
  OK_SOLVER(hipsolverSetStream(h, stream));
  hipStream_t back = nullptr;
  OK_SOLVER(hipsolverGetStream(h, &back));
  EXPECT(back == stream);
  testGetrfGetrs(h);
  testXgetrf(h);
  testPotrf(h);
  testGeqrf(h);
  testGesvd(h);
  testEigen(h, false);
  testEigen(h, true);
  testGels(h);
  testBadInput(h);
  testSparse(stream);
  OK_HIP(hipStreamSynchronize(stream));
  OK_SOLVER(hipsolverDestroy(h));
  OK_HIP(hipStreamDestroy(stream));
  std::printf(failures == 0 ? "hipsolver gpu: all passed\n" : "hipsolver gpu: %d failures\n", failures);
  return failures == 0 ? 0 : 1;
}
