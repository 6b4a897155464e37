// One translation unit of the startup benchmark: 10 kernels and a function launching the first.
// startup.cmake generates 100 units that each expand STARTUP_UNIT once (1,000 kernels), so the
// program registers what a real 100-file GPU program registers.
#pragma once

#if defined(BENCH_IMPL_UNIHIP)
#include <hip/hip_runtime.h>
#endif

#define STARTUP_KERNEL(unit, k)                                                     \
  __global__ void startup_kernel_##unit##_##k(float* p, int n) {                    \
    int i = static_cast<int>(blockIdx.x * blockDim.x + threadIdx.x);                \
    if (i < n) p[i] = p[i] * static_cast<float>(k + 1) + static_cast<float>(unit);  \
  }

#define STARTUP_UNIT(unit)                                                          \
  STARTUP_KERNEL(unit, 0)                                                           \
  STARTUP_KERNEL(unit, 1)                                                           \
  STARTUP_KERNEL(unit, 2)                                                           \
  STARTUP_KERNEL(unit, 3)                                                           \
  STARTUP_KERNEL(unit, 4)                                                           \
  STARTUP_KERNEL(unit, 5)                                                           \
  STARTUP_KERNEL(unit, 6)                                                           \
  STARTUP_KERNEL(unit, 7)                                                           \
  STARTUP_KERNEL(unit, 8)                                                           \
  STARTUP_KERNEL(unit, 9)                                                           \
  void startup_launch_##unit(float* p, int n) { startup_kernel_##unit##_0<<<1, 32>>>(p, n); }
