/* unihip: half precision (__half, __half2) for kernels and host code.
 *
 * __half holds an IEEE binary16 as clang's/GCC's _Float16, so arithmetic is native where the
 * GPU has it (sm_53+, every supported AMD target) and the layout is 2 bytes everywhere;
 * __half2 is two of them, 4-byte aligned. Conversions to and from float round to nearest even.
 * Provided: conversions (__float2half, __half2float, __floats2half2_rn, __half22float2, ...),
 * arithmetic (__hadd/__hsub/__hmul/__hdiv/__hfma/__hneg/__habs and their 2-lane forms;
 * __hadd_rn/__hsub_rn/__hmul_rn, never contracted into an fma),
 * comparisons (__heq ... __hge, __hisnan, __hisinf), min/max, a few math functions
 * (hsqrt, hrsqrt, hexp, hlog, hsin, hcos, hceil, hfloor, htrunc, hrint, hexp2, hexp10, hlog2,
 * hlog10, hrcp and h2 forms, computed in float; device only) and C++ operators; also integer
 * conversions (__half2{int,uint,short,ushort,ll,ull}_rn/rz/rd/ru and back), _sat
 * arithmetic, unordered and two-lane comparisons (__hisnan2, __hisinf2), __half_raw/__half2_raw. */
#ifndef UNIHIP_HIP_FP16_H
#define UNIHIP_HIP_FP16_H

#include "hip/hip_vector_types.h"
#include "hip/unihip/qualifiers.h"
#if defined(UNIHIP_OFFLOAD_LANGUAGE)
#include "hip/unihip/math_functions.h"
#include "hip/unihip/packed_atomic_add.h"
#include "hip/unihip/warp.h"
#endif

#define UNIHIP_HALF_FN __host__ __device__ inline __attribute__((always_inline))

/* Raw bit patterns, as HIP has them (used by conversion APIs such as hip_fp8.h's). */
/* As HIP's, the bits also read as `data` (_Float16; a 2-lane vector for __half2_raw). */
#if defined(__clang__)
typedef _Float16 __unihip_half2_vector __attribute__((ext_vector_type(2)));
#else
typedef _Float16 __unihip_half2_vector __attribute__((vector_size(4)));
#endif
struct __half_raw {
  union {
    unsigned short x;
    _Float16 data;
  };
};
struct __half2_raw {
  union {
    struct {
      unsigned short x;
      unsigned short y;
    };
    __unihip_half2_vector data;
  };
};

struct __half {
  _Float16 data;

  __half() = default;
  UNIHIP_HALF_FN __half(const __half_raw& r) : data(__builtin_bit_cast(_Float16, r.x)) {}
  UNIHIP_HALF_FN operator __half_raw() const { return __half_raw{__builtin_bit_cast(unsigned short, data)}; }
  /* Assignment from raw values, to and from volatile ones too, as HIP's: the rvalue forms keep
   * `h = __half_raw{...}` unambiguous. */
  __half(const __half&) = default;
  __half(__half&&) = default;
  __half& operator=(const __half&) = default;
  __half& operator=(__half&&) = default;
  UNIHIP_HALF_FN __half& operator=(const __half_raw& r) { data = r.data; return *this; }
  UNIHIP_HALF_FN __half& operator=(__half_raw&& r) { data = r.data; return *this; }
  UNIHIP_HALF_FN volatile __half& operator=(const __half_raw& r) volatile { data = r.data; return *this; }
  UNIHIP_HALF_FN volatile __half& operator=(__half_raw&& r) volatile { data = r.data; return *this; }
  UNIHIP_HALF_FN volatile __half& operator=(const volatile __half_raw& r) volatile {
    data = r.data;
    return *this;
  }
  UNIHIP_HALF_FN volatile __half& operator=(volatile __half_raw&& r) volatile {
    data = r.data;
    return *this;
  }
  UNIHIP_HALF_FN __half(float f) : data(static_cast<_Float16>(f)) {}
  UNIHIP_HALF_FN __half(double f) : data(static_cast<_Float16>(f)) {}
  /* From every integral type, as HIP's (a template there): one exact overload each, so no
   * conversion (static_cast<__half>(1ull)) is ambiguous. */
  UNIHIP_HALF_FN __half(int i) : data(static_cast<_Float16>(i)) {}
  UNIHIP_HALF_FN __half(unsigned int i) : data(static_cast<_Float16>(i)) {}
  UNIHIP_HALF_FN __half(short i) : data(static_cast<_Float16>(i)) {}
  UNIHIP_HALF_FN __half(unsigned short i) : data(static_cast<_Float16>(i)) {}
  UNIHIP_HALF_FN __half(char i) : data(static_cast<_Float16>(i)) {}
  UNIHIP_HALF_FN __half(signed char i) : data(static_cast<_Float16>(i)) {}
  UNIHIP_HALF_FN __half(unsigned char i) : data(static_cast<_Float16>(i)) {}
  UNIHIP_HALF_FN __half(long i) : data(static_cast<_Float16>(i)) {}
  UNIHIP_HALF_FN __half(unsigned long i) : data(static_cast<_Float16>(i)) {}
  UNIHIP_HALF_FN __half(long long i) : data(static_cast<_Float16>(i)) {}
  UNIHIP_HALF_FN __half(unsigned long long i) : data(static_cast<_Float16>(i)) {}
  UNIHIP_HALF_FN __half(_Float16 h) : data(h) {}
  UNIHIP_HALF_FN operator float() const { return static_cast<float>(data); }
};
static_assert(sizeof(__half) == 2, "__half must be 2 bytes");

/* As HIP's (clang), both lanes also read as one 2-lane vector, `data`. GCC allows no members
 * with constructors in an anonymous struct: there (host code only) __half2 is x and y alone. */
struct __attribute__((aligned(4))) __half2 {
#if defined(__clang__)
  union {
    struct {
      __half x, y;
    };
    __unihip_half2_vector data;
  };
#else
  __half x, y;
#endif

  __half2() = default;
  UNIHIP_HALF_FN __half2(__half a, __half b) : x(a), y(b) {}
  UNIHIP_HALF_FN __half2(const __half2_raw& r) : x(__half_raw{r.x}), y(__half_raw{r.y}) {}
#if defined(__clang__)
  /* From the lane vector, as HIP's; a scalar converts to it by splatting (static_cast<__half2>(1ull)). */
  UNIHIP_HALF_FN __half2(__unihip_half2_vector v) : data(v) {}
#endif
  UNIHIP_HALF_FN operator __half2_raw() const {
    __half2_raw r;
    r.x = __builtin_bit_cast(unsigned short, x);
    r.y = __builtin_bit_cast(unsigned short, y);
    return r;
  }
};
typedef __half half;
typedef __half2 half2;

/* Conversions. */
UNIHIP_HALF_FN __half __float2half(float f) { return __half(f); }
UNIHIP_HALF_FN __half __float2half_rn(float f) { return __half(f); }
UNIHIP_HALF_FN float __half2float(__half h) { return static_cast<float>(h.data); }
UNIHIP_HALF_FN __half __int2half_rn(int i) { return __half(i); }
UNIHIP_HALF_FN int __half2int_rz(__half h) { return static_cast<int>(h.data); }
UNIHIP_HALF_FN unsigned short __half_as_ushort(__half h) { return __builtin_bit_cast(unsigned short, h); }
UNIHIP_HALF_FN short __half_as_short(__half h) { return __builtin_bit_cast(short, h); }
UNIHIP_HALF_FN __half __ushort_as_half(unsigned short u) { return __builtin_bit_cast(__half, u); }
UNIHIP_HALF_FN __half __short_as_half(short s) { return __builtin_bit_cast(__half, s); }
UNIHIP_HALF_FN __half2 make_half2(__half x, __half y) { return __half2{x, y}; }
/* float -> half toward zero / down / up: the nearest half, moved one step where it lies on the
 * wrong side of f (bit-identical on host, NVIDIA and AMD). */
UNIHIP_HALF_FN __half __unihip_half_step(__half h, bool up) {
  unsigned short b = __half_as_ushort(h);
  if ((b & 0x7fff) == 0) return __ushort_as_half(up ? 0x0001 : 0x8001);
  return __ushort_as_half((unsigned short)(((b & 0x8000) != 0) == up ? b - 1 : b + 1));
}
UNIHIP_HALF_FN __half __float2half_rz(float f) {
  __half h(f);
  float back = static_cast<float>(h.data);
  return __builtin_fabsf(back) > __builtin_fabsf(f) ? __unihip_half_step(h, back < 0) : h;
}
UNIHIP_HALF_FN __half __float2half_rd(float f) {
  __half h(f);
  return static_cast<float>(h.data) > f ? __unihip_half_step(h, false) : h;
}
UNIHIP_HALF_FN __half __float2half_ru(float f) {
  __half h(f);
  return static_cast<float>(h.data) < f ? __unihip_half_step(h, true) : h;
}
/* Integers to half toward zero / down / up, through float: exact up to 2^24, and every integer
 * past 65520 is beyond half's range either way (the __<int type>2half_r* of the macro below). */
UNIHIP_HALF_FN __half __int2half_rz(int i) { return __float2half_rz(static_cast<float>(i)); }
UNIHIP_HALF_FN __half __int2half_rd(int i) { return __float2half_rd(static_cast<float>(i)); }
UNIHIP_HALF_FN __half __int2half_ru(int i) { return __float2half_ru(static_cast<float>(i)); }
UNIHIP_HALF_FN __half2 __halves2half2(__half x, __half y) { return __half2{x, y}; }
UNIHIP_HALF_FN __half2 __half2half2(__half h) { return __half2{h, h}; }
UNIHIP_HALF_FN __half2 __float2half2_rn(float f) { return __half2{__half(f), __half(f)}; }
UNIHIP_HALF_FN __half2 __floats2half2_rn(float x, float y) { return __half2{__half(x), __half(y)}; }
UNIHIP_HALF_FN __half2 __float22half2_rn(float2 f) { return __half2{__half(f.x), __half(f.y)}; }
UNIHIP_HALF_FN float2 __half22float2(__half2 h) { return make_float2(h.x, h.y); }
UNIHIP_HALF_FN __half __low2half(__half2 h) { return h.x; }
UNIHIP_HALF_FN __half __high2half(__half2 h) { return h.y; }
UNIHIP_HALF_FN float __low2float(__half2 h) { return h.x; }
UNIHIP_HALF_FN float __high2float(__half2 h) { return h.y; }
UNIHIP_HALF_FN __half2 __lows2half2(__half2 a, __half2 b) { return __half2{a.x, b.x}; }
UNIHIP_HALF_FN __half2 __highs2half2(__half2 a, __half2 b) { return __half2{a.y, b.y}; }
UNIHIP_HALF_FN __half2 __lowhigh2highlow(__half2 h) { return __half2{h.y, h.x}; }
UNIHIP_HALF_FN __half2 __low2half2(__half2 h) { return __half2{h.x, h.x}; }
UNIHIP_HALF_FN __half2 __high2half2(__half2 h) { return __half2{h.y, h.y}; }

/* Arithmetic, one lane and two lanes. */
UNIHIP_HALF_FN __half __hadd(__half a, __half b) { return __half(static_cast<_Float16>(a.data + b.data)); }
UNIHIP_HALF_FN __half __hsub(__half a, __half b) { return __half(static_cast<_Float16>(a.data - b.data)); }
UNIHIP_HALF_FN __half __hmul(__half a, __half b) { return __half(static_cast<_Float16>(a.data * b.data)); }
UNIHIP_HALF_FN __half __hdiv(__half a, __half b) { return __half(static_cast<_Float16>(a.data / b.data)); }
UNIHIP_HALF_FN __half __hneg(__half a) { return __half(static_cast<_Float16>(-a.data)); }
UNIHIP_HALF_FN __half __habs(__half a) { return __ushort_as_half(__half_as_ushort(a) & 0x7fff); }
/* One rounding: native half fma where the GPU has it; elsewhere in double, where a * b is
 * exact and rounding the sum to double then to half never lands on a false tie (a float fma
 * would: its 24 bits can round the exact sum onto a half midpoint). */
UNIHIP_HALF_FN __half __hfma(__half a, __half b, __half c) {
#if defined(UNIHIP_DEVICE_AMDGCN) || (defined(UNIHIP_DEVICE_NVPTX) && __CUDA_ARCH__ >= 530)
  return __half(__builtin_fmaf16(a.data, b.data, c.data));
#else
  return __half(static_cast<_Float16>(static_cast<double>(a.data) * b.data + c.data));
#endif
}
/* __hadd/__hsub/__hmul may be fused into an fma by the compiler (as in CUDA); the _rn forms
 * never are: NVIDIA's mul.rn/add.rn are exempt from contraction, clang honours the pragma. */
#if defined(UNIHIP_DEVICE_NVPTX) && __CUDA_ARCH__ >= 530
#define UNIHIP_HALF_RN(name, op, ptx)                                                      \
  UNIHIP_HALF_FN __half name(__half a, __half b) {                                        \
    unsigned short r;                                                                     \
    asm(ptx " %0, %1, %2;" : "=h"(r) : "h"(__half_as_ushort(a)), "h"(__half_as_ushort(b))); \
    return __ushort_as_half(r);                                                           \
  }
#elif defined(__clang__)
#define UNIHIP_HALF_RN(name, op, ptx)                                                      \
  UNIHIP_HALF_FN __half name(__half a, __half b) {                                        \
    _Pragma("clang fp contract(off)") return __half(static_cast<_Float16>(a.data op b.data)); \
  }
#else /* GCC: the explicit _Float16 conversion is never fused across */
#define UNIHIP_HALF_RN(name, op, ptx)                                                      \
  UNIHIP_HALF_FN __half name(__half a, __half b) {                                        \
    return __half(static_cast<_Float16>(a.data op b.data));                               \
  }
#endif
UNIHIP_HALF_RN(__hadd_rn, +, "add.rn.f16")
UNIHIP_HALF_RN(__hsub_rn, -, "sub.rn.f16")
UNIHIP_HALF_RN(__hmul_rn, *, "mul.rn.f16")
#undef UNIHIP_HALF_RN
UNIHIP_HALF_FN bool __hisnan(__half a) { return a.data != a.data; }
UNIHIP_HALF_FN bool __hisinf(__half a) { return (__half_as_ushort(a) & 0x7fff) == 0x7c00; }
UNIHIP_HALF_FN __half __hmin(__half a, __half b) { return __hisnan(a) ? b : (__hisnan(b) || a.data < b.data ? a : b); }
UNIHIP_HALF_FN __half __hmax(__half a, __half b) { return __hisnan(a) ? b : (__hisnan(b) || a.data > b.data ? a : b); }
/* The _nan forms pass a NaN operand through. */
UNIHIP_HALF_FN __half __hmin_nan(__half a, __half b) { return __hisnan(a) ? a : __hisnan(b) ? b : (a.data < b.data ? a : b); }
UNIHIP_HALF_FN __half __hmax_nan(__half a, __half b) { return __hisnan(a) ? a : __hisnan(b) ? b : (a.data > b.data ? a : b); }

#define UNIHIP_HALF2_LANES(name, op)                                        \
  UNIHIP_HALF_FN __half2 name(__half2 a, __half2 b) { return __half2{op(a.x, b.x), op(a.y, b.y)}; }
UNIHIP_HALF2_LANES(__hadd2, __hadd)
UNIHIP_HALF2_LANES(__hsub2, __hsub)
UNIHIP_HALF2_LANES(__hmul2, __hmul)
UNIHIP_HALF2_LANES(__h2div, __hdiv)
UNIHIP_HALF2_LANES(__hmin2, __hmin)
UNIHIP_HALF2_LANES(__hmax2, __hmax)
UNIHIP_HALF2_LANES(__hmin2_nan, __hmin_nan)
UNIHIP_HALF2_LANES(__hmax2_nan, __hmax_nan)
#undef UNIHIP_HALF2_LANES
UNIHIP_HALF_FN __half2 __hneg2(__half2 a) { return __half2{__hneg(a.x), __hneg(a.y)}; }
UNIHIP_HALF_FN __half2 __habs2(__half2 a) { return __half2{__habs(a.x), __habs(a.y)}; }
UNIHIP_HALF_FN __half2 __hfma2(__half2 a, __half2 b, __half2 c) {
  return __half2{__hfma(a.x, b.x, c.x), __hfma(a.y, b.y, c.y)};
}

/* Comparisons (ordered: false when either is NaN, except __hne). */
UNIHIP_HALF_FN bool __heq(__half a, __half b) { return a.data == b.data; }
UNIHIP_HALF_FN bool __hne(__half a, __half b) { return a.data != b.data; }
UNIHIP_HALF_FN bool __hlt(__half a, __half b) { return a.data < b.data; }
UNIHIP_HALF_FN bool __hle(__half a, __half b) { return a.data <= b.data; }
UNIHIP_HALF_FN bool __hgt(__half a, __half b) { return a.data > b.data; }
UNIHIP_HALF_FN bool __hge(__half a, __half b) { return a.data >= b.data; }
UNIHIP_HALF_FN bool __hbeq2(__half2 a, __half2 b) { return __heq(a.x, b.x) && __heq(a.y, b.y); }

/* Math, computed in float and rounded back. */
#if defined(UNIHIP_OFFLOAD_LANGUAGE)
#define UNIHIP_HALF_MATH(fn, f)                                                             \
  __device__ inline __half h##fn(__half a) { return __half(f(static_cast<float>(a.data))); } \
  __device__ inline __half2 h2##fn(__half2 a) { return __half2{h##fn(a.x), h##fn(a.y)}; }
UNIHIP_HALF_MATH(sqrt, sqrtf)
UNIHIP_HALF_MATH(rsqrt, rsqrtf)
UNIHIP_HALF_MATH(exp, expf)
UNIHIP_HALF_MATH(log, logf)
UNIHIP_HALF_MATH(sin, sinf)
UNIHIP_HALF_MATH(cos, cosf)
#undef UNIHIP_HALF_MATH
#endif

/* C++ operators. Operands by const reference, as HIP's: a program's own host operator taking
 * __half by value (hip-tests' warp tests define one, HIP's having no host form) is then another
 * overload, preferred in host code, not a clash with ours. Templates whose first operand must be
 * a __half (__half2), the second converting to one (`a += 0`): like HIP's hidden friends, they
 * are not candidates for a class that merely converts to __half, so its own conversions (to
 * float, say) decide `-x` (hip-tests' Float16). */
template <class T, class R> struct __unihip_if_half {};
template <class R> struct __unihip_if_half<__half, R> { typedef R type; };
template <class T, class R> struct __unihip_if_half2 {};
template <class R> struct __unihip_if_half2<__half2, R> { typedef R type; };
template <class H> UNIHIP_HALF_FN typename __unihip_if_half<H, __half>::type operator+(const H& a, const typename __unihip_if_half<H, __half>::type& b) { return __hadd(a, b); }
template <class H> UNIHIP_HALF_FN typename __unihip_if_half<H, __half>::type operator-(const H& a, const typename __unihip_if_half<H, __half>::type& b) { return __hsub(a, b); }
template <class H> UNIHIP_HALF_FN typename __unihip_if_half<H, __half>::type operator*(const H& a, const typename __unihip_if_half<H, __half>::type& b) { return __hmul(a, b); }
template <class H> UNIHIP_HALF_FN typename __unihip_if_half<H, __half>::type operator/(const H& a, const typename __unihip_if_half<H, __half>::type& b) { return __hdiv(a, b); }
template <class H> UNIHIP_HALF_FN typename __unihip_if_half<H, __half>::type operator-(H a) { return __hneg(a); }
template <class H> UNIHIP_HALF_FN typename __unihip_if_half<H, __half&>::type operator+=(H& a, const typename __unihip_if_half<H, __half>::type& b) { return a = __hadd(a, b); }
template <class H> UNIHIP_HALF_FN typename __unihip_if_half<H, __half&>::type operator-=(H& a, const typename __unihip_if_half<H, __half>::type& b) { return a = __hsub(a, b); }
template <class H> UNIHIP_HALF_FN typename __unihip_if_half<H, __half&>::type operator*=(H& a, const typename __unihip_if_half<H, __half>::type& b) { return a = __hmul(a, b); }
template <class H> UNIHIP_HALF_FN typename __unihip_if_half<H, __half&>::type operator/=(H& a, const typename __unihip_if_half<H, __half>::type& b) { return a = __hdiv(a, b); }
template <class H> UNIHIP_HALF_FN typename __unihip_if_half<H, bool>::type operator==(const H& a, const typename __unihip_if_half<H, __half>::type& b) { return __heq(a, b); }
template <class H> UNIHIP_HALF_FN typename __unihip_if_half<H, bool>::type operator!=(const H& a, const typename __unihip_if_half<H, __half>::type& b) { return __hne(a, b); }
template <class H> UNIHIP_HALF_FN typename __unihip_if_half<H, bool>::type operator<(const H& a, const typename __unihip_if_half<H, __half>::type& b) { return __hlt(a, b); }
template <class H> UNIHIP_HALF_FN typename __unihip_if_half<H, bool>::type operator<=(const H& a, const typename __unihip_if_half<H, __half>::type& b) { return __hle(a, b); }
template <class H> UNIHIP_HALF_FN typename __unihip_if_half<H, bool>::type operator>(const H& a, const typename __unihip_if_half<H, __half>::type& b) { return __hgt(a, b); }
template <class H> UNIHIP_HALF_FN typename __unihip_if_half<H, bool>::type operator>=(const H& a, const typename __unihip_if_half<H, __half>::type& b) { return __hge(a, b); }
template <class H> UNIHIP_HALF_FN typename __unihip_if_half2<H, __half2>::type operator+(const H& a, const typename __unihip_if_half2<H, __half2>::type& b) { return __hadd2(a, b); }
template <class H> UNIHIP_HALF_FN typename __unihip_if_half2<H, __half2>::type operator-(const H& a, const typename __unihip_if_half2<H, __half2>::type& b) { return __hsub2(a, b); }
template <class H> UNIHIP_HALF_FN typename __unihip_if_half2<H, __half2>::type operator*(const H& a, const typename __unihip_if_half2<H, __half2>::type& b) { return __hmul2(a, b); }
template <class H> UNIHIP_HALF_FN typename __unihip_if_half2<H, __half2>::type operator/(const H& a, const typename __unihip_if_half2<H, __half2>::type& b) { return __h2div(a, b); }
template <class H> UNIHIP_HALF_FN typename __unihip_if_half2<H, __half2>::type operator-(H a) { return __hneg2(a); }
template <class H> UNIHIP_HALF_FN typename __unihip_if_half2<H, __half2&>::type operator+=(H& a, const typename __unihip_if_half2<H, __half2>::type& b) { return a = __hadd2(a, b); }
template <class H> UNIHIP_HALF_FN typename __unihip_if_half2<H, __half2&>::type operator*=(H& a, const typename __unihip_if_half2<H, __half2>::type& b) { return a = __hmul2(a, b); }
template <class H> UNIHIP_HALF_FN typename __unihip_if_half2<H, bool>::type operator==(const H& a, const typename __unihip_if_half2<H, __half2>::type& b) { return __hbeq2(a, b); }

/* More of HIP's half API: integer conversions (through float, NaN -> 0, clamped), saturating
 * arithmetic, unordered and two-lane comparisons, more math and operators. */
UNIHIP_HALF_FN __half __double2half(double d) { return __half(static_cast<float>(d)); }
#define UNIHIP_HALF_TO_INT(T, stem, lo, hi)                                                   \
  UNIHIP_HALF_FN T __half2##stem##_rz(__half h) {                                             \
    float f = static_cast<float>(h.data);                                                     \
    return f != f ? (T)0 : f <= (float)(lo) ? (T)(lo) : f >= (float)(hi) ? (T)(hi) : (T)f;  \
  }                                                                                           \
  UNIHIP_HALF_FN T __half2##stem##_rn(__half h) {                                             \
    float f = static_cast<float>(h.data);                                                     \
    float r = __builtin_rintf(f);                                                             \
    return f != f ? (T)0 : r <= (float)(lo) ? (T)(lo) : r >= (float)(hi) ? (T)(hi) : (T)r;  \
  }                                                                                           \
  UNIHIP_HALF_FN T __half2##stem##_rd(__half h) {                                             \
    float f = __builtin_floorf(static_cast<float>(h.data));                                   \
    return f != f ? (T)0 : f <= (float)(lo) ? (T)(lo) : f >= (float)(hi) ? (T)(hi) : (T)f;  \
  }                                                                                           \
  UNIHIP_HALF_FN T __half2##stem##_ru(__half h) {                                             \
    float f = __builtin_ceilf(static_cast<float>(h.data));                                    \
    return f != f ? (T)0 : f <= (float)(lo) ? (T)(lo) : f >= (float)(hi) ? (T)(hi) : (T)f;  \
  }                                                                                           \
  UNIHIP_HALF_FN __half __##stem##2half_rn(T v) { return __half(static_cast<float>(v)); }      \
  UNIHIP_HALF_FN __half __##stem##2half_rz(T v) { return __float2half_rz(static_cast<float>(v)); } \
  UNIHIP_HALF_FN __half __##stem##2half_rd(T v) { return __float2half_rd(static_cast<float>(v)); } \
  UNIHIP_HALF_FN __half __##stem##2half_ru(T v) { return __float2half_ru(static_cast<float>(v)); }
UNIHIP_HALF_TO_INT(unsigned int, uint, 0, 4294967295u)
UNIHIP_HALF_TO_INT(short, short, (-32767 - 1), 32767)
UNIHIP_HALF_TO_INT(unsigned short, ushort, 0, 65535)
UNIHIP_HALF_TO_INT(long long, ll, (-9223372036854775807ll - 1), 9223372036854775807ll)
UNIHIP_HALF_TO_INT(unsigned long long, ull, 0, 18446744073709551615ull)
#undef UNIHIP_HALF_TO_INT
UNIHIP_HALF_FN int __half2int_rn(__half h) {
  float f = __builtin_rintf(static_cast<float>(h.data));
  return f != f ? 0 : static_cast<int>(f); /* every finite half fits an int */
}
UNIHIP_HALF_FN int __half2int_rd(__half h) { return h.data != h.data ? 0 : static_cast<int>(__builtin_floorf(static_cast<float>(h.data))); }
UNIHIP_HALF_FN int __half2int_ru(__half h) { return h.data != h.data ? 0 : static_cast<int>(__builtin_ceilf(static_cast<float>(h.data))); }

UNIHIP_HALF_FN float __unihip_half_sat(float f) { return f != f ? 0.0f : (f < 0.0f ? 0.0f : (f > 1.0f ? 1.0f : f)); }
UNIHIP_HALF_FN __half __hadd_sat(__half a, __half b) { return __half(__unihip_half_sat(static_cast<float>(__hadd(a, b).data))); }
UNIHIP_HALF_FN __half __hsub_sat(__half a, __half b) { return __half(__unihip_half_sat(static_cast<float>(__hsub(a, b).data))); }
UNIHIP_HALF_FN __half __hmul_sat(__half a, __half b) { return __half(__unihip_half_sat(static_cast<float>(__hmul(a, b).data))); }
UNIHIP_HALF_FN __half __hfma_sat(__half a, __half b, __half c) { return __half(__unihip_half_sat(static_cast<float>(__hfma(a, b, c).data))); }
UNIHIP_HALF_FN __half2 __hadd2_sat(__half2 a, __half2 b) { return __half2{__hadd_sat(a.x, b.x), __hadd_sat(a.y, b.y)}; }
UNIHIP_HALF_FN __half2 __hsub2_sat(__half2 a, __half2 b) { return __half2{__hsub_sat(a.x, b.x), __hsub_sat(a.y, b.y)}; }
UNIHIP_HALF_FN __half2 __hmul2_sat(__half2 a, __half2 b) { return __half2{__hmul_sat(a.x, b.x), __hmul_sat(a.y, b.y)}; }
UNIHIP_HALF_FN __half2 __hfma2_sat(__half2 a, __half2 b, __half2 c) {
  return __half2{__hfma_sat(a.x, b.x, c.x), __hfma_sat(a.y, b.y, c.y)};
}

/* Unordered comparisons: true when either operand is NaN. */
UNIHIP_HALF_FN bool __hequ(__half a, __half b) { return !(a.data < b.data || a.data > b.data); }
UNIHIP_HALF_FN bool __hneu(__half a, __half b) { return !(a.data == b.data); }
UNIHIP_HALF_FN bool __hltu(__half a, __half b) { return !(a.data >= b.data); }
UNIHIP_HALF_FN bool __hleu(__half a, __half b) { return !(a.data > b.data); }
UNIHIP_HALF_FN bool __hgtu(__half a, __half b) { return !(a.data <= b.data); }
UNIHIP_HALF_FN bool __hgeu(__half a, __half b) { return !(a.data < b.data); }
/* Two lanes: __hb*2 is true when both lanes hold; __h*2 gives 1.0 / 0.0 per lane. */
#define UNIHIP_HALF2_CMP(stem)                                                              \
  UNIHIP_HALF_FN __half2 __h##stem##2(__half2 a, __half2 b) {                               \
    return __half2{__half(__h##stem(a.x, b.x) ? 1.0f : 0.0f), __half(__h##stem(a.y, b.y) ? 1.0f : 0.0f)}; \
  }
#define UNIHIP_HALF2_BCMP(stem)                                                             \
  UNIHIP_HALF_FN bool __hb##stem##2(__half2 a, __half2 b) { return __h##stem(a.x, b.x) && __h##stem(a.y, b.y); }
UNIHIP_HALF2_CMP(eq) UNIHIP_HALF2_CMP(ne) UNIHIP_HALF2_CMP(lt) UNIHIP_HALF2_CMP(le)
UNIHIP_HALF2_CMP(gt) UNIHIP_HALF2_CMP(ge) UNIHIP_HALF2_CMP(equ) UNIHIP_HALF2_CMP(neu)
UNIHIP_HALF2_CMP(ltu) UNIHIP_HALF2_CMP(leu) UNIHIP_HALF2_CMP(gtu) UNIHIP_HALF2_CMP(geu)
UNIHIP_HALF2_BCMP(ne) UNIHIP_HALF2_BCMP(lt) UNIHIP_HALF2_BCMP(le) UNIHIP_HALF2_BCMP(gt)
UNIHIP_HALF2_BCMP(ge) UNIHIP_HALF2_BCMP(equ) UNIHIP_HALF2_BCMP(neu) UNIHIP_HALF2_BCMP(ltu)
UNIHIP_HALF2_BCMP(leu) UNIHIP_HALF2_BCMP(gtu) UNIHIP_HALF2_BCMP(geu)
#undef UNIHIP_HALF2_CMP
#undef UNIHIP_HALF2_BCMP
UNIHIP_HALF_FN __half2 __hisinf2(__half2 a) {
  return __half2{__half(__hisinf(a.x) ? 1.0f : 0.0f), __half(__hisinf(a.y) ? 1.0f : 0.0f)};
}
UNIHIP_HALF_FN __half2 __hisnan2(__half2 a) {
  return __half2{__half(__hisnan(a.x) ? 1.0f : 0.0f), __half(__hisnan(a.y) ? 1.0f : 0.0f)};
}

#if defined(UNIHIP_OFFLOAD_LANGUAGE)
#define UNIHIP_HALF_MATH(fn, f)                                                             \
  __device__ inline __half h##fn(__half a) { return __half(f(static_cast<float>(a.data))); } \
  __device__ inline __half2 h2##fn(__half2 a) { return __half2{h##fn(a.x), h##fn(a.y)}; }
UNIHIP_HALF_MATH(ceil, ceilf)
UNIHIP_HALF_MATH(floor, floorf)
UNIHIP_HALF_MATH(trunc, truncf)
UNIHIP_HALF_MATH(rint, rintf)
UNIHIP_HALF_MATH(exp2, exp2f)
UNIHIP_HALF_MATH(exp10, exp10f)
UNIHIP_HALF_MATH(log2, log2f)
UNIHIP_HALF_MATH(log10, log10f)
UNIHIP_HALF_MATH(rcp, 1.0f /)
#undef UNIHIP_HALF_MATH
#endif

template <class H> UNIHIP_HALF_FN typename __unihip_if_half<H, __half>::type operator+(H a) { return a; }
template <class H> UNIHIP_HALF_FN typename __unihip_if_half<H, __half&>::type operator++(H& a) { return a = __hadd(a, __half(1.0f)); }
template <class H> UNIHIP_HALF_FN typename __unihip_if_half<H, __half&>::type operator--(H& a) { return a = __hsub(a, __half(1.0f)); }
template <class H> UNIHIP_HALF_FN typename __unihip_if_half<H, __half>::type operator++(H& a, int) { __half old = a; ++a; return old; }
template <class H> UNIHIP_HALF_FN typename __unihip_if_half<H, __half>::type operator--(H& a, int) { __half old = a; --a; return old; }
template <class H> UNIHIP_HALF_FN typename __unihip_if_half2<H, __half2>::type operator+(H a) { return a; }
template <class H> UNIHIP_HALF_FN typename __unihip_if_half2<H, __half2&>::type operator-=(H& a, const typename __unihip_if_half2<H, __half2>::type& b) { return a = __hsub2(a, b); }
template <class H> UNIHIP_HALF_FN typename __unihip_if_half2<H, __half2&>::type operator/=(H& a, const typename __unihip_if_half2<H, __half2>::type& b) { return a = __h2div(a, b); }
template <class H> UNIHIP_HALF_FN typename __unihip_if_half2<H, bool>::type operator!=(const H& a, const typename __unihip_if_half2<H, __half2>::type& b) { return !__hbeq2(a, b); }
/* Ordering of two-lane values: true when it holds in both lanes, host and device, as HIP's. */
template <class H> UNIHIP_HALF_FN typename __unihip_if_half2<H, bool>::type operator<(const H& a, const typename __unihip_if_half2<H, __half2>::type& b) { return __hblt2(a, b); }
template <class H> UNIHIP_HALF_FN typename __unihip_if_half2<H, bool>::type operator>(const H& a, const typename __unihip_if_half2<H, __half2>::type& b) { return __hbgt2(a, b); }
template <class H> UNIHIP_HALF_FN typename __unihip_if_half2<H, bool>::type operator<=(const H& a, const typename __unihip_if_half2<H, __half2>::type& b) { return __hble2(a, b); }
template <class H> UNIHIP_HALF_FN typename __unihip_if_half2<H, bool>::type operator>=(const H& a, const typename __unihip_if_half2<H, __half2>::type& b) { return __hbge2(a, b); }
template <class H> UNIHIP_HALF_FN typename __unihip_if_half2<H, __half2&>::type operator++(H& a) { return a = __hadd2(a, __half2{__half(1.0f), __half(1.0f)}); }
template <class H> UNIHIP_HALF_FN typename __unihip_if_half2<H, __half2&>::type operator--(H& a) { return a = __hsub2(a, __half2{__half(1.0f), __half(1.0f)}); }
template <class H> UNIHIP_HALF_FN typename __unihip_if_half2<H, __half2>::type operator++(H& a, int) { __half2 old = a; ++a; return old; }
template <class H> UNIHIP_HALF_FN typename __unihip_if_half2<H, __half2>::type operator--(H& a, int) { __half2 old = a; --a; return old; }

/* Warp shuffles of halves: moved as 32-bit lanes. */
#if defined(UNIHIP_OFFLOAD_LANGUAGE)
/* AMD's half dot product with accumulate, in float; `saturate` clamps the result to [0, 1], as
 * the instruction's clamp bit does. */
__device__ inline float amd_mixed_dot(__half2 a, __half2 b, float c, bool saturate) {
  float r = __half2float(a.x) * __half2float(b.x) + __half2float(a.y) * __half2float(b.y) + c;
  return saturate ? (r < 0.0f ? 0.0f : (r > 1.0f ? 1.0f : r)) : r;
}
#define UNIHIP_HALF_SHFL(name, Arg)                                                                 \
  __device__ inline __half2 name##_sync(unsigned long long m, __half2 v, Arg a, int w = warpSize) { \
    return __builtin_bit_cast(__half2, name##_sync(m, __builtin_bit_cast(unsigned int, v), a, w));  \
  }                                                                                                 \
  __device__ inline __half name##_sync(unsigned long long m, __half v, Arg a, int w = warpSize) {   \
    return __ushort_as_half((unsigned short)name##_sync(m, (unsigned int)__half_as_ushort(v), a, w)); \
  }
UNIHIP_HALF_SHFL(__shfl, int)
UNIHIP_HALF_SHFL(__shfl_up, unsigned int)
UNIHIP_HALF_SHFL(__shfl_down, unsigned int)
UNIHIP_HALF_SHFL(__shfl_xor, int)
#undef UNIHIP_HALF_SHFL
UNIHIP_PACKED_ATOMIC_ADD(__half2, __hadd2)
#endif

#endif /* UNIHIP_HIP_FP16_H */
