/* DeviceRadixSort: stable LSD passes of RADIX_BITS bits. Per pass: each tile's digit counts,
 * an exclusive scan of the counts (digit-major, so tiles keep their order), then each tile
 * ranks its items, sorts them in shared memory and writes each digit's run contiguously. */
#ifndef HIPCUB_DEVICE_DEVICE_RADIX_SORT_HPP_
#define HIPCUB_DEVICE_DEVICE_RADIX_SORT_HPP_

#include "../block/block_exchange.hpp"
#include "../block/block_load.hpp"
#include "../block/block_reduce.hpp"
#include "../block/block_scan.hpp"
#include "../util/double_buffer.hpp"
#include "device_scan.hpp"

namespace hipcub {

struct NullType {};

namespace detail {

constexpr int kRadixBits = 4, kRadixDigits = 1 << kRadixBits;
constexpr int kSortBlock = 256, kSortItems = 8, kSortTile = kSortBlock * kSortItems;

template <int Size> struct UnsignedOf;
template <> struct UnsignedOf<1> { typedef std::uint8_t type; };
template <> struct UnsignedOf<2> { typedef std::uint16_t type; };
template <> struct UnsignedOf<4> { typedef std::uint32_t type; };
template <> struct UnsignedOf<8> { typedef std::uint64_t type; };

/* Keys as unsigned bits that order as the keys do (two's complement: sign flipped; IEEE:
 * negatives inverted, positives sign-flipped). */
template <class K>
HIPCUB_DEVICE __forceinline__ typename UnsignedOf<sizeof(K)>::type RadixBits(K key, bool descending) {
  typedef typename UnsignedOf<sizeof(K)>::type U;
  U u;
  __builtin_memcpy(&u, &key, sizeof(K));
  constexpr U sign = U(1) << (sizeof(K) * 8 - 1);
  if constexpr (std::is_floating_point_v<K>) {
    u = (u & sign) ? U(~u) : U(u ^ sign);
  } else if constexpr (std::is_signed_v<K>) {
    u ^= sign;
  }
  return descending ? U(~u) : u;
}

/* Sixteen 16-bit counters in four words: one scan ranks all digits at once (a tile has
 * fewer than 65536 items). */
struct DigitCounters {
  unsigned long long w[kRadixDigits / 4];
  HIPCUB_HOST_DEVICE DigitCounters operator+(const DigitCounters& b) const {
    DigitCounters r;
    for (int i = 0; i < kRadixDigits / 4; ++i) r.w[i] = w[i] + b.w[i];
    return r;
  }
  HIPCUB_HOST_DEVICE DigitCounters() : w{0, 0, 0, 0} {}
  HIPCUB_HOST_DEVICE unsigned Get(int d) const { return (unsigned)(w[d >> 2] >> ((d & 3) * 16)) & 0xffffu; }
  HIPCUB_HOST_DEVICE void Add(int d) { w[d >> 2] += 1ull << ((d & 3) * 16); }
};

template <class K>
HIPCUB_DEVICE __forceinline__ int Digit(K key, int shift, unsigned mask, bool descending) {
  return (int)((RadixBits(key, descending) >> shift) & mask);
}

template <class K>
__global__ __launch_bounds__(kSortBlock) void RadixCountKernel(const K* keys, long long n, int shift,
                                                              unsigned mask, bool descending,
                                                              unsigned* counts, int tiles) {
  typedef BlockLoad<K, kSortBlock, kSortItems, BLOCK_LOAD_TRANSPOSE> Load;
  typedef BlockReduce<DigitCounters, kSortBlock> Reduce;
  __shared__ union {
    typename Load::TempStorage load;
    typename Reduce::TempStorage reduce;
  } storage;
  const long long first = (long long)blockIdx.x * kSortTile;
  const int valid = n - first >= kSortTile ? kSortTile : (int)(n - first);
  K items[kSortItems];
  Load(storage.load).Load(keys + first, items, valid);
  __syncthreads();
  DigitCounters c;
#pragma unroll
  for (int i = 0; i < kSortItems; ++i)
    if ((int)threadIdx.x * kSortItems + i < valid) c.Add(Digit(items[i], shift, mask, descending));
  DigitCounters total = Reduce(storage.reduce).Sum(c);  // thread 0's
  __shared__ unsigned tile_counts[kRadixDigits];
  if (threadIdx.x == 0)
    for (int d = 0; d < kRadixDigits; ++d) tile_counts[d] = total.Get(d);
  __syncthreads();
  if (threadIdx.x < kRadixDigits)
    counts[(long long)threadIdx.x * tiles + blockIdx.x] = tile_counts[threadIdx.x];
}

template <class K, class V, bool HAS_VALUES>
__global__ __launch_bounds__(kSortBlock) void RadixScatterKernel(const K* keys_in, K* keys_out,
                                                                const V* values_in, V* values_out,
                                                                long long n, int shift, unsigned mask,
                                                                bool descending, const unsigned* offsets,
                                                                int tiles) {
  typedef BlockLoad<K, kSortBlock, kSortItems, BLOCK_LOAD_TRANSPOSE> LoadK;
  typedef BlockLoad<V, kSortBlock, kSortItems, BLOCK_LOAD_TRANSPOSE> LoadV;
  typedef BlockExchange<K, kSortBlock, kSortItems> ExchK;
  typedef BlockExchange<V, kSortBlock, kSortItems> ExchV;
  typedef BlockScan<DigitCounters, kSortBlock> Scan;
  __shared__ union {
    typename LoadK::TempStorage loadk;
    typename LoadV::TempStorage loadv;
    typename ExchK::TempStorage exchk;
    typename ExchV::TempStorage exchv;
    typename Scan::TempStorage scan;
  } storage;
  __shared__ unsigned tile_start[kRadixDigits], global_start[kRadixDigits];
  const long long first = (long long)blockIdx.x * kSortTile;
  const int valid = n - first >= kSortTile ? kSortTile : (int)(n - first);
  const int tid = threadIdx.x;
  K keys[kSortItems];
  LoadK(storage.loadk).Load(keys_in + first, keys, valid);
  __syncthreads();
  int digit[kSortItems];
  unsigned local[kSortItems];
  DigitCounters c;
#pragma unroll
  for (int i = 0; i < kSortItems; ++i) {
    if (tid * kSortItems + i < valid) {
      digit[i] = Digit(keys[i], shift, mask, descending);
      local[i] = c.Get(digit[i]);
      c.Add(digit[i]);
    }
  }
  DigitCounters before, total;
  Scan(storage.scan).ExclusiveSum(c, before, total);
  if (tid == 0) {
    unsigned run = 0;
    for (int d = 0; d < kRadixDigits; ++d) {
      tile_start[d] = run;
      run += total.Get(d);
    }
  }
  if (tid < kRadixDigits) global_start[tid] = offsets[(long long)tid * tiles + blockIdx.x];
  __syncthreads();
  int rank[kSortItems];
#pragma unroll
  for (int i = 0; i < kSortItems; ++i) {
    const int pos = tid * kSortItems + i;
    rank[i] = pos < valid ? (int)(tile_start[digit[i]] + before.Get(digit[i]) + local[i]) : pos;
  }
  ExchK(storage.exchk).ScatterToStriped(keys, keys, rank);
  // striped now: item i of this thread is the tile's (i * kSortBlock + tid)-th in digit order
  long long dest[kSortItems];
#pragma unroll
  for (int i = 0; i < kSortItems; ++i) {
    const int pos = i * kSortBlock + tid;
    if (pos < valid) {
      const int d = Digit(keys[i], shift, mask, descending);
      dest[i] = (long long)global_start[d] + (pos - (int)tile_start[d]);
      keys_out[dest[i]] = keys[i];
    }
  }
  if constexpr (HAS_VALUES) {
    __syncthreads();
    V values[kSortItems];
    LoadV(storage.loadv).Load(values_in + first, values, valid);
    __syncthreads();
    ExchV(storage.exchv).ScatterToStriped(values, values, rank);
#pragma unroll
    for (int i = 0; i < kSortItems; ++i)
      if (i * kSortBlock + tid < valid) values_out[dest[i]] = values[i];
  }
}

template <class K, class V>
std::size_t RadixTempBytes(long long n, bool alternates) {
  const long long tiles = (n + kSortTile - 1) / kSortTile;
  const long long counters = (tiles > 0 ? tiles : 1) * kRadixDigits;
  std::size_t b = 2 * AlignUp(sizeof(unsigned) * (std::size_t)counters) + ScanTempBytes<unsigned>(counters);
  if (alternates) {
    b += AlignUp(sizeof(K) * (std::size_t)(n > 0 ? n : 1));
    if (!std::is_same_v<V, NullType>) b += AlignUp(sizeof(V) * (std::size_t)(n > 0 ? n : 1));
  }
  return b;
}

/* keys[0] -> ... -> keys[1]: every pass reads one buffer and writes the other; with
 * `alternates`, the pointer forms' spare buffers come from temporary storage. */
template <class K, class V>
hipError_t RadixSortDispatch(void* d_temp_storage, std::size_t& temp_storage_bytes, const K* keys_in,
                             K* keys_out, const V* values_in, V* values_out, K** keys_alt_io,
                             V** values_alt_io, int* selector, long long n, int begin_bit, int end_bit,
                             bool descending, hipStream_t stream, bool debug_synchronous) {
  constexpr bool HAS_VALUES = !std::is_same_v<V, NullType>;
  const bool alternates = selector == nullptr;
  if (n < 0 || begin_bit < 0 || end_bit > (int)sizeof(K) * 8 || begin_bit > end_bit)
    return hipErrorInvalidValue;
  const std::size_t needed = RadixTempBytes<K, V>(n, alternates);
  if (d_temp_storage == nullptr) {
    temp_storage_bytes = needed;
    return hipSuccess;
  }
  if (temp_storage_bytes < needed) return hipErrorInvalidValue;
  const int passes = (end_bit - begin_bit + kRadixBits - 1) / kRadixBits;
  const int tiles = (int)((n + kSortTile - 1) / kSortTile);
  const long long counters = (long long)(tiles > 0 ? tiles : 1) * kRadixDigits;
  char* p = static_cast<char*>(d_temp_storage);
  unsigned* counts = reinterpret_cast<unsigned*>(p);
  p += AlignUp(sizeof(unsigned) * (std::size_t)counters);
  unsigned* offsets = reinterpret_cast<unsigned*>(p);
  p += AlignUp(sizeof(unsigned) * (std::size_t)counters);
  void* scan_temp = p;
  std::size_t scan_bytes = ScanTempBytes<unsigned>(counters);
  p += scan_bytes;
  K* kbuf[2];
  V* vbuf[2];
  if (alternates) {
    K* kspare = reinterpret_cast<K*>(p);
    p += AlignUp(sizeof(K) * (std::size_t)(n > 0 ? n : 1));
    V* vspare = HAS_VALUES ? reinterpret_cast<V*>(p) : nullptr;
    // the last pass writes keys_out: the one before it the spare, and so on
    kbuf[0] = kspare; kbuf[1] = keys_out;
    vbuf[0] = vspare; vbuf[1] = values_out;
  } else {
    kbuf[0] = keys_alt_io[0]; kbuf[1] = keys_alt_io[1];
    vbuf[0] = HAS_VALUES ? values_alt_io[0] : nullptr; vbuf[1] = HAS_VALUES ? values_alt_io[1] : nullptr;
  }
  hipError_t e = hipSuccess;
  if (n == 0) return hipSuccess;
  if (alternates && passes == 0) {
    e = hipMemcpyAsync(keys_out, keys_in, sizeof(K) * n, hipMemcpyDeviceToDevice, stream);
    if (e == hipSuccess && HAS_VALUES)
      e = hipMemcpyAsync(values_out, values_in, sizeof(V) * n, hipMemcpyDeviceToDevice, stream);
    return e;
  }
  int cur = alternates ? 0 : *selector;
  for (int pass = 0; pass < passes; ++pass) {
    const int shift = begin_bit + pass * kRadixBits;
    const int bits = end_bit - shift < kRadixBits ? end_bit - shift : kRadixBits;
    const unsigned mask = (1u << bits) - 1;
    const K* src;
    const V* vsrc;
    K* dst;
    V* vdst;
    if (alternates) {
      const int to = (passes - 1 - pass) % 2 == 0 ? 1 : 0;
      src = pass == 0 ? keys_in : kbuf[to ^ 1];
      vsrc = pass == 0 ? values_in : vbuf[to ^ 1];
      dst = kbuf[to];
      vdst = vbuf[to];
    } else {
      src = kbuf[cur]; vsrc = vbuf[cur];
      dst = kbuf[cur ^ 1]; vdst = vbuf[cur ^ 1];
      cur ^= 1;
    }
    RadixCountKernel<K><<<tiles, kSortBlock, 0, stream>>>(src, n, shift, mask, descending, counts, tiles);
    e = ScanDispatch<unsigned>(scan_temp, scan_bytes, counts, offsets, counters, hipcub::Sum(), 0u, true,
                               stream, false);
    if (e != hipSuccess) return e;
    RadixScatterKernel<K, V, HAS_VALUES><<<tiles, kSortBlock, 0, stream>>>(
        src, dst, vsrc, vdst, n, shift, mask, descending, offsets, tiles);
  }
  if (!alternates) *selector = cur;
  e = hipGetLastError();
  if (e == hipSuccess && debug_synchronous) e = hipStreamSynchronize(stream);
  return e;
}

}  // namespace detail

struct DeviceRadixSort {
  template <class K, class NumItemsT>
  static hipError_t SortKeys(void* d_temp_storage, std::size_t& temp_storage_bytes, const K* d_keys_in,
                             K* d_keys_out, NumItemsT num_items, int begin_bit = 0,
                             int end_bit = sizeof(K) * 8, hipStream_t stream = 0,
                             bool debug_synchronous = false) {
    return detail::RadixSortDispatch<K, NullType>(d_temp_storage, temp_storage_bytes, d_keys_in,
                                                  d_keys_out, nullptr, nullptr, nullptr, nullptr,
                                                  nullptr, (long long)num_items, begin_bit, end_bit,
                                                  false, stream, debug_synchronous);
  }
  template <class K, class NumItemsT>
  static hipError_t SortKeysDescending(void* d_temp_storage, std::size_t& temp_storage_bytes,
                                       const K* d_keys_in, K* d_keys_out, NumItemsT num_items,
                                       int begin_bit = 0, int end_bit = sizeof(K) * 8,
                                       hipStream_t stream = 0, bool debug_synchronous = false) {
    return detail::RadixSortDispatch<K, NullType>(d_temp_storage, temp_storage_bytes, d_keys_in,
                                                  d_keys_out, nullptr, nullptr, nullptr, nullptr,
                                                  nullptr, (long long)num_items, begin_bit, end_bit,
                                                  true, stream, debug_synchronous);
  }
  template <class K, class NumItemsT>
  static hipError_t SortKeys(void* d_temp_storage, std::size_t& temp_storage_bytes, DoubleBuffer<K>& d_keys,
                             NumItemsT num_items, int begin_bit = 0, int end_bit = sizeof(K) * 8,
                             hipStream_t stream = 0, bool debug_synchronous = false) {
    return detail::RadixSortDispatch<K, NullType>(d_temp_storage, temp_storage_bytes, nullptr, nullptr,
                                                  nullptr, nullptr, d_keys.d_buffers, nullptr,
                                                  &d_keys.selector, (long long)num_items, begin_bit,
                                                  end_bit, false, stream, debug_synchronous);
  }
  template <class K, class NumItemsT>
  static hipError_t SortKeysDescending(void* d_temp_storage, std::size_t& temp_storage_bytes,
                                       DoubleBuffer<K>& d_keys, NumItemsT num_items, int begin_bit = 0,
                                       int end_bit = sizeof(K) * 8, hipStream_t stream = 0,
                                       bool debug_synchronous = false) {
    return detail::RadixSortDispatch<K, NullType>(d_temp_storage, temp_storage_bytes, nullptr, nullptr,
                                                  nullptr, nullptr, d_keys.d_buffers, nullptr,
                                                  &d_keys.selector, (long long)num_items, begin_bit,
                                                  end_bit, true, stream, debug_synchronous);
  }
  template <class K, class V, class NumItemsT>
  static hipError_t SortPairs(void* d_temp_storage, std::size_t& temp_storage_bytes, const K* d_keys_in,
                              K* d_keys_out, const V* d_values_in, V* d_values_out, NumItemsT num_items,
                              int begin_bit = 0, int end_bit = sizeof(K) * 8, hipStream_t stream = 0,
                              bool debug_synchronous = false) {
    return detail::RadixSortDispatch<K, V>(d_temp_storage, temp_storage_bytes, d_keys_in, d_keys_out,
                                           d_values_in, d_values_out, nullptr, nullptr, nullptr,
                                           (long long)num_items, begin_bit, end_bit, false, stream,
                                           debug_synchronous);
  }
  template <class K, class V, class NumItemsT>
  static hipError_t SortPairsDescending(void* d_temp_storage, std::size_t& temp_storage_bytes,
                                        const K* d_keys_in, K* d_keys_out, const V* d_values_in,
                                        V* d_values_out, NumItemsT num_items, int begin_bit = 0,
                                        int end_bit = sizeof(K) * 8, hipStream_t stream = 0,
                                        bool debug_synchronous = false) {
    return detail::RadixSortDispatch<K, V>(d_temp_storage, temp_storage_bytes, d_keys_in, d_keys_out,
                                           d_values_in, d_values_out, nullptr, nullptr, nullptr,
                                           (long long)num_items, begin_bit, end_bit, true, stream,
                                           debug_synchronous);
  }
  template <class K, class V, class NumItemsT>
  static hipError_t SortPairs(void* d_temp_storage, std::size_t& temp_storage_bytes, DoubleBuffer<K>& d_keys,
                              DoubleBuffer<V>& d_values, NumItemsT num_items, int begin_bit = 0,
                              int end_bit = sizeof(K) * 8, hipStream_t stream = 0,
                              bool debug_synchronous = false) {
    return PairsDouble(d_temp_storage, temp_storage_bytes, d_keys, d_values, (long long)num_items,
                       begin_bit, end_bit, false, stream, debug_synchronous);
  }
  template <class K, class V, class NumItemsT>
  static hipError_t SortPairsDescending(void* d_temp_storage, std::size_t& temp_storage_bytes,
                                        DoubleBuffer<K>& d_keys, DoubleBuffer<V>& d_values,
                                        NumItemsT num_items, int begin_bit = 0,
                                        int end_bit = sizeof(K) * 8, hipStream_t stream = 0,
                                        bool debug_synchronous = false) {
    return PairsDouble(d_temp_storage, temp_storage_bytes, d_keys, d_values, (long long)num_items,
                       begin_bit, end_bit, true, stream, debug_synchronous);
  }

 private:
  /* Keys and values move together: one selector for both. */
  template <class K, class V>
  static hipError_t PairsDouble(void* d_temp_storage, std::size_t& temp_storage_bytes,
                                DoubleBuffer<K>& keys, DoubleBuffer<V>& values, long long n,
                                int begin_bit, int end_bit, bool descending, hipStream_t stream,
                                bool debug_synchronous) {
    V* vb[2] = {values.d_buffers[values.selector], values.d_buffers[values.selector ^ 1]};
    K* kb[2] = {keys.d_buffers[keys.selector], keys.d_buffers[keys.selector ^ 1]};
    int sel = 0;
    hipError_t e = detail::RadixSortDispatch<K, V>(d_temp_storage, temp_storage_bytes, nullptr, nullptr,
                                                   nullptr, nullptr, kb, vb, &sel, n, begin_bit, end_bit,
                                                   descending, stream, debug_synchronous);
    if (d_temp_storage != nullptr && e == hipSuccess && sel == 1) {
      keys.selector ^= 1;
      values.selector ^= 1;
    }
    return e;
  }
};

}  // namespace hipcub

#endif
