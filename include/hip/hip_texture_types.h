/* unihip: HIP's hip_texture_types.h -- texture types and, in C++, the texture<> template and
 * hipCreateChannelDesc<T>(). */
#ifndef UNIHIP_HIP_TEXTURE_TYPES_H
#define UNIHIP_HIP_TEXTURE_TYPES_H

#include "hip/channel_descriptor.h"
#include "hip/texture_types.h"

#endif /* UNIHIP_HIP_TEXTURE_TYPES_H */
