/* unihip's CUDA headers: <device_types.h>. cudaRoundMode and friends live with the runtime's types. */
#ifndef __DEVICE_TYPES_H__
#define __DEVICE_TYPES_H__

#include "unihip_cuda/config.h"
#include "driver_types.h"

#endif /* __DEVICE_TYPES_H__ */
