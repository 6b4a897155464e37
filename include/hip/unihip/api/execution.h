/* HIP host API: kernel launch, modules, function attributes, occupancy, cooperative launch. */
#ifndef UNIHIP_API_EXECUTION_H
#define UNIHIP_API_EXECUTION_H

#include "hip/unihip/enum_base.h"
#ifndef UNIHIP_HIP_RUNTIME_API_H
#error "include <hip/hip_runtime_api.h> instead"
#endif

#ifdef __cplusplus
extern "C" {
#endif

typedef struct hipFuncAttributes {
  int binaryVersion;
  int cacheModeCA;
  size_t constSizeBytes;
  size_t localSizeBytes;
  int maxDynamicSharedSizeBytes;
  int maxThreadsPerBlock;
  int numRegs;
  int preferredShmemCarveout;
  int ptxVersion;
  size_t sharedSizeBytes;
} hipFuncAttributes;

typedef enum hipFuncAttribute UNIHIP_ENUM_INT {
  hipFuncAttributeMaxDynamicSharedMemorySize = 8,
  hipFuncAttributePreferredSharedMemoryCarveout = 9,
  hipFuncAttributeMax
} hipFuncAttribute;

typedef enum hipJitOption UNIHIP_ENUM_INT {
  hipJitOptionMaxRegisters = 0,
  hipJitOptionThreadsPerBlock,
  hipJitOptionWallTime,
  hipJitOptionInfoLogBuffer,
  hipJitOptionInfoLogBufferSizeBytes,
  hipJitOptionErrorLogBuffer,
  hipJitOptionErrorLogBufferSizeBytes,
  hipJitOptionOptimizationLevel,
  hipJitOptionTargetFromContext,
  hipJitOptionTarget,
  hipJitOptionFallbackStrategy,
  hipJitOptionGenerateDebugInfo,
  hipJitOptionLogVerbose,
  hipJitOptionGenerateLineInfo,
  hipJitOptionCacheMode,
  hipJitOptionSm3xOpt,
  hipJitOptionFastCompile,
  hipJitOptionGlobalSymbolNames,
  hipJitOptionGlobalSymbolAddresses,
  hipJitOptionGlobalSymbolCount,
  hipJitOptionLto,
  hipJitOptionFtz,
  hipJitOptionPrecDiv,
  hipJitOptionPrecSqrt,
  hipJitOptionFma,
  hipJitOptionPositionIndependentCode,
  hipJitOptionMinCTAPerSM,
  hipJitOptionMaxThreadsPerBlock,
  hipJitOptionOverrideDirectiveValues,
  hipJitOptionNumOptions,
  hipJitOptionIRtoISAOptExt = 10000,
  hipJitOptionIRtoISAOptCountExt
} hipJitOption;

/* One device's launch of hipLaunchCooperativeKernelMultiDevice / hipExtLaunchMultiKernelMultiDevice. */
typedef struct hipLaunchParams_t {
  void* func;
  dim3 gridDim;
  dim3 blockDim;
  void** args;
  size_t sharedMem;
  hipStream_t stream;
} hipLaunchParams;

/* One device's launch of hipModuleLaunchCooperativeKernelMultiDevice. */
typedef struct hipFunctionLaunchParams_t {
  hipFunction_t function;
  unsigned int gridDimX;
  unsigned int gridDimY;
  unsigned int gridDimZ;
  unsigned int blockDimX;
  unsigned int blockDimY;
  unsigned int blockDimZ;
  unsigned int sharedMemBytes;
  hipStream_t hStream;
  void** kernelParams;
} hipFunctionLaunchParams;

/* Modules */
hipError_t hipModuleLoadData(hipModule_t* module, const void* image);
hipError_t hipModuleLoadDataEx(hipModule_t* module, const void* image, unsigned int numOptions,
                               hipJitOption* options, void** optionValues);
hipError_t hipModuleLoad(hipModule_t* module, const char* fname);
hipError_t hipModuleUnload(hipModule_t module);
hipError_t hipModuleGetFunction(hipFunction_t* function, hipModule_t module, const char* kname);
hipError_t hipModuleGetGlobal(hipDeviceptr_t* dptr, size_t* bytes, hipModule_t hmod,
                              const char* name);
hipError_t hipModuleLaunchKernel(hipFunction_t f, unsigned int gridDimX, unsigned int gridDimY,
                                 unsigned int gridDimZ, unsigned int blockDimX,
                                 unsigned int blockDimY, unsigned int blockDimZ,
                                 unsigned int sharedMemBytes, hipStream_t stream,
                                 void** kernelParams, void** extra);

/* Launches */
hipError_t hipLaunchKernel(const void* function_address, dim3 numBlocks, dim3 dimBlocks,
                           void** args, size_t sharedMemBytes, hipStream_t stream);
/* -fgpu-default-stream=per-thread: clang's kernel stubs call this (the declaration also lives
 * in hip/unihip/launch.h for the HIP host pass). */
hipError_t hipLaunchKernel_spt(const void* function_address, dim3 numBlocks, dim3 dimBlocks,
                               void** args, size_t sharedMemBytes, hipStream_t stream);
hipError_t hipExtLaunchKernel(const void* function_address, dim3 numBlocks, dim3 dimBlocks,
                              void** args, size_t sharedMemBytes, hipStream_t stream,
                              hipEvent_t startEvent, hipEvent_t stopEvent, int flags);
/* Launches with attributes (HIP 6.5). As AMD's runtime: no attribute is a plain launch, a
 * cooperative attribute a cooperative launch, any other attribute hipErrorInvalidConfiguration. */
hipError_t hipLaunchKernelExC(const hipLaunchConfig_t* config, const void* fPtr, void** args);
hipError_t hipDrvLaunchKernelEx(const HIP_LAUNCH_CONFIG* config, hipFunction_t f, void** params,
                                void** extra);
/* What clang's <<<>>> lowering calls in HIP mode; declared for user code too, as AMD does. */
hipError_t __hipPushCallConfiguration(dim3 gridDim, dim3 blockDim,
                                      size_t sharedMem UNIHIP_DEFAULT_ARG(0),
                                      hipStream_t stream UNIHIP_DEFAULT_ARG(0));
hipError_t __hipPopCallConfiguration(dim3* gridDim, dim3* blockDim, size_t* sharedMem,
                                     hipStream_t* stream);
/* The pre-<<<>>> launch protocol: configure, push each argument, launch. */
hipError_t hipConfigureCall(dim3 gridDim, dim3 blockDim, size_t sharedMem UNIHIP_DEFAULT_ARG(0),
                            hipStream_t stream UNIHIP_DEFAULT_ARG(0));
hipError_t hipSetupArgument(const void* arg, size_t size, size_t offset);
hipError_t hipLaunchByPtr(const void* func);
/* The mangled device name of a kernel; NULL when unknown. */
const char* hipKernelNameRef(const hipFunction_t f);
const char* hipKernelNameRefByPtr(const void* hostFunction, hipStream_t stream);

/* Function attributes */
hipError_t hipFuncGetAttributes(struct hipFuncAttributes* attr, const void* func);
hipError_t hipFuncGetAttribute(int* value, hipFunction_attribute attrib, hipFunction_t hfunc);
hipError_t hipFuncSetAttribute(const void* func, hipFuncAttribute attr, int value);
hipError_t hipFuncSetCacheConfig(const void* func, hipFuncCache_t config);
hipError_t hipFuncSetSharedMemConfig(const void* func, hipSharedMemConfig config);
hipError_t hipGetFuncBySymbol(hipFunction_t* functionPtr, const void* symbolPtr);

/* Cooperative and multi-device launches */
hipError_t hipLaunchCooperativeKernel(const void* f, dim3 gridDim, dim3 blockDimX,
                                      void** kernelParams, unsigned int sharedMemBytes,
                                      hipStream_t stream);
hipError_t hipLaunchCooperativeKernel_spt(const void* f, dim3 gridDim, dim3 blockDim,
                                          void** kernelParams, uint32_t sharedMemBytes,
                                          hipStream_t hStream);
hipError_t hipLaunchCooperativeKernelMultiDevice(hipLaunchParams* launchParamsList,
                                                 int numDevices, unsigned int flags);
hipError_t hipExtLaunchMultiKernelMultiDevice(hipLaunchParams* launchParamsList, int numDevices,
                                              unsigned int flags);
hipError_t hipModuleLaunchCooperativeKernel(hipFunction_t f, unsigned int gridDimX,
                                            unsigned int gridDimY, unsigned int gridDimZ,
                                            unsigned int blockDimX, unsigned int blockDimY,
                                            unsigned int blockDimZ, unsigned int sharedMemBytes,
                                            hipStream_t stream, void** kernelParams);
hipError_t hipModuleLaunchCooperativeKernelMultiDevice(hipFunctionLaunchParams* launchParamsList,
                                                       unsigned int numDevices,
                                                       unsigned int flags);

/* Occupancy */
hipError_t hipModuleOccupancyMaxPotentialBlockSize(int* gridSize, int* blockSize,
                                                   hipFunction_t f, size_t dynSharedMemPerBlk,
                                                   int blockSizeLimit);
hipError_t hipModuleOccupancyMaxPotentialBlockSizeWithFlags(int* gridSize, int* blockSize,
                                                            hipFunction_t f,
                                                            size_t dynSharedMemPerBlk,
                                                            int blockSizeLimit,
                                                            unsigned int flags);
hipError_t hipModuleOccupancyMaxActiveBlocksPerMultiprocessor(int* numBlocks, hipFunction_t f,
                                                              int blockSize,
                                                              size_t dynSharedMemPerBlk);
hipError_t hipModuleOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(
    int* numBlocks, hipFunction_t f, int blockSize, size_t dynSharedMemPerBlk, unsigned int flags);
hipError_t hipOccupancyMaxActiveBlocksPerMultiprocessor(int* numBlocks, const void* f,
                                                        int blockSize, size_t dynSharedMemPerBlk);
hipError_t hipOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(
    int* numBlocks, const void* f, int blockSize, size_t dynSharedMemPerBlk,
    unsigned int flags UNIHIP_DEFAULT_ARG(hipOccupancyDefault));
hipError_t hipOccupancyMaxPotentialBlockSize(int* gridSize, int* blockSize, const void* f,
                                             size_t dynSharedMemPerBlk, int blockSizeLimit);
hipError_t hipOccupancyAvailableDynamicSMemPerBlock(size_t* dynamicSmemSize, const void* f,
                                                    int numBlocks, int blockSize);

#ifdef __cplusplus
} /* extern "C" */

/* C++ overloads taking the kernel itself, as HIP's header declares them. The kernel converts with a
 * C-style cast: reinterpret for a kernel pointer, static for a literal nullptr. */
template <class T>
static inline hipError_t hipOccupancyMaxActiveBlocksPerMultiprocessor(int* numBlocks, T f,
                                                                      int blockSize,
                                                                      size_t dynSharedMemPerBlk) {
  return hipOccupancyMaxActiveBlocksPerMultiprocessor(numBlocks, (const void*)(f),
                                                      blockSize, dynSharedMemPerBlk);
}

template <class T>
static inline hipError_t hipOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(
    int* numBlocks, T f, int blockSize, size_t dynSharedMemPerBlk, unsigned int flags) {
  return hipOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(
      numBlocks, (const void*)(f), blockSize, dynSharedMemPerBlk, flags);
}

template <typename T>
static inline hipError_t hipOccupancyMaxPotentialBlockSize(int* gridSize, int* blockSize, T f,
                                                           size_t dynSharedMemPerBlk = 0,
                                                           int blockSizeLimit = 0) {
  return hipOccupancyMaxPotentialBlockSize(gridSize, blockSize, (const void*)(f),
                                           dynSharedMemPerBlk, blockSizeLimit);
}

/* The block size with the highest occupancy when the dynamic shared memory depends on the block
 * size (blockSizeToDynamicSMemSize(blockSize) -> bytes). Tries every multiple of the warp size
 * up to the kernel's and the device's limits. */
template <typename UnaryFunction, class T>
static inline hipError_t hipOccupancyMaxPotentialBlockSizeVariableSMemWithFlags(
    int* min_grid_size, int* block_size, T func, UnaryFunction block_size_to_dynamic_smem_size,
    int block_size_limit = 0, unsigned int flags = 0) {
  /* As AMD's: a null kernel and unknown flags are invalid values. */
  if (min_grid_size == NULL || block_size == NULL || (const void*)(func) == NULL)
    return hipErrorInvalidValue;
  if ((flags & ~(unsigned int)hipOccupancyDisableCachingOverride) != 0) return hipErrorInvalidValue;
  int device = 0;
  hipError_t status = hipGetDevice(&device);
  if (status != hipSuccess) return status;
  int deviceLimit = 0, warpSize = 0, multiprocessors = 0;
  if ((status = hipDeviceGetAttribute(&deviceLimit, hipDeviceAttributeMaxThreadsPerBlock,
                                      device)) != hipSuccess ||
      (status = hipDeviceGetAttribute(&warpSize, hipDeviceAttributeWarpSize, device)) !=
          hipSuccess ||
      (status = hipDeviceGetAttribute(&multiprocessors, hipDeviceAttributeMultiprocessorCount,
                                      device)) != hipSuccess)
    return status;
  hipFuncAttributes attributes;
  status = hipFuncGetAttributes(&attributes, (const void*)(func));
  if (status != hipSuccess) return status;
  int limit = deviceLimit < attributes.maxThreadsPerBlock ? deviceLimit
                                                          : attributes.maxThreadsPerBlock;
  if (block_size_limit > 0 && block_size_limit < limit) limit = block_size_limit;
  if (warpSize <= 0) warpSize = 1;
  int bestBlock = 0, bestOccupancy = 0, bestBlocks = 0;
  for (int size = limit - limit % warpSize; size > 0; size -= warpSize) {
    int blocks = 0;
    status = hipOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(
        &blocks, (const void*)(func), size,
        static_cast<size_t>(block_size_to_dynamic_smem_size(size)), flags);
    if (status != hipSuccess) return status;
    if (blocks * size > bestOccupancy) {
      bestOccupancy = blocks * size;
      bestBlock = size;
      bestBlocks = blocks;
    }
  }
  *block_size = bestBlock;
  *min_grid_size = bestBlocks * multiprocessors;
  return hipSuccess;
}

template <typename UnaryFunction, class T>
static inline hipError_t hipOccupancyMaxPotentialBlockSizeVariableSMem(
    int* min_grid_size, int* block_size, T func, UnaryFunction block_size_to_dynamic_smem_size,
    int block_size_limit = 0) {
  return hipOccupancyMaxPotentialBlockSizeVariableSMemWithFlags(
      min_grid_size, block_size, func, block_size_to_dynamic_smem_size, block_size_limit, 0);
}

template <class T>
inline hipError_t hipFuncGetAttributes(hipFuncAttributes* attr, T f) {
  return hipFuncGetAttributes(attr, (const void*)(f));
}

template <class T>
inline hipError_t hipFuncSetAttribute(T f, hipFuncAttribute attr, int value) {
  return hipFuncSetAttribute((const void*)(f), attr, value);
}

template <class T>
inline hipError_t hipFuncSetCacheConfig(T func, hipFuncCache_t config) {
  return hipFuncSetCacheConfig((const void*)(func), config);
}

template <class T>
inline hipError_t hipFuncSetSharedMemConfig(T func, hipSharedMemConfig config) {
  return hipFuncSetSharedMemConfig((const void*)(func), config);
}

/* hipLaunchKernelEx(&config, kernel, args...): each argument converted to the kernel's parameter
 * type, as a <<<>>> launch would. */
template <typename... KernelArgs, typename... Args>
inline hipError_t hipLaunchKernelEx(const hipLaunchConfig_t* config, void (*kernel)(KernelArgs...),
                                    Args&&... args) {
  return [&](KernelArgs... converted) {
    void* pointers[sizeof...(KernelArgs) > 0 ? sizeof...(KernelArgs) : 1] = {
        const_cast<void*>(static_cast<const void*>(&converted))...};
    return hipLaunchKernelExC(config, reinterpret_cast<const void*>(kernel), pointers);
  }(static_cast<Args&&>(args)...);
}

template <class T>
inline hipError_t hipLaunchCooperativeKernel(T f, dim3 gridDim, dim3 blockDim,
                                             void** kernelParams, unsigned int sharedMemBytes,
                                             hipStream_t stream) {
  return hipLaunchCooperativeKernel((const void*)(f), gridDim, blockDim,
                                    kernelParams, sharedMemBytes, stream);
}

template <class T>
inline hipError_t hipLaunchCooperativeKernelMultiDevice(hipLaunchParams* launchParamsList,
                                                        unsigned int numDevices,
                                                        unsigned int flags = 0) {
  return hipLaunchCooperativeKernelMultiDevice(launchParamsList, static_cast<int>(numDevices),
                                               flags);
}

template <class T>
inline hipError_t hipExtLaunchMultiKernelMultiDevice(hipLaunchParams* launchParamsList,
                                                     unsigned int numDevices,
                                                     unsigned int flags = 0) {
  return hipExtLaunchMultiKernelMultiDevice(launchParamsList, static_cast<int>(numDevices), flags);
}

template <typename F>
inline hipError_t hipLaunchKernel(F kernel, const dim3& numBlocks, const dim3& dimBlocks,
                                  void** args, size_t sharedMemBytes, hipStream_t stream) {
  return hipLaunchKernel((const void*)(kernel), numBlocks, dimBlocks, args,
                         sharedMemBytes, stream);
}
#endif /* __cplusplus */

#endif /* UNIHIP_API_EXECUTION_H */
