// The runtime API as CUDA programs use it: memory, copies, kernels, streams, events, managed
// memory, symbols, occupancy, callbacks.
#include <vector>
#include "cuda_check.h"

__device__ int dev_offset;
__constant__ float dev_scale[1];

__global__ void axpb(const float* x, float* y, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) y[i] = x[i] * dev_scale[0] + dev_offset;
}

__global__ void add_one(int* p, int n) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x) p[i] += 1;
}

static void CUDART_CB mark(void* flag) { *static_cast<int*>(flag) = 42; }

int main() {
  skip_without_gpu("runtime_api");
  const int n = 1 << 16;
  std::vector<float> hx(n), hy(n);
  for (int i = 0; i < n; ++i) hx[i] = float(i);
  float *dx, *dy;
  CHECK(cudaMalloc(&dx, n * sizeof(float)));
  CHECK(cudaMalloc(&dy, n * sizeof(float)));
  const float scale = 2.0f;
  const int offset = 3;
  CHECK(cudaMemcpyToSymbol(dev_scale, &scale, sizeof(scale)));
  CHECK(cudaMemcpyToSymbol(dev_offset, &offset, sizeof(offset)));
  CHECK(cudaMemcpy(dx, hx.data(), n * sizeof(float), cudaMemcpyHostToDevice));

  cudaStream_t s;
  CHECK(cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking));
  cudaEvent_t start, stop;
  CHECK(cudaEventCreate(&start));
  CHECK(cudaEventCreate(&stop, cudaEventDefault));
  int grid = 0, block = 0;
  CHECK(cudaOccupancyMaxPotentialBlockSize(&grid, &block, axpb, 0, 0));
  EXPECT(block > 0 && grid > 0);
  CHECK(cudaEventRecord(start, s));
  axpb<<<(n + 255) / 256, 256, 0, s>>>(dx, dy, n);
  CHECK(cudaGetLastError());
  CHECK(cudaEventRecord(stop, s));
  int flag = 0;
  CHECK(cudaLaunchHostFunc(s, mark, &flag));
  CHECK(cudaMemcpyAsync(hy.data(), dy, n * sizeof(float), cudaMemcpyDeviceToHost, s));
  CHECK(cudaStreamSynchronize(s));
  float ms = -1;
  CHECK(cudaEventElapsedTime(&ms, start, stop));
  EXPECT(ms >= 0);
  EXPECT(flag == 42);
  bool ok = true;
  for (int i = 0; i < n; ++i) ok = ok && hy[i] == 2.0f * i + 3;
  EXPECT(ok);

  // Managed memory, touched by host and device.
  int* m = nullptr;
  CHECK(cudaMallocManaged(&m, 1024 * sizeof(int)));
  for (int i = 0; i < 1024; ++i) m[i] = i;
  add_one<<<4, 128>>>(m, 1024);
  CHECK(cudaDeviceSynchronize());
  ok = true;
  for (int i = 0; i < 1024; ++i) ok = ok && m[i] == i + 1;
  EXPECT(ok);

  // Pinned memory through CUDA's two-argument cudaMallocHost, cudaMemset, errors.
  int* pinned = nullptr;
  CHECK(cudaMallocHost(&pinned, 256 * sizeof(int)));
  CHECK(cudaMemset(m, 0, 256 * sizeof(int)));
  CHECK(cudaMemcpy(pinned, m, 256 * sizeof(int), cudaMemcpyDefault));
  EXPECT(pinned[0] == 0 && pinned[255] == 0);
  EXPECT(cudaFree((void*)0x1) != cudaSuccess);
  (void)cudaGetLastError();  // clears it
  EXPECT(cudaGetLastError() == cudaSuccess);

  cudaDeviceProp prop;
  CHECK(cudaGetDeviceProperties(&prop, 0));
  int sms = 0;
  CHECK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0));
  EXPECT(sms == prop.multiProcessorCount && sms > 0);

  CHECK(cudaFreeHost(pinned));
  CHECK(cudaFree(m));
  CHECK(cudaEventDestroy(start));
  CHECK(cudaEventDestroy(stop));
  CHECK(cudaStreamDestroy(s));
  CHECK(cudaFree(dx));
  CHECK(cudaFree(dy));
  return finish("runtime_api");
}
