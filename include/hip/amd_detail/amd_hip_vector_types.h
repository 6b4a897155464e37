/* unihip: HIP's internal header hip/amd_detail/amd_hip_vector_types.h,
 * which AMD programs sometimes include directly; unihip defines its contents in
 * hip/hip_vector_types.h. */
#ifndef UNIHIP_AMD_DETAIL_AMD_HIP_VECTOR_TYPES_H
#define UNIHIP_AMD_DETAIL_AMD_HIP_VECTOR_TYPES_H

#include "hip/hip_vector_types.h"

#endif /* UNIHIP_AMD_DETAIL_AMD_HIP_VECTOR_TYPES_H */
