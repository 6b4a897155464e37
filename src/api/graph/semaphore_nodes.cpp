// External semaphore signal and wait nodes: the arrays given at add / set time are kept here,
// since HIP hands them back and the driver holds native handles.
#include <mutex>
#include <type_traits>
#include <unordered_map>

#include "api/graph/graph_layer.h"
#include "core/memory_pool_handles.h"

using namespace unihip;
using namespace unihip::graph_api;

namespace {

// HIP hands back the arrays given at add / set time, so each node's are kept here (the driver
// holds native handles); a record names its node's native handle, so a recycled wrapper never
// sees another node's arrays.
struct SemaphoreNode {
  NativeGraphNode native = nullptr;
  bool signal = true;
  std::vector<hipExternalSemaphore_t> semaphores;
  std::vector<hipExternalSemaphoreSignalParams> signalParams;
  std::vector<hipExternalSemaphoreWaitParams> waitParams;
};

std::mutex g_semaphoreNodesMutex;

std::unordered_map<hipGraphNode_t, SemaphoreNode> g_semaphoreNodes;

// Every semaphore live and of the graph's device; their native handles.
Status nativeSemaphores(const hipExternalSemaphore_t* semaphores, unsigned count, int device,
                        std::vector<void*>* out) {
  if (count == 0 || semaphores == nullptr) return hipErrorInvalidValue;
  out->resize(count);
  for (unsigned i = 0; i < count; ++i) {
    auto* s = static_cast<ihipExternalSemaphore*>(semaphores[i]);
    if (!isLive(s) || s->device != device) return hipErrorInvalidValue;
    (*out)[i] = s->native;
  }
  return kOk;
}

template <typename NodeParams>
bool isSignal() {
  return std::is_same_v<NodeParams, hipExternalSemaphoreSignalNodeParams>;
}

template <typename NodeParams>
void remember(hipGraphNode_t node, const NodeParams& p) {
  SemaphoreNode r;
  r.native = node->native;
  r.signal = isSignal<NodeParams>();
  r.semaphores.assign(p.extSemArray, p.extSemArray + p.numExtSems);
  if constexpr (std::is_same_v<NodeParams, hipExternalSemaphoreSignalNodeParams>)
    r.signalParams.assign(p.paramsArray, p.paramsArray + p.numExtSems);
  else
    r.waitParams.assign(p.paramsArray, p.paramsArray + p.numExtSems);
  std::lock_guard<std::mutex> lock(g_semaphoreNodesMutex);
  g_semaphoreNodes[node] = std::move(r);
}

}  // namespace

namespace unihip::graph_api {

void forgetSemaphoreNode(hipGraphNode_t node) {
  std::lock_guard<std::mutex> lock(g_semaphoreNodesMutex);
  g_semaphoreNodes.erase(node);
}

}  // namespace unihip::graph_api

namespace {

// The node's record when it is an external semaphore node of this kind.
SemaphoreNode* semaphoreNode(hipGraphNode_t node, bool signal) {
  auto it = g_semaphoreNodes.find(node);
  if (it == g_semaphoreNodes.end() || it->second.native != node->native ||
      it->second.signal != signal)
    return nullptr;
  return &it->second;
}

}  // namespace

namespace unihip::graph_api {

template <typename NodeParams>
Status addSemaphoreNode(hipGraphNode_t* out, hipGraph_t g, const hipGraphNode_t* deps, size_t n,
                        const NodeParams& p) {
  UNIHIP_TRY(liveGraph(g));
  if (p.paramsArray == nullptr) return hipErrorInvalidValue;
  std::vector<void*> natives;
  UNIHIP_TRY(nativeSemaphores(p.extSemArray, p.numExtSems, g->device, &natives));
  UNIHIP_TRY(addNode(out, g, deps, n, [&](GraphOps& ops, int d, const NodePlace& at,
                                          NativeGraphNode* node) {
    return ops.addExternalSemaphoreNode(d, at, isSignal<NodeParams>(), natives.data(),
                                        p.paramsArray, p.numExtSems, node);
  }));
  remember(*out, p);
  return kOk;
}

template Status addSemaphoreNode<hipExternalSemaphoreSignalNodeParams>(hipGraphNode_t* out, hipGraph_t g, const hipGraphNode_t* deps, size_t n,
                        const hipExternalSemaphoreSignalNodeParams& p);
template Status addSemaphoreNode<hipExternalSemaphoreWaitNodeParams>(hipGraphNode_t* out, hipGraph_t g, const hipGraphNode_t* deps, size_t n,
                        const hipExternalSemaphoreWaitNodeParams& p);

}  // namespace unihip::graph_api

namespace {

template <typename NodeParams>
Status semaphoreNodeParams(hipGraphNode_t node, NodeParams* out) {
  UNIHIP_TRY(liveNode(node));
  std::lock_guard<std::mutex> lock(g_semaphoreNodesMutex);
  SemaphoreNode* r = semaphoreNode(node, isSignal<NodeParams>());
  if (r == nullptr) return hipErrorInvalidValue;
  out->extSemArray = r->semaphores.data();
  if constexpr (std::is_same_v<NodeParams, hipExternalSemaphoreSignalNodeParams>)
    out->paramsArray = r->signalParams.data();
  else
    out->paramsArray = r->waitParams.data();
  out->numExtSems = static_cast<unsigned>(r->semaphores.size());
  return kOk;
}

}  // namespace

namespace unihip::graph_api {

template <typename NodeParams>
Status setSemaphoreNodeParams(hipGraphExec_t exec, hipGraphNode_t node, const NodeParams& p) {
  UNIHIP_TRY(liveNode(node));
  if (exec != nullptr) UNIHIP_TRY(liveExec(exec));
  {
    std::lock_guard<std::mutex> lock(g_semaphoreNodesMutex);
    if (semaphoreNode(node, isSignal<NodeParams>()) == nullptr) return hipErrorInvalidValue;
  }
  if (p.paramsArray == nullptr) return hipErrorInvalidValue;
  std::vector<void*> natives;
  UNIHIP_TRY(nativeSemaphores(p.extSemArray, p.numExtSems, node->graph->device, &natives));
  const NodeOps o = of(node);
  if (exec != nullptr)
    return o.ops->execSetExternalSemaphoreNodeParams(o.device, exec->native, node->native,
                                                     isSignal<NodeParams>(), natives.data(),
                                                     p.paramsArray, p.numExtSems);
  UNIHIP_TRY(o.ops->setExternalSemaphoreNodeParams(o.device, node->native,
                                                   isSignal<NodeParams>(), natives.data(),
                                                   p.paramsArray, p.numExtSems));
  remember(node, p);
  return kOk;
}

template Status setSemaphoreNodeParams<hipExternalSemaphoreSignalNodeParams>(hipGraphExec_t exec, hipGraphNode_t node, const hipExternalSemaphoreSignalNodeParams& p);
template Status setSemaphoreNodeParams<hipExternalSemaphoreWaitNodeParams>(hipGraphExec_t exec, hipGraphNode_t node, const hipExternalSemaphoreWaitNodeParams& p);

}  // namespace unihip::graph_api

UNIHIP_EXPORT hipError_t hipGraphAddExternalSemaphoresSignalNode(
    hipGraphNode_t* pGraphNode, hipGraph_t graph, const hipGraphNode_t* pDependencies,
    size_t numDependencies, const hipExternalSemaphoreSignalNodeParams* nodeParams) {
  UNIHIP_TRACE_hipGraphAddExternalSemaphoresSignalNode(pGraphNode, graph, pDependencies,
                                                       numDependencies, nodeParams);
  GRAPH_INVALID_IF(badAdd(pGraphNode, graph, pDependencies, numDependencies) ||
                   nodeParams == nullptr);
  UNIHIP_RETURN(
      addSemaphoreNode(pGraphNode, graph, pDependencies, numDependencies, *nodeParams));
}

UNIHIP_EXPORT hipError_t hipGraphAddExternalSemaphoresWaitNode(
    hipGraphNode_t* pGraphNode, hipGraph_t graph, const hipGraphNode_t* pDependencies,
    size_t numDependencies, const hipExternalSemaphoreWaitNodeParams* nodeParams) {
  UNIHIP_TRACE_hipGraphAddExternalSemaphoresWaitNode(pGraphNode, graph, pDependencies,
                                                     numDependencies, nodeParams);
  GRAPH_INVALID_IF(badAdd(pGraphNode, graph, pDependencies, numDependencies) ||
                   nodeParams == nullptr);
  UNIHIP_RETURN(
      addSemaphoreNode(pGraphNode, graph, pDependencies, numDependencies, *nodeParams));
}

UNIHIP_EXPORT hipError_t hipGraphExternalSemaphoresSignalNodeGetParams(
    hipGraphNode_t hNode, hipExternalSemaphoreSignalNodeParams* params_out) {
  UNIHIP_TRACE_hipGraphExternalSemaphoresSignalNodeGetParams(hNode, params_out);
  GRAPH_INVALID_IF(hNode == nullptr || params_out == nullptr);
  UNIHIP_RETURN(semaphoreNodeParams(hNode, params_out));
}

UNIHIP_EXPORT hipError_t hipGraphExternalSemaphoresSignalNodeSetParams(
    hipGraphNode_t hNode, const hipExternalSemaphoreSignalNodeParams* nodeParams) {
  UNIHIP_TRACE_hipGraphExternalSemaphoresSignalNodeSetParams(hNode, nodeParams);
  GRAPH_INVALID_IF(hNode == nullptr || nodeParams == nullptr);
  UNIHIP_RETURN(setSemaphoreNodeParams(nullptr, hNode, *nodeParams));
}

UNIHIP_EXPORT hipError_t hipGraphExternalSemaphoresWaitNodeGetParams(
    hipGraphNode_t hNode, hipExternalSemaphoreWaitNodeParams* params_out) {
  UNIHIP_TRACE_hipGraphExternalSemaphoresWaitNodeGetParams(hNode, params_out);
  GRAPH_INVALID_IF(hNode == nullptr || params_out == nullptr);
  UNIHIP_RETURN(semaphoreNodeParams(hNode, params_out));
}

UNIHIP_EXPORT hipError_t hipGraphExternalSemaphoresWaitNodeSetParams(
    hipGraphNode_t hNode, const hipExternalSemaphoreWaitNodeParams* nodeParams) {
  UNIHIP_TRACE_hipGraphExternalSemaphoresWaitNodeSetParams(hNode, nodeParams);
  GRAPH_INVALID_IF(hNode == nullptr || nodeParams == nullptr);
  UNIHIP_RETURN(setSemaphoreNodeParams(nullptr, hNode, *nodeParams));
}

UNIHIP_EXPORT hipError_t hipGraphExecExternalSemaphoresSignalNodeSetParams(
    hipGraphExec_t hGraphExec, hipGraphNode_t hNode,
    const hipExternalSemaphoreSignalNodeParams* nodeParams) {
  UNIHIP_TRACE_hipGraphExecExternalSemaphoresSignalNodeSetParams(hGraphExec, hNode, nodeParams);
  GRAPH_INVALID_IF(hGraphExec == nullptr || hNode == nullptr || nodeParams == nullptr);
  UNIHIP_RETURN(setSemaphoreNodeParams(hGraphExec, hNode, *nodeParams));
}

UNIHIP_EXPORT hipError_t hipGraphExecExternalSemaphoresWaitNodeSetParams(
    hipGraphExec_t hGraphExec, hipGraphNode_t hNode,
    const hipExternalSemaphoreWaitNodeParams* nodeParams) {
  UNIHIP_TRACE_hipGraphExecExternalSemaphoresWaitNodeSetParams(hGraphExec, hNode, nodeParams);
  GRAPH_INVALID_IF(hGraphExec == nullptr || hNode == nullptr || nodeParams == nullptr);
  UNIHIP_RETURN(setSemaphoreNodeParams(hGraphExec, hNode, *nodeParams));
}
