// compat-run
// HIP's named bfloat16 constants (HIPRT_ONE_BF16, HIPRT_ZERO_BF16, HIPRT_INF_BF16, ...: CUDA's
// CUDART_*_BF16), host and device (hip-tests' deviceLib/bfloat16.cc).
#include <hip/hip_bf16.h>
#include <hip/hip_runtime.h>

__global__ void constants(__hip_bfloat16* b) {
  b[0] = HIPRT_ONE_BF16;
  b[1] = HIPRT_NAN_BF16;
}

int main() {
  const bool ok = __bfloat162float(HIPRT_ONE_BF16 + HIPRT_ZERO_BF16) == 1.0f &&
                  __bfloat16_as_ushort(HIPRT_INF_BF16) == 0x7F80 &&
                  __bfloat16_as_ushort(HIPRT_MAX_NORMAL_BF16) == 0x7F7F &&
                  __bfloat16_as_ushort(HIPRT_MIN_DENORM_BF16) == 0x0001 &&
                  __bfloat16_as_ushort(HIPRT_NAN_BF16) == 0x7FFF &&
                  __bfloat16_as_ushort(HIPRT_NEG_ZERO_BF16) == 0x8000;
  return ok ? 0 : 1;
}
