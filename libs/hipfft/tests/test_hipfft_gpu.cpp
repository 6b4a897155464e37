// hipFFT on an NVIDIA GPU through cuFFT, every transform on a non-default stream and compared
// with a host DFT: 1D C2C forward + inverse, 2D R2C + C2R, batched strided C2C (PlanMany), D2Z.
// Exit 77 (skip) without an NVIDIA device or without cuFFT.
#include <algorithm>
#include <cmath>
#include <complex>
#include <cstdio>
#include <cstring>
#include <vector>

#include "hipfft/hipfft.h"

namespace {

using cd = std::complex<double>;
int failures = 0;

#define EXPECT(cond)                                                  \
  do {                                                                \
    if (!(cond)) {                                                    \
      std::fprintf(stderr, "%s:%d: failed: %s\n", __FILE__, __LINE__, #cond); \
      ++failures;                                                     \
    }                                                                 \
  } while (0)
#define HIP_OK(call) EXPECT((call) == hipSuccess)

// Unnormalized DFT along one axis: out[k] = sum_j in[j] e^{sign 2 pi i jk/n}.
std::vector<cd> dft(const std::vector<cd>& in, int sign) {
  const size_t n = in.size();
  std::vector<cd> out(n);
  for (size_t k = 0; k < n; ++k)
    for (size_t j = 0; j < n; ++j)
      out[k] += in[j] * std::polar(1.0, sign * 2.0 * M_PI * double(j * k % n) / double(n));
  return out;
}

// Row-major 2D DFT of an nx x ny array.
std::vector<cd> dft2(const std::vector<cd>& in, int nx, int ny, int sign) {
  std::vector<cd> t(in.size()), out(in.size());
  for (int x = 0; x < nx; ++x) {
    auto row = dft(std::vector<cd>(in.begin() + x * ny, in.begin() + (x + 1) * ny), sign);
    std::copy(row.begin(), row.end(), t.begin() + x * ny);
  }
  for (int y = 0; y < ny; ++y) {
    std::vector<cd> col(nx);
    for (int x = 0; x < nx; ++x) col[x] = t[x * ny + y];
    col = dft(col, sign);
    for (int x = 0; x < nx; ++x) out[x * ny + y] = col[x];
  }
  return out;
}

double input(int i) { return std::sin(0.37 * i) + 0.25 * std::cos(1.3 * i * i); }

// Largest |got - want| relative to the largest |want|.
template <class Got>
double relError(const std::vector<Got>& got, const std::vector<cd>& want) {
  double err = 0, scale = 1e-30;
  for (size_t i = 0; i < want.size(); ++i) {
    err = std::max(err, std::abs(cd(got[i]) - want[i]));
    scale = std::max(scale, std::abs(want[i]));
  }
  return err / scale;
}

std::complex<float> toStd(hipfftComplex c) { return {c.x, c.y}; }
cd toStd(hipfftDoubleComplex c) { return {c.x, c.y}; }

template <class T>
T* deviceCopy(const std::vector<T>& host, hipStream_t s, size_t count = 0) {
  T* d = nullptr;
  size_t n = std::max(count, host.size());
  if (hipMalloc(&d, n * sizeof(T)) != hipSuccess) return nullptr;
  HIP_OK(hipMemsetAsync(d, 0, n * sizeof(T), s));
  HIP_OK(hipMemcpyAsync(d, host.data(), host.size() * sizeof(T), hipMemcpyHostToDevice, s));
  return d;
}
template <class T>
std::vector<T> hostCopy(const T* d, size_t n, hipStream_t s) {
  std::vector<T> h(n);
  HIP_OK(hipMemcpyAsync(h.data(), d, n * sizeof(T), hipMemcpyDeviceToHost, s));
  HIP_OK(hipStreamSynchronize(s));
  return h;
}

void c2cRoundTrip(hipStream_t s) {
  const int n = 64;
  std::vector<hipfftComplex> x(n);
  std::vector<cd> ref(n);
  for (int i = 0; i < n; ++i) {
    x[i] = {float(input(i)), float(input(i + 100))};
    ref[i] = {x[i].x, x[i].y};
  }
  hipfftHandle plan = nullptr;
  EXPECT(hipfftPlan1d(&plan, n, HIPFFT_C2C, 1) == HIPFFT_SUCCESS);
  EXPECT(hipfftSetStream(plan, s) == HIPFFT_SUCCESS);
  auto* d = deviceCopy(x, s);
  EXPECT(hipfftExecC2C(plan, d, d, HIPFFT_FORWARD) == HIPFFT_SUCCESS);
  auto f = hostCopy(d, n, s);
  std::vector<std::complex<float>> fs;
  for (auto c : f) fs.push_back(toStd(c));
  double e1 = relError(fs, dft(ref, -1));
  EXPECT(e1 < 1e-5);
  EXPECT(hipfftExecC2C(plan, d, d, HIPFFT_BACKWARD) == HIPFFT_SUCCESS);
  auto b = hostCopy(d, n, s);
  std::vector<std::complex<float>> bs;
  for (auto c : b) bs.push_back(toStd(c));
  std::vector<cd> scaled(ref);
  for (auto& v : scaled) v *= n;
  double e2 = relError(bs, scaled);
  EXPECT(e2 < 1e-5);
  std::printf("c2c 1D n=%d: forward %.2e, round trip %.2e\n", n, e1, e2);
  EXPECT(hipfftDestroy(plan) == HIPFFT_SUCCESS);
  EXPECT(hipfftExecC2C(plan, d, d, HIPFFT_FORWARD) == HIPFFT_INVALID_PLAN);
  HIP_OK(hipFree(d));
}

void r2c2d(hipStream_t s) {
  const int nx = 8, ny = 12, nh = ny / 2 + 1;
  std::vector<float> x(nx * ny);
  std::vector<cd> ref(nx * ny);
  for (int i = 0; i < nx * ny; ++i) ref[i] = x[i] = float(input(i));
  hipfftHandle fwd = nullptr, inv = nullptr;
  // The forward plan runs in a work area of ours (auto-allocation off).
  EXPECT(hipfftCreate(&fwd) == HIPFFT_SUCCESS);
  EXPECT(hipfftSetAutoAllocation(fwd, 0) == HIPFFT_SUCCESS);
  size_t ws = 0, estimate = 0, size = 0;
  EXPECT(hipfftEstimate2d(nx, ny, HIPFFT_R2C, &estimate) == HIPFFT_SUCCESS);
  EXPECT(hipfftMakePlan2d(fwd, nx, ny, HIPFFT_R2C, &ws) == HIPFFT_SUCCESS);
  EXPECT(hipfftGetSize(fwd, &size) == HIPFFT_SUCCESS);
  EXPECT(size == ws);
  void* work = nullptr;
  HIP_OK(hipMalloc(&work, std::max<size_t>(ws, 1)));
  EXPECT(hipfftSetWorkArea(fwd, work) == HIPFFT_SUCCESS);
  EXPECT(hipfftPlan2d(&inv, nx, ny, HIPFFT_C2R) == HIPFFT_SUCCESS);
  EXPECT(hipfftSetStream(fwd, s) == HIPFFT_SUCCESS);
  EXPECT(hipfftSetStream(inv, s) == HIPFFT_SUCCESS);
  auto* dr = deviceCopy(x, s);
  hipfftComplex* dc = nullptr;
  HIP_OK(hipMalloc(&dc, nx * nh * sizeof(hipfftComplex)));
  EXPECT(hipfftExecR2C(fwd, dr, dc) == HIPFFT_SUCCESS);
  auto f = hostCopy(dc, nx * nh, s);
  auto full = dft2(ref, nx, ny, -1);
  std::vector<cd> want;
  std::vector<std::complex<float>> got;
  for (int i = 0; i < nx; ++i)
    for (int j = 0; j < nh; ++j) {
      want.push_back(full[i * ny + j]);
      got.push_back(toStd(f[i * nh + j]));
    }
  double e1 = relError(got, want);
  EXPECT(e1 < 1e-5);
  EXPECT(hipfftExecC2R(inv, dc, dr) == HIPFFT_SUCCESS);
  auto back = hostCopy(dr, nx * ny, s);
  std::vector<cd> scaled(ref);
  for (auto& v : scaled) v *= nx * ny;
  double e2 = relError(back, scaled);
  EXPECT(e2 < 1e-5);
  std::printf("r2c/c2r 2D %dx%d: forward %.2e, round trip %.2e\n", nx, ny, e1, e2);
  EXPECT(hipfftDestroy(fwd) == HIPFFT_SUCCESS);
  EXPECT(hipfftDestroy(inv) == HIPFFT_SUCCESS);
  HIP_OK(hipFree(dr));
  HIP_OK(hipFree(dc));
  HIP_OK(hipFree(work));
}

void manyStrided(hipStream_t s) {
  // Three 16-point transforms; input every 2nd element, batches 40 apart; output packed, 20 apart.
  const int n = 16, batch = 3, istride = 2, idist = 40, odist = 20;
  int dims[1] = {n}, inembed[1] = {idist / istride}, onembed[1] = {odist};
  std::vector<hipfftComplex> x(batch * idist);
  for (size_t i = 0; i < x.size(); ++i) x[i] = {float(input(int(i))), float(input(int(i) + 7))};
  hipfftHandle plan = nullptr;
  EXPECT(hipfftPlanMany(&plan, 1, dims, inembed, istride, idist, onembed, 1, odist, HIPFFT_C2C,
                        batch) == HIPFFT_SUCCESS);
  EXPECT(hipfftSetStream(plan, s) == HIPFFT_SUCCESS);
  auto* di = deviceCopy(x, s);
  hipfftComplex* dout = nullptr;
  HIP_OK(hipMalloc(&dout, batch * odist * sizeof(hipfftComplex)));
  EXPECT(hipfftExecC2C(plan, di, dout, HIPFFT_FORWARD) == HIPFFT_SUCCESS);
  auto out = hostCopy(dout, batch * odist, s);
  double worst = 0;
  for (int b = 0; b < batch; ++b) {
    std::vector<cd> in(n);
    for (int j = 0; j < n; ++j) in[j] = {x[b * idist + j * istride].x, x[b * idist + j * istride].y};
    std::vector<std::complex<float>> got;
    for (int k = 0; k < n; ++k) got.push_back(toStd(out[b * odist + k]));
    worst = std::max(worst, relError(got, dft(in, -1)));
  }
  EXPECT(worst < 1e-5);
  std::printf("many c2c n=%d batch=%d strided: %.2e\n", n, batch, worst);
  EXPECT(hipfftDestroy(plan) == HIPFFT_SUCCESS);
  HIP_OK(hipFree(di));
  HIP_OK(hipFree(dout));
}

void d2z(hipStream_t s) {
  const int n = 30, batch = 2, nh = n / 2 + 1;
  std::vector<double> x(n * batch);
  for (int i = 0; i < n * batch; ++i) x[i] = input(i);
  hipfftHandle plan = nullptr;
  EXPECT(hipfftPlan1d(&plan, n, HIPFFT_D2Z, batch) == HIPFFT_SUCCESS);
  EXPECT(hipfftSetStream(plan, s) == HIPFFT_SUCCESS);
  auto* dr = deviceCopy(x, s);
  hipfftDoubleComplex* dc = nullptr;
  HIP_OK(hipMalloc(&dc, batch * nh * sizeof(hipfftDoubleComplex)));
  EXPECT(hipfftExecD2Z(plan, dr, dc) == HIPFFT_SUCCESS);
  auto out = hostCopy(dc, batch * nh, s);
  double worst = 0;
  for (int b = 0; b < batch; ++b) {
    std::vector<cd> in(x.begin() + b * n, x.begin() + (b + 1) * n);
    auto full = dft(in, -1);
    std::vector<cd> got, want(full.begin(), full.begin() + nh);
    for (int k = 0; k < nh; ++k) got.push_back(toStd(out[b * nh + k]));
    worst = std::max(worst, relError(got, want));
  }
  EXPECT(worst < 1e-12);
  std::printf("d2z n=%d batch=%d: %.2e\n", n, batch, worst);
  EXPECT(hipfftDestroy(plan) == HIPFFT_SUCCESS);
  HIP_OK(hipFree(dr));
  HIP_OK(hipFree(dc));
}

}  // namespace

int main() {
  int count = 0;
  if (hipGetDeviceCount(&count) != hipSuccess || count == 0) {
    std::printf("skip: no GPU\n");
    return 77;
  }
  const char* backend = unihipGetDeviceBackendName(0);
  if (backend == nullptr || std::strcmp(backend, "cuda") != 0) {
    std::printf("skip: device 0 is not an NVIDIA GPU (hipFFT on AMD: not supported)\n");
    return 77;
  }
  int version = 0;
  hipfftResult r = hipfftGetVersion(&version);
  if (r == HIPFFT_SETUP_FAILED) {
    std::printf("skip: cuFFT not found\n");
    return 77;
  }
  EXPECT(r == HIPFFT_SUCCESS && version > 0);
  std::printf("cuFFT version %d\n", version);
  hipStream_t s = nullptr;
  EXPECT(hipStreamCreateWithFlags(&s, hipStreamNonBlocking) == hipSuccess);
  c2cRoundTrip(s);
  r2c2d(s);
  manyStrided(s);
  d2z(s);
  HIP_OK(hipStreamDestroy(s));
  std::printf("%s (%d failure(s))\n", failures ? "FAILED" : "passed", failures);
  return failures ? 1 : 0;
}
