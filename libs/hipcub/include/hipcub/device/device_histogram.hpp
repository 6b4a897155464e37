/* DeviceHistogram::HistogramEven (one channel, one row): counts in shared memory per block,
 * then added to the output. Bin of a sample s in [lower, upper): (s - lower) * bins /
 * (upper - lower), in double. */
#ifndef HIPCUB_DEVICE_DEVICE_HISTOGRAM_HPP_
#define HIPCUB_DEVICE_DEVICE_HISTOGRAM_HPP_

#include "../config.hpp"

namespace hipcub {
namespace detail {

constexpr int kHistogramSharedBins = 2048;

template <class Samples, class Counter, class Level>
__global__ void HistogramEvenKernel(Samples samples, long long n, Counter* hist, int bins, Level lower,
                                    Level upper) {
  __shared__ unsigned local[kHistogramSharedBins];
  const bool shared = bins <= kHistogramSharedBins;
  if (shared)
    for (int b = threadIdx.x; b < bins; b += blockDim.x) local[b] = 0;
  __syncthreads();
  const double lo = (double)lower, width = (double)upper - (double)lower;
  for (long long i = (long long)blockIdx.x * blockDim.x + threadIdx.x; i < n;
       i += (long long)gridDim.x * blockDim.x) {
    const double s = (double)samples[i];
    if (!(s >= lo && s < (double)upper)) continue;
    int b = (int)((s - lo) * bins / width);
    if (b >= bins) b = bins - 1;
    if (shared)
      atomicAdd(&local[b], 1u);
    else
      atomicAdd(&hist[b], (Counter)1);
  }
  __syncthreads();
  if (shared)
    for (int b = threadIdx.x; b < bins; b += blockDim.x)
      if (local[b]) atomicAdd(&hist[b], (Counter)local[b]);
}

}  // namespace detail

struct DeviceHistogram {
  template <class Samples, class Counter, class Level, class Offset>
  static hipError_t HistogramEven(void* d_temp_storage, std::size_t& temp_storage_bytes, Samples d_samples,
                                  Counter* d_histogram, int num_levels, Level lower_level,
                                  Level upper_level, Offset num_samples, hipStream_t stream = 0,
                                  bool debug_synchronous = false) {
    if (num_levels < 2 || (long long)num_samples < 0 || !(lower_level < upper_level))
      return hipErrorInvalidValue;
    const std::size_t needed = detail::AlignUp(1);
    if (d_temp_storage == nullptr) {
      temp_storage_bytes = needed;
      return hipSuccess;
    }
    if (temp_storage_bytes < needed) return hipErrorInvalidValue;
    const int bins = num_levels - 1;
    hipError_t e = hipMemsetAsync(d_histogram, 0, sizeof(Counter) * bins, stream);
    if (e != hipSuccess) return e;
    const long long n = (long long)num_samples;
    if (n > 0) {
      long long blocks = (n + 255) / 256;
      if (blocks > 1024) blocks = 1024;
      detail::HistogramEvenKernel<<<(unsigned)blocks, 256, 0, stream>>>(d_samples, n, d_histogram, bins,
                                                                        lower_level, upper_level);
    }
    e = hipGetLastError();
    if (e == hipSuccess && debug_synchronous) e = hipStreamSynchronize(stream);
    return e;
  }
};

}  // namespace hipcub

#endif
