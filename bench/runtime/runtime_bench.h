// The benchmark suites of bench_unihip and bench_cudart (one body, two runtimes: gpu_api.h).
// Each suite prints its results as JSON lines (common/bench_stats.h).
#pragma once

#include <cstddef>

#include "gpu_api.h"

namespace bench {

// launch_bench.cu. firstLaunch() must run before any other launch: it times the first launch of
// a kernel, which includes loading its module (and JIT-compiling PTX, were a runtime to pick it).
// With `afterOtherModule`, a kernel of another module (managed_bench.cu's, its own fat binary)
// is launched first, untimed: the figure is then a first launch whose code paths have run once
// ("first_launch_warm"), which tells cold caches from work.
void firstLaunch(bool afterOtherModule);
// managed_bench.cu: one launch of its kernel, on nothing (a module of its own).
void launchOtherModuleKernel(gpuStream_t s);
void launchBenchmarks();
// For bench/count_gpu_instructions.sh: `batches` x 64 operations of one kind ("launch":
// bench_args4<<<>>>; "copy": a 1 KiB async copy from pinned host memory to the device;
// "module-launch", unihip only: hipModuleLaunchKernel of bench_args4 from the cubin), each
// batch through benchInstructionBatch (which callgrind collects), the stream drained between
// batches outside it. False for an unknown kind.
bool instructionLoop(const char* kind, int batches);
// execution_bench.cu: cooperative launch, occupancy queries, function attributes (issue 12).
void executionBenchmarks();
// managed_bench.cu: a kernel on prefetched managed memory against the same on device memory.
void managedBenchmarks();
// texture_bench.cu: tex2D linear-filter reads and a texture stencil (issue 15).
void textureBenchmarks();
// sync_bench.cpp
void syncBenchmarks();
// memory_bench.cpp: copies up to `maxCopyBytes`, memset, malloc/free.
void memoryBenchmarks(size_t maxCopyBytes);
// module_bench.cpp (unihip only: the CUDA runtime has no eager module API to compare): module
// loads and hipModuleLaunchKernel, which bench_driver's cuModuleLoadData / cuLaunchKernel match.
void moduleBenchmarks();
void registrationBenchmark();
// graph_bench.cu: graph launch and instantiation against launching one by one.
void graphBenchmarks();
// pool_bench.cpp: stream-ordered allocation on a warm pool against hipMalloc + hipFree.
void poolBenchmarks();
// peer_bench.cpp: peer copies and an NCCL all-reduce (two or more GPUs; nothing otherwise).
void peerBenchmarks();

}  // namespace bench
