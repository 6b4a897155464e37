// bench_launch_pair: launch enqueue through unihip and through the raw driver in ONE process,
// interleaved batch by batch on the same thread and the same GPU context. Separate processes
// (bench_unihip against bench_driver) see the shared host's drift between runs (±10% between
// rounds); here both sides of each round meet the same drift, so the per-round ratio resolves a
// few percent (issue 16, item 3: <= 1.02x the driver, with the interval to show it).
//   --rounds N   rounds (default 60); each times every figure once per side, order alternating
// Prints {"round": r} and the JSON figure lines (bench_stats.h) of both sides; exits 77 without
// a GPU. The driver side calls libcuda through dlopen: no CUDA header beside HIP's here.
#include <hip/hip_runtime.h>

#include <dlfcn.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <string>
#include <vector>

#include "bench_files.h"
#include "bench_kernels.cuh"
#include "bench_stats.h"

namespace {

// The driver API entry points used, as libcuda exports them (CUresult is an int; handles are
// opaque pointers).
struct Driver {
  int (*ctxGetCurrent)(void** ctx);
  int (*moduleLoadData)(void** module, const void* image);
  int (*moduleGetFunction)(void** function, void* module, const char* name);
  int (*streamCreate)(void** stream, unsigned int flags);
  int (*streamSynchronize)(void* stream);
  int (*launchKernel)(void* f, unsigned gx, unsigned gy, unsigned gz, unsigned bx, unsigned by,
                      unsigned bz, unsigned shared, void* stream, void** params, void** extra);
};

bool loadDriver(Driver* d) {
  void* lib = dlopen("libcuda.so.1", RTLD_NOW);  // the copy unihip has loaded
  if (lib == nullptr) return false;
  auto get = [&](auto* slot, const char* name) {
    *reinterpret_cast<void**>(slot) = dlsym(lib, name);
    return *reinterpret_cast<void**>(slot) != nullptr;
  };
  return get(&d->ctxGetCurrent, "cuCtxGetCurrent") && get(&d->moduleLoadData, "cuModuleLoadData") &&
         get(&d->moduleGetFunction, "cuModuleGetFunction") &&
         get(&d->streamCreate, "cuStreamCreate") &&
         get(&d->streamSynchronize, "cuStreamSynchronize") &&
         get(&d->launchKernel, "cuLaunchKernel");
}

void check(bool ok, const char* what) {
  if (ok) return;
  std::fprintf(stderr, "bench_launch_pair: %s failed\n", what);
  std::exit(1);
}

// One figure: the same launch through each side.
struct Figure {
  const char* name;
  double argumentBytes;
  std::function<void()> unihip;
  std::function<void()> driver;
};

constexpr int kSamplesPerRound = 100;  // of kLaunchBatch launches each

}  // namespace

int main(int argc, char** argv) {
  int rounds = 60;
  for (int i = 1; i < argc; ++i) {
    if (std::strcmp(argv[i], "--rounds") == 0 && i + 1 < argc) {
      rounds = std::atoi(argv[++i]);
    } else {
      std::fprintf(stderr, "usage: %s [--rounds N]\n", argv[0]);
      return 2;
    }
  }
  int devices = 0;
  if (hipGetDeviceCount(&devices) != hipSuccess || devices == 0) {
    std::fprintf(stderr, "bench_launch_pair: no GPU\n");
    return bench::kNoGpuExit;
  }
  hipStream_t hs = nullptr;
  check(hipSetDevice(0) == hipSuccess && hipStreamCreate(&hs) == hipSuccess, "hipStreamCreate");
  check(hipStreamSynchronize(hs) == hipSuccess, "hipStreamSynchronize");

  // The driver side in the context unihip made current (the device's primary context).
  Driver d{};
  check(loadDriver(&d), "loading libcuda's entry points");
  void* ctx = nullptr;
  check(d.ctxGetCurrent(&ctx) == 0 && ctx != nullptr, "cuCtxGetCurrent (a current context)");
  std::vector<char> cubin = bench::readFile(bench::cubinPath());
  check(!cubin.empty(), "reading bench_kernels.sm_90.cubin");
  void* module = nullptr;
  check(d.moduleLoadData(&module, cubin.data()) == 0, "cuModuleLoadData");
  void *empty = nullptr, *args4 = nullptr, *args16 = nullptr, *struct1k = nullptr;
  check(d.moduleGetFunction(&empty, module, "bench_empty") == 0 &&
            d.moduleGetFunction(&args4, module, "bench_args4") == 0 &&
            d.moduleGetFunction(&args16, module, "bench_args16") == 0 &&
            d.moduleGetFunction(&struct1k, module, "bench_struct1k") == 0,
        "cuModuleGetFunction");
  void* ds = nullptr;
  check(d.streamCreate(&ds, 0) == 0, "cuStreamCreate");

  float* f = nullptr;
  int n = 1;
  float scale = 2.0f;
  int* p = nullptr;
  BenchArgs1K big{};
  int driverFailures = 0;  // counted, as unihip's failures reach hipGetLastError
  auto launch = [&](void* fn, void** params) {
    driverFailures += d.launchKernel(fn, 1, 1, 1, 1, 1, 1, 0, ds, params, nullptr) != 0;
  };
  // As bench_driver does: an array of pointers to the arguments, then the launch.
  const std::vector<Figure> figures = {
      {"launch_pair_0args", 0, [&] { bench_empty<<<1, 1, 0, hs>>>(); },
       [&] { launch(empty, nullptr); }},
      {"launch_pair_4args", 24, [&] { bench_args4<<<1, 1, 0, hs>>>(f, f, n, scale); },
       [&] {
         void* a[] = {&f, &f, &n, &scale};
         launch(args4, a);
       }},
      {"launch_pair_16args", 128,
       [&] { bench_args16<<<1, 1, 0, hs>>>(p, p, p, p, p, p, p, p, p, p, p, p, p, p, p, p); },
       [&] {
         void* a[] = {&p, &p, &p, &p, &p, &p, &p, &p, &p, &p, &p, &p, &p, &p, &p, &p};
         launch(args16, a);
       }},
      {"launch_pair_struct1k", sizeof(BenchArgs1K) + sizeof(int*),
       [&] { bench_struct1k<<<1, 1, 0, hs>>>(big, p); },
       [&] {
         void* a[] = {&big, &p};
         launch(struct1k, a);
       }},
  };
  auto hipDrain = [&] { check(hipStreamSynchronize(hs) == hipSuccess, "hipStreamSynchronize"); };
  auto driverDrain = [&] { check(d.streamSynchronize(ds) == 0, "cuStreamSynchronize"); };

  for (int r = 0; r < rounds; ++r) {
    std::printf("{\"round\":%d}\n", r);
    for (const Figure& fig : figures) {
      for (int side = 0; side < 2; ++side) {
        const bool driverSide = (side + r) % 2 == 0;  // who goes first alternates by round
        bench::implName() = driverSide ? "driver" : "unihip";
        const bench::Summary s =
            driverSide ? bench::timeBatched(kSamplesPerRound, bench::kLaunchBatch, fig.driver,
                                            driverDrain)
                       : bench::timeBatched(kSamplesPerRound, bench::kLaunchBatch, fig.unihip,
                                            hipDrain);
        bench::report(fig.name, "launch_pair", fig.argumentBytes, s);
      }
    }
    check(hipGetLastError() == hipSuccess && driverFailures == 0, "the launches");
  }
  return 0;
}
