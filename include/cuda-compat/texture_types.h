/* unihip's CUDA headers: <texture_types.h>. Texture objects and descriptors. */
#ifndef __TEXTURE_TYPES_H__
#define __TEXTURE_TYPES_H__

#include "unihip_cuda/config.h"
#include "driver_types.h"
#include <hip/texture_types.h>

#endif /* __TEXTURE_TYPES_H__ */
