/* BlockHistogram: shared-memory atomics (every algorithm enumerator takes this path). Items
 * are bin indices in [0, BINS). */
#ifndef HIPCUB_BLOCK_BLOCK_HISTOGRAM_HPP_
#define HIPCUB_BLOCK_BLOCK_HISTOGRAM_HPP_

#include "../config.hpp"

namespace hipcub {

enum BlockHistogramAlgorithm { BLOCK_HISTO_SORT, BLOCK_HISTO_ATOMIC };

template <class T, int BLOCK_DIM_X, int ITEMS_PER_THREAD, int BINS,
          BlockHistogramAlgorithm ALGORITHM = BLOCK_HISTO_SORT, int BLOCK_DIM_Y = 1, int BLOCK_DIM_Z = 1>
class BlockHistogram {
  static constexpr int BLOCK_THREADS = BLOCK_DIM_X * BLOCK_DIM_Y * BLOCK_DIM_Z;

 public:
  struct TempStorage {};

  HIPCUB_DEVICE BlockHistogram() : tid_(Tid()) {}
  HIPCUB_DEVICE BlockHistogram(TempStorage&) : tid_(Tid()) {}

  template <class Counter>
  HIPCUB_DEVICE void InitHistogram(Counter histogram[BINS]) {
    for (int b = tid_; b < BINS; b += BLOCK_THREADS) histogram[b] = 0;
  }
  template <class Counter>
  HIPCUB_DEVICE void Histogram(T (&items)[ITEMS_PER_THREAD], Counter histogram[BINS]) {
    InitHistogram(histogram);
    __syncthreads();
    Composite(items, histogram);
  }
  template <class Counter>
  HIPCUB_DEVICE void Composite(T (&items)[ITEMS_PER_THREAD], Counter histogram[BINS]) {
#pragma unroll
    for (int i = 0; i < ITEMS_PER_THREAD; ++i) atomicAdd(&histogram[(int)items[i]], (Counter)1);
  }

 private:
  HIPCUB_DEVICE static int Tid() {
    return (int)detail::LinearTid<BLOCK_DIM_X, BLOCK_DIM_Y, BLOCK_DIM_Z>();
  }
  int tid_;
};

}  // namespace hipcub

#endif
