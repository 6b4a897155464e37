/* unihip: HIP's internal header hip/amd_detail/amd_hip_surface_types.h,
 * which AMD programs sometimes include directly; unihip defines its contents in
 * hip/surface_types.h. */
#ifndef UNIHIP_AMD_DETAIL_AMD_HIP_SURFACE_TYPES_H
#define UNIHIP_AMD_DETAIL_AMD_HIP_SURFACE_TYPES_H

#include "hip/surface_types.h"

#endif /* UNIHIP_AMD_DETAIL_AMD_HIP_SURFACE_TYPES_H */
