/* DeviceReduce: a grid-stride pass (one partial per block) and a single-block pass over the
 * partials. The operator is taken as associative and commutative (items are combined out of
 * order). CUB's two-phase protocol: d_temp_storage == nullptr sets temp_storage_bytes. */
#ifndef HIPCUB_DEVICE_DEVICE_REDUCE_HPP_
#define HIPCUB_DEVICE_DEVICE_REDUCE_HPP_

#include "../block/block_reduce.hpp"

namespace hipcub {
namespace detail {

constexpr int kReduceBlock = 256;
constexpr long long kReduceMaxBlocks = 2048;

template <class Acc, class In>
struct PlainLoad {
  In in;
  HIPCUB_DEVICE Acc operator()(long long i) const { return Acc(in[i]); }
};
template <class Acc, class In>
struct IndexedLoad {  // ArgMin/ArgMax: each item with its index
  In in;
  HIPCUB_DEVICE Acc operator()(long long i) const {
    return Acc((typename Acc::KeyT)i, (typename Acc::ValueT)in[i]);
  }
};

template <class Acc, class Load, class Op>
__global__ __launch_bounds__(kReduceBlock) void ReducePartialsKernel(Load load, long long n, Op op,
                                                                    Acc* partials) {
  typedef BlockReduce<Acc, kReduceBlock> R;
  __shared__ typename R::TempStorage storage;
  const long long stride = (long long)gridDim.x * kReduceBlock;
  long long i = (long long)blockIdx.x * kReduceBlock + threadIdx.x;
  Acc acc;
  if (i < n) {
    acc = load(i);
    for (i += stride; i < n; i += stride) acc = op(acc, load(i));
  }
  long long first = (long long)blockIdx.x * kReduceBlock;
  int valid = n - first >= kReduceBlock ? kReduceBlock : (int)(n - first);
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

inline int ReduceBlocks(long long n) {
  long long b = (n + kReduceBlock - 1) / kReduceBlock;
  return (int)(b < kReduceMaxBlocks ? b : kReduceMaxBlocks);
}

template <class Acc, class Load, class Out, class Op>
hipError_t ReduceDispatch(void* d_temp_storage, std::size_t& temp_storage_bytes, Load load, Out out,
                          long long n, Op op, Acc init, bool apply_init, hipStream_t stream,
                          bool debug_synchronous) {
  if (n < 0) return hipErrorInvalidValue;
  const int blocks = ReduceBlocks(n);
  const std::size_t needed = AlignUp(sizeof(Acc) * (std::size_t)(blocks > 0 ? blocks : 1));
  if (d_temp_storage == nullptr) {
    temp_storage_bytes = needed;
    return hipSuccess;
  }
  if (temp_storage_bytes < needed) return hipErrorInvalidValue;
  Acc* partials = static_cast<Acc*>(d_temp_storage);
  if (blocks > 0)
    ReducePartialsKernel<Acc><<<blocks, kReduceBlock, 0, stream>>>(load, n, op, partials);
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
