// Every libcuda entry point unihip calls, listed once. Included twice: to declare the table of
// function pointers and to resolve it. Resolved by base name through cuGetProcAddress at
// kCudaApiVersion, so the driver hands back the variant (_v2, ...) of that API version.
// UNIHIP_CU_REQUIRED(name, params...): missing -> no CUDA backend.
// UNIHIP_CU_OPTIONAL(name, params...): may stay null; its callers answer hipErrorNotSupported.
// UNIHIP_CU_OPTIONAL_SINCE(version, name, params...): the same, for an entry point newer than
// kCudaApiVersion, resolved at the API version that introduced it.
UNIHIP_CU_REQUIRED(cuInit, unsigned int)
UNIHIP_CU_REQUIRED(cuDriverGetVersion, int*)
UNIHIP_CU_REQUIRED(cuGetErrorName, CUresult, const char**)
UNIHIP_CU_REQUIRED(cuDeviceGetCount, int*)
UNIHIP_CU_REQUIRED(cuDeviceGet, CUdevice*, int)
UNIHIP_CU_REQUIRED(cuDeviceGetName, char*, int, CUdevice)
UNIHIP_CU_REQUIRED(cuDeviceGetUuid, CUuuid*, CUdevice)
UNIHIP_CU_REQUIRED(cuDeviceTotalMem, size_t*, CUdevice)
UNIHIP_CU_REQUIRED(cuDeviceGetAttribute, int*, int, CUdevice)
UNIHIP_CU_REQUIRED(cuDevicePrimaryCtxRetain, CUcontext*, CUdevice)
UNIHIP_CU_REQUIRED(cuDevicePrimaryCtxReset, CUdevice)
UNIHIP_CU_REQUIRED(cuDevicePrimaryCtxRelease, CUdevice)
UNIHIP_CU_REQUIRED(cuPointerGetAttribute, void*, int, CUdeviceptr)
// Unlike cuPointerGetAttribute, answers memory the driver does not know without an error.
UNIHIP_CU_REQUIRED(cuPointerGetAttributes, unsigned int, int*, void**, CUdeviceptr)
UNIHIP_CU_REQUIRED(cuCtxSetCurrent, CUcontext)
UNIHIP_CU_REQUIRED(cuCtxSynchronize)
UNIHIP_CU_REQUIRED(cuCtxGetStreamPriorityRange, int*, int*)
// device family (exec): hipDeviceGetLimit / hipDeviceSetLimit (CUlimit values equal hipLimit_t's)
UNIHIP_CU_REQUIRED(cuCtxGetLimit, size_t*, int)
UNIHIP_CU_REQUIRED(cuCtxSetLimit, int, size_t)
UNIHIP_CU_REQUIRED(cuModuleLoadData, CUmodule*, const void*)
UNIHIP_CU_REQUIRED(cuModuleUnload, CUmodule)
UNIHIP_CU_REQUIRED(cuModuleGetFunction, CUfunction*, CUmodule, const char*)
UNIHIP_CU_REQUIRED(cuModuleGetGlobal, CUdeviceptr*, size_t*, CUmodule, const char*)
UNIHIP_CU_REQUIRED(cuFuncGetAttribute, int*, int, CUfunction)
UNIHIP_CU_REQUIRED(cuLaunchKernel, CUfunction, unsigned int, unsigned int, unsigned int,
                   unsigned int, unsigned int, unsigned int, unsigned int, CUstream, void**,
                   void**)
UNIHIP_CU_REQUIRED(cuMemAlloc, CUdeviceptr*, size_t)
UNIHIP_CU_REQUIRED(cuMemFree, CUdeviceptr)
UNIHIP_CU_REQUIRED(cuMemHostAlloc, void**, size_t, unsigned int)
UNIHIP_CU_REQUIRED(cuMemFreeHost, void*)
UNIHIP_CU_REQUIRED(cuMemGetInfo, size_t*, size_t*)
UNIHIP_CU_REQUIRED(cuMemcpy, CUdeviceptr, CUdeviceptr, size_t)
UNIHIP_CU_REQUIRED(cuMemcpyHtoD, CUdeviceptr, const void*, size_t)
UNIHIP_CU_REQUIRED(cuMemcpyDtoH, void*, CUdeviceptr, size_t)
UNIHIP_CU_REQUIRED(cuMemcpyDtoD, CUdeviceptr, CUdeviceptr, size_t)
UNIHIP_CU_REQUIRED(cuMemcpyAsync, CUdeviceptr, CUdeviceptr, size_t, CUstream)
UNIHIP_CU_REQUIRED(cuMemcpyHtoDAsync, CUdeviceptr, const void*, size_t, CUstream)
UNIHIP_CU_REQUIRED(cuMemcpyDtoHAsync, void*, CUdeviceptr, size_t, CUstream)
UNIHIP_CU_REQUIRED(cuMemcpyDtoDAsync, CUdeviceptr, CUdeviceptr, size_t, CUstream)
UNIHIP_CU_REQUIRED(cuMemsetD8, CUdeviceptr, unsigned char, size_t)
UNIHIP_CU_REQUIRED(cuMemsetD8Async, CUdeviceptr, unsigned char, size_t, CUstream)
UNIHIP_CU_REQUIRED(cuMemsetD32Async, CUdeviceptr, unsigned int, size_t, CUstream)
UNIHIP_CU_REQUIRED(cuStreamCreateWithPriority, CUstream*, unsigned int, int)
UNIHIP_CU_REQUIRED(cuStreamDestroy, CUstream)
UNIHIP_CU_REQUIRED(cuStreamSynchronize, CUstream)
UNIHIP_CU_REQUIRED(cuStreamQuery, CUstream)
UNIHIP_CU_REQUIRED(cuStreamWaitEvent, CUstream, CUevent, unsigned int)
UNIHIP_CU_REQUIRED(cuLaunchHostFunc, CUstream, void (*)(void*), void*)
// Stream memory operations (hipStreamWaitValue*/WriteValue*): the _v2 entry points at 12.0.
UNIHIP_CU_REQUIRED(cuStreamWaitValue32, CUstream, CUdeviceptr, uint32_t, unsigned int)
UNIHIP_CU_REQUIRED(cuStreamWaitValue64, CUstream, CUdeviceptr, uint64_t, unsigned int)
UNIHIP_CU_REQUIRED(cuStreamWriteValue32, CUstream, CUdeviceptr, uint32_t, unsigned int)
UNIHIP_CU_REQUIRED(cuStreamWriteValue64, CUstream, CUdeviceptr, uint64_t, unsigned int)
UNIHIP_CU_REQUIRED(cuEventCreate, CUevent*, unsigned int)
UNIHIP_CU_REQUIRED(cuEventDestroy, CUevent)
UNIHIP_CU_REQUIRED(cuEventRecord, CUevent, CUstream)
UNIHIP_CU_REQUIRED(cuEventSynchronize, CUevent)
UNIHIP_CU_REQUIRED(cuEventQuery, CUevent)
UNIHIP_CU_REQUIRED(cuEventElapsedTime, float*, CUevent, CUevent)
// Memory family: 16-bit fills, allocation ranges, peer queries.
UNIHIP_CU_REQUIRED(cuMemsetD16Async, CUdeviceptr, unsigned short, size_t, CUstream)
UNIHIP_CU_OPTIONAL(cuMemsetD2D8Async, CUdeviceptr, size_t, unsigned char, size_t, size_t, CUstream)
UNIHIP_CU_REQUIRED(cuMemGetAddressRange, CUdeviceptr*, size_t*, CUdeviceptr)
UNIHIP_CU_REQUIRED(cuDeviceCanAccessPeer, int*, CUdevice, CUdevice)
UNIHIP_CU_REQUIRED(cuDeviceGetP2PAttribute, int*, int, CUdevice, CUdevice)
// Unified memory family: managed memory (12.0 signatures: a CUdevice, CU_DEVICE_CPU for the
// host) and registered host memory.
UNIHIP_CU_OPTIONAL(cuMemAllocManaged, CUdeviceptr*, size_t, unsigned int)
UNIHIP_CU_OPTIONAL(cuMemPrefetchAsync, CUdeviceptr, size_t, CUdevice, CUstream)
UNIHIP_CU_OPTIONAL(cuMemAdvise, CUdeviceptr, size_t, int, CUdevice)
UNIHIP_CU_OPTIONAL(cuMemRangeGetAttribute, void*, size_t, int, CUdeviceptr, size_t)
UNIHIP_CU_OPTIONAL(cuStreamAttachMemAsync, CUstream, CUdeviceptr, size_t, unsigned int)
UNIHIP_CU_OPTIONAL(cuMemHostRegister, void*, size_t, unsigned int)
UNIHIP_CU_OPTIONAL(cuMemHostUnregister, void*)
UNIHIP_CU_OPTIONAL(cuMemHostGetDevicePointer, CUdeviceptr*, void*, unsigned int)
// Execution family: function attributes and the occupancy calculator.
UNIHIP_CU_OPTIONAL(cuFuncSetAttribute, CUfunction, int, int)
UNIHIP_CU_OPTIONAL(cuOccupancyMaxActiveBlocksPerMultiprocessorWithFlags, int*, CUfunction, int,
                   size_t, unsigned int)
UNIHIP_CU_OPTIONAL(cuOccupancyMaxPotentialBlockSizeWithFlags, int*, int*, CUfunction,
                   size_t (*)(int), size_t, int, unsigned int)
UNIHIP_CU_OPTIONAL(cuOccupancyAvailableDynamicSMemPerBlock, size_t*, CUfunction, int, int)
// Peer access between devices' primary contexts.
UNIHIP_CU_OPTIONAL(cuCtxEnablePeerAccess, CUcontext, unsigned int)
UNIHIP_CU_OPTIONAL(cuCtxDisablePeerAccess, CUcontext)
// Parameter layout (CUDA 12.4): the packed-argument launch clamps a padded buffer to it.
UNIHIP_CU_OPTIONAL_SINCE(12040, cuFuncGetParamInfo, CUfunction, size_t, size_t*, size_t*)
// A module's kernels by enumeration (hipModuleGetFunctionCount, hipLibraryEnumerateKernels).
UNIHIP_CU_OPTIONAL_SINCE(12040, cuModuleGetFunctionCount, unsigned int*, CUmodule)
UNIHIP_CU_OPTIONAL_SINCE(12040, cuModuleEnumerateFunctions, CUfunction*, unsigned int, CUmodule)
UNIHIP_CU_OPTIONAL_SINCE(12030, cuFuncGetName, const char**, CUfunction)
UNIHIP_CU_OPTIONAL(cuLaunchCooperativeKernel, CUfunction, unsigned int, unsigned int, unsigned int,
                   unsigned int, unsigned int, unsigned int, unsigned int, CUstream, void**)
// Batched copies and discards (hipMemcpyBatchAsync, hipMem*DiscardBatchAsync): at 12.8 the
// copy batch has its failIdx argument (13.0's _v2 dropped it).
UNIHIP_CU_OPTIONAL_SINCE(12080, cuMemcpyBatchAsync, CUdeviceptr*, CUdeviceptr*, size_t*, size_t,
                         CUmemcpyAttributes*, size_t*, size_t, size_t*, CUstream)
UNIHIP_CU_OPTIONAL_SINCE(13000, cuMemDiscardBatchAsync, CUdeviceptr*, size_t*, size_t,
                         unsigned long long, CUstream)
// hipProfilerStart/Stop, hipPointerSetAttribute
UNIHIP_CU_OPTIONAL(cuProfilerStart)
UNIHIP_CU_OPTIONAL(cuProfilerStop)
UNIHIP_CU_OPTIONAL(cuPointerSetAttribute, const void*, int, CUdeviceptr)
// External semaphore graph nodes: optional within the graphs family (cuda_graphs.cpp).
UNIHIP_CU_OPTIONAL(cuGraphAddExternalSemaphoresSignalNode, CUgraphNode*, CUgraph,
                   const CUgraphNode*, size_t, const CUDA_EXT_SEM_SIGNAL_NODE_PARAMS*)
UNIHIP_CU_OPTIONAL(cuGraphAddExternalSemaphoresWaitNode, CUgraphNode*, CUgraph,
                   const CUgraphNode*, size_t, const CUDA_EXT_SEM_WAIT_NODE_PARAMS*)
UNIHIP_CU_OPTIONAL(cuGraphExternalSemaphoresSignalNodeSetParams, CUgraphNode,
                   const CUDA_EXT_SEM_SIGNAL_NODE_PARAMS*)
UNIHIP_CU_OPTIONAL(cuGraphExternalSemaphoresWaitNodeSetParams, CUgraphNode,
                   const CUDA_EXT_SEM_WAIT_NODE_PARAMS*)
UNIHIP_CU_OPTIONAL(cuGraphExecExternalSemaphoresSignalNodeSetParams, CUgraphExec, CUgraphNode,
                   const CUDA_EXT_SEM_SIGNAL_NODE_PARAMS*)
UNIHIP_CU_OPTIONAL(cuGraphExecExternalSemaphoresWaitNodeSetParams, CUgraphExec, CUgraphNode,
                   const CUDA_EXT_SEM_WAIT_NODE_PARAMS*)
// hipStreamBatchMemOp (the _v2 entry point at 12.0) and its graph nodes: optional within the
// queue and graphs families.
UNIHIP_CU_OPTIONAL(cuStreamBatchMemOp, CUstream, unsigned int, CUstreamBatchMemOpParams*,
                   unsigned int)
UNIHIP_CU_OPTIONAL(cuGraphAddBatchMemOpNode, CUgraphNode*, CUgraph, const CUgraphNode*, size_t,
                   const CUDA_BATCH_MEM_OP_NODE_PARAMS*)
UNIHIP_CU_OPTIONAL(cuGraphBatchMemOpNodeGetParams, CUgraphNode, CUDA_BATCH_MEM_OP_NODE_PARAMS*)
UNIHIP_CU_OPTIONAL(cuGraphBatchMemOpNodeSetParams, CUgraphNode,
                   const CUDA_BATCH_MEM_OP_NODE_PARAMS*)
UNIHIP_CU_OPTIONAL(cuGraphExecBatchMemOpNodeSetParams, CUgraphExec, CUgraphNode,
                   const CUDA_BATCH_MEM_OP_NODE_PARAMS*)
// hipMemGetHandleForAddressRange (dma-buf file descriptors), hipMipmappedArrayGetMemoryRequirements
UNIHIP_CU_OPTIONAL(cuMemGetHandleForAddressRange, void*, CUdeviceptr, size_t, int,
                   unsigned long long)
UNIHIP_CU_OPTIONAL(cuMipmappedArrayGetMemoryRequirements, CUDA_ARRAY_MEMORY_REQUIREMENTS*,
                   CUmipmappedArray, CUdevice)
// hipLink* (the _v2 entry points at 12.0).
UNIHIP_CU_OPTIONAL(cuLinkCreate, unsigned int, int*, void**, CUlinkState*)
UNIHIP_CU_OPTIONAL(cuLinkAddData, CUlinkState, int, void*, size_t, const char*, unsigned int, int*,
                   void**)
UNIHIP_CU_OPTIONAL(cuLinkComplete, CUlinkState, void**, size_t*)
UNIHIP_CU_OPTIONAL(cuLinkDestroy, CUlinkState)
// The optional families' entry points, one file each (all UNIHIP_CU_OPTIONAL).
#include "cuda/cuda_symbols_graphs.h"
#include "cuda/cuda_symbols_memory_pools.h"
#include "cuda/cuda_symbols_images.h"
#include "cuda/cuda_symbols_exec_ctx.h"
