/* BlockReduce: each warp reduces by shuffles, thread 0 folds the warps' results in order.
 * Every algorithm enumerator takes this one path. */
#ifndef HIPCUB_BLOCK_BLOCK_REDUCE_HPP_
#define HIPCUB_BLOCK_BLOCK_REDUCE_HPP_

#include "../warp/warp_reduce.hpp"

namespace hipcub {

enum BlockReduceAlgorithm {
  BLOCK_REDUCE_RAKING_COMMUTATIVE_ONLY,
  BLOCK_REDUCE_RAKING,
  BLOCK_REDUCE_WARP_REDUCTIONS,
};

namespace detail {

/* The lanes present in warp `warp` of a block of `threads` threads. */
HIPCUB_DEVICE __forceinline__ unsigned long long BlockWarpMask(int threads, int warp) {
  int present = threads - warp * HIPCUB_DEVICE_WARP_THREADS;
  if (present >= HIPCUB_DEVICE_WARP_THREADS) return UNIHIP_FULL_MASK;
  return (1ull << present) - 1;
}

}  // namespace detail

template <class T, int BLOCK_DIM_X, BlockReduceAlgorithm ALGORITHM = BLOCK_REDUCE_WARP_REDUCTIONS,
          int BLOCK_DIM_Y = 1, int BLOCK_DIM_Z = 1>
class BlockReduce {
  static constexpr int BLOCK_THREADS = BLOCK_DIM_X * BLOCK_DIM_Y * BLOCK_DIM_Z;
  static constexpr int WARPS = (BLOCK_THREADS + HIPCUB_DEVICE_WARP_THREADS - 1) / HIPCUB_DEVICE_WARP_THREADS;
  struct Storage {
    T warp[WARPS];
  };

 public:
  struct TempStorage : detail::Raw<Storage> {};

  HIPCUB_DEVICE BlockReduce() : s_(Private().Alias()) {}
  HIPCUB_DEVICE BlockReduce(TempStorage& t) : s_(t.Alias()) {}

  template <class ReduceOp>
  HIPCUB_DEVICE T Reduce(T input, ReduceOp op) { return Reduce(input, op, BLOCK_THREADS); }
  template <int N, class ReduceOp>
  HIPCUB_DEVICE T Reduce(T (&inputs)[N], ReduceOp op) {
    T partial = inputs[0];
#pragma unroll
    for (int i = 1; i < N; ++i) partial = op(partial, inputs[i]);
    return Reduce(partial, op, BLOCK_THREADS);
  }
  /* The first num_valid threads' inputs (in linear thread order); thread 0 gets the result. */
  template <class ReduceOp>
  HIPCUB_DEVICE T Reduce(T input, ReduceOp op, int num_valid) {
    const int tid = (int)detail::LinearTid<BLOCK_DIM_X, BLOCK_DIM_Y, BLOCK_DIM_Z>();
    const int warp = tid / HIPCUB_DEVICE_WARP_THREADS, lane = tid % HIPCUB_DEVICE_WARP_THREADS;
    const int warp_valid = num_valid - warp * HIPCUB_DEVICE_WARP_THREADS;
    T x = detail::WarpReduceImpl<HIPCUB_DEVICE_WARP_THREADS>(input, op, warp_valid,
                                            detail::BlockWarpMask(BLOCK_THREADS, warp));
    if (WARPS == 1) return x;
    if (lane == 0 && warp_valid > 0) s_.warp[warp] = x;
    __syncthreads();
    if (tid == 0) {
      const int used = (num_valid + HIPCUB_DEVICE_WARP_THREADS - 1) / HIPCUB_DEVICE_WARP_THREADS;
      for (int i = 1; i < WARPS && i < used; ++i) x = op(x, s_.warp[i]);
    }
    return x;
  }
  HIPCUB_DEVICE T Sum(T input) { return Reduce(input, hipcub::Sum()); }
  template <int N>
  HIPCUB_DEVICE T Sum(T (&inputs)[N]) { return Reduce(inputs, hipcub::Sum()); }
  HIPCUB_DEVICE T Sum(T input, int num_valid) { return Reduce(input, hipcub::Sum(), num_valid); }

 private:
  HIPCUB_DEVICE static TempStorage& Private() {
    __shared__ TempStorage storage;
    return storage;
  }
  Storage& s_;
};

}  // namespace hipcub

#endif
