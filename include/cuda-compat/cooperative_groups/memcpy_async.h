/* unihip's CUDA headers: <cooperative_groups/memcpy_async.h>. memcpy_async, wait, wait_prior (synchronous copies: no cuda::pipeline). */
#ifndef _CG_MEMCPY_ASYNC_H_
#define _CG_MEMCPY_ASYNC_H_

#include "../unihip_cuda/config.h"
#include "../cooperative_groups.h"
#include <hip/cooperative_groups/memcpy_async.h>

#endif /* _CG_MEMCPY_ASYNC_H_ */
