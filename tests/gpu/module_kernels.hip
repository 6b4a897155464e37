// Kernels loaded through the module API (built with unihipcc --genco into module_kernels.hipfb,
// beside the test executable).
#include <hip/hip_runtime.h>

__device__ int moduleCounter = 7;

extern "C" __global__ void moduleScale(float* x, float s, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) x[i] *= s;
  if (i == 0) atomicAdd(&moduleCounter, 1);
}
