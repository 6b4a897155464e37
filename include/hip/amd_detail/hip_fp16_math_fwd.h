/* unihip: HIP's internal header hip/amd_detail/hip_fp16_math_fwd.h,
 * which AMD programs sometimes include directly; unihip defines its contents in
 * hip/hip_fp16.h. */
#ifndef UNIHIP_AMD_DETAIL_HIP_FP16_MATH_FWD_H
#define UNIHIP_AMD_DETAIL_HIP_FP16_MATH_FWD_H

#include "hip/hip_fp16.h"

#endif /* UNIHIP_AMD_DETAIL_HIP_FP16_MATH_FWD_H */
