// Nodes of any kind: empty nodes, destroy, type, neighbours, hipGraphAddNode and
// hipGraph(Exec)NodeSetParams by node type.
#include "api/graph/graph_layer.h"

using namespace unihip;
using namespace unihip::graph_api;

namespace unihip::graph_api {

Status setAny(hipGraphExec_t exec, hipGraphNode_t node, const hipGraphNodeParams& p) {
  switch (p.type) {
    case hipGraphNodeTypeKernel:
      return setKernel(exec, node, p.kernel);
    case hipGraphNodeTypeMemcpy:
      return setCopy(exec, node, p.memcpy.copyParams);
    case hipGraphNodeTypeMemset:
      return setMemset(exec, node, p.memset);
    case hipGraphNodeTypeHost:
      return setHost(exec, node, p.host);
    case hipGraphNodeTypeGraph: {
      UNIHIP_TRY(liveNode(node));
      UNIHIP_TRY(liveGraph(p.graph.graph));
      if (exec == nullptr) return hipErrorNotSupported;  // no driver entry point at CUDA 12.0
      const NodeOps o = of(node);
      return o.ops->execSetChildGraph(o.device, exec->native, node->native, p.graph.graph->native);
    }
    case hipGraphNodeTypeWaitEvent:
      return setEvent(exec, node, p.eventWait.event, false);
    case hipGraphNodeTypeEventRecord:
      return setEvent(exec, node, p.eventRecord.event, true);
    case hipGraphNodeTypeExtSemaphoreSignal:
      return setSemaphoreNodeParams(exec, node, p.extSemSignal);
    case hipGraphNodeTypeExtSemaphoreWait:
      return setSemaphoreNodeParams(exec, node, p.extSemWait);
    default:
      return hipErrorNotSupported;
  }
}

}  // namespace unihip::graph_api

namespace {

// hipGraphAddNode by node type (the parameters were checked by checkNodeParams).
Status addAny(hipGraphNode_t* out, hipGraph_t g, const hipGraphNode_t* deps, size_t n,
              hipGraphNodeParams* p) {
  switch (p->type) {
    case hipGraphNodeTypeKernel:
      return addKernel(out, g, deps, n, p->kernel);
    case hipGraphNodeTypeMemcpy:
      return addCopy(out, g, deps, n, p->memcpy.copyParams);
    case hipGraphNodeTypeMemset:
      return addMemset(out, g, deps, n, p->memset);
    case hipGraphNodeTypeHost:
      return addHost(out, g, deps, n, p->host);
    case hipGraphNodeTypeGraph:
      return addChild(out, g, deps, n, p->graph.graph);
    case hipGraphNodeTypeEmpty:
      return addNode(out, g, deps, n, [](GraphOps& ops, int d, const NodePlace& at,
                                         NativeGraphNode* node) {
        return ops.addEmptyNode(d, at, node);
      });
    case hipGraphNodeTypeWaitEvent:
      return addEvent(out, g, deps, n, p->eventWait.event, false);
    case hipGraphNodeTypeEventRecord:
      return addEvent(out, g, deps, n, p->eventRecord.event, true);
    case hipGraphNodeTypeMemAlloc:
      return addAlloc(out, g, deps, n, &p->alloc);
    case hipGraphNodeTypeMemFree:
      return addFree(out, g, deps, n, p->free.dptr);
    case hipGraphNodeTypeExtSemaphoreSignal:
      return addSemaphoreNode(out, g, deps, n, p->extSemSignal);
    case hipGraphNodeTypeExtSemaphoreWait:
      return addSemaphoreNode(out, g, deps, n, p->extSemWait);
    default:
      return hipErrorNotSupported;
  }
}

}  // namespace

UNIHIP_EXPORT hipError_t hipGraphAddEmptyNode(hipGraphNode_t* pGraphNode, hipGraph_t graph,
                                              const hipGraphNode_t* pDependencies,
                                              size_t numDependencies) {
  UNIHIP_TRACE_hipGraphAddEmptyNode(pGraphNode, graph, pDependencies, numDependencies);
  GRAPH_INVALID_IF(badAdd(pGraphNode, graph, pDependencies, numDependencies));
  UNIHIP_RETURN(addNode(pGraphNode, graph, pDependencies, numDependencies,
                        [](GraphOps& ops, int d, const NodePlace& at, NativeGraphNode* node) {
                          return ops.addEmptyNode(d, at, node);
                        }));
}

UNIHIP_EXPORT hipError_t hipGraphDestroyNode(hipGraphNode_t node) {
  UNIHIP_TRACE_hipGraphDestroyNode(node);
  GRAPH_INVALID_IF(node == nullptr);
  GRAPH_CHECK(liveNode(node));
  const NodeOps o = of(node);
  GRAPH_CHECK(o.ops->nodeDestroy(o.device, node->native));
  forgetSemaphoreNode(node);
  unihip::graph::retireNode(node);
  UNIHIP_RETURN(kOk);
}

UNIHIP_EXPORT hipError_t hipGraphNodeGetType(hipGraphNode_t node, hipGraphNodeType* pType) {
  UNIHIP_TRACE_hipGraphNodeGetType(node, pType);
  GRAPH_INVALID_IF(node == nullptr || pType == nullptr);
  GRAPH_CHECK(liveNode(node));
  const NodeOps o = of(node);
  UNIHIP_RETURN(o.ops->nodeType(o.device, node->native, pType));
}

UNIHIP_EXPORT hipError_t hipGraphNodeGetDependencies(hipGraphNode_t node,
                                                     hipGraphNode_t* pDependencies,
                                                     size_t* pNumDependencies) {
  UNIHIP_TRACE_hipGraphNodeGetDependencies(node, pDependencies, pNumDependencies);
  GRAPH_INVALID_IF(node == nullptr || pNumDependencies == nullptr);
  GRAPH_CHECK(liveNode(node));
  const NodeOps o = of(node);
  std::vector<NativeGraphNode> natives;
  GRAPH_CHECK(o.ops->nodeNeighbours(o.device, node->native, false, &natives));
  UNIHIP_RETURN(answerNodes(node->graph, natives, pDependencies, pNumDependencies));
}

UNIHIP_EXPORT hipError_t hipGraphNodeGetDependentNodes(hipGraphNode_t node,
                                                       hipGraphNode_t* pDependentNodes,
                                                       size_t* pNumDependentNodes) {
  UNIHIP_TRACE_hipGraphNodeGetDependentNodes(node, pDependentNodes, pNumDependentNodes);
  GRAPH_INVALID_IF(node == nullptr || pNumDependentNodes == nullptr);
  GRAPH_CHECK(liveNode(node));
  const NodeOps o = of(node);
  std::vector<NativeGraphNode> natives;
  GRAPH_CHECK(o.ops->nodeNeighbours(o.device, node->native, true, &natives));
  UNIHIP_RETURN(answerNodes(node->graph, natives, pDependentNodes, pNumDependentNodes));
}

UNIHIP_EXPORT hipError_t hipGraphNodeFindInClone(hipGraphNode_t* pNode,
                                                 hipGraphNode_t originalNode,
                                                 hipGraph_t clonedGraph) {
  UNIHIP_TRACE_hipGraphNodeFindInClone(pNode, originalNode, clonedGraph);
  GRAPH_INVALID_IF(pNode == nullptr || originalNode == nullptr || clonedGraph == nullptr);
  GRAPH_CHECK(liveNode(originalNode));
  GRAPH_CHECK(liveGraph(clonedGraph));
  const NodeOps o = of(clonedGraph);
  NativeGraphNode native = nullptr;
  GRAPH_CHECK(o.ops->graphNodeFindInClone(o.device, originalNode->native, clonedGraph->native,
                                          &native));
  // hipGraphClone gave the clone's wrappers what unihip knows about the originals.
  *pNode = unihip::graph::nodeFor(clonedGraph, native);
  UNIHIP_RETURN(kOk);
}

UNIHIP_EXPORT hipError_t hipGraphAddNode(hipGraphNode_t* pGraphNode, hipGraph_t graph,
                                         const hipGraphNode_t* pDependencies,
                                         size_t numDependencies, hipGraphNodeParams* nodeParams) {
  UNIHIP_TRACE_hipGraphAddNode(pGraphNode, graph, pDependencies, numDependencies, nodeParams);
  GRAPH_INVALID_IF(badAdd(pGraphNode, graph, pDependencies, numDependencies) ||
                   nodeParams == nullptr);
  GRAPH_CHECK(checkNodeParams(*nodeParams, true));
  GRAPH_CHECK(addAny(pGraphNode, graph, pDependencies, numDependencies, nodeParams));
  UNIHIP_RETURN(kOk);
}

UNIHIP_EXPORT hipError_t hipGraphNodeSetParams(hipGraphNode_t node,
                                               hipGraphNodeParams* nodeParams) {
  UNIHIP_TRACE_hipGraphNodeSetParams(node, nodeParams);
  GRAPH_INVALID_IF(node == nullptr || nodeParams == nullptr);
  GRAPH_CHECK(checkNodeParams(*nodeParams, false));
  UNIHIP_RETURN(setAny(nullptr, node, *nodeParams));
}

UNIHIP_EXPORT hipError_t hipGraphExecNodeSetParams(hipGraphExec_t graphExec, hipGraphNode_t node,
                                                   hipGraphNodeParams* nodeParams) {
  UNIHIP_TRACE_hipGraphExecNodeSetParams(graphExec, node, nodeParams);
  GRAPH_INVALID_IF(graphExec == nullptr || node == nullptr || nodeParams == nullptr);
  GRAPH_CHECK(checkNodeParams(*nodeParams, false));
  GRAPH_CHECK(liveExec(graphExec));
  UNIHIP_RETURN(setAny(graphExec, node, *nodeParams));
}
