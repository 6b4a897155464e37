// NVPTX code generation checks: aggregate copies that unihipcc's plugin turns into 128-bit
// accesses (ld/st.v4), and libdevice math answered as nvcc's defaults.
#include <hip/hip_runtime.h>

struct alignas(16) Pod48 {
  int a[12];
};

extern "C" __global__ void copyFloat4(const float4* in, float4* out) {
  out[threadIdx.x] = in[threadIdx.x];
}
extern "C" __global__ void copyDouble2(const double2* in, double2* out) {
  out[threadIdx.x] = in[threadIdx.x];
}
extern "C" __global__ void copyPod48(const Pod48* in, Pod48* out) {
  out[threadIdx.x] = in[threadIdx.x];
}
extern "C" __global__ void moveFloat4s(float4* p) {
  __builtin_memmove(p + threadIdx.x, p + threadIdx.x + 1, 2 * sizeof(float4));
}

// libdevice's hypotf asks __nvvm_reflect("__CUDA_PREC_SQRT"): sqrt.rn as nvcc's default.
extern "C" __global__ void hypotKernel(const float* a, float* out) {
  out[threadIdx.x] = hypotf(a[threadIdx.x], a[threadIdx.x + 1]);
}
