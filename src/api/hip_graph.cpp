// Graphs, graph nodes, executable graphs, graph memory and user objects. unihip has no graph
// runtime yet (issue 14): each function checks its arguments as AMD's runtime does (the checks
// that need no graph), then answers hipErrorNotSupported. No graph handle can exist, so handles
// are checked for null only.
#include <climits>

#include "api/api_boundary.h"
#include "core/handles.h"
#include "core/runtime.h"

using namespace unihip;

namespace {

bool badDeps(const hipGraphNode_t* deps, size_t n) { return n > 0 && deps == nullptr; }

// The arguments every hipGraphAdd*Node shares: the new node, its graph, its dependencies.
bool badAdd(hipGraphNode_t* node, hipGraph_t graph, const hipGraphNode_t* deps, size_t n) {
  return node == nullptr || graph == nullptr || badDeps(deps, n);
}

bool badKernelParams(const hipKernelNodeParams* p) { return p == nullptr || p->func == nullptr; }

bool badElementSize(unsigned int size) { return size != 1 && size != 2 && size != 4; }

// A memset node: 1-, 2- or 4-byte elements, at least one row, rows that fit their pitch.
bool badMemsetParams(const hipMemsetParams* p) {
  return p == nullptr || p->dst == nullptr || p->height == 0 || badElementSize(p->elementSize) ||
         (p->height > 1 && p->pitch < p->width * p->elementSize);
}

bool badKind(hipMemcpyKind kind) {
  return (kind < hipMemcpyHostToHost || kind > hipMemcpyDefault) &&
         kind != hipMemcpyDeviceToDeviceNoCU;
}

bool badAttribute(hipKernelNodeAttrID attr) {
  return attr != hipKernelNodeAttributeAccessPolicyWindow &&
         attr != hipKernelNodeAttributeCooperative && attr != hipKernelNodeAttributePriority;
}

bool badCount(unsigned int count) { return count == 0 || count > INT_MAX; }

// A copy with a source and a destination (an array or a pointer each).
bool badCopy(const hipMemcpy3DParms* p) {
  return p == nullptr || (p->srcArray == nullptr && p->srcPtr.ptr == nullptr) ||
         (p->dstArray == nullptr && p->dstPtr.ptr == nullptr);
}

// A driver-style copy with a source and a destination (host, device or array each).
bool badDrvCopy(const HIP_MEMCPY3D* p) {
  return p == nullptr ||
         (p->srcArray == nullptr && p->srcHost == nullptr && p->srcDevice == nullptr) ||
         (p->dstArray == nullptr && p->dstHost == nullptr && p->dstDevice == nullptr);
}

// Graph allocations: pinned device memory of a present device, of at least one byte.
bool badAlloc(const hipMemAllocNodeParams& p) {
  return p.bytesize == 0 || p.poolProps.allocType != hipMemAllocationTypePinned ||
         p.poolProps.location.type != hipMemLocationTypeDevice ||
         Runtime::get().device(p.poolProps.location.id) == nullptr;
}

// hipGraphAddNode's and hipGraph(Exec)NodeSetParams' per-type checks, in AMD's order. AMD's
// runtime adds no external-semaphore node this way and sets no allocation node's parameters.
Status checkNodeParams(const hipGraphNodeParams& p, bool adding) {
  switch (p.type) {
    case hipGraphNodeTypeKernel:
      return badKernelParams(&p.kernel) ? hipErrorInvalidValue : kOk;
    case hipGraphNodeTypeMemcpy:
      return badCopy(&p.memcpy.copyParams) ? hipErrorInvalidValue : kOk;
    case hipGraphNodeTypeMemset:
      return badMemsetParams(&p.memset) ? hipErrorInvalidValue : kOk;
    case hipGraphNodeTypeHost:
      return p.host.fn == nullptr || (!adding && p.host.userData == nullptr)
                 ? Status(hipErrorInvalidValue)
                 : kOk;
    case hipGraphNodeTypeGraph:
      return p.graph.graph == nullptr ? Status(hipErrorInvalidValue) : kOk;
    case hipGraphNodeTypeWaitEvent:
      return p.eventWait.event == nullptr ? Status(hipErrorInvalidValue) : kOk;
    case hipGraphNodeTypeEventRecord:
      return p.eventRecord.event == nullptr ? Status(hipErrorInvalidValue) : kOk;
    case hipGraphNodeTypeExtSemaphoreSignal:
    case hipGraphNodeTypeExtSemaphoreWait:
      return adding ? Status(hipErrorNotSupported) : kOk;
    case hipGraphNodeTypeMemAlloc:
      if (!adding) return hipErrorNotSupported;
      return badAlloc(p.alloc) ? hipErrorInvalidValue : kOk;
    case hipGraphNodeTypeMemFree:
      if (!adding) return hipErrorNotSupported;
      return p.free.dptr == nullptr ? Status(hipErrorInvalidValue) : kOk;
    default:
      return hipErrorInvalidValue;
  }
}

// A stream a graph launches into: a special handle or a live stream.
Status checkStream(hipStream_t s) {
  if (s == nullptr || s == hipStreamLegacy || s == hipStreamPerThread || isLive(s)) return kOk;
  return hipErrorContextIsDestroyed;
}

Status checkDevice(int device) {
  return Runtime::get().device(device) ? kOk : Status(hipErrorInvalidDevice);
}

}  // namespace

#define GRAPH_TRACE() UNIHIP_TRACE_API("{}", __func__)
// Returns `code` from the entry point when `cond` holds.
#define GRAPH_FAIL_IF(cond, code) \
  do {                            \
    if (cond) UNIHIP_RETURN(code); \
  } while (0)
#define GRAPH_INVALID_IF(cond) GRAPH_FAIL_IF(cond, hipErrorInvalidValue)
#define GRAPH_CHECK(expr)                        \
  do {                                           \
    ::unihip::Status graph_s_ = (expr);          \
    if (!graph_s_.ok()) UNIHIP_RETURN(graph_s_); \
  } while (0)

// ---- Graphs ----

UNIHIP_EXPORT hipError_t hipGraphCreate(hipGraph_t* pGraph, unsigned int flags) {
  GRAPH_TRACE();
  GRAPH_INVALID_IF(pGraph == nullptr || flags != 0);
  UNIHIP_RETURN_NOT_SUPPORTED();
}

UNIHIP_EXPORT hipError_t hipGraphDestroy(hipGraph_t graph) {
  GRAPH_TRACE();
  GRAPH_INVALID_IF(graph == nullptr);
  UNIHIP_RETURN_NOT_SUPPORTED();
}

UNIHIP_EXPORT hipError_t hipGraphClone(hipGraph_t* pGraphClone, hipGraph_t originalGraph) {
  GRAPH_TRACE();
  GRAPH_INVALID_IF(pGraphClone == nullptr || originalGraph == nullptr);
  UNIHIP_RETURN_NOT_SUPPORTED();
}

UNIHIP_EXPORT hipError_t hipGraphDebugDotPrint(hipGraph_t graph, const char* path,
                                               unsigned int flags) {
  GRAPH_TRACE();
  (void)flags;
  GRAPH_INVALID_IF(graph == nullptr || path == nullptr);
  UNIHIP_RETURN_NOT_SUPPORTED();
}

UNIHIP_EXPORT hipError_t hipGraphGetNodes(hipGraph_t graph, hipGraphNode_t* nodes,
                                          size_t* numNodes) {
  GRAPH_TRACE();
  (void)nodes;
  GRAPH_INVALID_IF(graph == nullptr || numNodes == nullptr);
  UNIHIP_RETURN_NOT_SUPPORTED();
}

UNIHIP_EXPORT hipError_t hipGraphGetRootNodes(hipGraph_t graph, hipGraphNode_t* pRootNodes,
                                              size_t* pNumRootNodes) {
  GRAPH_TRACE();
  (void)pRootNodes;
  GRAPH_INVALID_IF(graph == nullptr || pNumRootNodes == nullptr);
  UNIHIP_RETURN_NOT_SUPPORTED();
}

UNIHIP_EXPORT hipError_t hipGraphGetEdges(hipGraph_t graph, hipGraphNode_t* from,
                                          hipGraphNode_t* to, size_t* numEdges) {
  GRAPH_TRACE();
  GRAPH_INVALID_IF(graph == nullptr || numEdges == nullptr || (from == nullptr) != (to == nullptr));
  UNIHIP_RETURN_NOT_SUPPORTED();
}

UNIHIP_EXPORT hipError_t hipGraphAddDependencies(hipGraph_t graph, const hipGraphNode_t* from,
                                                 const hipGraphNode_t* to,
                                                 size_t numDependencies) {
  GRAPH_TRACE();
  GRAPH_INVALID_IF(graph == nullptr ||
                   (numDependencies > 0 && (from == nullptr || to == nullptr)));
  UNIHIP_RETURN_NOT_SUPPORTED();
}

UNIHIP_EXPORT hipError_t hipGraphRemoveDependencies(hipGraph_t graph, const hipGraphNode_t* from,
                                                    const hipGraphNode_t* to,
                                                    size_t numDependencies) {
  GRAPH_TRACE();
  GRAPH_INVALID_IF(graph == nullptr ||
                   (numDependencies > 0 && (from == nullptr || to == nullptr)));
  UNIHIP_RETURN_NOT_SUPPORTED();
}

// ---- Adding nodes ----

UNIHIP_EXPORT hipError_t hipGraphAddKernelNode(hipGraphNode_t* pGraphNode, hipGraph_t graph,
                                               const hipGraphNode_t* pDependencies,
                                               size_t numDependencies,
                                               const hipKernelNodeParams* pNodeParams) {
  GRAPH_TRACE();
  GRAPH_INVALID_IF(badAdd(pGraphNode, graph, pDependencies, numDependencies) ||
                   badKernelParams(pNodeParams));
  UNIHIP_RETURN_NOT_SUPPORTED();
}

UNIHIP_EXPORT hipError_t hipGraphAddMemcpyNode1D(hipGraphNode_t* pGraphNode, hipGraph_t graph,
                                                 const hipGraphNode_t* pDependencies,
                                                 size_t numDependencies, void* dst,
                                                 const void* src, size_t count,
                                                 hipMemcpyKind kind) {
  GRAPH_TRACE();
  GRAPH_INVALID_IF(badAdd(pGraphNode, graph, pDependencies, numDependencies) || count == 0 ||
                   dst == nullptr || src == nullptr);
  GRAPH_FAIL_IF(badKind(kind), hipErrorInvalidMemcpyDirection);
  UNIHIP_RETURN_NOT_SUPPORTED();
}

UNIHIP_EXPORT hipError_t hipGraphAddMemcpyNodeFromSymbol(hipGraphNode_t* pGraphNode,
                                                         hipGraph_t graph,
                                                         const hipGraphNode_t* pDependencies,
                                                         size_t numDependencies, void* dst,
                                                         const void* symbol, size_t count,
                                                         size_t offset, hipMemcpyKind kind) {
  GRAPH_TRACE();
  (void)offset, (void)kind;
  GRAPH_INVALID_IF(badAdd(pGraphNode, graph, pDependencies, numDependencies) || count == 0 ||
                   dst == nullptr);
  GRAPH_FAIL_IF(symbol == nullptr, hipErrorInvalidSymbol);
  UNIHIP_RETURN_NOT_SUPPORTED();
}

UNIHIP_EXPORT hipError_t hipGraphAddMemcpyNodeToSymbol(hipGraphNode_t* pGraphNode,
                                                       hipGraph_t graph,
                                                       const hipGraphNode_t* pDependencies,
                                                       size_t numDependencies,
                                                       const void* symbol, const void* src,
                                                       size_t count, size_t offset,
                                                       hipMemcpyKind kind) {
  GRAPH_TRACE();
  (void)offset, (void)kind;
  GRAPH_INVALID_IF(badAdd(pGraphNode, graph, pDependencies, numDependencies) || count == 0 ||
                   src == nullptr);
  GRAPH_FAIL_IF(symbol == nullptr, hipErrorInvalidSymbol);
  UNIHIP_RETURN_NOT_SUPPORTED();
}

UNIHIP_EXPORT hipError_t hipGraphAddMemsetNode(hipGraphNode_t* pGraphNode, hipGraph_t graph,
                                               const hipGraphNode_t* pDependencies,
                                               size_t numDependencies,
                                               const hipMemsetParams* pMemsetParams) {
  GRAPH_TRACE();
  GRAPH_INVALID_IF(badAdd(pGraphNode, graph, pDependencies, numDependencies) ||
                   badMemsetParams(pMemsetParams));
  UNIHIP_RETURN_NOT_SUPPORTED();
}

UNIHIP_EXPORT hipError_t hipGraphAddHostNode(hipGraphNode_t* pGraphNode, hipGraph_t graph,
                                             const hipGraphNode_t* pDependencies,
                                             size_t numDependencies,
                                             const hipHostNodeParams* pNodeParams) {
  GRAPH_TRACE();
  GRAPH_INVALID_IF(badAdd(pGraphNode, graph, pDependencies, numDependencies) ||
                   pNodeParams == nullptr || pNodeParams->fn == nullptr);
  UNIHIP_RETURN_NOT_SUPPORTED();
}

UNIHIP_EXPORT hipError_t hipGraphAddChildGraphNode(hipGraphNode_t* pGraphNode, hipGraph_t graph,
                                                   const hipGraphNode_t* pDependencies,
                                                   size_t numDependencies, hipGraph_t childGraph) {
  GRAPH_TRACE();
  GRAPH_INVALID_IF(badAdd(pGraphNode, graph, pDependencies, numDependencies) ||
                   childGraph == nullptr);
  UNIHIP_RETURN_NOT_SUPPORTED();
}

UNIHIP_EXPORT hipError_t hipGraphAddEmptyNode(hipGraphNode_t* pGraphNode, hipGraph_t graph,
                                              const hipGraphNode_t* pDependencies,
                                              size_t numDependencies) {
  GRAPH_TRACE();
  GRAPH_INVALID_IF(badAdd(pGraphNode, graph, pDependencies, numDependencies));
  UNIHIP_RETURN_NOT_SUPPORTED();
}

UNIHIP_EXPORT hipError_t hipGraphAddEventRecordNode(hipGraphNode_t* pGraphNode, hipGraph_t graph,
                                                    const hipGraphNode_t* pDependencies,
                                                    size_t numDependencies, hipEvent_t event) {
  GRAPH_TRACE();
  GRAPH_INVALID_IF(badAdd(pGraphNode, graph, pDependencies, numDependencies) || event == nullptr);
  UNIHIP_RETURN_NOT_SUPPORTED();
}

UNIHIP_EXPORT hipError_t hipGraphAddEventWaitNode(hipGraphNode_t* pGraphNode, hipGraph_t graph,
                                                  const hipGraphNode_t* pDependencies,
                                                  size_t numDependencies, hipEvent_t event) {
  GRAPH_TRACE();
  GRAPH_INVALID_IF(badAdd(pGraphNode, graph, pDependencies, numDependencies) || event == nullptr);
  UNIHIP_RETURN_NOT_SUPPORTED();
}

// Free nodes also reject a dependency list with a zero count.
UNIHIP_EXPORT hipError_t hipGraphAddMemFreeNode(hipGraphNode_t* pGraphNode, hipGraph_t graph,
                                                const hipGraphNode_t* pDependencies,
                                                size_t numDependencies, void* dev_ptr) {
  GRAPH_TRACE();
  GRAPH_INVALID_IF(badAdd(pGraphNode, graph, pDependencies, numDependencies) ||
                   (pDependencies != nullptr && numDependencies == 0) || dev_ptr == nullptr);
  UNIHIP_RETURN_NOT_SUPPORTED();
}

UNIHIP_EXPORT hipError_t hipDrvGraphAddMemFreeNode(hipGraphNode_t* phGraphNode, hipGraph_t hGraph,
                                                   const hipGraphNode_t* dependencies,
                                                   size_t numDependencies, hipDeviceptr_t dptr) {
  GRAPH_TRACE();
  GRAPH_INVALID_IF(badAdd(phGraphNode, hGraph, dependencies, numDependencies) ||
                   (dependencies != nullptr && numDependencies == 0) || dptr == nullptr);
  UNIHIP_RETURN_NOT_SUPPORTED();
}

// ---- Nodes ----

UNIHIP_EXPORT hipError_t hipGraphDestroyNode(hipGraphNode_t node) {
  GRAPH_TRACE();
  GRAPH_INVALID_IF(node == nullptr);
  UNIHIP_RETURN_NOT_SUPPORTED();
}

UNIHIP_EXPORT hipError_t hipGraphNodeGetType(hipGraphNode_t node, hipGraphNodeType* pType) {
  GRAPH_TRACE();
  GRAPH_INVALID_IF(node == nullptr || pType == nullptr);
  UNIHIP_RETURN_NOT_SUPPORTED();
}

UNIHIP_EXPORT hipError_t hipGraphNodeGetDependencies(hipGraphNode_t node,
                                                     hipGraphNode_t* pDependencies,
                                                     size_t* pNumDependencies) {
  GRAPH_TRACE();
  (void)pDependencies;
  GRAPH_INVALID_IF(node == nullptr || pNumDependencies == nullptr);
  UNIHIP_RETURN_NOT_SUPPORTED();
}

UNIHIP_EXPORT hipError_t hipGraphNodeGetDependentNodes(hipGraphNode_t node,
                                                       hipGraphNode_t* pDependentNodes,
                                                       size_t* pNumDependentNodes) {
  GRAPH_TRACE();
  (void)pDependentNodes;
  GRAPH_INVALID_IF(node == nullptr || pNumDependentNodes == nullptr);
  UNIHIP_RETURN_NOT_SUPPORTED();
}

UNIHIP_EXPORT hipError_t hipGraphNodeFindInClone(hipGraphNode_t* pNode,
                                                 hipGraphNode_t originalNode,
                                                 hipGraph_t clonedGraph) {
  GRAPH_TRACE();
  GRAPH_INVALID_IF(pNode == nullptr || originalNode == nullptr || clonedGraph == nullptr);
  UNIHIP_RETURN_NOT_SUPPORTED();
}

UNIHIP_EXPORT hipError_t hipGraphKernelNodeGetParams(hipGraphNode_t node,
                                                     hipKernelNodeParams* pNodeParams) {
  GRAPH_TRACE();
  GRAPH_INVALID_IF(node == nullptr || pNodeParams == nullptr);
  UNIHIP_RETURN_NOT_SUPPORTED();
}

UNIHIP_EXPORT hipError_t hipGraphKernelNodeSetParams(hipGraphNode_t node,
                                                     const hipKernelNodeParams* pNodeParams) {
  GRAPH_TRACE();
  GRAPH_INVALID_IF(node == nullptr || badKernelParams(pNodeParams));
  UNIHIP_RETURN_NOT_SUPPORTED();
}

UNIHIP_EXPORT hipError_t hipGraphKernelNodeGetAttribute(hipGraphNode_t hNode,
                                                        hipKernelNodeAttrID attr,
                                                        hipKernelNodeAttrValue* value) {
  GRAPH_TRACE();
  GRAPH_INVALID_IF(hNode == nullptr || value == nullptr || badAttribute(attr));
  UNIHIP_RETURN_NOT_SUPPORTED();
}

UNIHIP_EXPORT hipError_t hipGraphKernelNodeSetAttribute(hipGraphNode_t hNode,
                                                        hipKernelNodeAttrID attr,
                                                        const hipKernelNodeAttrValue* value) {
  GRAPH_TRACE();
  GRAPH_INVALID_IF(hNode == nullptr || value == nullptr || badAttribute(attr));
  UNIHIP_RETURN_NOT_SUPPORTED();
}

UNIHIP_EXPORT hipError_t hipGraphKernelNodeCopyAttributes(hipGraphNode_t hSrc,
                                                          hipGraphNode_t hDst) {
  GRAPH_TRACE();
  GRAPH_INVALID_IF(hSrc == nullptr || hDst == nullptr);
  UNIHIP_RETURN_NOT_SUPPORTED();
}

UNIHIP_EXPORT hipError_t hipGraphMemcpyNodeSetParams1D(hipGraphNode_t node, void* dst,
                                                       const void* src, size_t count,
                                                       hipMemcpyKind kind) {
  GRAPH_TRACE();
  (void)kind;
  GRAPH_INVALID_IF(node == nullptr || dst == nullptr || src == nullptr || count == 0 ||
                   src == dst);
  UNIHIP_RETURN_NOT_SUPPORTED();
}

UNIHIP_EXPORT hipError_t hipGraphMemcpyNodeSetParamsFromSymbol(hipGraphNode_t node, void* dst,
                                                               const void* symbol, size_t count,
                                                               size_t offset,
                                                               hipMemcpyKind kind) {
  GRAPH_TRACE();
  (void)offset, (void)kind;
  GRAPH_FAIL_IF(symbol == nullptr, hipErrorInvalidSymbol);
  GRAPH_INVALID_IF(node == nullptr || dst == nullptr || count == 0 || symbol == dst);
  UNIHIP_RETURN_NOT_SUPPORTED();
}

UNIHIP_EXPORT hipError_t hipGraphMemcpyNodeSetParamsToSymbol(hipGraphNode_t node,
                                                             const void* symbol, const void* src,
                                                             size_t count, size_t offset,
                                                             hipMemcpyKind kind) {
  GRAPH_TRACE();
  (void)offset, (void)kind;
  GRAPH_FAIL_IF(symbol == nullptr, hipErrorInvalidSymbol);
  GRAPH_INVALID_IF(node == nullptr || src == nullptr || count == 0 || symbol == src);
  UNIHIP_RETURN_NOT_SUPPORTED();
}

UNIHIP_EXPORT hipError_t hipGraphMemsetNodeGetParams(hipGraphNode_t node,
                                                     hipMemsetParams* pNodeParams) {
  GRAPH_TRACE();
  GRAPH_INVALID_IF(node == nullptr || pNodeParams == nullptr);
  UNIHIP_RETURN_NOT_SUPPORTED();
}

UNIHIP_EXPORT hipError_t hipGraphMemsetNodeSetParams(hipGraphNode_t node,
                                                     const hipMemsetParams* pNodeParams) {
  GRAPH_TRACE();
  GRAPH_INVALID_IF(node == nullptr || pNodeParams == nullptr ||
                   (pNodeParams->height > 1 &&
                    pNodeParams->pitch < pNodeParams->width * pNodeParams->elementSize));
  UNIHIP_RETURN_NOT_SUPPORTED();
}

UNIHIP_EXPORT hipError_t hipGraphHostNodeGetParams(hipGraphNode_t node,
                                                   hipHostNodeParams* pNodeParams) {
  GRAPH_TRACE();
  GRAPH_INVALID_IF(node == nullptr || pNodeParams == nullptr);
  UNIHIP_RETURN_NOT_SUPPORTED();
}

UNIHIP_EXPORT hipError_t hipGraphHostNodeSetParams(hipGraphNode_t node,
                                                   const hipHostNodeParams* pNodeParams) {
  GRAPH_TRACE();
  GRAPH_INVALID_IF(node == nullptr || pNodeParams == nullptr || pNodeParams->fn == nullptr);
  UNIHIP_RETURN_NOT_SUPPORTED();
}

UNIHIP_EXPORT hipError_t hipGraphChildGraphNodeGetGraph(hipGraphNode_t node, hipGraph_t* pGraph) {
  GRAPH_TRACE();
  GRAPH_INVALID_IF(node == nullptr || pGraph == nullptr);
  UNIHIP_RETURN_NOT_SUPPORTED();
}

UNIHIP_EXPORT hipError_t hipGraphEventRecordNodeGetEvent(hipGraphNode_t node,
                                                         hipEvent_t* event_out) {
  GRAPH_TRACE();
  GRAPH_INVALID_IF(node == nullptr || event_out == nullptr);
  UNIHIP_RETURN_NOT_SUPPORTED();
}

UNIHIP_EXPORT hipError_t hipGraphEventRecordNodeSetEvent(hipGraphNode_t node, hipEvent_t event) {
  GRAPH_TRACE();
  GRAPH_INVALID_IF(node == nullptr || event == nullptr);
  UNIHIP_RETURN_NOT_SUPPORTED();
}

UNIHIP_EXPORT hipError_t hipGraphEventWaitNodeGetEvent(hipGraphNode_t node,
                                                       hipEvent_t* event_out) {
  GRAPH_TRACE();
  GRAPH_INVALID_IF(node == nullptr || event_out == nullptr);
  UNIHIP_RETURN_NOT_SUPPORTED();
}

UNIHIP_EXPORT hipError_t hipGraphEventWaitNodeSetEvent(hipGraphNode_t node, hipEvent_t event) {
  GRAPH_TRACE();
  GRAPH_INVALID_IF(node == nullptr || event == nullptr);
  UNIHIP_RETURN_NOT_SUPPORTED();
}

UNIHIP_EXPORT hipError_t hipGraphMemFreeNodeGetParams(hipGraphNode_t node, void* dev_ptr) {
  GRAPH_TRACE();
  GRAPH_INVALID_IF(node == nullptr || dev_ptr == nullptr);
  UNIHIP_RETURN_NOT_SUPPORTED();
}

// ---- Executable graphs ----

UNIHIP_EXPORT hipError_t hipGraphInstantiate(hipGraphExec_t* pGraphExec, hipGraph_t graph,
                                             hipGraphNode_t* pErrorNode, char* pLogBuffer,
                                             size_t bufferSize) {
  GRAPH_TRACE();
  (void)pErrorNode, (void)pLogBuffer, (void)bufferSize;
  GRAPH_INVALID_IF(pGraphExec == nullptr || graph == nullptr);
  UNIHIP_RETURN_NOT_SUPPORTED();
}

UNIHIP_EXPORT hipError_t hipGraphInstantiateWithFlags(hipGraphExec_t* pGraphExec,
                                                      hipGraph_t graph,
                                                      unsigned long long flags) {
  GRAPH_TRACE();
  GRAPH_INVALID_IF(pGraphExec == nullptr || graph == nullptr);
  GRAPH_INVALID_IF(flags != 0 && flags != hipGraphInstantiateFlagAutoFreeOnLaunch &&
                   flags != hipGraphInstantiateFlagUseNodePriority);
  UNIHIP_RETURN_NOT_SUPPORTED();
}

UNIHIP_EXPORT hipError_t hipGraphInstantiateWithParams(
    hipGraphExec_t* pGraphExec, hipGraph_t graph, hipGraphInstantiateParams* instantiateParams) {
  GRAPH_TRACE();
  GRAPH_INVALID_IF(pGraphExec == nullptr || graph == nullptr || instantiateParams == nullptr);
  // A failed instantiation says so in result_out, as AMD's runtime does.
  instantiateParams->result_out = hipGraphInstantiateError;
  const unsigned long long flags = instantiateParams->flags;
  GRAPH_INVALID_IF(flags != 0 && flags != hipGraphInstantiateFlagAutoFreeOnLaunch &&
                   flags != hipGraphInstantiateFlagUpload &&
                   flags != hipGraphInstantiateFlagDeviceLaunch &&
                   flags != hipGraphInstantiateFlagUseNodePriority);
  UNIHIP_RETURN_NOT_SUPPORTED();
}

UNIHIP_EXPORT hipError_t hipGraphLaunch(hipGraphExec_t graphExec, hipStream_t stream) {
  GRAPH_TRACE();
  GRAPH_INVALID_IF(graphExec == nullptr);
  GRAPH_FAIL_IF(!checkStream(stream).ok(), hipErrorContextIsDestroyed);
  UNIHIP_RETURN_NOT_SUPPORTED();
}

UNIHIP_EXPORT hipError_t hipGraphLaunch_spt(hipGraphExec_t graphExec, hipStream_t stream) {
  GRAPH_TRACE();
  GRAPH_INVALID_IF(graphExec == nullptr);
  GRAPH_FAIL_IF(!checkStream(unihipPerThreadStream(stream)).ok(), hipErrorContextIsDestroyed);
  UNIHIP_RETURN_NOT_SUPPORTED();
}

UNIHIP_EXPORT hipError_t hipGraphUpload(hipGraphExec_t graphExec, hipStream_t stream) {
  GRAPH_TRACE();
  (void)stream;
  GRAPH_INVALID_IF(graphExec == nullptr);
  UNIHIP_RETURN_NOT_SUPPORTED();
}

UNIHIP_EXPORT hipError_t hipGraphExecDestroy(hipGraphExec_t graphExec) {
  GRAPH_TRACE();
  GRAPH_INVALID_IF(graphExec == nullptr);
  UNIHIP_RETURN_NOT_SUPPORTED();
}

UNIHIP_EXPORT hipError_t hipGraphExecGetFlags(hipGraphExec_t graphExec,
                                              unsigned long long* flags) {
  GRAPH_TRACE();
  GRAPH_INVALID_IF(graphExec == nullptr || flags == nullptr);
  UNIHIP_RETURN_NOT_SUPPORTED();
}

UNIHIP_EXPORT hipError_t hipGraphExecUpdate(hipGraphExec_t hGraphExec, hipGraph_t hGraph,
                                            hipGraphNode_t* hErrorNode_out,
                                            hipGraphExecUpdateResult* updateResult_out) {
  GRAPH_TRACE();
  GRAPH_INVALID_IF(hGraphExec == nullptr || hGraph == nullptr || hErrorNode_out == nullptr ||
                   updateResult_out == nullptr);
  UNIHIP_RETURN_NOT_SUPPORTED();
}

UNIHIP_EXPORT hipError_t hipGraphExecKernelNodeSetParams(hipGraphExec_t hGraphExec,
                                                         hipGraphNode_t node,
                                                         const hipKernelNodeParams* pNodeParams) {
  GRAPH_TRACE();
  GRAPH_INVALID_IF(hGraphExec == nullptr || node == nullptr || badKernelParams(pNodeParams));
  UNIHIP_RETURN_NOT_SUPPORTED();
}

UNIHIP_EXPORT hipError_t hipGraphExecMemcpyNodeSetParams1D(hipGraphExec_t hGraphExec,
                                                           hipGraphNode_t node, void* dst,
                                                           const void* src, size_t count,
                                                           hipMemcpyKind kind) {
  GRAPH_TRACE();
  (void)kind;
  GRAPH_INVALID_IF(hGraphExec == nullptr || node == nullptr || dst == nullptr || src == nullptr ||
                   count == 0 || src == dst);
  UNIHIP_RETURN_NOT_SUPPORTED();
}

UNIHIP_EXPORT hipError_t hipGraphExecMemcpyNodeSetParamsFromSymbol(
    hipGraphExec_t hGraphExec, hipGraphNode_t node, void* dst, const void* symbol, size_t count,
    size_t offset, hipMemcpyKind kind) {
  GRAPH_TRACE();
  (void)offset, (void)kind;
  GRAPH_FAIL_IF(symbol == nullptr, hipErrorInvalidSymbol);
  GRAPH_INVALID_IF(hGraphExec == nullptr || node == nullptr || dst == nullptr || count == 0 ||
                   symbol == dst);
  UNIHIP_RETURN_NOT_SUPPORTED();
}

UNIHIP_EXPORT hipError_t hipGraphExecMemcpyNodeSetParamsToSymbol(
    hipGraphExec_t hGraphExec, hipGraphNode_t node, const void* symbol, const void* src,
    size_t count, size_t offset, hipMemcpyKind kind) {
  GRAPH_TRACE();
  (void)offset, (void)kind;
  GRAPH_FAIL_IF(symbol == nullptr, hipErrorInvalidSymbol);
  GRAPH_INVALID_IF(hGraphExec == nullptr || node == nullptr || src == nullptr || count == 0 ||
                   symbol == src);
  UNIHIP_RETURN_NOT_SUPPORTED();
}

UNIHIP_EXPORT hipError_t hipGraphExecMemsetNodeSetParams(hipGraphExec_t hGraphExec,
                                                         hipGraphNode_t node,
                                                         const hipMemsetParams* pNodeParams) {
  GRAPH_TRACE();
  GRAPH_INVALID_IF(hGraphExec == nullptr || node == nullptr || badMemsetParams(pNodeParams));
  UNIHIP_RETURN_NOT_SUPPORTED();
}

UNIHIP_EXPORT hipError_t hipGraphExecHostNodeSetParams(hipGraphExec_t hGraphExec,
                                                       hipGraphNode_t node,
                                                       const hipHostNodeParams* pNodeParams) {
  GRAPH_TRACE();
  GRAPH_INVALID_IF(hGraphExec == nullptr || node == nullptr || pNodeParams == nullptr ||
                   pNodeParams->fn == nullptr);
  UNIHIP_RETURN_NOT_SUPPORTED();
}

UNIHIP_EXPORT hipError_t hipGraphExecChildGraphNodeSetParams(hipGraphExec_t hGraphExec,
                                                             hipGraphNode_t node,
                                                             hipGraph_t childGraph) {
  GRAPH_TRACE();
  GRAPH_INVALID_IF(hGraphExec == nullptr || node == nullptr || childGraph == nullptr);
  UNIHIP_RETURN_NOT_SUPPORTED();
}

UNIHIP_EXPORT hipError_t hipGraphExecEventRecordNodeSetEvent(hipGraphExec_t hGraphExec,
                                                             hipGraphNode_t hNode,
                                                             hipEvent_t event) {
  GRAPH_TRACE();
  GRAPH_INVALID_IF(hGraphExec == nullptr || hNode == nullptr || event == nullptr);
  UNIHIP_RETURN_NOT_SUPPORTED();
}

UNIHIP_EXPORT hipError_t hipGraphExecEventWaitNodeSetEvent(hipGraphExec_t hGraphExec,
                                                           hipGraphNode_t hNode,
                                                           hipEvent_t event) {
  GRAPH_TRACE();
  GRAPH_INVALID_IF(hGraphExec == nullptr || hNode == nullptr || event == nullptr);
  UNIHIP_RETURN_NOT_SUPPORTED();
}

UNIHIP_EXPORT hipError_t hipGraphNodeSetEnabled(hipGraphExec_t hGraphExec, hipGraphNode_t hNode,
                                                unsigned int isEnabled) {
  GRAPH_TRACE();
  (void)isEnabled;
  GRAPH_INVALID_IF(hGraphExec == nullptr || hNode == nullptr);
  UNIHIP_RETURN_NOT_SUPPORTED();
}

UNIHIP_EXPORT hipError_t hipGraphNodeGetEnabled(hipGraphExec_t hGraphExec, hipGraphNode_t hNode,
                                                unsigned int* isEnabled) {
  GRAPH_TRACE();
  GRAPH_INVALID_IF(hGraphExec == nullptr || hNode == nullptr || isEnabled == nullptr);
  UNIHIP_RETURN_NOT_SUPPORTED();
}

// ---- Graph memory ----

UNIHIP_EXPORT hipError_t hipDeviceGetGraphMemAttribute(int device, hipGraphMemAttributeType attr,
                                                       void* value) {
  GRAPH_TRACE();
  GRAPH_FAIL_IF(!checkDevice(device).ok(), hipErrorInvalidDevice);
  GRAPH_INVALID_IF(value == nullptr || attr < hipGraphMemAttrUsedMemCurrent ||
                   attr > hipGraphMemAttrReservedMemHigh);
  UNIHIP_RETURN_NOT_SUPPORTED();
}

// Only the high watermarks can be set (reset).
UNIHIP_EXPORT hipError_t hipDeviceSetGraphMemAttribute(int device, hipGraphMemAttributeType attr,
                                                       void* value) {
  GRAPH_TRACE();
  GRAPH_FAIL_IF(!checkDevice(device).ok(), hipErrorInvalidDevice);
  GRAPH_INVALID_IF(value == nullptr || (attr != hipGraphMemAttrUsedMemHigh &&
                                        attr != hipGraphMemAttrReservedMemHigh));
  UNIHIP_RETURN_NOT_SUPPORTED();
}

UNIHIP_EXPORT hipError_t hipDeviceGraphMemTrim(int device) {
  GRAPH_TRACE();
  GRAPH_FAIL_IF(!checkDevice(device).ok(), hipErrorInvalidDevice);
  UNIHIP_RETURN_NOT_SUPPORTED();
}

// ---- User objects ----

UNIHIP_EXPORT hipError_t hipUserObjectCreate(hipUserObject_t* object_out, void* ptr,
                                             hipHostFn_t destroy, unsigned int initialRefcount,
                                             unsigned int flags) {
  GRAPH_TRACE();
  (void)ptr;
  GRAPH_INVALID_IF(object_out == nullptr || flags != hipUserObjectNoDestructorSync ||
                   badCount(initialRefcount) || destroy == nullptr);
  UNIHIP_RETURN_NOT_SUPPORTED();
}

UNIHIP_EXPORT hipError_t hipUserObjectRelease(hipUserObject_t object, unsigned int count) {
  GRAPH_TRACE();
  GRAPH_INVALID_IF(object == nullptr || badCount(count));
  UNIHIP_RETURN_NOT_SUPPORTED();
}

UNIHIP_EXPORT hipError_t hipUserObjectRetain(hipUserObject_t object, unsigned int count) {
  GRAPH_TRACE();
  GRAPH_INVALID_IF(object == nullptr || badCount(count));
  UNIHIP_RETURN_NOT_SUPPORTED();
}

UNIHIP_EXPORT hipError_t hipGraphRetainUserObject(hipGraph_t graph, hipUserObject_t object,
                                                  unsigned int count, unsigned int flags) {
  GRAPH_TRACE();
  GRAPH_INVALID_IF(graph == nullptr || object == nullptr || badCount(count) ||
                   (flags != 0 && flags != hipGraphUserObjectMove));
  UNIHIP_RETURN_NOT_SUPPORTED();
}

UNIHIP_EXPORT hipError_t hipGraphReleaseUserObject(hipGraph_t graph, hipUserObject_t object,
                                                   unsigned int count) {
  GRAPH_TRACE();
  GRAPH_INVALID_IF(graph == nullptr || object == nullptr || badCount(count));
  UNIHIP_RETURN_NOT_SUPPORTED();
}

// ---- Nodes with copy, allocation and external-semaphore parameters ----

UNIHIP_EXPORT hipError_t hipGraphAddMemcpyNode(hipGraphNode_t* pGraphNode, hipGraph_t graph,
                                               const hipGraphNode_t* pDependencies,
                                               size_t numDependencies,
                                               const hipMemcpy3DParms* pCopyParams) {
  GRAPH_TRACE();
  GRAPH_INVALID_IF(badAdd(pGraphNode, graph, pDependencies, numDependencies) ||
                   badCopy(pCopyParams));
  UNIHIP_RETURN_NOT_SUPPORTED();
}

UNIHIP_EXPORT hipError_t hipGraphAddMemAllocNode(hipGraphNode_t* pGraphNode, hipGraph_t graph,
                                                 const hipGraphNode_t* pDependencies,
                                                 size_t numDependencies,
                                                 hipMemAllocNodeParams* pNodeParams) {
  GRAPH_TRACE();
  GRAPH_INVALID_IF(badAdd(pGraphNode, graph, pDependencies, numDependencies) ||
                   pNodeParams == nullptr);
  pNodeParams->dptr = nullptr;  // no stale address on failure, as in AMD's runtime
  GRAPH_INVALID_IF(badAlloc(*pNodeParams));
  UNIHIP_RETURN_NOT_SUPPORTED();
}

UNIHIP_EXPORT hipError_t hipGraphAddExternalSemaphoresSignalNode(
    hipGraphNode_t* pGraphNode, hipGraph_t graph, const hipGraphNode_t* pDependencies,
    size_t numDependencies, const hipExternalSemaphoreSignalNodeParams* nodeParams) {
  GRAPH_TRACE();
  GRAPH_INVALID_IF(badAdd(pGraphNode, graph, pDependencies, numDependencies) ||
                   nodeParams == nullptr);
  UNIHIP_RETURN_NOT_SUPPORTED();
}

UNIHIP_EXPORT hipError_t hipGraphAddExternalSemaphoresWaitNode(
    hipGraphNode_t* pGraphNode, hipGraph_t graph, const hipGraphNode_t* pDependencies,
    size_t numDependencies, const hipExternalSemaphoreWaitNodeParams* nodeParams) {
  GRAPH_TRACE();
  GRAPH_INVALID_IF(badAdd(pGraphNode, graph, pDependencies, numDependencies) ||
                   nodeParams == nullptr);
  UNIHIP_RETURN_NOT_SUPPORTED();
}

UNIHIP_EXPORT hipError_t hipGraphAddNode(hipGraphNode_t* pGraphNode, hipGraph_t graph,
                                         const hipGraphNode_t* pDependencies,
                                         size_t numDependencies, hipGraphNodeParams* nodeParams) {
  GRAPH_TRACE();
  GRAPH_INVALID_IF(badAdd(pGraphNode, graph, pDependencies, numDependencies) ||
                   nodeParams == nullptr);
  GRAPH_CHECK(checkNodeParams(*nodeParams, true));
  UNIHIP_RETURN_NOT_SUPPORTED();
}

UNIHIP_EXPORT hipError_t hipGraphNodeSetParams(hipGraphNode_t node,
                                               hipGraphNodeParams* nodeParams) {
  GRAPH_TRACE();
  GRAPH_INVALID_IF(node == nullptr || nodeParams == nullptr);
  GRAPH_CHECK(checkNodeParams(*nodeParams, false));
  UNIHIP_RETURN_NOT_SUPPORTED();
}

UNIHIP_EXPORT hipError_t hipGraphExecNodeSetParams(hipGraphExec_t graphExec, hipGraphNode_t node,
                                                   hipGraphNodeParams* nodeParams) {
  GRAPH_TRACE();
  GRAPH_INVALID_IF(graphExec == nullptr || node == nullptr || nodeParams == nullptr);
  GRAPH_CHECK(checkNodeParams(*nodeParams, false));
  UNIHIP_RETURN_NOT_SUPPORTED();
}

UNIHIP_EXPORT hipError_t hipGraphMemcpyNodeGetParams(hipGraphNode_t node,
                                                     hipMemcpy3DParms* pNodeParams) {
  GRAPH_TRACE();
  GRAPH_INVALID_IF(node == nullptr || pNodeParams == nullptr);
  UNIHIP_RETURN_NOT_SUPPORTED();
}

UNIHIP_EXPORT hipError_t hipGraphMemcpyNodeSetParams(hipGraphNode_t node,
                                                     const hipMemcpy3DParms* pNodeParams) {
  GRAPH_TRACE();
  GRAPH_INVALID_IF(node == nullptr || pNodeParams == nullptr);
  UNIHIP_RETURN_NOT_SUPPORTED();
}

UNIHIP_EXPORT hipError_t hipGraphExecMemcpyNodeSetParams(hipGraphExec_t hGraphExec,
                                                         hipGraphNode_t node,
                                                         hipMemcpy3DParms* pNodeParams) {
  GRAPH_TRACE();
  GRAPH_INVALID_IF(hGraphExec == nullptr || node == nullptr || badCopy(pNodeParams));
  UNIHIP_RETURN_NOT_SUPPORTED();
}

UNIHIP_EXPORT hipError_t hipDrvGraphMemcpyNodeGetParams(hipGraphNode_t hNode,
                                                        HIP_MEMCPY3D* nodeParams) {
  GRAPH_TRACE();
  GRAPH_INVALID_IF(hNode == nullptr || nodeParams == nullptr);
  UNIHIP_RETURN_NOT_SUPPORTED();
}

UNIHIP_EXPORT hipError_t hipDrvGraphMemcpyNodeSetParams(hipGraphNode_t hNode,
                                                        const HIP_MEMCPY3D* nodeParams) {
  GRAPH_TRACE();
  GRAPH_INVALID_IF(hNode == nullptr || nodeParams == nullptr);
  UNIHIP_RETURN_NOT_SUPPORTED();
}

UNIHIP_EXPORT hipError_t hipGraphMemAllocNodeGetParams(hipGraphNode_t node,
                                                       hipMemAllocNodeParams* pNodeParams) {
  GRAPH_TRACE();
  GRAPH_INVALID_IF(node == nullptr || pNodeParams == nullptr);
  UNIHIP_RETURN_NOT_SUPPORTED();
}

UNIHIP_EXPORT hipError_t hipGraphExternalSemaphoresSignalNodeGetParams(
    hipGraphNode_t hNode, hipExternalSemaphoreSignalNodeParams* params_out) {
  GRAPH_TRACE();
  GRAPH_INVALID_IF(hNode == nullptr || params_out == nullptr);
  UNIHIP_RETURN_NOT_SUPPORTED();
}

UNIHIP_EXPORT hipError_t hipGraphExternalSemaphoresSignalNodeSetParams(
    hipGraphNode_t hNode, const hipExternalSemaphoreSignalNodeParams* nodeParams) {
  GRAPH_TRACE();
  GRAPH_INVALID_IF(hNode == nullptr || nodeParams == nullptr);
  UNIHIP_RETURN_NOT_SUPPORTED();
}

UNIHIP_EXPORT hipError_t hipGraphExternalSemaphoresWaitNodeGetParams(
    hipGraphNode_t hNode, hipExternalSemaphoreWaitNodeParams* params_out) {
  GRAPH_TRACE();
  GRAPH_INVALID_IF(hNode == nullptr || params_out == nullptr);
  UNIHIP_RETURN_NOT_SUPPORTED();
}

UNIHIP_EXPORT hipError_t hipGraphExternalSemaphoresWaitNodeSetParams(
    hipGraphNode_t hNode, const hipExternalSemaphoreWaitNodeParams* nodeParams) {
  GRAPH_TRACE();
  GRAPH_INVALID_IF(hNode == nullptr || nodeParams == nullptr);
  UNIHIP_RETURN_NOT_SUPPORTED();
}

UNIHIP_EXPORT hipError_t hipGraphExecExternalSemaphoresSignalNodeSetParams(
    hipGraphExec_t hGraphExec, hipGraphNode_t hNode,
    const hipExternalSemaphoreSignalNodeParams* nodeParams) {
  GRAPH_TRACE();
  GRAPH_INVALID_IF(hGraphExec == nullptr || hNode == nullptr || nodeParams == nullptr);
  UNIHIP_RETURN_NOT_SUPPORTED();
}

UNIHIP_EXPORT hipError_t hipGraphExecExternalSemaphoresWaitNodeSetParams(
    hipGraphExec_t hGraphExec, hipGraphNode_t hNode,
    const hipExternalSemaphoreWaitNodeParams* nodeParams) {
  GRAPH_TRACE();
  GRAPH_INVALID_IF(hGraphExec == nullptr || hNode == nullptr || nodeParams == nullptr);
  UNIHIP_RETURN_NOT_SUPPORTED();
}

// ---- Driver-style copy and memset nodes (with a context) ----

UNIHIP_EXPORT hipError_t hipDrvGraphAddMemcpyNode(hipGraphNode_t* phGraphNode, hipGraph_t hGraph,
                                                  const hipGraphNode_t* dependencies,
                                                  size_t numDependencies,
                                                  const HIP_MEMCPY3D* copyParams,
                                                  struct ihipCtx_t* ctx) {
  GRAPH_TRACE();
  GRAPH_INVALID_IF(badAdd(phGraphNode, hGraph, dependencies, numDependencies) || ctx == nullptr ||
                   badDrvCopy(copyParams));
  UNIHIP_RETURN_NOT_SUPPORTED();
}

UNIHIP_EXPORT hipError_t hipDrvGraphAddMemsetNode(hipGraphNode_t* phGraphNode, hipGraph_t hGraph,
                                                  const hipGraphNode_t* dependencies,
                                                  size_t numDependencies,
                                                  const hipMemsetParams* memsetParams,
                                                  struct ihipCtx_t* ctx) {
  GRAPH_TRACE();
  (void)ctx;  // AMD's runtime does not look at it
  GRAPH_INVALID_IF(badAdd(phGraphNode, hGraph, dependencies, numDependencies) ||
                   badMemsetParams(memsetParams));
  UNIHIP_RETURN_NOT_SUPPORTED();
}

UNIHIP_EXPORT hipError_t hipDrvGraphExecMemcpyNodeSetParams(hipGraphExec_t hGraphExec,
                                                            hipGraphNode_t hNode,
                                                            const HIP_MEMCPY3D* copyParams,
                                                            struct ihipCtx_t* ctx) {
  GRAPH_TRACE();
  (void)ctx;
  GRAPH_INVALID_IF(hGraphExec == nullptr || hNode == nullptr || badDrvCopy(copyParams));
  UNIHIP_RETURN_NOT_SUPPORTED();
}

UNIHIP_EXPORT hipError_t hipDrvGraphExecMemsetNodeSetParams(hipGraphExec_t hGraphExec,
                                                            hipGraphNode_t hNode,
                                                            const hipMemsetParams* memsetParams,
                                                            struct ihipCtx_t* ctx) {
  GRAPH_TRACE();
  (void)ctx;
  GRAPH_INVALID_IF(hGraphExec == nullptr || hNode == nullptr || badMemsetParams(memsetParams));
  UNIHIP_RETURN_NOT_SUPPORTED();
}
