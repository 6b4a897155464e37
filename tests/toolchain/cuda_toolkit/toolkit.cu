// toolchain.cmake_cuda_toolkit: CUDA's headers through the toolkit view, a kernel, the profiler
// header the samples include; exit 77 without a GPU.
#include <cuda.h>
#include <cuda_profiler_api.h>
#include <cuda_runtime.h>

#include <cstdio>

__global__ void toolkitSquare(unsigned* out, unsigned n) {
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = umin(i * i, 1000u);
}

int main() {
  int devices = 0;
  if (cudaGetDeviceCount(&devices) != cudaSuccess || devices == 0) {
    std::printf("toolkit.cu: SKIPPED: no GPU\n");
    return 77;
  }
  const unsigned n = 64;
  unsigned* out = nullptr;
  unsigned host[n] = {};
  if (cudaMalloc(&out, sizeof host) != cudaSuccess) return 1;
  toolkitSquare<<<1, n>>>(out, n);
  if (cudaMemcpy(host, out, sizeof host, cudaMemcpyDeviceToHost) != cudaSuccess) return 1;
  cudaFree(out);
  for (unsigned i = 0; i < n; ++i)
    if (host[i] != (i * i < 1000u ? i * i : 1000u)) return 1;
  std::printf("toolkit.cu: PASSED\n");
  return 0;
}
