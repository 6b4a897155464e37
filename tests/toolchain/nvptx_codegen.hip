// NVPTX code generation checks: aggregate copies that unihipcc's plugin turns into 128-bit
// accesses (ld/st.v4), libdevice math answered as nvcc's defaults, copysign and branch shape.
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

// libdevice's tanhf and tanh call llvm.copysign: PTX's copysign, as nvcc's, not a compare and
// select (the plugin's CopysignPass).
extern "C" __global__ void tanhKernel(const float* a, const double* b, float* out, double* out64) {
  out[threadIdx.x] = tanhf(a[threadIdx.x]);
  out64[threadIdx.x] = tanh(b[threadIdx.x]);
}

// Interior points of an n x n grid: one branch for the whole test, as nvcc's (unihipcc's
// -bonus-inst-threshold=3), not one per half of the condition; blockDim read before blockIdx.
extern "C" __global__ void boundsKernel(const float* in, float* out, int n) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x < 1 || y < 1 || x >= n - 1 || y >= n - 1) return;
  out[y * n + x] = in[y * n + x - 1] + in[y * n + x + 1];
}

// libdevice's sinf/cosf reduce huge arguments (|x| >= 105615) on a slow path that the plugin
// marks unlikely: each path keeps its own |x| == inf test, none is hoisted into the loop.
extern "C" __global__ void sincosLoop(const float* in, float* out) {
  float x = in[threadIdx.x], acc = 0.0f;
  for (int k = 0; k < 32; ++k) {
    acc += sinf(x) * cosf(x);
    x = x * 0.9f + 0.05f;
  }
  out[threadIdx.x] = acc;
}

// A __shared__ array addressed as nvcc does: 32-bit shared addresses (mov.u32 of the array,
// ld/st.shared through 32-bit registers), not 64-bit ones.
extern "C" __global__ void sharedReverse(float* data) {
  __shared__ float tile[256];
  tile[threadIdx.x] = data[threadIdx.x];
  __syncthreads();
  data[threadIdx.x] = tile[255 - threadIdx.x];
}

// sin and cos of one x: one libdevice sincos (the plugin's SincosPass), so one argument
// reduction, whose huge-argument path is one call, not two.
extern "C" __global__ void sinCosOfOne(const double* a, double* s, double* c) {
  const double x = a[threadIdx.x];
  s[threadIdx.x] = sin(x);
  c[threadIdx.x] = cos(x);
}

// float/double atomicMin/Max: PTX has no atom.min/max on f32 or f64, so AMD's loop: one load,
// and a CAS only where the value would change (under same-address contention most threads
// leave after the load), not a CAS on every call.
extern "C" __global__ void atomicMinFloat(float* p, const float* v, float* old) {
  old[threadIdx.x] = atomicMin(p, v[threadIdx.x]);
}
extern "C" __global__ void atomicMaxSystemDouble(double* p, const double* v, double* old) {
  old[threadIdx.x] = atomicMax_system(p, v[threadIdx.x]);
}
// atomicExch(double): one 64-bit atom.exch, no CAS loop. (The value is computed: a double
// loaded for its bits would be an ld.global.u64, which the copy check above forbids.)
extern "C" __global__ void atomicExchDouble(double* p, double* old) {
  old[threadIdx.x] = atomicExch(p, 0.5 * threadIdx.x);
}
