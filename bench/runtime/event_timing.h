// GPU time of a kernel launch, measured with events on one stream (managed_bench.cu,
// texture_bench.cu): the median of `reps` launches after two untimed warm-up launches.
#pragma once

#include <vector>

#include "bench_stats.h"
#include "gpu_api.h"

namespace bench {

template <typename Launch>
Summary eventTimed(gpuStream_t s, int reps, Launch&& launch) {
  gpuEvent_t start, stop;
  GPU_CHECK(gpuEventCreate(&start));
  GPU_CHECK(gpuEventCreate(&stop));
  std::vector<double> samples;
  for (int r = -2; r < reps; ++r) {
    GPU_CHECK(gpuEventRecord(start, s));
    launch();
    GPU_CHECK(gpuEventRecord(stop, s));
    GPU_CHECK(gpuEventSynchronize(stop));
    float ms = 0;
    GPU_CHECK(gpuEventElapsedTime(&ms, start, stop));
    if (r >= 0) samples.push_back(1e3 * ms);
  }
  GPU_CHECK(gpuEventDestroy(start));
  GPU_CHECK(gpuEventDestroy(stop));
  return summarize(std::move(samples));
}

}  // namespace bench
