/* BlockStore and the direct store functions. */
#ifndef HIPCUB_BLOCK_BLOCK_STORE_HPP_
#define HIPCUB_BLOCK_BLOCK_STORE_HPP_

#include "block_exchange.hpp"

namespace hipcub {

template <class T, int N, class It>
HIPCUB_DEVICE __forceinline__ void StoreDirectBlocked(int linear_tid, It it, T (&items)[N]) {
#pragma unroll
  for (int i = 0; i < N; ++i) it[linear_tid * N + i] = items[i];
}
template <class T, int N, class It>
HIPCUB_DEVICE __forceinline__ void StoreDirectBlocked(int linear_tid, It it, T (&items)[N], int valid) {
#pragma unroll
  for (int i = 0; i < N; ++i)
    if (linear_tid * N + i < valid) it[linear_tid * N + i] = items[i];
}
template <class T, int N, class It>
HIPCUB_DEVICE __forceinline__ void StoreDirectBlockedVectorized(int linear_tid, It it, T (&items)[N]) {
  StoreDirectBlocked(linear_tid, it, items);
}
template <int BLOCK_THREADS, class T, int N, class It>
HIPCUB_DEVICE __forceinline__ void StoreDirectStriped(int linear_tid, It it, T (&items)[N]) {
#pragma unroll
  for (int i = 0; i < N; ++i) it[i * BLOCK_THREADS + linear_tid] = items[i];
}
template <int BLOCK_THREADS, class T, int N, class It>
HIPCUB_DEVICE __forceinline__ void StoreDirectStriped(int linear_tid, It it, T (&items)[N], int valid) {
#pragma unroll
  for (int i = 0; i < N; ++i)
    if (i * BLOCK_THREADS + linear_tid < valid) it[i * BLOCK_THREADS + linear_tid] = items[i];
}
template <class T, int N, class It>
HIPCUB_DEVICE __forceinline__ void StoreDirectWarpStriped(int linear_tid, It it, T (&items)[N]) {
  const int base = (linear_tid / HIPCUB_DEVICE_WARP_THREADS) * HIPCUB_DEVICE_WARP_THREADS * N + linear_tid % HIPCUB_DEVICE_WARP_THREADS;
#pragma unroll
  for (int i = 0; i < N; ++i) it[base + i * HIPCUB_DEVICE_WARP_THREADS] = items[i];
}
template <class T, int N, class It>
HIPCUB_DEVICE __forceinline__ void StoreDirectWarpStriped(int linear_tid, It it, T (&items)[N], int valid) {
  const int base = (linear_tid / HIPCUB_DEVICE_WARP_THREADS) * HIPCUB_DEVICE_WARP_THREADS * N + linear_tid % HIPCUB_DEVICE_WARP_THREADS;
#pragma unroll
  for (int i = 0; i < N; ++i)
    if (base + i * HIPCUB_DEVICE_WARP_THREADS < valid) it[base + i * HIPCUB_DEVICE_WARP_THREADS] = items[i];
}

enum BlockStoreAlgorithm {
  BLOCK_STORE_DIRECT,
  BLOCK_STORE_STRIPED,
  BLOCK_STORE_VECTORIZE,
  BLOCK_STORE_TRANSPOSE,
  BLOCK_STORE_WARP_TRANSPOSE,
  BLOCK_STORE_WARP_TRANSPOSE_TIMESLICED,
};

/* The mirror of BlockLoad: items come blocked (STRIPED: striped) and the TRANSPOSE forms
 * exchange them to a coalesced order before writing. */
template <class T, int BLOCK_DIM_X, int ITEMS_PER_THREAD,
          BlockStoreAlgorithm ALGORITHM = BLOCK_STORE_DIRECT, int BLOCK_DIM_Y = 1, int BLOCK_DIM_Z = 1>
class BlockStore {
  static constexpr int BLOCK_THREADS = BLOCK_DIM_X * BLOCK_DIM_Y * BLOCK_DIM_Z;
  static constexpr int N = ITEMS_PER_THREAD;
  static constexpr bool EXCHANGES = ALGORITHM == BLOCK_STORE_TRANSPOSE ||
                                    ALGORITHM == BLOCK_STORE_WARP_TRANSPOSE ||
                                    ALGORITHM == BLOCK_STORE_WARP_TRANSPOSE_TIMESLICED;
  typedef BlockExchange<T, BLOCK_DIM_X, N, false, BLOCK_DIM_Y, BLOCK_DIM_Z> Exchange;
  struct Empty {};
  typedef std::conditional_t<EXCHANGES, typename Exchange::TempStorage, Empty> Storage;

 public:
  struct TempStorage : detail::Raw<Storage> {};

  HIPCUB_DEVICE BlockStore() : s_(Private()), tid_(Tid()) {}
  HIPCUB_DEVICE BlockStore(TempStorage& t) : s_(t), tid_(Tid()) {}

  template <class It>
  HIPCUB_DEVICE void Store(It it, T (&items)[N]) { Store(it, items, BLOCK_THREADS * N); }
  template <class It>
  HIPCUB_DEVICE void Store(It it, T (&items)[N], int valid) {
    if constexpr (ALGORITHM == BLOCK_STORE_STRIPED) {
      StoreDirectStriped<BLOCK_THREADS>(tid_, it, items, valid);
    } else if constexpr (ALGORITHM == BLOCK_STORE_TRANSPOSE) {
      T tmp[N];
      Exchange(s_.Alias()).BlockedToStriped(items, tmp);
      StoreDirectStriped<BLOCK_THREADS>(tid_, it, tmp, valid);
    } else if constexpr (EXCHANGES) {
      T tmp[N];
      Exchange(s_.Alias()).BlockedToWarpStriped(items, tmp);
      StoreDirectWarpStriped(tid_, it, tmp, valid);
    } else {
      StoreDirectBlocked(tid_, it, items, valid);
    }
  }

 private:
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
