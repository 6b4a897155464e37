// AMD programs include HIP's internal headers directly (rocm-examples' fdtd includes
// hip/amd_detail/amd_hip_runtime.h); each must resolve to unihip's definitions.
#include <hip/amd_detail/amd_hip_runtime.h>
#include <hip/amd_detail/amd_hip_atomic.h>
#include <hip/amd_detail/amd_hip_unsafe_atomics.h>
#include <hip/amd_detail/amd_warp_functions.h>
#include <hip/amd_detail/amd_hip_fp16.h>
#include <hip/amd_detail/amd_hip_bf16.h>
#include <hip/amd_detail/amd_hip_complex.h>
#include <hip/amd_detail/amd_hip_cooperative_groups.h>
#include <hip/amd_detail/amd_hip_vector_types.h>
#include <hip/amd_detail/host_defines.h>
#include <hip/driver_types.h>

__device__ __constant__ constexpr float kScale = 2.0f;

__global__ void useAll(float* f, __half* h) {
  float v = f[threadIdx.x] * kScale;
  unsafeAtomicAdd(f, v);
  h[threadIdx.x] = __float2half(__shfl_xor(v, 1));
  hipFloatComplex z = make_hipFloatComplex(v, v);
  f[1] = hipCabsf(z) + cooperative_groups::this_thread_block().size();
}

int main() {
  hipLaunchKernelGGL(useAll, dim3(1), dim3(32), 0, 0, nullptr, nullptr);
  return 0;
}
