/* unihip: 8-bit floats (HIP's hip_fp8.h) for kernels and host code.
 *
 * Formats, by HIP's names:
 *   __hip_fp8_e4m3_fnuz / __hip_fp8_e5m2_fnuz  AMD's "fnuz" encodings (exponent bias 8 / 16, no
 *                                              infinities, one NaN 0x80, no negative zero);
 *   __hip_fp8_e4m3 / __hip_fp8_e5m2            OCP FP8 (E4M3FN: bias 7, NaN S.1111.111, max 448;
 *                                              E5M2: bias 15, infinities and NaNs as IEEE).
 * Each has x2 and x4 forms (__hip_fp8x2_e4m3_fnuz, ...) packing lanes low byte first.
 * Conversions are software on every target (no gfx942/gfx12 conversion instructions, no NVIDIA
 * cvt.e4m3), so results are bit-identical on host, NVIDIA and AMD: round to nearest even; values
 * beyond the largest finite saturate with __HIP_SATFINITE, otherwise become NaN (fnuz, e4m3) or
 * infinity (e5m2); infinities become NaN except in e5m2. HIP_FP8_TYPE_FNUZ and HIP_FP8_TYPE_OCP are
 * both 1 in every pass. Not provided: stochastic rounding, fp8 arithmetic operators (HIP has none
 * either: convert to float). */
#ifndef UNIHIP_HIP_FP8_H
#define UNIHIP_HIP_FP8_H

#include <limits.h>

#include "hip/hip_bf16.h"
#include "hip/hip_fp16.h"
#include "hip/hip_vector_types.h"
#include "hip/unihip/qualifiers.h"

#if defined(__cplusplus)

#define HIP_FP8_CVT_FAST_PATH 0
#define HIP_FP8_TYPE_OCP 1
#define HIP_FP8_TYPE_FNUZ 1

#define UNIHIP_FP8_FN __host__ __device__ inline __attribute__((always_inline))

enum __hip_fp8_interpretation_t {
  __HIP_E4M3 = 0,      /* OCP E4M3 (E4M3FN) */
  __HIP_E5M2 = 1,      /* OCP E5M2 */
  __HIP_E4M3_FNUZ = 2, /* AMD fnuz E4M3 */
  __HIP_E5M2_FNUZ = 3, /* AMD fnuz E5M2 */
};

enum __hip_saturation_t {
  __HIP_NOSAT = 0,
  __HIP_SATFINITE = 1,
};

typedef unsigned char __hip_fp8_storage_t;
typedef unsigned short int __hip_fp8x2_storage_t;
typedef unsigned int __hip_fp8x4_storage_t;

/* Format parameters of an interpretation. */
struct __unihip_fp8_format {
  int wm;           /* mantissa bits */
  int bias;         /* exponent bias */
  bool fnuz;        /* single NaN 0x80, no negative zero, no infinity */
  bool inf;         /* has infinities (OCP E5M2) */
  unsigned maxcode; /* largest finite magnitude's code */
};
UNIHIP_FP8_FN __unihip_fp8_format __unihip_fp8_format_of(__hip_fp8_interpretation_t t) {
  switch (t) {
    case __HIP_E4M3: return {3, 7, false, false, 0x7e};
    case __HIP_E5M2: return {2, 15, false, true, 0x7b};
    case __HIP_E4M3_FNUZ: return {3, 8, true, false, 0x7f};
    default: return {2, 16, true, false, 0x7f};
  }
}
UNIHIP_FP8_FN float __unihip_pow2f(int k) { /* k within float's normal exponent range */
  return __builtin_bit_cast(float, (unsigned int)(k + 127) << 23);
}

UNIHIP_FP8_FN float __unihip_fp8_to_float(__hip_fp8_storage_t code, __hip_fp8_interpretation_t t) {
  const __unihip_fp8_format f = __unihip_fp8_format_of(t);
  const unsigned sign = code & 0x80u, mag = code & 0x7fu;
  const int we = 7 - f.wm;
  const unsigned expf = mag >> f.wm, mant = mag & ((1u << f.wm) - 1u);
  if (f.fnuz ? code == 0x80u : (f.inf ? expf == (1u << we) - 1u : mag == 0x7fu)) {
    if (f.inf && mant == 0) return sign ? -__builtin_huge_valf() : __builtin_huge_valf();
    return __builtin_nanf("");
  }
  float v = expf == 0 ? (float)mant * __unihip_pow2f(1 - f.bias - f.wm)
                      : (float)((1u << f.wm) + mant) * __unihip_pow2f((int)expf - f.bias - f.wm);
  return sign ? -v : v;
}

UNIHIP_FP8_FN __hip_fp8_storage_t __hip_cvt_float_to_fp8(const float x, const __hip_saturation_t sat,
                                                         const __hip_fp8_interpretation_t t) {
  const __unihip_fp8_format f = __unihip_fp8_format_of(t);
  const unsigned int u = __builtin_bit_cast(unsigned int, x);
  const unsigned sign = (u >> 24) & 0x80u;
  const unsigned int a = u & 0x7fffffffu;
  const unsigned nan = f.fnuz ? 0x80u : (sign | 0x7fu);
  if (a > 0x7f800000u) return (__hip_fp8_storage_t)nan;
  if (a == 0x7f800000u) return (__hip_fp8_storage_t)(f.inf ? (sign | 0x7cu) : nan);
  const float maxv = __unihip_fp8_to_float((__hip_fp8_storage_t)f.maxcode, t);
  if (__builtin_bit_cast(float, a) > maxv) {
    if (sat == __HIP_SATFINITE) return (__hip_fp8_storage_t)(sign | f.maxcode);
    return (__hip_fp8_storage_t)(f.inf ? (sign | 0x7cu) : nan);
  }
  const unsigned zero = f.fnuz ? 0u : sign;
  const int fe = (int)(a >> 23);
  if (fe == 0) return (__hip_fp8_storage_t)zero; /* float subnormals are far below fp8's */
  const int e = fe - 127, emin = 1 - f.bias;
  int E = e > emin ? e : emin;
  const int shift = 23 - f.wm + (E - e);
  if (shift >= 25) return (__hip_fp8_storage_t)zero; /* below half the smallest subnormal */
  const unsigned int full = (a & 0x7fffffu) | 0x800000u;
  unsigned int m = full >> shift;
  const unsigned int rem = full & ((1u << shift) - 1u), half = 1u << (shift - 1);
  if (rem > half || (rem == half && (m & 1u))) ++m; /* nearest, ties to even */
  if (m == (2u << f.wm)) {
    m >>= 1;
    ++E;
  }
  unsigned expf = 0, mant = m;
  if (m >= (1u << f.wm)) {
    expf = (unsigned)(E + f.bias);
    mant = m - (1u << f.wm);
  }
  if (expf == 0 && mant == 0) return (__hip_fp8_storage_t)zero;
  return (__hip_fp8_storage_t)(sign | (expf << f.wm) | mant);
}

UNIHIP_FP8_FN __hip_fp8x2_storage_t __hip_cvt_float2_to_fp8x2(const float2 x, const __hip_saturation_t sat,
                                                              const __hip_fp8_interpretation_t t) {
  return (__hip_fp8x2_storage_t)(__hip_cvt_float_to_fp8(x.x, sat, t) |
                                 (__hip_cvt_float_to_fp8(x.y, sat, t) << 8));
}
/* Through float: rounding twice is exact here (float keeps far more than 2 * 4 + 2 bits). */
UNIHIP_FP8_FN __hip_fp8_storage_t __hip_cvt_double_to_fp8(const double x, const __hip_saturation_t sat,
                                                          const __hip_fp8_interpretation_t t) {
  return __hip_cvt_float_to_fp8((float)x, sat, t);
}
UNIHIP_FP8_FN __hip_fp8x2_storage_t __hip_cvt_double2_to_fp8x2(const double2 x, const __hip_saturation_t sat,
                                                               const __hip_fp8_interpretation_t t) {
  return __hip_cvt_float2_to_fp8x2(make_float2((float)x.x, (float)x.y), sat, t);
}
UNIHIP_FP8_FN __hip_fp8_storage_t __hip_cvt_bfloat16raw_to_fp8(const __hip_bfloat16_raw x, const __hip_saturation_t sat,
                                                               const __hip_fp8_interpretation_t t) {
  return __hip_cvt_float_to_fp8((float)__hip_bfloat16(x), sat, t);
}
UNIHIP_FP8_FN __hip_fp8x2_storage_t __hip_cvt_bfloat16raw2_to_fp8x2(const __hip_bfloat162_raw x,
                                                                    const __hip_saturation_t sat,
                                                                    const __hip_fp8_interpretation_t t) {
  return __hip_cvt_float2_to_fp8x2(__bfloat1622float2(__hip_bfloat162(x)), sat, t);
}
UNIHIP_FP8_FN __hip_fp8_storage_t __hip_cvt_halfraw_to_fp8(const __half_raw x, const __hip_saturation_t sat,
                                                           const __hip_fp8_interpretation_t t) {
  return __hip_cvt_float_to_fp8(__half2float(__half(x)), sat, t);
}
UNIHIP_FP8_FN __hip_fp8x2_storage_t __hip_cvt_halfraw2_to_fp8x2(const __half2_raw x, const __hip_saturation_t sat,
                                                                const __hip_fp8_interpretation_t t) {
  return __hip_cvt_float2_to_fp8x2(__half22float2(__half2(x)), sat, t);
}
/* fp8 to half is exact (every fp8 value is a half), so no rounding mode is involved. */
UNIHIP_FP8_FN __half_raw __hip_cvt_fp8_to_halfraw(const __hip_fp8_storage_t x, const __hip_fp8_interpretation_t t) {
  return (__half_raw)__half(__unihip_fp8_to_float(x, t));
}
UNIHIP_FP8_FN __half2_raw __hip_cvt_fp8x2_to_halfraw2(const __hip_fp8x2_storage_t x,
                                                      const __hip_fp8_interpretation_t t) {
  __half_raw lo = __hip_cvt_fp8_to_halfraw((__hip_fp8_storage_t)(x & 0xffu), t);
  __half_raw hi = __hip_cvt_fp8_to_halfraw((__hip_fp8_storage_t)(x >> 8), t);
  __half2_raw r;
  r.x = lo.x;
  r.y = hi.x;
  return r;
}

/* Integer conversions of a value: NaN gives 0; narrow types clamp, as HIP does. */
template <class T>
UNIHIP_FP8_FN T __unihip_fp8_to_int(float v, long long lo, long long hi) {
  if (v != v) return 0;
  long long l = (long long)v;
  if (l <= lo) return (T)lo;
  if (l >= hi) return (T)hi;
  return (T)v;
}
template <class T>
UNIHIP_FP8_FN T __unihip_fp8_to_unsigned(float v) {
  if (v != v || v <= 0.0f) return 0;
  return (T)v;
}

#define UNIHIP_FP8_COMMON(N, INTERP, WE, WM)                                                    \
  static constexpr __hip_saturation_t __default_saturation = __HIP_SATFINITE;                  \
  static constexpr __hip_fp8_interpretation_t __default_interpret = INTERP;                    \
  static constexpr unsigned int __we = WE;                                                     \
  static constexpr unsigned int __wm = WM;

#define UNIHIP_FP8_SCALAR(N, INTERP, WE, WM)                                                    \
  struct N {                                                                                    \
    __hip_fp8_storage_t __x;                                                                    \
    UNIHIP_FP8_COMMON(N, INTERP, WE, WM)                                                        \
    N() = default;                                                                              \
    UNIHIP_FP8_FN N(const float f) : __x(__hip_cvt_float_to_fp8(f, __default_saturation, INTERP)) {} \
    UNIHIP_FP8_FN N(const double f) : __x(__hip_cvt_double_to_fp8(f, __default_saturation, INTERP)) {} \
    UNIHIP_FP8_FN N(const int v) : N((float)v) {}                                               \
    UNIHIP_FP8_FN N(const long int v) : N((float)v) {}                                          \
    UNIHIP_FP8_FN N(const long long int v) : N((float)v) {}                                     \
    UNIHIP_FP8_FN N(const short int v) : N((float)v) {}                                         \
    UNIHIP_FP8_FN N(const unsigned int v) : N((float)v) {}                                      \
    UNIHIP_FP8_FN N(const unsigned long int v) : N((float)v) {}                                 \
    UNIHIP_FP8_FN N(const unsigned long long int v) : N((float)v) {}                            \
    UNIHIP_FP8_FN N(const unsigned short int v) : N((float)v) {}                                \
    UNIHIP_FP8_FN N(const __hip_bfloat16 f) : N((float)f) {}                                    \
    UNIHIP_FP8_FN N(const __half f) : __x(__hip_cvt_halfraw_to_fp8(f, __default_saturation, INTERP)) {} \
    UNIHIP_FP8_FN operator float() const { return __unihip_fp8_to_float(__x, INTERP); }         \
    UNIHIP_FP8_FN operator double() const { return (double)__unihip_fp8_to_float(__x, INTERP); } \
    UNIHIP_FP8_FN operator __half() const { return __half(__hip_cvt_fp8_to_halfraw(__x, INTERP)); } \
    UNIHIP_FP8_FN operator __hip_bfloat16() const { return __hip_bfloat16((float)*this); }      \
    UNIHIP_FP8_FN operator bool() const { return (__x & 0x7fu) != 0 || (INTERP >= __HIP_E4M3_FNUZ && __x != 0); } \
    UNIHIP_FP8_FN operator char() const { return __unihip_fp8_to_int<char>((float)*this, CHAR_MIN, CHAR_MAX); } \
    UNIHIP_FP8_FN operator signed char() const { return __unihip_fp8_to_int<signed char>((float)*this, SCHAR_MIN, SCHAR_MAX); } \
    UNIHIP_FP8_FN operator short int() const { return __unihip_fp8_to_int<short>((float)*this, SHRT_MIN, SHRT_MAX); } \
    UNIHIP_FP8_FN operator int() const { return __unihip_fp8_to_int<int>((float)*this, INT_MIN, INT_MAX); } \
    UNIHIP_FP8_FN operator long int() const { return __unihip_fp8_to_int<long>((float)*this, LLONG_MIN, LLONG_MAX); } \
    UNIHIP_FP8_FN operator long long int() const { return __unihip_fp8_to_int<long long>((float)*this, LLONG_MIN, LLONG_MAX); } \
    UNIHIP_FP8_FN operator unsigned char() const { return __unihip_fp8_to_int<unsigned char>((float)*this, 0, UCHAR_MAX); } \
    UNIHIP_FP8_FN operator unsigned short int() const { return __unihip_fp8_to_unsigned<unsigned short>((float)*this); } \
    UNIHIP_FP8_FN operator unsigned int() const { return __unihip_fp8_to_unsigned<unsigned int>((float)*this); } \
    UNIHIP_FP8_FN operator unsigned long int() const { return __unihip_fp8_to_unsigned<unsigned long>((float)*this); } \
    UNIHIP_FP8_FN operator unsigned long long int() const { return __unihip_fp8_to_unsigned<unsigned long long>((float)*this); } \
  };                                                                                            \
  static_assert(sizeof(N) == 1, #N " is one byte");

#define UNIHIP_FP8_X2(N, INTERP, WE, WM)                                                        \
  struct N {                                                                                    \
    __hip_fp8x2_storage_t __x;                                                                  \
    UNIHIP_FP8_COMMON(N, INTERP, WE, WM)                                                        \
    N() = default;                                                                              \
    UNIHIP_FP8_FN N(const float2 v) : __x(__hip_cvt_float2_to_fp8x2(v, __default_saturation, INTERP)) {} \
    UNIHIP_FP8_FN N(const double2 v) : __x(__hip_cvt_double2_to_fp8x2(v, __default_saturation, INTERP)) {} \
    UNIHIP_FP8_FN N(const __half2 v) : __x(__hip_cvt_halfraw2_to_fp8x2(v, __default_saturation, INTERP)) {} \
    UNIHIP_FP8_FN N(const __hip_bfloat162 v)                                                    \
        : __x(__hip_cvt_bfloat16raw2_to_fp8x2(v, __default_saturation, INTERP)) {}              \
    UNIHIP_FP8_FN operator float2() const {                                                     \
      return make_float2(__unihip_fp8_to_float((__hip_fp8_storage_t)(__x & 0xffu), INTERP),    \
                         __unihip_fp8_to_float((__hip_fp8_storage_t)(__x >> 8), INTERP));       \
    }                                                                                           \
    UNIHIP_FP8_FN operator __half2() const { return __half2(__hip_cvt_fp8x2_to_halfraw2(__x, INTERP)); } \
  };                                                                                            \
  static_assert(sizeof(N) == 2, #N " is two bytes");

#define UNIHIP_FP8_X4(N, INTERP, WE, WM)                                                        \
  struct N {                                                                                    \
    __hip_fp8x4_storage_t __x;                                                                  \
    UNIHIP_FP8_COMMON(N, INTERP, WE, WM)                                                        \
    N() = default;                                                                              \
    UNIHIP_FP8_FN N(const float4 v)                                                             \
        : __x((__hip_fp8x4_storage_t)__hip_cvt_float2_to_fp8x2(make_float2(v.x, v.y), __default_saturation, INTERP) | \
              ((__hip_fp8x4_storage_t)__hip_cvt_float2_to_fp8x2(make_float2(v.z, v.w), __default_saturation, INTERP) << 16)) {} \
    UNIHIP_FP8_FN N(const double4 v)                                                            \
        : N(make_float4((float)v.x, (float)v.y, (float)v.z, (float)v.w)) {}                     \
    UNIHIP_FP8_FN N(const __half2 low, const __half2 high)                                      \
        : __x((__hip_fp8x4_storage_t)__hip_cvt_halfraw2_to_fp8x2(low, __default_saturation, INTERP) | \
              ((__hip_fp8x4_storage_t)__hip_cvt_halfraw2_to_fp8x2(high, __default_saturation, INTERP) << 16)) {} \
    UNIHIP_FP8_FN N(const __hip_bfloat162 low, const __hip_bfloat162 high)                      \
        : __x((__hip_fp8x4_storage_t)__hip_cvt_bfloat16raw2_to_fp8x2(low, __default_saturation, INTERP) | \
              ((__hip_fp8x4_storage_t)__hip_cvt_bfloat16raw2_to_fp8x2(high, __default_saturation, INTERP) << 16)) {} \
    UNIHIP_FP8_FN operator float4() const {                                                     \
      return make_float4(__unihip_fp8_to_float((__hip_fp8_storage_t)(__x & 0xffu), INTERP),    \
                         __unihip_fp8_to_float((__hip_fp8_storage_t)((__x >> 8) & 0xffu), INTERP), \
                         __unihip_fp8_to_float((__hip_fp8_storage_t)((__x >> 16) & 0xffu), INTERP), \
                         __unihip_fp8_to_float((__hip_fp8_storage_t)(__x >> 24), INTERP));      \
    }                                                                                           \
  };                                                                                            \
  static_assert(sizeof(N) == 4, #N " is four bytes");

UNIHIP_FP8_SCALAR(__hip_fp8_e4m3_fnuz, __HIP_E4M3_FNUZ, 4, 3)
UNIHIP_FP8_X2(__hip_fp8x2_e4m3_fnuz, __HIP_E4M3_FNUZ, 4, 3)
UNIHIP_FP8_X4(__hip_fp8x4_e4m3_fnuz, __HIP_E4M3_FNUZ, 4, 3)
UNIHIP_FP8_SCALAR(__hip_fp8_e5m2_fnuz, __HIP_E5M2_FNUZ, 5, 2)
UNIHIP_FP8_X2(__hip_fp8x2_e5m2_fnuz, __HIP_E5M2_FNUZ, 5, 2)
UNIHIP_FP8_X4(__hip_fp8x4_e5m2_fnuz, __HIP_E5M2_FNUZ, 5, 2)
UNIHIP_FP8_SCALAR(__hip_fp8_e4m3, __HIP_E4M3, 4, 3)
UNIHIP_FP8_X2(__hip_fp8x2_e4m3, __HIP_E4M3, 4, 3)
UNIHIP_FP8_X4(__hip_fp8x4_e4m3, __HIP_E4M3, 4, 3)
UNIHIP_FP8_SCALAR(__hip_fp8_e5m2, __HIP_E5M2, 5, 2)
UNIHIP_FP8_X2(__hip_fp8x2_e5m2, __HIP_E5M2, 5, 2)
UNIHIP_FP8_X4(__hip_fp8x4_e5m2, __HIP_E5M2, 5, 2)

#undef UNIHIP_FP8_SCALAR
#undef UNIHIP_FP8_X2
#undef UNIHIP_FP8_X4
#undef UNIHIP_FP8_COMMON

#endif /* __cplusplus */

#endif /* UNIHIP_HIP_FP8_H */
