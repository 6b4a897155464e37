/* unihip's CUDA headers: <vector_functions.h>. make_<type>() constructors. */
#ifndef __VECTOR_FUNCTIONS_H__
#define __VECTOR_FUNCTIONS_H__

#include "unihip_cuda/config.h"
#include "vector_types.h" /* make_float4 & co. come with the types */

#endif /* __VECTOR_FUNCTIONS_H__ */
