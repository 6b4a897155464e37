/* unihip device side: fast math intrinsics (__expf, __fdividef, ...), explicitly rounded
 * arithmetic (__fadd_rn, ...), bit casts and float <-> integer conversions.
 *
 * Fast intrinsics trade accuracy for speed, so NVIDIA and AMD results differ in the last bits,
 * as they do under HIP: NVIDIA uses libdevice's __nv_fast_* routines, AMD the native
 * (hardware-approximation) ocml routines. The rounded arithmetic (_rn, _rz, _ru, _rd) is exact
 * IEEE arithmetic in the mode asked on both. */
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

/* Directed rounding: _rz toward zero, _ru up, _rd down. NVIDIA has an instruction per mode
 * (add.rz, div.rp, sqrt.rm...: clang's __nvvm builtins). AMD has none: ROCm's ocml sets the MODE
 * register around add, sub, mul and fma (__ocml_add_rtn_f32...; absent from the ocml of ROCm
 * before 6, and its f64 forms undone by the backend, which resets the f64 mode before each f64
 * instruction of a function that is not strictfp) and declares div and sqrt without defining
 * them. So on AMD each operation takes the round-to-nearest result r of the hardware and steps
 * it one ulp when the exact result lies on the wrong side of r, which the sign of a*b + c - r
 * tells (exact_side: exact for all finite operands). Host code sees the same functions, which
 * lets a test check them on the CPU against its own rounding modes. */
namespace unihip_rounding {
enum Mode { Up = 1, Down = 2, Zero = 3 };

#if defined(UNIHIP_DEVICE_NVPTX)
#define UNIHIP_NVVM(op, t, M, ...)                                           \
  (M == Zero ? __nvvm_##op##_rz_##t(__VA_ARGS__)                             \
             : M == Up ? __nvvm_##op##_rp_##t(__VA_ARGS__) : __nvvm_##op##_rm_##t(__VA_ARGS__))
#define UNIHIP_ROUNDED_OPS(F, t)                                                             \
  template <int M> __device__ inline F add(F x, F y) { return UNIHIP_NVVM(add, t, M, x, y); } \
  template <int M> __device__ inline F sub(F x, F y) { return UNIHIP_NVVM(add, t, M, x, -y); } \
  template <int M> __device__ inline F mul(F x, F y) { return UNIHIP_NVVM(mul, t, M, x, y); } \
  template <int M> __device__ inline F div(F x, F y) { return UNIHIP_NVVM(div, t, M, x, y); } \
  template <int M> __device__ inline F fma(F x, F y, F z) {                                   \
    return UNIHIP_NVVM(fma, t, M, x, y, z);                                                   \
  }                                                                                           \
  template <int M> __device__ inline F rcp(F x) { return UNIHIP_NVVM(rcp, t, M, x); }         \
  template <int M> __device__ inline F sqrt(F x) { return UNIHIP_NVVM(sqrt, t, M, x); }
UNIHIP_ROUNDED_OPS(float, f)
UNIHIP_ROUNDED_OPS(double, d)
#undef UNIHIP_ROUNDED_OPS
#undef UNIHIP_NVVM
#else
#define UNIHIP_DIRECTED_ROUNDING_EMULATED 1
#define UNIHIP_RD __host__ __device__ inline

template <class F> struct Traits;
template <> struct Traits<float> {
  using Bits = unsigned int;
  static constexpr int digits = 24;
  static UNIHIP_RD float frexp(float v, int* e) { return __builtin_frexpf(v, e); }
  static UNIHIP_RD float ldexp(float v, int e) { return __builtin_ldexpf(v, e); }
};
template <> struct Traits<double> {
  using Bits = unsigned long long;
  static constexpr int digits = 53;
  static UNIHIP_RD double frexp(double v, int* e) { return __builtin_frexp(v, e); }
  static UNIHIP_RD double ldexp(double v, int e) { return __builtin_ldexp(v, e); }
};
template <class F> UNIHIP_RD bool finite(F v) { return __builtin_isfinite(v); }
template <class F> UNIHIP_RD int sign_of(F v) { return v > F(0) ? 1 : (v < F(0) ? -1 : 0); }

/* s + e == a + b exactly (no overflow assumed) */
template <class F> UNIHIP_RD void two_sum(F a, F b, F& s, F& e) {
#pragma clang fp contract(off)
  s = a + b;
  F bb = s - a;
  e = (a - (s - bb)) + (b - bb);
}
/* sign(t[0] + t[1] + t[2] + t[3]), exactly: the terms grown into a nonoverlapping expansion
 * (Shewchuk), whose largest nonzero component has the sign of the sum */
template <class F> UNIHIP_RD int sum_sign(const F (&t)[4]) {
  F e[4];
  for (int n = 0; n < 4; ++n) {
    F q = t[n];
    for (int i = 0; i < n; ++i) two_sum(q, e[i], q, e[i]);
    e[n] = q;
  }
  for (int i = 3; i >= 0; --i)
    if (e[i] != F(0)) return sign_of(e[i]);
  return 0;
}
/* sign(a*b + c - r) for finite operands. Each term is scaled by the same power of two, so that
 * the largest lies near 1; a term smaller than that by more than 2^(2p+8) keeps only its sign
 * (clamped), which is all it can decide: it decides only when the larger terms cancel exactly,
 * and otherwise their sum exceeds it. a*b is split exactly into u1 + u2 on the mantissas. */
template <class F> UNIHIP_RD int exact_side(F a, F b, F c, F r) {
  using T = Traits<F>;
  int ea, eb, ec, er;
  F ma = T::frexp(a, &ea), mb = T::frexp(b, &eb), mc = T::frexp(c, &ec), mr = T::frexp(r, &er);
  F u1 = ma * mb, u2 = __builtin_elementwise_fma(ma, mb, -u1);
  const int ep = ea + eb, lim = 2 * T::digits + 8;
  bool hp = u1 != F(0), hc = c != F(0), hr = r != F(0);
  if (!hp && !hc && !hr) return 0;
  int top = -(1 << 30);
  if (hp && ep > top) top = ep;
  if (hc && ec > top) top = ec;
  if (hr && er > top) top = er;
  auto shift = [&](int e) { return e - top < -lim ? -lim : e - top; };
  const F t[4] = {T::ldexp(u2, shift(ep)), T::ldexp(u1, shift(ep)), T::ldexp(mc, shift(ec)),
                  T::ldexp(-mr, shift(er))};
  return sum_sign(t);
}
/* q one ulp up (dir > 0) or down; zero steps to the smallest subnormal, infinity to the largest
 * finite value */
template <class F> UNIHIP_RD F step(F q, int dir) {
  using B = typename Traits<F>::Bits;
  if (q == F(0)) return dir > 0 ? __builtin_bit_cast(F, B(1)) : -__builtin_bit_cast(F, B(1));
  B bits = __builtin_bit_cast(B, q);
  return __builtin_bit_cast(F, (q > F(0)) == (dir > 0) ? B(bits + 1) : B(bits - 1));
}
/* r, the round-to-nearest result, rounded as M asks given side = sign(exact - r); an infinite r
 * from finite operands overflowed, so the exact value lies below it in magnitude. */
template <int M, class F> UNIHIP_RD F direct(F r, int side) {
  if (r != r) return r;
  if (!finite(r)) side = -sign_of(r);
  if (side == 0) return r;
  if (M == Up) return side > 0 ? step(r, 1) : r;
  if (M == Down) return side < 0 ? step(r, -1) : r;
  return (r > F(0) && side < 0) || (r < F(0) && side > 0) ? step(r, side) : r;
}
/* r + s rounded down, exact zero: -0 when the addends' signs differ (IEEE 754 6.3) */
template <int M, class F> UNIHIP_RD F zero_sign(F r, bool neg1, bool neg2) {
  return M == Down && r == F(0) && neg1 != neg2 ? -F(0) : r;
}
template <int M, class F> UNIHIP_RD F fma(F x, F y, F z) {
  F r = __builtin_elementwise_fma(x, y, z);
  if (!finite(x) || !finite(y) || !finite(z)) return r;
  int side = finite(r) ? exact_side(x, y, z, r) : 0;
  return zero_sign<M>(direct<M>(r, side), __builtin_signbit(x) != __builtin_signbit(y),
                      __builtin_signbit(z));
}
template <int M, class F> UNIHIP_RD F add(F x, F y) { return fma<M>(x, F(1), y); }
template <int M, class F> UNIHIP_RD F sub(F x, F y) { return fma<M>(x, F(1), -y); }
template <int M, class F> UNIHIP_RD F mul(F x, F y) {
  F r = x * y;
  if (!finite(x) || !finite(y)) return r;
  return direct<M>(r, finite(r) ? exact_side(x, y, F(0), r) : 0);
}
template <int M, class F> UNIHIP_RD F div(F x, F y) {
  F q = x / y;
  if (!finite(x) || !finite(y) || y == F(0)) return q;
  // sign(x/y - q) = sign(x - q*y) * sign(y)
  return direct<M>(q, finite(q) ? -exact_side(q, y, F(0), x) * sign_of(y) : 0);
}
template <int M, class F> UNIHIP_RD F rcp(F x) { return div<M>(F(1), x); }
template <int M, class F> UNIHIP_RD F sqrt(F x) {
  F s = __builtin_elementwise_sqrt(x);
  if (!(x > F(0)) || !finite(x)) return s;
  return direct<M>(s, -exact_side(s, s, F(0), x));  // sign(x - s*s)
}
#undef UNIHIP_RD
#endif
}  // namespace unihip_rounding

/* CUDA stem, operation, type, arity: _rz, _ru and _rd of each (the _rn forms are above). */
#define UNIHIP_DIRECTED_TABLE(X)                                                              \
  X(__fadd, add, float, 2) X(__fsub, sub, float, 2) X(__fmul, mul, float, 2)                  \
  X(__fdiv, div, float, 2) X(__fmaf, fma, float, 3) X(__fmaf_ieee, fma, float, 3)             \
  X(__frcp, rcp, float, 1) X(__fsqrt, sqrt, float, 1)                                         \
  X(__dadd, add, double, 2) X(__dsub, sub, double, 2) X(__dmul, mul, double, 2)               \
  X(__ddiv, div, double, 2) X(__fma, fma, double, 3) X(__drcp, rcp, double, 1)                \
  X(__dsqrt, sqrt, double, 1)
#define UNIHIP_PARAMS1(F) F x
#define UNIHIP_PARAMS2(F) F x, F y
#define UNIHIP_PARAMS3(F) F x, F y, F z
#define UNIHIP_ARGS1 x
#define UNIHIP_ARGS2 x, y
#define UNIHIP_ARGS3 x, y, z
#define UNIHIP_DIRECTED_ONE(stem, op, F, n, suffix, M)   \
  UNIHIP_MATH F stem##_##suffix(UNIHIP_PARAMS##n(F)) {   \
    return ::unihip_rounding::op<::unihip_rounding::M>(UNIHIP_ARGS##n); \
  }
#define UNIHIP_DIRECTED(stem, op, F, n)            \
  UNIHIP_DIRECTED_ONE(stem, op, F, n, rz, Zero)    \
  UNIHIP_DIRECTED_ONE(stem, op, F, n, ru, Up)      \
  UNIHIP_DIRECTED_ONE(stem, op, F, n, rd, Down)
UNIHIP_DIRECTED_TABLE(UNIHIP_DIRECTED)
UNIHIP_MATH float __fmaf_ieee_rn(float x, float y, float z) { return __fmaf_rn(x, y, z); }
#undef UNIHIP_DIRECTED
#undef UNIHIP_DIRECTED_ONE
#undef UNIHIP_DIRECTED_TABLE
#undef UNIHIP_PARAMS1
#undef UNIHIP_PARAMS2
#undef UNIHIP_PARAMS3
#undef UNIHIP_ARGS1
#undef UNIHIP_ARGS2
#undef UNIHIP_ARGS3

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
