/* BlockExchange: rearranges items between blocked, striped and warp-striped orders through
 * shared memory. */
#ifndef HIPCUB_BLOCK_BLOCK_EXCHANGE_HPP_
#define HIPCUB_BLOCK_BLOCK_EXCHANGE_HPP_

#include "../config.hpp"

namespace hipcub {

template <class T, int BLOCK_DIM_X, int ITEMS_PER_THREAD, bool WARP_TIME_SLICING = false,
          int BLOCK_DIM_Y = 1, int BLOCK_DIM_Z = 1>
class BlockExchange {
  static constexpr int BLOCK_THREADS = BLOCK_DIM_X * BLOCK_DIM_Y * BLOCK_DIM_Z;
  static constexpr int N = ITEMS_PER_THREAD;
  static constexpr int ITEMS = BLOCK_THREADS * N;
  /* One pad slot per HIPCUB_DEVICE_WARP_THREADS items keeps strided accesses off a single bank. */
  HIPCUB_DEVICE static int Pad(int i) { return i + i / HIPCUB_DEVICE_WARP_THREADS; }
  struct Storage {
    T buf[ITEMS + ITEMS / 32 + 1];
  };

 public:
  struct TempStorage : detail::Raw<Storage> {};

  HIPCUB_DEVICE BlockExchange() : s_(Private().Alias()), tid_(Tid()) {}
  HIPCUB_DEVICE BlockExchange(TempStorage& t) : s_(t.Alias()), tid_(Tid()) {}

  template <class OutT>
  HIPCUB_DEVICE void StripedToBlocked(const T (&in)[N], OutT (&out)[N]) {
#pragma unroll
    for (int i = 0; i < N; ++i) s_.buf[Pad(i * BLOCK_THREADS + tid_)] = in[i];
    __syncthreads();
#pragma unroll
    for (int i = 0; i < N; ++i) out[i] = s_.buf[Pad(tid_ * N + i)];
  }
  template <class OutT>
  HIPCUB_DEVICE void BlockedToStriped(const T (&in)[N], OutT (&out)[N]) {
#pragma unroll
    for (int i = 0; i < N; ++i) s_.buf[Pad(tid_ * N + i)] = in[i];
    __syncthreads();
#pragma unroll
    for (int i = 0; i < N; ++i) out[i] = s_.buf[Pad(i * BLOCK_THREADS + tid_)];
  }
  /* Warp-striped: lane l of warp w holds items w*HIPCUB_DEVICE_WARP_THREADS*N + i*HIPCUB_DEVICE_WARP_THREADS + l.
   * Each warp uses its own part of the storage, so whole warps need only a warp barrier (as
   * CUB); reusing the storage afterwards needs a block barrier, as CUB documents. */
  HIPCUB_DEVICE static void WarpRegionSync() {
    if constexpr (BLOCK_THREADS % HIPCUB_DEVICE_WARP_THREADS == 0) __syncwarp();
    else __syncthreads();
  }
  template <class OutT>
  HIPCUB_DEVICE void WarpStripedToBlocked(const T (&in)[N], OutT (&out)[N]) {
    const int base = (tid_ / HIPCUB_DEVICE_WARP_THREADS) * HIPCUB_DEVICE_WARP_THREADS * N, lane = tid_ % HIPCUB_DEVICE_WARP_THREADS;
#pragma unroll
    for (int i = 0; i < N; ++i) s_.buf[Pad(base + i * HIPCUB_DEVICE_WARP_THREADS + lane)] = in[i];
    WarpRegionSync();
#pragma unroll
    for (int i = 0; i < N; ++i) out[i] = s_.buf[Pad(base + lane * N + i)];
  }
  template <class OutT>
  HIPCUB_DEVICE void BlockedToWarpStriped(const T (&in)[N], OutT (&out)[N]) {
    const int base = (tid_ / HIPCUB_DEVICE_WARP_THREADS) * HIPCUB_DEVICE_WARP_THREADS * N, lane = tid_ % HIPCUB_DEVICE_WARP_THREADS;
#pragma unroll
    for (int i = 0; i < N; ++i) s_.buf[Pad(base + lane * N + i)] = in[i];
    WarpRegionSync();
#pragma unroll
    for (int i = 0; i < N; ++i) out[i] = s_.buf[Pad(base + i * HIPCUB_DEVICE_WARP_THREADS + lane)];
  }
  /* ranks: each item's position in the block's tile. */
  template <class OutT, class Offset>
  HIPCUB_DEVICE void ScatterToBlocked(const T (&in)[N], OutT (&out)[N], const Offset (&ranks)[N]) {
#pragma unroll
    for (int i = 0; i < N; ++i) s_.buf[Pad((int)ranks[i])] = in[i];
    __syncthreads();
#pragma unroll
    for (int i = 0; i < N; ++i) out[i] = s_.buf[Pad(tid_ * N + i)];
  }
  template <class OutT, class Offset>
  HIPCUB_DEVICE void ScatterToStriped(const T (&in)[N], OutT (&out)[N], const Offset (&ranks)[N]) {
#pragma unroll
    for (int i = 0; i < N; ++i) s_.buf[Pad((int)ranks[i])] = in[i];
    __syncthreads();
#pragma unroll
    for (int i = 0; i < N; ++i) out[i] = s_.buf[Pad(i * BLOCK_THREADS + tid_)];
  }

 private:
  HIPCUB_DEVICE static int Tid() {
    return (int)detail::LinearTid<BLOCK_DIM_X, BLOCK_DIM_Y, BLOCK_DIM_Z>();
  }
  HIPCUB_DEVICE static TempStorage& Private() {
    __shared__ TempStorage storage;
    return storage;
  }
  Storage& s_;
  int tid_;
};

}  // namespace hipcub

#endif
