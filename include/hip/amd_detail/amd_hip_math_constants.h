/* unihip: HIP's internal header hip/amd_detail/amd_hip_math_constants.h,
 * which AMD programs sometimes include directly; unihip defines its contents in
 * hip/hip_math_constants.h. */
#ifndef UNIHIP_AMD_DETAIL_AMD_HIP_MATH_CONSTANTS_H
#define UNIHIP_AMD_DETAIL_AMD_HIP_MATH_CONSTANTS_H

#include "hip/hip_math_constants.h"

#endif /* UNIHIP_AMD_DETAIL_AMD_HIP_MATH_CONSTANTS_H */
