// What NVIDIA's cuda-samples use beyond api.cu (docs/cuda-source.md, "Public CUDA samples"):
// cuda_profiler_api.h, CUDA's integer min/max, the stream attribute aliases, CUDA 13's
// cuCtxCreate with CUctxCreateParams beside CUDA 12's, cudaHostGetDevicePointer(T**),
// cudaMemLocationTypeHost (compile only).
#include <cuda.h>
#include <cuda_profiler_api.h>
#include <cuda_runtime.h>

__global__ void clampMerge(unsigned* out, const unsigned* in, unsigned n, long long* l,
                           unsigned long long* u) {
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = umin(umax(in[i], 1u), n);
  l[i] = llmin(llmax(l[i], -1LL), 1LL);
  u[i] = ullmin(ullmax(u[i], 2ULL), 8ULL);
}

// Host code of a .cu sees them too, as with CUDA 13.
static_assert(sizeof(umin(1u, 2u)) == sizeof(unsigned), "umin is CUDA's");

int run(cudaStream_t stream) {
  if (cudaProfilerStart() != cudaSuccess) return 1;
  float* host = nullptr;
  float* device = nullptr;
  if (cudaHostGetDevicePointer(&device, host, 0) != cudaSuccess) return 1;  // T**
  cudaStreamAttrValue value = {};
  value.accessPolicyWindow.num_bytes = 0;
  cudaStreamAttrID id = cudaStreamAttributeAccessPolicyWindow;
  if (cudaStreamSetAttribute(stream, id, &value) != cudaSuccess) return 1;
  cudaMemLocation where = {};
  where.type = cudaMemLocationTypeHost;  // UnifiedMemoryPerf's prefetch to the host
  if (cudaMemPrefetchAsync(host, 0, where, 0, stream) != cudaSuccess) return 1;
  CUctxCreateParams params = {};
  CUcontext ctx;
  if (cuCtxCreate(&ctx, &params, 0, 0) != CUDA_SUCCESS) return 1;
  if (cuCtxCreate(&ctx, 0, 0) != CUDA_SUCCESS) return 1;
  return cudaProfilerStop() == cudaSuccess ? 0 : 1;
}
