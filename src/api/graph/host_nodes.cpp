// Host function nodes.
#include "api/graph/graph_layer.h"

using namespace unihip;
using namespace unihip::graph_api;

namespace unihip::graph_api {

Status addHost(hipGraphNode_t* out, hipGraph_t g, const hipGraphNode_t* deps, size_t n,
               const hipHostNodeParams& p) {
  return addNode(out, g, deps, n, [&](GraphOps& ops, int d, const NodePlace& at,
                                      NativeGraphNode* node) {
    return ops.addHostNode(d, at, p, node);
  });
}

Status setHost(hipGraphExec_t exec, hipGraphNode_t node, const hipHostNodeParams& p) {
  UNIHIP_TRY(liveNode(node));
  const NodeOps o = of(node);
  if (exec != nullptr) return o.ops->execSetHostNodeParams(o.device, exec->native, node->native, p);
  return o.ops->setHostNodeParams(o.device, node->native, p);
}

}  // namespace unihip::graph_api

UNIHIP_EXPORT hipError_t hipGraphAddHostNode(hipGraphNode_t* pGraphNode, hipGraph_t graph,
                                             const hipGraphNode_t* pDependencies,
                                             size_t numDependencies,
                                             const hipHostNodeParams* pNodeParams) {
  UNIHIP_TRACE_hipGraphAddHostNode(pGraphNode, graph, pDependencies, numDependencies, pNodeParams);
  GRAPH_INVALID_IF(badAdd(pGraphNode, graph, pDependencies, numDependencies) ||
                   pNodeParams == nullptr || pNodeParams->fn == nullptr);
  UNIHIP_RETURN(addHost(pGraphNode, graph, pDependencies, numDependencies, *pNodeParams));
}

UNIHIP_EXPORT hipError_t hipGraphHostNodeGetParams(hipGraphNode_t node,
                                                   hipHostNodeParams* pNodeParams) {
  UNIHIP_TRACE_hipGraphHostNodeGetParams(node, pNodeParams);
  GRAPH_INVALID_IF(node == nullptr || pNodeParams == nullptr);
  GRAPH_CHECK(liveNode(node));
  const NodeOps o = of(node);
  UNIHIP_RETURN(o.ops->hostNodeParams(o.device, node->native, pNodeParams));
}

UNIHIP_EXPORT hipError_t hipGraphHostNodeSetParams(hipGraphNode_t node,
                                                   const hipHostNodeParams* pNodeParams) {
  UNIHIP_TRACE_hipGraphHostNodeSetParams(node, pNodeParams);
  GRAPH_INVALID_IF(node == nullptr || pNodeParams == nullptr || pNodeParams->fn == nullptr);
  UNIHIP_RETURN(setHost(nullptr, node, *pNodeParams));
}

UNIHIP_EXPORT hipError_t hipGraphExecHostNodeSetParams(hipGraphExec_t hGraphExec,
                                                       hipGraphNode_t node,
                                                       const hipHostNodeParams* pNodeParams) {
  UNIHIP_TRACE_hipGraphExecHostNodeSetParams(hGraphExec, node, pNodeParams);
  GRAPH_INVALID_IF(hGraphExec == nullptr || node == nullptr || pNodeParams == nullptr ||
                   pNodeParams->fn == nullptr);
  GRAPH_CHECK(liveExec(hGraphExec));
  UNIHIP_RETURN(setHost(hGraphExec, node, *pNodeParams));
}
