// Device-feature kernels: coordinates, warpSize, barriers, fences, memory spaces.
#include <hip/hip_runtime.h>

#include "device_kernels.h"

__global__ void coordinatesKernel(unsigned* out) {
  unsigned block = blockIdx.x + gridDim.x * (blockIdx.y + gridDim.y * blockIdx.z);
  unsigned thread = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  unsigned* o = out + 12 * (block * blockDim.x * blockDim.y * blockDim.z + thread);
  o[0] = threadIdx.x, o[1] = threadIdx.y, o[2] = threadIdx.z;
  o[3] = blockIdx.x, o[4] = blockIdx.y, o[5] = blockIdx.z;
  o[6] = blockDim.x, o[7] = blockDim.y, o[8] = blockDim.z;
  o[9] = gridDim.x, o[10] = gridDim.y, o[11] = gridDim.z;
}

__global__ void warpSizeKernel(int* out) { *out = warpSize; }

__global__ void syncthreadsReductions(int* out) {
  int t = threadIdx.x;
  int count = __syncthreads_count(t % 3 == 0);
  int allTrue = __syncthreads_and(t < 1000);
  int allFalse = __syncthreads_and(t != 5);
  int anyTrue = __syncthreads_or(t == 200);
  int anyFalse = __syncthreads_or(0);
  if (t == 0) out[0] = count, out[1] = allTrue, out[2] = allFalse, out[3] = anyTrue, out[4] = anyFalse;
}

// Message passing between blocks: data, then fence, then flag; the reader fences after the
// flag. Without the fences the reader could see the flag before the data.
__global__ void fencedMessage(int* data, int* flag, int* seen, int value, int* fences) {
  if (threadIdx.x != 0) return;
  if (blockIdx.x == 0) {
    *(volatile int*)data = value;
    __threadfence();
    atomicExch(flag, 1);
  } else {
    while (atomicAdd(flag, 0) == 0) {
    }
    __threadfence();
    *seen = *(volatile int*)data;
    __threadfence_block();
    __threadfence_system();
    *fences = 1;
  }
}

__global__ void reverseStaticShared(int* data, int n) {
  __shared__ int buffer[256];
  int t = threadIdx.x;
  if (t < n) buffer[t] = data[t];
  __syncthreads();
  if (t < n) data[t] = buffer[n - 1 - t];
}

__global__ void reverseHipDynamicShared(int* data, int n) {
  HIP_DYNAMIC_SHARED(int, buffer)
  int t = threadIdx.x;
  if (t < n) buffer[t] = data[t];
  __syncthreads();
  if (t < n) data[t] = buffer[n - 1 - t];
}

extern __shared__ int externShared[];
__global__ void reverseExternShared(int* data, int n) {
  int t = threadIdx.x;
  if (t < n) externShared[t] = data[t];
  __syncthreads();
  if (t < n) data[t] = externShared[n - 1 - t];
}

__constant__ float coefficients[4];
__device__ int deviceCounter;
__device__ float deviceTable[64];

__global__ void useSymbols(float* out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = coefficients[i % 4] * deviceTable[i % 64];
  if (i < n) atomicAdd(&deviceCounter, 1);
}

hipError_t launchCoordinates(dim3 grid, dim3 block, unsigned* out) {
  coordinatesKernel<<<grid, block>>>(out);
  return hipGetLastError();
}
hipError_t launchWarpSize(int* out) {
  warpSizeKernel<<<1, 1>>>(out);
  return hipGetLastError();
}
hipError_t launchSyncthreadsReductions(int* out) {
  syncthreadsReductions<<<1, 256>>>(out);
  return hipGetLastError();
}
hipError_t launchFencedMessage(int* data, int* flag, int* seen, int value, int* fences) {
  fencedMessage<<<2, 64>>>(data, flag, seen, value, fences);
  return hipGetLastError();
}
hipError_t launchReverseShared(int which, int* data, int n) {
  if (which == 0) reverseStaticShared<<<1, 256>>>(data, n);
  if (which == 1) hipLaunchKernelGGL(reverseHipDynamicShared, 1, 256, n * sizeof(int), 0, data, n);
  if (which == 2) reverseExternShared<<<1, 256, n * sizeof(int)>>>(data, n);
  return hipGetLastError();
}
const void* coefficientsSymbol() { return &coefficients; }
const void* deviceCounterSymbol() { return &deviceCounter; }
const void* deviceTableSymbol() { return &deviceTable; }
hipError_t launchUseSymbols(float* out, int n, hipStream_t stream) {
  useSymbols<<<(n + 127) / 128, 128, 0, stream>>>(out, n);
  return hipGetLastError();
}
