/* unihip: HIP's internal header hip/amd_detail/amd_hip_common.h,
 * which AMD programs sometimes include directly; unihip defines its contents in
 * hip/hip_common.h. */
#ifndef UNIHIP_AMD_DETAIL_AMD_HIP_COMMON_H
#define UNIHIP_AMD_DETAIL_AMD_HIP_COMMON_H

#include "hip/hip_common.h"

#endif /* UNIHIP_AMD_DETAIL_AMD_HIP_COMMON_H */
