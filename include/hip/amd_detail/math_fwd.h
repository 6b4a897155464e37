/* unihip: HIP's internal header hip/amd_detail/math_fwd.h,
 * which AMD programs sometimes include directly; unihip defines its contents in
 * hip/hip_runtime.h. */
#ifndef UNIHIP_AMD_DETAIL_MATH_FWD_H
#define UNIHIP_AMD_DETAIL_MATH_FWD_H

#include "hip/hip_runtime.h"

#endif /* UNIHIP_AMD_DETAIL_MATH_FWD_H */
