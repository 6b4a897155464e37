/* unihip's CUDA headers: <channel_descriptor.h>. cudaCreateChannelDesc<T>() is HIP's template. */
#ifndef __CHANNEL_DESCRIPTOR_H__
#define __CHANNEL_DESCRIPTOR_H__

#include "unihip_cuda/config.h"
#include "driver_types.h"
#include <hip/channel_descriptor.h>

#endif /* __CHANNEL_DESCRIPTOR_H__ */
