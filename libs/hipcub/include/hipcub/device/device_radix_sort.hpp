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

/* RadixBits' inverse. */
template <class K>
HIPCUB_DEVICE __forceinline__ K FromRadixBits(typename UnsignedOf<sizeof(K)>::type u, bool descending) {
  typedef typename UnsignedOf<sizeof(K)>::type U;
  constexpr U sign = U(1) << (sizeof(K) * 8 - 1);
  if (descending) u = U(~u);
  if constexpr (std::is_floating_point_v<K>) {
    u = (u & sign) ? U(u ^ sign) : U(~u);
  } else if constexpr (std::is_signed_v<K>) {
    u ^= sign;
  }
  K key;
  __builtin_memcpy(&key, &u, sizeof(K));
  return key;
}

/* Bits [shift, shift + bits) of ordered key bits. NVIDIA: one bfe, volatile so the compiler
 * recomputes the digit where it is used instead of holding every item's digit in a register. */
template <class U>
HIPCUB_DEVICE __forceinline__ unsigned DigitOf(U u, int shift, int bits) {
#if defined(UNIHIP_DEVICE_NVPTX)
  unsigned d;
  if constexpr (sizeof(U) <= 4) {
    asm volatile("bfe.u32 %0, %1, %2, %3;" : "=r"(d) : "r"((unsigned)u), "r"(shift), "r"(bits));
  } else {
    unsigned long long w;
    asm volatile("bfe.u64 %0, %1, %2, %3;" : "=l"(w) : "l"((unsigned long long)u), "r"(shift), "r"(bits));
    d = (unsigned)w;
  }
  return d;
#else
  return (unsigned)(u >> shift) & ((1u << bits) - 1u);
#endif
}

template <class K>
HIPCUB_DEVICE __forceinline__ int Digit(K key, int shift, unsigned mask, bool descending) {
  return (int)((RadixBits(key, descending) >> shift) & mask);
}

/* Onesweep (Adinets & Merrill 2022): one pass over the keys counts every 8-bit digit place;
 * then each digit place is one kernel. A tile takes its id from an atomic counter (so every
 * earlier tile has started: the look-back cannot wait on a tile that never runs), publishes
 * its 256 digit counts, ranks its keys in registers, and looks back over
 * the earlier tiles' counts for its global offsets. */
constexpr int kOneBits = 8, kOneDigits = 1 << kOneBits;
constexpr int kOneMaxPlaces = 8;       // 64-bit keys
/* Tiles of one launch: its counts (and prefixes) fit a status word's 30 bits. */
constexpr long long kOnePortion = 1ll << 28;
/* Status words: flag in the top two bits, the count (aggregate) or prefix (inclusive) below. */
constexpr unsigned kOneAggregate = 1u << 30, kOneInclusive = 2u << 30, kOneValue = kOneAggregate - 1;

/* How a tile ranks its keys: per-warp digit masks in shared memory that each lane sets its bit
 * in (CUB's WARP_MATCH_ATOMIC_OR; 32-lane warps only, ballots on 64-lane ones), or one warp
 * ballot per digit bit (CUB's MatchAny, which RADIX_RANK_MATCH_EARLY_COUNTS_ANY uses); kDefault:
 * masks on NVIDIA, ballots elsewhere. (Resolved in the kernel: a policy names the same kernel in
 * the host and every device pass.) */
enum class OnesweepRanking { kDefault, kMatchMasks, kBallots };
/* When a pair's values are loaded: after the look-back, before the keys' scatter (their latency
 * hidden by it), or after the keys' scatter (CUB's order: their registers are not held across
 * it). Either way they follow the keys through shared memory (the same bytes) after them. */
enum class OnesweepValues { kBeforeKeyScatter, kAfterKeyScatter };

/* A tile's shape and method: its threads (the first kOneDigits also own a digit each: counts,
 * look-back), items per thread for items of at most 4 bytes (fewer for larger ones: OneShape),
 * resident tiles per SM (registers capped to fit: their loads in flight keep memory busy), the
 * ranking and, for pairs, when the values are loaded. */
template <int Threads, int Items4, int MinBlocks, OnesweepValues Values = OnesweepValues::kBeforeKeyScatter,
          OnesweepRanking Ranking = OnesweepRanking::kDefault>
struct OnesweepPolicy {
  static constexpr int kThreads = Threads, kItems4 = Items4, kMinBlocks = MinBlocks;
  static constexpr OnesweepValues kValues = Values;
  static constexpr OnesweepRanking kRanking = Ranking;
};
/* The defaults, keys alone and key-value pairs apart: the values' registers change what fits. */
using OnesweepKeysPolicy = OnesweepPolicy<256, 20, 3>;
using OnesweepPairsPolicy = OnesweepPolicy<512, 18, 2, OnesweepValues::kAfterKeyScatter>;
template <class K, class V>
using DefaultOnesweepPolicy = std::conditional_t<std::is_same_v<V, NullType>, OnesweepKeysPolicy, OnesweepPairsPolicy>;

template <class K, class V, class P = DefaultOnesweepPolicy<K, V>>
struct OneShape {
  static constexpr bool kKeysOnly = std::is_same_v<V, NullType>;
  static constexpr std::size_t kBytes = kKeysOnly || sizeof(K) > sizeof(V) ? sizeof(K) : sizeof(V);
  static constexpr int kThreads = P::kThreads;
  static constexpr int kMinBlocks = P::kMinBlocks;
  static constexpr int kItems4 = P::kItems4;
  static constexpr int kItems = kBytes <= 4 ? kItems4 : kBytes <= 8 ? kItems4 * 11 / 20 : kBytes <= 16 ? kItems4 / 4 : 2;
  static constexpr int kTile = kThreads * kItems;
  static_assert(kThreads >= kOneDigits && kThreads % 64 == 0, "a thread per digit, whole warps");
};
template <class K, class V, class P = DefaultOnesweepPolicy<K, V>>
constexpr int OneTile() { return OneShape<K, V, P>::kTile; }

HIPCUB_DEVICE __forceinline__ unsigned LoadStatus(const unsigned* p) {
  return __hip_atomic_load(p, __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_AGENT);
}
HIPCUB_DEVICE __forceinline__ void StoreStatus(unsigned* p, unsigned v) {
  __hip_atomic_store(p, v, __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_AGENT);
}

/* hist[place][digit] over all keys: shared-memory counts per block, then one global add each. */
template <class K>
__global__ __launch_bounds__(kOneDigits) void OnesweepHistogramKernel(const K* keys, long long n, int begin_bit,
                                                                    int end_bit, bool descending,
                                                                    unsigned long long* hist) {
  __shared__ unsigned counts[kOneMaxPlaces * kOneDigits];
  const int places = (end_bit - begin_bit + kOneBits - 1) / kOneBits;
  for (int i = threadIdx.x; i < places * kOneDigits; i += kOneDigits) counts[i] = 0;
  __syncthreads();
#pragma unroll 4
  for (long long i = (long long)blockIdx.x * kOneDigits + threadIdx.x; i < n; i += (long long)gridDim.x * kOneDigits) {
    const auto u = RadixBits(keys[i], descending);
#pragma unroll
    for (int p = 0; p < kOneMaxPlaces && p < (int)sizeof(K); ++p) {
      if (p < places) {
        const int shift = begin_bit + p * kOneBits;
        const int bits = end_bit - shift < kOneBits ? end_bit - shift : kOneBits;
        atomicAdd(&counts[p * kOneDigits + (int)((u >> shift) & ((1u << bits) - 1))], 1u);
      }
    }
  }
  __syncthreads();
  for (int i = threadIdx.x; i < places * kOneDigits; i += kOneDigits)
    if (counts[i] != 0) atomicAdd(&hist[i], (unsigned long long)counts[i]);
}

/* Block p: the exclusive scan of place p's counts, the first portion's digit offsets. */
template <class T>
__global__ __launch_bounds__(kOneDigits) void OnesweepBinsKernel(const T* hist, T* bins, int portions) {
  typedef BlockScan<T, kOneDigits> Scan;
  __shared__ typename Scan::TempStorage storage;
  T offset;
  Scan(storage).ExclusiveSum(hist[blockIdx.x * kOneDigits + threadIdx.x], offset);
  bins[(long long)blockIdx.x * (portions + 1) * kOneDigits + threadIdx.x] = offset;
}

/* One digit place over one portion. bins: this portion's 256 offsets (the last tile writes the
 * next portion's after them); status: a zeroed word per tile and digit. */
template <class K, class V, bool HAS_VALUES, class P>
__global__ __launch_bounds__(OneShape<K, V, P>::kThreads, OneShape<K, V, P>::kMinBlocks) void OnesweepKernel(
    const K* keys_in, K* keys_out, const V* values_in, V* values_out, long long first, int count, int shift, int bits,
    bool descending, unsigned* counter, unsigned* status, unsigned long long* bins) {
  typedef OneShape<K, V, P> Shape;
  constexpr int BLOCK = Shape::kThreads;
  constexpr int W = HIPCUB_DEVICE_WARP_THREADS, WARPS = BLOCK / W, N = Shape::kItems, TILE = BLOCK * N;
#if defined(UNIHIP_DEVICE_NVPTX)
  constexpr bool MASKS = P::kRanking != OnesweepRanking::kBallots && W == 32;
#else
  constexpr bool MASKS = P::kRanking == OnesweepRanking::kMatchMasks && W == 32;
#endif
  constexpr bool VALUES_EARLY = P::kValues == OnesweepValues::kBeforeKeyScatter;
  typedef typename UnsignedOf<sizeof(K)>::type U;
  // ranking: the warps' digit counters (and with MASKS their digit masks); then the sorted tile
  constexpr std::size_t KV = HAS_VALUES && sizeof(V) > sizeof(K) ? sizeof(V) : sizeof(K);
  constexpr std::size_t RANK_BYTES = WARPS * kOneDigits * 4 * (MASKS ? 2 : 1);
  constexpr std::size_t BUF = TILE * KV > RANK_BYTES ? TILE * KV : RANK_BYTES;
  constexpr unsigned long long LANES = W == 64 ? ~0ull : 0xffffffffull;
  typedef BlockScan<unsigned, BLOCK> Scan;
  // warp_hist (ranking) and then the tile's keys, then its values, in shared memory
  __shared__ unsigned char buf[BUF] __attribute__((aligned(16)));
  __shared__ typename Scan::TempStorage scan_storage;
  __shared__ long long global_base[kOneDigits];  // the digit's global offset less its tile start
  __shared__ unsigned tile_shared;
  unsigned* warp_hist = reinterpret_cast<unsigned*>(buf);
  const int tid = threadIdx.x, lane = (int)__lane_id(), warp = tid / W;
  if (tid == 0) tile_shared = atomicAdd(counter, 1u);
  for (int i = tid; i < WARPS * kOneDigits; i += BLOCK) warp_hist[i] = 0;
  unsigned* match_masks = warp_hist + WARPS * kOneDigits;
  if constexpr (MASKS) {
    for (int i = tid; i < WARPS * kOneDigits; i += BLOCK) match_masks[i] = 0;
  }
  __syncthreads();
  const unsigned tile = tile_shared;
  const int tile_first = (int)tile * TILE;
  const int valid = count - tile_first < TILE ? count - tile_first : TILE;
  const unsigned mask = (1u << bits) - 1;
  // warp-striped: item i of lane l in warp w is the tile's (w * N + i) * W + l-th
  const int wfirst = warp * W * N + lane;
  const K* in = keys_in + first + tile_first;
  // keys as their ordered bits (CUB's bit_ordered_type); a partial tile's missing keys are all
  // ones: the last digit, ranked after every real key, so the real ones fill sorted[0, valid)
  U keys[N];
  if (valid == TILE) {
#pragma unroll
    for (int i = 0; i < N; ++i) keys[i] = RadixBits(in[wfirst + i * W], descending);
  } else {
#pragma unroll
    for (int i = 0; i < N; ++i) keys[i] = wfirst + i * W < valid ? RadixBits(in[wfirst + i * W], descending) : U(~U(0));
  }
  // early counts (CUB's): each warp's digit counts, summed per digit into the tile's counts and
  // published before the ranking (later tiles' look-backs find them sooner); each warp's counter
  // then starts at its first rank of the digit, so the ranking gives tile ranks directly
  unsigned* my_hist = warp_hist + warp * kOneDigits;
#pragma unroll
  for (int i = 0; i < N; ++i) atomicAdd(&my_hist[DigitOf(keys[i], shift, bits)], 1u);
  __syncthreads();
  const bool owns_digit = tid < kOneDigits;
  unsigned* mine = status + (long long)tile * kOneDigits + tid;
  unsigned total = 0;
  if (owns_digit) {
#pragma unroll
    for (int w = 0; w < WARPS; ++w) {
      const unsigned c = warp_hist[w * kOneDigits + tid];
      warp_hist[w * kOneDigits + tid] = total;
      total += c;
    }
    // the padding is the last digit's: it shifts no other digit's start
    if (tid == (int)mask) total -= (unsigned)(TILE - valid);
    StoreStatus(mine, (tile == 0 ? kOneInclusive : kOneAggregate) | total);
  }
  unsigned start;
  Scan(scan_storage).ExclusiveSum(total, start);
  if (owns_digit) {
#pragma unroll
    for (int w = 0; w < WARPS; ++w) warp_hist[w * kOneDigits + tid] += start;
  }
  __syncthreads();
  // tile rank: the warp's counter of the digit (its next rank of that digit in the tile) plus
  // the earlier lanes that share the digit (MASKS: a bit each in the digit's shared mask, CUB's
  // WARP_MATCH_ATOMIC_OR; else eight ballots); their leader advances the counter
  int rank[N];
#pragma unroll
  for (int i = 0; i < N; ++i) {
    const unsigned d = DigitOf(keys[i], shift, bits);
    if constexpr (MASKS) {
      // the lanes that share d: each sets its bit in d's mask; the shuffle orders every lane's
      // read of the mask before the leader clears it
      unsigned* mm = &match_masks[warp * kOneDigits + d];
      atomicOr(mm, 1u << lane);
      __syncwarp();
      const unsigned peers = *(volatile unsigned*)mm;
      const int leader = __ffs(peers) - 1;
      unsigned before = 0;
      if (lane == leader) {
        before = my_hist[d];
        my_hist[d] = before + (unsigned)__popc(peers);
      }
      before = ShflIdx(UNIHIP_FULL_MASK, before, leader, W);
      if (lane == leader) *mm = 0u;
      rank[i] = (int)(before + (unsigned)__popc(peers & ((1u << lane) - 1u)));
    } else {
      unsigned long long peers = LANES;
#pragma unroll
      for (int b = 0; b < kOneBits; ++b) {
        if (b < bits) {
          const unsigned long long m = (unsigned long long)__ballot_sync(UNIHIP_FULL_MASK, (d >> b) & 1u);
          peers &= ((d >> b) & 1u) ? m : ~m;
        }
      }
      const int leader = __ffsll(peers) - 1;
      unsigned before = 0;
      if (lane == leader) {
        before = my_hist[d];
        my_hist[d] = before + (unsigned)__popcll(peers);
      }
      before = ShflIdx(UNIHIP_FULL_MASK, before, leader, W);
      rank[i] = (int)(before + (unsigned)__popcll(peers & (unsigned long long)__lanemask_lt()));
    }
    __syncwarp();
  }
  __syncthreads();  // warp_hist read: buf takes the keys in digit order
  U* sorted = reinterpret_cast<U*>(buf);
#pragma unroll
  for (int i = 0; i < N; ++i) sorted[rank[i]] = keys[i];
  // look-back (CUB's order: after the keys left registers): earlier tiles' counts of digit d
  // back to one that holds its inclusive prefix
  unsigned prefix = 0;
  if (owns_digit && tile > 0) {
    for (long long j = (long long)tile - 1;; --j) {
      unsigned s;
      do {
        s = LoadStatus(status + j * kOneDigits + tid);
      } while ((s & ~kOneValue) == 0);
      prefix += s & kOneValue;
      if (s & kOneInclusive) break;
    }
    StoreStatus(mine, kOneInclusive | (prefix + total));
  }
  if (owns_digit) {
    const unsigned long long base = bins[tid];
    global_base[tid] = (long long)(base + prefix) - (long long)start;
    if (tile == gridDim.x - 1) bins[kOneDigits + tid] = base + prefix + total;  // the next portion's
  }
  __syncthreads();
  // the values' loads: VALUES_EARLY, issued before the keys' scatter, which hides their
  // latency; else after it, so their registers are not held across it
  V vals[HAS_VALUES ? N : 1];
  const V* const vin = HAS_VALUES ? values_in + first + tile_first : nullptr;
  if constexpr (HAS_VALUES && VALUES_EARLY) {
#pragma unroll
    for (int i = 0; i < N; ++i) vals[i] = wfirst + i * W < valid ? vin[wfirst + i * W] : V();
  }
  unsigned char digit[N];
#pragma unroll
  for (int i = 0; i < N; ++i) {
    const int p = i * BLOCK + tid;
    if (p < valid) {
      const U u = sorted[p];
      digit[i] = (unsigned char)DigitOf(u, shift, bits);
      keys_out[global_base[digit[i]] + p] = FromRadixBits<K>(u, descending);
    }
  }
  if constexpr (HAS_VALUES) {
    if constexpr (!VALUES_EARLY) {
#pragma unroll
      for (int i = 0; i < N; ++i) vals[i] = wfirst + i * W < valid ? vin[wfirst + i * W] : V();
    }
    __syncthreads();  // the keys are read back
    V* vsorted = reinterpret_cast<V*>(buf);
#pragma unroll
    for (int i = 0; i < N; ++i) vsorted[rank[i]] = vals[i];
    __syncthreads();
#pragma unroll
    for (int i = 0; i < N; ++i) {
      const int p = i * BLOCK + tid;
      if (p < valid) values_out[global_base[digit[i]] + p] = vsorted[p];
    }
  }
}

/* Temporary storage: the histogram and the tile counters (one memset), each portion's digit
 * offsets per place, one portion's status words, and the pointer forms' spare buffers. */
template <class K, class V, class P = DefaultOnesweepPolicy<K, V>>
struct OnesweepLayout {
  long long tiles, portion_tiles, portions, status_tiles;
  std::size_t hist_bytes, bins_bytes, status_bytes, keys_bytes, values_bytes;
  OnesweepLayout(long long n, bool alternates) {
    constexpr long long TILE = OneTile<K, V, P>();
    constexpr int places = (int)sizeof(K);  // the most a sort of K takes
    tiles = (n + TILE - 1) / TILE;
    portion_tiles = (kOnePortion + TILE - 1) / TILE;
    portions = tiles > 0 ? (tiles + portion_tiles - 1) / portion_tiles : 1;
    status_tiles = tiles < portion_tiles ? (tiles > 0 ? tiles : 1) : portion_tiles;
    hist_bytes = AlignUp(sizeof(unsigned long long) * places * kOneDigits + sizeof(unsigned) * places * portions);
    bins_bytes = AlignUp(sizeof(unsigned long long) * places * (portions + 1) * kOneDigits);
    status_bytes = AlignUp(sizeof(unsigned) * (std::size_t)status_tiles * kOneDigits);
    keys_bytes = alternates ? AlignUp(sizeof(K) * (std::size_t)(n > 0 ? n : 1)) : 0;
    values_bytes = alternates && !std::is_same_v<V, NullType> ? AlignUp(sizeof(V) * (std::size_t)(n > 0 ? n : 1)) : 0;
  }
  std::size_t Bytes() const { return hist_bytes + bins_bytes + status_bytes + keys_bytes + values_bytes; }
};

/* keys[0] -> ... -> keys[1]: every pass reads one buffer and writes the other; with
 * `alternates`, the pointer forms' spare buffers come from temporary storage. P: the sort
 * kernel's OnesweepPolicy. */
template <class K, class V, class P = DefaultOnesweepPolicy<K, V>>
hipError_t RadixSortDispatch(void* d_temp_storage, std::size_t& temp_storage_bytes, const K* keys_in,
                             K* keys_out, const V* values_in, V* values_out, K** keys_alt_io,
                             V** values_alt_io, int* selector, long long n, int begin_bit, int end_bit,
                             bool descending, hipStream_t stream, bool debug_synchronous) {
  constexpr bool HAS_VALUES = !std::is_same_v<V, NullType>;
  const bool alternates = selector == nullptr;
  if (n < 0 || begin_bit < 0 || end_bit > (int)sizeof(K) * 8 || begin_bit > end_bit)
    return hipErrorInvalidValue;
  const OnesweepLayout<K, V, P> layout(n, alternates);
  constexpr long long TILE = OneTile<K, V, P>();
  const std::size_t needed = layout.Bytes();
  if (d_temp_storage == nullptr) {
    temp_storage_bytes = needed;
    return hipSuccess;
  }
  if (temp_storage_bytes < needed) return hipErrorInvalidValue;
  const int passes = (end_bit - begin_bit + kOneBits - 1) / kOneBits;
  const int places = (int)sizeof(K);
  char* p = static_cast<char*>(d_temp_storage);
  unsigned long long* hist = reinterpret_cast<unsigned long long*>(p);
  unsigned* counters = reinterpret_cast<unsigned*>(hist + places * kOneDigits);  // [pass][portion]
  p += layout.hist_bytes;
  unsigned long long* bins = reinterpret_cast<unsigned long long*>(p);  // [pass][portion + 1][digit]
  p += layout.bins_bytes;
  unsigned* status = reinterpret_cast<unsigned*>(p);
  p += layout.status_bytes;
  K* kbuf[2];
  V* vbuf[2];
  if (alternates) {
    K* kspare = reinterpret_cast<K*>(p);
    V* vspare = HAS_VALUES ? reinterpret_cast<V*>(p + layout.keys_bytes) : nullptr;
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
  if (passes == 0) return hipSuccess;
  const int portions = (int)layout.portions;
  e = hipMemsetAsync(hist, 0, layout.hist_bytes, stream);
  if (e != hipSuccess) return e;
  {
    const K* first_src = alternates ? keys_in : kbuf[*selector];
    long long blocks = (n + kOneDigits * 16 - 1) / (kOneDigits * 16);
    OnesweepHistogramKernel<K><<<(int)(blocks < 1024 ? blocks : 1024), kOneDigits, 0, stream>>>(
        first_src, n, begin_bit, end_bit, descending, hist);
    OnesweepBinsKernel<unsigned long long><<<passes, kOneDigits, 0, stream>>>(hist, bins, portions);
  }
  int cur = alternates ? 0 : *selector;
  for (int pass = 0; pass < passes; ++pass) {
    const int shift = begin_bit + pass * kOneBits;
    const int bits = end_bit - shift < kOneBits ? end_bit - shift : kOneBits;
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
    for (int portion = 0; portion < portions; ++portion) {
      const long long first = portion * layout.portion_tiles * TILE;
      const long long left = n - first;
      const long long count = left < layout.portion_tiles * TILE ? left : layout.portion_tiles * TILE;
      const int tiles = (int)((count + TILE - 1) / TILE);
      e = hipMemsetAsync(status, 0, sizeof(unsigned) * (std::size_t)tiles * kOneDigits, stream);
      if (e != hipSuccess) return e;
      OnesweepKernel<K, V, HAS_VALUES, P><<<tiles, OneShape<K, V, P>::kThreads, 0, stream>>>(
          src, dst, vsrc, vdst, first, (int)count, shift, bits, descending, counters + pass * portions + portion,
          status, bins + ((long long)pass * (portions + 1) + portion) * kOneDigits);
    }
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
