/* BlockRadixSort: a block's tile sorted in shared memory, 4 bits a pass (any RADIX_BITS gives
 * the same order), stable. Items blocked in and out (or striped out). */
#ifndef HIPCUB_BLOCK_BLOCK_RADIX_SORT_HPP_
#define HIPCUB_BLOCK_BLOCK_RADIX_SORT_HPP_

#include "../device/device_radix_sort.hpp"

namespace hipcub {

template <class KeyT, int BLOCK_DIM_X, int ITEMS_PER_THREAD, class ValueT = NullType,
          int RADIX_BITS = 4, bool MEMOIZE_OUTER_SCAN = true,
          BlockScanAlgorithm INNER_SCAN_ALGORITHM = BLOCK_SCAN_WARP_SCANS,
          hipSharedMemConfig SMEM_CONFIG = hipSharedMemBankSizeFourByte, int BLOCK_DIM_Y = 1,
          int BLOCK_DIM_Z = 1>
class BlockRadixSort {
  static constexpr int BLOCK_THREADS = BLOCK_DIM_X * BLOCK_DIM_Y * BLOCK_DIM_Z;
  static constexpr int N = ITEMS_PER_THREAD;
  static_assert(BLOCK_THREADS * N < 65536, "hipcub on unihip: a BlockRadixSort tile holds under 65536 items");
  static constexpr bool HAS_VALUES = !std::is_same_v<ValueT, NullType>;
  typedef BlockExchange<KeyT, BLOCK_DIM_X, N, false, BLOCK_DIM_Y, BLOCK_DIM_Z> ExchK;
  typedef BlockExchange<std::conditional_t<HAS_VALUES, ValueT, int>, BLOCK_DIM_X, N, false,
                        BLOCK_DIM_Y, BLOCK_DIM_Z> ExchV;
  typedef BlockScan<detail::DigitCounters, BLOCK_DIM_X, BLOCK_SCAN_RAKING, BLOCK_DIM_Y, BLOCK_DIM_Z> Scan;
  struct Storage {
    union {
      typename ExchK::TempStorage exchk;
      typename ExchV::TempStorage exchv;
      typename Scan::TempStorage scan;
    };
    unsigned tile_start[detail::kRadixDigits];
  };

 public:
  struct TempStorage : detail::Raw<Storage> {};

  HIPCUB_DEVICE BlockRadixSort() : s_(Private().Alias()) {}
  HIPCUB_DEVICE BlockRadixSort(TempStorage& t) : s_(t.Alias()) {}

  HIPCUB_DEVICE void Sort(KeyT (&keys)[N], int begin_bit = 0, int end_bit = sizeof(KeyT) * 8) {
    ValueT* none = nullptr;
    SortImpl<false>(keys, none, begin_bit, end_bit, false, false);
  }
  HIPCUB_DEVICE void Sort(KeyT (&keys)[N], ValueT (&values)[N], int begin_bit = 0,
                          int end_bit = sizeof(KeyT) * 8) {
    SortImpl<true>(keys, values, begin_bit, end_bit, false, false);
  }
  HIPCUB_DEVICE void SortDescending(KeyT (&keys)[N], int begin_bit = 0, int end_bit = sizeof(KeyT) * 8) {
    ValueT* none = nullptr;
    SortImpl<false>(keys, none, begin_bit, end_bit, true, false);
  }
  HIPCUB_DEVICE void SortDescending(KeyT (&keys)[N], ValueT (&values)[N], int begin_bit = 0,
                                    int end_bit = sizeof(KeyT) * 8) {
    SortImpl<true>(keys, values, begin_bit, end_bit, true, false);
  }
  HIPCUB_DEVICE void SortBlockedToStriped(KeyT (&keys)[N], int begin_bit = 0,
                                          int end_bit = sizeof(KeyT) * 8) {
    ValueT* none = nullptr;
    SortImpl<false>(keys, none, begin_bit, end_bit, false, true);
  }
  HIPCUB_DEVICE void SortBlockedToStriped(KeyT (&keys)[N], ValueT (&values)[N], int begin_bit = 0,
                                          int end_bit = sizeof(KeyT) * 8) {
    SortImpl<true>(keys, values, begin_bit, end_bit, false, true);
  }
  HIPCUB_DEVICE void SortDescendingBlockedToStriped(KeyT (&keys)[N], int begin_bit = 0,
                                                    int end_bit = sizeof(KeyT) * 8) {
    ValueT* none = nullptr;
    SortImpl<false>(keys, none, begin_bit, end_bit, true, true);
  }
  HIPCUB_DEVICE void SortDescendingBlockedToStriped(KeyT (&keys)[N], ValueT (&values)[N],
                                                    int begin_bit = 0, int end_bit = sizeof(KeyT) * 8) {
    SortImpl<true>(keys, values, begin_bit, end_bit, true, true);
  }

 private:
  template <bool WITH_VALUES, class Values>
  HIPCUB_DEVICE void SortImpl(KeyT (&keys)[N], Values& values, int begin_bit, int end_bit,
                              bool descending, bool to_striped) {
    const int tid = (int)detail::LinearTid<BLOCK_DIM_X, BLOCK_DIM_Y, BLOCK_DIM_Z>();
    for (int shift = begin_bit; shift < end_bit; shift += detail::kRadixBits) {
      const int bits = end_bit - shift < detail::kRadixBits ? end_bit - shift : detail::kRadixBits;
      const unsigned mask = (1u << bits) - 1;
      const bool last = shift + detail::kRadixBits >= end_bit;
      int digit[N];
      unsigned local[N];
      detail::DigitCounters c;
#pragma unroll
      for (int i = 0; i < N; ++i) {
        digit[i] = detail::Digit(keys[i], shift, mask, descending);
        local[i] = c.Get(digit[i]);
        c.Add(digit[i]);
      }
      detail::DigitCounters before, total;
      Scan(s_.scan).ExclusiveSum(c, before, total);
      if (tid == 0) {
        unsigned run = 0;
        for (int d = 0; d < detail::kRadixDigits; ++d) {
          s_.tile_start[d] = run;
          run += total.Get(d);
        }
      }
      __syncthreads();
      int rank[N];
#pragma unroll
      for (int i = 0; i < N; ++i) rank[i] = (int)(s_.tile_start[digit[i]] + before.Get(digit[i]) + local[i]);
      if (last && to_striped) {
        ExchK(s_.exchk).ScatterToStriped(keys, keys, rank);
      } else {
        ExchK(s_.exchk).ScatterToBlocked(keys, keys, rank);
      }
      __syncthreads();
      if constexpr (WITH_VALUES) {
        if (last && to_striped) {
          ExchV(s_.exchv).ScatterToStriped(values, values, rank);
        } else {
          ExchV(s_.exchv).ScatterToBlocked(values, values, rank);
        }
        __syncthreads();
      }
    }
    if (begin_bit >= end_bit && to_striped) {
      ExchK(s_.exchk).BlockedToStriped(keys, keys);
      __syncthreads();
      if constexpr (WITH_VALUES) {
        ExchV(s_.exchv).BlockedToStriped(values, values);
        __syncthreads();
      }
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
