/* DeviceScan: one pass with decoupled look-back; each tile's prefix from the earlier tiles'
 * published aggregates. The operator need only be associative (folds keep the items' order). */
#ifndef HIPCUB_DEVICE_DEVICE_SCAN_HPP_
#define HIPCUB_DEVICE_DEVICE_SCAN_HPP_

#include "../block/block_exchange.hpp"
#include "../block/block_load.hpp"
#include "../block/block_scan.hpp"
#include "../block/block_store.hpp"

namespace hipcub {
namespace detail {

/* Small blocks: fewer warps wait at the barrier while the first one looks back. */
constexpr int kScanBlock = 128;
/* 4-byte items: CUB's sm_90 count; larger ones: an odd count keeps the transposes' strides off
 * shared bank multiples. */
template <class T>
constexpr int ScanItems() { return sizeof(T) <= 4 ? 32 : (sizeof(T) <= 8 ? 9 : 3); }
template <class T>
constexpr int ScanTile() { return kScanBlock * ScanItems<T>(); }

/* Tile status: 0 until the tile's aggregate (then its inclusive prefix) is stored. Types of
 * more than 4 bytes: values move as 32-bit relaxed atomics (coherent, past the SM's cache) with a fence between value and flag
 * on both sides (NVPTX selects no release/acquire atomic stores). */
constexpr unsigned kScanAggregate = 1, kScanInclusive = 2;
/* Look-back pauses (ns), taken only by grids of at least kScanPauseGrid tiles. */
constexpr unsigned kScanPauseGrid = 500, kScanFirstPollNs = 1245, kScanRepollNs = 648;

template <class T>
HIPCUB_DEVICE __forceinline__ void StoreWords(Words<T>* p, const T& v) {
  Words<T> w{};
  __builtin_memcpy(&w, &v, sizeof(T));
#pragma unroll
  for (int i = 0; i < Words<T>::N; ++i) __hip_atomic_store(&p->w[i], w.w[i], __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_AGENT);
}
template <class T>
HIPCUB_DEVICE __forceinline__ T LoadWords(Words<T>* p) {
  Words<T> w;
#pragma unroll
  for (int i = 0; i < Words<T>::N; ++i) w.w[i] = __hip_atomic_load(&p->w[i], __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_AGENT);
  T r;
  __builtin_memcpy(&r, &w, sizeof(T));
  return r;
}
HIPCUB_DEVICE __forceinline__ void StoreFlag(unsigned* p, unsigned f) {
  __threadfence();  // the value before the flag
  __hip_atomic_store(p, f, __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_AGENT);
}

/* Types of at most 4 bytes: flag and value in one 64-bit word, stored and loaded whole, so
 * neither side needs a fence (CUB's tile descriptor). */
template <class T>
constexpr bool PackedStatus() { return sizeof(T) <= 4; }
template <class T>
HIPCUB_DEVICE __forceinline__ void StorePacked(unsigned long long* p, unsigned flag, const T& v) {
  unsigned bits = 0;
  __builtin_memcpy(&bits, &v, sizeof(T));
  __hip_atomic_store(p, (unsigned long long)flag << 32 | bits, __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_AGENT);
}
template <class T>
HIPCUB_DEVICE __forceinline__ T PackedValue(unsigned long long w) {
  const unsigned bits = (unsigned)w;
  T r;
  __builtin_memcpy(&r, &bits, sizeof(T));
  return r;
}

HIPCUB_DEVICE __forceinline__ bool PauseBeforeRepoll(bool pause) {
  if (pause) __nanosleep(kScanRepollNs);
  return true;
}

/* The tile's prefix, called by the first warp with the tile's aggregate (BlockScan's callback):
 * lane 0 publishes the aggregate, the warp folds the earlier tiles' published values back to
 * one with its inclusive prefix (lane l looks at tile end-1-l, W tiles a window), and lane 0
 * publishes the tile's inclusive prefix. */
template <class T, class Op>
struct LookbackPrefix {
  long long tile;
  Op op;
  unsigned* flags;
  Words<T>* aggregates;
  Words<T>* inclusives;
  HIPCUB_DEVICE T operator()(const T& aggregate) {
    constexpr int W = HIPCUB_DEVICE_WARP_THREADS;
    constexpr unsigned long long LANES = W == 64 ? ~0ull : 0xffffffffull;
    unsigned long long* packed = reinterpret_cast<unsigned long long*>(aggregates);
    const int lane = (int)__lane_id();
    if (lane == 0) {
      if constexpr (PackedStatus<T>()) {
        StorePacked(&packed[tile], kScanAggregate, aggregate);
      } else {
        StoreWords(&aggregates[tile], aggregate);
        StoreFlag(&flags[tile], kScanAggregate);
      }
    }
    // CUB's fixed delays: the predecessors' statuses reach L2 before the first poll, and a
    // pause between polls keeps the spinning warps off the memory system (large grids only)
    const bool pause = gridDim.x >= kScanPauseGrid;
    if (pause) __nanosleep(kScanFirstPollNs);
    T running;
    bool has_running = false;
    for (long long end = tile;; end -= W) {
      const long long j = end - 1 - lane;
      unsigned f;
      T v;
      if constexpr (PackedStatus<T>()) {
        unsigned long long w;
        do {  // beyond tile 0 (which is inclusive, and nearer): never folded
          w = j >= 0 ? __hip_atomic_load(&packed[j], __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_AGENT)
                     : (unsigned long long)kScanInclusive << 32;
          f = (unsigned)(w >> 32);
        } while (__any_sync(UNIHIP_FULL_MASK, f == 0) && PauseBeforeRepoll(pause));
        v = PackedValue<T>(w);
      } else {
        do {
          f = j >= 0 ? __hip_atomic_load(&flags[j], __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_AGENT) : kScanInclusive;
        } while (__any_sync(UNIHIP_FULL_MASK, f == 0) && PauseBeforeRepoll(pause));
        __threadfence();  // the flag before the value
        if (j >= 0) v = LoadWords(f == kScanInclusive ? &inclusives[j] : &aggregates[j]);
      }
      const unsigned long long done = (unsigned long long)__ballot_sync(UNIHIP_FULL_MASK, f == kScanInclusive) & LANES;
      const int last = done ? __ffsll(done) - 1 : W - 1;  // the farthest lane to fold
      // lanes 0..last folded to lane 0 in log steps, earlier tiles (higher lanes) on the left
      T acc = v;
#pragma unroll
      for (int offset = 1; offset < W; offset *= 2) {
        const T other = ShflDown(UNIHIP_FULL_MASK, acc, (unsigned)offset, W);
        if (lane + offset <= last) acc = op(other, acc);
      }
      acc = ShflIdx(UNIHIP_FULL_MASK, acc, 0, W);
      running = has_running ? op(acc, running) : acc;
      has_running = true;
      if (done) break;
    }
    if (lane == 0) {
      if constexpr (PackedStatus<T>()) {
        StorePacked(&packed[tile], kScanInclusive, op(running, aggregate));
      } else {
        StoreWords(&inclusives[tile], op(running, aggregate));
        StoreFlag(&flags[tile], kScanInclusive);
      }
    }
    return running;
  }
};

/* Single pass, decoupled look-back (Merrill & Garland 2016). A tile takes its id from an
 * atomic counter (rocPRIM's ordered block id), so every earlier tile has started and waiting
 * on one is safe. Loads and stores are warp-striped (each warp transposes on its own); the
 * block scan's callback does the look-back. */
template <class T, class In, class Out, class Op>
__global__ __launch_bounds__(kScanBlock, 8) void ScanLookbackKernel(In in, Out out, long long n, Op op, T init,
                                                                bool exclusive, unsigned* counter_flags,
                                                                Words<T>* aggregates, Words<T>* inclusives) {
  constexpr int N = ScanItems<T>(), TILE = kScanBlock * N;
  typedef BlockExchange<T, kScanBlock, N> Exchange;
  typedef BlockScan<T, kScanBlock> Scan;
  __shared__ typename Exchange::TempStorage exchange;
  __shared__ typename Scan::TempStorage scan_storage;
  unsigned* flags = counter_flags + 1;
  const int tid = threadIdx.x;
  __shared__ unsigned tile_shared;
  if (tid == 0) tile_shared = atomicAdd(counter_flags, 1u);
  __syncthreads();
  const long long tile = tile_shared;
  const long long first = tile * TILE;
  const bool full = n - first >= TILE;
  const int valid = full ? TILE : (int)(n - first);
  T items[N];
  if (full) {
    LoadDirectWarpStriped(tid, in + first, items);
  } else {  // the tail: the tile's first item stands in for the missing ones
    LoadDirectWarpStriped(tid, in + first, items, valid, (T)in[first]);
  }
  Exchange(exchange).WarpStripedToBlocked(items, items);
  Scan scan(scan_storage);
  if (tile == 0) {
    T aggregate;
    if (exclusive) scan.ExclusiveScan(items, items, init, op, aggregate);
    else scan.InclusiveScan(items, items, op, aggregate);
    if (tid == 0) {
      const T inclusive = exclusive ? op(init, aggregate) : aggregate;
      if constexpr (PackedStatus<T>()) {
        StorePacked(reinterpret_cast<unsigned long long*>(aggregates), kScanInclusive, inclusive);
      } else {
        StoreWords(&inclusives[0], inclusive);
        StoreFlag(&flags[0], kScanInclusive);
      }
    }
  } else {
    // exclusive scans always have an initial value; tile 0 folded it into its inclusive prefix
    LookbackPrefix<T, Op> prefix{tile, op, flags, aggregates, inclusives};
    if (exclusive) scan.ExclusiveScan(items, items, op, prefix);
    else scan.InclusiveScan(items, items, op, prefix);
  }
  Exchange(exchange).BlockedToWarpStriped(items, items);
  if (full) StoreDirectWarpStriped(tid, out + first, items);
  else StoreDirectWarpStriped(tid, out + first, items, valid);
}

/* The tile counter and flags (one memset), then each tile's aggregate and inclusive prefix. */
template <class T>
std::size_t ScanFlagBytes(long long tiles) { return AlignUp(sizeof(unsigned) * (std::size_t)(tiles + 1)); }
template <class T>
std::size_t ScanStatusBytes(long long tiles) {
  return PackedStatus<T>() ? AlignUp(sizeof(unsigned long long) * (std::size_t)tiles)
                           : 2 * AlignUp(sizeof(Words<T>) * (std::size_t)tiles);
}
template <class T>
std::size_t ScanTempBytes(long long n) {
  long long tiles = (n + ScanTile<T>() - 1) / ScanTile<T>();
  if (tiles < 1) tiles = 1;
  return ScanFlagBytes<T>(tiles) + ScanStatusBytes<T>(tiles);
}

template <class T, class In, class Out, class Op>
hipError_t ScanDispatch(void* d_temp_storage, std::size_t& temp_storage_bytes, In in, Out out,
                        long long n, Op op, T init, bool exclusive, hipStream_t stream,
                        bool debug_synchronous) {
  if (n < 0) return hipErrorInvalidValue;
  const std::size_t needed = ScanTempBytes<T>(n);
  if (d_temp_storage == nullptr) {
    temp_storage_bytes = needed;
    return hipSuccess;
  }
  if (temp_storage_bytes < needed) return hipErrorInvalidValue;
  if (n == 0) return hipSuccess;
  const long long tiles = (n + ScanTile<T>() - 1) / ScanTile<T>();
  char* p = static_cast<char*>(d_temp_storage);
  unsigned* counter_flags = reinterpret_cast<unsigned*>(p);
  p += ScanFlagBytes<T>(tiles);
  Words<T>* aggregates = reinterpret_cast<Words<T>*>(p);
  p += AlignUp(sizeof(Words<T>) * (std::size_t)tiles);
  Words<T>* inclusives = reinterpret_cast<Words<T>*>(p);
  // packed: the counter, then the zeroed status words; else the counter and the flags
  const std::size_t zeroed = PackedStatus<T>() ? ScanFlagBytes<T>(tiles) + sizeof(unsigned long long) * (std::size_t)tiles
                                               : sizeof(unsigned) * (std::size_t)(tiles + 1);
  hipError_t e = hipMemsetAsync(counter_flags, 0, zeroed, stream);
  if (e != hipSuccess) return e;
  ScanLookbackKernel<T><<<(unsigned)tiles, kScanBlock, 0, stream>>>(in, out, n, op, init, exclusive,
                                                                   counter_flags, aggregates, inclusives);
  e = hipGetLastError();
  if (e == hipSuccess && debug_synchronous) e = hipStreamSynchronize(stream);
  return e;
}

}  // namespace detail

struct DeviceScan {
  template <class In, class Out, class NumItemsT>
  static hipError_t InclusiveSum(void* d_temp_storage, std::size_t& temp_storage_bytes, In d_in,
                                 Out d_out, NumItemsT num_items, hipStream_t stream = 0,
                                 bool debug_synchronous = false) {
    typedef detail::ValueOf<In> T;
    return detail::ScanDispatch<T>(d_temp_storage, temp_storage_bytes, d_in, d_out,
                                   (long long)num_items, hipcub::Sum(), T(), false, stream,
                                   debug_synchronous);
  }
  template <class In, class Out, class NumItemsT>
  static hipError_t ExclusiveSum(void* d_temp_storage, std::size_t& temp_storage_bytes, In d_in,
                                 Out d_out, NumItemsT num_items, hipStream_t stream = 0,
                                 bool debug_synchronous = false) {
    typedef detail::ValueOf<In> T;
    return detail::ScanDispatch<T>(d_temp_storage, temp_storage_bytes, d_in, d_out,
                                   (long long)num_items, hipcub::Sum(), T(), true, stream,
                                   debug_synchronous);
  }
  template <class In, class Out, class ScanOp, class NumItemsT>
  static hipError_t InclusiveScan(void* d_temp_storage, std::size_t& temp_storage_bytes, In d_in,
                                  Out d_out, ScanOp scan_op, NumItemsT num_items,
                                  hipStream_t stream = 0, bool debug_synchronous = false) {
    typedef detail::ValueOf<In> T;
    return detail::ScanDispatch<T>(d_temp_storage, temp_storage_bytes, d_in, d_out,
                                   (long long)num_items, scan_op, T(), false, stream,
                                   debug_synchronous);
  }
  template <class In, class Out, class ScanOp, class InitT, class NumItemsT>
  static hipError_t ExclusiveScan(void* d_temp_storage, std::size_t& temp_storage_bytes, In d_in,
                                  Out d_out, ScanOp scan_op, InitT init_value, NumItemsT num_items,
                                  hipStream_t stream = 0, bool debug_synchronous = false) {
    return detail::ScanDispatch<InitT>(d_temp_storage, temp_storage_bytes, d_in, d_out,
                                       (long long)num_items, scan_op, init_value, true, stream,
                                       debug_synchronous);
  }
};

}  // namespace hipcub

#endif
