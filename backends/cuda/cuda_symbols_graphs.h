// libcuda entry points of the graphs family (UNIHIP_CU_OPTIONAL lines; see cuda_symbols.h).
// Resolved at API version 12000: cuGraphAddKernelNode and friends are the _v2 (CUDA 12.0)
// variants, dependency lists carry no edge data, cuStreamGetCaptureInfo is _v2.
UNIHIP_CU_OPTIONAL(cuCtxGetCurrent, CUcontext*)
UNIHIP_CU_OPTIONAL(cuGraphCreate, CUgraph*, unsigned int)
UNIHIP_CU_OPTIONAL(cuGraphDestroy, CUgraph)
UNIHIP_CU_OPTIONAL(cuGraphClone, CUgraph*, CUgraph)
UNIHIP_CU_OPTIONAL(cuGraphNodeFindInClone, CUgraphNode*, CUgraphNode, CUgraph)
UNIHIP_CU_OPTIONAL(cuGraphGetNodes, CUgraph, CUgraphNode*, size_t*)
UNIHIP_CU_OPTIONAL(cuGraphGetRootNodes, CUgraph, CUgraphNode*, size_t*)
UNIHIP_CU_OPTIONAL(cuGraphGetEdges, CUgraph, CUgraphNode*, CUgraphNode*, size_t*)
UNIHIP_CU_OPTIONAL(cuGraphAddDependencies, CUgraph, const CUgraphNode*, const CUgraphNode*, size_t)
UNIHIP_CU_OPTIONAL(cuGraphRemoveDependencies, CUgraph, const CUgraphNode*, const CUgraphNode*,
                   size_t)
UNIHIP_CU_OPTIONAL(cuGraphDebugDotPrint, CUgraph, const char*, unsigned int)
UNIHIP_CU_OPTIONAL(cuGraphNodeGetType, CUgraphNode, int*)
UNIHIP_CU_OPTIONAL(cuGraphNodeGetDependencies, CUgraphNode, CUgraphNode*, size_t*)
UNIHIP_CU_OPTIONAL(cuGraphNodeGetDependentNodes, CUgraphNode, CUgraphNode*, size_t*)
UNIHIP_CU_OPTIONAL(cuGraphDestroyNode, CUgraphNode)
UNIHIP_CU_OPTIONAL(cuGraphAddKernelNode, CUgraphNode*, CUgraph, const CUgraphNode*, size_t,
                   const CUDA_KERNEL_NODE_PARAMS*)
UNIHIP_CU_OPTIONAL(cuGraphAddMemcpyNode, CUgraphNode*, CUgraph, const CUgraphNode*, size_t,
                   const CUDA_MEMCPY3D*, CUcontext)
UNIHIP_CU_OPTIONAL(cuGraphAddMemsetNode, CUgraphNode*, CUgraph, const CUgraphNode*, size_t,
                   const CUDA_MEMSET_NODE_PARAMS*, CUcontext)
UNIHIP_CU_OPTIONAL(cuGraphAddHostNode, CUgraphNode*, CUgraph, const CUgraphNode*, size_t,
                   const CUDA_HOST_NODE_PARAMS*)
UNIHIP_CU_OPTIONAL(cuGraphAddChildGraphNode, CUgraphNode*, CUgraph, const CUgraphNode*, size_t,
                   CUgraph)
UNIHIP_CU_OPTIONAL(cuGraphAddEmptyNode, CUgraphNode*, CUgraph, const CUgraphNode*, size_t)
UNIHIP_CU_OPTIONAL(cuGraphAddEventRecordNode, CUgraphNode*, CUgraph, const CUgraphNode*, size_t,
                   CUevent)
UNIHIP_CU_OPTIONAL(cuGraphAddEventWaitNode, CUgraphNode*, CUgraph, const CUgraphNode*, size_t,
                   CUevent)
UNIHIP_CU_OPTIONAL(cuGraphAddMemAllocNode, CUgraphNode*, CUgraph, const CUgraphNode*, size_t,
                   CUDA_MEM_ALLOC_NODE_PARAMS*)
UNIHIP_CU_OPTIONAL(cuGraphAddMemFreeNode, CUgraphNode*, CUgraph, const CUgraphNode*, size_t,
                   CUdeviceptr)
UNIHIP_CU_OPTIONAL(cuGraphKernelNodeGetParams, CUgraphNode, CUDA_KERNEL_NODE_PARAMS*)
UNIHIP_CU_OPTIONAL(cuGraphKernelNodeSetParams, CUgraphNode, const CUDA_KERNEL_NODE_PARAMS*)
UNIHIP_CU_OPTIONAL(cuGraphMemcpyNodeGetParams, CUgraphNode, CUDA_MEMCPY3D*)
UNIHIP_CU_OPTIONAL(cuGraphMemcpyNodeSetParams, CUgraphNode, const CUDA_MEMCPY3D*)
UNIHIP_CU_OPTIONAL(cuGraphMemsetNodeGetParams, CUgraphNode, CUDA_MEMSET_NODE_PARAMS*)
UNIHIP_CU_OPTIONAL(cuGraphMemsetNodeSetParams, CUgraphNode, const CUDA_MEMSET_NODE_PARAMS*)
UNIHIP_CU_OPTIONAL(cuGraphHostNodeGetParams, CUgraphNode, CUDA_HOST_NODE_PARAMS*)
UNIHIP_CU_OPTIONAL(cuGraphHostNodeSetParams, CUgraphNode, const CUDA_HOST_NODE_PARAMS*)
UNIHIP_CU_OPTIONAL(cuGraphChildGraphNodeGetGraph, CUgraphNode, CUgraph*)
UNIHIP_CU_OPTIONAL(cuGraphEventRecordNodeGetEvent, CUgraphNode, CUevent*)
UNIHIP_CU_OPTIONAL(cuGraphEventRecordNodeSetEvent, CUgraphNode, CUevent)
UNIHIP_CU_OPTIONAL(cuGraphEventWaitNodeGetEvent, CUgraphNode, CUevent*)
UNIHIP_CU_OPTIONAL(cuGraphEventWaitNodeSetEvent, CUgraphNode, CUevent)
UNIHIP_CU_OPTIONAL(cuGraphMemAllocNodeGetParams, CUgraphNode, CUDA_MEM_ALLOC_NODE_PARAMS*)
UNIHIP_CU_OPTIONAL(cuGraphMemFreeNodeGetParams, CUgraphNode, CUdeviceptr*)
UNIHIP_CU_OPTIONAL(cuGraphKernelNodeGetAttribute, CUgraphNode, int, CUlaunchAttributeValue*)
UNIHIP_CU_OPTIONAL(cuGraphKernelNodeSetAttribute, CUgraphNode, int, const CUlaunchAttributeValue*)
UNIHIP_CU_OPTIONAL(cuGraphKernelNodeCopyAttributes, CUgraphNode, CUgraphNode)
UNIHIP_CU_OPTIONAL(cuGraphInstantiateWithFlags, CUgraphExec*, CUgraph, unsigned long long)
UNIHIP_CU_OPTIONAL(cuGraphInstantiateWithParams, CUgraphExec*, CUgraph,
                   CUDA_GRAPH_INSTANTIATE_PARAMS*)
UNIHIP_CU_OPTIONAL(cuGraphExecDestroy, CUgraphExec)
UNIHIP_CU_OPTIONAL(cuGraphLaunch, CUgraphExec, CUstream)
UNIHIP_CU_OPTIONAL(cuGraphUpload, CUgraphExec, CUstream)
UNIHIP_CU_OPTIONAL(cuGraphExecUpdate, CUgraphExec, CUgraph, CUgraphExecUpdateResultInfo*)
UNIHIP_CU_OPTIONAL(cuGraphExecKernelNodeSetParams, CUgraphExec, CUgraphNode,
                   const CUDA_KERNEL_NODE_PARAMS*)
UNIHIP_CU_OPTIONAL(cuGraphExecMemcpyNodeSetParams, CUgraphExec, CUgraphNode, const CUDA_MEMCPY3D*,
                   CUcontext)
UNIHIP_CU_OPTIONAL(cuGraphExecMemsetNodeSetParams, CUgraphExec, CUgraphNode,
                   const CUDA_MEMSET_NODE_PARAMS*, CUcontext)
UNIHIP_CU_OPTIONAL(cuGraphExecHostNodeSetParams, CUgraphExec, CUgraphNode,
                   const CUDA_HOST_NODE_PARAMS*)
UNIHIP_CU_OPTIONAL(cuGraphExecChildGraphNodeSetParams, CUgraphExec, CUgraphNode, CUgraph)
UNIHIP_CU_OPTIONAL(cuGraphExecEventRecordNodeSetEvent, CUgraphExec, CUgraphNode, CUevent)
UNIHIP_CU_OPTIONAL(cuGraphExecEventWaitNodeSetEvent, CUgraphExec, CUgraphNode, CUevent)
UNIHIP_CU_OPTIONAL(cuGraphNodeSetEnabled, CUgraphExec, CUgraphNode, unsigned int)
UNIHIP_CU_OPTIONAL(cuGraphNodeGetEnabled, CUgraphExec, CUgraphNode, unsigned int*)
UNIHIP_CU_OPTIONAL(cuDeviceGetGraphMemAttribute, CUdevice, int, void*)
UNIHIP_CU_OPTIONAL(cuDeviceSetGraphMemAttribute, CUdevice, int, void*)
UNIHIP_CU_OPTIONAL(cuDeviceGraphMemTrim, CUdevice)
UNIHIP_CU_OPTIONAL(cuUserObjectCreate, CUuserObject*, void*, CUhostFn, unsigned int, unsigned int)
UNIHIP_CU_OPTIONAL(cuUserObjectRetain, CUuserObject, unsigned int)
UNIHIP_CU_OPTIONAL(cuUserObjectRelease, CUuserObject, unsigned int)
UNIHIP_CU_OPTIONAL(cuGraphRetainUserObject, CUgraph, CUuserObject, unsigned int, unsigned int)
UNIHIP_CU_OPTIONAL(cuGraphReleaseUserObject, CUgraph, CUuserObject, unsigned int)
UNIHIP_CU_OPTIONAL(cuStreamBeginCapture, CUstream, int)
UNIHIP_CU_OPTIONAL(cuStreamEndCapture, CUstream, CUgraph*)
UNIHIP_CU_OPTIONAL(cuStreamGetCaptureInfo, CUstream, int*, unsigned long long*, CUgraph*,
                   const CUgraphNode**, size_t*)
UNIHIP_CU_OPTIONAL(cuStreamUpdateCaptureDependencies, CUstream, CUgraphNode*, size_t, unsigned int)
UNIHIP_CU_OPTIONAL(cuThreadExchangeStreamCaptureMode, int*)
// Capture into an existing graph (CUDA 12.3).
UNIHIP_CU_OPTIONAL_SINCE(12030, cuStreamBeginCaptureToGraph, CUstream, CUgraph, const CUgraphNode*,
                         const void*, size_t, int)
