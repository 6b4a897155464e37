// The raw driver's side of bench_launch_pair: bench_driver's launches (cuda.h, CU_CHECK), in the
// context the calling thread has current. Plain C++ (its own target): no CUDA header meets HIP's.
#pragma once

#include "bench_stats.h"

namespace pair {

enum class Launch { Args0, Args4, Args16, Struct1K };

// Loads the benchmark cubin's kernels and creates a stream in the current context; exits with a
// message when there is none or a call fails.
void openDriverSide();

// `samples` samples of bench::kLaunchBatch launches each, timed as bench::timeBatched does.
bench::Summary timeDriverLaunches(Launch which, int samples);

}  // namespace pair
