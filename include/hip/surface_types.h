/* unihip: HIP's surface_types.h -- surface types with HIP's names and values. */
#ifndef UNIHIP_SURFACE_TYPES_H
#define UNIHIP_SURFACE_TYPES_H

#include "hip/driver_types.h"

#endif /* UNIHIP_SURFACE_TYPES_H */
