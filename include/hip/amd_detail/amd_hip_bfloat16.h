/* unihip: HIP's internal header hip/amd_detail/amd_hip_bfloat16.h,
 * which AMD programs sometimes include directly; unihip defines its contents in
 * hip/hip_bfloat16.h. */
#ifndef UNIHIP_AMD_DETAIL_AMD_HIP_BFLOAT16_H
#define UNIHIP_AMD_DETAIL_AMD_HIP_BFLOAT16_H

#include "hip/hip_bfloat16.h"

#endif /* UNIHIP_AMD_DETAIL_AMD_HIP_BFLOAT16_H */
