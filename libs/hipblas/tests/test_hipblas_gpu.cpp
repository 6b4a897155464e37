// hipBLAS on a real GPU (NVIDIA: cuBLAS): sgemm, dgemm, zgemm, saxpy, sgemmStridedBatched and
// GemmEx (half inputs, float compute), each against a host reference, on a non-default stream,
// saxpy and sgemm also with device pointer mode. Exit 77 (skip) without a GPU.
#include <hipblas/hipblas.h>

#include <cmath>
#include <complex>
#include <cstdio>
#include <cstring>
#include <random>
#include <vector>

namespace {

int failures = 0;

#define EXPECT(cond)                                                       \
  do {                                                                     \
    if (!(cond)) {                                                         \
      std::printf("FAILED %s:%d: %s\n", __FILE__, __LINE__, #cond);        \
      ++failures;                                                          \
    }                                                                      \
  } while (0)
#define OK_HIP(e) EXPECT((e) == hipSuccess)
#define OK_BLAS(e)                                                          \
  do {                                                                      \
    hipblasStatus_t s_ = (e);                                               \
    if (s_ != HIPBLAS_STATUS_SUCCESS) {                                     \
      std::printf("FAILED %s:%d: %s -> %s\n", __FILE__, __LINE__, #e,       \
                  hipblasStatusToString(s_));                               \
      ++failures;                                                           \
    }                                                                       \
  } while (0)

template <class T>
T* toDevice(const std::vector<T>& h) {
  void* d = nullptr;
  OK_HIP(hipMalloc(&d, h.size() * sizeof(T)));
  OK_HIP(hipMemcpy(d, h.data(), h.size() * sizeof(T), hipMemcpyHostToDevice));
  return static_cast<T*>(d);
}

template <class T>
std::vector<T> toHost(const T* d, size_t n) {
  std::vector<T> h(n);
  OK_HIP(hipMemcpy(h.data(), d, n * sizeof(T), hipMemcpyDeviceToHost));
  return h;
}

// Column-major C = alpha * op(A) * op(B) + beta * C, op = N or T.
template <class T>
void refGemm(bool ta, bool tb, int m, int n, int k, T alpha, const T* A, int lda, const T* B,
             int ldb, T beta, T* C, int ldc) {
  for (int j = 0; j < n; ++j)
    for (int i = 0; i < m; ++i) {
      T acc{};
      for (int p = 0; p < k; ++p)
        acc += (ta ? A[p + i * lda] : A[i + p * lda]) * (tb ? B[j + p * ldb] : B[p + j * ldb]);
      C[i + j * ldc] = alpha * acc + beta * C[i + j * ldc];
    }
}

double absd(double v) { return std::fabs(v); }
double absd(std::complex<double> v) { return std::abs(v); }

template <class T>
double maxRelErr(const std::vector<T>& got, const std::vector<T>& want) {
  double e = 0;
  for (size_t i = 0; i < got.size(); ++i)
    e = std::fmax(e, absd(got[i] - want[i]) / std::fmax(1.0, absd(want[i])));
  return e;
}

std::mt19937 rng(42);
template <class T>
std::vector<T> random(size_t n) {
  std::uniform_real_distribution<double> u(-1, 1);
  std::vector<T> v(n);
  for (auto& x : v) x = static_cast<T>(u(rng));
  return v;
}

uint16_t toHalf(float f) {  // round to nearest even; inputs here are normal and small
  uint32_t b;
  std::memcpy(&b, &f, 4);
  const uint32_t sign = (b >> 16) & 0x8000u;
  int exp = static_cast<int>((b >> 23) & 0xff) - 127 + 15;
  uint32_t mant = b & 0x7fffffu;
  if (exp <= 0) return static_cast<uint16_t>(sign);  // tiny: flush (never hit below)
  uint32_t h = sign | (static_cast<uint32_t>(exp) << 10) | (mant >> 13);
  const uint32_t rest = mant & 0x1fffu;
  if (rest > 0x1000u || (rest == 0x1000u && (h & 1u))) ++h;
  return static_cast<uint16_t>(h);
}
float fromHalf(uint16_t h) {
  const uint32_t sign = (h & 0x8000u) << 16;
  const uint32_t exp = (h >> 10) & 0x1f, mant = h & 0x3ffu;
  uint32_t b = exp == 0 ? sign : sign | ((exp - 15 + 127) << 23) | (mant << 13);
  float f;
  std::memcpy(&f, &b, 4);
  return f;
}

void testSgemmAndSaxpy(hipblasHandle_t h, hipStream_t stream) {
  const int m = 37, n = 29, k = 41, lda = k, ldb = k, ldc = m + 3;  // A is k x m (transposed)
  auto A = random<float>(size_t(lda) * m), B = random<float>(size_t(ldb) * n),
       C = random<float>(size_t(ldc) * n);
  float *dA = toDevice(A), *dB = toDevice(B), *dC = toDevice(C);
  const float alpha = 1.5f, beta = -0.5f;
  OK_BLAS(hipblasSgemm(h, HIPBLAS_OP_T, HIPBLAS_OP_N, m, n, k, &alpha, dA, lda, dB, ldb, &beta,
                       dC, ldc));
  OK_HIP(hipStreamSynchronize(stream));
  refGemm(true, false, m, n, k, alpha, A.data(), lda, B.data(), ldb, beta, C.data(), ldc);
  EXPECT(maxRelErr(toHost(dC, C.size()), C) < 1e-4);

  // Device pointer mode: alpha/beta read from device memory.
  float* dScalars = toDevice(std::vector<float>{2.0f, 0.0f});
  OK_BLAS(hipblasSetPointerMode(h, HIPBLAS_POINTER_MODE_DEVICE));
  hipblasPointerMode_t mode = HIPBLAS_POINTER_MODE_HOST;
  OK_BLAS(hipblasGetPointerMode(h, &mode));
  EXPECT(mode == HIPBLAS_POINTER_MODE_DEVICE);
  OK_BLAS(hipblasSgemm(h, HIPBLAS_OP_T, HIPBLAS_OP_N, m, n, k, dScalars, dA, lda, dB, ldb,
                       dScalars + 1, dC, ldc));
  std::vector<float> C2(C.size(), 0.0f);
  refGemm(true, false, m, n, k, 2.0f, A.data(), lda, B.data(), ldb, 0.0f, C2.data(), ldc);
  OK_HIP(hipStreamSynchronize(stream));
  auto got = toHost(dC, C.size());
  for (int j = 0; j < n; ++j)  // rows m..ldc-1 of C are untouched padding
    for (int i = m; i < ldc; ++i) C2[i + j * ldc] = got[i + j * ldc];
  EXPECT(maxRelErr(got, C2) < 1e-4);

  const int len = 1000;
  auto x = random<float>(len), y = random<float>(len);
  float *dx = toDevice(x), *dy = toDevice(y);
  OK_BLAS(hipblasSaxpy(h, len, dScalars, dx, 1, dy, 1));  // alpha = 2 from device memory
  OK_BLAS(hipblasSetPointerMode(h, HIPBLAS_POINTER_MODE_HOST));
  const float a2 = -3.0f;
  OK_BLAS(hipblasSaxpy(h, len / 2, &a2, dx, 2, dy, 2));
  OK_HIP(hipStreamSynchronize(stream));
  for (int i = 0; i < len; ++i) y[i] += 2.0f * x[i];
  for (int i = 0; i < len / 2; ++i) y[2 * i] += a2 * x[2 * i];
  EXPECT(maxRelErr(toHost(dy, len), y) < 1e-5);

  // Set/GetVector through the HIP runtime, strided.
  std::vector<float> back(len / 2);
  OK_BLAS(hipblasGetVector(len / 2, sizeof(float), dy, 2, back.data(), 1));
  const std::vector<float> full = toHost(dy, len);
  for (int i = 0; i < len / 2; ++i) EXPECT(back[i] == full[2 * i]);
  for (void* p : {(void*)dA, (void*)dB, (void*)dC, (void*)dScalars, (void*)dx, (void*)dy})
    OK_HIP(hipFree(p));
}

void testDgemm(hipblasHandle_t h, hipStream_t stream) {
  const int m = 64, n = 48, k = 33;
  auto A = random<double>(size_t(m) * k), B = random<double>(size_t(n) * k),
       C = random<double>(size_t(m) * n);
  double *dA = toDevice(A), *dB = toDevice(B), *dC = toDevice(C);
  const double alpha = 0.75, beta = 2.0;
  OK_BLAS(hipblasDgemm(h, HIPBLAS_OP_N, HIPBLAS_OP_T, m, n, k, &alpha, dA, m, dB, n, &beta, dC,
                       m));
  OK_HIP(hipStreamSynchronize(stream));
  refGemm(false, true, m, n, k, alpha, A.data(), m, B.data(), n, beta, C.data(), m);
  EXPECT(maxRelErr(toHost(dC, C.size()), C) < 1e-12);
  for (void* p : {(void*)dA, (void*)dB, (void*)dC}) OK_HIP(hipFree(p));
}

void testZgemm(hipblasHandle_t h, hipStream_t stream) {
  using Z = std::complex<double>;
  const int m = 19, n = 23, k = 17;
  auto re = random<double>(size_t(2) * (m * k + k * n + m * n));
  std::vector<Z> A(size_t(m) * k), B(size_t(k) * n), C(size_t(m) * n);
  size_t r = 0;
  for (auto* v : {&A, &B, &C})
    for (auto& z : *v) z = Z(re[r], re[r + 1]), r += 2;
  Z *dA = toDevice(A), *dB = toDevice(B), *dC = toDevice(C);
  const Z alpha(0.5, -1.0), beta(1.0, 0.25);
  OK_BLAS(hipblasZgemm(h, HIPBLAS_OP_N, HIPBLAS_OP_N, m, n, k,
                       reinterpret_cast<const hipDoubleComplex*>(&alpha),
                       reinterpret_cast<const hipDoubleComplex*>(dA), m,
                       reinterpret_cast<const hipDoubleComplex*>(dB), k,
                       reinterpret_cast<const hipDoubleComplex*>(&beta),
                       reinterpret_cast<hipDoubleComplex*>(dC), m));
  OK_HIP(hipStreamSynchronize(stream));
  refGemm(false, false, m, n, k, alpha, A.data(), m, B.data(), k, beta, C.data(), m);
  EXPECT(maxRelErr(toHost(dC, C.size()), C) < 1e-12);
  for (void* p : {(void*)dA, (void*)dB, (void*)dC}) OK_HIP(hipFree(p));
}

void testStridedBatched(hipblasHandle_t h, hipStream_t stream) {
  const int m = 16, n = 12, k = 10, batch = 5;
  const hipblasStride sA = m * k + 7, sB = k * n + 3, sC = m * n;
  auto A = random<float>(size_t(sA) * batch), B = random<float>(size_t(sB) * batch),
       C = random<float>(size_t(sC) * batch);
  float *dA = toDevice(A), *dB = toDevice(B), *dC = toDevice(C);
  const float alpha = 1.0f, beta = 0.5f;
  OK_BLAS(hipblasSgemmStridedBatched(h, HIPBLAS_OP_N, HIPBLAS_OP_N, m, n, k, &alpha, dA, m, sA,
                                     dB, k, sB, &beta, dC, m, sC, batch));
  OK_HIP(hipStreamSynchronize(stream));
  for (int b = 0; b < batch; ++b)
    refGemm(false, false, m, n, k, alpha, A.data() + b * sA, m, B.data() + b * sB, k, beta,
            C.data() + b * sC, m);
  EXPECT(maxRelErr(toHost(dC, C.size()), C) < 1e-4);
  for (void* p : {(void*)dA, (void*)dB, (void*)dC}) OK_HIP(hipFree(p));
}

void testGemmExHalf(hipblasHandle_t h, hipStream_t stream) {
  const int m = 32, n = 24, k = 64;
  auto Af = random<float>(size_t(m) * k), Bf = random<float>(size_t(k) * n);
  std::vector<uint16_t> A(Af.size()), B(Bf.size());
  for (size_t i = 0; i < A.size(); ++i) A[i] = toHalf(Af[i]), Af[i] = fromHalf(A[i]);
  for (size_t i = 0; i < B.size(); ++i) B[i] = toHalf(Bf[i]), Bf[i] = fromHalf(B[i]);
  std::vector<float> C(size_t(m) * n, 1.0f);
  uint16_t *dA = toDevice(A), *dB = toDevice(B);
  float* dC = toDevice(C);
  const float alpha = 1.0f, beta = 1.0f;
  OK_BLAS(hipblasGemmEx(h, HIPBLAS_OP_N, HIPBLAS_OP_N, m, n, k, &alpha, dA, HIP_R_16F, m, dB,
                        HIP_R_16F, k, &beta, dC, HIP_R_32F, m, HIPBLAS_COMPUTE_32F,
                        HIPBLAS_GEMM_DEFAULT));
  OK_HIP(hipStreamSynchronize(stream));
  refGemm(false, false, m, n, k, alpha, Af.data(), m, Bf.data(), k, beta, C.data(), m);
  EXPECT(maxRelErr(toHost(dC, C.size()), C) < 1e-3);
  for (void* p : {(void*)dA, (void*)dB, (void*)dC}) OK_HIP(hipFree(p));
}

}  // namespace

int main() {
  int count = 0;
  if (hipGetDeviceCount(&count) != hipSuccess || count == 0) {
    std::printf("hipblas GPU tests: SKIPPED: no GPU\n");
    return 77;
  }
  hipblasHandle_t h = nullptr;
  hipblasStatus_t s = hipblasCreate(&h);
  if (s != HIPBLAS_STATUS_SUCCESS) {
    std::printf("FAILED hipblasCreate: %s\n", hipblasStatusToString(s));
    return 1;
  }
  hipStream_t stream = nullptr;
  OK_HIP(hipStreamCreateWithFlags(&stream, hipStreamNonBlocking));
  OK_BLAS(hipblasSetStream(h, stream));
  hipStream_t got = nullptr;
  OK_BLAS(hipblasGetStream(h, &got));
  EXPECT(got == stream);

  testSgemmAndSaxpy(h, stream);
  testDgemm(h, stream);
  testZgemm(h, stream);
  testStridedBatched(h, stream);
  testGemmExHalf(h, stream);

  OK_BLAS(hipblasDestroy(h));
  OK_HIP(hipStreamDestroy(stream));
  std::printf("hipblas GPU tests: %s (%d failure(s))\n", failures ? "FAILED" : "passed",
              failures);
  return failures ? 1 : 0;
}
