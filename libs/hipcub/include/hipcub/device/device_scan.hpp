/* DeviceScan: one pass with decoupled look-back; each tile's prefix from the earlier tiles'
 * published aggregates. The operator need only be associative (folds keep the items' order). */
#ifndef HIPCUB_DEVICE_DEVICE_SCAN_HPP_
#define HIPCUB_DEVICE_DEVICE_SCAN_HPP_

#include "../block/block_load.hpp"
#include "../block/block_reduce.hpp"
#include "../block/block_scan.hpp"
#include "../block/block_store.hpp"

namespace hipcub {
namespace detail {

constexpr int kScanBlock = 256;
/* An odd count keeps the load/store transposes' strides off shared bank multiples. */
template <class T>
constexpr int ScanItems() { return sizeof(T) <= 4 ? 15 : (sizeof(T) <= 8 ? 9 : 3); }
template <class T>
constexpr int ScanTile() { return kScanBlock * ScanItems<T>(); }

template <class T>
struct ConstantPrefix {
  T value;
  HIPCUB_DEVICE T operator()(const T&) const { return value; }
};

/* Tile status: 0 until the tile's aggregate (then its inclusive prefix) is stored. Values move
 * as 32-bit relaxed atomics (coherent, past the SM's cache) with a fence between value and flag
 * on both sides (NVPTX selects no release/acquire atomic stores). */
constexpr unsigned kScanAggregate = 1, kScanInclusive = 2;

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

/* Single pass, decoupled look-back (Merrill & Garland 2016): a tile takes its id from an
 * atomic counter (every earlier tile has started, so waiting on one is safe), publishes its
 * aggregate, and warp 0 folds the earlier tiles' aggregates back to an inclusive prefix. */
template <class T, class In, class Out, class Op>
__global__ __launch_bounds__(kScanBlock) void ScanLookbackKernel(In in, Out out, long long n, Op op, T init,
                                                                bool exclusive, unsigned* counter_flags,
                                                                Words<T>* aggregates, Words<T>* inclusives) {
  constexpr int N = ScanItems<T>(), TILE = kScanBlock * N, W = HIPCUB_DEVICE_WARP_THREADS;
  constexpr unsigned long long LANES = W == 64 ? ~0ull : 0xffffffffull;
  typedef BlockLoad<T, kScanBlock, N, BLOCK_LOAD_TRANSPOSE> Load;
  typedef BlockStore<T, kScanBlock, N, BLOCK_STORE_TRANSPOSE> Store;
  typedef BlockReduce<T, kScanBlock> Reduce;
  typedef BlockScan<T, kScanBlock> Scan;
  __shared__ union {
    typename Load::TempStorage load;
    typename Store::TempStorage store;
    typename Reduce::TempStorage reduce;
    typename Scan::TempStorage scan;
  } storage;
  __shared__ unsigned tile_shared;
  __shared__ Raw<T> prefix_shared;
  unsigned* flags = counter_flags + 1;
  const int tid = threadIdx.x;
  if (tid == 0) tile_shared = atomicAdd(counter_flags, 1u);
  __syncthreads();
  const long long tile = tile_shared;
  const long long first = tile * TILE;
  const int valid = n - first >= TILE ? TILE : (int)(n - first);
  T items[N];
  Load(storage.load).Load(in + first, items, valid);
  __syncthreads();
  const int mine = valid - tid * N;  // this thread's valid items (blocked)
  T partial = items[0];
#pragma unroll
  for (int i = 1; i < N; ++i)
    if (i < mine) partial = op(partial, items[i]);
  const T aggregate = Reduce(storage.reduce).Reduce(partial, op, (valid + N - 1) / N);  // thread 0's
  if (tid == 0) {
    if (tile == 0) {
      StoreWords(&inclusives[0], exclusive ? op(init, aggregate) : aggregate);
      StoreFlag(&flags[0], kScanInclusive);
    } else {
      StoreWords(&aggregates[tile], aggregate);
      StoreFlag(&flags[tile], kScanAggregate);
    }
  }
  if (tile > 0 && tid < W) {
    // lane l looks at tile end-1-l; windows of W tiles back to one with its inclusive prefix
    const int lane = tid;
    T running;
    bool has_running = false;
    for (long long end = tile;; end -= W) {
      const long long j = end - 1 - lane;
      unsigned f;
      do {  // beyond tile 0 (which is inclusive, and nearer): never folded
        f = j >= 0 ? __hip_atomic_load(&flags[j], __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_AGENT) : kScanInclusive;
      } while (__any_sync(UNIHIP_FULL_MASK, f == 0));
      __threadfence();  // the flag before the value
      T v;
      if (j >= 0) v = LoadWords(f == kScanInclusive ? &inclusives[j] : &aggregates[j]);
      const unsigned long long done = (unsigned long long)__ballot_sync(UNIHIP_FULL_MASK, f == kScanInclusive) & LANES;
      const int last = done ? __ffsll(done) - 1 : W - 1;  // the farthest lane to fold
      T acc = ShflIdx(UNIHIP_FULL_MASK, v, last, W);
      for (int l = last - 1; l >= 0; --l) acc = op(acc, ShflIdx(UNIHIP_FULL_MASK, v, l, W));
      running = has_running ? op(acc, running) : acc;
      has_running = true;
      if (done) break;
    }
    if (lane == 0) {
      prefix_shared.Alias() = running;
      StoreWords(&inclusives[tile], op(running, aggregate));
      StoreFlag(&flags[tile], kScanInclusive);
    }
  }
  __syncthreads();
  if (exclusive) {
    // exclusive scans always have an initial value; tile 0 folded it into its inclusive prefix
    ConstantPrefix<T> prefix{tile == 0 ? init : prefix_shared.Alias()};
    Scan(storage.scan).ExclusiveScan(items, items, op, prefix);
  } else if (tile == 0) {
    Scan(storage.scan).InclusiveScan(items, items, op);
  } else {
    ConstantPrefix<T> prefix{prefix_shared.Alias()};
    Scan(storage.scan).InclusiveScan(items, items, op, prefix);
  }
  __syncthreads();
  Store(storage.store).Store(out + first, items, valid);
}

/* The tile counter and flags (one memset), then each tile's aggregate and inclusive prefix. */
template <class T>
std::size_t ScanFlagBytes(long long tiles) { return AlignUp(sizeof(unsigned) * (std::size_t)(tiles + 1)); }
template <class T>
std::size_t ScanTempBytes(long long n) {
  long long tiles = (n + ScanTile<T>() - 1) / ScanTile<T>();
  if (tiles < 1) tiles = 1;
  return ScanFlagBytes<T>(tiles) + 2 * AlignUp(sizeof(Words<T>) * (std::size_t)tiles);
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
  hipError_t e = hipMemsetAsync(counter_flags, 0, sizeof(unsigned) * (std::size_t)(tiles + 1), stream);
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
