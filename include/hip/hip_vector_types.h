/* unihip: HIP's vector types (char1..double4, make_<type>, element-wise operators).
 *
 * Plain aggregates with CUDA's sizes and alignments (float4: 16 bytes, aligned 16; float3: 12
 * bytes, aligned 4; ...), so structures holding them have one layout in host code, in NVIDIA
 * kernels and in AMD kernels. Usable from host compilers too. Operators: + - * / (vector with
 * vector, or with a scalar of the element type), the compound forms, unary + and -, ++ and --,
 * == and != (all members equal); integer types also % & | ^ << >> (+ compound forms) and ~.
 * Constructors: N(a, b, ...), explicit broadcast N(s), trivial default. Valid C as well (the
 * same structs and make_<type>, without the C++ operators and constructors). */
#ifndef UNIHIP_HIP_VECTOR_TYPES_H
#define UNIHIP_HIP_VECTOR_TYPES_H

/* HIP's vector types header brings these in for C++ (programs use std::array unincluded).
 * Before the qualifiers: under C++20 <array> reaches <new>, whose clang CUDA-mode wrapper
 * (active once __device__ is defined) needs ::malloc/::free, device ones included. */
#if defined(__cplusplus) && !defined(__HIPCC_RTC__)
#include <cstdlib>
#include <array>
#include <iosfwd>
#endif
#include "hip/unihip/qualifiers.h"

#define UNIHIP_VEC_FN __host__ __device__ inline __attribute__((always_inline))

#ifdef __cplusplus
/* Constructors as HIP's vector types have them: default (trivial, so __shared__ arrays work),
 * one value per member (N(a, b, ...)) and an explicit broadcast N(s), each from any scalars that
 * convert to the member type (HIP's templates: float2{i, 2 * i} of a size_t and uchar4{~1}
 * convert, no narrowing error). */
#if defined(__HIPCC_RTC__)
#define UNIHIP_VEC_CONVERTS(U, T) __is_convertible_to(U, T)
#else
#include <type_traits>
#define UNIHIP_VEC_CONVERTS(U, T) std::is_convertible<U, T>::value
#endif
template <bool> struct unihip_vec_enable {};
template <> struct unihip_vec_enable<true> { typedef int type; };
#define UNIHIP_VEC_CTOR __host__ __device__ constexpr
#define UNIHIP_VEC_FROM(T) \
  template <typename U, typename unihip_vec_enable<UNIHIP_VEC_CONVERTS(U, T)>::type = 0>
#define UNIHIP_VEC_STRUCT1(N, T, A)                             \
  struct __attribute__((aligned(A))) N {                        \
    typedef T value_type; /* as HIP_vector_type */              \
    T x;                                                        \
    N() = default;                                              \
    UNIHIP_VEC_CTOR N(T a) : x(a) {}                            \
    UNIHIP_VEC_FROM(T) UNIHIP_VEC_CTOR explicit N(U s) : x(static_cast<T>(s)) {} \
  };
#define UNIHIP_VEC_STRUCT2(N, T, A)                             \
  struct __attribute__((aligned(A))) N {                        \
    typedef T value_type; /* as HIP_vector_type */              \
    T x, y;                                                     \
    N() = default;                                              \
    template <typename U1, typename U2,                                                           \
              typename unihip_vec_enable<UNIHIP_VEC_CONVERTS(U1, T) && UNIHIP_VEC_CONVERTS(U2, T)>::type = 0> \
    UNIHIP_VEC_CTOR N(U1 a, U2 b) : x(static_cast<T>(a)), y(static_cast<T>(b)) {}               \
    UNIHIP_VEC_FROM(T) UNIHIP_VEC_CTOR explicit N(U s) : x(static_cast<T>(s)), y(x) {} \
  };
#define UNIHIP_VEC_STRUCT3(N, T, A)                             \
  struct __attribute__((aligned(A))) N {                        \
    typedef T value_type; /* as HIP_vector_type */              \
    T x, y, z;                                                  \
    N() = default;                                              \
    template <typename U1, typename U2, typename U3,                                               \
              typename unihip_vec_enable<UNIHIP_VEC_CONVERTS(U1, T) && UNIHIP_VEC_CONVERTS(U2, T) && \
                                         UNIHIP_VEC_CONVERTS(U3, T)>::type = 0>                  \
    UNIHIP_VEC_CTOR N(U1 a, U2 b, U3 c)                                                            \
        : x(static_cast<T>(a)), y(static_cast<T>(b)), z(static_cast<T>(c)) {}                   \
    UNIHIP_VEC_FROM(T) UNIHIP_VEC_CTOR explicit N(U s) : x(static_cast<T>(s)), y(x), z(x) {} \
  };
#define UNIHIP_VEC_STRUCT4(N, T, A)                                     \
  struct __attribute__((aligned(A))) N {                                \
    typedef T value_type; /* as HIP_vector_type */                      \
    T x, y, z, w;                                                       \
    N() = default;                                                      \
    template <typename U1, typename U2, typename U3, typename U4,                                   \
              typename unihip_vec_enable<UNIHIP_VEC_CONVERTS(U1, T) && UNIHIP_VEC_CONVERTS(U2, T) && \
                                         UNIHIP_VEC_CONVERTS(U3, T) && UNIHIP_VEC_CONVERTS(U4, T)>::type = 0> \
    UNIHIP_VEC_CTOR N(U1 a, U2 b, U3 c, U4 d)                                                       \
        : x(static_cast<T>(a)), y(static_cast<T>(b)), z(static_cast<T>(c)), w(static_cast<T>(d)) {} \
    UNIHIP_VEC_FROM(T) UNIHIP_VEC_CTOR explicit N(U s) : x(static_cast<T>(s)), y(x), z(x), w(x) {} \
  };

#endif /* __cplusplus */

#define UNIHIP_VEC_PARAMS1(T) T x
#define UNIHIP_VEC_PARAMS2(T) T x, T y
#define UNIHIP_VEC_PARAMS3(T) T x, T y, T z
#define UNIHIP_VEC_PARAMS4(T) T x, T y, T z, T w
#define UNIHIP_VEC_ARGS1 x
#define UNIHIP_VEC_ARGS2 x, y
#define UNIHIP_VEC_ARGS3 x, y, z
#define UNIHIP_VEC_ARGS4 x, y, z, w

/* Apply `op` to each member: E(m) expands once per member name. */
#define UNIHIP_VEC_EACH1(E) E(x)
#define UNIHIP_VEC_EACH2(E) E(x) E(y)
#define UNIHIP_VEC_EACH3(E) E(x) E(y) E(z)
#define UNIHIP_VEC_EACH4(E) E(x) E(y) E(z) E(w)

#define UNIHIP_VEC_SPLAT1(s) s
#define UNIHIP_VEC_SPLAT2(s) s, s
#define UNIHIP_VEC_SPLAT3(s) s, s, s
#define UNIHIP_VEC_SPLAT4(s) s, s, s, s

#define UNIHIP_VEC_ADD_M(m) a.m += b.m;
#define UNIHIP_VEC_SUB_M(m) a.m -= b.m;
#define UNIHIP_VEC_MUL_M(m) a.m *= b.m;
#define UNIHIP_VEC_DIV_M(m) a.m /= b.m;
#define UNIHIP_VEC_ADD_S(m) a.m += s;
#define UNIHIP_VEC_SUB_S(m) a.m -= s;
#define UNIHIP_VEC_MUL_S(m) a.m *= s;
#define UNIHIP_VEC_DIV_S(m) a.m /= s;
#define UNIHIP_VEC_MOD_M(m) a.m %= b.m;
#define UNIHIP_VEC_MOD_S(m) a.m %= s;
#define UNIHIP_VEC_AND_M(m) a.m &= b.m;
#define UNIHIP_VEC_AND_S(m) a.m &= s;
#define UNIHIP_VEC_OR_M(m) a.m |= b.m;
#define UNIHIP_VEC_OR_S(m) a.m |= s;
#define UNIHIP_VEC_XOR_M(m) a.m ^= b.m;
#define UNIHIP_VEC_XOR_S(m) a.m ^= s;
#define UNIHIP_VEC_SHL_M(m) a.m <<= b.m;
#define UNIHIP_VEC_SHL_S(m) a.m <<= s;
#define UNIHIP_VEC_SHR_M(m) a.m >>= b.m;
#define UNIHIP_VEC_SHR_S(m) a.m >>= s;
#define UNIHIP_VEC_NOT_M(m) a.m = ~a.m;
#define UNIHIP_VEC_INC_M(m) ++a.m;
#define UNIHIP_VEC_DEC_M(m) --a.m;
#define UNIHIP_VEC_NEG_M(m) a.m = -a.m;
#define UNIHIP_VEC_EQ_M(m) &&a.m == b.m

#define UNIHIP_VEC_ARITH(N, T, n, op, OP)                                                        \
  UNIHIP_VEC_FN N& operator op##=(N& a, const N& b) { UNIHIP_VEC_EACH##n(UNIHIP_VEC_##OP##_M) return a; } \
  UNIHIP_VEC_FN N& operator op##=(N& a, T s) { UNIHIP_VEC_EACH##n(UNIHIP_VEC_##OP##_S) return a; }        \
  UNIHIP_VEC_FN N operator op(N a, const N& b) { return a op##= b; }                             \
  UNIHIP_VEC_FN N operator op(N a, T s) { return a op##= s; }                                    \
  UNIHIP_VEC_FN N operator op(T s, const N& b) {                                                 \
    N a = make_##N(UNIHIP_VEC_SPLAT##n(s));                                                      \
    return a op##= b;                                                                            \
  }

#ifdef __cplusplus
#define UNIHIP_VEC_TYPE(N, T, n, A)                                                               \
  UNIHIP_VEC_STRUCT##n(N, T, A)                                                                   \
  UNIHIP_VEC_FN N make_##N(UNIHIP_VEC_PARAMS##n(T)) { return N{UNIHIP_VEC_ARGS##n}; }             \
  UNIHIP_VEC_ARITH(N, T, n, +, ADD)                                                               \
  UNIHIP_VEC_ARITH(N, T, n, -, SUB)                                                               \
  UNIHIP_VEC_ARITH(N, T, n, *, MUL)                                                               \
  UNIHIP_VEC_ARITH(N, T, n, /, DIV)                                                               \
  UNIHIP_VEC_FN N operator-(N a) { UNIHIP_VEC_EACH##n(UNIHIP_VEC_NEG_M) return a; }               \
  UNIHIP_VEC_FN N operator+(N a) { return a; }                                                    \
  UNIHIP_VEC_FN N& operator++(N& a) { UNIHIP_VEC_EACH##n(UNIHIP_VEC_INC_M) return a; }            \
  UNIHIP_VEC_FN N& operator--(N& a) { UNIHIP_VEC_EACH##n(UNIHIP_VEC_DEC_M) return a; }            \
  UNIHIP_VEC_FN N operator++(N& a, int) { N old = a; ++a; return old; }                           \
  UNIHIP_VEC_FN N operator--(N& a, int) { N old = a; --a; return old; }                           \
  UNIHIP_VEC_FN bool operator==(const N& a, const N& b) { return true UNIHIP_VEC_EACH##n(UNIHIP_VEC_EQ_M); } \
  UNIHIP_VEC_FN bool operator!=(const N& a, const N& b) { return !(a == b); }                      \
  /* with a scalar: compared with the scalar broadcast to every member, as HIP's */               \
  UNIHIP_VEC_FN bool operator==(const N& a, T s) { return a == N(UNIHIP_VEC_SPLAT##n(s)); }       \
  UNIHIP_VEC_FN bool operator==(T s, const N& b) { return N(UNIHIP_VEC_SPLAT##n(s)) == b; }       \
  UNIHIP_VEC_FN bool operator!=(const N& a, T s) { return !(a == s); }                            \
  UNIHIP_VEC_FN bool operator!=(T s, const N& b) { return !(s == b); }

/* Integer element types add %, &, |, ^, <<, >> (+ compound forms) and ~. */
#define UNIHIP_VEC_INT_OPS(N, T, n)                               \
  UNIHIP_VEC_ARITH(N, T, n, %, MOD)                               \
  UNIHIP_VEC_ARITH(N, T, n, &, AND)                               \
  UNIHIP_VEC_ARITH(N, T, n, |, OR)                                \
  UNIHIP_VEC_ARITH(N, T, n, ^, XOR)                               \
  UNIHIP_VEC_ARITH(N, T, n, <<, SHL)                              \
  UNIHIP_VEC_ARITH(N, T, n, >>, SHR)                              \
  UNIHIP_VEC_FN N operator~(N a) { UNIHIP_VEC_EACH##n(UNIHIP_VEC_NOT_M) return a; }

#else /* C: the same members and layout, make_<type>; no operators or constructors. */
#define UNIHIP_VEC_MEMBERS1(T) T x;
#define UNIHIP_VEC_MEMBERS2(T) T x, y;
#define UNIHIP_VEC_MEMBERS3(T) T x, y, z;
#define UNIHIP_VEC_MEMBERS4(T) T x, y, z, w;
#define UNIHIP_VEC_TYPE(N, T, n, A)                                                      \
  typedef struct __attribute__((aligned(A))) N { UNIHIP_VEC_MEMBERS##n(T) } N;           \
  static inline __host__ __device__ N make_##N(UNIHIP_VEC_PARAMS##n(T)) {                \
    N v = {UNIHIP_VEC_ARGS##n};                                                          \
    return v;                                                                            \
  }
#define UNIHIP_VEC_INT_OPS(N, T, n)
#endif /* __cplusplus */

/* One element type in widths 1-4, with CUDA's alignments. */
#define UNIHIP_VEC_FAMILY(prefix, T, a1, a2, a3, a4) \
  UNIHIP_VEC_TYPE(prefix##1, T, 1, a1)               \
  UNIHIP_VEC_TYPE(prefix##2, T, 2, a2)               \
  UNIHIP_VEC_TYPE(prefix##3, T, 3, a3)               \
  UNIHIP_VEC_TYPE(prefix##4, T, 4, a4)
#define UNIHIP_VEC_INT_FAMILY(prefix, T, a1, a2, a3, a4) \
  UNIHIP_VEC_FAMILY(prefix, T, a1, a2, a3, a4)           \
  UNIHIP_VEC_INT_OPS(prefix##1, T, 1)                    \
  UNIHIP_VEC_INT_OPS(prefix##2, T, 2)                    \
  UNIHIP_VEC_INT_OPS(prefix##3, T, 3)                    \
  UNIHIP_VEC_INT_OPS(prefix##4, T, 4)

UNIHIP_VEC_INT_FAMILY(char, signed char, 1, 2, 1, 4)
UNIHIP_VEC_INT_FAMILY(uchar, unsigned char, 1, 2, 1, 4)
UNIHIP_VEC_INT_FAMILY(short, short, 2, 4, 2, 8)
UNIHIP_VEC_INT_FAMILY(ushort, unsigned short, 2, 4, 2, 8)
UNIHIP_VEC_INT_FAMILY(int, int, 4, 8, 4, 16)
UNIHIP_VEC_INT_FAMILY(uint, unsigned int, 4, 8, 4, 16)
UNIHIP_VEC_INT_FAMILY(long, long, 8, 16, 8, 16)
UNIHIP_VEC_INT_FAMILY(ulong, unsigned long, 8, 16, 8, 16)
UNIHIP_VEC_INT_FAMILY(longlong, long long, 8, 16, 8, 16)
UNIHIP_VEC_INT_FAMILY(ulonglong, unsigned long long, 8, 16, 8, 16)
UNIHIP_VEC_FAMILY(float, float, 4, 8, 4, 16)
UNIHIP_VEC_FAMILY(double, double, 8, 16, 8, 16)

#undef UNIHIP_VEC_MEMBERS1
#undef UNIHIP_VEC_MEMBERS2
#undef UNIHIP_VEC_MEMBERS3
#undef UNIHIP_VEC_MEMBERS4
#undef UNIHIP_VEC_FAMILY
#undef UNIHIP_VEC_INT_FAMILY
#undef UNIHIP_VEC_INT_OPS
#undef UNIHIP_VEC_CTOR
#undef UNIHIP_VEC_TYPE
#undef UNIHIP_VEC_ARITH
#undef UNIHIP_VEC_ADD_M
#undef UNIHIP_VEC_SUB_M
#undef UNIHIP_VEC_MUL_M
#undef UNIHIP_VEC_DIV_M
#undef UNIHIP_VEC_ADD_S
#undef UNIHIP_VEC_SUB_S
#undef UNIHIP_VEC_MUL_S
#undef UNIHIP_VEC_DIV_S
#undef UNIHIP_VEC_NEG_M
#undef UNIHIP_VEC_MOD_M
#undef UNIHIP_VEC_MOD_S
#undef UNIHIP_VEC_AND_M
#undef UNIHIP_VEC_AND_S
#undef UNIHIP_VEC_OR_M
#undef UNIHIP_VEC_OR_S
#undef UNIHIP_VEC_XOR_M
#undef UNIHIP_VEC_XOR_S
#undef UNIHIP_VEC_SHL_M
#undef UNIHIP_VEC_SHL_S
#undef UNIHIP_VEC_SHR_M
#undef UNIHIP_VEC_SHR_S
#undef UNIHIP_VEC_NOT_M
#undef UNIHIP_VEC_INC_M
#undef UNIHIP_VEC_DEC_M
#undef UNIHIP_VEC_EQ_M

#endif /* UNIHIP_HIP_VECTOR_TYPES_H */
