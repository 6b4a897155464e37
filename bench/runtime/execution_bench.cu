// Execution-family figures (issue 12) through the runtime API: a cooperative launch, the
// occupancy calculator and function attributes, each on the same kernels in both runtimes.
// bench_driver measures the driver's equivalents under the same figure names.
#if defined(BENCH_IMPL_UNIHIP)
#include <hip/hip_runtime.h>
#else
#include <cuda_runtime.h>
#endif

#include "bench_stats.h"
#include "gpu_api.h"
#include "runtime_bench.h"

// Defined in launch_bench.cu (bench_kernels.cuh holds definitions: one translation unit only).
extern "C" __global__ void bench_empty();
extern "C" __global__ void bench_args4(float* out, const float* in, int n, float scale);

namespace bench {

namespace {

constexpr int kQueryReps = 20000;

}  // namespace

void executionBenchmarks() {
  gpuStream_t s;
  GPU_CHECK(gpuStreamCreate(&s));
  // One block of one thread, as the launch_* figures: the enqueue cost of the cooperative path
  // (co-residency check included).
  report("coop_launch", "launch_enqueue", 0,
         timeBatched(kLaunchSamples, kLaunchBatch,
                     [&] {
                       GPU_CHECK(gpuLaunchCooperativeKernel(
                           reinterpret_cast<const void*>(bench_empty), dim3(1), dim3(1), nullptr,
                           0, s));
                     },
                     [&] { GPU_CHECK(gpuStreamSynchronize(s)); }));
  GPU_CHECK(gpuStreamDestroy(s));

  int blocks = 0;
  report("occupancy_active_blocks", "occupancy", 0, timeEach(200, kQueryReps, [&] {
           GPU_CHECK(gpuOccupancyMaxActiveBlocksPerMultiprocessor(&blocks, bench_args4, 256, 0));
         }));
  int grid = 0, block = 0;
  report("occupancy_block_size", "occupancy", 1, timeEach(200, kQueryReps, [&] {
           GPU_CHECK(gpuOccupancyMaxPotentialBlockSize(&grid, &block, bench_args4, 0, 0));
         }));
  gpuFuncAttributes attributes;
  report("func_get_attributes", "occupancy", 2, timeEach(200, kQueryReps, [&] {
           GPU_CHECK(gpuFuncGetAttributes(&attributes, reinterpret_cast<const void*>(bench_args4)));
         }));
  if (blocks <= 0 || grid <= 0 || block <= 0 || attributes.maxThreadsPerBlock <= 0) {
    std::fprintf(stderr, "bench_%s: occupancy answers make no sense (%d blocks, %d x %d)\n",
                 BENCH_IMPL, blocks, grid, block);
    std::exit(1);
  }
}

}  // namespace bench
