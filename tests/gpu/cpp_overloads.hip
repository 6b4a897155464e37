// HIP's C++ API as user code writes it, compiled by unihipcc for every offload arch: the template
// overloads on typed pointers, symbols and kernels, and the default arguments HIP's headers
// declare. Each call's status is returned for tests/gpu/test_cpp_overloads.cpp to check.
#include <hip/hip_runtime.h>

#include "cpp_overloads.h"

namespace {

__device__ int overloadSymbol = 5;
__constant__ float overloadConstant[4] = {1, 2, 3, 4};

template <typename T>
__global__ void fillKernel(T* out, T value, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = value + static_cast<T>(overloadSymbol);
}

__global__ void emptyKernel() {}

}  // namespace

std::vector<OverloadResult> exerciseCppOverloads() {
  std::vector<OverloadResult> r;
  auto add = [&](const char* what, hipError_t status) { r.push_back({what, status, 0}); };

  // Typed allocations with default flags.
  float* typed = nullptr;
  add("hipMalloc(float**)", hipMalloc(&typed, 256 * sizeof(float)));
  double* host = nullptr;
  add("hipHostMalloc(double**) default flags", hipHostMalloc(&host, 64 * sizeof(double)));
  int* hostAlloc = nullptr;
  add("hipHostAlloc(int**)", hipHostAlloc(&hostAlloc, 64, hipHostMallocDefault));
  float* managed = nullptr;
  add("hipMallocManaged(float**) default flags", hipMallocManaged(&managed, 256));
  char* pitched = nullptr;
  size_t pitch = 0;
  add("hipMallocPitch(char**)", hipMallocPitch(&pitched, &pitch, 100, 10));

  // Symbols by reference, with the default offset and kind.
  int value = 0;
  add("hipMemcpyFromSymbol(const T&) defaults", hipMemcpyFromSymbol(&value, overloadSymbol, sizeof value));
  r.back().value = value;
  const int two = 2;
  add("hipMemcpyToSymbol(const T&) defaults", hipMemcpyToSymbol(overloadSymbol, &two, sizeof two));
  float constants[4] = {};
  add("hipMemcpyFromSymbolAsync(const T&) defaults",
      hipMemcpyFromSymbolAsync(constants, overloadConstant, sizeof constants, 0,
                               hipMemcpyDeviceToHost));
  add("hipStreamSynchronize", hipStreamSynchronize(nullptr));
  r.back().value = static_cast<int>(constants[3]);
  void* address = nullptr;
  add("hipGetSymbolAddress(const T&)", hipGetSymbolAddress(&address, overloadSymbol));
  size_t size = 0;
  add("hipGetSymbolSize(const T&)", hipGetSymbolSize(&size, overloadConstant));
  r.back().value = static_cast<int>(size);

  // Kernels as function templates.
  add("hipFuncSetCacheConfig(kernel)", hipFuncSetCacheConfig(fillKernel<float>, hipFuncCachePreferL1));
  add("hipFuncSetSharedMemConfig(kernel)",
      hipFuncSetSharedMemConfig(fillKernel<float>, hipSharedMemBankSizeFourByte));
  hipFuncAttributes attributes;
  add("hipFuncGetAttributes(kernel)", hipFuncGetAttributes(&attributes, fillKernel<float>));
  int blocks = 0;
  add("hipOccupancyMaxActiveBlocksPerMultiprocessor(kernel)",
      hipOccupancyMaxActiveBlocksPerMultiprocessor(&blocks, fillKernel<float>, 256, 0));
  int grid = 0, block = 0;
  add("hipOccupancyMaxPotentialBlockSize(kernel) defaults",
      hipOccupancyMaxPotentialBlockSize(&grid, &block, fillKernel<float>));

  int n = 256;
  float fillValue = 1.5f;
  void* args[] = {&typed, &fillValue, &n};
  add("hipLaunchKernel(kernel template)",
      hipLaunchKernel(fillKernel<float>, dim3(1), dim3(256), args, 0, nullptr));
  (void)hipGetLastError();  // the not-supported answers above are recorded as the last error
  hipLaunchKernelGGL(fillKernel<float>, dim3(1), dim3(256), 0, 0, typed, 2.5f, n);  // a statement, as in HIP
  add("hipLaunchKernelGGL(kernel template)", hipGetLastError());
  add("hipLaunchCooperativeKernel(kernel)",
      hipLaunchCooperativeKernel(emptyKernel, dim3(1), dim3(1), nullptr, 0, nullptr));
  (void)hipGetLastError();

  // Default arguments of the stream, event and fill functions.
  hipEvent_t event = nullptr;
  add("hipEventCreate", hipEventCreate(&event));
  add("hipEventRecord(event) default stream", hipEventRecord(event));
  add("hipStreamWaitEvent(stream, event) default flags", hipStreamWaitEvent(nullptr, event));
  float result[256];
  add("hipMemcpyAsync(...) default stream",
      hipMemcpyAsync(result, typed, sizeof result, hipMemcpyDeviceToHost));
  add("hipEventSynchronize", hipEventSynchronize(event));
  r.back().value = static_cast<int>(result[255] * 10);  // 2.5 + 2 (the symbol after the write)
  add("hipMemsetAsync(...) default stream", hipMemsetAsync(typed, 0, 256 * sizeof(float)));
  add("hipDeviceSynchronize", hipDeviceSynchronize());

  add("hipEventDestroy", hipEventDestroy(event));
  add("hipFree(float*)", hipFree(typed));
  add("hipHostFree(double*)", hipHostFree(host));
  add("hipFree(managed float*)", hipFree(managed));
  add("hipFree(pitched char*)", hipFree(pitched));
  add("hipHostFree(int*)", hipHostFree(hostAlloc));
  (void)hipGetLastError();
  return r;
}
