// Launch figures through <<<>>> (clang's HIP stub for unihip, nvcc's stub for cudart):
// enqueue cost by argument bytes, launch plus sync, and launches from several threads at once.
#if defined(BENCH_IMPL_UNIHIP)
#include <hip/hip_runtime.h>
#endif
#include <atomic>
#include <cstdio>
#include <cstring>
#include <thread>
#include <vector>

#include "bench_files.h"
#include "bench_kernels.cuh"
#include "bench_stats.h"
#include "gpu_api.h"
#include "runtime_bench.h"

namespace bench {

// For graph_bench.cpp: the kernels it captures and compares against.
void enqueueKernels(gpuStream_t s, int kernels) {
  for (int k = 0; k < kernels; ++k) bench_empty<<<1, 1, 0, s>>>();
}

namespace {

void drain(gpuStream_t s) {
  GPU_CHECK(gpuStreamSynchronize(s));
  GPU_CHECK(gpuGetLastError());
}

// Enqueue cost of each kernel, argument bytes as x.
void enqueueFigures(gpuStream_t s) {
  auto sync = [&] { drain(s); };
  report("launch_0args", "launch_enqueue", 0,
         timeBatched(kLaunchSamples, kLaunchBatch, [&] { bench_empty<<<1, 1, 0, s>>>(); }, sync));

  float* f = nullptr;
  report("launch_4args", "launch_enqueue", 24,
         timeBatched(kLaunchSamples, kLaunchBatch,
                     [&] { bench_args4<<<1, 1, 0, s>>>(f, f, 1, 2.0f); }, sync));

  int* p = nullptr;
  report("launch_16args", "launch_enqueue", 128,
         timeBatched(kLaunchSamples, kLaunchBatch,
                     [&] {
                       bench_args16<<<1, 1, 0, s>>>(p, p, p, p, p, p, p, p, p, p, p, p, p, p, p,
                                                    p);
                     },
                     sync));

  BenchArgs1K big{};
  report("launch_struct1k", "launch_enqueue", sizeof(BenchArgs1K) + sizeof(int*),
         timeBatched(kLaunchSamples, kLaunchBatch,
                     [&] { bench_struct1k<<<1, 1, 0, s>>>(big, p); }, sync));
}

// Per-launch enqueue cost seen by each of `threads` threads, each on its own stream, all
// launching at once. A runtime with a global lock shows it here.
void threadedFigure(int threads) {
  std::vector<std::vector<double>> perThread(threads);
  std::atomic<int> ready{0};
  auto worker = [&](int t) {
    GPU_CHECK(gpuSetDevice(0));
    gpuStream_t s;
    GPU_CHECK(gpuStreamCreate(&s));
    for (int i = 0; i < kLaunchBatch * 4; ++i) bench_empty<<<1, 1, 0, s>>>();
    drain(s);
    ready.fetch_add(1);
    while (ready.load() < threads) std::this_thread::yield();
    for (int k = 0; k < kLaunchSamples; ++k) {
      double t0 = nowUs();
      for (int i = 0; i < kLaunchBatch; ++i) bench_empty<<<1, 1, 0, s>>>();
      perThread[t].push_back((nowUs() - t0) / kLaunchBatch);
      drain(s);
    }
    GPU_CHECK(gpuStreamDestroy(s));
  };
  std::vector<std::thread> pool;
  for (int t = 0; t < threads; ++t) pool.emplace_back(worker, t);
  for (auto& th : pool) th.join();
  std::vector<double> all;
  for (auto& v : perThread) all.insert(all.end(), v.begin(), v.end());
  report("launch_" + std::to_string(threads) + "threads", "launch_threads", threads,
         summarize(std::move(all)));
}

}  // namespace

// The timed part of a first launch, its own function so that callgrind can collect exactly it
// (count_gpu_instructions.sh, --toggle-collect=benchFirstLaunch).
extern "C" [[gnu::noinline]] void benchFirstLaunch(gpuStream_t s) {
  bench_empty<<<1, 1, 0, s>>>();
  drain(s);
}

void firstLaunch(bool afterOtherModule) {
  gpuStream_t s;
  GPU_CHECK(gpuStreamCreate(&s));  // creates the context: not part of the figure
  GPU_CHECK(gpuStreamSynchronize(s));
  if (afterOtherModule) {  // another module's first launch runs the same code paths first
    launchOtherModuleKernel(s);
    drain(s);
  }
  const long faults = pageFaults();
  double t0 = nowUs();
  benchFirstLaunch(s);
  double t = nowUs() - t0;
  const char* name = afterOtherModule ? "first_launch_warm" : "first_launch";
  report(name, "first_launch", 0, Summary{t, t, t, 1});
  reportCount(std::string(name) + "_page_faults", pageFaults() - faults);
  GPU_CHECK(gpuStreamDestroy(s));
}

struct InstructionBatch {
  enum Kind { kLaunch, kCopy, kModuleLaunch } kind = kLaunch;
  gpuStream_t stream = nullptr;
  void* device = nullptr;
  void* pinned = nullptr;
#if defined(BENCH_IMPL_UNIHIP)
  hipFunction_t function = nullptr;  // bench_args4 from the cubin (kModuleLaunch)
#endif
};

// One batch of 64 operations: everything executed in here is the figure (runtime and driver).
extern "C" [[gnu::noinline]] int benchInstructionBatch(const InstructionBatch& b) {
  int failures = 0;
  float* f = nullptr;
  for (int i = 0; i < 64; ++i) {
    if (b.kind == InstructionBatch::kCopy) {
      failures += gpuMemcpyAsync(b.device, b.pinned, 1024, gpuMemcpyHostToDevice, b.stream) !=
                  gpuSuccess;
    } else if (b.kind == InstructionBatch::kLaunch) {
      bench_args4<<<1, 1, 0, b.stream>>>(f, f, 1, 2.0f);
    } else {
#if defined(BENCH_IMPL_UNIHIP)
      int n = 1;
      float scale = 2.0f;
      void* args[] = {&f, &f, &n, &scale};
      failures += hipModuleLaunchKernel(b.function, 1, 1, 1, 1, 1, 1, 0, b.stream, args,
                                        nullptr) != hipSuccess;
#endif
    }
  }
  return failures;
}

bool instructionLoop(const char* kind, int batches) {
  InstructionBatch b;
#if defined(BENCH_IMPL_UNIHIP)
  hipModule_t module = nullptr;
#endif
  if (std::strcmp(kind, "copy") == 0) {
    b.kind = InstructionBatch::kCopy;
  } else if (std::strcmp(kind, "module-launch") == 0) {
#if defined(BENCH_IMPL_UNIHIP)
    b.kind = InstructionBatch::kModuleLaunch;
    std::vector<char> cubin = readFile(cubinPath());
    if (cubin.empty() || hipModuleLoadData(&module, cubin.data()) != hipSuccess ||
        hipModuleGetFunction(&b.function, module, "bench_args4") != hipSuccess)
      return false;
#else
    return false;  // the CUDA runtime has no module API
#endif
  } else if (std::strcmp(kind, "launch") != 0) {
    return false;
  }
  GPU_CHECK(gpuStreamCreate(&b.stream));
  GPU_CHECK(gpuMalloc(&b.device, 1024));
  GPU_CHECK(gpuMallocHost(&b.pinned, 1024));
  const bool ok = runInstructionBatches(
      BENCH_IMPL, batches, [&] { return benchInstructionBatch(b); }, [&] { drain(b.stream); });
  GPU_CHECK(gpuFreeHost(b.pinned));
  GPU_CHECK(gpuFree(b.device));
  GPU_CHECK(gpuStreamDestroy(b.stream));
#if defined(BENCH_IMPL_UNIHIP)
  if (module != nullptr) GPU_CHECK(hipModuleUnload(module));
#endif
  return ok;
}

void launchBenchmarks() {
  gpuStream_t s;
  GPU_CHECK(gpuStreamCreate(&s));
  enqueueFigures(s);
  report("launch_sync", "launch_sync", 0, timeEach(200, kSyncReps, [&] {
           bench_empty<<<1, 1, 0, s>>>();
           GPU_CHECK(gpuStreamSynchronize(s));
         }));
  GPU_CHECK(gpuStreamDestroy(s));
  threadedFigure(4);
  threadedFigure(8);
}

}  // namespace bench
