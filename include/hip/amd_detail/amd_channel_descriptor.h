/* unihip: HIP's internal header hip/amd_detail/amd_channel_descriptor.h,
 * which AMD programs sometimes include directly; unihip defines its contents in
 * hip/channel_descriptor.h. */
#ifndef UNIHIP_AMD_DETAIL_AMD_CHANNEL_DESCRIPTOR_H
#define UNIHIP_AMD_DETAIL_AMD_CHANNEL_DESCRIPTOR_H

#include "hip/channel_descriptor.h"

#endif /* UNIHIP_AMD_DETAIL_AMD_CHANNEL_DESCRIPTOR_H */
