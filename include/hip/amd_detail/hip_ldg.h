/* unihip: HIP's internal header hip/amd_detail/hip_ldg.h,
 * which AMD programs sometimes include directly; unihip defines its contents in
 * hip/hip_runtime.h. */
#ifndef UNIHIP_AMD_DETAIL_HIP_LDG_H
#define UNIHIP_AMD_DETAIL_HIP_LDG_H

#include "hip/hip_runtime.h"

#endif /* UNIHIP_AMD_DETAIL_HIP_LDG_H */
