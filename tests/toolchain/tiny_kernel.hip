// A minimal kernel for the toolchain checks: coordinates, shared memory, a barrier, an atomic.
#include <hip/hip_runtime.h>

__global__ void tinyKernel(float* out, unsigned* count, int n) {
  __shared__ float tile[64];
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  tile[threadIdx.x] = static_cast<float>(i);
  __syncthreads();
  if (i < n) {
    out[i] = tile[blockDim.x - 1 - threadIdx.x] + 1.0f;
    atomicAdd(count, 1u);
  }
}

// Launches through <<<>>>; returns the HIP error of the launch.
hipError_t launchTiny(float* out, unsigned* count, int n) {
  tinyKernel<<<(n + 63) / 64, 64>>>(out, count, n);
  return hipGetLastError();
}
