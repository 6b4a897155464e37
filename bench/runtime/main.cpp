// bench_unihip / bench_cudart: every runtime figure, as JSON lines on stdout.
//   --first-launch-only   only the first-launch figure (run_all.sh checks unihip's log with it)
//   --first-launch-warm   only the first launch of a kernel after another module's first launch
//   --max-copy=<MiB>      largest copy (default 1024)
//   --graphs-only         only the graph figures
//   --pools-only          only the stream-ordered allocation figures
//   --peer-only           only the several-GPU figures (peer copies, NCCL all-reduce)
//   --launch-only         only the launch and sync figures (run_all.sh's short extra rounds)
//   --managed-only        only the managed-memory kernel figures
//   --textures-only       only the texture figures
//   --instruction-loop=<launch|copy|module-launch>:<batches>
//                         only operations for bench/count_gpu_instructions.sh, no figures
// Exits 77 when there is no usable GPU.
#include <cstdio>
#include <cstring>
#include <string>

#include "bench_stats.h"
#include "gpu_api.h"
#include "runtime_bench.h"

int main(int argc, char** argv) {
  bench::implName() = BENCH_IMPL;
  bool firstLaunchOnly = false;
  bool firstLaunchWarm = false;
  bool graphsOnly = false;
  bool poolsOnly = false;
  bool peerOnly = false;
  bool launchOnly = false;
  bool managedOnly = false;
  bool texturesOnly = false;
  size_t maxCopy = bench::kMaxCopyBytes;
  std::string loopKind;
  int loopBatches = 0;
  for (int i = 1; i < argc; ++i) {
    bool loopOk = true;
    if (bench::parseInstructionLoop(argv[i], &loopKind, &loopBatches, &loopOk)) {
      if (!loopOk) {
        std::fprintf(stderr, "%s: --instruction-loop=<launch|copy|module-launch>:<batches>\n", argv[0]);
        return 2;
      }
    } else if (std::strcmp(argv[i], "--first-launch-only") == 0) {
      firstLaunchOnly = true;
    } else if (std::strcmp(argv[i], "--first-launch-warm") == 0) {
      firstLaunchWarm = true;
    } else if (std::strcmp(argv[i], "--graphs-only") == 0) {
      graphsOnly = true;
    } else if (std::strcmp(argv[i], "--pools-only") == 0) {
      poolsOnly = true;
    } else if (std::strcmp(argv[i], "--peer-only") == 0) {
      peerOnly = true;
    } else if (std::strcmp(argv[i], "--launch-only") == 0) {
      launchOnly = true;
    } else if (std::strcmp(argv[i], "--managed-only") == 0) {
      managedOnly = true;
    } else if (std::strcmp(argv[i], "--textures-only") == 0) {
      texturesOnly = true;
    } else if (std::strncmp(argv[i], "--max-copy=", 11) == 0) {
      maxCopy = std::stoull(argv[i] + 11) << 20;
    } else {
      std::fprintf(stderr, "usage: %s [--first-launch-only|--first-launch-warm] [--graphs-only] [--pools-only] [--peer-only] [--launch-only] [--managed-only] [--textures-only] [--max-copy=<MiB>] [--instruction-loop=<launch|copy|module-launch>:<batches>]\n", argv[0]);
      return 2;
    }
  }
  int count = 0;
  gpuError_t e = gpuGetDeviceCount(&count);
  if (e != gpuSuccess || count == 0) {
    std::fprintf(stderr, "bench_%s: no GPU (%s)\n", BENCH_IMPL,
                 e != gpuSuccess ? gpuGetErrorString(e) : "0 devices");
    return bench::kNoGpuExit;
  }
  GPU_CHECK(gpuSetDevice(0));
  if (!loopKind.empty()) {
    if (bench::instructionLoop(loopKind.c_str(), loopBatches)) return 0;
    std::fprintf(stderr, "%s: unknown or failed instruction loop '%s'\n", argv[0], loopKind.c_str());
    return 2;
  }
  gpuDeviceProp_t props;
  GPU_CHECK(gpuGetDeviceProperties(&props, 0));
  int driver = 0;
  GPU_CHECK(gpuDriverGetVersion(&driver));
  std::printf("{\"meta\":true,\"impl\":\"%s\",\"gpu\":\"%s\",\"driver_version\":%d}\n",
              BENCH_IMPL, props.name, driver);

  bench::firstLaunch(firstLaunchWarm);
  if (firstLaunchOnly || firstLaunchWarm) return 0;
  if (graphsOnly) {
    bench::graphBenchmarks();
    return 0;
  }
  if (poolsOnly) {
    bench::poolBenchmarks();
    return 0;
  }
  if (peerOnly) {
    bench::peerBenchmarks();
    return 0;
  }
  if (managedOnly) {
    bench::managedBenchmarks();
    return 0;
  }
  if (texturesOnly) {
    bench::textureBenchmarks();
    return 0;
  }
  bench::launchBenchmarks();
  if (launchOnly) {
    bench::syncBenchmarks();
    return 0;
  }
  bench::executionBenchmarks();
  bench::graphBenchmarks();
  bench::poolBenchmarks();
  bench::syncBenchmarks();
  bench::memoryBenchmarks(maxCopy);
  bench::managedBenchmarks();
  bench::textureBenchmarks();
  bench::moduleBenchmarks();
  bench::registrationBenchmark();
  return 0;
}
