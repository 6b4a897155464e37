/* unihip: HIP's internal header hip/amd_detail/host_defines.h,
 * which AMD programs sometimes include directly; unihip defines its contents in
 * hip/hip_common.h, hip/unihip/qualifiers.h. */
#ifndef UNIHIP_AMD_DETAIL_HOST_DEFINES_H
#define UNIHIP_AMD_DETAIL_HOST_DEFINES_H

#include "hip/hip_common.h"
#include "hip/unihip/qualifiers.h"

#endif /* UNIHIP_AMD_DETAIL_HOST_DEFINES_H */
