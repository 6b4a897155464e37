/* unihip's CUDA headers: <nvtx3/nvToolsExt.h>. NVTX's ASCII calls over roctx (link roctx64): nvtxMarkA, nvtxRangePushA/Pop, nvtxRangeStartA/End. Event attributes (nvtxRangePushEx, colours, domains) are not mapped. */
#ifndef NVTOOLSEXT_V3
#define NVTOOLSEXT_V3

#include "../unihip_cuda/config.h"
#include <roctracer/roctx.h>
#include "../unihip_cuda/map_nvtx.h"

#endif /* NVTOOLSEXT_V3 */
