// hipsolverDgetrf against cusolverDnDgetrf called directly: the same matrix, the same device
// arrays and workspace, the same stream, in alternating order round by round. Each call factors a
// fresh copy of A (copied before its events). Prints, per n, each one's GPU time per call (median
// over rounds), the ratio hipSOLVER / cuSOLVER as the mean of the per-round ratios with its 95%
// confidence interval (normal approximation) and their range, the host time per call, and checks
// both wrote the same factors and pivots, bit for bit.
// Usage: hipsolver_bench_getrf [n ... (1024 4096 8192)] ; HIPSOLVER_BENCH_ROUNDS (15),
// HIPSOLVER_BENCH_CALLS (calls a round, 3)
#include <hipsolver/hipsolver.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "cusolver_direct.h"

namespace {

#define CHECK_HIP(e)                                                      \
  do {                                                                    \
    if ((e) != hipSuccess) {                                              \
      std::fprintf(stderr, "%s:%d: %s failed\n", __FILE__, __LINE__, #e); \
      std::exit(1);                                                       \
    }                                                                     \
  } while (0)
#define CHECK_SOLVER(e)                                                               \
  do {                                                                                \
    hipsolverStatus_t s_ = (e);                                                       \
    if (s_ != HIPSOLVER_STATUS_SUCCESS) {                                             \
      std::fprintf(stderr, "%s:%d: %s: status %d\n", __FILE__, __LINE__, #e, s_);     \
      std::exit(1);                                                                   \
    }                                                                                 \
  } while (0)

double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  return v[v.size() / 2];
}

struct Timing {
  double gpuUs, hostUs;
};

// `calls` factorizations of a fresh copy of A by `run`, events around each call alone.
template <class F>
Timing measure(hipStream_t stream, hipEvent_t start, hipEvent_t stop, double* dA, const double* dA0,
               size_t bytes, int calls, F run) {
  double gpu = 0, host = 0;
  for (int i = 0; i < calls; ++i) {
    CHECK_HIP(hipMemcpyAsync(dA, dA0, bytes, hipMemcpyDeviceToDevice, stream));
    CHECK_HIP(hipEventRecord(start, stream));
    const auto t0 = std::chrono::steady_clock::now();
    run();
    const auto t1 = std::chrono::steady_clock::now();
    CHECK_HIP(hipEventRecord(stop, stream));
    CHECK_HIP(hipEventSynchronize(stop));
    float ms = 0;
    CHECK_HIP(hipEventElapsedTime(&ms, start, stop));
    gpu += 1000.0 * ms;
    host += std::chrono::duration<double, std::micro>(t1 - t0).count();
  }
  return {gpu / calls, host / calls};
}

bool bench(hipsolverHandle_t h, hipStream_t stream, DirectGetrf* direct, int n, int calls, int rounds) {
  const size_t count = size_t(n) * n, bytes = count * sizeof(double);
  std::vector<double> a(count);
  uint64_t state = 12345 + n;
  for (auto& v : a) {
    state = state * 6364136223846793005ull + 1442695040888963407ull;
    v = static_cast<double>((state >> 11) % 2000001) / 1000000.0 - 1.0;
  }
  double *dA0 = nullptr, *dA = nullptr, *work = nullptr;
  int *ipiv = nullptr, *info = nullptr;
  CHECK_HIP(hipMalloc(&dA0, bytes));
  CHECK_HIP(hipMalloc(&dA, bytes));
  CHECK_HIP(hipMalloc(&ipiv, n * sizeof(int)));
  CHECK_HIP(hipMalloc(&info, sizeof(int)));
  CHECK_HIP(hipMemcpy(dA0, a.data(), bytes, hipMemcpyHostToDevice));
  int lwork = 0;
  CHECK_SOLVER(hipsolverDgetrf_bufferSize(h, n, n, dA, n, &lwork));
  const int cuLwork = directGetrfBufferSize(direct, n, dA, n);
  if (cuLwork != lwork) {
    std::fprintf(stderr, "workspace sizes differ: hipsolver %d, cusolver %d\n", lwork, cuLwork);
    return false;
  }
  CHECK_HIP(hipMalloc(&work, std::max(lwork, 1) * sizeof(double)));

  auto viaHip = [&] { CHECK_SOLVER(hipsolverDgetrf(h, n, n, dA, n, work, lwork, ipiv, info)); };
  auto viaCu = [&] {
    if (!directGetrfRun(direct, n, dA, n, work, ipiv, info)) std::exit(1);
  };
  hipEvent_t start, stop;
  CHECK_HIP(hipEventCreate(&start));
  CHECK_HIP(hipEventCreate(&stop));
  measure(stream, start, stop, dA, dA0, bytes, 1, viaHip);  // warm-up: first calls, clocks
  measure(stream, start, stop, dA, dA0, bytes, 1, viaCu);
  std::vector<double> hipGpu, cuGpu, hipHost, cuHost, ratio;
  for (int r = 0; r < rounds; ++r) {
    Timing th, tc;
    if (r % 2 == 0) {
      th = measure(stream, start, stop, dA, dA0, bytes, calls, viaHip);
      tc = measure(stream, start, stop, dA, dA0, bytes, calls, viaCu);
    } else {
      tc = measure(stream, start, stop, dA, dA0, bytes, calls, viaCu);
      th = measure(stream, start, stop, dA, dA0, bytes, calls, viaHip);
    }
    hipGpu.push_back(th.gpuUs);
    cuGpu.push_back(tc.gpuUs);
    hipHost.push_back(th.hostUs);
    cuHost.push_back(tc.hostUs);
    ratio.push_back(th.gpuUs / tc.gpuUs);
  }
  double mean = 0, var = 0;
  for (double x : ratio) mean += x / ratio.size();
  for (double x : ratio) var += (x - mean) * (x - mean) / std::max<size_t>(1, ratio.size() - 1);
  const double half = 1.96 * std::sqrt(var / ratio.size());
  std::sort(ratio.begin(), ratio.end());

  // Both write the same factors and pivots.
  std::vector<double> luHip(count), luCu(count);
  std::vector<int> pHip(n), pCu(n);
  measure(stream, start, stop, dA, dA0, bytes, 1, viaHip);
  CHECK_HIP(hipMemcpy(luHip.data(), dA, bytes, hipMemcpyDeviceToHost));
  CHECK_HIP(hipMemcpy(pHip.data(), ipiv, n * sizeof(int), hipMemcpyDeviceToHost));
  measure(stream, start, stop, dA, dA0, bytes, 1, viaCu);
  CHECK_HIP(hipMemcpy(luCu.data(), dA, bytes, hipMemcpyDeviceToHost));
  CHECK_HIP(hipMemcpy(pCu.data(), ipiv, n * sizeof(int), hipMemcpyDeviceToHost));
  const bool same = std::memcmp(luHip.data(), luCu.data(), bytes) == 0 && pHip == pCu;

  const double gflop = 2.0 / 3.0 * double(n) * n * n / 1e9;
  std::printf("getrf n=%d calls=%d rounds=%d\n", n, calls, rounds);
  std::printf("  gpu us/call   hipsolver %.1f  cusolver %.1f  (%.0f GFLOP/s)\n", median(hipGpu),
              median(cuGpu), gflop / (median(cuGpu) / 1e6));
  std::printf("  ratio hipsolver/cusolver %.4f  95%% CI [%.4f, %.4f]  (per-round %.4f .. %.4f)\n",
              mean, mean - half, mean + half, ratio.front(), ratio.back());
  std::printf("  host us/call  hipsolver %.2f  cusolver %.2f  difference %+.2f\n", median(hipHost),
              median(cuHost), median(hipHost) - median(cuHost));
  std::printf("  results %s\n", same ? "identical" : "DIFFER");

  for (void* p : {(void*)dA0, (void*)dA, (void*)ipiv, (void*)info, (void*)work}) CHECK_HIP(hipFree(p));
  CHECK_HIP(hipEventDestroy(start));
  CHECK_HIP(hipEventDestroy(stop));
  return same;
}

int envInt(const char* name, int fallback) {
  const char* v = std::getenv(name);
  return v != nullptr && std::atoi(v) > 0 ? std::atoi(v) : fallback;
}

}  // namespace

int main(int argc, char** argv) {
  std::vector<int> sizes;
  for (int i = 1; i < argc; ++i) sizes.push_back(std::atoi(argv[i]));
  if (sizes.empty()) sizes = {1024, 4096, 8192};
  for (int n : sizes) {
    if (n < 1) {
      std::fprintf(stderr, "usage: %s [n ...]\n", argv[0]);
      return 2;
    }
  }
  const int rounds = envInt("HIPSOLVER_BENCH_ROUNDS", 15), calls = envInt("HIPSOLVER_BENCH_CALLS", 3);
  int count = 0;
  if (hipGetDeviceCount(&count) != hipSuccess || count == 0) {
    std::printf("no GPU: skipped\n");
    return 77;
  }
  hipsolverHandle_t h;
  CHECK_SOLVER(hipsolverCreate(&h));
  hipStream_t stream;
  CHECK_HIP(hipStreamCreate(&stream));
  CHECK_SOLVER(hipsolverSetStream(h, stream));
  void* cuStream = nullptr;
  CHECK_HIP(unihipStreamGetNativeHandle(stream, &cuStream));
  std::string why;
  DirectGetrf* direct = directGetrfCreate(cuStream, &why);
  if (direct == nullptr) {
    std::fprintf(stderr, "cuSOLVER directly: %s\n", why.c_str());
    return 1;
  }
  bool ok = true;
  for (int n : sizes) ok = bench(h, stream, direct, n, calls, rounds) && ok;
  directGetrfDestroy(direct);
  CHECK_SOLVER(hipsolverDestroy(h));
  CHECK_HIP(hipStreamDestroy(stream));
  return ok ? 0 : 1;
}
