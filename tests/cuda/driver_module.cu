// The driver_api test's module (device code only, unihipcc --genco).
#include <cuda_runtime.h>
__device__ int module_counter = 3;
extern "C" __global__ void add_value(int* p, int value, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) p[i] += value;
}
