/* unihip: HIP's internal header hip/amd_detail/amd_driver_types.h,
 * which AMD programs sometimes include directly; unihip defines its contents in
 * hip/driver_types.h. */
#ifndef UNIHIP_AMD_DETAIL_AMD_DRIVER_TYPES_H
#define UNIHIP_AMD_DETAIL_AMD_DRIVER_TYPES_H

#include "hip/driver_types.h"

#endif /* UNIHIP_AMD_DETAIL_AMD_DRIVER_TYPES_H */
