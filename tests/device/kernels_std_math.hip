// std:: math in a kernel: the cases of std_math_cases.h with the device overloads.
#include <hip/hip_runtime.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>

#include "device_kernels.h"
#include "std_math_cases.h"

#define STD_MATH_STORE(name, expression, tolerance) o[k++] = static_cast<double>(expression);
#define STD_MATH_COUNT(name, expression, tolerance) +1

__global__ void stdMath(const double* ds, const int* is, double* out, int n) {
  const int t = blockIdx.x * blockDim.x + threadIdx.x;
  if (t >= n) return;
  const double d = ds[t];
  const float f = static_cast<float>(d);
  const int i = is[t];
  double* o = out + t * (0 UNIHIP_STD_MATH_CASES(STD_MATH_COUNT));
  int k = 0;
  UNIHIP_STD_MATH_CASES(STD_MATH_STORE)
}

int stdMathCaseCount() { return 0 UNIHIP_STD_MATH_CASES(STD_MATH_COUNT); }

hipError_t launchStdMath(const double* d, const int* i, double* out, int n) {
  hipLaunchKernelGGL(stdMath, dim3((n + 63) / 64), dim3(64), 0, 0, d, i, out, n);
  return hipGetLastError();
}
