/* unihip: HIP's hip/cooperative_groups/hip_scan.h (what hipify writes for CUDA's
 * <cooperative_groups/scan.h>). cooperative_groups::inclusive_scan and exclusive_scan are
 * defined with the groups in hip_cooperative_groups.h. */
#ifndef UNIHIP_HIP_COOPERATIVE_GROUPS_HIP_SCAN_H
#define UNIHIP_HIP_COOPERATIVE_GROUPS_HIP_SCAN_H

#include "hip/hip_cooperative_groups.h"

#endif /* UNIHIP_HIP_COOPERATIVE_GROUPS_HIP_SCAN_H */
