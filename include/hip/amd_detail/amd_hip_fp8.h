/* unihip: HIP's internal header hip/amd_detail/amd_hip_fp8.h,
 * which AMD programs sometimes include directly; unihip defines its contents in
 * hip/hip_fp8.h. */
#ifndef UNIHIP_AMD_DETAIL_AMD_HIP_FP8_H
#define UNIHIP_AMD_DETAIL_AMD_HIP_FP8_H

#include "hip/hip_fp8.h"

#endif /* UNIHIP_AMD_DETAIL_AMD_HIP_FP8_H */
