// Event record and event wait nodes.
#include "api/graph/graph_layer.h"

using namespace unihip;
using namespace unihip::graph_api;

namespace unihip::graph_api {

Status addEvent(hipGraphNode_t* out, hipGraph_t g, const hipGraphNode_t* deps, size_t n,
                hipEvent_t event, bool record) {
  UNIHIP_TRY(liveGraph(g));
  UNIHIP_TRY(liveEvent(event));
  UNIHIP_TRY(addNode(out, g, deps, n, [&](GraphOps& ops, int d, const NodePlace& at,
                                          NativeGraphNode* node) {
    return ops.addEventNode(d, at, record, event->native, node);
  }));
  // A graph records it: elapsed times go to the driver (core/handles.h, ihipEvent_t::recorded).
  if (record) event->recorded.store(true, std::memory_order_relaxed);
  return kOk;
}

Status setEvent(hipGraphExec_t exec, hipGraphNode_t node, hipEvent_t event, bool record) {
  UNIHIP_TRY(liveNode(node));
  UNIHIP_TRY(liveEvent(event));
  const NodeOps o = of(node);
  const Status s =
      exec != nullptr
          ? o.ops->execSetEventNodeEvent(o.device, exec->native, node->native, record,
                                         event->native)
          : o.ops->setEventNodeEvent(o.device, node->native, record, event->native);
  // A graph records it (as addEvent).
  if (s.ok() && record) event->recorded.store(true, std::memory_order_relaxed);
  return s;
}

}  // namespace unihip::graph_api

namespace {

Status getEvent(hipGraphNode_t node, hipEvent_t* out, bool record) {
  UNIHIP_TRY(liveNode(node));
  const NodeOps o = of(node);
  NativeEvent native = nullptr;
  UNIHIP_TRY(o.ops->eventNodeEvent(o.device, node->native, record, &native));
  // The hipEvent_t wrapping the driver's event.
  for (int d = 0; d < Runtime::get().deviceCount(); ++d) {
    for (ihipEvent_t* e : eventTable().liveOnDevice(d)) {
      if (e->native == native) {
        *out = e;
        return kOk;
      }
    }
  }
  return hipErrorInvalidValue;
}

}  // namespace

UNIHIP_EXPORT hipError_t hipGraphAddEventRecordNode(hipGraphNode_t* pGraphNode, hipGraph_t graph,
                                                    const hipGraphNode_t* pDependencies,
                                                    size_t numDependencies, hipEvent_t event) {
  UNIHIP_TRACE_hipGraphAddEventRecordNode(pGraphNode, graph, pDependencies, numDependencies, event);
  GRAPH_INVALID_IF(badAdd(pGraphNode, graph, pDependencies, numDependencies) || event == nullptr);
  UNIHIP_RETURN(addEvent(pGraphNode, graph, pDependencies, numDependencies, event, true));
}

UNIHIP_EXPORT hipError_t hipGraphAddEventWaitNode(hipGraphNode_t* pGraphNode, hipGraph_t graph,
                                                  const hipGraphNode_t* pDependencies,
                                                  size_t numDependencies, hipEvent_t event) {
  UNIHIP_TRACE_hipGraphAddEventWaitNode(pGraphNode, graph, pDependencies, numDependencies, event);
  GRAPH_INVALID_IF(badAdd(pGraphNode, graph, pDependencies, numDependencies) || event == nullptr);
  UNIHIP_RETURN(addEvent(pGraphNode, graph, pDependencies, numDependencies, event, false));
}

UNIHIP_EXPORT hipError_t hipGraphEventRecordNodeGetEvent(hipGraphNode_t node,
                                                         hipEvent_t* event_out) {
  UNIHIP_TRACE_hipGraphEventRecordNodeGetEvent(node, event_out);
  GRAPH_INVALID_IF(node == nullptr || event_out == nullptr);
  UNIHIP_RETURN(getEvent(node, event_out, true));
}

UNIHIP_EXPORT hipError_t hipGraphEventRecordNodeSetEvent(hipGraphNode_t node, hipEvent_t event) {
  UNIHIP_TRACE_hipGraphEventRecordNodeSetEvent(node, event);
  GRAPH_INVALID_IF(node == nullptr || event == nullptr);
  UNIHIP_RETURN(setEvent(nullptr, node, event, true));
}

UNIHIP_EXPORT hipError_t hipGraphEventWaitNodeGetEvent(hipGraphNode_t node,
                                                       hipEvent_t* event_out) {
  UNIHIP_TRACE_hipGraphEventWaitNodeGetEvent(node, event_out);
  GRAPH_INVALID_IF(node == nullptr || event_out == nullptr);
  UNIHIP_RETURN(getEvent(node, event_out, false));
}

UNIHIP_EXPORT hipError_t hipGraphEventWaitNodeSetEvent(hipGraphNode_t node, hipEvent_t event) {
  UNIHIP_TRACE_hipGraphEventWaitNodeSetEvent(node, event);
  GRAPH_INVALID_IF(node == nullptr || event == nullptr);
  UNIHIP_RETURN(setEvent(nullptr, node, event, false));
}

UNIHIP_EXPORT hipError_t hipGraphExecEventRecordNodeSetEvent(hipGraphExec_t hGraphExec,
                                                             hipGraphNode_t hNode,
                                                             hipEvent_t event) {
  UNIHIP_TRACE_hipGraphExecEventRecordNodeSetEvent(hGraphExec, hNode, event);
  GRAPH_INVALID_IF(hGraphExec == nullptr || hNode == nullptr || event == nullptr);
  GRAPH_CHECK(liveExec(hGraphExec));
  UNIHIP_RETURN(setEvent(hGraphExec, hNode, event, true));
}

UNIHIP_EXPORT hipError_t hipGraphExecEventWaitNodeSetEvent(hipGraphExec_t hGraphExec,
                                                           hipGraphNode_t hNode,
                                                           hipEvent_t event) {
  UNIHIP_TRACE_hipGraphExecEventWaitNodeSetEvent(hGraphExec, hNode, event);
  GRAPH_INVALID_IF(hGraphExec == nullptr || hNode == nullptr || event == nullptr);
  GRAPH_CHECK(liveExec(hGraphExec));
  UNIHIP_RETURN(setEvent(hGraphExec, hNode, event, false));
}
