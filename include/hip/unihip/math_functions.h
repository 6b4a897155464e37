/* unihip device side: the float and double math functions of HIP's device math API.
 *
 * Each function is one row of a table naming its libdevice routine (NVIDIA, __nv_*) and its
 * ROCm device library routine (AMD, __ocml_*); the declarations of both come from clang's own
 * __clang_cuda_libdevice_declares.h / __clang_hip_libdevice_declares.h and unihipcc links the
 * bitcode libraries. For every name `f` we define, as device functions in the global namespace:
 *   double f(double), float ff(float), and the C++ overload float f(float).
 * Their standard names are also brought into namespace std (end of file). The host pass parses the AMD bodies
 * (it uses the AMD aux target) and never emits them. */
#ifndef UNIHIP_DEVICE_MATH_FUNCTIONS_H
#define UNIHIP_DEVICE_MATH_FUNCTIONS_H

#include "hip/unihip/qualifiers.h"

#if defined(UNIHIP_OFFLOAD_LANGUAGE)

#if defined(UNIHIP_DEVICE_NVPTX)
#include <__clang_cuda_libdevice_declares.h>
#define UNIHIP_MATH_F32(nv, amd) __nv_##nv##f
#define UNIHIP_MATH_F64(nv, amd) __nv_##nv
#else
#include <__clang_hip_libdevice_declares.h>
#define UNIHIP_MATH_F32(nv, amd) __ocml_##amd##_f32
#define UNIHIP_MATH_F64(nv, amd) __ocml_##amd##_f64
#endif

#define UNIHIP_MATH static __device__ __inline__ __attribute__((always_inline))

/* name, libdevice stem, ocml stem */
#define UNIHIP_MATH_UNARY_TABLE(X)                                                            \
  X(acos, acos, acos) X(acosh, acosh, acosh) X(asin, asin, asin) X(asinh, asinh, asinh)       \
  X(atan, atan, atan) X(atanh, atanh, atanh) X(cbrt, cbrt, cbrt) X(ceil, ceil, ceil)          \
  X(cos, cos, cos) X(cosh, cosh, cosh) X(cospi, cospi, cospi) X(erf, erf, erf)                \
  X(erfc, erfc, erfc) X(erfcinv, erfcinv, erfcinv) X(erfcx, erfcx, erfcx)                     \
  X(erfinv, erfinv, erfinv) X(exp, exp, exp) X(exp10, exp10, exp10) X(exp2, exp2, exp2)       \
  X(expm1, expm1, expm1) X(fabs, fabs, fabs) X(floor, floor, floor) X(j0, j0, j0)             \
  X(j1, j1, j1) X(lgamma, lgamma, lgamma) X(log, log, log) X(log10, log10, log10)             \
  X(log1p, log1p, log1p) X(log2, log2, log2) X(logb, logb, logb)                              \
  X(nearbyint, nearbyint, nearbyint) X(normcdf, normcdf, ncdf)                                \
  X(normcdfinv, normcdfinv, ncdfinv) X(rcbrt, rcbrt, rcbrt) X(rint, rint, rint)               \
  X(round, round, round) X(rsqrt, rsqrt, rsqrt) X(sin, sin, sin) X(sinh, sinh, sinh)          \
  X(sinpi, sinpi, sinpi) X(tan, tan, tan) X(tanh, tanh, tanh)                                 \
  X(tgamma, tgamma, tgamma) X(trunc, trunc, trunc) X(y0, y0, y0) X(y1, y1, y1)             \
  X(cyl_bessel_i0, cyl_bessel_i0, i0) X(cyl_bessel_i1, cyl_bessel_i1, i1)

#define UNIHIP_MATH_BINARY_TABLE(X)                                                           \
  X(atan2, atan2, atan2) X(copysign, copysign, copysign) X(fdim, fdim, fdim)                  \
  X(fmax, fmax, fmax) X(fmin, fmin, fmin) X(fmod, fmod, fmod) X(hypot, hypot, hypot)          \
  X(nextafter, nextafter, nextafter) X(pow, pow, pow) X(remainder, remainder, remainder)    \
  X(rhypot, rhypot, rhypot)

#define UNIHIP_MATH_UNARY(name, nv, amd)                                                      \
  UNIHIP_MATH float name##f(float x) { return UNIHIP_MATH_F32(nv, amd)(x); }                  \
  UNIHIP_MATH double name(double x) { return UNIHIP_MATH_F64(nv, amd)(x); }                   \
  UNIHIP_MATH float name(float x) { return name##f(x); }
#define UNIHIP_MATH_BINARY(name, nv, amd)                                                     \
  UNIHIP_MATH float name##f(float x, float y) { return UNIHIP_MATH_F32(nv, amd)(x, y); }      \
  UNIHIP_MATH double name(double x, double y) { return UNIHIP_MATH_F64(nv, amd)(x, y); }      \
  UNIHIP_MATH float name(float x, float y) { return name##f(x, y); }

UNIHIP_MATH_UNARY_TABLE(UNIHIP_MATH_UNARY)
UNIHIP_MATH_BINARY_TABLE(UNIHIP_MATH_BINARY)

/* sqrt is correctly rounded, as CUDA's default (-prec-sqrt=true): libdevice's __nv_sqrtf
 * keys off a reflect flag clang leaves unset and would give sqrt.approx.f32. */
#if defined(UNIHIP_DEVICE_NVPTX)
UNIHIP_MATH float sqrtf(float x) { return __nv_fsqrt_rn(x); }
UNIHIP_MATH double sqrt(double x) { return __nv_dsqrt_rn(x); }
#else
UNIHIP_MATH float sqrtf(float x) { return __ocml_sqrt_f32(x); }
UNIHIP_MATH double sqrt(double x) { return __ocml_sqrt_f64(x); }
#endif
UNIHIP_MATH float sqrt(float x) { return sqrtf(x); }

UNIHIP_MATH float fmaf(float x, float y, float z) { return UNIHIP_MATH_F32(fma, fma)(x, y, z); }
UNIHIP_MATH double fma(double x, double y, double z) { return UNIHIP_MATH_F64(fma, fma)(x, y, z); }
UNIHIP_MATH float fma(float x, float y, float z) { return fmaf(x, y, z); }
/* In half precision, as HIP's overload (one rounding of the f16 result). */
UNIHIP_MATH _Float16 fma(_Float16 x, _Float16 y, _Float16 z) { return __builtin_elementwise_fma(x, y, z); }
/* fma with mixed argument types (fma(x, y, 1), float with double) computes in double, as the
 * C++ <cmath> rule and HIP's overloads do; with only the two exact overloads it is ambiguous. */
template <typename A, typename B, typename C,
          typename = typename std::enable_if<
              std::is_arithmetic<A>::value && std::is_arithmetic<B>::value &&
              std::is_arithmetic<C>::value &&
              !(std::is_same<A, B>::value && std::is_same<B, C>::value &&
                std::is_floating_point<A>::value)>::type>
UNIHIP_MATH double fma(A x, B y, C z) {
  return fma((double)x, (double)y, (double)z);
}

/* Functions with an integer argument or result. */
UNIHIP_MATH float ldexpf(float x, int e) { return UNIHIP_MATH_F32(ldexp, ldexp)(x, e); }
UNIHIP_MATH double ldexp(double x, int e) { return UNIHIP_MATH_F64(ldexp, ldexp)(x, e); }
UNIHIP_MATH float ldexp(float x, int e) { return ldexpf(x, e); }
UNIHIP_MATH float scalbnf(float x, int e) { return UNIHIP_MATH_F32(scalbn, scalbn)(x, e); }
UNIHIP_MATH double scalbn(double x, int e) { return UNIHIP_MATH_F64(scalbn, scalbn)(x, e); }
UNIHIP_MATH float scalbn(float x, int e) { return scalbnf(x, e); }
/* scalbln: a long exponent; beyond int's range every result is already 0 or infinity. */
UNIHIP_MATH int __unihip_clamp_exponent(long e) {
  return e > 100000 ? 100000 : e < -100000 ? -100000 : (int)e;
}
UNIHIP_MATH float scalblnf(float x, long e) { return scalbnf(x, __unihip_clamp_exponent(e)); }
UNIHIP_MATH double scalbln(double x, long e) { return scalbn(x, __unihip_clamp_exponent(e)); }
UNIHIP_MATH float scalbln(float x, long e) { return scalblnf(x, e); }
UNIHIP_MATH int ilogbf(float x) { return UNIHIP_MATH_F32(ilogb, ilogb)(x); }
UNIHIP_MATH int ilogb(double x) { return UNIHIP_MATH_F64(ilogb, ilogb)(x); }
UNIHIP_MATH int ilogb(float x) { return ilogbf(x); }
UNIHIP_MATH float powif(float x, int n) {
#if defined(UNIHIP_DEVICE_NVPTX)
  return __nv_powif(x, n);
#else
  return __ocml_pown_f32(x, n);
#endif
}
UNIHIP_MATH double powi(double x, int n) {
#if defined(UNIHIP_DEVICE_NVPTX)
  return __nv_powi(x, n);
#else
  return __ocml_pown_f64(x, n);
#endif
}
/* pow with an int exponent, as HIP's cmath overloads: without them pow(2.0f, 2) is ambiguous
 * between pow(float, float) and pow(double, double). The _Float16 one rounds the float result
 * on NVIDIA (libdevice has no half pown). */
UNIHIP_MATH float pow(float x, int n) { return powif(x, n); }
UNIHIP_MATH double pow(double x, int n) { return powi(x, n); }
UNIHIP_MATH _Float16 pow(_Float16 x, int n) {
#if defined(UNIHIP_DEVICE_NVPTX)
  return (_Float16)powif((float)x, n);
#else
  return __ocml_pown_f16(x, n);
#endif
}
UNIHIP_MATH long lroundf(float x) { return (long)roundf(x); }
UNIHIP_MATH long lround(double x) { return (long)round(x); }
UNIHIP_MATH long long llroundf(float x) { return (long long)roundf(x); }
UNIHIP_MATH long long llround(double x) { return (long long)round(x); }
UNIHIP_MATH long lrintf(float x) { return (long)rintf(x); }
UNIHIP_MATH long lrint(double x) { return (long)rint(x); }
UNIHIP_MATH long long llrintf(float x) { return (long long)rintf(x); }
UNIHIP_MATH long long llrint(double x) { return (long long)rint(x); }

/* Results through pointers. ocml takes private (address space 5) pointers: go through a local. */
#if defined(UNIHIP_DEVICE_NVPTX)
UNIHIP_MATH float frexpf(float x, int* e) { return __nv_frexpf(x, e); }
UNIHIP_MATH double frexp(double x, int* e) { return __nv_frexp(x, e); }
UNIHIP_MATH float modff(float x, float* i) { return __nv_modff(x, i); }
UNIHIP_MATH double modf(double x, double* i) { return __nv_modf(x, i); }
UNIHIP_MATH float remquof(float x, float y, int* q) { return __nv_remquof(x, y, q); }
UNIHIP_MATH double remquo(double x, double y, int* q) { return __nv_remquo(x, y, q); }
UNIHIP_MATH void sincosf(float x, float* s, float* c) { __nv_sincosf(x, s, c); }
UNIHIP_MATH void sincos(double x, double* s, double* c) { __nv_sincos(x, s, c); }
UNIHIP_MATH void sincospif(float x, float* s, float* c) { __nv_sincospif(x, s, c); }
UNIHIP_MATH void sincospi(double x, double* s, double* c) { __nv_sincospi(x, s, c); }
#else
#define UNIHIP_PRIVATE(T) __attribute__((address_space(5))) T
#define UNIHIP_THROUGH_LOCAL(T, out, call) \
  T local_;                                \
  auto result_ = call;                     \
  *out = local_;                           \
  return result_;
UNIHIP_MATH float frexpf(float x, int* e) {
  UNIHIP_THROUGH_LOCAL(int, e, __ocml_frexp_f32(x, (UNIHIP_PRIVATE(int)*)&local_))
}
UNIHIP_MATH double frexp(double x, int* e) {
  UNIHIP_THROUGH_LOCAL(int, e, __ocml_frexp_f64(x, (UNIHIP_PRIVATE(int)*)&local_))
}
UNIHIP_MATH float modff(float x, float* i) {
  UNIHIP_THROUGH_LOCAL(float, i, __ocml_modf_f32(x, (UNIHIP_PRIVATE(float)*)&local_))
}
UNIHIP_MATH double modf(double x, double* i) {
  UNIHIP_THROUGH_LOCAL(double, i, __ocml_modf_f64(x, (UNIHIP_PRIVATE(double)*)&local_))
}
UNIHIP_MATH float remquof(float x, float y, int* q) {
  UNIHIP_THROUGH_LOCAL(int, q, __ocml_remquo_f32(x, y, (UNIHIP_PRIVATE(int)*)&local_))
}
UNIHIP_MATH double remquo(double x, double y, int* q) {
  UNIHIP_THROUGH_LOCAL(int, q, __ocml_remquo_f64(x, y, (UNIHIP_PRIVATE(int)*)&local_))
}
#define UNIHIP_SINCOS(name, T, ocml)                                   \
  UNIHIP_MATH void name(T x, T* s, T* c) {                             \
    T cosine;                                                          \
    *s = ocml(x, (UNIHIP_PRIVATE(T)*)&cosine);                         \
    *c = cosine;                                                       \
  }
UNIHIP_SINCOS(sincosf, float, __ocml_sincos_f32)
UNIHIP_SINCOS(sincos, double, __ocml_sincos_f64)
UNIHIP_SINCOS(sincospif, float, __ocml_sincospi_f32)
UNIHIP_SINCOS(sincospi, double, __ocml_sincospi_f64)
#undef UNIHIP_SINCOS
#undef UNIHIP_THROUGH_LOCAL
#undef UNIHIP_PRIVATE
#endif
UNIHIP_MATH float frexp(float x, int* e) { return frexpf(x, e); }
UNIHIP_MATH float modf(float x, float* i) { return modff(x, i); }
UNIHIP_MATH float remquo(float x, float y, int* q) { return remquof(x, y, q); }
UNIHIP_MATH void sincos(float x, float* s, float* c) { sincosf(x, s, c); }

/* Lengths of 3- and 4-vectors and of arrays (r: the reciprocal). */
#define UNIHIP_MATH_LEN(name, nv, amd)                                                          \
  UNIHIP_MATH float name##3df(float a, float b, float c) {                                      \
    return UNIHIP_MATH_F32(nv##3d, amd##3)(a, b, c);                                            \
  }                                                                                             \
  UNIHIP_MATH double name##3d(double a, double b, double c) {                                   \
    return UNIHIP_MATH_F64(nv##3d, amd##3)(a, b, c);                                            \
  }                                                                                             \
  UNIHIP_MATH float name##4df(float a, float b, float c, float d) {                             \
    return UNIHIP_MATH_F32(nv##4d, amd##4)(a, b, c, d);                                         \
  }                                                                                             \
  UNIHIP_MATH double name##4d(double a, double b, double c, double d) {                         \
    return UNIHIP_MATH_F64(nv##4d, amd##4)(a, b, c, d);                                         \
  }
UNIHIP_MATH_LEN(norm, norm, len)
UNIHIP_MATH_LEN(rnorm, rnorm, rlen)
#undef UNIHIP_MATH_LEN
#if defined(UNIHIP_DEVICE_NVPTX)
UNIHIP_MATH float normf(int dim, const float* a) { return __nv_normf(dim, a); }
UNIHIP_MATH double norm(int dim, const double* a) { return __nv_norm(dim, a); }
UNIHIP_MATH float rnormf(int dim, const float* a) { return __nv_rnormf(dim, a); }
UNIHIP_MATH double rnorm(int dim, const double* a) { return __nv_rnorm(dim, a); }
UNIHIP_MATH float jnf(int n, float x) { return __nv_jnf(n, x); }
UNIHIP_MATH double jn(int n, double x) { return __nv_jn(n, x); }
UNIHIP_MATH float ynf(int n, float x) { return __nv_ynf(n, x); }
UNIHIP_MATH double yn(int n, double x) { return __nv_yn(n, x); }
#else
/* AMD's HIP: sums of squares, and the Bessel recurrences from orders 0 and 1. */
#define UNIHIP_MATH_ARRAY_LEN(name, T, finish)                  \
  UNIHIP_MATH T name(int dim, const T* a) {                     \
    T sum = 0;                                                  \
    while (dim--) {                                             \
      sum += a[0] * a[0];                                       \
      ++a;                                                      \
    }                                                           \
    return finish(sum);                                         \
  }
UNIHIP_MATH_ARRAY_LEN(normf, float, sqrtf)
UNIHIP_MATH_ARRAY_LEN(norm, double, sqrt)
UNIHIP_MATH_ARRAY_LEN(rnormf, float, rsqrtf)
UNIHIP_MATH_ARRAY_LEN(rnorm, double, rsqrt)
#undef UNIHIP_MATH_ARRAY_LEN
#define UNIHIP_MATH_BESSEL_N(name, T, order0, order1)           \
  UNIHIP_MATH T name(int n, T x) {                              \
    if (n == 0) return order0(x);                               \
    if (n == 1) return order1(x);                               \
    T x0 = order0(x), x1 = order1(x);                           \
    for (int i = 1; i < n; ++i) {                               \
      T x2 = (2 * i) / x * x1 - x0;                             \
      x0 = x1;                                                  \
      x1 = x2;                                                  \
    }                                                           \
    return x1;                                                  \
  }
UNIHIP_MATH_BESSEL_N(jnf, float, j0f, j1f)
UNIHIP_MATH_BESSEL_N(jn, double, j0, j1)
UNIHIP_MATH_BESSEL_N(ynf, float, y0f, y1f)
UNIHIP_MATH_BESSEL_N(yn, double, y0, y1)
#undef UNIHIP_MATH_BESSEL_N
#endif
UNIHIP_MATH float jn(int n, float x) { return jnf(n, x); }
UNIHIP_MATH float yn(int n, float x) { return ynf(n, x); }
/* CUDA's and HIP's plain-named division (the fast form is __fdividef). */
UNIHIP_MATH float fdividef(float x, float y) { return x / y; }

/* Classification: clang's generic builtins mean the same on both targets. */
UNIHIP_MATH bool isnan(float x) { return __builtin_isnan(x); }
UNIHIP_MATH bool isnan(double x) { return __builtin_isnan(x); }
UNIHIP_MATH bool isinf(float x) { return __builtin_isinf(x); }
UNIHIP_MATH bool isinf(double x) { return __builtin_isinf(x); }
UNIHIP_MATH bool isfinite(float x) { return __builtin_isfinite(x); }
UNIHIP_MATH bool isfinite(double x) { return __builtin_isfinite(x); }
UNIHIP_MATH bool signbit(float x) { return __builtin_signbit(x); }
UNIHIP_MATH bool signbit(double x) { return __builtin_signbit(x); }
UNIHIP_MATH float nanf(const char*) { return __builtin_nanf(""); }
UNIHIP_MATH double nan(const char*) { return __builtin_nan(""); }

/* Integer abs, which CUDA code calls unqualified in kernels (min/max: minmax.h). */
UNIHIP_MATH int abs(int x) { return x < 0 ? -x : x; }
UNIHIP_MATH long labs(long x) { return x < 0 ? -x : x; }
UNIHIP_MATH long long llabs(long long x) { return x < 0 ? -x : x; }

/* The rest of C++'s overloads, as HIP has them in device code (pow with an int exponent is
 * above): abs of long, long long and floating types, and integer or mixed arguments computed in
 * double (the <cmath> rule). */
UNIHIP_MATH long abs(long x) { return labs(x); }
UNIHIP_MATH long long abs(long long x) { return llabs(x); }
UNIHIP_MATH float abs(float x) { return fabsf(x); }
UNIHIP_MATH double abs(double x) { return fabs(x); }

#define UNIHIP_MATH_INTEGRAL(T) typename std::enable_if<std::is_integral<T>::value, double>::type
#define UNIHIP_MATH_MIXED(A, B)                                                             \
  typename std::enable_if<std::is_arithmetic<A>::value && std::is_arithmetic<B>::value &&   \
                              !(std::is_same<A, B>::value && std::is_floating_point<A>::value), \
                          double>::type
#define UNIHIP_MATH_PROMOTE_UNARY(name, nv, amd)                                                \
  template <typename T>                                                                         \
  UNIHIP_MATH UNIHIP_MATH_INTEGRAL(T) name(T x) { return name((double)x); }
#define UNIHIP_MATH_PROMOTE_BINARY(name, nv, amd)                                               \
  template <typename A, typename B>                                                             \
  UNIHIP_MATH UNIHIP_MATH_MIXED(A, B) name(A x, B y) { return name((double)x, (double)y); }
UNIHIP_MATH_UNARY_TABLE(UNIHIP_MATH_PROMOTE_UNARY)
UNIHIP_MATH_BINARY_TABLE(UNIHIP_MATH_PROMOTE_BINARY)
UNIHIP_MATH_PROMOTE_UNARY(sqrt, , )
template <typename T>
UNIHIP_MATH typename std::enable_if<std::is_integral<T>::value, int>::type ilogb(T x) {
  return ilogb((double)x);
}
template <typename T>
UNIHIP_MATH UNIHIP_MATH_INTEGRAL(T) ldexp(T x, int e) { return ldexp((double)x, e); }
#undef UNIHIP_MATH_PROMOTE_UNARY
#undef UNIHIP_MATH_PROMOTE_BINARY
#undef UNIHIP_MATH_MIXED
#undef UNIHIP_MATH_INTEGRAL

/* std::f in device code (HIP makes <cmath>'s std:: forms device-callable): libstdc++'s <cmath>
 * brings ::f into std with `using`, which sees only the overloads declared by then, and that
 * was before these device ones (unihipcc passes -nogpuinc, so clang's own cmath wrappers, which
 * do the same, are not used). Bring them in again, the standard names only. */
#define UNIHIP_MATH_STD_NAMES(X)                                                                \
  X(acos) X(acosh) X(asin) X(asinh) X(atan) X(atanh) X(cbrt) X(ceil) X(cos) X(cosh) X(erf)      \
  X(erfc) X(exp) X(exp2) X(expm1) X(fabs) X(floor) X(lgamma) X(log) X(log10) X(log1p) X(log2)  \
  X(logb) X(nearbyint) X(rint) X(round) X(sin) X(sinh) X(tan) X(tanh) X(tgamma) X(trunc)       \
  X(sqrt) X(atan2) X(copysign) X(fdim) X(fmax) X(fmin) X(fmod) X(hypot) X(nextafter) X(pow)   \
  X(remainder) X(fma) X(ldexp) X(scalbn) X(scalbln) X(ilogb) X(lround) X(llround) X(lrint)    \
  X(llrint) X(frexp) X(modf) X(remquo) X(isnan) X(isinf) X(isfinite) X(signbit) X(nan)        \
  X(abs) X(labs) X(llabs)
#define UNIHIP_MATH_USING(name) using ::name;
namespace std {
UNIHIP_MATH_STD_NAMES(UNIHIP_MATH_USING)
}  // namespace std
#undef UNIHIP_MATH_USING
#undef UNIHIP_MATH_STD_NAMES
/* And, as clang's HIP wrapper does, the C functions of float in std (std::floorf), which
 * libstdc++ leaves out. */
namespace std {
using ::acosf; using ::acoshf; using ::asinf; using ::asinhf; using ::atan2f; using ::atanf;
using ::atanhf; using ::cbrtf; using ::ceilf; using ::copysignf; using ::cosf; using ::coshf;
using ::erfcf; using ::erff; using ::exp2f; using ::expf; using ::expm1f; using ::fabsf;
using ::fdimf; using ::floorf; using ::fmaf; using ::fmaxf; using ::fminf; using ::fmodf;
using ::frexpf; using ::hypotf; using ::ilogbf; using ::ldexpf; using ::lgammaf; using ::llrintf;
using ::llroundf; using ::log10f; using ::log1pf; using ::log2f; using ::logbf; using ::logf;
using ::lrintf; using ::lroundf; using ::modff; using ::nearbyintf; using ::nextafterf;
using ::powf; using ::remainderf; using ::remquof; using ::rintf; using ::roundf;
using ::scalblnf; using ::scalbnf; using ::sinf; using ::sinhf; using ::sqrtf; using ::tanf;
using ::tanhf; using ::tgammaf; using ::truncf;
}  // namespace std

#undef UNIHIP_MATH_UNARY
#undef UNIHIP_MATH_BINARY
#undef UNIHIP_MATH_UNARY_TABLE
#undef UNIHIP_MATH_BINARY_TABLE

#endif /* UNIHIP_OFFLOAD_LANGUAGE */

#endif /* UNIHIP_DEVICE_MATH_FUNCTIONS_H */
