// Maps the HIP names the semantics suite uses to CUDA's runtime (and, for the module API, the
// driver), so the suite's sources build with nvcc: the reference run on NVIDIA.
// Only what the suite uses is here. Where HIP's and CUDA's names do not mean the same thing the
// mapping still goes to CUDA's nearest call and the case records what each runtime returns;
// notes below say where the meaning differs.
#pragma once

#include <dlfcn.h>

#include <cuda.h>
#include <cuda_runtime.h>

#include <cassert>
#include <cstdio>
#include <cstring>
#include <string>

// Types.
typedef cudaError_t hipError_t;
typedef cudaStream_t hipStream_t;
typedef cudaEvent_t hipEvent_t;
typedef cudaDeviceProp hipDeviceProp_t;
typedef cudaDeviceAttr hipDeviceAttribute_t;
typedef cudaFuncAttributes hipFuncAttributes;
typedef cudaMemcpyKind hipMemcpyKind;
typedef cudaPointerAttributes hipPointerAttribute_t;
typedef CUmodule hipModule_t;
typedef CUfunction hipFunction_t;

// Errors. HIP's hipErrorInvalidHandle is CUDA's cudaErrorInvalidResourceHandle (hipify's pair).
#define hipSuccess cudaSuccess
#define hipErrorAssert cudaErrorAssert
#define hipErrorContextIsDestroyed cudaErrorContextIsDestroyed
#define hipErrorIllegalAddress cudaErrorIllegalAddress
#define hipErrorInvalidConfiguration cudaErrorInvalidConfiguration
#define hipErrorInvalidDevice cudaErrorInvalidDevice
#define hipErrorInvalidDeviceFunction cudaErrorInvalidDeviceFunction
#define hipErrorInvalidHandle cudaErrorInvalidResourceHandle
#define hipErrorInvalidMemcpyDirection cudaErrorInvalidMemcpyDirection
#define hipErrorInvalidValue cudaErrorInvalidValue
#define hipErrorLaunchFailure cudaErrorLaunchFailure
#define hipErrorMisalignedAddress cudaErrorMisalignedAddress
#define hipErrorNotReady cudaErrorNotReady
#define hipErrorUnknown cudaErrorUnknown

// Constants.
#define hipStreamDefault cudaStreamDefault
#define hipStreamNonBlocking cudaStreamNonBlocking
#define hipStreamPerThread cudaStreamPerThread
#define hipEventDisableTiming cudaEventDisableTiming
#define hipHostMallocMapped cudaHostAllocMapped
#define hipHostMallocCoherent 0  // CUDA's pinned memory is always coherent
#define hipHostRegisterMapped cudaHostRegisterMapped
#define hipMemAttachGlobal cudaMemAttachGlobal
#define hipMemcpyHostToHost cudaMemcpyHostToHost
#define hipMemcpyHostToDevice cudaMemcpyHostToDevice
#define hipMemcpyDeviceToHost cudaMemcpyDeviceToHost
#define hipMemcpyDeviceToDevice cudaMemcpyDeviceToDevice
#define hipLimitPrintfFifoSize cudaLimitPrintfFifoSize
#define hipLimitMallocHeapSize cudaLimitMallocHeapSize
#define hipFuncAttributeMaxDynamicSharedMemorySize cudaFuncAttributeMaxDynamicSharedMemorySize
#define hipDeviceAttributeClockRate cudaDevAttrClockRate
#define hipDeviceAttributeConcurrentManagedAccess cudaDevAttrConcurrentManagedAccess
#define hipDeviceAttributeHostNativeAtomicSupported cudaDevAttrHostNativeAtomicSupported
#define hipDeviceAttributeMaxBlockDimX cudaDevAttrMaxBlockDimX
#define hipDeviceAttributeMaxBlockDimY cudaDevAttrMaxBlockDimY
#define hipDeviceAttributeMaxBlockDimZ cudaDevAttrMaxBlockDimZ
#define hipDeviceAttributeMaxGridDimX cudaDevAttrMaxGridDimX
#define hipDeviceAttributeMaxGridDimY cudaDevAttrMaxGridDimY
#define hipDeviceAttributeMaxGridDimZ cudaDevAttrMaxGridDimZ
#define hipDeviceAttributeMaxSharedMemoryPerBlock cudaDevAttrMaxSharedMemoryPerBlock
#define hipDeviceAttributeMaxThreadsPerBlock cudaDevAttrMaxThreadsPerBlock
#define hipDeviceAttributeSharedMemPerBlockOptin cudaDevAttrMaxSharedMemoryPerBlockOptin
#define hipDeviceAttributeWarpSize cudaDevAttrWarpSize

// Runtime calls (same argument order).
#define hipDeviceGetAttribute cudaDeviceGetAttribute
#define hipDeviceGetLimit cudaDeviceGetLimit
#define hipDeviceSetLimit cudaDeviceSetLimit
#define hipDeviceReset cudaDeviceReset
#define hipDeviceSynchronize cudaDeviceSynchronize
#define hipEventCreate cudaEventCreate
#define hipEventCreateWithFlags cudaEventCreateWithFlags
#define hipEventDestroy cudaEventDestroy
#define hipEventElapsedTime cudaEventElapsedTime
#define hipEventQuery cudaEventQuery
#define hipEventRecord cudaEventRecord
#define hipEventSynchronize cudaEventSynchronize
#define hipFree cudaFree
#define hipFuncGetAttributes cudaFuncGetAttributes
#define hipFuncSetAttribute cudaFuncSetAttribute
#define hipGetDevice cudaGetDevice
#define hipGetDeviceCount cudaGetDeviceCount
#define hipGetDeviceProperties cudaGetDeviceProperties
#define hipGetErrorName cudaGetErrorName
#define hipGetErrorString cudaGetErrorString
#define hipGetLastError cudaGetLastError
#define hipGetSymbolAddress cudaGetSymbolAddress
#define hipHostFree cudaFreeHost
#define hipHostGetDevicePointer cudaHostGetDevicePointer
#define hipHostMalloc cudaHostAlloc
#define hipHostRegister cudaHostRegister
#define hipLaunchHostFunc cudaLaunchHostFunc
#define hipLaunchKernel cudaLaunchKernel
#define hipMalloc cudaMalloc
#define hipMallocManaged cudaMallocManaged
#define hipMallocPitch cudaMallocPitch
#define hipMemcpy cudaMemcpy
#define hipMemcpyAsync cudaMemcpyAsync
#define hipMemcpyFromSymbol cudaMemcpyFromSymbol
#define hipMemcpyToSymbol cudaMemcpyToSymbol
#define hipMemset cudaMemset
#define hipMemsetAsync cudaMemsetAsync
#define hipOccupancyMaxActiveBlocksPerMultiprocessor cudaOccupancyMaxActiveBlocksPerMultiprocessor
#define hipOccupancyMaxPotentialBlockSize cudaOccupancyMaxPotentialBlockSize
#define hipPeekAtLastError cudaPeekAtLastError
#define hipPointerGetAttributes cudaPointerGetAttributes
#define hipSetDevice cudaSetDevice
#define hipStreamAddCallback cudaStreamAddCallback
#define hipStreamCreate cudaStreamCreate
#define hipStreamCreateWithFlags cudaStreamCreateWithFlags
#define hipStreamDestroy cudaStreamDestroy
#define hipStreamQuery cudaStreamQuery
#define hipStreamSynchronize cudaStreamSynchronize
#define hipStreamWaitEvent cudaStreamWaitEvent
#define HIP_SYMBOL(x) x

// Module API: CUDA's driver API (libcuda through dlopen, so --list runs without a driver) on the
// runtime's primary context (cudaFree(0) makes it current). CUresult values equal cudaError_t's
// for the codes these return (1, 201, 301, 400, 500).
template <typename F>
inline F semDriverSymbol(const char* name) {
  static void* lib = dlopen("libcuda.so.1", RTLD_NOW | RTLD_LOCAL);
  return lib ? reinterpret_cast<F>(dlsym(lib, name)) : nullptr;
}
inline hipError_t hipModuleLoad(hipModule_t* m, const char* path) {
  (void)cudaFree(nullptr);
  auto f = semDriverSymbol<CUresult (*)(CUmodule*, const char*)>("cuModuleLoad");
  return f ? static_cast<hipError_t>(f(m, path)) : cudaErrorNotSupported;
}
inline hipError_t hipModuleUnload(hipModule_t m) {
  auto f = semDriverSymbol<CUresult (*)(CUmodule)>("cuModuleUnload");
  return f ? static_cast<hipError_t>(f(m)) : cudaErrorNotSupported;
}
inline hipError_t hipModuleGetFunction(hipFunction_t* fn, hipModule_t m, const char* name) {
  auto f = semDriverSymbol<CUresult (*)(CUfunction*, CUmodule, const char*)>("cuModuleGetFunction");
  return f ? static_cast<hipError_t>(f(fn, m, name)) : cudaErrorNotSupported;
}
inline hipError_t hipModuleLaunchKernel(hipFunction_t fn, unsigned gx, unsigned gy, unsigned gz,
                                        unsigned bx, unsigned by, unsigned bz, unsigned shmem,
                                        hipStream_t s, void** params, void** extra) {
  auto f = semDriverSymbol<CUresult (*)(CUfunction, unsigned, unsigned, unsigned, unsigned,
                                        unsigned, unsigned, unsigned, CUstream, void**, void**)>(
      "cuLaunchKernel");
  return f ? static_cast<hipError_t>(f(fn, gx, gy, gz, bx, by, bz, shmem,
                                       reinterpret_cast<CUstream>(s), params, extra))
           : cudaErrorNotSupported;
}

// HIP's name for a CUDA error, so observations compare with HIP runs: hipify's pairs where the
// names differ, otherwise "cuda" -> "hip".
inline std::string semHipNameOfCudaError(cudaError_t e) {
  switch (e) {
    case cudaErrorMemoryAllocation: return "hipErrorOutOfMemory";
    case cudaErrorInitializationError: return "hipErrorNotInitialized";
    case cudaErrorInvalidResourceHandle: return "hipErrorInvalidHandle";
    case cudaErrorCudartUnloading: return "hipErrorDeinitialized";
    case cudaErrorInvalidKernelImage: return "hipErrorInvalidImage";
    case cudaErrorNoKernelImageForDevice: return "hipErrorNoBinaryForGpu";
    case cudaErrorSymbolNotFound: return "hipErrorNotFound";
    case cudaErrorLaunchTimeout: return "hipErrorLaunchTimeOut";
    case cudaErrorDeviceUninitialized: return "hipErrorInvalidContext";
    case cudaErrorECCUncorrectable: return "hipErrorECCNotCorrectable";
    case cudaErrorInvalidPtx: return "hipErrorInvalidKernelFile";
    default: break;
  }
  const char* n = cudaGetErrorName(e);
  std::string s = n ? n : "(null)";
  if (s.compare(0, 4, "cuda") == 0) s = "hip" + s.substr(4);
  return s;
}

// Device side: HIP's warp functions (64-bit masks) over CUDA's _sync forms on the full warp.
#if defined(__CUDACC__)
__device__ inline unsigned long long __lanemask_lt() {
  unsigned m;
  asm("mov.u32 %0, %%lanemask_lt;" : "=r"(m));
  return m;
}
__device__ inline unsigned __lane_id() {
  unsigned l;
  asm("mov.u32 %0, %%laneid;" : "=r"(l));
  return l;
}
// CUDA still declares the pre-Volta __ballot/__shfl_down (32-bit, deprecated): macros win.
#define __ballot(p) static_cast<unsigned long long>(__ballot_sync(0xffffffffu, (p)))
#define __shfl_down(v, d) __shfl_down_sync(0xffffffffu, (v), (d))
#endif
