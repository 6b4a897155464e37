// Memset nodes, and the driver-style forms with a context.
#include "api/graph/graph_layer.h"

using namespace unihip;
using namespace unihip::graph_api;

namespace unihip::graph_api {

Status addMemset(hipGraphNode_t* out, hipGraph_t g, const hipGraphNode_t* deps, size_t n,
                 const hipMemsetParams& p) {
  return addNode(out, g, deps, n, [&](GraphOps& ops, int d, const NodePlace& at,
                                      NativeGraphNode* node) {
    return ops.addMemsetNode(d, at, p, node);
  });
}

Status setMemset(hipGraphExec_t exec, hipGraphNode_t node, const hipMemsetParams& p) {
  UNIHIP_TRY(liveNode(node));
  const NodeOps o = of(node);
  if (exec != nullptr) return o.ops->execSetMemsetNodeParams(o.device, exec->native, node->native, p);
  return o.ops->setMemsetNodeParams(o.device, node->native, p);
}

}  // namespace unihip::graph_api

UNIHIP_EXPORT hipError_t hipGraphAddMemsetNode(hipGraphNode_t* pGraphNode, hipGraph_t graph,
                                               const hipGraphNode_t* pDependencies,
                                               size_t numDependencies,
                                               const hipMemsetParams* pMemsetParams) {
  UNIHIP_TRACE_hipGraphAddMemsetNode(pGraphNode, graph, pDependencies, numDependencies,
                                     pMemsetParams);
  GRAPH_INVALID_IF(badAdd(pGraphNode, graph, pDependencies, numDependencies) ||
                   badMemsetParams(pMemsetParams));
  UNIHIP_RETURN(addMemset(pGraphNode, graph, pDependencies, numDependencies, *pMemsetParams));
}

UNIHIP_EXPORT hipError_t hipGraphMemsetNodeGetParams(hipGraphNode_t node,
                                                     hipMemsetParams* pNodeParams) {
  UNIHIP_TRACE_hipGraphMemsetNodeGetParams(node, pNodeParams);
  GRAPH_INVALID_IF(node == nullptr || pNodeParams == nullptr);
  GRAPH_CHECK(liveNode(node));
  const NodeOps o = of(node);
  UNIHIP_RETURN(o.ops->memsetNodeParams(o.device, node->native, pNodeParams));
}

UNIHIP_EXPORT hipError_t hipGraphMemsetNodeSetParams(hipGraphNode_t node,
                                                     const hipMemsetParams* pNodeParams) {
  UNIHIP_TRACE_hipGraphMemsetNodeSetParams(node, pNodeParams);
  GRAPH_INVALID_IF(node == nullptr || pNodeParams == nullptr ||
                   (pNodeParams->height > 1 &&
                    pNodeParams->pitch < pNodeParams->width * pNodeParams->elementSize));
  GRAPH_INVALID_IF(badMemsetParams(pNodeParams));
  UNIHIP_RETURN(setMemset(nullptr, node, *pNodeParams));
}

UNIHIP_EXPORT hipError_t hipGraphExecMemsetNodeSetParams(hipGraphExec_t hGraphExec,
                                                         hipGraphNode_t node,
                                                         const hipMemsetParams* pNodeParams) {
  UNIHIP_TRACE_hipGraphExecMemsetNodeSetParams(hGraphExec, node, pNodeParams);
  GRAPH_INVALID_IF(hGraphExec == nullptr || node == nullptr || badMemsetParams(pNodeParams));
  GRAPH_CHECK(liveExec(hGraphExec));
  UNIHIP_RETURN(setMemset(hGraphExec, node, *pNodeParams));
}

UNIHIP_EXPORT hipError_t hipDrvGraphAddMemsetNode(hipGraphNode_t* phGraphNode, hipGraph_t hGraph,
                                                  const hipGraphNode_t* dependencies,
                                                  size_t numDependencies,
                                                  const hipMemsetParams* memsetParams,
                                                  struct ihipCtx_t* ctx) {
  UNIHIP_TRACE_hipDrvGraphAddMemsetNode(phGraphNode, hGraph, dependencies, numDependencies,
                                        memsetParams, ctx);
  (void)ctx;  // AMD's runtime does not look at it
  GRAPH_INVALID_IF(badAdd(phGraphNode, hGraph, dependencies, numDependencies) ||
                   badMemsetParams(memsetParams));
  UNIHIP_RETURN(addMemset(phGraphNode, hGraph, dependencies, numDependencies, *memsetParams));
}

UNIHIP_EXPORT hipError_t hipDrvGraphExecMemsetNodeSetParams(hipGraphExec_t hGraphExec,
                                                            hipGraphNode_t hNode,
                                                            const hipMemsetParams* memsetParams,
                                                            struct ihipCtx_t* ctx) {
  UNIHIP_TRACE_hipDrvGraphExecMemsetNodeSetParams(hGraphExec, hNode, memsetParams, ctx);
  (void)ctx;
  GRAPH_INVALID_IF(hGraphExec == nullptr || hNode == nullptr || badMemsetParams(memsetParams));
  GRAPH_CHECK(liveExec(hGraphExec));
  UNIHIP_RETURN(setMemset(hGraphExec, hNode, *memsetParams));
}
