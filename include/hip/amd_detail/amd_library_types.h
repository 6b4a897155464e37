/* unihip: HIP's internal header hip/amd_detail/amd_library_types.h,
 * which AMD programs sometimes include directly; unihip defines its contents in
 * hip/library_types.h. */
#ifndef UNIHIP_AMD_DETAIL_AMD_LIBRARY_TYPES_H
#define UNIHIP_AMD_DETAIL_AMD_LIBRARY_TYPES_H

#include "hip/library_types.h"

#endif /* UNIHIP_AMD_DETAIL_AMD_LIBRARY_TYPES_H */
