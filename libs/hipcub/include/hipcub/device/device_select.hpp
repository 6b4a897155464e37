/* DeviceSelect and DeviceRunLengthEncode::Encode: a flag per item, an exclusive scan of the
 * flags for each kept item's place, then one scatter pass (stable). */
#ifndef HIPCUB_DEVICE_DEVICE_SELECT_HPP_
#define HIPCUB_DEVICE_DEVICE_SELECT_HPP_

#include "device_scan.hpp"

namespace hipcub {
namespace detail {

/* Random-access iterator over 0/1 flags computed from an index. */
template <class Pred>
struct FlagIterator {
  typedef std::ptrdiff_t difference_type;
  typedef int value_type;
  typedef int* pointer;
  typedef int reference;
  typedef std::random_access_iterator_tag iterator_category;
  Pred pred;
  long long base;
  HIPCUB_HOST_DEVICE int operator[](long long i) const { return pred(base + i) ? 1 : 0; }
  HIPCUB_HOST_DEVICE int operator*() const { return (*this)[0]; }
  HIPCUB_HOST_DEVICE FlagIterator operator+(long long i) const { return FlagIterator{pred, base + i}; }
};

template <class In, class Op>
struct IfPred {
  In in;
  Op op;
  HIPCUB_DEVICE bool operator()(long long i) const { return (bool)op(in[i]); }
};
template <class Flags>
struct FlaggedPred {
  Flags flags;
  HIPCUB_DEVICE bool operator()(long long i) const { return (bool)flags[i]; }
};
template <class In, class Eq>
struct HeadPred {  // first of its run
  In in;
  Eq eq;
  HIPCUB_DEVICE bool operator()(long long i) const { return i == 0 || !eq(in[i], in[i - 1]); }
};

/* partition: the rejected items too, after the selected ones in reverse order (CUB's layout). */
template <class Pred, class In, class Out, class NumOut>
__global__ void CompactKernel(Pred pred, In in, Out out, NumOut num_out, const int* places,
                              long long n, int* starts, int* count, bool partition) {
  const long long i = (long long)blockIdx.x * blockDim.x + threadIdx.x;
  if (n == 0) {
    if (i == 0) {
      *num_out = 0;
      if (count) *count = 0;
    }
    return;
  }
  if (i >= n) return;
  const bool keep = pred(i);
  if (keep) {
    out[places[i]] = in[i];
    if (starts) starts[places[i]] = (int)i;
  } else if (partition) {
    out[n - 1 - (i - places[i])] = in[i];
  }
  if (i == n - 1) {
    const int total = places[i] + (keep ? 1 : 0);
    *num_out = total;
    if (count) *count = total;
  }
}

template <class CountOut>
__global__ void RunLengthsKernel(const int* starts, const int* runs, long long n, CountOut counts) {
  const long long p = (long long)blockIdx.x * blockDim.x + threadIdx.x;
  const int r = *runs;
  if (p >= r) return;
  counts[p] = (p + 1 < r ? starts[p + 1] : (int)n) - starts[p];
}

/* rle: also each run's start and length (DeviceRunLengthEncode::Encode). */
template <class Pred, class In, class Out, class NumOut, class CountOut>
hipError_t CompactDispatch(void* d_temp_storage, std::size_t& temp_storage_bytes, Pred pred, In in,
                           Out out, NumOut num_out, long long n, bool rle, CountOut counts,
                           hipStream_t stream, bool debug_synchronous, bool partition = false) {
  if (n < 0 || n > 0x7fffffffll) return hipErrorInvalidValue;
  const std::size_t places_bytes = AlignUp(sizeof(int) * (std::size_t)(n > 0 ? n : 1));
  std::size_t scan_bytes = ScanTempBytes<int>(n);
  const std::size_t needed = places_bytes + scan_bytes + (rle ? places_bytes + AlignUp(sizeof(int)) : 0);
  if (d_temp_storage == nullptr) {
    temp_storage_bytes = needed;
    return hipSuccess;
  }
  if (temp_storage_bytes < needed) return hipErrorInvalidValue;
  char* p = static_cast<char*>(d_temp_storage);
  int* places = reinterpret_cast<int*>(p);
  void* scan_temp = p + places_bytes;
  int* starts = rle ? reinterpret_cast<int*>(p + places_bytes + scan_bytes) : nullptr;
  int* runs = rle ? reinterpret_cast<int*>(p + 2 * places_bytes + scan_bytes) : nullptr;
  hipError_t e = hipSuccess;
  if (n > 0) {
    e = ScanDispatch<int>(scan_temp, scan_bytes, FlagIterator<Pred>{pred, 0}, places, n, hipcub::Sum(), 0,
                          true, stream, false);
    if (e != hipSuccess) return e;
  }
  const unsigned blocks = n > 0 ? (unsigned)((n + 255) / 256) : 1;
  CompactKernel<<<blocks, 256, 0, stream>>>(pred, in, out, num_out, places, n, starts, runs, partition);
  if (rle && n > 0) RunLengthsKernel<<<blocks, 256, 0, stream>>>(starts, runs, n, counts);
  e = hipGetLastError();
  if (e == hipSuccess && debug_synchronous) e = hipStreamSynchronize(stream);
  return e;
}

}  // namespace detail

struct DeviceSelect {
  template <class In, class Out, class NumSelected, class SelectOp, class NumItemsT>
  static hipError_t If(void* d_temp_storage, std::size_t& temp_storage_bytes, In d_in, Out d_out,
                       NumSelected d_num_selected_out, NumItemsT num_items, SelectOp select_op,
                       hipStream_t stream = 0, bool debug_synchronous = false) {
    return detail::CompactDispatch(d_temp_storage, temp_storage_bytes,
                                   detail::IfPred<In, SelectOp>{d_in, select_op}, d_in, d_out,
                                   d_num_selected_out, (long long)num_items, false, (int*)nullptr,
                                   stream, debug_synchronous);
  }
  template <class In, class Flags, class Out, class NumSelected, class NumItemsT>
  static hipError_t Flagged(void* d_temp_storage, std::size_t& temp_storage_bytes, In d_in, Flags d_flags,
                            Out d_out, NumSelected d_num_selected_out, NumItemsT num_items,
                            hipStream_t stream = 0, bool debug_synchronous = false) {
    return detail::CompactDispatch(d_temp_storage, temp_storage_bytes,
                                   detail::FlaggedPred<Flags>{d_flags}, d_in, d_out, d_num_selected_out,
                                   (long long)num_items, false, (int*)nullptr, stream,
                                   debug_synchronous);
  }
  template <class In, class Out, class NumSelected, class NumItemsT>
  static hipError_t Unique(void* d_temp_storage, std::size_t& temp_storage_bytes, In d_in, Out d_out,
                           NumSelected d_num_selected_out, NumItemsT num_items, hipStream_t stream = 0,
                           bool debug_synchronous = false) {
    return detail::CompactDispatch(d_temp_storage, temp_storage_bytes,
                                   detail::HeadPred<In, Equality>{d_in, Equality()}, d_in, d_out,
                                   d_num_selected_out, (long long)num_items, false, (int*)nullptr,
                                   stream, debug_synchronous);
  }
};

struct DevicePartition {
  template <class In, class Out, class NumSelected, class SelectOp, class NumItemsT>
  static hipError_t If(void* d_temp_storage, std::size_t& temp_storage_bytes, In d_in, Out d_out,
                       NumSelected d_num_selected_out, NumItemsT num_items, SelectOp select_op,
                       hipStream_t stream = 0, bool debug_synchronous = false) {
    return detail::CompactDispatch(d_temp_storage, temp_storage_bytes,
                                   detail::IfPred<In, SelectOp>{d_in, select_op}, d_in, d_out,
                                   d_num_selected_out, (long long)num_items, false, (int*)nullptr,
                                   stream, debug_synchronous, true);
  }
  template <class In, class Flags, class Out, class NumSelected, class NumItemsT>
  static hipError_t Flagged(void* d_temp_storage, std::size_t& temp_storage_bytes, In d_in, Flags d_flags,
                            Out d_out, NumSelected d_num_selected_out, NumItemsT num_items,
                            hipStream_t stream = 0, bool debug_synchronous = false) {
    return detail::CompactDispatch(d_temp_storage, temp_storage_bytes,
                                   detail::FlaggedPred<Flags>{d_flags}, d_in, d_out, d_num_selected_out,
                                   (long long)num_items, false, (int*)nullptr, stream,
                                   debug_synchronous, true);
  }
};

struct DeviceRunLengthEncode {
  template <class In, class UniqueOut, class LengthsOut, class NumRuns, class NumItemsT>
  static hipError_t Encode(void* d_temp_storage, std::size_t& temp_storage_bytes, In d_in,
                           UniqueOut d_unique_out, LengthsOut d_counts_out, NumRuns d_num_runs_out,
                           NumItemsT num_items, hipStream_t stream = 0, bool debug_synchronous = false) {
    return detail::CompactDispatch(d_temp_storage, temp_storage_bytes,
                                   detail::HeadPred<In, Equality>{d_in, Equality()}, d_in, d_unique_out,
                                   d_num_runs_out, (long long)num_items, true, d_counts_out, stream,
                                   debug_synchronous);
  }
};

}  // namespace hipcub

#endif
