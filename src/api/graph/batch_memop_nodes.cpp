// Batch memory operation nodes, their operations checked as hipStreamBatchMemOp's.
#include "api/device_lookup.h"
#include "api/graph/graph_layer.h"
#include "api/stream_memop_checks.h"

using namespace unihip;
using namespace unihip::graph_api;

namespace {

// AMD's checks (1 to 256 operations, present, no flags, a context), then each operation's as
// hipStreamBatchMemOp's; the context is a device of the graph's vendor.
Status batchMemOpArgs(const ihipGraph* g, const hipBatchMemOpNodeParams& p,
                      BatchMemOpNodeArgs* a) {
  if (p.ctx == nullptr) return hipErrorInvalidValue;
  UNIHIP_TRY(memops::checkBatch(p.paramArray, p.count, p.flags));
  UNIHIP_TRY(memops::checkBatchOps(p.paramArray, p.count));
  Device* d = nullptr;
  if (!deviceOfContext(p.ctx, &d).ok() || d->backend->graphs() != g->ops)
    return hipErrorInvalidValue;
  *a = BatchMemOpNodeArgs{d->local, p.count, p.paramArray, p.flags};
  return kOk;
}

Status addBatchMemOp(hipGraphNode_t* out, hipGraph_t g, const hipGraphNode_t* deps, size_t n,
                     const hipBatchMemOpNodeParams& p) {
  UNIHIP_TRY(liveGraph(g));
  BatchMemOpNodeArgs a;
  UNIHIP_TRY(batchMemOpArgs(g, p, &a));
  return addNode(out, g, deps, n, [&](GraphOps& ops, int d, const NodePlace& at,
                                      NativeGraphNode* node) {
    return ops.addBatchMemOpNode(d, at, a, node);
  });
}

// The node's parameters, its context the primary context of the device they run on.
Status batchMemOpParams(hipGraphNode_t node, hipBatchMemOpNodeParams* out) {
  UNIHIP_TRY(liveNode(node));
  const NodeOps o = of(node);
  BatchMemOpNodeArgs a;
  UNIHIP_TRY(o.ops->batchMemOpNodeParams(o.device, node->native, &a));
  const Device* g = Runtime::get().device(node->graph->device);
  const int ordinal = g ? Runtime::get().ordinalOf(g->backend, a.ctxDevice) : -1;
  out->ctx = ordinal >= 0 ? primaryContextOf(ordinal) : nullptr;
  out->count = a.count;
  out->paramArray = const_cast<hipStreamBatchMemOpParams*>(a.ops);
  out->flags = a.flags;
  return kOk;
}

// Set on the graph's node (exec null) or on an executable graph's copy of it.
Status setBatchMemOp(hipGraphExec_t exec, hipGraphNode_t node, const hipBatchMemOpNodeParams& p) {
  if (exec != nullptr) UNIHIP_TRY(liveExec(exec));
  UNIHIP_TRY(liveNode(node));
  BatchMemOpNodeArgs a;
  UNIHIP_TRY(batchMemOpArgs(node->graph, p, &a));
  const NodeOps o = of(node);
  if (exec != nullptr)
    return o.ops->execSetBatchMemOpNodeParams(o.device, exec->native, node->native, a);
  return o.ops->setBatchMemOpNodeParams(o.device, node->native, a);
}

}  // namespace

UNIHIP_EXPORT hipError_t hipGraphAddBatchMemOpNode(hipGraphNode_t* phGraphNode, hipGraph_t hGraph,
                                                   const hipGraphNode_t* dependencies,
                                                   size_t numDependencies,
                                                   const hipBatchMemOpNodeParams* nodeParams) {
  UNIHIP_TRACE_hipGraphAddBatchMemOpNode(phGraphNode, hGraph, dependencies, numDependencies,
                                         nodeParams);
  GRAPH_INVALID_IF(badAdd(phGraphNode, hGraph, dependencies, numDependencies) ||
                   nodeParams == nullptr);
  UNIHIP_RETURN(addBatchMemOp(phGraphNode, hGraph, dependencies, numDependencies, *nodeParams));
}

UNIHIP_EXPORT hipError_t hipGraphBatchMemOpNodeGetParams(hipGraphNode_t hNode,
                                                         hipBatchMemOpNodeParams* nodeParams_out) {
  UNIHIP_TRACE_hipGraphBatchMemOpNodeGetParams(hNode, nodeParams_out);
  GRAPH_INVALID_IF(hNode == nullptr || nodeParams_out == nullptr);
  UNIHIP_RETURN(batchMemOpParams(hNode, nodeParams_out));
}

UNIHIP_EXPORT hipError_t hipGraphBatchMemOpNodeSetParams(hipGraphNode_t hNode,
                                                         hipBatchMemOpNodeParams* nodeParams) {
  UNIHIP_TRACE_hipGraphBatchMemOpNodeSetParams(hNode, nodeParams);
  GRAPH_INVALID_IF(hNode == nullptr || nodeParams == nullptr);
  UNIHIP_RETURN(setBatchMemOp(nullptr, hNode, *nodeParams));
}

UNIHIP_EXPORT hipError_t hipGraphExecBatchMemOpNodeSetParams(
    hipGraphExec_t hGraphExec, hipGraphNode_t hNode, const hipBatchMemOpNodeParams* nodeParams) {
  UNIHIP_TRACE_hipGraphExecBatchMemOpNodeSetParams(hGraphExec, hNode, nodeParams);
  GRAPH_INVALID_IF(hGraphExec == nullptr || hNode == nullptr || nodeParams == nullptr);
  UNIHIP_RETURN(setBatchMemOp(hGraphExec, hNode, *nodeParams));
}
