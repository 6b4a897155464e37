/* DeviceScan: reduce-then-scan. Each tile's total, one block's inclusive scan of the totals,
 * then each tile's scan from its prefix. The operator need only be associative. */
#ifndef HIPCUB_DEVICE_DEVICE_SCAN_HPP_
#define HIPCUB_DEVICE_DEVICE_SCAN_HPP_

#include "../block/block_load.hpp"
#include "../block/block_reduce.hpp"
#include "../block/block_scan.hpp"
#include "../block/block_store.hpp"

namespace hipcub {
namespace detail {

constexpr int kScanBlock = 256;
template <class T>
constexpr int ScanItems() { return sizeof(T) <= 4 ? 8 : (sizeof(T) <= 8 ? 4 : 2); }

template <class T>
struct ConstantPrefix {
  T value;
  HIPCUB_DEVICE T operator()(const T&) const { return value; }
};

template <class T, class In, class Op>
__global__ __launch_bounds__(kScanBlock) void ScanTileTotalsKernel(In in, long long n, Op op, T* totals) {
  constexpr int N = ScanItems<T>(), TILE = kScanBlock * N;
  typedef BlockLoad<T, kScanBlock, N, BLOCK_LOAD_TRANSPOSE> Load;
  typedef BlockReduce<T, kScanBlock> Reduce;
  __shared__ union {
    typename Load::TempStorage load;
    typename Reduce::TempStorage reduce;
  } storage;
  const long long first = (long long)blockIdx.x * TILE;
  const int valid = n - first >= TILE ? TILE : (int)(n - first);
  T items[N];
  Load(storage.load).Load(in + first, items, valid);
  __syncthreads();
  const int mine = valid - (int)threadIdx.x * N;  // this thread's valid items (blocked)
  T partial = items[0];
#pragma unroll
  for (int i = 1; i < N; ++i)
    if (i < mine) partial = op(partial, items[i]);
  T total = Reduce(storage.reduce).Reduce(partial, op, (valid + N - 1) / N);
  if (threadIdx.x == 0) totals[blockIdx.x] = total;
}

/* One block: inclusive[t] = totals[0] op ... op totals[t], after init when there is one. */
template <class T, class Op>
__global__ __launch_bounds__(kScanBlock) void ScanTotalsKernel(const T* totals, int count, Op op, T init,
                                                              bool has_init, T* inclusive) {
  constexpr int N = 4, CHUNK = kScanBlock * N;
  typedef BlockScan<T, kScanBlock> Scan;
  __shared__ typename Scan::TempStorage storage;
  T carry = init;
  bool has_carry = has_init;
  for (int base = 0; base < count; base += CHUNK) {
    T items[N];
    const int valid = count - base;
#pragma unroll
    for (int i = 0; i < N; ++i) {
      int k = (int)threadIdx.x * N + i;
      items[i] = k < valid ? totals[base + k] : totals[base];
    }
    T aggregate;
    Scan(storage).InclusiveScan(items, items, op, aggregate);
#pragma unroll
    for (int i = 0; i < N; ++i) {
      int k = (int)threadIdx.x * N + i;
      T v = has_carry ? op(carry, items[i]) : items[i];
      if (k < valid) inclusive[base + k] = v;
    }
    carry = has_carry ? op(carry, aggregate) : aggregate;
    has_carry = true;
    __syncthreads();
  }
}

template <class T, class In, class Out, class Op>
__global__ __launch_bounds__(kScanBlock) void ScanTilesKernel(In in, Out out, long long n, Op op, T init,
                                                             bool exclusive, const T* inclusive_totals) {
  constexpr int N = ScanItems<T>(), TILE = kScanBlock * N;
  typedef BlockLoad<T, kScanBlock, N, BLOCK_LOAD_TRANSPOSE> Load;
  typedef BlockStore<T, kScanBlock, N, BLOCK_STORE_TRANSPOSE> Store;
  typedef BlockScan<T, kScanBlock> Scan;
  __shared__ union {
    typename Load::TempStorage load;
    typename Store::TempStorage store;
    typename Scan::TempStorage scan;
  } storage;
  const long long first = (long long)blockIdx.x * TILE;
  const int valid = n - first >= TILE ? TILE : (int)(n - first);
  T items[N];
  Load(storage.load).Load(in + first, items, valid);
  __syncthreads();
  if (exclusive) {
    // exclusive scans always have an initial value; it is folded into inclusive_totals
    ConstantPrefix<T> prefix{blockIdx.x == 0 ? init : inclusive_totals[blockIdx.x - 1]};
    Scan(storage.scan).ExclusiveScan(items, items, op, prefix);
  } else if (blockIdx.x == 0) {
    Scan(storage.scan).InclusiveScan(items, items, op);
  } else {
    ConstantPrefix<T> prefix{inclusive_totals[blockIdx.x - 1]};
    Scan(storage.scan).InclusiveScan(items, items, op, prefix);
  }
  __syncthreads();
  Store(storage.store).Store(out + first, items, valid);
}

template <class T>
std::size_t ScanTempBytes(long long n) {
  const long long tiles = (n + kScanBlock * ScanItems<T>() - 1) / (kScanBlock * ScanItems<T>());
  return 2 * AlignUp(sizeof(T) * (std::size_t)(tiles > 0 ? tiles : 1));
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
  constexpr int TILE = kScanBlock * ScanItems<T>();
  const int tiles = (int)((n + TILE - 1) / TILE);
  T* totals = static_cast<T*>(d_temp_storage);
  T* inclusive = reinterpret_cast<T*>(static_cast<char*>(d_temp_storage) + needed / 2);
  if (tiles > 1) {
    ScanTileTotalsKernel<T><<<tiles, kScanBlock, 0, stream>>>(in, n, op, totals);
    ScanTotalsKernel<T><<<1, kScanBlock, 0, stream>>>(totals, tiles - 1, op, init, exclusive, inclusive);
  }
  ScanTilesKernel<T><<<tiles, kScanBlock, 0, stream>>>(in, out, n, op, init, exclusive, inclusive);
  hipError_t e = hipGetLastError();
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
