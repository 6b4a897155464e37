/* unihip's CUDA headers: <cooperative_groups/reduce.h>. cooperative_groups::reduce with plus/less/greater/bit_and/bit_or/bit_xor. */
#ifndef _CG_REDUCE_H_
#define _CG_REDUCE_H_

#include "../unihip_cuda/config.h"
#include "../cooperative_groups.h"
#include <hip/cooperative_groups/hip_reduce.h>

#endif /* _CG_REDUCE_H_ */
