/* unihip: bfloat16 (__hip_bfloat16, __hip_bfloat162) for kernels and host code, HIP's API.
 *
 * Storage is the upper 16 bits of an IEEE float (2 bytes, aligned 2; the pair 4 bytes, aligned
 * 4), the same layout on host, NVIDIA and AMD. Every operation is computed in float and rounded
 * back to nearest even (NaN stays a quiet NaN), in software on both vendors, so results are
 * bit-identical everywhere. Provided: raw types, conversions (float, double, integers with
 * rn/rz/rd/ru, bit casts, pair packing), arithmetic (__hadd ... __hfma, _sat and _rn forms, 2-lane
 * forms), comparisons (ordered, unordered "u" forms, 2-lane bool "b" forms and mask-style forms),
 * min/max (+ _nan), classification, the h- and h2-prefixed math functions and C++ operators.
 * Not provided: warp shuffles of bf16 values (shuffle the 16-bit pattern instead). */
#ifndef UNIHIP_HIP_BF16_H
#define UNIHIP_HIP_BF16_H

#include "hip/hip_vector_types.h"
#include "hip/unihip/host_math.h"
#include "hip/unihip/qualifiers.h"
#include "hip/unihip/packed_atomic_add.h"
#include "hip/unihip/warp.h"

#if defined(__cplusplus)

#define UNIHIP_BF16_FN __host__ __device__ inline __attribute__((always_inline))

typedef struct __attribute__((aligned(2))) {
  unsigned short x;
} __hip_bfloat16_raw;
typedef struct __attribute__((aligned(4))) {
  unsigned short x;
  unsigned short y;
} __hip_bfloat162_raw;

/* Round a float to bfloat16 bits: nearest even; NaN kept quiet with its sign. */
UNIHIP_BF16_FN unsigned short __unihip_float_to_bf16_bits(float f) {
  unsigned int u = __builtin_bit_cast(unsigned int, f);
  if ((u & 0x7fffffffu) > 0x7f800000u) return (unsigned short)((u >> 16) | 0x0040u);
  u += 0x7fffu + ((u >> 16) & 1u);
  return (unsigned short)(u >> 16);
}
UNIHIP_BF16_FN float __unihip_bf16_bits_to_float(unsigned short b) {
  return __builtin_bit_cast(float, (unsigned int)b << 16);
}

struct __attribute__((aligned(2))) __hip_bfloat16 {
  unsigned short data;

  __hip_bfloat16() = default;
  UNIHIP_BF16_FN __hip_bfloat16(const __hip_bfloat16_raw& r) : data(r.x) {}
  UNIHIP_BF16_FN __hip_bfloat16(float f) : data(__unihip_float_to_bf16_bits(f)) {}
  UNIHIP_BF16_FN __hip_bfloat16(double d) : data(__unihip_float_to_bf16_bits((float)d)) {}
  UNIHIP_BF16_FN __hip_bfloat16(int i) : data(__unihip_float_to_bf16_bits((float)i)) {}
  UNIHIP_BF16_FN __hip_bfloat16(unsigned int i) : data(__unihip_float_to_bf16_bits((float)i)) {}
  UNIHIP_BF16_FN __hip_bfloat16(long long i) : data(__unihip_float_to_bf16_bits((float)i)) {}
  UNIHIP_BF16_FN __hip_bfloat16(unsigned long long i)
      : data(__unihip_float_to_bf16_bits((float)i)) {}
  UNIHIP_BF16_FN __hip_bfloat16(short i) : data(__unihip_float_to_bf16_bits((float)i)) {}
  UNIHIP_BF16_FN __hip_bfloat16(unsigned short i) : data(__unihip_float_to_bf16_bits((float)i)) {}
  UNIHIP_BF16_FN operator float() const { return __unihip_bf16_bits_to_float(data); }
  UNIHIP_BF16_FN operator __hip_bfloat16_raw() const { return __hip_bfloat16_raw{data}; }
  UNIHIP_BF16_FN __hip_bfloat16& operator=(const __hip_bfloat16_raw& r) {
    data = r.x;
    return *this;
  }
};
static_assert(sizeof(__hip_bfloat16) == 2, "__hip_bfloat16 is 2 bytes");

struct __attribute__((aligned(4))) __hip_bfloat162 {
  __hip_bfloat16 x;
  __hip_bfloat16 y;

  __hip_bfloat162() = default;
  UNIHIP_BF16_FN __hip_bfloat162(__hip_bfloat16 a, __hip_bfloat16 b) : x(a), y(b) {}
  UNIHIP_BF16_FN __hip_bfloat162(const __hip_bfloat162_raw& r)
      : x(__hip_bfloat16_raw{r.x}), y(__hip_bfloat16_raw{r.y}) {}
  UNIHIP_BF16_FN operator __hip_bfloat162_raw() const { return __hip_bfloat162_raw{x.data, y.data}; }
  UNIHIP_BF16_FN operator float2() const { return make_float2((float)x, (float)y); }
};
static_assert(sizeof(__hip_bfloat162) == 4, "__hip_bfloat162 is 4 bytes");


#define UNIHIP_BF16(f) __hip_bfloat16(f)
#define UNIHIP_BF16_BITS(b) __hip_bfloat16(__hip_bfloat16_raw{(unsigned short)(b)})

/* Conversions. */
UNIHIP_BF16_FN float __bfloat162float(__hip_bfloat16 a) { return (float)a; }
UNIHIP_BF16_FN __hip_bfloat16 __float2bfloat16(float f) { return __hip_bfloat16(f); }
UNIHIP_BF16_FN __hip_bfloat16 __float2bfloat16_rn(float f) { return __hip_bfloat16(f); }
UNIHIP_BF16_FN __hip_bfloat16 __double2bfloat16(double d) { return __hip_bfloat16((float)d); }
UNIHIP_BF16_FN short __bfloat16_as_short(__hip_bfloat16 a) { return (short)a.data; }
UNIHIP_BF16_FN unsigned short __bfloat16_as_ushort(__hip_bfloat16 a) { return a.data; }
UNIHIP_BF16_FN __hip_bfloat16 __short_as_bfloat16(short s) { return UNIHIP_BF16_BITS(s); }
UNIHIP_BF16_FN __hip_bfloat16 __ushort_as_bfloat16(unsigned short u) { return UNIHIP_BF16_BITS(u); }
/* HIP's named bfloat16 constants (CUDA's CUDART_*_BF16). */
#define HIPRT_ONE_BF16 __ushort_as_bfloat16((unsigned short)0x3F80U)
#define HIPRT_ZERO_BF16 __ushort_as_bfloat16((unsigned short)0x0000U)
#define HIPRT_INF_BF16 __ushort_as_bfloat16((unsigned short)0x7F80U)
#define HIPRT_MAX_NORMAL_BF16 __ushort_as_bfloat16((unsigned short)0x7F7FU)
#define HIPRT_MIN_DENORM_BF16 __ushort_as_bfloat16((unsigned short)0x0001U)
#define HIPRT_NAN_BF16 __ushort_as_bfloat16((unsigned short)0x7FFFU)
#define HIPRT_NEG_ZERO_BF16 __ushort_as_bfloat16((unsigned short)0x8000U)

/* Integer conversions: float rounding modes, then saturate as CUDA/HIP do (NaN -> 0). */
#define UNIHIP_BF16_TO_INT(T, name, lo, hi, round)                                        \
  UNIHIP_BF16_FN T name(__hip_bfloat16 a) {                                               \
    float f = round((float)a);                                                            \
    if (f != f) return 0;                                                                 \
    if (f <= (float)(lo)) return (T)(lo);                                                 \
    if (f >= (float)(hi)) return (T)(hi);                                                 \
    return (T)f;                                                                          \
  }
#define UNIHIP_BF16_TO_INT_ALL(T, stem, lo, hi)                 \
  UNIHIP_BF16_TO_INT(T, __bfloat162##stem##_rn, lo, hi, rintf)  \
  UNIHIP_BF16_TO_INT(T, __bfloat162##stem##_rz, lo, hi, truncf) \
  UNIHIP_BF16_TO_INT(T, __bfloat162##stem##_rd, lo, hi, floorf) \
  UNIHIP_BF16_TO_INT(T, __bfloat162##stem##_ru, lo, hi, ceilf)
UNIHIP_BF16_TO_INT_ALL(int, int, (-2147483647 - 1), 2147483647)
UNIHIP_BF16_TO_INT_ALL(unsigned int, uint, 0, 4294967295u)
UNIHIP_BF16_TO_INT_ALL(short, short, (-32767 - 1), 32767)
UNIHIP_BF16_TO_INT_ALL(unsigned short, ushort, 0, 65535)
UNIHIP_BF16_TO_INT_ALL(long long, ll, (-9223372036854775807ll - 1), 9223372036854775807ll)
UNIHIP_BF16_TO_INT_ALL(unsigned long long, ull, 0, 18446744073709551615ull)
#undef UNIHIP_BF16_TO_INT_ALL
#undef UNIHIP_BF16_TO_INT
#define UNIHIP_INT_TO_BF16(T, stem)                                                              \
  UNIHIP_BF16_FN __hip_bfloat16 __##stem##2bfloat16_rn(T i) { return __hip_bfloat16((float)i); } \
  UNIHIP_BF16_FN __hip_bfloat16 __##stem##2bfloat16_rz(T i) {                                    \
    float f = (float)i; /* round to float, then toward zero in bf16 */                           \
    return UNIHIP_BF16_BITS(__builtin_bit_cast(unsigned int, f) >> 16);                          \
  }
UNIHIP_INT_TO_BF16(int, int)
UNIHIP_INT_TO_BF16(unsigned int, uint)
UNIHIP_INT_TO_BF16(short, short)
UNIHIP_INT_TO_BF16(unsigned short, ushort)
UNIHIP_INT_TO_BF16(long long, ll)
UNIHIP_INT_TO_BF16(unsigned long long, ull)
#undef UNIHIP_INT_TO_BF16

/* Pairs. */
UNIHIP_BF16_FN __hip_bfloat162 make_bfloat162(__hip_bfloat16 x, __hip_bfloat16 y) { return __hip_bfloat162(x, y); }
UNIHIP_BF16_FN __hip_bfloat162 __halves2bfloat162(__hip_bfloat16 x, __hip_bfloat16 y) { return __hip_bfloat162(x, y); }
UNIHIP_BF16_FN __hip_bfloat162 __bfloat162bfloat162(__hip_bfloat16 a) { return __hip_bfloat162(a, a); }
UNIHIP_BF16_FN __hip_bfloat162 __float2bfloat162_rn(float f) { return __bfloat162bfloat162(__hip_bfloat16(f)); }
UNIHIP_BF16_FN __hip_bfloat162 __floats2bfloat162_rn(float x, float y) { return __hip_bfloat162(__hip_bfloat16(x), __hip_bfloat16(y)); }
UNIHIP_BF16_FN __hip_bfloat162 __float22bfloat162_rn(float2 f) { return __floats2bfloat162_rn(f.x, f.y); }
UNIHIP_BF16_FN float2 __bfloat1622float2(__hip_bfloat162 a) { return make_float2((float)a.x, (float)a.y); }
UNIHIP_BF16_FN __hip_bfloat16 __low2bfloat16(__hip_bfloat162 a) { return a.x; }
UNIHIP_BF16_FN __hip_bfloat16 __high2bfloat16(__hip_bfloat162 a) { return a.y; }
UNIHIP_BF16_FN __hip_bfloat162 __low2bfloat162(__hip_bfloat162 a) { return __hip_bfloat162(a.x, a.x); }
UNIHIP_BF16_FN __hip_bfloat162 __high2bfloat162(__hip_bfloat162 a) { return __hip_bfloat162(a.y, a.y); }
UNIHIP_BF16_FN __hip_bfloat162 __lows2bfloat162(__hip_bfloat162 a, __hip_bfloat162 b) { return __hip_bfloat162(a.x, b.x); }
UNIHIP_BF16_FN __hip_bfloat162 __highs2bfloat162(__hip_bfloat162 a, __hip_bfloat162 b) { return __hip_bfloat162(a.y, b.y); }
UNIHIP_BF16_FN __hip_bfloat162 __lowhigh2highlow(__hip_bfloat162 a) { return __hip_bfloat162(a.y, a.x); }
UNIHIP_BF16_FN float __low2float(__hip_bfloat162 a) { return (float)a.x; }
UNIHIP_BF16_FN float __high2float(__hip_bfloat162 a) { return (float)a.y; }

/* Classification. */
UNIHIP_BF16_FN bool __hisnan(__hip_bfloat16 a) { return (a.data & 0x7fffu) > 0x7f80u; }
UNIHIP_BF16_FN int __hisinf(__hip_bfloat16 a) {
  return (a.data & 0x7fffu) == 0x7f80u ? ((a.data & 0x8000u) ? -1 : 1) : 0;
}
UNIHIP_BF16_FN __hip_bfloat162 __hisnan2(__hip_bfloat162 a) {
  return __hip_bfloat162(__hip_bfloat16(__hisnan(a.x) ? 1.0f : 0.0f),
                         __hip_bfloat16(__hisnan(a.y) ? 1.0f : 0.0f));
}

/* Arithmetic: in float, one rounding to bf16. */
UNIHIP_BF16_FN float __unihip_bf16_sat(float f) { return f != f ? 0.0f : (f < 0.0f ? 0.0f : (f > 1.0f ? 1.0f : f)); }
UNIHIP_BF16_FN __hip_bfloat16 __hadd(__hip_bfloat16 a, __hip_bfloat16 b) { return __hip_bfloat16((float)a + (float)b); }
UNIHIP_BF16_FN __hip_bfloat16 __hsub(__hip_bfloat16 a, __hip_bfloat16 b) { return __hip_bfloat16((float)a - (float)b); }
UNIHIP_BF16_FN __hip_bfloat16 __hmul(__hip_bfloat16 a, __hip_bfloat16 b) { return __hip_bfloat16((float)a * (float)b); }
UNIHIP_BF16_FN __hip_bfloat16 __hdiv(__hip_bfloat16 a, __hip_bfloat16 b) { return __hip_bfloat16((float)a / (float)b); }
UNIHIP_BF16_FN __hip_bfloat16 __hadd_rn(__hip_bfloat16 a, __hip_bfloat16 b) { return __hadd(a, b); }
UNIHIP_BF16_FN __hip_bfloat16 __hsub_rn(__hip_bfloat16 a, __hip_bfloat16 b) { return __hsub(a, b); }
UNIHIP_BF16_FN __hip_bfloat16 __hmul_rn(__hip_bfloat16 a, __hip_bfloat16 b) { return __hmul(a, b); }
/* The product of two bf16 is exact in float; fmaf rounds the sum once before bf16. */
UNIHIP_BF16_FN __hip_bfloat16 __hfma(__hip_bfloat16 a, __hip_bfloat16 b, __hip_bfloat16 c) {
  return __hip_bfloat16(fmaf((float)a, (float)b, (float)c));
}
UNIHIP_BF16_FN __hip_bfloat16 __hadd_sat(__hip_bfloat16 a, __hip_bfloat16 b) { return __hip_bfloat16(__unihip_bf16_sat((float)a + (float)b)); }
UNIHIP_BF16_FN __hip_bfloat16 __hsub_sat(__hip_bfloat16 a, __hip_bfloat16 b) { return __hip_bfloat16(__unihip_bf16_sat((float)a - (float)b)); }
UNIHIP_BF16_FN __hip_bfloat16 __hmul_sat(__hip_bfloat16 a, __hip_bfloat16 b) { return __hip_bfloat16(__unihip_bf16_sat((float)a * (float)b)); }
UNIHIP_BF16_FN __hip_bfloat16 __hfma_sat(__hip_bfloat16 a, __hip_bfloat16 b, __hip_bfloat16 c) {
  return __hip_bfloat16(__unihip_bf16_sat(fmaf((float)a, (float)b, (float)c)));
}
UNIHIP_BF16_FN __hip_bfloat16 __hneg(__hip_bfloat16 a) { return UNIHIP_BF16_BITS(a.data ^ 0x8000u); }
UNIHIP_BF16_FN __hip_bfloat16 __habs(__hip_bfloat16 a) { return UNIHIP_BF16_BITS(a.data & 0x7fffu); }

#define UNIHIP_BF162_LANES2(name, op)                                                       \
  UNIHIP_BF16_FN __hip_bfloat162 name(__hip_bfloat162 a, __hip_bfloat162 b) {             \
    return __hip_bfloat162(op(a.x, b.x), op(a.y, b.y));                                   \
  }
#define UNIHIP_BF162_LANES1(name, op) \
  UNIHIP_BF16_FN __hip_bfloat162 name(__hip_bfloat162 a) { return __hip_bfloat162(op(a.x), op(a.y)); }
UNIHIP_BF162_LANES2(__hadd2, __hadd)
UNIHIP_BF162_LANES2(__hsub2, __hsub)
UNIHIP_BF162_LANES2(__hmul2, __hmul)
UNIHIP_BF162_LANES2(__h2div, __hdiv)
UNIHIP_BF162_LANES2(__hadd2_rn, __hadd)
UNIHIP_BF162_LANES2(__hsub2_rn, __hsub)
UNIHIP_BF162_LANES2(__hmul2_rn, __hmul)
UNIHIP_BF162_LANES2(__hadd2_sat, __hadd_sat)
UNIHIP_BF162_LANES2(__hsub2_sat, __hsub_sat)
UNIHIP_BF162_LANES2(__hmul2_sat, __hmul_sat)
UNIHIP_BF162_LANES1(__hneg2, __hneg)
UNIHIP_BF162_LANES1(__habs2, __habs)
UNIHIP_BF16_FN __hip_bfloat162 __hfma2(__hip_bfloat162 a, __hip_bfloat162 b, __hip_bfloat162 c) {
  return __hip_bfloat162(__hfma(a.x, b.x, c.x), __hfma(a.y, b.y, c.y));
}
UNIHIP_BF16_FN __hip_bfloat162 __hfma2_sat(__hip_bfloat162 a, __hip_bfloat162 b, __hip_bfloat162 c) {
  return __hip_bfloat162(__hfma_sat(a.x, b.x, c.x), __hfma_sat(a.y, b.y, c.y));
}

/* Comparisons: ordered (false with a NaN) and unordered ("u": true with a NaN). */
#define UNIHIP_BF16_CMP(stem, op)                                                              \
  UNIHIP_BF16_FN bool __h##stem(__hip_bfloat16 a, __hip_bfloat16 b) { return (float)a op (float)b; } \
  UNIHIP_BF16_FN bool __h##stem##u(__hip_bfloat16 a, __hip_bfloat16 b) {                          \
    return __hisnan(a) || __hisnan(b) || ((float)a op (float)b);                               \
  }                                                                                            \
  UNIHIP_BF16_FN bool __hb##stem##2(__hip_bfloat162 a, __hip_bfloat162 b) {                       \
    return __h##stem(a.x, b.x) && __h##stem(a.y, b.y);                                         \
  }                                                                                            \
  UNIHIP_BF16_FN bool __hb##stem##u2(__hip_bfloat162 a, __hip_bfloat162 b) {                      \
    return __h##stem##u(a.x, b.x) && __h##stem##u(a.y, b.y);                                   \
  }                                                                                            \
  UNIHIP_BF16_FN __hip_bfloat162 __h##stem##2(__hip_bfloat162 a, __hip_bfloat162 b) {            \
    return __hip_bfloat162(__hip_bfloat16(__h##stem(a.x, b.x) ? 1.0f : 0.0f),                  \
                           __hip_bfloat16(__h##stem(a.y, b.y) ? 1.0f : 0.0f));                 \
  }                                                                                            \
  UNIHIP_BF16_FN __hip_bfloat162 __h##stem##u2(__hip_bfloat162 a, __hip_bfloat162 b) {           \
    return __hip_bfloat162(__hip_bfloat16(__h##stem##u(a.x, b.x) ? 1.0f : 0.0f),               \
                           __hip_bfloat16(__h##stem##u(a.y, b.y) ? 1.0f : 0.0f));              \
  }
UNIHIP_BF16_CMP(eq, ==)
UNIHIP_BF16_CMP(lt, <)
UNIHIP_BF16_CMP(le, <=)
UNIHIP_BF16_CMP(gt, >)
UNIHIP_BF16_CMP(ge, >=)
#undef UNIHIP_BF16_CMP
/* != : ordered form false with a NaN, "u" form true. */
UNIHIP_BF16_FN bool __hne(__hip_bfloat16 a, __hip_bfloat16 b) {
  return !__hisnan(a) && !__hisnan(b) && (float)a != (float)b;
}
UNIHIP_BF16_FN bool __hneu(__hip_bfloat16 a, __hip_bfloat16 b) { return (float)a != (float)b; }
UNIHIP_BF16_FN bool __hbne2(__hip_bfloat162 a, __hip_bfloat162 b) { return __hne(a.x, b.x) && __hne(a.y, b.y); }
UNIHIP_BF16_FN bool __hbneu2(__hip_bfloat162 a, __hip_bfloat162 b) { return __hneu(a.x, b.x) && __hneu(a.y, b.y); }
UNIHIP_BF16_FN __hip_bfloat162 __hne2(__hip_bfloat162 a, __hip_bfloat162 b) {
  return __hip_bfloat162(__hip_bfloat16(__hne(a.x, b.x) ? 1.0f : 0.0f), __hip_bfloat16(__hne(a.y, b.y) ? 1.0f : 0.0f));
}
UNIHIP_BF16_FN __hip_bfloat162 __hneu2(__hip_bfloat162 a, __hip_bfloat162 b) {
  return __hip_bfloat162(__hip_bfloat16(__hneu(a.x, b.x) ? 1.0f : 0.0f), __hip_bfloat16(__hneu(a.y, b.y) ? 1.0f : 0.0f));
}

/* min/max: a NaN operand loses (the _nan forms propagate it). */
UNIHIP_BF16_FN __hip_bfloat16 __hmax(__hip_bfloat16 a, __hip_bfloat16 b) {
  return __hisnan(a) ? b : (__hisnan(b) || (float)a > (float)b ? a : b);
}
UNIHIP_BF16_FN __hip_bfloat16 __hmin(__hip_bfloat16 a, __hip_bfloat16 b) {
  return __hisnan(a) ? b : (__hisnan(b) || (float)a < (float)b ? a : b);
}
UNIHIP_BF16_FN __hip_bfloat16 __hmax_nan(__hip_bfloat16 a, __hip_bfloat16 b) {
  return __hisnan(a) ? a : (__hisnan(b) ? b : __hmax(a, b));
}
UNIHIP_BF16_FN __hip_bfloat16 __hmin_nan(__hip_bfloat16 a, __hip_bfloat16 b) {
  return __hisnan(a) ? a : (__hisnan(b) ? b : __hmin(a, b));
}
UNIHIP_BF162_LANES2(__hmax2, __hmax)
UNIHIP_BF162_LANES2(__hmin2, __hmin)
UNIHIP_BF162_LANES2(__hmax2_nan, __hmax_nan)
UNIHIP_BF162_LANES2(__hmin2_nan, __hmin_nan)

/* Math, in float. */
#define UNIHIP_BF16_MATH(name, expr)                                                    \
  UNIHIP_BF16_FN __hip_bfloat16 h##name(__hip_bfloat16 a) {                            \
    float x = (float)a;                                                                \
    return __hip_bfloat16(expr);                                                       \
  }                                                                                    \
  UNIHIP_BF162_LANES1(h2##name, h##name)
UNIHIP_BF16_MATH(ceil, ceilf(x))
UNIHIP_BF16_MATH(floor, floorf(x))
UNIHIP_BF16_MATH(trunc, truncf(x))
UNIHIP_BF16_MATH(rint, rintf(x))
UNIHIP_BF16_MATH(sqrt, sqrtf(x))
UNIHIP_BF16_MATH(rsqrt, 1.0f / sqrtf(x))
UNIHIP_BF16_MATH(rcp, 1.0f / x)
UNIHIP_BF16_MATH(exp, expf(x))
UNIHIP_BF16_MATH(exp2, exp2f(x))
UNIHIP_BF16_MATH(exp10, powf(10.0f, x))
UNIHIP_BF16_MATH(log, logf(x))
UNIHIP_BF16_MATH(log2, log2f(x))
UNIHIP_BF16_MATH(log10, log10f(x))
UNIHIP_BF16_MATH(sin, sinf(x))
UNIHIP_BF16_MATH(cos, cosf(x))
#undef UNIHIP_BF16_MATH

/* C++ operators. */
#define UNIHIP_BF16_OPS(T, add, sub, mul, div, neg)                                       \
  UNIHIP_BF16_FN T operator+(const T& a, const T& b) { return add(a, b); }                \
  UNIHIP_BF16_FN T operator-(const T& a, const T& b) { return sub(a, b); }                \
  UNIHIP_BF16_FN T operator*(const T& a, const T& b) { return mul(a, b); }                \
  UNIHIP_BF16_FN T operator/(const T& a, const T& b) { return div(a, b); }                \
  UNIHIP_BF16_FN T& operator+=(T& a, const T& b) { return a = add(a, b); }                \
  UNIHIP_BF16_FN T& operator-=(T& a, const T& b) { return a = sub(a, b); }                \
  UNIHIP_BF16_FN T& operator*=(T& a, const T& b) { return a = mul(a, b); }                \
  UNIHIP_BF16_FN T& operator/=(T& a, const T& b) { return a = div(a, b); }                \
  UNIHIP_BF16_FN T operator+(const T& a) { return a; }                                    \
  UNIHIP_BF16_FN T operator-(const T& a) { return neg(a); }
UNIHIP_BF16_OPS(__hip_bfloat16, __hadd, __hsub, __hmul, __hdiv, __hneg)
UNIHIP_BF16_OPS(__hip_bfloat162, __hadd2, __hsub2, __hmul2, __h2div, __hneg2)
#undef UNIHIP_BF16_OPS
UNIHIP_BF16_FN __hip_bfloat16& operator++(__hip_bfloat16& a) { return a = __hadd(a, __hip_bfloat16(1.0f)); }
UNIHIP_BF16_FN __hip_bfloat16& operator--(__hip_bfloat16& a) { return a = __hsub(a, __hip_bfloat16(1.0f)); }
UNIHIP_BF16_FN __hip_bfloat16 operator++(__hip_bfloat16& a, int) { __hip_bfloat16 old = a; ++a; return old; }
UNIHIP_BF16_FN __hip_bfloat16 operator--(__hip_bfloat16& a, int) { __hip_bfloat16 old = a; --a; return old; }
UNIHIP_BF16_FN bool operator==(const __hip_bfloat16& a, const __hip_bfloat16& b) { return __heq(a, b); }
UNIHIP_BF16_FN bool operator!=(const __hip_bfloat16& a, const __hip_bfloat16& b) { return __hneu(a, b); }
UNIHIP_BF16_FN bool operator<(const __hip_bfloat16& a, const __hip_bfloat16& b) { return __hlt(a, b); }
UNIHIP_BF16_FN bool operator<=(const __hip_bfloat16& a, const __hip_bfloat16& b) { return __hle(a, b); }
UNIHIP_BF16_FN bool operator>(const __hip_bfloat16& a, const __hip_bfloat16& b) { return __hgt(a, b); }
UNIHIP_BF16_FN bool operator>=(const __hip_bfloat16& a, const __hip_bfloat16& b) { return __hge(a, b); }
UNIHIP_BF16_FN bool operator==(const __hip_bfloat162& a, const __hip_bfloat162& b) { return __hbeq2(a, b); }
UNIHIP_BF16_FN bool operator!=(const __hip_bfloat162& a, const __hip_bfloat162& b) { return __hbneu2(a, b); }
UNIHIP_BF16_FN bool operator<(const __hip_bfloat162& a, const __hip_bfloat162& b) { return __hblt2(a, b); }
UNIHIP_BF16_FN bool operator<=(const __hip_bfloat162& a, const __hip_bfloat162& b) { return __hble2(a, b); }
UNIHIP_BF16_FN bool operator>(const __hip_bfloat162& a, const __hip_bfloat162& b) { return __hbgt2(a, b); }
UNIHIP_BF16_FN bool operator>=(const __hip_bfloat162& a, const __hip_bfloat162& b) { return __hbge2(a, b); }

#if defined(UNIHIP_OFFLOAD_LANGUAGE)
UNIHIP_PACKED_ATOMIC_ADD(__hip_bfloat162, __hadd2)
/* Warp shuffles of bfloat16s: moved as 32-bit lanes, as the half ones. */
#define UNIHIP_BF16_SHFL(name, Arg)                                                             \
  __device__ inline __hip_bfloat162 name##_sync(unsigned long long m, __hip_bfloat162 v, Arg a, \
                                                int w = warpSize) {                             \
    return __builtin_bit_cast(__hip_bfloat162,                                                  \
                              name##_sync(m, __builtin_bit_cast(unsigned int, v), a, w));       \
  }                                                                                             \
  __device__ inline __hip_bfloat16 name##_sync(unsigned long long m, __hip_bfloat16 v, Arg a,   \
                                               int w = warpSize) {                              \
    return __ushort_as_bfloat16(                                                                \
        (unsigned short)name##_sync(m, (unsigned int)__bfloat16_as_ushort(v), a, w));           \
  }
UNIHIP_BF16_SHFL(__shfl, int)
UNIHIP_BF16_SHFL(__shfl_up, unsigned int)
UNIHIP_BF16_SHFL(__shfl_down, unsigned int)
UNIHIP_BF16_SHFL(__shfl_xor, int)
#undef UNIHIP_BF16_SHFL
#endif

#undef UNIHIP_BF162_LANES1
#undef UNIHIP_BF162_LANES2
#undef UNIHIP_BF16_BITS
#undef UNIHIP_BF16

#endif /* __cplusplus */

#endif /* UNIHIP_HIP_BF16_H */
