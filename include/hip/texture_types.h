/* unihip: HIP's texture_types.h -- texture types with HIP's names and values. */
#ifndef UNIHIP_TEXTURE_TYPES_H
#define UNIHIP_TEXTURE_TYPES_H

#include "hip/driver_types.h"

#endif /* UNIHIP_TEXTURE_TYPES_H */
