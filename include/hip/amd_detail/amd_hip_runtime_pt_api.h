/* unihip: HIP's internal header hip/amd_detail/amd_hip_runtime_pt_api.h,
 * which AMD programs sometimes include directly; unihip defines its contents in
 * hip/hip_runtime_api.h. */
#ifndef UNIHIP_AMD_DETAIL_AMD_HIP_RUNTIME_PT_API_H
#define UNIHIP_AMD_DETAIL_AMD_HIP_RUNTIME_PT_API_H

#include "hip/hip_runtime_api.h"

#endif /* UNIHIP_AMD_DETAIL_AMD_HIP_RUNTIME_PT_API_H */
