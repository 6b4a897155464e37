/* unihip's CUDA headers: <nvToolsExt.h>. NVTX v2's name for the same calls. */
#ifndef NVTOOLSEXT_H_
#define NVTOOLSEXT_H_

#include "unihip_cuda/config.h"
#include "nvtx3/nvToolsExt.h"

#endif /* NVTOOLSEXT_H_ */
