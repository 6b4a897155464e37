/* unihip: HIP's internal header hip/amd_detail/amd_texture_types.h,
 * which AMD programs sometimes include directly; unihip defines its contents in
 * hip/texture_types.h. */
#ifndef UNIHIP_AMD_DETAIL_AMD_TEXTURE_TYPES_H
#define UNIHIP_AMD_DETAIL_AMD_TEXTURE_TYPES_H

#include "hip/texture_types.h"

#endif /* UNIHIP_AMD_DETAIL_AMD_TEXTURE_TYPES_H */
