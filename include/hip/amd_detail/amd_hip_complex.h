/* unihip: HIP's internal header hip/amd_detail/amd_hip_complex.h,
 * which AMD programs sometimes include directly; unihip defines its contents in
 * hip/hip_complex.h. */
#ifndef UNIHIP_AMD_DETAIL_AMD_HIP_COMPLEX_H
#define UNIHIP_AMD_DETAIL_AMD_HIP_COMPLEX_H

#include "hip/hip_complex.h"

#endif /* UNIHIP_AMD_DETAIL_AMD_HIP_COMPLEX_H */
