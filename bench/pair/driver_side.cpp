#include "driver_side.h"

#include <cuda.h>

#include <cstdio>
#include <cstdlib>
#include <vector>

#include "bench_args.h"
#include "bench_files.h"
#include "cu_check.h"

namespace pair {

namespace {

struct Kernels {
  CUfunction empty = nullptr, args4 = nullptr, args16 = nullptr, struct1k = nullptr;
  CUstream stream = nullptr;
};

Kernels& kernels() {
  static Kernels k;
  return k;
}

}  // namespace

void openDriverSide() {
  CUcontext context = nullptr;
  CU_CHECK(cuCtxGetCurrent(&context));
  if (context == nullptr) {
    std::fprintf(stderr, "bench_launch_pair: no current context for the driver's side\n");
    std::exit(1);
  }
  static const std::vector<char> cubin = bench::readFile(bench::cubinPath());
  if (cubin.empty()) {
    std::fprintf(stderr, "bench_launch_pair: %s unreadable\n", bench::cubinPath().c_str());
    std::exit(1);
  }
  CUmodule module = nullptr;
  CU_CHECK(cuModuleLoadData(&module, cubin.data()));
  Kernels& k = kernels();
  CU_CHECK(cuModuleGetFunction(&k.empty, module, "bench_empty"));
  CU_CHECK(cuModuleGetFunction(&k.args4, module, "bench_args4"));
  CU_CHECK(cuModuleGetFunction(&k.args16, module, "bench_args16"));
  CU_CHECK(cuModuleGetFunction(&k.struct1k, module, "bench_struct1k"));
  CU_CHECK(cuStreamCreate(&k.stream, 0));
}

// As bench_driver's enqueue figures: each launch builds its array of pointers to the arguments,
// as a <<<>>> stub does, then calls cuLaunchKernel.
bench::Summary timeDriverLaunches(Launch which, int samples) {
  const Kernels& k = kernels();
  auto time = [&](auto&& enqueue) {
    return bench::timeBatched(samples, bench::kLaunchBatch, enqueue,
                              [&] { CU_CHECK(cuStreamSynchronize(k.stream)); });
  };
  auto launch = [&](CUfunction f, void** args) {
    CU_CHECK(cuLaunchKernel(f, 1, 1, 1, 1, 1, 1, 0, k.stream, args, nullptr));
  };
  float* f = nullptr;
  int n = 1;
  float scale = 2.0f;
  int* p = nullptr;
  BenchArgs1K big{};
  switch (which) {
    case Launch::Args0:
      return time([&] { launch(k.empty, nullptr); });
    case Launch::Args4:
      return time([&] {
        void* args[] = {&f, &f, &n, &scale};
        launch(k.args4, args);
      });
    case Launch::Args16:
      return time([&] {
        void* args[] = {&p, &p, &p, &p, &p, &p, &p, &p, &p, &p, &p, &p, &p, &p, &p, &p};
        launch(k.args16, args);
      });
    case Launch::Struct1K:
      return time([&] {
        void* args[] = {&big, &p};
        launch(k.struct1k, args);
      });
  }
  return {};
}

}  // namespace pair
