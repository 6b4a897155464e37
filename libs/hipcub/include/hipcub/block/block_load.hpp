/* BlockLoad and the direct load functions. */
#ifndef HIPCUB_BLOCK_BLOCK_LOAD_HPP_
#define HIPCUB_BLOCK_BLOCK_LOAD_HPP_

#include "block_exchange.hpp"

namespace hipcub {

template <class T, int N, class It>
HIPCUB_DEVICE __forceinline__ void LoadDirectBlocked(int linear_tid, It it, T (&items)[N]) {
#pragma unroll
  for (int i = 0; i < N; ++i) items[i] = it[linear_tid * N + i];
}
template <class T, int N, class It>
HIPCUB_DEVICE __forceinline__ void LoadDirectBlocked(int linear_tid, It it, T (&items)[N], int valid) {
#pragma unroll
  for (int i = 0; i < N; ++i)
    if (linear_tid * N + i < valid) items[i] = it[linear_tid * N + i];
}
template <class T, class D, int N, class It>
HIPCUB_DEVICE __forceinline__ void LoadDirectBlocked(int linear_tid, It it, T (&items)[N], int valid,
                                                     D oob) {
#pragma unroll
  for (int i = 0; i < N; ++i) items[i] = (T)oob;
  LoadDirectBlocked(linear_tid, it, items, valid);
}
template <class T, int N, class It>
HIPCUB_DEVICE __forceinline__ void LoadDirectBlockedVectorized(int linear_tid, It it, T (&items)[N]) {
  LoadDirectBlocked(linear_tid, it, items);
}
template <int BLOCK_THREADS, class T, int N, class It>
HIPCUB_DEVICE __forceinline__ void LoadDirectStriped(int linear_tid, It it, T (&items)[N]) {
#pragma unroll
  for (int i = 0; i < N; ++i) items[i] = it[i * BLOCK_THREADS + linear_tid];
}
template <int BLOCK_THREADS, class T, int N, class It>
HIPCUB_DEVICE __forceinline__ void LoadDirectStriped(int linear_tid, It it, T (&items)[N], int valid) {
#pragma unroll
  for (int i = 0; i < N; ++i)
    if (i * BLOCK_THREADS + linear_tid < valid) items[i] = it[i * BLOCK_THREADS + linear_tid];
}
template <int BLOCK_THREADS, class T, class D, int N, class It>
HIPCUB_DEVICE __forceinline__ void LoadDirectStriped(int linear_tid, It it, T (&items)[N], int valid,
                                                     D oob) {
#pragma unroll
  for (int i = 0; i < N; ++i) items[i] = (T)oob;
  LoadDirectStriped<BLOCK_THREADS>(linear_tid, it, items, valid);
}
template <class T, int N, class It>
HIPCUB_DEVICE __forceinline__ void LoadDirectWarpStriped(int linear_tid, It it, T (&items)[N]) {
  const int base = (linear_tid / HIPCUB_DEVICE_WARP_THREADS) * HIPCUB_DEVICE_WARP_THREADS * N + linear_tid % HIPCUB_DEVICE_WARP_THREADS;
#pragma unroll
  for (int i = 0; i < N; ++i) items[i] = it[base + i * HIPCUB_DEVICE_WARP_THREADS];
}
template <class T, int N, class It>
HIPCUB_DEVICE __forceinline__ void LoadDirectWarpStriped(int linear_tid, It it, T (&items)[N], int valid) {
  const int base = (linear_tid / HIPCUB_DEVICE_WARP_THREADS) * HIPCUB_DEVICE_WARP_THREADS * N + linear_tid % HIPCUB_DEVICE_WARP_THREADS;
#pragma unroll
  for (int i = 0; i < N; ++i)
    if (base + i * HIPCUB_DEVICE_WARP_THREADS < valid) items[i] = it[base + i * HIPCUB_DEVICE_WARP_THREADS];
}
template <class T, class D, int N, class It>
HIPCUB_DEVICE __forceinline__ void LoadDirectWarpStriped(int linear_tid, It it, T (&items)[N], int valid,
                                                         D oob) {
#pragma unroll
  for (int i = 0; i < N; ++i) items[i] = (T)oob;
  LoadDirectWarpStriped(linear_tid, it, items, valid);
}

enum BlockLoadAlgorithm {
  BLOCK_LOAD_DIRECT,
  BLOCK_LOAD_STRIPED,
  BLOCK_LOAD_VECTORIZE,
  BLOCK_LOAD_TRANSPOSE,
  BLOCK_LOAD_WARP_TRANSPOSE,
  BLOCK_LOAD_WARP_TRANSPOSE_TIMESLICED,
};

/* DIRECT and VECTORIZE read blocked; STRIPED leaves items striped; the TRANSPOSE forms read
 * coalesced (striped or warp-striped) and exchange to blocked through shared memory. */
template <class T, int BLOCK_DIM_X, int ITEMS_PER_THREAD,
          BlockLoadAlgorithm ALGORITHM = BLOCK_LOAD_DIRECT, int BLOCK_DIM_Y = 1, int BLOCK_DIM_Z = 1>
class BlockLoad {
  static constexpr int BLOCK_THREADS = BLOCK_DIM_X * BLOCK_DIM_Y * BLOCK_DIM_Z;
  static constexpr int N = ITEMS_PER_THREAD;
  static constexpr bool EXCHANGES = ALGORITHM == BLOCK_LOAD_TRANSPOSE ||
                                    ALGORITHM == BLOCK_LOAD_WARP_TRANSPOSE ||
                                    ALGORITHM == BLOCK_LOAD_WARP_TRANSPOSE_TIMESLICED;
  typedef BlockExchange<T, BLOCK_DIM_X, N, false, BLOCK_DIM_Y, BLOCK_DIM_Z> Exchange;
  struct Empty {};
  typedef std::conditional_t<EXCHANGES, typename Exchange::TempStorage, Empty> Storage;

 public:
  struct TempStorage : detail::Raw<Storage> {};

  HIPCUB_DEVICE BlockLoad() : s_(Private()), tid_(Tid()) {}
  HIPCUB_DEVICE BlockLoad(TempStorage& t) : s_(t), tid_(Tid()) {}

  template <class It>
  HIPCUB_DEVICE void Load(It it, T (&items)[N]) { LoadImpl(it, items, BLOCK_THREADS * N, false, T()); }
  template <class It>
  HIPCUB_DEVICE void Load(It it, T (&items)[N], int valid) { LoadImpl(it, items, valid, false, T()); }
  template <class It, class D>
  HIPCUB_DEVICE void Load(It it, T (&items)[N], int valid, D oob) {
    LoadImpl(it, items, valid, true, (T)oob);
  }

 private:
  template <class It>
  HIPCUB_DEVICE void LoadImpl(It it, T (&items)[N], int valid, bool fill, T oob) {
    if (fill) {
#pragma unroll
      for (int i = 0; i < N; ++i) items[i] = oob;
    }
    if constexpr (ALGORITHM == BLOCK_LOAD_STRIPED) {
      LoadDirectStriped<BLOCK_THREADS>(tid_, it, items, valid);
    } else if constexpr (ALGORITHM == BLOCK_LOAD_TRANSPOSE) {
      LoadDirectStriped<BLOCK_THREADS>(tid_, it, items, valid);
      Exchange(s_.Alias()).StripedToBlocked(items, items);
    } else if constexpr (EXCHANGES) {
      LoadDirectWarpStriped(tid_, it, items, valid);
      Exchange(s_.Alias()).WarpStripedToBlocked(items, items);
    } else {
      LoadDirectBlocked(tid_, it, items, valid);
    }
  }
  HIPCUB_DEVICE static int Tid() {
    return (int)detail::LinearTid<BLOCK_DIM_X, BLOCK_DIM_Y, BLOCK_DIM_Z>();
  }
  HIPCUB_DEVICE static TempStorage& Private() {
    __shared__ TempStorage storage;
    return storage;
  }
  TempStorage& s_;
  int tid_;
};

}  // namespace hipcub

#endif
