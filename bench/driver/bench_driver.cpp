// bench_driver: launch, sync, copy and module figures through the CUDA driver API, with the
// kernels of kernels/bench_kernels.cuh loaded from the cubin next to the executable.
//   --startup            print the time from BENCH_T0_NS (CLOCK_MONOTONIC, set by the startup
//                        runner before exec) to the first kernel's completion, and exit
//   --first-launch-only  only the first-launch figure
//   --first-launch-warm  only a first launch after another module's (the kernel comparison's
//                        cubin, untimed): the code paths have run once
//   --image-before-context  with --first-launch-only: the cubin read before the context is made
//                        (figure "first_launch_image_early"), as a runtime's image embedded in
//                        the executable is there before; read just before, its memory and the
//                        heap blocks freed by the read are warm for cuModuleLoadData
//   --image-mapped       with --first-launch-only: the cubin mapped from its file (figure
//                        "first_launch_image_mapped"), as an executable's embedded image is:
//                        file-backed pages, no heap copy made just before
//   --launch-only        only the launch and sync figures (run_all.sh's short extra rounds)
//   --max-copy=<MiB>     largest copy (default 1024)
//   --instruction-loop=<launch|copy>:<batches>
//                        only operations for bench/count_gpu_instructions.sh (as bench_unihip's)
// Exits 77 when there is no usable GPU.
#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include <atomic>
#include <cstring>
#include <string>
#include <thread>
#include <vector>

#include "bench_args.h"
#include "bench_files.h"
#include "bench_stats.h"
#include "driver_bench.h"

namespace bench {

namespace {

struct Kernels {
  CUmodule module = nullptr;
  CUfunction empty = nullptr, args4 = nullptr, args16 = nullptr, struct1k = nullptr;
};

CUdevice g_device = 0;

void drain(CUstream s) { CU_CHECK(cuStreamSynchronize(s)); }

// What cudart's <<<>>> stub does: an array of pointers to the arguments, then the launch.
void launchEmpty(const Kernels& k, CUstream s) {
  CU_CHECK(cuLaunchKernel(k.empty, 1, 1, 1, 1, 1, 1, 0, s, nullptr, nullptr));
}

void enqueueFigures(const Kernels& k, CUstream s) {
  auto sync = [&] { drain(s); };
  report("launch_0args", "launch_enqueue", 0,
         timeBatched(kLaunchSamples, kLaunchBatch, [&] { launchEmpty(k, s); }, sync));

  float* f = nullptr;
  int n = 1;
  float scale = 2.0f;
  report("launch_4args", "launch_enqueue", 24,
         timeBatched(kLaunchSamples, kLaunchBatch,
                     [&] {
                       void* args[] = {&f, &f, &n, &scale};
                       CU_CHECK(cuLaunchKernel(k.args4, 1, 1, 1, 1, 1, 1, 0, s, args, nullptr));
                     },
                     sync));

  int* p = nullptr;
  report("launch_16args", "launch_enqueue", 128,
         timeBatched(kLaunchSamples, kLaunchBatch,
                     [&] {
                       void* args[] = {&p, &p, &p, &p, &p, &p, &p, &p,
                                       &p, &p, &p, &p, &p, &p, &p, &p};
                       CU_CHECK(cuLaunchKernel(k.args16, 1, 1, 1, 1, 1, 1, 0, s, args, nullptr));
                     },
                     sync));

  BenchArgs1K big{};
  report("launch_struct1k", "launch_enqueue", sizeof(BenchArgs1K) + sizeof(int*),
         timeBatched(kLaunchSamples, kLaunchBatch,
                     [&] {
                       void* args[] = {&big, &p};
                       CU_CHECK(
                           cuLaunchKernel(k.struct1k, 1, 1, 1, 1, 1, 1, 0, s, args, nullptr));
                     },
                     sync));
}

// The driver's side of the execution figures (issue 12): hipModuleLaunchKernel against
// cuLaunchKernel, a cooperative launch, and the occupancy calculator, on the same kernels.
void executionFigures(const Kernels& k, CUstream s) {
  auto sync = [&] { drain(s); };
  float* f = nullptr;
  int n = 1;
  float scale = 2.0f;
  report("module_launch_4args", "launch_enqueue", 24,
         timeBatched(kLaunchSamples, kLaunchBatch,
                     [&] {
                       void* args[] = {&f, &f, &n, &scale};
                       CU_CHECK(cuLaunchKernel(k.args4, 1, 1, 1, 1, 1, 1, 0, s, args, nullptr));
                     },
                     sync));
  report("coop_launch", "launch_enqueue", 0,
         timeBatched(kLaunchSamples, kLaunchBatch,
                     [&] {
                       CU_CHECK(cuLaunchCooperativeKernel(k.empty, 1, 1, 1, 1, 1, 1, 0, s,
                                                          nullptr));
                     },
                     sync));
  constexpr int kQueryReps = 20000;
  int blocks = 0;
  report("occupancy_active_blocks", "occupancy", 0, timeEach(200, kQueryReps, [&] {
           CU_CHECK(cuOccupancyMaxActiveBlocksPerMultiprocessor(&blocks, k.args4, 256, 0));
         }));
  int grid = 0, block = 0;
  report("occupancy_block_size", "occupancy", 1, timeEach(200, kQueryReps, [&] {
           CU_CHECK(cuOccupancyMaxPotentialBlockSize(&grid, &block, k.args4, nullptr, 0, 0));
         }));
}

void threadedFigure(const Kernels& k, int threads) {
  std::vector<std::vector<double>> perThread(threads);
  std::atomic<int> ready{0};
  auto worker = [&](int t) {
    driverContext();
    CUstream s;
    CU_CHECK(cuStreamCreate(&s, CU_STREAM_DEFAULT));
    for (int i = 0; i < kLaunchBatch * 4; ++i) launchEmpty(k, s);
    drain(s);
    ready.fetch_add(1);
    while (ready.load() < threads) std::this_thread::yield();
    for (int r = 0; r < kLaunchSamples; ++r) {
      double t0 = nowUs();
      for (int i = 0; i < kLaunchBatch; ++i) launchEmpty(k, s);
      perThread[t].push_back((nowUs() - t0) / kLaunchBatch);
      drain(s);
    }
    CU_CHECK(cuStreamDestroy(s));
  };
  std::vector<std::thread> pool;
  for (int t = 0; t < threads; ++t) pool.emplace_back(worker, t);
  for (auto& th : pool) th.join();
  std::vector<double> all;
  for (auto& v : perThread) all.insert(all.end(), v.begin(), v.end());
  report("launch_" + std::to_string(threads) + "threads", "launch_threads", threads,
         summarize(std::move(all)));
}

void syncFigures() {
  CUstream s;
  CU_CHECK(cuStreamCreate(&s, CU_STREAM_DEFAULT));
  CUevent e;
  CU_CHECK(cuEventCreate(&e, CU_EVENT_DEFAULT));
  report("event_record_sync", "sync", 0, timeEach(200, kSyncReps, [&] {
           CU_CHECK(cuEventRecord(e, s));
           CU_CHECK(cuEventSynchronize(e));
         }));
  report("stream_sync_idle", "sync", 1, timeEach(200, kSyncReps, [&] { drain(s); }));
  report("device_sync_idle", "sync", 2,
         timeEach(200, kSyncReps, [&] { CU_CHECK(cuCtxSynchronize()); }));
  CU_CHECK(cuEventDestroy(e));
  CU_CHECK(cuStreamDestroy(s));
}

void moduleLoadFigure(const char* bench, double x, const std::vector<char>& image, int warmup,
                      int reps) {
  Summary s = timeEach(warmup, reps, [&] {
    CUmodule m = nullptr;
    CU_CHECK(cuModuleLoadData(&m, image.data()));
    CU_CHECK(cuModuleUnload(m));
  });
  report(bench, "module_load", x, s);
}

// Module load, function lookup and first launch: what a runtime does at a kernel's first launch.
// Its own function so that callgrind can collect exactly it (count_gpu_instructions.sh).
extern "C" [[gnu::noinline]] void benchFirstLaunch(const char* cubin, CUstream s, Kernels* k) {
  CU_CHECK(cuModuleLoadData(&k->module, cubin));
  CU_CHECK(cuModuleGetFunction(&k->empty, k->module, "bench_empty"));
  launchEmpty(*k, s);
  drain(s);
}

// --first-launch-warm's untimed first: another image's first launch (the kernel comparison's
// cubin, cg_math_f32 on no elements), as unihip and cudart launch another translation unit's
// kernel.
CUmodule firstLaunchOfAnotherModule(CUstream s) {
  // Kept: freed, its block would be reused warm by the timed load (the heap's state matters).
  static std::vector<char> image = readFile(exeDir() + "/codegen.nvcc.sm_90.cubin");
  if (image.empty()) {
    std::fprintf(stderr, "bench_driver: --first-launch-warm needs codegen.nvcc.sm_90.cubin\n");
    std::exit(1);
  }
  CUmodule m = nullptr;
  CUfunction f = nullptr;
  CU_CHECK(cuModuleLoadData(&m, image.data()));
  CU_CHECK(cuModuleGetFunction(&f, m, "cg_math_f32"));
  const float* in = nullptr;
  float* out = nullptr;
  int n = 0;  // every thread returns at once
  void* args[] = {&in, &out, &n};
  CU_CHECK(cuLaunchKernel(f, 1, 1, 1, 32, 1, 1, 0, s, args, nullptr));
  drain(s);
  return m;
}

// A file mapped read-only (never unmapped), or null.
const char* mapFile(const std::string& path) {
  const int fd = open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) return nullptr;
  struct stat st{};
  void* p = fstat(fd, &st) == 0 && st.st_size > 0
                ? mmap(nullptr, st.st_size, PROT_READ, MAP_PRIVATE, fd, 0)
                : MAP_FAILED;
  close(fd);
  return p == MAP_FAILED ? nullptr : static_cast<const char*>(p);
}

Kernels loadKernels(const char* cubin, CUstream s, double* firstLaunchUs,
                    long* pageFaultCount = nullptr) {
  Kernels k;
  const long faults = pageFaults();
  double t0 = nowUs();
  benchFirstLaunch(cubin, s, &k);
  *firstLaunchUs = nowUs() - t0;
  if (pageFaultCount != nullptr) *pageFaultCount = pageFaults() - faults;
  CU_CHECK(cuModuleGetFunction(&k.args4, k.module, "bench_args4"));
  CU_CHECK(cuModuleGetFunction(&k.args16, k.module, "bench_args16"));
  CU_CHECK(cuModuleGetFunction(&k.struct1k, k.module, "bench_struct1k"));
  return k;
}

uint64_t monotonicNs() {
  timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return static_cast<uint64_t>(ts.tv_sec) * 1000000000ull + static_cast<uint64_t>(ts.tv_nsec);
}

}  // namespace

CUcontext driverContext() {
  static CUcontext context = [] {
    CUcontext c = nullptr;
    CU_CHECK(cuDevicePrimaryCtxRetain(&c, g_device));
    return c;
  }();
  CU_CHECK(cuCtxSetCurrent(context));
  return context;
}

struct InstructionBatch {
  bool copy = false;
  CUfunction args4 = nullptr;
  CUstream stream = nullptr;
  CUdeviceptr device = 0;
  void* pinned = nullptr;
};

// One batch of 64 operations, as bench_unihip's: what cudart's stub and cudaMemcpyAsync reach.
extern "C" [[gnu::noinline]] int benchInstructionBatch(const InstructionBatch& b) {
  int failures = 0;
  float* f = nullptr;
  int n = 1;
  float scale = 2.0f;
  for (int i = 0; i < 64; ++i) {
    if (b.copy) {
      failures += cuMemcpyHtoDAsync(b.device, b.pinned, 1024, b.stream) != CUDA_SUCCESS;
    } else {
      void* args[] = {&f, &f, &n, &scale};
      failures += cuLaunchKernel(b.args4, 1, 1, 1, 1, 1, 1, 0, b.stream, args, nullptr) !=
                  CUDA_SUCCESS;
    }
  }
  return failures;
}

bool instructionLoop(const Kernels& k, const std::string& kind, int batches) {
  InstructionBatch b;
  b.copy = kind == "copy";
  if (!b.copy && kind != "launch") return false;
  b.args4 = k.args4;
  CU_CHECK(cuStreamCreate(&b.stream, CU_STREAM_DEFAULT));
  CU_CHECK(cuMemAlloc(&b.device, 1024));
  CU_CHECK(cuMemAllocHost(&b.pinned, 1024));
  const bool ok = runInstructionBatches(
      "driver", batches, [&] { return benchInstructionBatch(b); }, [&] { drain(b.stream); });
  CU_CHECK(cuMemFreeHost(b.pinned));
  CU_CHECK(cuMemFree(b.device));
  CU_CHECK(cuStreamDestroy(b.stream));
  return ok;
}

}  // namespace bench

int main(int argc, char** argv) {
  using namespace bench;
  implName() = "driver";
  bool startup = false, firstLaunchOnly = false, firstLaunchWarm = false, launchOnly = false;
  bool imageBeforeContext = false, imageMapped = false;
  size_t maxCopy = kMaxCopyBytes;
  std::string loopKind;
  int loopBatches = 0;
  for (int i = 1; i < argc; ++i) {
    bool loopOk = true;
    if (parseInstructionLoop(argv[i], &loopKind, &loopBatches, &loopOk)) {
      if (!loopOk) {
        std::fprintf(stderr, "bench_driver: --instruction-loop=<launch|copy>:<batches>\n");
        return 2;
      }
    } else if (std::strcmp(argv[i], "--startup") == 0) {
      startup = true;
    } else if (std::strcmp(argv[i], "--first-launch-only") == 0) {
      firstLaunchOnly = true;
    } else if (std::strcmp(argv[i], "--first-launch-warm") == 0) {
      firstLaunchWarm = true;
    } else if (std::strcmp(argv[i], "--image-before-context") == 0) {
      imageBeforeContext = true;
    } else if (std::strcmp(argv[i], "--image-mapped") == 0) {
      imageMapped = true;
    } else if (std::strcmp(argv[i], "--launch-only") == 0) {
      launchOnly = true;
    } else if (std::strncmp(argv[i], "--max-copy=", 11) == 0) {
      maxCopy = std::stoull(argv[i] + 11) << 20;
    } else {
      std::fprintf(stderr, "usage: %s [--startup|--first-launch-only [--image-before-context|--image-mapped]|--first-launch-warm|--launch-only|--instruction-loop=<launch|copy>:<batches>] [--max-copy=<MiB>]\n",
                   argv[0]);
      return 2;
    }
  }
  int count = 0;
  CUresult r = cuInit(0);
  if (r == CUDA_SUCCESS) r = cuDeviceGetCount(&count);
  if (r != CUDA_SUCCESS || count == 0) {
    const char* name = "0 devices";
    if (r != CUDA_SUCCESS && cuGetErrorName(r, &name) != CUDA_SUCCESS) name = "error";
    std::fprintf(stderr, "bench_driver: no GPU (%s, CUresult %d)\n", name, static_cast<int>(r));
    return kNoGpuExit;
  }
  CU_CHECK(cuDeviceGet(&g_device, 0));
  std::vector<char> cubin;
  if (imageMapped && !firstLaunchOnly) {
    std::fprintf(stderr, "bench_driver: --image-mapped goes with --first-launch-only\n");
    return 2;
  }
  const char* image = imageMapped ? mapFile(cubinPath()) : nullptr;
  if (imageBeforeContext) cubin = readFile(cubinPath());
  driverContext();
  if (!imageBeforeContext && !imageMapped) cubin = readFile(cubinPath());
  if (!imageMapped) image = cubin.empty() ? nullptr : cubin.data();
  if (image == nullptr) {
    std::fprintf(stderr, "bench_driver: cannot read %s\n", cubinPath().c_str());
    return 1;
  }
  CUstream s;
  CU_CHECK(cuStreamCreate(&s, CU_STREAM_DEFAULT));
  double firstLaunchUs = 0;
  long faults = 0;
  if (firstLaunchWarm) {
    CUmodule other = firstLaunchOfAnotherModule(s);
    Kernels k = loadKernels(image, s, &firstLaunchUs, &faults);
    report("first_launch_warm", "first_launch", 0,
           Summary{firstLaunchUs, firstLaunchUs, firstLaunchUs, 1});
    reportCount("first_launch_warm_page_faults", faults);
    CU_CHECK(cuModuleUnload(k.module));
    CU_CHECK(cuModuleUnload(other));
    return 0;
  }
  Kernels k = loadKernels(image, s, &firstLaunchUs, &faults);
  if (!loopKind.empty()) {
    if (instructionLoop(k, loopKind, loopBatches)) return 0;
    std::fprintf(stderr, "bench_driver: unknown or failed instruction loop '%s'\n", loopKind.c_str());
    return 2;
  }
  if (startup) {
    const char* t0 = std::getenv("BENCH_T0_NS");
    if (t0 == nullptr) {
      std::fprintf(stderr, "bench_driver: --startup needs BENCH_T0_NS\n");
      return 2;
    }
    std::printf("startup_ns=%llu\n",
                static_cast<unsigned long long>(monotonicNs() - std::stoull(t0)));
    return 0;
  }

  char name[256] = {};
  CU_CHECK(cuDeviceGetName(name, sizeof name, g_device));
  int driver = 0;
  CU_CHECK(cuDriverGetVersion(&driver));
  std::printf("{\"meta\":true,\"impl\":\"driver\",\"gpu\":\"%s\",\"driver_version\":%d}\n", name,
              driver);
  const char* firstName = imageMapped          ? "first_launch_image_mapped"
                         : imageBeforeContext ? "first_launch_image_early"
                                              : "first_launch";
  report(firstName, "first_launch", 0, Summary{firstLaunchUs, firstLaunchUs, firstLaunchUs, 1});
  reportCount(std::string(firstName) + "_page_faults", faults);
  if (firstLaunchOnly) return 0;

  enqueueFigures(k, s);
  report("launch_sync", "launch_sync", 0, timeEach(200, kSyncReps, [&] {
           launchEmpty(k, s);
           drain(s);
         }));
  threadedFigure(k, 4);
  threadedFigure(k, 8);
  syncFigures();
  if (launchOnly) return 0;
  executionFigures(k, s);
  driverMemoryBenchmarks(maxCopy);

  std::vector<char> ptx = readFile(ptxPath());
  moduleLoadFigure("module_load_cubin", 0, cubin, 3, 30);
  if (!ptx.empty()) moduleLoadFigure("module_load_ptx", 1, ptx, 1, 3);
  CU_CHECK(cuStreamDestroy(s));
  CU_CHECK(cuModuleUnload(k.module));
  return 0;
}
