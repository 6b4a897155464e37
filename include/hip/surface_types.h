/* unihip: HIP's surface_types.h -- surface objects and references, with HIP's names and values. */
#ifndef UNIHIP_SURFACE_TYPES_H
#define UNIHIP_SURFACE_TYPES_H

#include "hip/unihip/enum_base.h"
#include "hip/driver_types.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Opaque: the runtime defines struct __hip_surface. */
struct __hip_surface;
typedef struct __hip_surface* hipSurfaceObject_t;

typedef struct surfaceReference {
  hipSurfaceObject_t surfaceObject;
} surfaceReference;

/* What a surface read or write does out of bounds. */
typedef enum hipSurfaceBoundaryMode UNIHIP_ENUM_INT {
  hipBoundaryModeZero = 0,
  hipBoundaryModeTrap = 1,
  hipBoundaryModeClamp = 2
} hipSurfaceBoundaryMode;

#ifdef __cplusplus
} /* extern "C" */
#endif

#endif /* UNIHIP_SURFACE_TYPES_H */
