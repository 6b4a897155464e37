/* unihip's CUDA headers: <nvrtc.h>. NVRTC over hiprtc (link hiprtc): nvrtcCreateProgram,
 * nvrtcCompileProgram, nvrtcGetPTX/nvrtcGetCUBIN (hiprtc's code object), nvrtcResult. */
#ifndef __NVRTC_H__
#define __NVRTC_H__

#include "unihip_cuda/config.h"
#include <hip/hiprtc.h>
#include "unihip_cuda/map_nvrtc.h"

#endif /* __NVRTC_H__ */
