// -fgpu-rdc check, second translation unit: the definitions rdc_a.cpp uses, and a kernel of
// its own that reads the shared counter.
#include <hip/hip_runtime.h>

__device__ unsigned rdcCounter = 0;

__device__ int rdcScale(int x) { return 3 * x + 1; }

__global__ void rdcReadCounter(unsigned* out) { *out = rdcCounter; }

hipError_t readRdcCounter(unsigned* out) {
  rdcReadCounter<<<1, 1>>>(out);
  return hipGetLastError();
}
