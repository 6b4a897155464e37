/* unihip's CUDA headers: <builtin_types.h>. Every type header, as CUDA's. */
#ifndef __BUILTIN_TYPES_H__
#define __BUILTIN_TYPES_H__

#include "unihip_cuda/config.h"
#include "device_types.h"
#include "driver_types.h"
#include "surface_types.h"
#include "texture_types.h"
#include "vector_types.h"

#endif /* __BUILTIN_TYPES_H__ */
