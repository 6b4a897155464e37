// CUDA runtime API calls and CUDA's C++ overloads through the compat headers (compile only).
#include <cstdio>
#include <cuda_runtime.h>

#define CHECK(x) do { cudaError_t e_ = (x); if (e_ != cudaSuccess) { \
  std::printf("%s: %s\n", #x, cudaGetErrorString(e_)); return 1; } } while (0)

__device__ int dev_value;
__constant__ float coeffs[4];

__global__ void scale(float* x, int n, float a) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) x[i] *= a * coeffs[0] + dev_value;
}

static void CUDART_CB host_fn(void* data) { *static_cast<int*>(data) = 1; }

int run() {
  float* d = nullptr;
  CHECK(cudaMalloc(&d, 16 * sizeof(float)));             // cudaMalloc(T**)
  float* h = nullptr;
  CHECK(cudaMallocHost(&h, 16 * sizeof(float)));         // T**, no flags
  CHECK(cudaMallocHost((void**)&h, 64, cudaHostAllocDefault));
  cudaEvent_t e0, e1;
  CHECK(cudaEventCreate(&e0));
  CHECK(cudaEventCreate(&e1, cudaEventDisableTiming));   // CUDA's C++ overload
  cudaStream_t s;
  CHECK(cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking));
  float c[4] = {1, 0, 0, 0};
  CHECK(cudaMemcpyToSymbol(coeffs, c, sizeof(c)));       // symbol reference
  int one = 1;
  CHECK(cudaMemcpyToSymbolAsync(dev_value, &one, sizeof(one), 0, cudaMemcpyHostToDevice, s));
  scale<<<1, 16, 0, s>>>(d, 16, 2.0f);
  CHECK(cudaGetLastError());
  void* args[] = {&d, &one, &c[0]};
  CHECK(cudaLaunchKernel(scale, dim3(1), dim3(16), args, 0, s));  // template form
  int blocks = 0, grid = 0, block = 0;
  CHECK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&blocks, scale, 128, 0));
  CHECK(cudaOccupancyMaxPotentialBlockSize(&grid, &block, scale, 0, 0));
  cudaFuncAttributes attr;
  CHECK(cudaFuncGetAttributes(&attr, scale));
  CHECK(cudaFuncSetAttribute(scale, cudaFuncAttributeMaxDynamicSharedMemorySize, 1024));
  int flag = 0;
  CHECK(cudaLaunchHostFunc(s, host_fn, &flag));
  CHECK(cudaEventRecord(e0, s));
  CHECK(cudaStreamSynchronize(s));
  cudaDeviceProp prop;
  CHECK(cudaGetDeviceProperties(&prop, 0));
  std::printf("%s %d.%d\n", prop.name, prop.major, prop.minor);
  cudaChannelFormatDesc cd = cudaCreateChannelDesc<float4>();
  (void)cd;
  cudaExtent ext = make_cudaExtent(4, 4, 1);
  (void)ext;
  CHECK(cudaFreeHost(h));
  CHECK(cudaFree(d));
  return 0;
}
int main() { return run(); }
