// streamsEvents: two streams each copy half of a pinned buffer in, run a kernel on it and copy it
// back, all asynchronously; stream 0 waits for stream 1 through an event, and events time the
// whole. The kernel also stages data through dynamic shared memory and counts work with
// atomicAdd, so those paths are checked too.
#include <hip/hip_runtime.h>

#include <cmath>
#include <cstdio>

#include "sample_support.h"

// y[i] = 2 * x[i] + offset, staged through dynamic shared memory; counts elements done.
__global__ void scaleAndCount(const float* x, float* y, int n, float offset, unsigned* done) {
  HIP_DYNAMIC_SHARED(float, stage)
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  stage[threadIdx.x] = i < n ? x[i] : 0.0f;
  __syncthreads();
  // Read a neighbour's slot: correct only if the barrier and shared memory work.
  const unsigned mirror = blockDim.x - 1 - threadIdx.x;
  const int source = blockIdx.x * blockDim.x + mirror;
  if (source < n) {
    y[source] = 2.0f * stage[mirror] + offset;
    atomicAdd(done, 1u);
  }
}

int main() {
  skipWithoutGpu("streamsEvents");
  constexpr int kStreams = 2;
  const int half = 1 << 20;
  const int n = kStreams * half;
  const size_t halfBytes = half * sizeof(float);

  float *hostIn = nullptr, *hostOut = nullptr;
  SAMPLE_CHECK(hipHostMalloc(reinterpret_cast<void**>(&hostIn), n * sizeof(float), hipHostMallocDefault));
  SAMPLE_CHECK(hipHostMalloc(reinterpret_cast<void**>(&hostOut), n * sizeof(float), hipHostMallocDefault));
  for (int i = 0; i < n; ++i) {
    hostIn[i] = static_cast<float>(i % 1000) * 0.25f;
    hostOut[i] = -1.0f;
  }
  float *devIn = nullptr, *devOut = nullptr;
  unsigned* devDone = nullptr;
  SAMPLE_CHECK(hipMalloc(reinterpret_cast<void**>(&devIn), n * sizeof(float)));
  SAMPLE_CHECK(hipMalloc(reinterpret_cast<void**>(&devOut), n * sizeof(float)));
  SAMPLE_CHECK(hipMalloc(reinterpret_cast<void**>(&devDone), sizeof(unsigned)));
  SAMPLE_CHECK(hipMemset(devDone, 0, sizeof(unsigned)));

  hipStream_t streams[kStreams];
  hipEvent_t finished[kStreams];
  hipEvent_t start, stop;
  for (int s = 0; s < kStreams; ++s) {
    SAMPLE_CHECK(hipStreamCreate(&streams[s]));
    SAMPLE_CHECK(hipEventCreate(&finished[s]));
  }
  SAMPLE_CHECK(hipEventCreate(&start));
  SAMPLE_CHECK(hipEventCreate(&stop));
  SAMPLE_CHECK(hipDeviceSynchronize());  // the memset is done before the streams start

  const unsigned threads = 256;
  const unsigned blocks = (half + threads - 1) / threads;
  SAMPLE_CHECK(hipEventRecord(start, streams[0]));
  for (int s = 0; s < kStreams; ++s) {
    const size_t offset = static_cast<size_t>(s) * half;
    SAMPLE_CHECK(hipMemcpyAsync(devIn + offset, hostIn + offset, halfBytes,
                                hipMemcpyHostToDevice, streams[s]));
    scaleAndCount<<<blocks, threads, threads * sizeof(float), streams[s]>>>(
        devIn + offset, devOut + offset, half, static_cast<float>(s), devDone);
    SAMPLE_CHECK(hipGetLastError());
    SAMPLE_CHECK(hipMemcpyAsync(hostOut + offset, devOut + offset, halfBytes,
                                hipMemcpyDeviceToHost, streams[s]));
    SAMPLE_CHECK(hipEventRecord(finished[s], streams[s]));
  }
  // Stream 0 waits for stream 1, so `stop` on stream 0 follows all the work.
  SAMPLE_CHECK(hipStreamWaitEvent(streams[0], finished[1], 0));
  SAMPLE_CHECK(hipEventRecord(stop, streams[0]));
  SAMPLE_CHECK(hipEventSynchronize(stop));

  bool passed = true;
  for (int s = 0; s < kStreams; ++s) {
    if (hipEventQuery(finished[s]) != hipSuccess) {
      std::printf("event of stream %d not complete after the stop event\n", s);
      passed = false;
    }
  }
  float ms = -1.0f;
  SAMPLE_CHECK(hipEventElapsedTime(&ms, start, stop));
  if (!(ms > 0.0f) || !std::isfinite(ms)) {
    std::printf("elapsed time %f ms is not positive\n", ms);
    passed = false;
  }

  int errors = 0;
  for (int i = 0; i < n; ++i) {
    const float expected = 2.0f * hostIn[i] + static_cast<float>(i / half);
    if (hostOut[i] != expected) {
      if (errors < 5) std::printf("mismatch at %d: %f != %f\n", i, hostOut[i], expected);
      ++errors;
    }
  }
  unsigned done = 0;
  SAMPLE_CHECK(hipMemcpy(&done, devDone, sizeof(done), hipMemcpyDeviceToHost));
  if (done != static_cast<unsigned>(n)) {
    std::printf("atomic count %u != %d\n", done, n);
    passed = false;
  }
  std::printf("streamsEvents: %d elements on %d streams in %.3f ms, %d mismatches\n", n, kStreams,
              ms, errors);

  for (int s = 0; s < kStreams; ++s) {
    SAMPLE_CHECK(hipEventDestroy(finished[s]));
    SAMPLE_CHECK(hipStreamDestroy(streams[s]));
  }
  SAMPLE_CHECK(hipEventDestroy(start));
  SAMPLE_CHECK(hipEventDestroy(stop));
  SAMPLE_CHECK(hipFree(devIn));
  SAMPLE_CHECK(hipFree(devOut));
  SAMPLE_CHECK(hipFree(devDone));
  SAMPLE_CHECK(hipHostFree(hostIn));
  SAMPLE_CHECK(hipHostFree(hostOut));
  return verdict(passed && errors == 0);
}
