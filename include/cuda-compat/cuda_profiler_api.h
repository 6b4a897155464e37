/* unihip's CUDA headers: <cuda_profiler_api.h>. cudaProfilerStart/Stop are HIP's
   hipProfilerStart/Stop (map_runtime.h). */
#ifndef __CUDA_PROFILER_API_H__
#define __CUDA_PROFILER_API_H__

#include "unihip_cuda/config.h"
#include "cuda_runtime_api.h"

#endif /* __CUDA_PROFILER_API_H__ */
