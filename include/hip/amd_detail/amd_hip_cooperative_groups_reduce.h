/* unihip: HIP's internal header hip/amd_detail/amd_hip_cooperative_groups_reduce.h,
 * which AMD programs sometimes include directly; unihip defines its contents in
 * hip/hip_cooperative_groups.h. */
#ifndef UNIHIP_AMD_DETAIL_AMD_HIP_COOPERATIVE_GROUPS_REDUCE_H
#define UNIHIP_AMD_DETAIL_AMD_HIP_COOPERATIVE_GROUPS_REDUCE_H

#include "hip/hip_cooperative_groups.h"

#endif /* UNIHIP_AMD_DETAIL_AMD_HIP_COOPERATIVE_GROUPS_REDUCE_H */
