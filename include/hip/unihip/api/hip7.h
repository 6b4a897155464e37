/* The entry points HIP added after 6.3 (HIP 6.4 through 7.x), with the types only they use.
 * Names, signatures, layouts and values follow AMD's HIP headers (hip_runtime_api.h,
 * linker_types.h); which ones unihip implements on which vendor: docs/api-coverage.md. */
#ifndef UNIHIP_API_HIP7_H
#define UNIHIP_API_HIP7_H

#ifdef __cplusplus
extern "C" {
#endif

/* ---- Handles ---- */
typedef struct ihipLibrary_t* hipLibrary_t;
typedef struct ihipKernel_t* hipKernel_t;
typedef struct ihipLinkState_t* hipLinkState_t;
typedef struct ihipExecutionCtx_t* hipExecutionCtx_t;
typedef struct ihipDevResourceDesc_t* hipDevResourceDesc_t;

/* ---- Devices ---- */
#define hipInitDeviceFlagsAreValid 0x1 /* hipInitDevice: deviceFlags are to be applied */

/* ---- Events ---- */
#define hipEventRecordDefault 0x00
#define hipEventRecordExternal 0x01

/* ---- Entry points by name (hipGetDriverEntryPoint) ---- */
#define hipEnableDefault 0x0
#define hipEnableLegacyStream 0x1
#define hipEnablePerThreadDefaultStream 0x2

typedef enum hipDriverEntryPointQueryResult UNIHIP_ENUM_INT {
  hipDriverEntryPointSuccess = 0,
  hipDriverEntryPointSymbolNotFound = 1,
  hipDriverEntryPointVersionNotSufficent = 2
} hipDriverEntryPointQueryResult;

/* ---- Linker and libraries (linker_types.h) ---- */
typedef enum hipJitInputType UNIHIP_ENUM_INT {
  hipJitInputCubin = 0,
  hipJitInputPtx,
  hipJitInputFatBinary,
  hipJitInputObject,
  hipJitInputLibrary,
  hipJitInputNvvm,
  hipJitNumLegacyInputTypes,
  hipJitInputLLVMBitcode = 100,
  hipJitInputLLVMBundledBitcode = 101,
  hipJitInputLLVMArchivesOfBundledBitcode = 102,
  hipJitInputSpirv = 103,
  hipJitNumInputTypes = 10
} hipJitInputType;

typedef enum hipLibraryOption_e UNIHIP_ENUM_INT {
  hipLibraryHostUniversalFunctionAndDataTable = 0,
  hipLibraryBinaryIsPreserved = 1
} hipLibraryOption;

/* ---- Stream memory operations in a batch ---- */
typedef enum hipStreamBatchMemOpType UNIHIP_ENUM_INT {
  hipStreamMemOpWaitValue32 = 0x1,
  hipStreamMemOpWriteValue32 = 0x2,
  hipStreamMemOpFlushRemoteWrites = 0x3,
  hipStreamMemOpWaitValue64 = 0x4,
  hipStreamMemOpWriteValue64 = 0x5,
  hipStreamMemOpBarrier = 0x6
} hipStreamBatchMemOpType;

typedef union hipStreamBatchMemOpParams_union {
  hipStreamBatchMemOpType operation;
  struct hipStreamMemOpWaitValueParams_t {
    hipStreamBatchMemOpType operation;
    hipDeviceptr_t address;
    union {
      uint32_t value;
      uint64_t value64;
    };
    unsigned int flags;
    hipDeviceptr_t alias;
  } waitValue;
  struct hipStreamMemOpWriteValueParams_t {
    hipStreamBatchMemOpType operation;
    hipDeviceptr_t address;
    union {
      uint32_t value;
      uint64_t value64;
    };
    unsigned int flags;
    hipDeviceptr_t alias;
  } writeValue;
  struct hipStreamMemOpFlushRemoteWritesParams_t {
    hipStreamBatchMemOpType operation;
    unsigned int flags;
  } flushRemoteWrites;
  struct hipStreamMemOpMemoryBarrierParams_t {
    hipStreamBatchMemOpType operation;
    unsigned int flags;
  } memoryBarrier;
  uint64_t pad[6];
} hipStreamBatchMemOpParams;

typedef struct hipBatchMemOpNodeParams {
  hipCtx_t ctx;
  unsigned int count;
  hipStreamBatchMemOpParams* paramArray;
  unsigned int flags;
} hipBatchMemOpNodeParams;

/* ---- Arrays ---- */
typedef struct hipArrayMemoryRequirements {
  size_t alignment;
  size_t size;
} hipArrayMemoryRequirements;

/* ---- Device resources and execution (green) contexts ---- */
typedef enum hipDevResourceType UNIHIP_ENUM_INT {
  hipDevResourceTypeInvalid = 0,
  hipDevResourceTypeSm = 1,
  hipDevResourceTypeWorkqueueConfig = 1000,
  hipDevResourceTypeWorkqueue = 10000
} hipDevResourceType;

typedef enum hipDevSmResourceGroup_flags UNIHIP_ENUM_INT {
  hipDevSmResourceGroupDefault = 0,
  hipDevSmResourceGroupBackfill = 0x1
} hipDevSmResourceGroup_flags;

typedef enum hipDevSmResourceSplitByCount_flags UNIHIP_ENUM_INT {
  hipDevSmResourceSplitIgnoreSmCoscheduling = 0x1,
  hipDevSmResourceSplitMaxPotentialClusterSize = 0x2
} hipDevSmResourceSplitByCount_flags;

typedef enum hipDevWorkqueueConfigScope UNIHIP_ENUM_INT {
  hipDevWorkqueueConfigScopeDeviceCtx = 0,
  hipDevWorkqueueConfigScopeGreenCtxBalanced = 1
} hipDevWorkqueueConfigScope;

#define HIP_RESOURCE_ABI_BYTES 40

typedef struct hipDevSmResource {
  unsigned int smCount;
  unsigned int minSmPartitionSize;
  unsigned int smCoscheduledAlignment;
  unsigned int flags;
} hipDevSmResource;

typedef struct hipDevWorkqueueConfigResource {
  int device;
  unsigned int wqConcurrencyLimit;
  hipDevWorkqueueConfigScope sharingScope;
} hipDevWorkqueueConfigResource;

typedef struct hipDevWorkqueueResource {
  unsigned char reserved[HIP_RESOURCE_ABI_BYTES];
} hipDevWorkqueueResource;

typedef struct hipDevResource_st {
  hipDevResourceType type;
  unsigned char _internal_padding[92];
  union {
    hipDevSmResource sm;
    hipDevWorkqueueConfigResource wqConfig;
    hipDevWorkqueueResource wq;
    unsigned char _oversize[HIP_RESOURCE_ABI_BYTES];
  };
  struct hipDevResource_st* nextResource;
} hipDevResource;

typedef struct hipDevSmResourceGroupParams_st {
  unsigned int smCount;
  unsigned int coscheduledSmCount;
  unsigned int preferredCoscheduledSmCount;
  unsigned int flags;
  unsigned int reserved[12];
} hipDevSmResourceGroupParams;

/* ---- Devices ---- */
hipError_t hipInitDevice(int device, unsigned int deviceFlags, unsigned int flags);
hipError_t hipDeviceGetLuid(char* luid, unsigned int* deviceNodeMask, hipDevice_t device);

/* ---- Streams and events ---- */
hipError_t hipStreamGetId(hipStream_t stream, unsigned long long* streamId);
hipError_t hipStreamGetAttribute(hipStream_t stream, hipStreamAttrID attr,
                                 hipStreamAttrValue* value_out);
hipError_t hipStreamSetAttribute(hipStream_t stream, hipStreamAttrID attr,
                                 const hipStreamAttrValue* value);
hipError_t hipStreamCopyAttributes(hipStream_t dst, hipStream_t src);
hipError_t hipEventRecordWithFlags(hipEvent_t event, hipStream_t stream, unsigned int flags);
hipError_t hipStreamBatchMemOp(hipStream_t stream, unsigned int count,
                               hipStreamBatchMemOpParams* paramArray, unsigned int flags);
hipError_t hipGraphAddBatchMemOpNode(hipGraphNode_t* phGraphNode, hipGraph_t hGraph,
                                     const hipGraphNode_t* dependencies, size_t numDependencies,
                                     const hipBatchMemOpNodeParams* nodeParams);
hipError_t hipGraphBatchMemOpNodeGetParams(hipGraphNode_t hNode,
                                           hipBatchMemOpNodeParams* nodeParams_out);
hipError_t hipGraphBatchMemOpNodeSetParams(hipGraphNode_t hNode,
                                           hipBatchMemOpNodeParams* nodeParams);
hipError_t hipGraphExecBatchMemOpNodeSetParams(hipGraphExec_t hGraphExec, hipGraphNode_t hNode,
                                               const hipBatchMemOpNodeParams* nodeParams);

/* ---- Unified memory and pools ---- */
hipError_t hipMemPrefetchAsync_v2(const void* dev_ptr, size_t count, hipMemLocation location,
                                  unsigned int flags, hipStream_t stream);
hipError_t hipMemAdvise_v2(const void* dev_ptr, size_t count, hipMemoryAdvise advice,
                           hipMemLocation location);
hipError_t hipMemPrefetchBatchAsync(void** dev_ptrs, size_t* sizes, size_t count,
                                    hipMemLocation* prefetch_locs, size_t* prefetch_loc_idxs,
                                    size_t num_prefetch_locs, unsigned long long flags,
                                    hipStream_t stream);
hipError_t hipMemDiscardBatchAsync(void** dev_ptrs, size_t* sizes, size_t count,
                                   unsigned long long flags, hipStream_t stream);
hipError_t hipDrvMemDiscardBatchAsync(hipDeviceptr_t* dev_ptrs, size_t* sizes, size_t count,
                                      unsigned long long flags, hipStream_t stream);
hipError_t hipMemDiscardAndPrefetchBatchAsync(void** dev_ptrs, size_t* sizes, size_t count,
                                              hipMemLocation* prefetch_locs,
                                              size_t* prefetch_loc_idxs,
                                              size_t num_prefetch_locs, unsigned long long flags,
                                              hipStream_t stream);
hipError_t hipDrvMemDiscardAndPrefetchBatchAsync(hipDeviceptr_t* dev_ptrs, size_t* sizes,
                                                 size_t count, hipMemLocation* prefetch_locs,
                                                 size_t* prefetch_loc_idxs,
                                                 size_t num_prefetch_locs,
                                                 unsigned long long flags, hipStream_t stream);
hipError_t hipMemGetMemPool(hipMemPool_t* pool, hipMemLocation* location,
                            hipMemAllocationType type);
hipError_t hipMemSetMemPool(hipMemLocation* location, hipMemAllocationType type,
                            hipMemPool_t pool);
hipError_t hipMemGetDefaultMemPool(hipMemPool_t* pool, hipMemLocation* location,
                                   hipMemAllocationType type);
hipError_t hipMemGetHandleForAddressRange(void* handle, hipDeviceptr_t dptr, size_t size,
                                          hipMemRangeHandleType handleType,
                                          unsigned long long flags);

/* ---- Fills and copies ---- */
hipError_t hipMemsetD2D8(hipDeviceptr_t dst, size_t dstPitch, unsigned char value, size_t width,
                         size_t height);
hipError_t hipMemsetD2D8Async(hipDeviceptr_t dst, size_t dstPitch, unsigned char value,
                              size_t width, size_t height, hipStream_t stream);
hipError_t hipMemsetD2D16(hipDeviceptr_t dst, size_t dstPitch, unsigned short value,
                          size_t width, size_t height);
hipError_t hipMemsetD2D16Async(hipDeviceptr_t dst, size_t dstPitch, unsigned short value,
                               size_t width, size_t height, hipStream_t stream);
hipError_t hipMemsetD2D32(hipDeviceptr_t dst, size_t dstPitch, unsigned int value, size_t width,
                          size_t height);
hipError_t hipMemsetD2D32Async(hipDeviceptr_t dst, size_t dstPitch, unsigned int value,
                               size_t width, size_t height, hipStream_t stream);
hipError_t hipMemcpyBatchAsync(void** dsts, void** srcs, size_t* sizes, size_t count,
                               hipMemcpyAttributes* attrs, size_t* attrsIdxs, size_t numAttrs,
                               size_t* failIdx, hipStream_t stream);
hipError_t hipMemcpy3DBatchAsync(size_t numOps, struct hipMemcpy3DBatchOp* opList,
                                 size_t* failIdx, unsigned long long flags, hipStream_t stream);
hipError_t hipMemcpy3DPeer(hipMemcpy3DPeerParms* p);
hipError_t hipMemcpy3DPeerAsync(hipMemcpy3DPeerParms* p, hipStream_t stream);
hipError_t hipMipmappedArrayGetMemoryRequirements(hipArrayMemoryRequirements* memoryRequirements,
                                                  hipMipmappedArray_t mipmap, hipDevice_t device);

/* ---- Modules, libraries, kernels, linking ---- */
hipError_t hipModuleGetFunctionCount(unsigned int* count, hipModule_t mod);
hipError_t hipModuleLoadFatBinary(hipModule_t* module, const void* fatbin);
hipError_t hipLibraryLoadData(hipLibrary_t* library, const void* code, hipJitOption* jitOptions,
                              void** jitOptionsValues, unsigned int numJitOptions,
                              hipLibraryOption* libraryOptions, void** libraryOptionValues,
                              unsigned int numLibraryOptions);
hipError_t hipLibraryLoadFromFile(hipLibrary_t* library, const char* fileName,
                                  hipJitOption* jitOptions, void** jitOptionsValues,
                                  unsigned int numJitOptions, hipLibraryOption* libraryOptions,
                                  void** libraryOptionValues, unsigned int numLibraryOptions);
hipError_t hipLibraryUnload(hipLibrary_t library);
hipError_t hipLibraryGetKernel(hipKernel_t* pKernel, hipLibrary_t library, const char* name);
hipError_t hipLibraryGetKernelCount(unsigned int* count, hipLibrary_t library);
hipError_t hipLibraryEnumerateKernels(hipKernel_t* kernels, unsigned int numKernels,
                                      hipLibrary_t library);
hipError_t hipLibraryGetGlobal(void** dptr, size_t* bytes, hipLibrary_t library,
                               const char* name);
hipError_t hipLibraryGetManaged(void** dptr, size_t* bytes, hipLibrary_t library,
                                const char* name);
hipError_t hipKernelGetLibrary(hipLibrary_t* library, hipKernel_t kernel);
hipError_t hipKernelGetName(const char** name, hipKernel_t kernel);
hipError_t hipKernelGetFunction(hipFunction_t* pFunc, hipKernel_t kernel);
hipError_t hipKernelGetParamInfo(hipKernel_t kernel, size_t paramIndex, size_t* paramOffset,
                                 size_t* paramSize);
hipError_t hipKernelGetAttribute(int* pi, hipFunction_attribute attrib, hipKernel_t kernel,
                                 hipDevice_t dev);
hipError_t hipKernelSetAttribute(hipFunction_attribute attrib, int value, hipKernel_t kernel,
                                 hipDevice_t dev);
hipError_t hipLinkCreate(unsigned int numOptions, hipJitOption* options, void** optionValues,
                         hipLinkState_t* stateOut);
hipError_t hipLinkAddData(hipLinkState_t state, hipJitInputType type, void* data, size_t size,
                          const char* name, unsigned int numOptions, hipJitOption* options,
                          void** optionValues);
hipError_t hipLinkAddFile(hipLinkState_t state, hipJitInputType type, const char* path,
                          unsigned int numOptions, hipJitOption* options, void** optionValues);
hipError_t hipLinkComplete(hipLinkState_t state, void** hipBinOut, size_t* sizeOut);
hipError_t hipLinkDestroy(hipLinkState_t state);

/* ---- Occupancy of clusters ---- */
hipError_t hipOccupancyMaxPotentialClusterSize(int* clusterSize, const void* func,
                                               const hipLaunchConfig_t* config);
hipError_t hipOccupancyMaxActiveClusters(int* numClusters, const void* func,
                                         const hipLaunchConfig_t* config);

/* ---- Entry points by name, logging, errors ---- */
hipError_t hipGetDriverEntryPoint(const char* symbol, void** funcPtr, unsigned long long flags,
                                  hipDriverEntryPointQueryResult* status);
hipError_t hipGetDriverEntryPoint_spt(const char* symbol, void** funcPtr,
                                      unsigned long long flags,
                                      hipDriverEntryPointQueryResult* status);
hipError_t hipGetProcAddress_spt(const char* symbol, void** pfn, int hipVersion, uint64_t flags,
                                 hipDriverProcAddressQueryResult* symbolStatus);
hipError_t hipExtEnableLogging(void);
hipError_t hipExtDisableLogging(void);
hipError_t hipExtSetLoggingParams(size_t log_level, size_t log_size, size_t log_mask);
/* Called (a no-op) whenever a HIP function fails: a stable place for a debugger's breakpoint. */
void __hipOnError(void* err_info);

/* ---- Device resources and execution contexts ---- */
hipError_t hipDeviceGetDevResource(hipDevice_t device, hipDevResource* resource,
                                   hipDevResourceType type);
hipError_t hipDevSmResourceSplitByCount(hipDevResource* result, unsigned int* nbGroups,
                                        const hipDevResource* input, hipDevResource* remainder,
                                        unsigned int flags, unsigned int minCount);
hipError_t hipDevSmResourceSplit(hipDevResource* result, unsigned int nbGroups,
                                 const hipDevResource* input, hipDevResource* remainder,
                                 unsigned int flags, hipDevSmResourceGroupParams* groupParams);
hipError_t hipDevResourceGenerateDesc(hipDevResourceDesc_t* phDesc, hipDevResource* resources,
                                      unsigned int nbResources);
hipError_t hipGreenCtxCreate(hipExecutionCtx_t* ctx, hipDevResourceDesc_t desc, int device,
                             unsigned int flags);
hipError_t hipDeviceGetExecutionCtx(hipExecutionCtx_t* ctx, hipDevice_t device);
hipError_t hipExecutionCtxDestroy(hipExecutionCtx_t ctx);
hipError_t hipExecutionCtxStreamCreate(hipStream_t* stream, hipExecutionCtx_t ctx,
                                       unsigned int flags, int priority);
hipError_t hipExecutionCtxGetDevResource(hipExecutionCtx_t ctx, hipDevResource* resource,
                                         hipDevResourceType type);
hipError_t hipExecutionCtxGetDevice(hipDevice_t* device, hipExecutionCtx_t ctx);
hipError_t hipExecutionCtxGetId(hipExecutionCtx_t ctx, unsigned long long* ctxId);
hipError_t hipExecutionCtxRecordEvent(hipExecutionCtx_t ctx, hipEvent_t event);
hipError_t hipExecutionCtxWaitEvent(hipExecutionCtx_t ctx, hipEvent_t event);
hipError_t hipExecutionCtxSynchronize(hipExecutionCtx_t ctx);
hipError_t hipStreamGetDevResource(hipStream_t stream, hipDevResource* resource,
                                   hipDevResourceType type);

#ifdef __cplusplus
}
#endif

#endif /* UNIHIP_API_HIP7_H */
