// Managed memory (issue 11): a bandwidth-bound kernel over 256 MiB of hipMallocManaged memory
// after hipMemPrefetchAsync to the device, against the same kernel over hipMalloc memory, in the
// same process (report.py pairs them), timed with events on one stream.
#if defined(BENCH_IMPL_UNIHIP)
#include <hip/hip_runtime.h>
#else
#include <cuda_runtime.h>
#endif

#include <algorithm>
#include <vector>

#include "bench_stats.h"
#include "event_timing.h"
#include "gpu_api.h"
#include "runtime_bench.h"

namespace bench {

namespace {

__global__ void bench_scale(float* out, const float* in, size_t n, float scale) {
  for (size_t i = blockIdx.x * size_t{blockDim.x} + threadIdx.x; i < n;
       i += size_t{gridDim.x} * blockDim.x)
    out[i] = in[i] * scale;
}

#if defined(BENCH_IMPL_UNIHIP)
gpuError_t prefetchToDevice(const void* p, size_t bytes, int device, gpuStream_t s) {
  return hipMemPrefetchAsync(p, bytes, device, s);
}
gpuError_t mallocManaged(void** p, size_t bytes) { return hipMallocManaged(p, bytes); }
#else
gpuError_t prefetchToDevice(const void* p, size_t bytes, int device, gpuStream_t s) {
  cudaMemLocation location{};
  location.type = cudaMemLocationTypeDevice;
  location.id = device;
  return cudaMemPrefetchAsync(p, bytes, location, 0, s);
}
gpuError_t mallocManaged(void** p, size_t bytes) { return cudaMallocManaged(p, bytes); }
#endif

// GPU time of one kernel over `in` -> `out` (event_timing.h).
Summary kernelTime(gpuStream_t s, float* out, const float* in, size_t n, int reps) {
  return eventTimed(s, reps, [&] { bench_scale<<<1056, 256, 0, s>>>(out, in, n, 2.0f); });
}

}  // namespace

void launchOtherModuleKernel(gpuStream_t s) {
  bench_scale<<<1, 1, 0, s>>>(nullptr, nullptr, 0, 1.0f);
}

void managedBenchmarks() {
  constexpr size_t kBytes = size_t{256} << 20, kFloats = kBytes / sizeof(float);
  constexpr int kReps = 40;
  gpuStream_t s;
  GPU_CHECK(gpuStreamCreate(&s));
  void *din = nullptr, *dout = nullptr, *min = nullptr, *mout = nullptr;
  GPU_CHECK(gpuMalloc(&din, kBytes));
  GPU_CHECK(gpuMalloc(&dout, kBytes));
  GPU_CHECK(mallocManaged(&min, kBytes));
  GPU_CHECK(mallocManaged(&mout, kBytes));
  GPU_CHECK(gpuMemset(din, 0, kBytes));
  GPU_CHECK(gpuMemset(dout, 0, kBytes));
  // Touched on the host first, as an application fills its input, then prefetched.
  std::fill_n(static_cast<float*>(min), kFloats, 1.0f);
  std::fill_n(static_cast<float*>(mout), kFloats, 0.0f);
  GPU_CHECK(prefetchToDevice(min, kBytes, 0, s));
  GPU_CHECK(prefetchToDevice(mout, kBytes, 0, s));
  GPU_CHECK(gpuStreamSynchronize(s));

  // Alternating, so that clock changes hit both alike.
  std::vector<double> device, managed;
  for (int round = 0; round < 5; ++round) {
    device.push_back(kernelTime(s, static_cast<float*>(dout), static_cast<float*>(din), kFloats,
                                kReps).median);
    managed.push_back(kernelTime(s, static_cast<float*>(mout), static_cast<float*>(min),
                                 kFloats, kReps).median);
  }
  report("kernel_device_memory", "managed_kernel", static_cast<double>(kBytes),
         summarize(device), 2.0 * kBytes);
  report("kernel_managed_prefetched", "managed_kernel", static_cast<double>(kBytes),
         summarize(managed), 2.0 * kBytes);
  if (static_cast<float*>(mout)[kFloats - 1] != 2.0f) {
    std::fprintf(stderr, "bench_%s: managed kernel produced %g, not 2\n", BENCH_IMPL,
                 static_cast<float*>(mout)[kFloats - 1]);
    std::exit(1);
  }
  GPU_CHECK(gpuFree(mout));
  GPU_CHECK(gpuFree(min));
  GPU_CHECK(gpuFree(dout));
  GPU_CHECK(gpuFree(din));
  GPU_CHECK(gpuStreamDestroy(s));
}

}  // namespace bench
