/* unihip's CUDA headers: <cooperative_groups.h>. namespace cooperative_groups: HIP's (grid, block, tiled_partition, coalesced groups). */
#ifndef _COOPERATIVE_GROUPS_H_
#define _COOPERATIVE_GROUPS_H_

#include "unihip_cuda/config.h"
#include <hip/hip_cooperative_groups.h>

#endif /* _COOPERATIVE_GROUPS_H_ */
