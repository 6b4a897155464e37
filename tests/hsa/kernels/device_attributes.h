// The few HIP attributes the test kernels need, defined here so the kernels do not depend on
// unihip's HIP headers: they are compiled with -nogpuinc straight to AMD code objects.
#pragma once
#define __global__ __attribute__((global))
#define __device__ __attribute__((device))
#define __shared__ __attribute__((shared))
