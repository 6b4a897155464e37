/* unihip's CUDA headers: <driver_types.h>. The runtime's types, enums and flags: HIP's, under CUDA's names (HIP's values, not CUDA's). */
#ifndef __DRIVER_TYPES_H__
#define __DRIVER_TYPES_H__

#include "unihip_cuda/config.h"
#include <hip/hip_runtime_api.h>
#include "unihip_cuda/map_runtime.h"

#endif /* __DRIVER_TYPES_H__ */
