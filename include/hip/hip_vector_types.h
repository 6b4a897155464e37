/* unihip: HIP's vector types (char1..double4, make_<type>, element-wise operators).
 *
 * Plain aggregates with CUDA's sizes and alignments (float4: 16 bytes, aligned 16; float3: 12
 * bytes, aligned 4; ...), so structures holding them have one layout in host code, in NVIDIA
 * kernels and in AMD kernels. Usable from host compilers too. Operators: + - * / (vector with
 * vector, or with a scalar of the element type), the compound forms, unary -, == and !=. */
#ifndef UNIHIP_HIP_VECTOR_TYPES_H
#define UNIHIP_HIP_VECTOR_TYPES_H

#include "hip/unihip/qualifiers.h"

#define UNIHIP_VEC_FN __host__ __device__ inline __attribute__((always_inline))

#define UNIHIP_VEC_STRUCT1(N, T, A) struct __attribute__((aligned(A))) N { T x; };
#define UNIHIP_VEC_STRUCT2(N, T, A) struct __attribute__((aligned(A))) N { T x, y; };
#define UNIHIP_VEC_STRUCT3(N, T, A) struct __attribute__((aligned(A))) N { T x, y, z; };
#define UNIHIP_VEC_STRUCT4(N, T, A) struct __attribute__((aligned(A))) N { T x, y, z, w; };

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

#define UNIHIP_VEC_TYPE(N, T, n, A)                                                               \
  UNIHIP_VEC_STRUCT##n(N, T, A)                                                                   \
  UNIHIP_VEC_FN N make_##N(UNIHIP_VEC_PARAMS##n(T)) { return N{UNIHIP_VEC_ARGS##n}; }             \
  UNIHIP_VEC_ARITH(N, T, n, +, ADD)                                                               \
  UNIHIP_VEC_ARITH(N, T, n, -, SUB)                                                               \
  UNIHIP_VEC_ARITH(N, T, n, *, MUL)                                                               \
  UNIHIP_VEC_ARITH(N, T, n, /, DIV)                                                               \
  UNIHIP_VEC_FN N operator-(N a) { UNIHIP_VEC_EACH##n(UNIHIP_VEC_NEG_M) return a; }               \
  UNIHIP_VEC_FN bool operator==(const N& a, const N& b) { return true UNIHIP_VEC_EACH##n(UNIHIP_VEC_EQ_M); } \
  UNIHIP_VEC_FN bool operator!=(const N& a, const N& b) { return !(a == b); }

/* One element type in widths 1-4, with CUDA's alignments. */
#define UNIHIP_VEC_FAMILY(prefix, T, a1, a2, a3, a4) \
  UNIHIP_VEC_TYPE(prefix##1, T, 1, a1)               \
  UNIHIP_VEC_TYPE(prefix##2, T, 2, a2)               \
  UNIHIP_VEC_TYPE(prefix##3, T, 3, a3)               \
  UNIHIP_VEC_TYPE(prefix##4, T, 4, a4)

UNIHIP_VEC_FAMILY(char, signed char, 1, 2, 1, 4)
UNIHIP_VEC_FAMILY(uchar, unsigned char, 1, 2, 1, 4)
UNIHIP_VEC_FAMILY(short, short, 2, 4, 2, 8)
UNIHIP_VEC_FAMILY(ushort, unsigned short, 2, 4, 2, 8)
UNIHIP_VEC_FAMILY(int, int, 4, 8, 4, 16)
UNIHIP_VEC_FAMILY(uint, unsigned int, 4, 8, 4, 16)
UNIHIP_VEC_FAMILY(long, long, 8, 16, 8, 16)
UNIHIP_VEC_FAMILY(ulong, unsigned long, 8, 16, 8, 16)
UNIHIP_VEC_FAMILY(longlong, long long, 8, 16, 8, 16)
UNIHIP_VEC_FAMILY(ulonglong, unsigned long long, 8, 16, 8, 16)
UNIHIP_VEC_FAMILY(float, float, 4, 8, 4, 16)
UNIHIP_VEC_FAMILY(double, double, 8, 16, 8, 16)

#undef UNIHIP_VEC_FAMILY
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
#undef UNIHIP_VEC_EQ_M

#endif /* UNIHIP_HIP_VECTOR_TYPES_H */
