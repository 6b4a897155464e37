/* unihip's CUDA headers: <surface_types.h>. Surface objects. */
#ifndef __SURFACE_TYPES_H__
#define __SURFACE_TYPES_H__

#include "unihip_cuda/config.h"
#include "driver_types.h"
#include <hip/surface_types.h>

#endif /* __SURFACE_TYPES_H__ */
