// Built with -fgpu-default-stream=per-thread: the launch goes through hipLaunchKernel_spt.
#include <hip/hip_runtime.h>

__global__ void fill(int* p) { p[threadIdx.x] = 1; }

void launchFill(int* p) { fill<<<1, 32>>>(p); }
