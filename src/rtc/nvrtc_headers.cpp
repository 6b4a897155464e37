// The HIP device names NVRTC lacks, for `#include <hip/hip_runtime.h>` (and hiprtc's implicit
// include of it, as AMD's hiprtc has) under NVRTC, where CUDA's device builtins (threadIdx,
// __syncthreads, atomicAdd, __shfl_sync, vector types, math) are already declared.
#include "hip/hip_version.h"
#include "rtc/engine.h"
#include "rtc_embedded_headers.h"  // generated: kMathConstants, kTextureValues (include/hip)

#define UNIHIP_STR2(x) #x
#define UNIHIP_STR(x) UNIHIP_STR2(x)

namespace unihip::rtc {
namespace {

const char kHipRuntime[] =
    "#pragma once\n"
    "#ifndef UNIHIP_RTC_HIP_RUNTIME_H\n"
    "#define UNIHIP_RTC_HIP_RUNTIME_H\n"
    "#define HIP_VERSION_MAJOR " UNIHIP_STR(HIP_VERSION_MAJOR) "\n"
    "#define HIP_VERSION_MINOR " UNIHIP_STR(HIP_VERSION_MINOR) "\n"
    "#define HIP_VERSION_PATCH " UNIHIP_STR(HIP_VERSION_PATCH) "\n"
    "#define HIP_VERSION (HIP_VERSION_MAJOR * 10000000 + HIP_VERSION_MINOR * 100000 + HIP_VERSION_PATCH)\n"
    R"HIP(
#ifndef __HIPCC_RTC__
#define __HIPCC_RTC__ 1
#endif
#define __HIPCC__ 1
#define __HIP_PLATFORM_NVIDIA__ 1
#define __HIP_PLATFORM_NVCC__ 1
#define __HIP_DEVICE_COMPILE__ 1
#define __HOST_DEVICE__ __host__ __device__

// Fixed-width types as NVRTC's CCCL <cuda/std/cstdint> declares them (so both may be used).
typedef signed char int8_t;
typedef unsigned char uint8_t;
typedef signed short int16_t;
typedef unsigned short uint16_t;
typedef signed int int32_t;
typedef unsigned int uint32_t;
typedef signed long long int64_t;
typedef unsigned long long uint64_t;
typedef int64_t intptr_t;
typedef uint64_t uintptr_t;

// The type traits AMD's hiprtc runtime header provides for programs without <type_traits>.
namespace __hip_internal {
template <class T, T v> struct integral_constant {
  static constexpr T value = v;
  typedef T value_type;
  typedef integral_constant type;
  __host__ __device__ constexpr operator T() const { return v; }
};
typedef integral_constant<bool, true> true_type;
typedef integral_constant<bool, false> false_type;
template <bool B, class T = void> struct enable_if {};
template <class T> struct enable_if<true, T> { typedef T type; };
template <bool B, class T, class F> struct conditional { typedef T type; };
template <class T, class F> struct conditional<false, T, F> { typedef F type; };
template <class T, class U> struct is_same : false_type {};
template <class T> struct is_same<T, T> : true_type {};
template <class T> struct remove_cv { typedef T type; };
template <class T> struct remove_cv<const T> { typedef T type; };
template <class T> struct remove_cv<volatile T> { typedef T type; };
template <class T> struct remove_cv<const volatile T> { typedef T type; };
template <class T> struct __is_integral_base : false_type {};
template <> struct __is_integral_base<bool> : true_type {};
template <> struct __is_integral_base<char> : true_type {};
template <> struct __is_integral_base<signed char> : true_type {};
template <> struct __is_integral_base<unsigned char> : true_type {};
template <> struct __is_integral_base<wchar_t> : true_type {};
template <> struct __is_integral_base<char16_t> : true_type {};
template <> struct __is_integral_base<char32_t> : true_type {};
template <> struct __is_integral_base<short> : true_type {};
template <> struct __is_integral_base<unsigned short> : true_type {};
template <> struct __is_integral_base<int> : true_type {};
template <> struct __is_integral_base<unsigned int> : true_type {};
template <> struct __is_integral_base<long> : true_type {};
template <> struct __is_integral_base<unsigned long> : true_type {};
template <> struct __is_integral_base<long long> : true_type {};
template <> struct __is_integral_base<unsigned long long> : true_type {};
template <class T> struct is_integral : __is_integral_base<typename remove_cv<T>::type> {};
template <class T> struct __is_floating_base : false_type {};
template <> struct __is_floating_base<float> : true_type {};
template <> struct __is_floating_base<double> : true_type {};
template <> struct __is_floating_base<long double> : true_type {};
template <class T> struct is_floating_point : __is_floating_base<typename remove_cv<T>::type> {};
template <class T>
struct is_arithmetic : integral_constant<bool, is_integral<T>::value || is_floating_point<T>::value> {};
template <class T> struct is_pointer : false_type {};
template <class T> struct is_pointer<T*> : true_type {};
template <class T>
struct is_signed : integral_constant<bool, is_arithmetic<T>::value && T(-1) < T(0)> {};
}  // namespace __hip_internal

#define hipThreadIdx_x (threadIdx.x)
#define hipThreadIdx_y (threadIdx.y)
#define hipThreadIdx_z (threadIdx.z)
#define hipBlockIdx_x (blockIdx.x)
#define hipBlockIdx_y (blockIdx.y)
#define hipBlockIdx_z (blockIdx.z)
#define hipBlockDim_x (blockDim.x)
#define hipBlockDim_y (blockDim.y)
#define hipBlockDim_z (blockDim.z)
#define hipGridDim_x (gridDim.x)
#define hipGridDim_y (gridDim.y)
#define hipGridDim_z (gridDim.z)

#define HIP_KERNEL_NAME(...) __VA_ARGS__
#define HIP_SYMBOL(x) x
#define HIP_DYNAMIC_SHARED_ATTRIBUTE
#define HIP_DYNAMIC_SHARED(type, var) extern __shared__ type var[];
#define __launch_bounds_impl__(...) __launch_bounds__(__VA_ARGS__)
// AMD's __launch_bounds__ is amdgpu_flat_work_group_size(1, maxThreads) and
// amdgpu_waves_per_eu(minWarps), which clang refuses for a maximum below 1, a negative minimum
// or a value that is no integer (hip-tests' launch_bounds Negative_Parameters_RTC); NVRTC's
// accepts 0 and negative values. The values pass through a class template whose instantiation
// checks them, so the refusal is an error in any position the attribute is written in and
// template parameters still work (they are checked at instantiation).
template <long long __unihip_n> struct __unihip_lb_max_threads {
  static_assert(__unihip_n >= 1, "__launch_bounds__: the maximum number of threads per block "
                                 "must be at least 1");
  static constexpr int value = static_cast<int>(__unihip_n);
};
template <long long __unihip_n> struct __unihip_lb_min_blocks {
  static_assert(__unihip_n >= 0, "__launch_bounds__: the minimum number must not be negative");
  static constexpr int value = static_cast<int>(__unihip_n);
};
#define __unihip_lb1(t) __annotate__(launch_bounds(__unihip_lb_max_threads<(t)>::value))
#define __unihip_lb2(t, m)                                                                  \
  __annotate__(launch_bounds(__unihip_lb_max_threads<(t)>::value,                           \
                             __unihip_lb_min_blocks<(m)>::value))
#define __unihip_lb3(t, m, c)                                                               \
  __annotate__(launch_bounds(__unihip_lb_max_threads<(t)>::value,                           \
                             __unihip_lb_min_blocks<(m)>::value, c))
#define __unihip_lb_pick(_1, _2, _3, impl, ...) impl
#undef __launch_bounds__
#define __launch_bounds__(...) \
  __unihip_lb_pick(__VA_ARGS__, __unihip_lb3, __unihip_lb2, __unihip_lb1, )(__VA_ARGS__)

// HIP's maskless shuffles act on the whole (32-lane) warp; NVRTC has none of them. __any,
// __all and __ballot are NVRTC's own (CUDA's deprecated maskless forms).
template <typename T>
__device__ __forceinline__ T __shfl(T v, int src, int width = 32) {
  return __shfl_sync(0xffffffffu, v, src, width);
}
template <typename T>
__device__ __forceinline__ T __shfl_up(T v, unsigned int delta, int width = 32) {
  return __shfl_up_sync(0xffffffffu, v, delta, width);
}
template <typename T>
__device__ __forceinline__ T __shfl_down(T v, unsigned int delta, int width = 32) {
  return __shfl_down_sync(0xffffffffu, v, delta, width);
}
template <typename T>
__device__ __forceinline__ T __shfl_xor(T v, int mask, int width = 32) {
  return __shfl_xor_sync(0xffffffffu, v, mask, width);
}
// NVRTC's own maskless __any/__all/__ballot emit vote without .sync, which ptxas refuses for
// sm_70+: HIP's names are macros over full-warp .sync forms. (libcu++ has a `struct __any`:
// the wrappers below hide the macros while they include the toolkit's headers.)
__device__ __forceinline__ int __unihip_any(int p) { return __any_sync(0xffffffffu, p); }
__device__ __forceinline__ int __unihip_all(int p) { return __all_sync(0xffffffffu, p); }
__device__ __forceinline__ unsigned long long __unihip_ballot(int p) {
  return __ballot_sync(0xffffffffu, p);
}
#define __any(p) __unihip_any(p)
#define __all(p) __unihip_all(p)
#define __ballot(p) __unihip_ballot(p)
#define __ballot64(p) __unihip_ballot(p)
__device__ __forceinline__ unsigned int __lane_id() {
  unsigned int lane;
  asm volatile("mov.u32 %0, %%laneid;" : "=r"(lane));
  return lane;
}
// What AMD's hiprtc pre-includes with hip_runtime.h (its hiprtc builtins header): programs use
// __half, hipFloatComplex, HIP_PI_F and cooperative groups without including them.
#include <hip/hip_fp16.h>
#include <hip/hip_bfloat16.h>
#include <hip/hip_complex.h>
#include <hip/hip_math_constants.h>
#include <hip/hip_cooperative_groups.h>
#include <hip/hip_texture_types.h>
// AMD's hiprtc types ptrdiff_t as long long when the program asks (hip-tests' hipRtcPtrdiff_t.cc);
// NVRTC's ptrdiff_t is a built-in long that cannot be declared again, so the name is a macro
// from here on (after the toolkit headers above; `std::ptrdiff_t` in later code will not parse).
#if defined(__HIPRTC_PTRDIFF_T_IS_LONG_LONG__) && __HIPRTC_PTRDIFF_T_IS_LONG_LONG__ == 1
#define ptrdiff_t long long
#endif
#endif
)HIP";

// HIP's texture enumerators and limits (the type numbers from include/hip's own header), over
// NVRTC's own texture object type for hipTextureObject_t.
const char kTextureTypes[] = R"HIP(#pragma once
#include <hip/hip_runtime.h>
#ifndef UNIHIP_RTC_TEXTURE_TYPES_H
#define UNIHIP_RTC_TEXTURE_TYPES_H
#include <hip/unihip/texture_values.h>
enum hipTextureAddressMode {
  hipAddressModeWrap = 0, hipAddressModeClamp = 1, hipAddressModeMirror = 2, hipAddressModeBorder = 3
};
enum hipTextureFilterMode { hipFilterModePoint = 0, hipFilterModeLinear = 1 };
enum hipTextureReadMode { hipReadModeElementType = 0, hipReadModeNormalizedFloat = 1 };
typedef cudaTextureObject_t hipTextureObject_t;
#endif
)HIP";

const char kForward[] = "#pragma once\n#include <hip/hip_runtime.h>\n";

// The CUDA toolkit's own headers (NVRTC finds them through the toolkit's include folder, which
// the engine adds when present) under HIP's names, as HIP's NVIDIA headers map them.
// NVRTC has no push_macro: the vote macros are removed around the toolkit's headers and
// defined again after them.
#define UNIHIP_HIDE_VOTE_MACROS "#undef __any\n#undef __all\n#undef __ballot\n"
#define UNIHIP_RESTORE_VOTE_MACROS                                                 \
  "#define __any(p) __unihip_any(p)\n#define __all(p) __unihip_all(p)\n"        \
  "#define __ballot(p) __unihip_ballot(p)\n"
const char kFp16[] = "#pragma once\n#include <hip/hip_runtime.h>\n" UNIHIP_HIDE_VOTE_MACROS
                     "#include <cuda_fp16.h>\n" UNIHIP_RESTORE_VOTE_MACROS;
const char kBf16[] = "#pragma once\n#include <hip/hip_runtime.h>\n" UNIHIP_HIDE_VOTE_MACROS
                     "#include <cuda_bf16.h>\n" UNIHIP_RESTORE_VOTE_MACROS
                     "typedef __nv_bfloat16 hip_bfloat16;\n";
const char kCooperativeGroups[] = "#pragma once\n#include <hip/hip_runtime.h>\n"
                                  UNIHIP_HIDE_VOTE_MACROS "#include <cooperative_groups.h>\n"
                                  UNIHIP_RESTORE_VOTE_MACROS;
// HIP's complex functions with AMD's formulas (include/hip/hip_complex.h: no scaling in
// hipCdiv, unlike cuCdiv), on the toolkit's cuComplex types.
const char kComplex[] = "#pragma once\n#include <hip/hip_runtime.h>\n" UNIHIP_HIDE_VOTE_MACROS
                        "#include <cuComplex.h>\n" UNIHIP_RESTORE_VOTE_MACROS R"HIP(
typedef cuFloatComplex hipFloatComplex;
typedef cuDoubleComplex hipDoubleComplex;
typedef cuFloatComplex hipComplex;
#define UNIHIP_COMPLEX_FN __host__ __device__ static inline
#define UNIHIP_COMPLEX_FAMILY(C, T, sfx, SQRT, FMA)                                          \
  UNIHIP_COMPLEX_FN T hipCreal##sfx(C z) { return z.x; }                                    \
  UNIHIP_COMPLEX_FN T hipCimag##sfx(C z) { return z.y; }                                    \
  UNIHIP_COMPLEX_FN C hipConj##sfx(C z) { C r; r.x = z.x; r.y = -z.y; return r; }           \
  UNIHIP_COMPLEX_FN T hipCsqabs##sfx(C z) { return z.x * z.x + z.y * z.y; }                 \
  UNIHIP_COMPLEX_FN C hipCadd##sfx(C a, C b) { C r; r.x = a.x + b.x; r.y = a.y + b.y; return r; } \
  UNIHIP_COMPLEX_FN C hipCsub##sfx(C a, C b) { C r; r.x = a.x - b.x; r.y = a.y - b.y; return r; } \
  UNIHIP_COMPLEX_FN C hipCmul##sfx(C a, C b) {                                              \
    C r; r.x = a.x * b.x - a.y * b.y; r.y = a.x * b.y + a.y * b.x; return r;                \
  }                                                                                         \
  UNIHIP_COMPLEX_FN C hipCdiv##sfx(C a, C b) {                                              \
    T d = hipCsqabs##sfx(b);                                                                \
    C r; r.x = (a.x * b.x + a.y * b.y) / d; r.y = (a.y * b.x - a.x * b.y) / d; return r;    \
  }                                                                                         \
  UNIHIP_COMPLEX_FN T hipCabs##sfx(C z) { return SQRT(hipCsqabs##sfx(z)); }                 \
  UNIHIP_COMPLEX_FN C hipCfma##sfx(C a, C b, C c) {                                         \
    T re = FMA(a.x, b.x, c.x), im = FMA(a.x, b.y, c.y);                                     \
    C r; r.x = FMA(-a.y, b.y, re); r.y = FMA(a.y, b.x, im); return r;                       \
  }
UNIHIP_COMPLEX_FN hipFloatComplex make_hipFloatComplex(float re, float im) { return make_cuFloatComplex(re, im); }
UNIHIP_COMPLEX_FN hipDoubleComplex make_hipDoubleComplex(double re, double im) { return make_cuDoubleComplex(re, im); }
UNIHIP_COMPLEX_FN hipComplex make_hipComplex(float re, float im) { return make_cuFloatComplex(re, im); }
UNIHIP_COMPLEX_FAMILY(hipFloatComplex, float, f, sqrtf, fmaf)
UNIHIP_COMPLEX_FAMILY(hipDoubleComplex, double, , sqrt, fma)
UNIHIP_COMPLEX_FN hipFloatComplex hipComplexDoubleToFloat(hipDoubleComplex z) {
  return make_cuFloatComplex((float)z.x, (float)z.y);
}
UNIHIP_COMPLEX_FN hipDoubleComplex hipComplexFloatToDouble(hipFloatComplex z) {
  return make_cuDoubleComplex((double)z.x, (double)z.y);
}
#undef UNIHIP_COMPLEX_FAMILY
#undef UNIHIP_COMPLEX_FN
)HIP";

}  // namespace

const std::vector<std::pair<const char*, const char*>>& nvrtcBuiltinHeaders() {
  static const std::vector<std::pair<const char*, const char*>> headers = {
      {"hip/hip_runtime.h", kHipRuntime},
      {"hip_runtime.h", kForward},
      {"hip/hip_runtime_api.h", kForward},
      {"hip/hip_vector_types.h", kForward},
      {"hip/device_functions.h", kForward},
      {"hip/math_functions.h", kForward},
      {"hip/hip_common.h", kForward},
      {"hip/hip_fp16.h", kFp16},
      {"hip/hip_bf16.h", kBf16},
      {"hip/hip_bfloat16.h", kBf16},
      {"hip/hip_cooperative_groups.h", kCooperativeGroups},
      {"hip/hip_complex.h", kComplex},
      {"hip/hip_math_constants.h", kMathConstants},
      {"hip/hip_texture_types.h", kTextureTypes},
      {"hip/texture_types.h", kTextureTypes},
      {"hip/unihip/texture_values.h", kTextureValues},
  };
  return headers;
}

}  // namespace unihip::rtc
