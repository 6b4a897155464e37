/* DeviceReduce: a pass over whole tiles strided over a fixed grid (one partial per block) and a single-block pass over the
 * partials. The operator is taken as associative and commutative (items are combined out of
 * order). CUB's two-phase protocol: d_temp_storage == nullptr sets temp_storage_bytes. */
#ifndef HIPCUB_DEVICE_DEVICE_REDUCE_HPP_
#define HIPCUB_DEVICE_DEVICE_REDUCE_HPP_

#include "../block/block_reduce.hpp"

namespace hipcub {
namespace detail {

constexpr int kReduceBlock = 256;
constexpr long long kReduceMaxBlocks = 2048;

/* Items a thread loads per tile: independent loads in flight hide the memory's latency. */
template <class Acc>
constexpr int ReduceItems() { return sizeof(Acc) <= 4 ? 16 : sizeof(Acc) <= 8 ? 8 : 4; }

template <class In, class = void>
struct VectorLoadable : std::false_type {};
/* Pointers to arithmetic items that pack whole into 16 bytes take 16-byte loads when aligned. */
template <class T>
struct VectorLoadable<T*, std::enable_if_t<std::is_arithmetic_v<std::remove_cv_t<T>> && 16 % sizeof(T) == 0>>
    : std::true_type {};

template <class Acc, class In>
struct PlainLoad {
  In in;
  HIPCUB_DEVICE Acc operator()(long long i) const { return Acc(in[i]); }
  /* v[j]: the tile's items for thread tid; which items is free (the operator commutes), only
   * the same for every run. `vector`: the pointer is 16-byte aligned (checked on the host). */
  template <int N>
  HIPCUB_DEVICE void Tile(long long base, int tid, bool vector, Acc (&v)[N]) const {
    if constexpr (VectorLoadable<In>::value) {
      typedef std::remove_cv_t<std::remove_pointer_t<In>> T;
      constexpr int PER = 16 / (int)sizeof(T);
      if constexpr (N % PER == 0) {
        if (vector) {
          typedef int Vec __attribute__((ext_vector_type(4)));
          const Vec* p = reinterpret_cast<const Vec*>(in + base);
#pragma unroll
          for (int k = 0; k < N / PER; ++k) {
            const Vec w = p[k * kReduceBlock + tid];
            T t[PER];
            __builtin_memcpy(t, &w, 16);
#pragma unroll
            for (int j = 0; j < PER; ++j) v[k * PER + j] = Acc(t[j]);
          }
          return;
        }
      }
    }
#pragma unroll
    for (int j = 0; j < N; ++j) v[j] = Acc(in[base + j * kReduceBlock + tid]);
  }
  bool Vector() const {
    if constexpr (VectorLoadable<In>::value) return reinterpret_cast<std::uintptr_t>(in) % 16 == 0;
    return false;
  }
};
template <class Acc, class In>
struct IndexedLoad {  // ArgMin/ArgMax: each item with its index
  In in;
  HIPCUB_DEVICE Acc operator()(long long i) const {
    return Acc((typename Acc::KeyT)i, (typename Acc::ValueT)in[i]);
  }
  template <int N>
  HIPCUB_DEVICE void Tile(long long base, int tid, bool, Acc (&v)[N]) const {
#pragma unroll
    for (int j = 0; j < N; ++j) v[j] = (*this)(base + j * kReduceBlock + tid);
  }
  bool Vector() const { return false; }
};

/* Whole tiles strided over a fixed grid, then the last partial tile by one block: one partial
 * per block, in an order fixed by n and the grid (floating-point sums repeat exactly). */
template <class Acc, class Load, class Op>
__global__ __launch_bounds__(kReduceBlock) void ReducePartialsKernel(Load load, long long n, Op op,
                                                                    bool vector, Acc* partials) {
  constexpr int N = ReduceItems<Acc>();
  constexpr long long TILE = (long long)kReduceBlock * N;
  typedef BlockReduce<Acc, kReduceBlock> R;
  __shared__ typename R::TempStorage storage;
  const int tid = threadIdx.x;
  const long long full = n / TILE;
  Acc acc;
  int valid = 0;  // threads (the first ones) that hold a partial
  long long t = blockIdx.x;
  if (t < full) {
    Acc v[N];
    load.template Tile<N>(t * TILE, tid, vector, v);
    acc = v[0];
#pragma unroll
    for (int j = 1; j < N; ++j) acc = op(acc, v[j]);
    for (t += gridDim.x; t < full; t += gridDim.x) {
      load.template Tile<N>(t * TILE, tid, vector, v);
#pragma unroll
      for (int j = 0; j < N; ++j) acc = op(acc, v[j]);
    }
    valid = kReduceBlock;
  }
  const long long rest = full * TILE;
  if (rest < n && blockIdx.x == full % gridDim.x) {
    for (long long i = rest + tid; i < n; i += kReduceBlock) {
      const Acc x = load(i);
      acc = i == rest + tid && valid == 0 ? x : op(acc, x);
    }
    const long long left = n - rest;
    if (valid == 0) valid = left < kReduceBlock ? (int)left : kReduceBlock;
  }
  Acc r = R(storage).Reduce(acc, op, valid);
  if (threadIdx.x == 0) partials[blockIdx.x] = r;
}

template <class Acc, class Out, class Op>
__global__ __launch_bounds__(kReduceBlock) void ReduceFinalKernel(const Acc* partials, int count, Op op,
                                                                 Acc init, bool apply_init, Out out) {
  typedef BlockReduce<Acc, kReduceBlock> R;
  __shared__ typename R::TempStorage storage;
  Acc acc;
  int i = threadIdx.x;
  if (i < count) {
    acc = partials[i];
    for (i += kReduceBlock; i < count; i += kReduceBlock) acc = op(acc, partials[i]);
  }
  Acc r = R(storage).Reduce(acc, op, count < kReduceBlock ? count : kReduceBlock);
  if (threadIdx.x == 0) *out = count == 0 ? init : (apply_init ? op(init, r) : r);
}

/* One wave of resident blocks (eight of 256 threads per multiprocessor) on the current device,
 * so no second, partial wave trails; kReduceMaxBlocks when the device cannot be asked. */
inline long long ReduceGridCap() {
  int device = 0, sms = 0;
  if (hipGetDevice(&device) != hipSuccess ||
      hipDeviceGetAttribute(&sms, hipDeviceAttributeMultiprocessorCount, device) != hipSuccess || sms <= 0)
    return kReduceMaxBlocks;
  return 8ll * sms < kReduceMaxBlocks ? 8ll * sms : kReduceMaxBlocks;
}

template <class Acc>
int ReduceBlocks(long long n) {
  const long long tile = (long long)kReduceBlock * ReduceItems<Acc>();
  const long long b = (n + tile - 1) / tile, cap = b > 1 ? ReduceGridCap() : 1;
  return (int)(b < cap ? b : cap);
}

template <class Acc, class Load, class Out, class Op>
hipError_t ReduceDispatch(void* d_temp_storage, std::size_t& temp_storage_bytes, Load load, Out out,
                          long long n, Op op, Acc init, bool apply_init, hipStream_t stream,
                          bool debug_synchronous) {
  if (n < 0) return hipErrorInvalidValue;
  const int blocks = ReduceBlocks<Acc>(n);
  const std::size_t needed = AlignUp(sizeof(Acc) * (std::size_t)(blocks > 0 ? blocks : 1));
  if (d_temp_storage == nullptr) {
    temp_storage_bytes = needed;
    return hipSuccess;
  }
  if (temp_storage_bytes < needed) return hipErrorInvalidValue;
  Acc* partials = static_cast<Acc*>(d_temp_storage);
  if (blocks > 0)
    ReducePartialsKernel<Acc><<<blocks, kReduceBlock, 0, stream>>>(load, n, op, load.Vector(), partials);
  ReduceFinalKernel<Acc><<<1, kReduceBlock, 0, stream>>>(partials, blocks, op, init, apply_init, out);
  hipError_t e = hipGetLastError();
  if (e == hipSuccess && debug_synchronous) e = hipStreamSynchronize(stream);
  return e;
}

}  // namespace detail

struct DeviceReduce {
  template <class In, class Out, class ReduceOp, class T, class NumItemsT>
  static hipError_t Reduce(void* d_temp_storage, std::size_t& temp_storage_bytes, In d_in, Out d_out,
                           NumItemsT num_items, ReduceOp reduction_op, T init,
                           hipStream_t stream = 0, bool debug_synchronous = false) {
    return detail::ReduceDispatch<T>(d_temp_storage, temp_storage_bytes,
                                     detail::PlainLoad<T, In>{d_in}, d_out, (long long)num_items,
                                     reduction_op, init, true, stream, debug_synchronous);
  }
  template <class In, class Out, class NumItemsT>
  static hipError_t Sum(void* d_temp_storage, std::size_t& temp_storage_bytes, In d_in, Out d_out,
                        NumItemsT num_items, hipStream_t stream = 0, bool debug_synchronous = false) {
    typedef detail::OutputOrInput<In, Out> Acc;
    return detail::ReduceDispatch<Acc>(d_temp_storage, temp_storage_bytes,
                                       detail::PlainLoad<Acc, In>{d_in}, d_out, (long long)num_items,
                                       hipcub::Sum(), Acc(), false, stream, debug_synchronous);
  }
  template <class In, class Out, class NumItemsT>
  static hipError_t Min(void* d_temp_storage, std::size_t& temp_storage_bytes, In d_in, Out d_out,
                        NumItemsT num_items, hipStream_t stream = 0, bool debug_synchronous = false) {
    typedef detail::ValueOf<In> Acc;
    return detail::ReduceDispatch<Acc>(d_temp_storage, temp_storage_bytes,
                                       detail::PlainLoad<Acc, In>{d_in}, d_out, (long long)num_items,
                                       hipcub::Min(), std::numeric_limits<Acc>::max(), false, stream,
                                       debug_synchronous);
  }
  template <class In, class Out, class NumItemsT>
  static hipError_t Max(void* d_temp_storage, std::size_t& temp_storage_bytes, In d_in, Out d_out,
                        NumItemsT num_items, hipStream_t stream = 0, bool debug_synchronous = false) {
    typedef detail::ValueOf<In> Acc;
    return detail::ReduceDispatch<Acc>(d_temp_storage, temp_storage_bytes,
                                       detail::PlainLoad<Acc, In>{d_in}, d_out, (long long)num_items,
                                       hipcub::Max(), std::numeric_limits<Acc>::lowest(), false,
                                       stream, debug_synchronous);
  }
  /* The first smallest item and its index; {1, max} for no items, as CUB gives. */
  template <class In, class Out, class NumItemsT>
  static hipError_t ArgMin(void* d_temp_storage, std::size_t& temp_storage_bytes, In d_in, Out d_out,
                           NumItemsT num_items, hipStream_t stream = 0, bool debug_synchronous = false) {
    typedef detail::ValueOf<In> V;
    typedef KeyValuePair<int, V> Acc;
    return detail::ReduceDispatch<Acc>(d_temp_storage, temp_storage_bytes,
                                       detail::IndexedLoad<Acc, In>{d_in}, d_out, (long long)num_items,
                                       hipcub::ArgMin(), Acc(1, std::numeric_limits<V>::max()), false,
                                       stream, debug_synchronous);
  }
  template <class In, class Out, class NumItemsT>
  static hipError_t ArgMax(void* d_temp_storage, std::size_t& temp_storage_bytes, In d_in, Out d_out,
                           NumItemsT num_items, hipStream_t stream = 0, bool debug_synchronous = false) {
    typedef detail::ValueOf<In> V;
    typedef KeyValuePair<int, V> Acc;
    return detail::ReduceDispatch<Acc>(d_temp_storage, temp_storage_bytes,
                                       detail::IndexedLoad<Acc, In>{d_in}, d_out, (long long)num_items,
                                       hipcub::ArgMax(), Acc(1, std::numeric_limits<V>::lowest()),
                                       false, stream, debug_synchronous);
  }
};

}  // namespace hipcub

#endif
