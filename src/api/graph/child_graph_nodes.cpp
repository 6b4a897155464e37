// Child graph nodes.
#include "api/graph/graph_layer.h"

using namespace unihip;
using namespace unihip::graph_api;

namespace unihip::graph_api {

Status addChild(hipGraphNode_t* out, hipGraph_t g, const hipGraphNode_t* deps, size_t n,
                hipGraph_t child) {
  UNIHIP_TRY(liveGraph(child));
  UNIHIP_TRY(liveGraph(g));
  // The node holds a copy of the child as it is now (CUDA and AMD both clone it). A graph made
  // its own child is copied first: the driver refuses to embed a graph in itself, AMD's runtime
  // embeds its clone.
  NativeGraph copy = nullptr;
  if (child == g) {
    const NodeOps o = of(child);
    UNIHIP_TRY(o.ops->graphClone(o.device, child->native, &copy));
  }
  Status s = addNode(out, g, deps, n, [&](GraphOps& ops, int d, const NodePlace& at,
                                          NativeGraphNode* node) {
    return ops.addChildGraphNode(d, at, copy ? copy : child->native, node);
  });
  if (copy != nullptr) {
    const NodeOps o = of(child);
    (void)o.ops->graphDestroy(o.device, copy);
  }
  return s;
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
