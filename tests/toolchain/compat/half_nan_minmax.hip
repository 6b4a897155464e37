// __hmax_nan / __hmin_nan and their __half2 forms: a NaN operand comes out (where __hmax and
// __hmin answer the other operand), as HIP's and CUDA's fp16 headers declare them (hip-tests'
// deviceLib/hmax_hmin.cc).
#include <hip/hip_fp16.h>
#include <hip/hip_runtime.h>

__global__ void nanMinMax(__half* h, __half2* h2, bool* ok) {
  h[0] = __hmax_nan(h[1], h[2]);
  h[3] = __hmin_nan(h[1], h[2]);
  h2[0] = __hmax2_nan(h2[1], h2[2]);
  h2[3] = __hmin2_nan(h2[1], h2[2]);
  const __half one = __float2half(1.0f), nan = __ushort_as_half(0x7e00);
  ok[0] = __hisnan(__hmax_nan(one, nan)) && __hisnan(__hmin_nan(nan, one)) &&
          !__hisnan(__hmax(one, nan)) && __heq(__hmax_nan(one, __float2half(2.0f)), __float2half(2.0f));
}

int main() { return 0; }
