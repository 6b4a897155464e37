/* WarpReduce: a reduction across a logical warp by shuffles (lane 0 gets the result). */
#ifndef HIPCUB_WARP_WARP_REDUCE_HPP_
#define HIPCUB_WARP_WARP_REDUCE_HPP_

#include "../thread/thread_operators.hpp"

namespace hipcub {
namespace detail {

/* Combines in lane order (lane i with lane i+offset), so a non-commutative op is applied as a
 * left-to-right fold. Lanes at or past `valid` take no part; lane 0 holds the result. */
template <int Width, class T, class Op>
HIPCUB_DEVICE __forceinline__ T WarpReduceImpl(T x, Op op, int valid, unsigned long long mask) {
  const int lane = (int)(__lane_id() % Width);
#pragma unroll
  for (int offset = 1; offset < Width; offset *= 2) {
    T other = ShflDown(mask, x, offset, Width);
    if (lane + offset < valid) x = op(x, other);
  }
  return x;
}

}  // namespace detail

template <class T, int LOGICAL_WARP_THREADS = HIPCUB_DEVICE_WARP_THREADS>
class WarpReduce {
  static_assert(LOGICAL_WARP_THREADS > 0 &&
                (LOGICAL_WARP_THREADS & (LOGICAL_WARP_THREADS - 1)) == 0,
                "hipcub on unihip: LOGICAL_WARP_THREADS must be a power of two");

 public:
  struct TempStorage {};  // shuffles need no shared memory

  HIPCUB_DEVICE WarpReduce() {}
  HIPCUB_DEVICE WarpReduce(TempStorage&) {}

  HIPCUB_DEVICE T Sum(T input) { return Reduce(input, hipcub::Sum(), LOGICAL_WARP_THREADS); }
  HIPCUB_DEVICE T Sum(T input, int valid_items) { return Reduce(input, hipcub::Sum(), valid_items); }
  template <class ReduceOp>
  HIPCUB_DEVICE T Reduce(T input, ReduceOp op) { return Reduce(input, op, LOGICAL_WARP_THREADS); }
  template <class ReduceOp>
  HIPCUB_DEVICE T Reduce(T input, ReduceOp op, int valid_items) {
    return detail::WarpReduceImpl<LOGICAL_WARP_THREADS>(
        input, op, valid_items, detail::LogicalWarpMask(LOGICAL_WARP_THREADS));
  }
};

}  // namespace hipcub

#endif
