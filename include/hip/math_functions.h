/* unihip: HIP's math_functions.h. The device math functions come with the device language
 * (hip_runtime.h: the float/double C functions, their f forms and C++ float overloads); this
 * header makes them and the host <math.h> available to code that includes it by this name. */
#ifndef UNIHIP_MATH_FUNCTIONS_H
#define UNIHIP_MATH_FUNCTIONS_H
#include "hip/hip_common.h"
#include "hip/unihip/host_math.h"
#if defined(UNIHIP_OFFLOAD_LANGUAGE)
#include "hip/unihip/math_intrinsics.h"
#include "hip/unihip/minmax.h"
#endif
#endif /* UNIHIP_MATH_FUNCTIONS_H */
