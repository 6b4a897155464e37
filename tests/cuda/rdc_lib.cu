// rdc_main.cu's device function and variable, in another translation unit.
#include <cuda_runtime.h>
__device__ int rdc_bias = 10;
__device__ int rdc_square(int x) { return x * x; }
