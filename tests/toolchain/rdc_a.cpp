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

// A `static` kernel: clang names it `….intern.<hash>` on the host and `…__intern__<hash>` in PTX;
// the runtime must find the one by the other.
static __global__ void fillStatic(int* out, int value) { out[threadIdx.x] = value; }

hipError_t launchStatic(int* out) {
  fillStatic<<<1, 32>>>(out, -7);
  return hipGetLastError();
}
