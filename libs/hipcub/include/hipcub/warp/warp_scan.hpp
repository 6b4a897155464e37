/* WarpScan: prefix scans across a logical warp by shuffles (Kogge-Stone). */
#ifndef HIPCUB_WARP_WARP_SCAN_HPP_
#define HIPCUB_WARP_WARP_SCAN_HPP_

#include "../thread/thread_operators.hpp"

namespace hipcub {
namespace detail {

template <int Width, class T, class Op>
HIPCUB_DEVICE __forceinline__ T WarpInclusiveImpl(T x, Op op, unsigned long long mask) {
  const int lane = (int)(__lane_id() % Width);
#pragma unroll
  for (int offset = 1; offset < Width; offset *= 2) {
    T other = ShflUp(mask, x, offset, Width);
    if (lane >= offset) x = op(other, x);
  }
  return x;
}

}  // namespace detail

template <class T, int LOGICAL_WARP_THREADS = HIPCUB_DEVICE_WARP_THREADS>
class WarpScan {
  static_assert(LOGICAL_WARP_THREADS > 0 &&
                (LOGICAL_WARP_THREADS & (LOGICAL_WARP_THREADS - 1)) == 0,
                "hipcub on unihip: LOGICAL_WARP_THREADS must be a power of two");
  static constexpr int W = LOGICAL_WARP_THREADS;
  HIPCUB_DEVICE static unsigned long long Mask() { return detail::LogicalWarpMask(W); }
  HIPCUB_DEVICE static int Lane() { return (int)(__lane_id() % W); }

 public:
  struct TempStorage {};

  HIPCUB_DEVICE WarpScan() {}
  HIPCUB_DEVICE WarpScan(TempStorage&) {}

  template <class ScanOp>
  HIPCUB_DEVICE void InclusiveScan(T input, T& output, ScanOp op) {
    output = detail::WarpInclusiveImpl<W>(input, op, Mask());
  }
  template <class ScanOp>
  HIPCUB_DEVICE void InclusiveScan(T input, T& output, ScanOp op, T& warp_aggregate) {
    output = detail::WarpInclusiveImpl<W>(input, op, Mask());
    warp_aggregate = detail::ShflIdx(Mask(), output, W - 1, W);
  }
  HIPCUB_DEVICE void InclusiveSum(T input, T& output) { InclusiveScan(input, output, hipcub::Sum()); }
  HIPCUB_DEVICE void InclusiveSum(T input, T& output, T& warp_aggregate) {
    InclusiveScan(input, output, hipcub::Sum(), warp_aggregate);
  }

  /* Without an initial value lane 0's output is undefined, as in CUB (here: its input). */
  template <class ScanOp>
  HIPCUB_DEVICE void ExclusiveScan(T input, T& output, ScanOp op) {
    T inclusive = detail::WarpInclusiveImpl<W>(input, op, Mask());
    output = detail::ShflUp(Mask(), inclusive, 1, W);
  }
  template <class ScanOp>
  HIPCUB_DEVICE void ExclusiveScan(T input, T& output, T initial_value, ScanOp op) {
    T inclusive = detail::WarpInclusiveImpl<W>(input, op, Mask());
    T up = detail::ShflUp(Mask(), inclusive, 1, W);
    output = Lane() == 0 ? initial_value : op(initial_value, up);
  }
  template <class ScanOp>
  HIPCUB_DEVICE void ExclusiveScan(T input, T& output, T initial_value, ScanOp op, T& warp_aggregate) {
    T inclusive = detail::WarpInclusiveImpl<W>(input, op, Mask());
    T up = detail::ShflUp(Mask(), inclusive, 1, W);
    output = Lane() == 0 ? initial_value : op(initial_value, up);
    warp_aggregate = detail::ShflIdx(Mask(), inclusive, W - 1, W);
  }
  HIPCUB_DEVICE void ExclusiveSum(T input, T& output) { ExclusiveScan(input, output, T(), hipcub::Sum()); }
  HIPCUB_DEVICE void ExclusiveSum(T input, T& output, T& warp_aggregate) {
    ExclusiveScan(input, output, T(), hipcub::Sum(), warp_aggregate);
  }
  /* Both scans at once. */
  template <class ScanOp>
  HIPCUB_DEVICE void Scan(T input, T& inclusive_output, T& exclusive_output, ScanOp op) {
    inclusive_output = detail::WarpInclusiveImpl<W>(input, op, Mask());
    exclusive_output = detail::ShflUp(Mask(), inclusive_output, 1, W);
  }
  template <class ScanOp>
  HIPCUB_DEVICE void Scan(T input, T& inclusive_output, T& exclusive_output, T initial_value,
                          ScanOp op) {
    inclusive_output = detail::WarpInclusiveImpl<W>(input, op, Mask());
    T up = detail::ShflUp(Mask(), inclusive_output, 1, W);
    exclusive_output = Lane() == 0 ? initial_value : op(initial_value, up);
  }
  HIPCUB_DEVICE T Broadcast(T input, unsigned int src_lane) {
    return detail::ShflIdx(Mask(), input, (int)src_lane, W);
  }
};

}  // namespace hipcub

#endif
