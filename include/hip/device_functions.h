/* unihip: HIP's device_functions.h. Integer intrinsics (__popc, __clz, __brev, __mul24, ...),
 * synchronization, warp functions, clocks and fast math intrinsics are part of the device
 * language (hip_runtime.h); this header brings them in for code that includes it by this name. */
#ifndef UNIHIP_DEVICE_FUNCTIONS_H
#define UNIHIP_DEVICE_FUNCTIONS_H
#include "hip/hip_runtime.h"
#endif /* UNIHIP_DEVICE_FUNCTIONS_H */
