/* unihip: HIP's complex numbers (hipFloatComplex, hipDoubleComplex, hipComplex).
 *
 * As in HIP, the complex types are the vector types float2 / double2 (x = real, y = imaginary),
 * so the vector operators (element-wise) apply; complex arithmetic is hipCmulf, hipCdivf, ...
 * Host and device, any C++ compiler. hipCdiv/hipCabs are AMD's (unscaled) formulas. */
#ifndef UNIHIP_HIP_COMPLEX_H
#define UNIHIP_HIP_COMPLEX_H

#include "hip/hip_vector_types.h"
#include "hip/unihip/host_math.h"
#include "hip/unihip/qualifiers.h"

#if defined(__cplusplus)

#define UNIHIP_COMPLEX_FN __host__ __device__ static inline __attribute__((always_inline))

typedef float2 hipFloatComplex;
typedef double2 hipDoubleComplex;
typedef hipFloatComplex hipComplex;

#define UNIHIP_COMPLEX_FAMILY(C, T, sfx, ABS, FMA)                                              \
  UNIHIP_COMPLEX_FN T hipCreal##sfx(C z) { return z.x; }                                        \
  UNIHIP_COMPLEX_FN T hipCimag##sfx(C z) { return z.y; }                                        \
  UNIHIP_COMPLEX_FN C hipConj##sfx(C z) { return C{z.x, -z.y}; }                                \
  UNIHIP_COMPLEX_FN T hipCsqabs##sfx(C z) { return z.x * z.x + z.y * z.y; }                     \
  UNIHIP_COMPLEX_FN C hipCadd##sfx(C a, C b) { return C{a.x + b.x, a.y + b.y}; }                \
  UNIHIP_COMPLEX_FN C hipCsub##sfx(C a, C b) { return C{a.x - b.x, a.y - b.y}; }                \
  UNIHIP_COMPLEX_FN C hipCmul##sfx(C a, C b) {                                                  \
    return C{a.x * b.x - a.y * b.y, a.x * b.y + a.y * b.x};                                     \
  }                                                                                             \
  /* As AMD's HIP: no scaling (CUDA's cuCdiv scales; HIP's results are the reference here). */  \
  UNIHIP_COMPLEX_FN C hipCdiv##sfx(C a, C b) {                                                  \
    T d = hipCsqabs##sfx(b);                                                                    \
    return C{(a.x * b.x + a.y * b.y) / d, (a.y * b.x - a.x * b.y) / d};                         \
  }                                                                                             \
  UNIHIP_COMPLEX_FN T hipCabs##sfx(C z) { return sqrt(hipCsqabs##sfx(z)); }                     \
  /* a * b + c */                                                                               \
  UNIHIP_COMPLEX_FN C hipCfma##sfx(C a, C b, C c) {                                             \
    T re = FMA(a.x, b.x, c.x);                                                                  \
    T im = FMA(a.x, b.y, c.y);                                                                  \
    return C{FMA(-a.y, b.y, re), FMA(a.y, b.x, im)};                                            \
  }

UNIHIP_COMPLEX_FN hipFloatComplex make_hipFloatComplex(float re, float im) { return hipFloatComplex{re, im}; }
UNIHIP_COMPLEX_FN hipDoubleComplex make_hipDoubleComplex(double re, double im) { return hipDoubleComplex{re, im}; }
UNIHIP_COMPLEX_FN hipComplex make_hipComplex(float re, float im) { return hipComplex{re, im}; }
UNIHIP_COMPLEX_FAMILY(hipFloatComplex, float, f, fabsf, fmaf)
UNIHIP_COMPLEX_FAMILY(hipDoubleComplex, double, , fabs, fma)
UNIHIP_COMPLEX_FN hipFloatComplex hipComplexDoubleToFloat(hipDoubleComplex z) {
  return hipFloatComplex{(float)z.x, (float)z.y};
}
UNIHIP_COMPLEX_FN hipDoubleComplex hipComplexFloatToDouble(hipFloatComplex z) {
  return hipDoubleComplex{(double)z.x, (double)z.y};
}

#undef UNIHIP_COMPLEX_FAMILY
#undef UNIHIP_COMPLEX_FN

#endif /* __cplusplus */

#endif /* UNIHIP_HIP_COMPLEX_H */
