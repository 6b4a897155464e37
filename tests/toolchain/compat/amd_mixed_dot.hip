// AMD's amd_mixed_dot (hip-tests' rtc/hiprtc_MathFunctions_HeaderTst.cc and
// deviceLib/hipTestDotFunctions.cc): the packed dot products with accumulate, overloaded on
// short2 / ushort2 / char4 / uchar4 and 4-bit lanes of int / unsigned int. unihip had none.
#include <hip/hip_runtime.h>
#include <hip/hip_fp16.h>

__global__ void dotKernel(float* res) {
  res[0] = (amd_mixed_dot((short2)10, (short2)20, (int)30, 1) == 430);
  res[1] = (amd_mixed_dot((ushort2)10, (ushort2)20, (uint)30, 1) == 430);
  res[2] = (amd_mixed_dot((char)10, (char)20, (int)30, 1) == 6);
  res[3] = (amd_mixed_dot((uchar4)'a', (uchar4)'b', (uint)30, 1) == 38054);
  res[4] = (amd_mixed_dot(10, 20, 30, 1) == 6);
  res[5] = (amd_mixed_dot((uint)10, (uint)20, (uint)30, 1) == 70);
  res[6] = (amd_mixed_dot(make_char4(-1, 2, -3, 4), make_char4(5, 6, 7, 8), 0, false) == 18);
  res[7] = (amd_mixed_dot(make_short2(32767, 32767), make_short2(32767, 32767), 2147483647, true) ==
            2147483647);
  const __half2 h = __floats2half2_rn(0.5f, 0.25f);
  res[8] = amd_mixed_dot(h, h, 1, 1) == 1.0f && amd_mixed_dot(h, h, 0.0f, false) == 0.3125f;
}

int main() { return 0; }
