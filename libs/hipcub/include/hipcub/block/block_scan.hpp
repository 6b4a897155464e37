/* BlockScan: each warp scans by shuffles, the warps' totals go through shared memory, and
 * every thread folds the totals of the warps before its own. Every algorithm enumerator takes
 * this one path. */
#ifndef HIPCUB_BLOCK_BLOCK_SCAN_HPP_
#define HIPCUB_BLOCK_BLOCK_SCAN_HPP_

#include "../warp/warp_scan.hpp"
#include "block_reduce.hpp"

namespace hipcub {

enum BlockScanAlgorithm {
  BLOCK_SCAN_RAKING,
  BLOCK_SCAN_RAKING_MEMOIZE,
  BLOCK_SCAN_WARP_SCANS,
};

template <class T, int BLOCK_DIM_X, BlockScanAlgorithm ALGORITHM = BLOCK_SCAN_RAKING,
          int BLOCK_DIM_Y = 1, int BLOCK_DIM_Z = 1>
class BlockScan {
  static constexpr int BLOCK_THREADS = BLOCK_DIM_X * BLOCK_DIM_Y * BLOCK_DIM_Z;
  static constexpr int WARPS = (BLOCK_THREADS + HIPCUB_DEVICE_WARP_THREADS - 1) / HIPCUB_DEVICE_WARP_THREADS;
  struct Storage {
    T warp[WARPS];
    T prefix;
  };

 public:
  struct TempStorage : detail::Raw<Storage> {};

  HIPCUB_DEVICE BlockScan() : s_(Private().Alias()) {}
  HIPCUB_DEVICE BlockScan(TempStorage& t) : s_(t.Alias()) {}

  // ---- one item per thread ----
  HIPCUB_DEVICE void ExclusiveSum(T input, T& output) { ExclusiveScan(input, output, T(), hipcub::Sum()); }
  HIPCUB_DEVICE void ExclusiveSum(T input, T& output, T& block_aggregate) {
    ExclusiveScan(input, output, T(), hipcub::Sum(), block_aggregate);
  }
  template <class PrefixOp>
  HIPCUB_DEVICE void ExclusiveSum(T input, T& output, PrefixOp& prefix_op) {
    ExclusiveScan(input, output, hipcub::Sum(), prefix_op);
  }
  template <class ScanOp>
  HIPCUB_DEVICE void ExclusiveScan(T input, T& output, T initial_value, ScanOp op) {
    T aggregate;
    ExclusiveScan(input, output, initial_value, op, aggregate);
  }
  template <class ScanOp>
  HIPCUB_DEVICE void ExclusiveScan(T input, T& output, T initial_value, ScanOp op, T& block_aggregate) {
    T inclusive, exclusive;
    bool first = Core(input, op, inclusive, exclusive, block_aggregate);
    output = first ? initial_value : op(initial_value, exclusive);
  }
  template <class ScanOp, class PrefixOp>
  HIPCUB_DEVICE void ExclusiveScan(T input, T& output, ScanOp op, PrefixOp& prefix_op) {
    T inclusive, exclusive, aggregate;
    bool first = Core(input, op, inclusive, exclusive, aggregate);
    T prefix = Prefix(aggregate, prefix_op);
    output = first ? prefix : op(prefix, exclusive);
  }
  HIPCUB_DEVICE void InclusiveSum(T input, T& output) { InclusiveScan(input, output, hipcub::Sum()); }
  HIPCUB_DEVICE void InclusiveSum(T input, T& output, T& block_aggregate) {
    InclusiveScan(input, output, hipcub::Sum(), block_aggregate);
  }
  template <class PrefixOp>
  HIPCUB_DEVICE void InclusiveSum(T input, T& output, PrefixOp& prefix_op) {
    InclusiveScan(input, output, hipcub::Sum(), prefix_op);
  }
  template <class ScanOp>
  HIPCUB_DEVICE void InclusiveScan(T input, T& output, ScanOp op) {
    T aggregate;
    InclusiveScan(input, output, op, aggregate);
  }
  template <class ScanOp>
  HIPCUB_DEVICE void InclusiveScan(T input, T& output, ScanOp op, T& block_aggregate) {
    T exclusive;
    Core(input, op, output, exclusive, block_aggregate);
  }
  template <class ScanOp, class PrefixOp>
  HIPCUB_DEVICE void InclusiveScan(T input, T& output, ScanOp op, PrefixOp& prefix_op) {
    T inclusive, exclusive, aggregate;
    Core(input, op, inclusive, exclusive, aggregate);
    output = op(Prefix(aggregate, prefix_op), inclusive);
  }

  // ---- ITEMS_PER_THREAD items per thread, blocked arrangement ----
  template <int N>
  HIPCUB_DEVICE void ExclusiveSum(T (&input)[N], T (&output)[N]) {
    ExclusiveScan(input, output, T(), hipcub::Sum());
  }
  template <int N>
  HIPCUB_DEVICE void ExclusiveSum(T (&input)[N], T (&output)[N], T& block_aggregate) {
    ExclusiveScan(input, output, T(), hipcub::Sum(), block_aggregate);
  }
  template <int N, class PrefixOp>
  HIPCUB_DEVICE void ExclusiveSum(T (&input)[N], T (&output)[N], PrefixOp& prefix_op) {
    ExclusiveScan(input, output, hipcub::Sum(), prefix_op);
  }
  template <int N, class ScanOp>
  HIPCUB_DEVICE void ExclusiveScan(T (&input)[N], T (&output)[N], T initial_value, ScanOp op) {
    T aggregate;
    ExclusiveScan(input, output, initial_value, op, aggregate);
  }
  template <int N, class ScanOp>
  HIPCUB_DEVICE void ExclusiveScan(T (&input)[N], T (&output)[N], T initial_value, ScanOp op,
                                   T& block_aggregate) {
    T thread_prefix;
    ExclusiveScan(ThreadReduce(input, op), thread_prefix, initial_value, op, block_aggregate);
    ThreadExclusive(input, output, thread_prefix, op);
  }
  template <int N, class ScanOp, class PrefixOp>
  HIPCUB_DEVICE void ExclusiveScan(T (&input)[N], T (&output)[N], ScanOp op, PrefixOp& prefix_op) {
    T thread_prefix;
    ExclusiveScan(ThreadReduce(input, op), thread_prefix, op, prefix_op);
    ThreadExclusive(input, output, thread_prefix, op);
  }
  template <int N>
  HIPCUB_DEVICE void InclusiveSum(T (&input)[N], T (&output)[N]) { InclusiveScan(input, output, hipcub::Sum()); }
  template <int N>
  HIPCUB_DEVICE void InclusiveSum(T (&input)[N], T (&output)[N], T& block_aggregate) {
    InclusiveScan(input, output, hipcub::Sum(), block_aggregate);
  }
  template <int N, class PrefixOp>
  HIPCUB_DEVICE void InclusiveSum(T (&input)[N], T (&output)[N], PrefixOp& prefix_op) {
    InclusiveScan(input, output, hipcub::Sum(), prefix_op);
  }
  template <int N, class ScanOp>
  HIPCUB_DEVICE void InclusiveScan(T (&input)[N], T (&output)[N], ScanOp op) {
    T aggregate;
    InclusiveScan(input, output, op, aggregate);
  }
  template <int N, class ScanOp>
  HIPCUB_DEVICE void InclusiveScan(T (&input)[N], T (&output)[N], ScanOp op, T& block_aggregate) {
    T inclusive, exclusive;
    bool first = Core(ThreadReduce(input, op), op, inclusive, exclusive, block_aggregate);
    ThreadInclusive(input, output, exclusive, !first, op);
  }
  template <int N, class ScanOp, class PrefixOp>
  HIPCUB_DEVICE void InclusiveScan(T (&input)[N], T (&output)[N], ScanOp op, PrefixOp& prefix_op) {
    T thread_prefix;
    ExclusiveScan(ThreadReduce(input, op), thread_prefix, op, prefix_op);
    ThreadInclusive(input, output, thread_prefix, true, op);
  }

 private:
  /* The block's scan of one value per thread: inclusive, exclusive (undefined for the first
   * thread, which Core reports by returning true) and the block's total. */
  template <class ScanOp>
  HIPCUB_DEVICE bool Core(T input, ScanOp op, T& inclusive, T& exclusive, T& aggregate) {
    const int tid = (int)detail::LinearTid<BLOCK_DIM_X, BLOCK_DIM_Y, BLOCK_DIM_Z>();
    const int warp = tid / HIPCUB_DEVICE_WARP_THREADS, lane = tid % HIPCUB_DEVICE_WARP_THREADS;
    const unsigned long long mask = detail::BlockWarpMask(BLOCK_THREADS, warp);
    T incl = detail::WarpInclusiveImpl<HIPCUB_DEVICE_WARP_THREADS>(input, op, mask);
    T excl = detail::ShflUp(mask, incl, 1, HIPCUB_DEVICE_WARP_THREADS);
    if (WARPS == 1) {
      aggregate = detail::ShflIdx(mask, incl, BLOCK_THREADS - 1, HIPCUB_DEVICE_WARP_THREADS);
      inclusive = incl;
      exclusive = excl;
      return tid == 0;
    }
    const int last = (BLOCK_THREADS - warp * HIPCUB_DEVICE_WARP_THREADS < HIPCUB_DEVICE_WARP_THREADS ? BLOCK_THREADS - warp * HIPCUB_DEVICE_WARP_THREADS
                                                                  : HIPCUB_DEVICE_WARP_THREADS) - 1;
    if (lane == last) s_.warp[warp] = incl;
    __syncthreads();
    T acc = s_.warp[0], before = acc;
#pragma unroll
    for (int i = 1; i < WARPS; ++i) {
      if (i == warp) before = acc;
      acc = op(acc, s_.warp[i]);
    }
    aggregate = acc;
    if (warp == 0) {
      inclusive = incl;
      exclusive = excl;
    } else {
      inclusive = op(before, incl);
      exclusive = lane == 0 ? before : op(before, excl);
    }
    return tid == 0;
  }
  /* CUB's callback protocol: the first warp calls it with the block's total; lane 0's return
   * value is the prefix of the whole block. */
  template <class PrefixOp>
  HIPCUB_DEVICE T Prefix(T aggregate, PrefixOp& prefix_op) {
    const int tid = (int)detail::LinearTid<BLOCK_DIM_X, BLOCK_DIM_Y, BLOCK_DIM_Z>();
    if (tid < HIPCUB_DEVICE_WARP_THREADS) {
      T p = prefix_op(aggregate);
      if (tid == 0) s_.prefix = p;
    }
    __syncthreads();
    return s_.prefix;
  }
  template <int N, class ScanOp>
  HIPCUB_DEVICE static T ThreadReduce(T (&input)[N], ScanOp op) {
    T r = input[0];
#pragma unroll
    for (int i = 1; i < N; ++i) r = op(r, input[i]);
    return r;
  }
  template <int N, class ScanOp>
  HIPCUB_DEVICE static void ThreadExclusive(T (&input)[N], T (&output)[N], T prefix, ScanOp op) {
#pragma unroll
    for (int i = 0; i < N; ++i) {
      T x = input[i];
      output[i] = prefix;
      prefix = op(prefix, x);
    }
  }
  template <int N, class ScanOp>
  HIPCUB_DEVICE static void ThreadInclusive(T (&input)[N], T (&output)[N], T prefix, bool has_prefix,
                                            ScanOp op) {
    T run = has_prefix ? op(prefix, input[0]) : input[0];
    output[0] = run;
#pragma unroll
    for (int i = 1; i < N; ++i) {
      run = op(run, input[i]);
      output[i] = run;
    }
  }
  HIPCUB_DEVICE static TempStorage& Private() {
    __shared__ TempStorage storage;
    return storage;
  }
  Storage& s_;
};

}  // namespace hipcub

#endif
