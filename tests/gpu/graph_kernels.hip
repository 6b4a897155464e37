// Kernels of the graphs suite (see graph_kernels.h).
#include <hip/hip_runtime.h>

#include "graph_kernels.h"

__global__ void addInts(int* data, int n, int v) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) data[i] += v;
}

__global__ void scaleInts(int* data, int n, int k) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) data[i] *= k;
}

__device__ int graphSymbolValues[16];

const void* addIntsKernel() { return reinterpret_cast<const void*>(&addInts); }
const void* scaleIntsKernel() { return reinterpret_cast<const void*>(&scaleInts); }
const void* graphSymbol() { return reinterpret_cast<const void*>(&graphSymbolValues); }

dim3 graphGridFor(int n) { return dim3((n + 255) / 256); }

hipError_t launchAddInts(int* data, int n, int v, hipStream_t stream) {
  (void)hipGetLastError();  // report this launch only
  addInts<<<graphGridFor(n), 256, 0, stream>>>(data, n, v);
  return hipGetLastError();
}

hipError_t launchScaleInts(int* data, int n, int k, hipStream_t stream) {
  (void)hipGetLastError();  // report this launch only
  scaleInts<<<graphGridFor(n), 256, 0, stream>>>(data, n, k);
  return hipGetLastError();
}
