/* unihip device side: fast math intrinsics (__expf, __fdividef, ...), explicitly rounded
 * arithmetic (__fadd_rn, ...), bit casts and float <-> integer conversions.
 *
 * Fast intrinsics trade accuracy for speed, so NVIDIA and AMD results differ in the last bits,
 * as they do under HIP: NVIDIA uses libdevice's __nv_fast_* routines, AMD the native
 * (hardware-approximation) ocml routines. The _rn arithmetic is IEEE round-to-nearest on both;
 * AMD has no other rounding modes per instruction, so only the _rn forms are provided. */
#ifndef UNIHIP_DEVICE_MATH_INTRINSICS_H
#define UNIHIP_DEVICE_MATH_INTRINSICS_H

#include "hip/unihip/math_functions.h"

#if defined(UNIHIP_OFFLOAD_LANGUAGE)

#if defined(UNIHIP_DEVICE_NVPTX)
#define UNIHIP_FAST(nv, amd) __nv_fast_##nv
#else
#define UNIHIP_FAST(nv, amd) __ocml_##amd
#endif

UNIHIP_MATH float __expf(float x) { return UNIHIP_FAST(expf, native_exp_f32)(x); }
UNIHIP_MATH float __exp10f(float x) { return UNIHIP_FAST(exp10f, native_exp10_f32)(x); }
UNIHIP_MATH float __logf(float x) { return UNIHIP_FAST(logf, native_log_f32)(x); }
UNIHIP_MATH float __log2f(float x) { return UNIHIP_FAST(log2f, native_log2_f32)(x); }
UNIHIP_MATH float __log10f(float x) { return UNIHIP_FAST(log10f, native_log10_f32)(x); }
UNIHIP_MATH float __sinf(float x) { return UNIHIP_FAST(sinf, native_sin_f32)(x); }
UNIHIP_MATH float __cosf(float x) { return UNIHIP_FAST(cosf, native_cos_f32)(x); }
UNIHIP_MATH float __tanf(float x) { return UNIHIP_FAST(tanf, tan_f32)(x); }
UNIHIP_MATH float __powf(float x, float y) { return UNIHIP_FAST(powf, pow_f32)(x, y); }
#undef UNIHIP_FAST
UNIHIP_MATH void __sincosf(float x, float* s, float* c) {
#if defined(UNIHIP_DEVICE_NVPTX)
  __nv_fast_sincosf(x, s, c);
#else
  *s = __ocml_native_sin_f32(x);
  *c = __ocml_native_cos_f32(x);
#endif
}
UNIHIP_MATH float __fdividef(float x, float y) {
#if defined(UNIHIP_DEVICE_NVPTX)
  return __nv_fast_fdividef(x, y);
#else
  return x / y;
#endif
}
UNIHIP_MATH float __saturatef(float x) { return x < 0.0f ? 0.0f : (x > 1.0f ? 1.0f : (x == x ? x : 0.0f)); }

/* Round-to-nearest-even arithmetic; never contracted into an fma. On NVIDIA clang's CUDA mode
 * fuses fmul + fadd in the backend whatever the pragma says, so these use libdevice's _rn
 * routines (mul.rn.f32 etc., which ptxas never fuses); on AMD clang honours the pragma. */
#if defined(UNIHIP_DEVICE_NVPTX)
#define UNIHIP_RN2(name, F, nv, op) UNIHIP_MATH F name(F x, F y) { return __nv_##nv(x, y); }
#define UNIHIP_RN1(name, F, nv, expr) UNIHIP_MATH F name(F x) { return __nv_##nv(x); }
#define UNIHIP_RN3(name, F, nv) UNIHIP_MATH F name(F x, F y, F z) { return __nv_##nv(x, y, z); }
#else
#define UNIHIP_EXACT _Pragma("clang fp contract(off)")
#define UNIHIP_RN2(name, F, nv, op) UNIHIP_MATH F name(F x, F y) { UNIHIP_EXACT return x op y; }
#define UNIHIP_RN1(name, F, nv, expr) UNIHIP_MATH F name(F x) { UNIHIP_EXACT return expr; }
#define UNIHIP_RN3(name, F, nv) \
  UNIHIP_MATH F name(F x, F y, F z) { UNIHIP_EXACT return fma(x, y, z); }
#endif
UNIHIP_RN2(__fadd_rn, float, fadd_rn, +)
UNIHIP_RN2(__fsub_rn, float, fsub_rn, -)
UNIHIP_RN2(__fmul_rn, float, fmul_rn, *)
UNIHIP_RN2(__fdiv_rn, float, fdiv_rn, /)
UNIHIP_RN1(__frcp_rn, float, frcp_rn, 1.0f / x)
UNIHIP_RN1(__fsqrt_rn, float, fsqrt_rn, sqrtf(x))
UNIHIP_RN1(__frsqrt_rn, float, frsqrt_rn, rsqrtf(x))
UNIHIP_RN3(__fmaf_rn, float, fmaf_rn)
UNIHIP_RN2(__dadd_rn, double, dadd_rn, +)
UNIHIP_RN2(__dsub_rn, double, dsub_rn, -)
UNIHIP_RN2(__dmul_rn, double, dmul_rn, *)
UNIHIP_RN2(__ddiv_rn, double, ddiv_rn, /)
UNIHIP_RN1(__drcp_rn, double, drcp_rn, 1.0 / x)
UNIHIP_RN1(__dsqrt_rn, double, dsqrt_rn, sqrt(x))
UNIHIP_RN3(__fma_rn, double, fma_rn)
#undef UNIHIP_RN1
#undef UNIHIP_RN2
#undef UNIHIP_RN3
#undef UNIHIP_EXACT

/* Bit casts. */
UNIHIP_MATH int __float_as_int(float x) { return __builtin_bit_cast(int, x); }
UNIHIP_MATH unsigned int __float_as_uint(float x) { return __builtin_bit_cast(unsigned int, x); }
UNIHIP_MATH float __int_as_float(int x) { return __builtin_bit_cast(float, x); }
UNIHIP_MATH float __uint_as_float(unsigned int x) { return __builtin_bit_cast(float, x); }
UNIHIP_MATH long long __double_as_longlong(double x) { return __builtin_bit_cast(long long, x); }
UNIHIP_MATH double __longlong_as_double(long long x) { return __builtin_bit_cast(double, x); }
UNIHIP_MATH int __double2hiint(double x) { return (int)(__double_as_longlong(x) >> 32); }
UNIHIP_MATH int __double2loint(double x) { return (int)__double_as_longlong(x); }
UNIHIP_MATH double __hiloint2double(int hi, int lo) {
  return __longlong_as_double((long long)(((unsigned long long)(unsigned int)hi << 32) | (unsigned int)lo));
}

/* float -> integer with an explicit rounding: rn nearest-even, rz toward zero, ru up, rd down. */
#define UNIHIP_F2I(name, F, I)                                          \
  UNIHIP_MATH I name##_rn(F x) { return (I)__builtin_rint(x); }         \
  UNIHIP_MATH I name##_rz(F x) { return (I)x; }                         \
  UNIHIP_MATH I name##_ru(F x) { return (I)__builtin_ceil(x); }         \
  UNIHIP_MATH I name##_rd(F x) { return (I)__builtin_floor(x); }
UNIHIP_F2I(__float2int, float, int)
UNIHIP_F2I(__float2uint, float, unsigned int)
UNIHIP_F2I(__float2ll, float, long long)
UNIHIP_F2I(__float2ull, float, unsigned long long)
UNIHIP_F2I(__double2int, double, int)
UNIHIP_F2I(__double2uint, double, unsigned int)
UNIHIP_F2I(__double2ll, double, long long)
UNIHIP_F2I(__double2ull, double, unsigned long long)
#undef UNIHIP_F2I
UNIHIP_MATH double __int2double_rn(int x) { return (double)x; }
UNIHIP_MATH double __uint2double_rn(unsigned int x) { return (double)x; }

/* Narrowing conversions with a rounding mode: NVIDIA rounds as asked (libdevice); AMD's HIP
 * converts with the default rounding (nearest) whatever the suffix, and so does unihip there. */
#if defined(UNIHIP_DEVICE_NVPTX)
#define UNIHIP_CVT(name, To, From, nv) \
  UNIHIP_MATH To name(From x) { return __nv_##nv(x); }
#else
#define UNIHIP_CVT(name, To, From, nv) \
  UNIHIP_MATH To name(From x) { return (To)x; }
#endif
#define UNIHIP_CVT4(stem, To, From)                 \
  UNIHIP_CVT(__##stem##_rn, To, From, stem##_rn)    \
  UNIHIP_CVT(__##stem##_rz, To, From, stem##_rz)    \
  UNIHIP_CVT(__##stem##_ru, To, From, stem##_ru)    \
  UNIHIP_CVT(__##stem##_rd, To, From, stem##_rd)
UNIHIP_CVT4(int2float, float, int)
UNIHIP_CVT4(uint2float, float, unsigned int)
UNIHIP_CVT4(ll2float, float, long long)
UNIHIP_CVT4(ull2float, float, unsigned long long)
UNIHIP_CVT4(ll2double, double, long long)
UNIHIP_CVT4(ull2double, double, unsigned long long)
UNIHIP_CVT4(double2float, float, double)
#undef UNIHIP_CVT4
#undef UNIHIP_CVT

#undef UNIHIP_MATH_F32
#undef UNIHIP_MATH_F64
#undef UNIHIP_MATH

#endif /* UNIHIP_OFFLOAD_LANGUAGE */

#endif /* UNIHIP_DEVICE_MATH_INTRINSICS_H */
