// The raw driver's side of bench_batch_copy_pair: cuMemcpyBatchAsync (cuda.h, CU_CHECK) in the
// context the calling thread has current. Plain C++ (its own target): no CUDA header meets HIP's.
#pragma once

#include <cstddef>

#include "bench_stats.h"

namespace pair {

// One batch of copies, as both sides take it: `count` destination, source and size arrays.
struct CopyBatch {
  void** dsts = nullptr;
  void** srcs = nullptr;
  size_t* sizes = nullptr;
  size_t count = 0;
};

// Creates the driver side's stream in the current context and finds the CUDA 12.8 entry point
// (with its failIdx argument, the one unihip calls); exits with a message when there is no
// context or a call fails.
void openBatchDriverSide();

// As bench::timeBatched: `samples` samples of `calls` batches each through cuMemcpyBatchAsync
// (`v1`: the CUDA 12.8 entry point, else cuda.h's), the stream drained between samples; with
// `calls` 0, each sample is one batch and the wait for it.
bench::Summary timeDriverBatches(const CopyBatch& batch, int samples, int calls, bool v1);

}  // namespace pair
