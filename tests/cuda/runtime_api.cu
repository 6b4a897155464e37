// The runtime API as CUDA programs use it: memory, copies, kernels, streams, events, managed
// memory, symbols, occupancy, callbacks.
#include <vector>
#include "cuda_check.h"

__device__ int dev_offset;
__constant__ float dev_scale[1];
__device__ int dev_initial[4] = {1, 2, 3, 4};

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
  float scale_back = 0;
  CHECK(cudaMemcpyFromSymbol(&scale_back, dev_scale, sizeof(scale_back)));
  EXPECT(scale_back == scale);
  size_t symbol_size = 0;
  CHECK(cudaGetSymbolSize(&symbol_size, dev_offset));
  EXPECT(symbol_size == sizeof(int));
  int initial[4] = {};
  CHECK(cudaMemcpyFromSymbol(initial, dev_initial, sizeof(initial)));
  EXPECT(initial[0] == 1 && initial[3] == 4);
  CHECK(cudaMemcpy(dx, hx.data(), n * sizeof(float), cudaMemcpyHostToDevice));

  cudaStream_t s;
  CHECK(cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking));
  cudaEvent_t start, stop;
  CHECK(cudaEventCreate(&start));
  CHECK(cudaEventCreate(&stop, cudaEventDefault));
  int grid = 0, block = 0;
  CHECK(cudaOccupancyMaxPotentialBlockSize(&grid, &block, axpb, 0, 0));
  EXPECT(block > 0 && grid > 0);
  cudaFuncAttributes attr;
  CHECK(cudaFuncGetAttributes(&attr, axpb));
  EXPECT(attr.maxThreadsPerBlock >= block);
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
  EXPECT(cudaStreamQuery(s) == cudaSuccess);
  EXPECT(cudaEventQuery(stop) == cudaSuccess);
  cudaEvent_t untimed;
  CHECK(cudaEventCreateWithFlags(&untimed, cudaEventDisableTiming));
  CHECK(cudaEventRecord(untimed, s));
  CHECK(cudaEventSynchronize(untimed));
  EXPECT(cudaEventElapsedTime(&ms, start, untimed) == cudaErrorInvalidResourceHandle);
  (void)cudaGetLastError();
  CHECK(cudaEventDestroy(untimed));
  int least = 0, greatest = 0, priority = 1;
  CHECK(cudaDeviceGetStreamPriorityRange(&least, &greatest));
  EXPECT(greatest <= least);
  cudaStream_t urgent;
  CHECK(cudaStreamCreateWithPriority(&urgent, cudaStreamNonBlocking, greatest));
  CHECK(cudaStreamGetPriority(urgent, &priority));
  EXPECT(priority == greatest);
  unsigned int stream_flags = 0;
  CHECK(cudaStreamGetFlags(urgent, &stream_flags));
  EXPECT(stream_flags == cudaStreamNonBlocking);
  CHECK(cudaStreamDestroy(urgent));
  EXPECT(flag == 42);
  bool ok = true;
  for (int i = 0; i < n; ++i) ok = ok && hy[i] == 2.0f * i + 3;
  EXPECT_RESULT(ok);

  // Managed memory, touched by host and device.
  int* m = nullptr;
  CHECK(cudaMallocManaged(&m, 1024 * sizeof(int)));
  for (int i = 0; i < 1024; ++i) m[i] = i;
  cudaMemLocation on_device = {};
  on_device.type = cudaMemLocationTypeDevice;
  on_device.id = 0;
  CHECK(cudaMemAdvise(m, 1024 * sizeof(int), cudaMemAdviseSetPreferredLocation, on_device));
  CHECK(cudaMemPrefetchAsync(m, 1024 * sizeof(int), on_device, 0, s));
  CHECK(cudaStreamSynchronize(s));
  add_one<<<4, 128>>>(m, 1024);
  CHECK(cudaDeviceSynchronize());
  ok = true;
  for (int i = 0; i < 1024; ++i) ok = ok && m[i] == i + 1;
  EXPECT_RESULT(ok);

  // Pinned memory through CUDA's two-argument cudaMallocHost, cudaMemset, errors.
  int* pinned = nullptr;
  CHECK(cudaMallocHost(&pinned, 256 * sizeof(int)));
  CHECK(cudaMemset(m, 0, 256 * sizeof(int)));
  CHECK(cudaMemcpy(pinned, m, 256 * sizeof(int), cudaMemcpyDefault));
  EXPECT(pinned[0] == 0 && pinned[255] == 0);
  EXPECT(cudaFree((void*)0x1) != cudaSuccess);
  cudaPointerAttributes pa;
  CHECK(cudaPointerGetAttributes(&pa, dx));
  EXPECT(pa.type == cudaMemoryTypeDevice && pa.device == 0);
  CHECK(cudaPointerGetAttributes(&pa, pinned));
  EXPECT(pa.type == cudaMemoryTypeHost);
  CHECK(cudaPointerGetAttributes(&pa, m));
  EXPECT(pa.type == cudaMemoryTypeManaged);
  size_t free_b = 0, total_b = 0;
  CHECK(cudaMemGetInfo(&free_b, &total_b));
  EXPECT(free_b <= total_b && total_b > 0);
  (void)cudaGetLastError();  // clears it
  EXPECT(cudaGetLastError() == cudaSuccess);
  add_one<<<1, 2048>>>(m, 0);  // more threads than a block has
  EXPECT(cudaGetLastError() == cudaErrorInvalidConfiguration);

  // Host memory registered in place: copies through it and its device address.
  std::vector<int> registered(4096, 5);
  CHECK(cudaHostRegister(registered.data(), registered.size() * sizeof(int), cudaHostRegisterDefault));
  int* through = nullptr;
  CHECK(cudaHostGetDevicePointer(&through, registered.data(), 0));
  EXPECT(through != nullptr);
  CHECK(cudaPointerGetAttributes(&pa, registered.data()));
  EXPECT(pa.type == cudaMemoryTypeHost);
  CHECK(cudaMemcpyAsync(dx, registered.data(), registered.size() * sizeof(int),
                        cudaMemcpyHostToDevice, s));
  CHECK(cudaMemsetAsync(dx, 0, sizeof(int), s));
  CHECK(cudaMemcpyAsync(registered.data(), dx, registered.size() * sizeof(int),
                        cudaMemcpyDeviceToHost, s));
  CHECK(cudaStreamSynchronize(s));
  EXPECT(registered[0] == 0 && registered[1] == 5 && registered[4095] == 5);
  CHECK(cudaHostUnregister(registered.data()));
  EXPECT(cudaHostUnregister(registered.data()) == cudaErrorHostMemoryNotRegistered);
  (void)cudaGetLastError();

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
