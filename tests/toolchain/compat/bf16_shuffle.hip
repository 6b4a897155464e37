// Warp shuffles of __hip_bfloat16 and __hip_bfloat162 (__shfl/_up/_down/_xor_sync), as HIP's bf16
// header declares them beside the half ones (hip-tests' deviceLib/bfloat16.cc).
#include <hip/hip_bf16.h>
#include <hip/hip_runtime.h>
__global__ void k(float2* in, float2* out, int size) {
  int i = threadIdx.x;
  auto val = __float22bfloat162_rn(in[i]);
  for (int j = size / 2; j > 0; j /= 2) val += __shfl_down_sync(__activemask(), val, j, size);
  __hip_bfloat16 one = __float2bfloat16(in[i].x);
  one = __shfl_xor_sync(__activemask(), one, 1) + __shfl_sync(__activemask(), one, 0) + __shfl_up_sync(__activemask(), one, 1);
  out[i] = __bfloat1622float2(val);
  out[i].x += __bfloat162float(one);
}
int main() { return 0; }
