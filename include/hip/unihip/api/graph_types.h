/* HIP host API types of graphs, stream capture, kernel-node and launch attributes and stream
 * memory operations, with HIP's (ROCm 6) names, layouts and values. */
#ifndef UNIHIP_API_GRAPH_TYPES_H
#define UNIHIP_API_GRAPH_TYPES_H

#include "hip/unihip/enum_base.h"
#ifndef UNIHIP_HIP_RUNTIME_API_H
#error "include <hip/hip_runtime_api.h> instead"
#endif

#ifdef __cplusplus
extern "C" {
#endif

/* Opaque handles */
typedef struct ihipGraph* hipGraph_t;
typedef struct hipGraphNode* hipGraphNode_t;
typedef struct hipGraphExec* hipGraphExec_t;
typedef struct hipUserObject* hipUserObject_t;

/* Host functions: hipLaunchHostFunc, host nodes, user-object destructors. */
typedef void (*hipHostFn_t)(void* userData);
/* The calling convention of host callbacks: none on Linux (CUDA's CUDART_CB). */
#ifndef HIPRT_CB
#define HIPRT_CB
#endif
typedef void (HIPRT_CB* hipStreamCallback_t)(hipStream_t stream, hipError_t status, void* userData);

typedef enum hipGraphNodeType UNIHIP_ENUM_INT {
  hipGraphNodeTypeKernel = 0,
  hipGraphNodeTypeMemcpy = 1,
  hipGraphNodeTypeMemset = 2,
  hipGraphNodeTypeHost = 3,
  hipGraphNodeTypeGraph = 4,
  hipGraphNodeTypeEmpty = 5,
  hipGraphNodeTypeWaitEvent = 6,
  hipGraphNodeTypeEventRecord = 7,
  hipGraphNodeTypeExtSemaphoreSignal = 8,
  hipGraphNodeTypeExtSemaphoreWait = 9,
  hipGraphNodeTypeMemAlloc = 10,
  hipGraphNodeTypeMemFree = 11,
  hipGraphNodeTypeMemcpyFromSymbol = 12,
  hipGraphNodeTypeMemcpyToSymbol = 13,
  hipGraphNodeTypeBatchMemOp = 14,
  hipGraphNodeTypeCount
} hipGraphNodeType;

typedef struct hipHostNodeParams {
  hipHostFn_t fn;
  void* userData;
} hipHostNodeParams;

typedef struct hipKernelNodeParams {
  dim3 blockDim;
  void** extra;
  void* func;
  dim3 gridDim;
  void** kernelParams;
  unsigned int sharedMemBytes;
} hipKernelNodeParams;

/* HIP 7's field order, CUDA's (HIP 6's was dst, elementSize, height, pitch, value, width). HIP 7
 * removed HIP_MEMSET_NODE_PARAMS: the driver-style memset nodes take this struct. */
typedef struct hipMemsetParams {
  void* dst;
  size_t pitch;
  unsigned int value;
  unsigned int elementSize;
  size_t width;
  size_t height;
} hipMemsetParams;

typedef struct hipChildGraphNodeParams {
  hipGraph_t graph;
} hipChildGraphNodeParams;

typedef struct hipEventWaitNodeParams {
  hipEvent_t event;
} hipEventWaitNodeParams;

typedef struct hipEventRecordNodeParams {
  hipEvent_t event;
} hipEventRecordNodeParams;

typedef struct hipMemFreeNodeParams {
  void* dptr;
} hipMemFreeNodeParams;

/* Node parameters that embed copy, pool and external-semaphore types (driver_types.h, types.h) */
typedef struct hipMemcpyNodeParams {
  int flags;
  int reserved[3];
  hipMemcpy3DParms copyParams;
} hipMemcpyNodeParams;

typedef struct hipMemAllocNodeParams {
  hipMemPoolProps poolProps;
  const hipMemAccessDesc* accessDescs;
  size_t accessDescCount;
  size_t bytesize;
  void* dptr;
} hipMemAllocNodeParams;

typedef struct hipExternalSemaphoreSignalNodeParams {
  hipExternalSemaphore_t* extSemArray;
  const hipExternalSemaphoreSignalParams* paramsArray;
  unsigned int numExtSems;
} hipExternalSemaphoreSignalNodeParams;

typedef struct hipExternalSemaphoreWaitNodeParams {
  hipExternalSemaphore_t* extSemArray;
  const hipExternalSemaphoreWaitParams* paramsArray;
  unsigned int numExtSems;
} hipExternalSemaphoreWaitNodeParams;

/* Any node's parameters (hipGraphAddNode, hipGraphNodeSetParams) */
typedef struct hipGraphNodeParams {
  hipGraphNodeType type;
  int reserved0[3];
  union {
    long long reserved1[29];
    hipKernelNodeParams kernel;
    hipMemcpyNodeParams memcpy;
    hipMemsetParams memset;
    hipHostNodeParams host;
    hipChildGraphNodeParams graph;
    hipEventWaitNodeParams eventWait;
    hipEventRecordNodeParams eventRecord;
    hipExternalSemaphoreSignalNodeParams extSemSignal;
    hipExternalSemaphoreWaitNodeParams extSemWait;
    hipMemAllocNodeParams alloc;
    hipMemFreeNodeParams free;
  };
  long long reserved2;
} hipGraphNodeParams;

/* Cache access policy (kernel-node, stream and launch attributes) */
typedef enum hipAccessProperty UNIHIP_ENUM_INT {
  hipAccessPropertyNormal = 0,
  hipAccessPropertyStreaming = 1,
  hipAccessPropertyPersisting = 2
} hipAccessProperty;

typedef struct hipAccessPolicyWindow {
  void* base_ptr;
  hipAccessProperty hitProp;
  float hitRatio;
  hipAccessProperty missProp;
  size_t num_bytes;
} hipAccessPolicyWindow;

typedef struct hipLaunchMemSyncDomainMap {
  unsigned char default_;
  unsigned char remote;
} hipLaunchMemSyncDomainMap;

typedef enum hipLaunchMemSyncDomain UNIHIP_ENUM_INT {
  hipLaunchMemSyncDomainDefault = 0,
  hipLaunchMemSyncDomainRemote = 1
} hipLaunchMemSyncDomain;

typedef enum hipSynchronizationPolicy UNIHIP_ENUM_INT {
  hipSyncPolicyAuto = 1,
  hipSyncPolicySpin = 2,
  hipSyncPolicyYield = 3,
  hipSyncPolicyBlockingSync = 4
} hipSynchronizationPolicy;

typedef enum hipLaunchAttributeID UNIHIP_ENUM_INT {
  hipLaunchAttributeAccessPolicyWindow = 1,
  hipLaunchAttributeCooperative = 2,
  hipLaunchAttributeSynchronizationPolicy = 3,
  hipLaunchAttributeClusterDimension = 4,
  hipLaunchAttributePriority = 8,
  hipLaunchAttributeMemSyncDomainMap = 9,
  hipLaunchAttributeMemSyncDomain = 10,
  hipLaunchAttributeMax
} hipLaunchAttributeID;

typedef union hipLaunchAttributeValue {
  char pad[64];
  hipAccessPolicyWindow accessPolicyWindow;
  int cooperative;
  struct {
    unsigned int x;
    unsigned int y;
    unsigned int z;
  } clusterDim;
  int priority;
  hipSynchronizationPolicy syncPolicy;
  hipLaunchMemSyncDomainMap memSyncDomainMap;
  hipLaunchMemSyncDomain memSyncDomain;
} hipLaunchAttributeValue;

typedef struct hipLaunchAttribute_st {
  hipLaunchAttributeID id;
  char pad[8 - sizeof(hipLaunchAttributeID)];
  union {
    hipLaunchAttributeValue val;
    hipLaunchAttributeValue value;
  };
} hipLaunchAttribute;

/* Launch configurations with attributes (HIP 6.5: hipLaunchKernelExC, hipDrvLaunchKernelEx). */
typedef struct hipLaunchConfig_st {
  dim3 gridDim;
  dim3 blockDim;
  size_t dynamicSmemBytes;
  hipStream_t stream;
  hipLaunchAttribute* attrs;
  unsigned int numAttrs;
} hipLaunchConfig_t;

typedef struct HIP_LAUNCH_CONFIG_st {
  unsigned int gridDimX;
  unsigned int gridDimY;
  unsigned int gridDimZ;
  unsigned int blockDimX;
  unsigned int blockDimY;
  unsigned int blockDimZ;
  unsigned int sharedMemBytes;
  hipStream_t hStream;
  hipLaunchAttribute* attrs;
  unsigned int numAttrs;
} HIP_LAUNCH_CONFIG;

/* Stream and kernel-node attributes are launch attributes under other names, as in HIP. */
#define hipStreamAttrID hipLaunchAttributeID
#define hipStreamAttributeAccessPolicyWindow hipLaunchAttributeAccessPolicyWindow
#define hipStreamAttributeSynchronizationPolicy hipLaunchAttributeSynchronizationPolicy
#define hipStreamAttributeMemSyncDomainMap hipLaunchAttributeMemSyncDomainMap
#define hipStreamAttributeMemSyncDomain hipLaunchAttributeMemSyncDomain
#define hipStreamAttributePriority hipLaunchAttributePriority
#define hipStreamAttrValue hipLaunchAttributeValue
#define hipKernelNodeAttrID hipLaunchAttributeID
#define hipKernelNodeAttributeAccessPolicyWindow hipLaunchAttributeAccessPolicyWindow
#define hipKernelNodeAttributeCooperative hipLaunchAttributeCooperative
#define hipKernelNodeAttributePriority hipLaunchAttributePriority
#define hipKernelNodeAttrValue hipLaunchAttributeValue

typedef enum hipGraphExecUpdateResult UNIHIP_ENUM_INT {
  hipGraphExecUpdateSuccess = 0x0,
  hipGraphExecUpdateError = 0x1,
  hipGraphExecUpdateErrorTopologyChanged = 0x2,
  hipGraphExecUpdateErrorNodeTypeChanged = 0x3,
  hipGraphExecUpdateErrorFunctionChanged = 0x4,
  hipGraphExecUpdateErrorParametersChanged = 0x5,
  hipGraphExecUpdateErrorNotSupported = 0x6,
  hipGraphExecUpdateErrorUnsupportedFunctionChange = 0x7
} hipGraphExecUpdateResult;

typedef enum hipStreamCaptureMode UNIHIP_ENUM_INT {
  hipStreamCaptureModeGlobal = 0,
  hipStreamCaptureModeThreadLocal,
  hipStreamCaptureModeRelaxed
} hipStreamCaptureMode;

typedef enum hipStreamCaptureStatus UNIHIP_ENUM_INT {
  hipStreamCaptureStatusNone = 0,
  hipStreamCaptureStatusActive,
  hipStreamCaptureStatusInvalidated
} hipStreamCaptureStatus;

typedef enum hipStreamUpdateCaptureDependenciesFlags UNIHIP_ENUM_INT {
  hipStreamAddCaptureDependencies = 0,
  hipStreamSetCaptureDependencies
} hipStreamUpdateCaptureDependenciesFlags;

typedef enum hipGraphMemAttributeType UNIHIP_ENUM_INT {
  hipGraphMemAttrUsedMemCurrent = 0,
  hipGraphMemAttrUsedMemHigh,
  hipGraphMemAttrReservedMemCurrent,
  hipGraphMemAttrReservedMemHigh
} hipGraphMemAttributeType;

typedef enum hipUserObjectFlags UNIHIP_ENUM_INT {
  hipUserObjectNoDestructorSync = 0x1
} hipUserObjectFlags;

typedef enum hipUserObjectRetainFlags UNIHIP_ENUM_INT {
  hipGraphUserObjectMove = 0x1
} hipUserObjectRetainFlags;

typedef enum hipGraphInstantiateFlags UNIHIP_ENUM_INT {
  hipGraphInstantiateFlagAutoFreeOnLaunch = 1,
  hipGraphInstantiateFlagUpload = 2,
  hipGraphInstantiateFlagDeviceLaunch = 4,
  hipGraphInstantiateFlagUseNodePriority = 8
} hipGraphInstantiateFlags;

enum hipGraphDebugDotFlags UNIHIP_ENUM_INT {
  hipGraphDebugDotFlagsVerbose = 1 << 0,
  hipGraphDebugDotFlagsKernelNodeParams = 1 << 2,
  hipGraphDebugDotFlagsMemcpyNodeParams = 1 << 3,
  hipGraphDebugDotFlagsMemsetNodeParams = 1 << 4,
  hipGraphDebugDotFlagsHostNodeParams = 1 << 5,
  hipGraphDebugDotFlagsEventNodeParams = 1 << 6,
  hipGraphDebugDotFlagsExtSemasSignalNodeParams = 1 << 7,
  hipGraphDebugDotFlagsExtSemasWaitNodeParams = 1 << 8,
  hipGraphDebugDotFlagsKernelNodeAttributes = 1 << 9,
  hipGraphDebugDotFlagsHandles = 1 << 10
};

typedef enum hipGraphInstantiateResult UNIHIP_ENUM_INT {
  hipGraphInstantiateSuccess = 0,
  hipGraphInstantiateError = 1,
  hipGraphInstantiateInvalidStructure = 2,
  hipGraphInstantiateNodeOperationNotSupported = 3,
  hipGraphInstantiateMultipleDevicesNotSupported = 4
} hipGraphInstantiateResult;

typedef struct hipGraphInstantiateParams {
  hipGraphNode_t errNode_out;
  unsigned long long flags;
  hipGraphInstantiateResult result_out;
  hipStream_t uploadStream;
} hipGraphInstantiateParams;

/* Graph edges (hipStreamBeginCaptureToGraph) */
#define hipGraphKernelNodePortDefault 0
#define hipGraphKernelNodePortLaunchCompletion 2
#define hipGraphKernelNodePortProgrammatic 1

typedef enum hipGraphDependencyType UNIHIP_ENUM_INT {
  hipGraphDependencyTypeDefault = 0,
  hipGraphDependencyTypeProgrammatic = 1
} hipGraphDependencyType;

typedef struct hipGraphEdgeData {
  unsigned char from_port;
  unsigned char reserved[5];
  unsigned char to_port;
  unsigned char type; /* a hipGraphDependencyType */
} hipGraphEdgeData;

/* hipStreamWaitValue32/64 comparisons */
#define hipStreamWaitValueGte 0x0
#define hipStreamWaitValueEq 0x1
#define hipStreamWaitValueAnd 0x2
#define hipStreamWaitValueNor 0x3

#ifdef __cplusplus
} /* extern "C" */
#endif

#endif /* UNIHIP_API_GRAPH_TYPES_H */
