/* unihip: HIP's hip/cooperative_groups/hip_reduce.h (what hipify writes for CUDA's
 * <cooperative_groups/reduce.h>). cooperative_groups::reduce and its operators (plus, less,
 * greater, bit_and, bit_or, bit_xor) are defined with the groups in hip_cooperative_groups.h. */
#ifndef UNIHIP_HIP_COOPERATIVE_GROUPS_HIP_REDUCE_H
#define UNIHIP_HIP_COOPERATIVE_GROUPS_HIP_REDUCE_H

#include "hip/hip_cooperative_groups.h"

#endif /* UNIHIP_HIP_COOPERATIVE_GROUPS_HIP_REDUCE_H */
