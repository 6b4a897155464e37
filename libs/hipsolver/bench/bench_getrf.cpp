// hipsolverDgetrf against cusolverDnDgetrf called directly: the same matrix, the same device
// arrays and workspace, the same stream, in alternating order round by round. Each call factors a
// fresh copy of A (copied before its events). Prints, per n, each one's GPU time per call (median
// over rounds), the ratio hipSOLVER / cuSOLVER as the median of the per-round ratios with a
// distribution-free 95% interval (libs/common/bench_pair.h), the host time per call, and checks
// both wrote the same factors and pivots, bit for bit.
// Usage: hipsolver_bench_getrf [--rounds N (HIPSOLVER_BENCH_ROUNDS, 15)] [n ... (1024 4096 8192)];
// HIPSOLVER_BENCH_CALLS (calls a round, 3). Exits 77 without a GPU.
#include <hipsolver/hipsolver.h>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "bench_pair.h"
#include "cusolver_direct.h"

namespace {

namespace b = unihip::libs::bench;
#define CHECK_HIP(e) BENCH_CHECK_HIP(e)
#define CHECK_SOLVER(e) BENCH_CHECK_STATUS(e, HIPSOLVER_STATUS_SUCCESS)

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
  auto fresh = [&] {
    CHECK_HIP(hipMemcpyAsync(dA, dA0, bytes, hipMemcpyDeviceToDevice, stream));
  };
  b::EventTimer timer(stream);
  const b::PairRounds p = b::alternate(rounds, [&] { return timer.timeEach(calls, viaHip, fresh); },
                                       [&] { return timer.timeEach(calls, viaCu, fresh); });

  // Both write the same factors and pivots.
  const bool same =
      b::sameOutput(stream, dA, bytes, viaHip, viaCu, fresh) &&
      b::sameOutput(stream, ipiv, n * sizeof(int), viaHip, viaCu, fresh);

  const double gflop = 2.0 / 3.0 * double(n) * n * n / 1e9;
  std::printf("getrf n=%d calls=%d rounds=%d\n", n, calls, rounds);
  b::printPair("hipsolver", "cusolver", p, gflop, "GFLOP/s", same);

  for (void* p : {(void*)dA0, (void*)dA, (void*)ipiv, (void*)info, (void*)work}) CHECK_HIP(hipFree(p));
  return same;
}

int envInt(const char* name, int fallback) {
  const char* v = std::getenv(name);
  return v != nullptr && std::atoi(v) > 0 ? std::atoi(v) : fallback;
}

}  // namespace

int main(int argc, char** argv) {
  int rounds = envInt("HIPSOLVER_BENCH_ROUNDS", 15);
  const int calls = envInt("HIPSOLVER_BENCH_CALLS", 3);
  std::vector<long> sizes;
  if (!b::parseArgs(argc, argv, &rounds, &sizes)) return 2;
  if (sizes.empty()) sizes = {1024, 4096, 8192};
  if (!b::haveGpu("hipsolver_bench_getrf")) return b::kSkipped;
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
  for (long n : sizes) ok = bench(h, stream, direct, static_cast<int>(n), calls, rounds) && ok;
  directGetrfDestroy(direct);
  CHECK_SOLVER(hipsolverDestroy(h));
  CHECK_HIP(hipStreamDestroy(stream));
  return ok ? 0 : 1;
}
