/* unihip device side: the unqualified min and max HIP code calls in kernels.
 *
 * Overloads as HIP (clang's HIP headers) and CUDA have them: same-type integer and floating
 * versions, signed/unsigned mixes (compared as the unsigned type, as CUDA does), float/double
 * mixes (as double), and a template for any other type with operator<. Host and device, so
 * __host__ __device__ code calls them in both passes. */
#ifndef UNIHIP_DEVICE_MINMAX_H
#define UNIHIP_DEVICE_MINMAX_H

#include "hip/unihip/qualifiers.h"

#if defined(UNIHIP_OFFLOAD_LANGUAGE)

#define UNIHIP_MINMAX_FN static __host__ __device__ __inline__ __attribute__((always_inline))

#define UNIHIP_MINMAX(R, A, B)                                                            \
  UNIHIP_MINMAX_FN R min(A a, B b) { return (R)a < (R)b ? (R)a : (R)b; }                  \
  UNIHIP_MINMAX_FN R max(A a, B b) { return (R)a > (R)b ? (R)a : (R)b; }

UNIHIP_MINMAX(int, int, int)
UNIHIP_MINMAX(unsigned int, unsigned int, unsigned int)
UNIHIP_MINMAX(unsigned int, int, unsigned int)
UNIHIP_MINMAX(unsigned int, unsigned int, int)
UNIHIP_MINMAX(long, long, long)
UNIHIP_MINMAX(unsigned long, unsigned long, unsigned long)
UNIHIP_MINMAX(unsigned long, long, unsigned long)
UNIHIP_MINMAX(unsigned long, unsigned long, long)
UNIHIP_MINMAX(long long, long long, long long)
UNIHIP_MINMAX(unsigned long long, unsigned long long, unsigned long long)
UNIHIP_MINMAX(unsigned long long, long long, unsigned long long)
UNIHIP_MINMAX(unsigned long long, unsigned long long, long long)
#undef UNIHIP_MINMAX

/* Floating: NaN-ignoring, as fminf/fmaxf. */
UNIHIP_MINMAX_FN float min(float a, float b) { return __builtin_fminf(a, b); }
UNIHIP_MINMAX_FN float max(float a, float b) { return __builtin_fmaxf(a, b); }
UNIHIP_MINMAX_FN double min(double a, double b) { return __builtin_fmin(a, b); }
UNIHIP_MINMAX_FN double max(double a, double b) { return __builtin_fmax(a, b); }
UNIHIP_MINMAX_FN double min(float a, double b) { return __builtin_fmin(a, b); }
UNIHIP_MINMAX_FN double max(float a, double b) { return __builtin_fmax(a, b); }
UNIHIP_MINMAX_FN double min(double a, float b) { return __builtin_fmin(a, b); }
UNIHIP_MINMAX_FN double max(double a, float b) { return __builtin_fmax(a, b); }

template <class T>
__host__ __device__ inline T min(T a, T b) {
  return a < b ? a : b;
}
template <class T>
__host__ __device__ inline T max(T a, T b) {
  return a > b ? a : b;
}

#undef UNIHIP_MINMAX_FN

#endif /* UNIHIP_OFFLOAD_LANGUAGE */

#endif /* UNIHIP_DEVICE_MINMAX_H */
