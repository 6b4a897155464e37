/* DeviceSegmentedReduce: one block per segment. Empty segments get the initial value (Sum: 0,
 * Min: the type's max, Max: its lowest, ArgMin/ArgMax: {1, max/lowest}), as in CUB. ArgMin and
 * ArgMax keys are offsets within the segment. */
#ifndef HIPCUB_DEVICE_DEVICE_SEGMENTED_REDUCE_HPP_
#define HIPCUB_DEVICE_DEVICE_SEGMENTED_REDUCE_HPP_

#include "device_reduce.hpp"

namespace hipcub {
namespace detail {

template <class Acc, class Load, class Out, class Begin, class End, class Op>
__global__ __launch_bounds__(kReduceBlock) void SegmentedReduceKernel(Load load, Out out, Begin begins,
                                                                     End ends, Op op, Acc init,
                                                                     bool apply_init) {
  typedef BlockReduce<Acc, kReduceBlock> R;
  __shared__ typename R::TempStorage storage;
  const long long b = (long long)begins[blockIdx.x], e = (long long)ends[blockIdx.x];
  const long long n = e > b ? e - b : 0;
  Acc acc;
  long long i = threadIdx.x;
  if (i < n) {
    acc = load(b, i);
    for (i += kReduceBlock; i < n; i += kReduceBlock) acc = op(acc, load(b, i));
  }
  Acc r = R(storage).Reduce(acc, op, n < kReduceBlock ? (int)n : kReduceBlock);
  if (threadIdx.x == 0) out[blockIdx.x] = n == 0 ? init : (apply_init ? op(init, r) : r);
}

template <class Acc, class In>
struct SegmentLoad {
  In in;
  HIPCUB_DEVICE Acc operator()(long long base, long long i) const { return Acc(in[base + i]); }
};
template <class Acc, class In>
struct SegmentIndexedLoad {
  In in;
  HIPCUB_DEVICE Acc operator()(long long base, long long i) const {
    return Acc((typename Acc::KeyT)i, (typename Acc::ValueT)in[base + i]);
  }
};

template <class Acc, class Load, class Out, class Begin, class End, class Op>
hipError_t SegmentedDispatch(void* d_temp_storage, std::size_t& temp_storage_bytes, Load load, Out out,
                             long long segments, Begin begins, End ends, Op op, Acc init,
                             bool apply_init, hipStream_t stream, bool debug_synchronous) {
  if (segments < 0) return hipErrorInvalidValue;
  const std::size_t needed = AlignUp(1);  // nothing kept between the passes; CUB's protocol still applies
  if (d_temp_storage == nullptr) {
    temp_storage_bytes = needed;
    return hipSuccess;
  }
  if (temp_storage_bytes < needed) return hipErrorInvalidValue;
  if (segments == 0) return hipSuccess;
  SegmentedReduceKernel<Acc><<<(unsigned)segments, kReduceBlock, 0, stream>>>(load, out, begins, ends, op,
                                                                              init, apply_init);
  hipError_t e = hipGetLastError();
  if (e == hipSuccess && debug_synchronous) e = hipStreamSynchronize(stream);
  return e;
}

}  // namespace detail

struct DeviceSegmentedReduce {
  template <class In, class Out, class Begin, class End, class ReduceOp, class T>
  static hipError_t Reduce(void* d_temp_storage, std::size_t& temp_storage_bytes, In d_in, Out d_out,
                           int num_segments, Begin d_begin_offsets, End d_end_offsets,
                           ReduceOp reduction_op, T initial_value, hipStream_t stream = 0,
                           bool debug_synchronous = false) {
    return detail::SegmentedDispatch<T>(d_temp_storage, temp_storage_bytes,
                                        detail::SegmentLoad<T, In>{d_in}, d_out, num_segments,
                                        d_begin_offsets, d_end_offsets, reduction_op, initial_value,
                                        true, stream, debug_synchronous);
  }
  template <class In, class Out, class Begin, class End>
  static hipError_t Sum(void* d_temp_storage, std::size_t& temp_storage_bytes, In d_in, Out d_out,
                        int num_segments, Begin d_begin_offsets, End d_end_offsets,
                        hipStream_t stream = 0, bool debug_synchronous = false) {
    typedef detail::OutputOrInput<In, Out> Acc;
    return detail::SegmentedDispatch<Acc>(d_temp_storage, temp_storage_bytes,
                                          detail::SegmentLoad<Acc, In>{d_in}, d_out, num_segments,
                                          d_begin_offsets, d_end_offsets, hipcub::Sum(), Acc(), false,
                                          stream, debug_synchronous);
  }
  template <class In, class Out, class Begin, class End>
  static hipError_t Min(void* d_temp_storage, std::size_t& temp_storage_bytes, In d_in, Out d_out,
                        int num_segments, Begin d_begin_offsets, End d_end_offsets,
                        hipStream_t stream = 0, bool debug_synchronous = false) {
    typedef detail::ValueOf<In> Acc;
    return detail::SegmentedDispatch<Acc>(d_temp_storage, temp_storage_bytes,
                                          detail::SegmentLoad<Acc, In>{d_in}, d_out, num_segments,
                                          d_begin_offsets, d_end_offsets, hipcub::Min(),
                                          std::numeric_limits<Acc>::max(), false, stream,
                                          debug_synchronous);
  }
  template <class In, class Out, class Begin, class End>
  static hipError_t Max(void* d_temp_storage, std::size_t& temp_storage_bytes, In d_in, Out d_out,
                        int num_segments, Begin d_begin_offsets, End d_end_offsets,
                        hipStream_t stream = 0, bool debug_synchronous = false) {
    typedef detail::ValueOf<In> Acc;
    return detail::SegmentedDispatch<Acc>(d_temp_storage, temp_storage_bytes,
                                          detail::SegmentLoad<Acc, In>{d_in}, d_out, num_segments,
                                          d_begin_offsets, d_end_offsets, hipcub::Max(),
                                          std::numeric_limits<Acc>::lowest(), false, stream,
                                          debug_synchronous);
  }
  template <class In, class Out, class Begin, class End>
  static hipError_t ArgMin(void* d_temp_storage, std::size_t& temp_storage_bytes, In d_in, Out d_out,
                           int num_segments, Begin d_begin_offsets, End d_end_offsets,
                           hipStream_t stream = 0, bool debug_synchronous = false) {
    typedef detail::ValueOf<In> V;
    typedef KeyValuePair<int, V> Acc;
    return detail::SegmentedDispatch<Acc>(d_temp_storage, temp_storage_bytes,
                                          detail::SegmentIndexedLoad<Acc, In>{d_in}, d_out, num_segments,
                                          d_begin_offsets, d_end_offsets, hipcub::ArgMin(),
                                          Acc(1, std::numeric_limits<V>::max()), false, stream,
                                          debug_synchronous);
  }
  template <class In, class Out, class Begin, class End>
  static hipError_t ArgMax(void* d_temp_storage, std::size_t& temp_storage_bytes, In d_in, Out d_out,
                           int num_segments, Begin d_begin_offsets, End d_end_offsets,
                           hipStream_t stream = 0, bool debug_synchronous = false) {
    typedef detail::ValueOf<In> V;
    typedef KeyValuePair<int, V> Acc;
    return detail::SegmentedDispatch<Acc>(d_temp_storage, temp_storage_bytes,
                                          detail::SegmentIndexedLoad<Acc, In>{d_in}, d_out, num_segments,
                                          d_begin_offsets, d_end_offsets, hipcub::ArgMax(),
                                          Acc(1, std::numeric_limits<V>::lowest()), false, stream,
                                          debug_synchronous);
  }
};

}  // namespace hipcub

#endif
