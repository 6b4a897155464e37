// One benchmark body for two runtimes: gpu* names map to HIP (unihip, BENCH_IMPL_UNIHIP) or to
// the CUDA runtime (nvcc + cudart, BENCH_IMPL_CUDART). Only what the benchmarks call is mapped.
#pragma once

#include <cstdio>
#include <cstdlib>

#if defined(BENCH_IMPL_UNIHIP)
#include <hip/hip_runtime_api.h>
#define BENCH_IMPL "unihip"
#define gpuError_t hipError_t
#define gpuSuccess hipSuccess
#define gpuGetErrorString hipGetErrorString
#define gpuGetDeviceCount hipGetDeviceCount
#define gpuSetDevice hipSetDevice
#define gpuDeviceProp_t hipDeviceProp_t
#define gpuGetDeviceProperties hipGetDeviceProperties
#define gpuDeviceSynchronize hipDeviceSynchronize
#define gpuDriverGetVersion hipDriverGetVersion
#define gpuStream_t hipStream_t
#define gpuStreamCreate hipStreamCreate
#define gpuStreamDestroy hipStreamDestroy
#define gpuStreamSynchronize hipStreamSynchronize
#define gpuEvent_t hipEvent_t
#define gpuEventCreate hipEventCreate
#define gpuEventDestroy hipEventDestroy
#define gpuEventRecord hipEventRecord
#define gpuEventSynchronize hipEventSynchronize
#define gpuEventElapsedTime hipEventElapsedTime
#define gpuMalloc hipMalloc
#define gpuFree hipFree
#define gpuMallocHost(ptr, size) hipHostMalloc((ptr), (size), hipHostMallocDefault)
#define gpuFreeHost hipHostFree
#define gpuMemcpy hipMemcpy
#define gpuMemcpyAsync hipMemcpyAsync
#define gpuMemcpyHostToDevice hipMemcpyHostToDevice
#define gpuMemcpyDeviceToHost hipMemcpyDeviceToHost
#define gpuMemcpyDeviceToDevice hipMemcpyDeviceToDevice
#define gpuMemset hipMemset
#define gpuGetLastError hipGetLastError
#define gpuGraph_t hipGraph_t
#define gpuGraphExec_t hipGraphExec_t
#define gpuStreamBeginCapture hipStreamBeginCapture
#define gpuStreamEndCapture hipStreamEndCapture
#define gpuStreamCaptureModeGlobal hipStreamCaptureModeGlobal
#define gpuGraphInstantiateWithFlags hipGraphInstantiateWithFlags
#define gpuGraphLaunch hipGraphLaunch
#define gpuGraphExecDestroy hipGraphExecDestroy
#define gpuGraphDestroy hipGraphDestroy
#define gpuMemPool_t hipMemPool_t
#define gpuMallocAsync hipMallocAsync
#define gpuFreeAsync hipFreeAsync
#define gpuDeviceGetDefaultMemPool hipDeviceGetDefaultMemPool
#define gpuMemPoolSetAttribute hipMemPoolSetAttribute
#define gpuMemPoolAttrReleaseThreshold hipMemPoolAttrReleaseThreshold
#define gpuLaunchCooperativeKernel hipLaunchCooperativeKernel
#define gpuOccupancyMaxActiveBlocksPerMultiprocessor hipOccupancyMaxActiveBlocksPerMultiprocessor
#define gpuOccupancyMaxPotentialBlockSize hipOccupancyMaxPotentialBlockSize
#define gpuFuncAttributes hipFuncAttributes
#define gpuFuncGetAttributes hipFuncGetAttributes
#define gpuMemcpy2D hipMemcpy2D
#define gpuPointerAttributes hipPointerAttribute_t
#define gpuPointerGetAttributes hipPointerGetAttributes
#define gpuHostRegister hipHostRegister
#define gpuHostUnregister hipHostUnregister
#define gpuHostRegisterDefault hipHostRegisterDefault
#elif defined(BENCH_IMPL_CUDART)
#include <cuda_runtime_api.h>
#define BENCH_IMPL "cudart"
#define gpuError_t cudaError_t
#define gpuSuccess cudaSuccess
#define gpuGetErrorString cudaGetErrorString
#define gpuGetDeviceCount cudaGetDeviceCount
#define gpuSetDevice cudaSetDevice
#define gpuDeviceProp_t cudaDeviceProp
#define gpuGetDeviceProperties cudaGetDeviceProperties
#define gpuDeviceSynchronize cudaDeviceSynchronize
#define gpuDriverGetVersion cudaDriverGetVersion
#define gpuStream_t cudaStream_t
#define gpuStreamCreate cudaStreamCreate
#define gpuStreamDestroy cudaStreamDestroy
#define gpuStreamSynchronize cudaStreamSynchronize
#define gpuEvent_t cudaEvent_t
#define gpuEventCreate cudaEventCreate
#define gpuEventDestroy cudaEventDestroy
#define gpuEventRecord cudaEventRecord
#define gpuEventSynchronize cudaEventSynchronize
#define gpuEventElapsedTime cudaEventElapsedTime
#define gpuMalloc cudaMalloc
#define gpuFree cudaFree
#define gpuMallocHost(ptr, size) cudaMallocHost((ptr), (size))
#define gpuFreeHost cudaFreeHost
#define gpuMemcpy cudaMemcpy
#define gpuMemcpyAsync cudaMemcpyAsync
#define gpuMemcpyHostToDevice cudaMemcpyHostToDevice
#define gpuMemcpyDeviceToHost cudaMemcpyDeviceToHost
#define gpuMemcpyDeviceToDevice cudaMemcpyDeviceToDevice
#define gpuMemset cudaMemset
#define gpuGetLastError cudaGetLastError
#define gpuGraph_t cudaGraph_t
#define gpuGraphExec_t cudaGraphExec_t
#define gpuStreamBeginCapture cudaStreamBeginCapture
#define gpuStreamEndCapture cudaStreamEndCapture
#define gpuStreamCaptureModeGlobal cudaStreamCaptureModeGlobal
#define gpuGraphInstantiateWithFlags cudaGraphInstantiateWithFlags
#define gpuGraphLaunch cudaGraphLaunch
#define gpuGraphExecDestroy cudaGraphExecDestroy
#define gpuGraphDestroy cudaGraphDestroy
#define gpuMemPool_t cudaMemPool_t
#define gpuMallocAsync cudaMallocAsync
#define gpuFreeAsync cudaFreeAsync
#define gpuDeviceGetDefaultMemPool cudaDeviceGetDefaultMemPool
#define gpuMemPoolSetAttribute cudaMemPoolSetAttribute
#define gpuMemPoolAttrReleaseThreshold cudaMemPoolAttrReleaseThreshold
#define gpuLaunchCooperativeKernel cudaLaunchCooperativeKernel
#define gpuOccupancyMaxActiveBlocksPerMultiprocessor cudaOccupancyMaxActiveBlocksPerMultiprocessor
#define gpuOccupancyMaxPotentialBlockSize cudaOccupancyMaxPotentialBlockSize
#define gpuFuncAttributes cudaFuncAttributes
#define gpuFuncGetAttributes cudaFuncGetAttributes
#define gpuMemcpy2D cudaMemcpy2D
#define gpuPointerAttributes cudaPointerAttributes
#define gpuPointerGetAttributes cudaPointerGetAttributes
#define gpuHostRegister cudaHostRegister
#define gpuHostUnregister cudaHostUnregister
#define gpuHostRegisterDefault cudaHostRegisterDefault
#else
#error "define BENCH_IMPL_UNIHIP or BENCH_IMPL_CUDART"
#endif

// A failed call ends the run: a benchmark that skipped an error would report nonsense.
#define GPU_CHECK(expr)                                                                  \
  do {                                                                                   \
    gpuError_t gpu_check_e_ = (expr);                                                    \
    if (gpu_check_e_ != gpuSuccess) {                                                    \
      std::fprintf(stderr, "bench_%s: %s failed: %s (%d) at %s:%d\n", BENCH_IMPL, #expr, \
                   gpuGetErrorString(gpu_check_e_), static_cast<int>(gpu_check_e_),      \
                   __FILE__, __LINE__);                                                  \
      std::exit(1);                                                                      \
    }                                                                                    \
  } while (0)
