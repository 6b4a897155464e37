/* unihip's CUDA headers: <cooperative_groups/scan.h>. inclusive_scan/exclusive_scan. */
#ifndef _CG_SCAN_H_
#define _CG_SCAN_H_

#include "../unihip_cuda/config.h"
#include "../cooperative_groups.h"
#include <hip/cooperative_groups/hip_scan.h>

#endif /* _CG_SCAN_H_ */
