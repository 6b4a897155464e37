// Names HIP's headers declare that unihip lacked or declared differently (issue 35): the short
// unsigned type names, HCC's packed byte helpers, unsigned long atomics, scalbln, fma with mixed
// argument types, __half2_raw::data, vector types' value_type, __half2X_rd/ru conversions,
// __hisinf2, __grid_constant__, HIPRT_CB, __hipPush/PopCallConfiguration and a template
// kernel's name given to hipExtLaunchKernelGGL.
// compat-run
#include <hip/hip_runtime.h>
#include <hip/hip_ext.h>
#include <hip/hip_fp16.h>

#include <type_traits>

static_assert(std::is_same<uchar, unsigned char>::value && std::is_same<ushort, unsigned short>::value &&
                  std::is_same<uint, unsigned int>::value && std::is_same<ulong, unsigned long>::value,
              "HIP's short type names");
static_assert(std::is_same<float4::value_type, float>::value &&
                  std::is_same<uchar2::value_type, unsigned char>::value,
              "vector types' value_type");

__global__ void namesKernel(unsigned long* ul, char4* c, float* f, double* d, __half2* h,
                            unsigned int* u, const __grid_constant__ int k) {
  atomicAdd(ul, 1ul);
  atomicSub(ul, 1ul);
  atomicAnd(ul + 1, 3ul);
  atomicOr(ul + 1, 4ul);
  atomicXor(ul + 1, 1ul);
  atomicMin(ul + 2, 7ul);
  atomicMax(ul + 2, 9ul);
  atomicExch(ul + 3, 2ul);
  atomicCAS(ul + 3, 2ul, 5ul);
  atomicAdd_system(ul + 4, 1ul);
  c[0] = __hip_hc_add8pk(c[1], c[2]);
  c[3] = __hip_hc_sub8pk(c[1], c[2]);
  c[4] = __hip_hc_mul8pk(c[1], c[2]);
  f[0] = scalblnf(f[1], 3l) + scalbln(f[1], 2l);
  d[0] = scalbln(d[1], 4l) + fma(f[1], f[2], d[2]) + fma(d[1], d[2], 1) + fma(f[1], 2.0f, 1.0);
  u[0] = __half2uint_rd(h[0].x) + __half2uint_ru(h[0].y) + (unsigned)__half2int_rd(h[0].x) +
         (unsigned)__half2short_rd(h[0].x) + __half2ushort_ru(h[0].y) +
         (unsigned)__half2ll_rd(h[0].x) + (unsigned)__half2ull_ru(h[0].y) + (unsigned)k;
  h[1] = __hisinf2(h[0]);
  __half2_raw raw = h[0];
  raw.data = raw.data + raw.data;
  h[2] = raw;
}

template <typename T>
__global__ void scale(T* p, T factor) {
  p[threadIdx.x] *= factor;
}

static void HIPRT_CB onDone(hipStream_t, hipError_t, void*) {}

int main() {
  hipStreamCallback_t callback = onDone;
  (void)callback;
  // Host side of the packed helpers' meaning: each byte wraps.
  if (sizeof(__half2_raw) != 4 || sizeof(__half_raw) != 2) return 1;
  __half2_raw r;
  r.x = 0x3c00;  // 1.0
  r.y = 0x4000;  // 2.0
  if (static_cast<float>(r.data[0]) != 1.0f || static_cast<float>(r.data[1]) != 2.0f) return 2;
  // Configuration push/pop pair, as user code may call them; nothing is launched.
  if (__hipPushCallConfiguration(dim3(1), dim3(1), 0, nullptr) != hipSuccess) return 3;
  dim3 g, b;
  size_t shared = 1;
  hipStream_t s;
  if (__hipPopCallConfiguration(&g, &b, &shared, &s) != hipSuccess || shared != 0) return 4;
  if (false) {  // compiles the template-name form; no GPU needed
    float* p = nullptr;
    hipExtLaunchKernelGGL(scale, dim3(1), dim3(1), 0, nullptr, nullptr, nullptr, 0, p, 2.0f);
  }
  return 0;
}
