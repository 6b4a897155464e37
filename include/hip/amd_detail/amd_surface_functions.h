/* unihip: HIP's internal header hip/amd_detail/amd_surface_functions.h,
 * which AMD programs sometimes include directly; unihip defines its contents in
 * hip/hip_runtime.h. */
#ifndef UNIHIP_AMD_DETAIL_AMD_SURFACE_FUNCTIONS_H
#define UNIHIP_AMD_DETAIL_AMD_SURFACE_FUNCTIONS_H

#include "hip/hip_runtime.h"

#endif /* UNIHIP_AMD_DETAIL_AMD_SURFACE_FUNCTIONS_H */
