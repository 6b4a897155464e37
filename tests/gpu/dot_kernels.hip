// Kernels of the amd_mixed_dot check (see dot_kernels.h).
#include <hip/hip_runtime.h>
#include <hip/hip_fp16.h>

#include "dot_kernels.h"

namespace {

__global__ void mixedDot(int* ok) {
  ok[0] = amd_mixed_dot((short2)10, (short2)20, (int)30, true) == 430;
  ok[1] = amd_mixed_dot((ushort2)10, (ushort2)20, (uint)30, true) == 430u;
  ok[2] = amd_mixed_dot((char)10, (char)20, (int)30, true) == 6;  // the int overload: 4-bit lanes
  ok[3] = amd_mixed_dot((uchar4)'a', (uchar4)'b', (uint)30, true) == 38054u;
  ok[4] = amd_mixed_dot((uint)10, (uint)20, (uint)30, true) == 70u;
  ok[5] = amd_mixed_dot(make_char4(-1, 2, -3, 4), make_char4(5, 6, 7, 8), 0, false) == 18;
  ok[6] = amd_mixed_dot(make_short2(32767, 32767), make_short2(32767, 32767), 2147483647, true) ==
          2147483647;  // saturated
  ok[7] = amd_mixed_dot(make_short2(32767, 32767), make_short2(32767, 32767), 2147483647, false) ==
          (int)(2147483647u + 2u * 1073676289u);  // wrapped
  const __half2 h = __floats2half2_rn(0.5f, 0.25f);
  ok[8] = amd_mixed_dot(h, h, 1.0f, true) == 1.0f && amd_mixed_dot(h, h, 0.0f, false) == 0.3125f;
}

}  // namespace

hipError_t launchMixedDot(int* ok) {
  (void)hipGetLastError();
  hipLaunchKernelGGL(mixedDot, dim3(1), dim3(1), 0, 0, ok);
  return hipGetLastError();
}
