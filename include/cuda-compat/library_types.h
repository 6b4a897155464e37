/* unihip's CUDA headers: <library_types.h>. cudaDataType, libraryPropertyType. */
#ifndef __LIBRARY_TYPES_H__
#define __LIBRARY_TYPES_H__

#include "unihip_cuda/config.h"
#include <hip/library_types.h>
#include "unihip_cuda/map_runtime.h"

#endif /* __LIBRARY_TYPES_H__ */
