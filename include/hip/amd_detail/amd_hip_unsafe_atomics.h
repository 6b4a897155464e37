/* unihip: HIP's internal header hip/amd_detail/amd_hip_unsafe_atomics.h,
 * which AMD programs sometimes include directly; unihip defines its contents in
 * hip/hip_runtime.h. */
#ifndef UNIHIP_AMD_DETAIL_AMD_HIP_UNSAFE_ATOMICS_H
#define UNIHIP_AMD_DETAIL_AMD_HIP_UNSAFE_ATOMICS_H

#include "hip/hip_runtime.h"

#endif /* UNIHIP_AMD_DETAIL_AMD_HIP_UNSAFE_ATOMICS_H */
