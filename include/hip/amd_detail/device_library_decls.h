/* unihip: HIP's internal header hip/amd_detail/device_library_decls.h,
 * which AMD programs sometimes include directly; unihip defines its contents in
 * hip/hip_runtime.h. */
#ifndef UNIHIP_AMD_DETAIL_DEVICE_LIBRARY_DECLS_H
#define UNIHIP_AMD_DETAIL_DEVICE_LIBRARY_DECLS_H

#include "hip/hip_runtime.h"

#endif /* UNIHIP_AMD_DETAIL_DEVICE_LIBRARY_DECLS_H */
