/* unihip's CUDA headers: <vector_types.h>. char1..double4, dim3: HIP's types, which have CUDA's names already. */
#ifndef __VECTOR_TYPES_H__
#define __VECTOR_TYPES_H__

#include "unihip_cuda/config.h"
#include <hip/hip_runtime_api.h> /* dim3 */
#include <hip/hip_vector_types.h>

#endif /* __VECTOR_TYPES_H__ */
