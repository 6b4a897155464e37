/* unihip: HIP's internal header hip/amd_detail/amd_hip_gl_interop.h,
 * which AMD programs sometimes include directly; unihip defines its contents in
 * hip/hip_gl_interop.h. */
#ifndef UNIHIP_AMD_DETAIL_AMD_HIP_GL_INTEROP_H
#define UNIHIP_AMD_DETAIL_AMD_HIP_GL_INTEROP_H

#include "hip/hip_gl_interop.h"

#endif /* UNIHIP_AMD_DETAIL_AMD_HIP_GL_INTEROP_H */
