/* unihip: the float math that host-and-device helpers of the public headers call.
 *
 * <math.h> gives the host functions; in clang's offload passes unihip's device math
 * (math_functions.h) adds device overloads of the same names, so a __host__ __device__ function
 * calling sqrtf() resolves per pass. */
#ifndef UNIHIP_HOST_MATH_H
#define UNIHIP_HOST_MATH_H

#include <math.h>

#include "hip/unihip/qualifiers.h"
#if defined(UNIHIP_OFFLOAD_LANGUAGE)
#include "hip/unihip/math_functions.h"
#endif

#endif /* UNIHIP_HOST_MATH_H */
