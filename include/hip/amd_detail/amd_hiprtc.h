/* unihip: HIP's internal header hip/amd_detail/amd_hiprtc.h,
 * which AMD programs sometimes include directly; unihip defines its contents in
 * hip/hiprtc.h. */
#ifndef UNIHIP_AMD_DETAIL_AMD_HIPRTC_H
#define UNIHIP_AMD_DETAIL_AMD_HIPRTC_H

#include "hip/hiprtc.h"

#endif /* UNIHIP_AMD_DETAIL_AMD_HIPRTC_H */
