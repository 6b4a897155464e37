// -fgpu-rdc check, first translation unit: a kernel calling a __device__ function and using a
// __device__ variable that are defined in rdc_b.cpp (a .cpp: compiled as HIP, as by hipcc).
#include <hip/hip_runtime.h>

extern __device__ int rdcScale(int x);
extern __device__ unsigned rdcCounter;

__global__ void rdcKernel(int* out, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    out[i] = rdcScale(i);
    atomicAdd(&rdcCounter, 1u);
  }
}

hipError_t launchRdc(int* out, int n) {
  rdcKernel<<<(n + 63) / 64, 64>>>(out, n);
  return hipGetLastError();
}
