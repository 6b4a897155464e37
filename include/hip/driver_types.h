/* unihip: HIP's driver_types.h -- memory, array and copy types with HIP's names and values. */
#ifndef UNIHIP_DRIVER_TYPES_H
#define UNIHIP_DRIVER_TYPES_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef enum hipMemcpyKind {
  hipMemcpyHostToHost = 0,
  hipMemcpyHostToDevice = 1,
  hipMemcpyDeviceToHost = 2,
  hipMemcpyDeviceToDevice = 3,
  hipMemcpyDefault = 4,
  hipMemcpyDeviceToDeviceNoCU = 1024
} hipMemcpyKind;

#ifdef __cplusplus
} /* extern "C" */
#endif

#endif /* UNIHIP_DRIVER_TYPES_H */
