// bench_launch_pair: launch enqueue through unihip and through the raw driver in ONE process,
// interleaved batch by batch on the same thread and the same GPU context. Separate processes
// (bench_unihip against bench_driver) see the shared host's drift between runs (±10% between
// rounds); here both sides of each round meet the same drift, so the per-round ratio resolves a
// few percent (issue 16, item 3: <= 1.02x the driver, with the interval to show it).
//   --rounds N   rounds (default 60); each times every figure once per side, order alternating
// Prints {"round": r} and the JSON figure lines (bench_stats.h) of both sides; exits 77 without
// a GPU (127 from the loader without libcuda, as bench_driver). The driver's side is
// driver_side.cpp.
#include <hip/hip_runtime.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <vector>

#include "bench_kernels.cuh"
#include "bench_stats.h"
#include "driver_side.h"

namespace {

void check(bool ok, const char* what) {
  if (ok) return;
  std::fprintf(stderr, "bench_launch_pair: %s failed\n", what);
  std::exit(1);
}

// One figure: the same launch through each side.
struct Figure {
  const char* name;
  double argumentBytes;
  pair::Launch driver;
  std::function<void()> unihip;
};

constexpr int kSamplesPerRound = 100;  // of bench::kLaunchBatch launches each

}  // namespace

int main(int argc, char** argv) {
  int rounds = 60;
  if (!bench::parseRounds(argc, argv, &rounds)) return 2;
  int devices = 0;
  if (hipGetDeviceCount(&devices) != hipSuccess || devices == 0) {
    std::fprintf(stderr, "bench_launch_pair: no GPU\n");
    return bench::kNoGpuExit;
  }
  hipStream_t hs = nullptr;
  check(hipSetDevice(0) == hipSuccess && hipStreamCreate(&hs) == hipSuccess, "hipStreamCreate");
  check(hipStreamSynchronize(hs) == hipSuccess, "hipStreamSynchronize");
  pair::openDriverSide();  // in the context unihip made current (the primary context)

  float* f = nullptr;
  int n = 1;
  float scale = 2.0f;
  int* p = nullptr;
  BenchArgs1K big{};
  const std::vector<Figure> figures = {
      {"launch_pair_0args", 0, pair::Launch::Args0, [&] { bench_empty<<<1, 1, 0, hs>>>(); }},
      {"launch_pair_4args", 24, pair::Launch::Args4,
       [&] { bench_args4<<<1, 1, 0, hs>>>(f, f, n, scale); }},
      {"launch_pair_16args", 128, pair::Launch::Args16,
       [&] { bench_args16<<<1, 1, 0, hs>>>(p, p, p, p, p, p, p, p, p, p, p, p, p, p, p, p); }},
      {"launch_pair_struct1k", sizeof(BenchArgs1K) + sizeof(int*), pair::Launch::Struct1K,
       [&] { bench_struct1k<<<1, 1, 0, hs>>>(big, p); }},
  };
  auto hipDrain = [&] { check(hipStreamSynchronize(hs) == hipSuccess, "hipStreamSynchronize"); };

  for (int r = 0; r < rounds; ++r) {
    std::printf("{\"round\":%d}\n", r);
    for (const Figure& fig : figures) {
      for (int side = 0; side < 2; ++side) {
        const bool driverSide = (side + r) % 2 == 0;  // who goes first alternates by round
        bench::implName() = driverSide ? "driver" : "unihip";
        const bench::Summary s =
            driverSide ? pair::timeDriverLaunches(fig.driver, kSamplesPerRound)
                       : bench::timeBatched(kSamplesPerRound, bench::kLaunchBatch, fig.unihip,
                                            hipDrain);
        bench::report(fig.name, "launch_pair", fig.argumentBytes, s);
      }
    }
    check(hipGetLastError() == hipSuccess, "unihip's launches");
  }
  return 0;
}
