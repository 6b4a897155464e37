// Child graph nodes.
#include "api/graph/graph_layer.h"

using namespace unihip;
using namespace unihip::graph_api;

namespace unihip::graph_api {

Status addChild(hipGraphNode_t* out, hipGraph_t g, const hipGraphNode_t* deps, size_t n,
                hipGraph_t child) {
  UNIHIP_TRY(liveGraph(child));
  if (child == g) return hipErrorInvalidValue;
  return addNode(out, g, deps, n, [&](GraphOps& ops, int d, const NodePlace& at,
                                      NativeGraphNode* node) {
    return ops.addChildGraphNode(d, at, child->native, node);
  });
}

}  // namespace unihip::graph_api

UNIHIP_EXPORT hipError_t hipGraphAddChildGraphNode(hipGraphNode_t* pGraphNode, hipGraph_t graph,
                                                   const hipGraphNode_t* pDependencies,
                                                   size_t numDependencies, hipGraph_t childGraph) {
  UNIHIP_TRACE_hipGraphAddChildGraphNode(pGraphNode, graph, pDependencies, numDependencies,
                                         childGraph);
  GRAPH_INVALID_IF(badAdd(pGraphNode, graph, pDependencies, numDependencies) ||
                   childGraph == nullptr);
  UNIHIP_RETURN(addChild(pGraphNode, graph, pDependencies, numDependencies, childGraph));
}

UNIHIP_EXPORT hipError_t hipGraphChildGraphNodeGetGraph(hipGraphNode_t node, hipGraph_t* pGraph) {
  UNIHIP_TRACE_hipGraphChildGraphNodeGetGraph(node, pGraph);
  GRAPH_INVALID_IF(node == nullptr || pGraph == nullptr);
  GRAPH_CHECK(liveNode(node));
  const NodeOps o = of(node);
  NativeGraph native = nullptr;
  GRAPH_CHECK(o.ops->childGraph(o.device, node->native, &native));
  *pGraph = unihip::graph::childView(node, native);
  UNIHIP_RETURN(kOk);
}

UNIHIP_EXPORT hipError_t hipGraphExecChildGraphNodeSetParams(hipGraphExec_t hGraphExec,
                                                             hipGraphNode_t node,
                                                             hipGraph_t childGraph) {
  UNIHIP_TRACE_hipGraphExecChildGraphNodeSetParams(hGraphExec, node, childGraph);
  GRAPH_INVALID_IF(hGraphExec == nullptr || node == nullptr || childGraph == nullptr);
  GRAPH_CHECK(liveExec(hGraphExec));
  hipGraphNodeParams p{};
  p.type = hipGraphNodeTypeGraph;
  p.graph.graph = childGraph;
  UNIHIP_RETURN(setAny(hGraphExec, node, p));
}
