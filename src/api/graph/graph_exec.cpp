// Executable graphs: instantiate, launch, upload, update, enable.
#include "api/graph/graph_layer.h"
#include "core/stream_resolve.h"

using namespace unihip;
using namespace unihip::graph_api;

namespace {

// A stream a graph launches into: a special handle or a live stream.
Status checkStream(hipStream_t s) {
  if (s == nullptr || s == hipStreamLegacy || s == hipStreamPerThread || isLive(s)) return kOk;
  return hipErrorContextIsDestroyed;
}

// Every instantiation: the result and error node in `p`, an upload when asked.
Status instantiate(hipGraphExec_t* out, hipGraph_t g, hipGraphInstantiateParams* p) {
  UNIHIP_TRY(liveGraph(g));
  p->errNode_out = nullptr;
  p->result_out = hipGraphInstantiateError;
  NativeStream upload = nullptr;
  if (p->flags & hipGraphInstantiateFlagUpload) {
    ResolvedStream rs;
    UNIHIP_TRY(resolveStream(p->uploadStream, &rs));
    upload = rs.native;
  }
  const NodeOps o = of(g);
  NativeGraphExec native = nullptr;
  InstantiateResult r;
  Status s = o.ops->instantiate(o.device, g->native, p->flags, upload, &native, &r);
  if (!s.ok() && g->embedded) {
    // A child graph node's graph instantiates as AMD's runtime lets it; a driver that keeps
    // the node's graph to the node gets a copy of it.
    NativeGraph copy = nullptr;
    if (o.ops->graphClone(o.device, g->native, &copy).ok()) {
      r = InstantiateResult{};
      s = o.ops->instantiate(o.device, copy, p->flags, upload, &native, &r);
      r.errorNode = nullptr;  // the copy's, gone with it
      (void)o.ops->graphDestroy(o.device, copy);
    }
  }
  p->errNode_out = unihip::graph::nodeFor(g, r.errorNode);
  p->result_out = s.ok() ? hipGraphInstantiateSuccess : r.result;
  if (s.ok() && p->result_out == hipGraphInstantiateSuccess) {
    *out = unihip::graph::newExec(g->device, o.ops, native, p->flags);
    return kOk;
  }
  // AMD's runtime answers a graph it cannot instantiate with hipErrorInvalidValue.
  return s.ok() ? Status(hipErrorInvalidValue) : s;
}

// hipGraphLaunch (upload = false) and hipGraphUpload on a stream: no lock, no allocation.
Status launch(hipGraphExec_t exec, hipStream_t stream, bool upload) {
  if (UNIHIP_UNLIKELY(!isLive(exec))) return hipErrorInvalidValue;
  ResolvedStream rs;
  UNIHIP_TRY(resolveStream(stream, &rs));
  GraphOps* ops = exec->ops;
  if (upload) return ops->uploadGraph(rs.device->local, exec->native, rs.native);
  return ops->launchGraph(rs.device->local, exec->native, rs.native);
}

}  // namespace

UNIHIP_EXPORT hipError_t hipGraphInstantiate(hipGraphExec_t* pGraphExec, hipGraph_t graph,
                                             hipGraphNode_t* pErrorNode, char* pLogBuffer,
                                             size_t bufferSize) {
  UNIHIP_TRACE_hipGraphInstantiate(pGraphExec, graph, pErrorNode, pLogBuffer, bufferSize);
  GRAPH_INVALID_IF(pGraphExec == nullptr || graph == nullptr);
  if (pErrorNode != nullptr) *pErrorNode = nullptr;
  if (pLogBuffer != nullptr && bufferSize > 0) pLogBuffer[0] = '\0';
  hipGraphInstantiateParams p{};
  GRAPH_CHECK(instantiate(pGraphExec, graph, &p));
  if (pErrorNode != nullptr) *pErrorNode = p.errNode_out;
  UNIHIP_RETURN(kOk);
}

UNIHIP_EXPORT hipError_t hipGraphInstantiateWithFlags(hipGraphExec_t* pGraphExec,
                                                      hipGraph_t graph,
                                                      unsigned long long flags) {
  UNIHIP_TRACE_hipGraphInstantiateWithFlags(pGraphExec, graph, flags);
  GRAPH_INVALID_IF(pGraphExec == nullptr || graph == nullptr);
  GRAPH_INVALID_IF(flags != 0 && flags != hipGraphInstantiateFlagAutoFreeOnLaunch &&
                   flags != hipGraphInstantiateFlagUseNodePriority);
  hipGraphInstantiateParams p{};
  p.flags = flags;
  UNIHIP_RETURN(instantiate(pGraphExec, graph, &p));
}

UNIHIP_EXPORT hipError_t hipGraphInstantiateWithParams(
    hipGraphExec_t* pGraphExec, hipGraph_t graph, hipGraphInstantiateParams* instantiateParams) {
  UNIHIP_TRACE_hipGraphInstantiateWithParams(pGraphExec, graph, instantiateParams);
  GRAPH_INVALID_IF(pGraphExec == nullptr || graph == nullptr || instantiateParams == nullptr);
  // A failed instantiation says so in result_out, as AMD's runtime does.
  instantiateParams->result_out = hipGraphInstantiateError;
  const unsigned long long flags = instantiateParams->flags;
  GRAPH_INVALID_IF(flags != 0 && flags != hipGraphInstantiateFlagAutoFreeOnLaunch &&
                   flags != hipGraphInstantiateFlagUpload &&
                   flags != hipGraphInstantiateFlagDeviceLaunch &&
                   flags != hipGraphInstantiateFlagUseNodePriority);
  UNIHIP_RETURN(instantiate(pGraphExec, graph, instantiateParams));
}

UNIHIP_EXPORT hipError_t hipGraphLaunch(hipGraphExec_t graphExec, hipStream_t stream) {
  UNIHIP_TRACE_hipGraphLaunch(graphExec, stream);
  GRAPH_INVALID_IF(graphExec == nullptr);
  GRAPH_FAIL_IF(!checkStream(stream).ok(), hipErrorContextIsDestroyed);
  UNIHIP_RETURN(launch(graphExec, stream, false));
}

UNIHIP_EXPORT hipError_t hipGraphLaunch_spt(hipGraphExec_t graphExec, hipStream_t stream) {
  UNIHIP_TRACE_hipGraphLaunch_spt(graphExec, stream);
  GRAPH_INVALID_IF(graphExec == nullptr);
  GRAPH_FAIL_IF(!checkStream(unihipPerThreadStream(stream)).ok(), hipErrorContextIsDestroyed);
  UNIHIP_RETURN(launch(graphExec, unihipPerThreadStream(stream), false));
}

UNIHIP_EXPORT hipError_t hipGraphUpload(hipGraphExec_t graphExec, hipStream_t stream) {
  UNIHIP_TRACE_hipGraphUpload(graphExec, stream);
  GRAPH_INVALID_IF(graphExec == nullptr);
  UNIHIP_RETURN(launch(graphExec, stream, true));
}

UNIHIP_EXPORT hipError_t hipGraphExecDestroy(hipGraphExec_t graphExec) {
  UNIHIP_TRACE_hipGraphExecDestroy(graphExec);
  GRAPH_INVALID_IF(graphExec == nullptr);
  GRAPH_CHECK(liveExec(graphExec));
  const NodeOps o = of(graphExec);
  GRAPH_CHECK(o.ops->execDestroy(o.device, graphExec->native));
  unihip::graph::retireExec(graphExec);
  UNIHIP_RETURN(kOk);
}

UNIHIP_EXPORT hipError_t hipGraphExecGetFlags(hipGraphExec_t graphExec,
                                              unsigned long long* flags) {
  UNIHIP_TRACE_hipGraphExecGetFlags(graphExec, flags);
  GRAPH_INVALID_IF(graphExec == nullptr || flags == nullptr);
  GRAPH_CHECK(liveExec(graphExec));
  *flags = graphExec->flags;  // as instantiated, upload included (AMD's runtime keeps them all)
  UNIHIP_RETURN(kOk);
}

UNIHIP_EXPORT hipError_t hipGraphExecUpdate(hipGraphExec_t hGraphExec, hipGraph_t hGraph,
                                            hipGraphNode_t* hErrorNode_out,
                                            hipGraphExecUpdateResult* updateResult_out) {
  UNIHIP_TRACE_hipGraphExecUpdate(hGraphExec, hGraph, hErrorNode_out, updateResult_out);
  GRAPH_INVALID_IF(hGraphExec == nullptr || hGraph == nullptr || hErrorNode_out == nullptr ||
                   updateResult_out == nullptr);
  GRAPH_CHECK(liveExec(hGraphExec));
  GRAPH_CHECK(liveGraph(hGraph));
  const NodeOps o = of(hGraphExec);
  NativeGraphNode errorNode = nullptr;
  *updateResult_out = hipGraphExecUpdateError;
  Status s = o.ops->execUpdate(o.device, hGraphExec->native, hGraph->native, &errorNode,
                               updateResult_out);
  *hErrorNode_out = unihip::graph::nodeFor(hGraph, errorNode);
  UNIHIP_RETURN(s);
}

UNIHIP_EXPORT hipError_t hipGraphNodeSetEnabled(hipGraphExec_t hGraphExec, hipGraphNode_t hNode,
                                                unsigned int isEnabled) {
  UNIHIP_TRACE_hipGraphNodeSetEnabled(hGraphExec, hNode, isEnabled);
  GRAPH_INVALID_IF(hGraphExec == nullptr || hNode == nullptr);
  GRAPH_CHECK(liveExec(hGraphExec));
  GRAPH_CHECK(liveNode(hNode));
  const NodeOps o = of(hGraphExec);
  UNIHIP_RETURN(o.ops->nodeSetEnabled(o.device, hGraphExec->native, hNode->native, isEnabled));
}

UNIHIP_EXPORT hipError_t hipGraphNodeGetEnabled(hipGraphExec_t hGraphExec, hipGraphNode_t hNode,
                                                unsigned int* isEnabled) {
  UNIHIP_TRACE_hipGraphNodeGetEnabled(hGraphExec, hNode, isEnabled);
  GRAPH_INVALID_IF(hGraphExec == nullptr || hNode == nullptr || isEnabled == nullptr);
  GRAPH_CHECK(liveExec(hGraphExec));
  GRAPH_CHECK(liveNode(hNode));
  const NodeOps o = of(hGraphExec);
  UNIHIP_RETURN(o.ops->nodeEnabled(o.device, hGraphExec->native, hNode->native, isEnabled));
}
