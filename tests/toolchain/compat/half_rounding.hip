// hip_fp16.h's directed-rounding conversions __float2half_rz/_rd/_ru, on the host and in
// kernels; main checks the host results (the device uses the same code).
// compat-run
#include <hip/hip_runtime.h>
#include <hip/hip_fp16.h>

__global__ void roundKernel(const float* in, __half* out) {
  float f = in[threadIdx.x];
  out[3 * threadIdx.x] = __float2half_rz(f);
  out[3 * threadIdx.x + 1] = __float2half_rd(f);
  out[3 * threadIdx.x + 2] = __float2half_ru(f);
}

int main() {
  // 1 + 2^-12 lies between the halves 1 and 1 + 2^-10.
  const float f = 1.0f + 1.0f / 4096.0f;
  if (__half2float(__float2half_rz(f)) != 1.0f) return 1;
  if (__half2float(__float2half_rd(-f)) != -(1.0f + 1.0f / 1024.0f)) return 2;
  if (__half2float(__float2half_ru(f)) != 1.0f + 1.0f / 1024.0f) return 3;
  if (__half2float(__float2half_rz(70000.0f)) != 65504.0f) return 4;
  hipLaunchKernelGGL(roundKernel, dim3(1), dim3(1), 0, 0, nullptr, nullptr);
  return 0;
}
