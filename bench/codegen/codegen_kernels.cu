// Kernels for the code generation comparison (issue 16): this one source is compiled by nvcc
// (-cubin -O3) and by unihipcc (--genco -O3, clang-19 + ptxas), and bench_codegen times both
// images in one process, alternating them round by round. extern "C" keeps the names plain.
// Each kernel stands for a kind of code: memory-bound, compute-bound, atomics, warp shuffles,
// libdevice math in f32 and f64, half precision.
#if defined(__HIPCC__) || defined(__HIP__)
#include <hip/hip_fp16.h>
#else
#include <cuda_fp16.h>
#endif

#include "codegen_params.h"

// Sum of `n` floats: grid-stride loads, a warp shuffle tree, one atomic per warp.
extern "C" __global__ void cg_reduce(const float* in, float* out, int n) {
  float sum = 0.0f;
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x)
    sum += in[i];
  for (int offset = 16; offset > 0; offset >>= 1) sum += __shfl_down_sync(0xffffffffu, sum, offset);
  if ((threadIdx.x & 31) == 0) atomicAdd(out, sum);
}

// C = A * B, n x n (a multiple of 32): 32 x 32 tiles in shared memory, one output per thread,
// as plain hand-written HIP code does.
extern "C" __global__ void cg_sgemm(const float* a, const float* b, float* c, int n) {
  __shared__ float ta[kGemmTile][kGemmTile];
  __shared__ float tb[kGemmTile][kGemmTile + 1];
  int row = blockIdx.y * kGemmTile + threadIdx.y;
  int col = blockIdx.x * kGemmTile + threadIdx.x;
  float acc = 0.0f;
  for (int k0 = 0; k0 < n; k0 += kGemmTile) {
    ta[threadIdx.y][threadIdx.x] = a[row * n + k0 + threadIdx.x];
    tb[threadIdx.y][threadIdx.x] = b[(k0 + threadIdx.y) * n + col];
    __syncthreads();
#pragma unroll
    for (int k = 0; k < kGemmTile; ++k) acc += ta[threadIdx.y][k] * tb[k][threadIdx.x];
    __syncthreads();
  }
  c[row * n + col] = acc;
}

// f32 transcendentals through the standard names (HIP's default: not the __expf intrinsics).
extern "C" __global__ void cg_math_f32(const float* in, float* out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  float x = in[i];
  float acc = 0.0f;
  for (int k = 0; k < kMathIterations; ++k) {
    acc += expf(-x * x) + logf(1.0f + fabsf(x)) + sinf(x) * cosf(x) + tanhf(x) + powf(fabsf(x) + 1.0f, 0.3f);
    x = x * 0.9f + 0.05f;
  }
  out[i] = acc;
}

// The same in f64.
extern "C" __global__ void cg_math_f64(const double* in, double* out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  double x = in[i];
  double acc = 0.0;
  for (int k = 0; k < kMathIterations; ++k) {
    acc += exp(-x * x) + log(1.0 + fabs(x)) + sin(x) * cos(x) + tanh(x) + pow(fabs(x) + 1.0, 0.3);
    x = x * 0.9 + 0.05;
  }
  out[i] = acc;
}

// 5-point 2D stencil on an n x n grid (interior points).
extern "C" __global__ void cg_stencil(const float* in, float* out, int n) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x < 1 || y < 1 || x >= n - 1 || y >= n - 1) return;
  int i = y * n + x;
  out[i] = 0.2f * (in[i] + in[i - 1] + in[i + 1] + in[i - n] + in[i + n]);
}

// 256-bin histogram of bytes: shared-memory atomics, then one global atomic per bin and block.
extern "C" __global__ void cg_histogram(const unsigned char* in, unsigned int* bins, int n) {
  __shared__ unsigned int local[256];
  for (int b = threadIdx.x; b < 256; b += blockDim.x) local[b] = 0;
  __syncthreads();
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x)
    atomicAdd(&local[in[i]], 1u);
  __syncthreads();
  for (int b = threadIdx.x; b < 256; b += blockDim.x)
    if (local[b]) atomicAdd(&bins[b], local[b]);
}

// float4 copy (bandwidth).
extern "C" __global__ void cg_copy(const float4* in, float4* out, int n4) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n4; i += gridDim.x * blockDim.x)
    out[i] = in[i];
}

// Contended global atomics: each thread adds to one of kAtomicSlots counters, and a CAS max.
extern "C" __global__ void cg_atomics(const int* in, int* counters, int* maxima, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  int v = in[i];
  atomicAdd(&counters[i % kAtomicSlots], v);
  atomicMax(&maxima[i % kAtomicSlots], v);
}

// Warp shuffles: an inclusive scan (__shfl_up_sync) and a butterfly max (__shfl_xor_sync).
extern "C" __global__ void cg_shuffles(const int* in, int* out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  int lane = threadIdx.x & 31;
  int v = in[i];
  for (int r = 0; r < kShuffleRepeats; ++r) {
    for (int d = 1; d < 32; d <<= 1) {
      int up = __shfl_up_sync(0xffffffffu, v, d);
      if (lane >= d) v += up;
    }
    int m = v;
    for (int d = 16; d > 0; d >>= 1) m = max(m, __shfl_xor_sync(0xffffffffu, m, d));
    v = (v ^ m) & 0xffff;
  }
  out[i] = v;
}

// Half precision: a chain of packed half2 fused multiply-adds.
extern "C" __global__ void cg_fp16(const __half2* in, __half2* out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  __half2 x = in[i];
  __half2 acc = __floats2half2_rn(0.0f, 0.0f);
  const __half2 scale = __floats2half2_rn(0.999f, 0.998f);
  for (int k = 0; k < kHalfIterations; ++k) {
    acc = __hfma2(x, scale, acc);
    x = __hmul2(x, scale);
  }
  out[i] = __hadd2(acc, x);
}

// One function at a time, in f32 and in f64, so that a gap in cg_math_f32 or cg_math_f64 can be
// traced to the function behind it.
#define CG_FUNCTION(type, name, expr)                                          \
  extern "C" __global__ void cg_##name(const type* in, type* out, int n) {     \
    int i = blockIdx.x * blockDim.x + threadIdx.x;                             \
    if (i >= n) return;                                                        \
    type x = in[i], acc = type(0);                                             \
    for (int k = 0; k < kFunctionIterations; ++k) {                            \
      acc += (expr);                                                           \
      x = x * type(0.9) + type(0.05);                                          \
    }                                                                          \
    out[i] = acc;                                                              \
  }
CG_FUNCTION(float, f32_exp, expf(x))
CG_FUNCTION(float, f32_log, logf(1.0f + fabsf(x)))
CG_FUNCTION(float, f32_sincos, sinf(x) * cosf(x))
CG_FUNCTION(float, f32_tanh, tanhf(x))
CG_FUNCTION(float, f32_pow, powf(fabsf(x) + 1.0f, 0.3f))
CG_FUNCTION(double, f64_exp, exp(-x * x))
CG_FUNCTION(double, f64_log, log(1.0 + fabs(x)))
CG_FUNCTION(double, f64_sincos, sin(x) * cos(x))
CG_FUNCTION(double, f64_tanh, tanh(x))
CG_FUNCTION(double, f64_pow, pow(fabs(x) + 1.0, 0.3))
#undef CG_FUNCTION
