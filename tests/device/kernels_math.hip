// Device-feature kernels: math functions, half precision, vector types, clocks, printf, assert.
#include <assert.h>

#include <hip/hip_fp16.h>
#include <hip/hip_runtime.h>

#include "device_kernels.h"
#include "math_cases.h"

// Results through pointers, folded into one value per case.
__device__ float frexpWrap(float x) {
  int e = 0;
  float m = frexpf(x, &e);
  return m + 100.0f * e;
}
__device__ float sincosWrap(float x) {
  float s, c;
  sincosf(x, &s, &c);
  return s + 10.0f * c;
}
__device__ double sincosWrap(double x) {
  double s, c;
  sincos(x, &s, &c);
  return s + 10.0 * c;
}

#define STORE_CASE(name, device, host, tolerance) o[k++] = device;
#define COUNT_CASE(name, device, host, tolerance) +1

__global__ void mathFloat(const float* xs, const float* ys, float* out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  const float x = xs[i], y = ys[i];
  float* o = out + i * (0 UNIHIP_MATH_CASES_FLOAT(COUNT_CASE));
  int k = 0;
  UNIHIP_MATH_CASES_FLOAT(STORE_CASE)
}

__global__ void mathDouble(const double* xs, const double* ys, double* out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  const double x = xs[i], y = ys[i];
  double* o = out + i * (0 UNIHIP_MATH_CASES_DOUBLE(COUNT_CASE));
  int k = 0;
  UNIHIP_MATH_CASES_DOUBLE(STORE_CASE)
}

int mathCaseCountFloat() { return 0 UNIHIP_MATH_CASES_FLOAT(COUNT_CASE); }
int mathCaseCountDouble() { return 0 UNIHIP_MATH_CASES_DOUBLE(COUNT_CASE); }

// kHalfResults per element; the test recomputes each with _Float16 on the host.
__global__ void halfOps(const float* as, const float* bs, float* out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  const __half a = __float2half(as[i]), b = __float2half(bs[i]);
  const __half2 a2 = __halves2half2(a, b), b2 = __floats2half2_rn(bs[i], as[i]);
  float* o = out + i * kHalfResults;
  o[0] = __half2float(__hadd(a, b));
  o[1] = __half2float(__hsub(a, b));
  o[2] = __half2float(__hmul(a, b));
  o[3] = __half2float(__hdiv(a, b));
  o[4] = __half2float(__hfma(a, b, a));
  o[5] = __half2float(a * b + a - b);
  o[6] = __hlt(a, b) ? 1.0f : 0.0f;
  o[7] = (a >= b) ? 1.0f : 0.0f;
  const float2 sum2 = __half22float2(__hadd2(a2, b2));
  o[8] = sum2.x;
  o[9] = sum2.y;
  const __half2 prod2 = a2 * b2;
  o[10] = __low2float(prod2);
  o[11] = __high2float(prod2);
  o[12] = __half2float(__hneg(__habs(__hneg(a))));
  o[13] = __half2float(hsqrt(__habs(a)));
  o[14] = __half2float(__hsub_rn(__hadd_rn(__hmul_rn(a, b), a), b));
}

__global__ void vectors(const float4* in, float4* out, int n, int* layout) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    float4 v = in[i] * 2.0f + make_float4(1, 2, 3, 4);
    int2 p = make_int2(i, -i);
    p += make_int2(1, 1);
    v.w += static_cast<float>(p.x + p.y);  // +2
    out[i] = v;
  }
  if (i == 0) {
    int k = 0;
    layout[k++] = sizeof(float4), layout[k++] = alignof(float4);
    layout[k++] = sizeof(float3), layout[k++] = alignof(float3);
    layout[k++] = sizeof(double2), layout[k++] = alignof(double2);
    layout[k++] = sizeof(int2), layout[k++] = alignof(int2);
    layout[k++] = sizeof(uchar3), layout[k++] = alignof(short4);
    layout[k++] = sizeof(__half2), layout[k++] = alignof(__half2);
  }
}

__global__ void clocks(long long* out, unsigned sleepNs) {
  long long c0 = clock64();
  long long w0 = wall_clock64();
  __nanosleep(sleepNs);
  __nanosleep(sleepNs);
  long long w1 = wall_clock64();
  long long c1 = clock64();
  out[0] = c0, out[1] = c1, out[2] = w0, out[3] = w1;
  out[4] = static_cast<long long>(clock());
}

__global__ void printing() {
  printf("unihip printf %d %.2f %s\n", 42 + static_cast<int>(threadIdx.x), 1.5, "ok");
}

__global__ void asserting(const int* x, int* out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  assert(x[i] >= 0);
  out[i] = x[i] + 1;
}

hipError_t launchMathFloat(const float* x, const float* y, float* out, int n) {
  mathFloat<<<(n + 63) / 64, 64>>>(x, y, out, n);
  return hipGetLastError();
}
hipError_t launchMathDouble(const double* x, const double* y, double* out, int n) {
  mathDouble<<<(n + 63) / 64, 64>>>(x, y, out, n);
  return hipGetLastError();
}
// sin(x) and cos(x) of one x, which unihipcc computes with one sincos (its plugin's SincosPass),
// and each alone, which nothing fuses.
template <typename T>
__global__ void sinCosPair(const T* x, T* s, T* c, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  const T v = x[i];  // one value for both calls (a store through s may alias x)
  s[i] = sin(v);
  c[i] = cos(v);
}
template <typename T>
__global__ void sinAlone(const T* x, T* s, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) s[i] = sin(x[i]);
}
template <typename T>
__global__ void cosAlone(const T* x, T* c, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) c[i] = cos(x[i]);
}
template <typename T>
hipError_t launchSinCos(const T* x, T* pairSin, T* pairCos, T* aloneSin, T* aloneCos, int n) {
  const int blocks = (n + 255) / 256;
  sinCosPair<<<blocks, 256>>>(x, pairSin, pairCos, n);
  sinAlone<<<blocks, 256>>>(x, aloneSin, n);
  cosAlone<<<blocks, 256>>>(x, aloneCos, n);
  return hipGetLastError();
}
hipError_t launchSinCosFloat(const float* x, float* pairSin, float* pairCos, float* aloneSin,
                             float* aloneCos, int n) {
  return launchSinCos(x, pairSin, pairCos, aloneSin, aloneCos, n);
}
hipError_t launchSinCosDouble(const double* x, double* pairSin, double* pairCos,
                              double* aloneSin, double* aloneCos, int n) {
  return launchSinCos(x, pairSin, pairCos, aloneSin, aloneCos, n);
}

hipError_t launchHalf(const float* a, const float* b, float* out, int n) {
  halfOps<<<(n + 63) / 64, 64>>>(a, b, out, n);
  return hipGetLastError();
}
hipError_t launchVectors(const float4* in, float4* out, int n, int* layout) {
  vectors<<<(n + 63) / 64, 64>>>(in, out, n, layout);
  return hipGetLastError();
}
hipError_t launchClocks(long long* out, unsigned sleepNs) {
  clocks<<<1, 1>>>(out, sleepNs);
  return hipGetLastError();
}
// Each thread allocates `n` ints, fills them, sums them back, frees them; out[t] = sum, or -1
// when malloc returned null.
__global__ void deviceHeap(long long* out, int n) {
  const int t = blockIdx.x * blockDim.x + threadIdx.x;
  int* p = static_cast<int*>(malloc(n * sizeof(int)));
  if (p == nullptr) {
    out[t] = -1;
    return;
  }
  for (int i = 0; i < n; ++i) p[i] = t + i;
  long long sum = 0;
  for (int i = 0; i < n; ++i) sum += p[i];
  free(p);
  free(nullptr);  // does nothing
  out[t] = sum;
}

hipError_t launchDeviceHeap(long long* out, int blocks, int threads, int n) {
  (void)hipGetLastError();
  deviceHeap<<<blocks, threads>>>(out, n);
  return hipGetLastError();
}
hipError_t launchPrintf(int threads) {
  printing<<<1, threads>>>();
  return hipGetLastError();
}
hipError_t launchAssert(const int* x, int* out, int n) {
  asserting<<<(n + 63) / 64, 64>>>(x, out, n);
  return hipGetLastError();
}
