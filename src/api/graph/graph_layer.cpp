// The graph family's private layer (graph_layer.h): checks, handles, dispatch.
#include "api/graph/graph_layer.h"

using namespace unihip;
using namespace unihip::graph_api;

namespace {

bool badDeps(const hipGraphNode_t* deps, size_t n) { return n > 0 && deps == nullptr; }

}  // namespace

namespace unihip::graph_api {

bool badAdd(hipGraphNode_t* node, hipGraph_t graph, const hipGraphNode_t* deps, size_t n) {
  return node == nullptr || graph == nullptr || badDeps(deps, n);
}

bool badKernelParams(const hipKernelNodeParams* p) { return p == nullptr || p->func == nullptr; }

}  // namespace unihip::graph_api

namespace {

bool badElementSize(unsigned int size) { return size != 1 && size != 2 && size != 4; }

}  // namespace

namespace unihip::graph_api {

bool badMemsetParams(const hipMemsetParams* p) {
  return p == nullptr || p->dst == nullptr || p->height == 0 || badElementSize(p->elementSize) ||
         (p->height > 1 && p->pitch < p->width * p->elementSize);
}

bool badKind(hipMemcpyKind kind) {
  return (kind < hipMemcpyHostToHost || kind > hipMemcpyDefault) &&
         kind != hipMemcpyDeviceToDeviceNoCU;
}

bool badCopy(const hipMemcpy3DParms* p) {
  return p == nullptr || (p->srcArray == nullptr && p->srcPtr.ptr == nullptr) ||
         (p->dstArray == nullptr && p->dstPtr.ptr == nullptr);
}

bool badDrvCopy(const HIP_MEMCPY3D* p) {
  return p == nullptr ||
         (p->srcArray == nullptr && p->srcHost == nullptr && p->srcDevice == nullptr) ||
         (p->dstArray == nullptr && p->dstHost == nullptr && p->dstDevice == nullptr);
}

bool badAlloc(const hipMemAllocNodeParams& p) {
  return p.bytesize == 0 || p.poolProps.allocType != hipMemAllocationTypePinned ||
         p.poolProps.location.type != hipMemLocationTypeDevice ||
         Runtime::get().device(p.poolProps.location.id) == nullptr;
}

Status checkNodeParams(const hipGraphNodeParams& p, bool adding) {
  switch (p.type) {
    case hipGraphNodeTypeKernel:
      return badKernelParams(&p.kernel) ? hipErrorInvalidValue : kOk;
    case hipGraphNodeTypeMemcpy:
      return badCopy(&p.memcpy.copyParams) ? Status(hipErrorInvalidValue)
                                            : checkCopy(&p.memcpy.copyParams);
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
      return kOk;  // the semaphore node helpers check the arrays
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

Status liveGraph(hipGraph_t g) { return isLive(g) ? kOk : Status(hipErrorInvalidValue); }

Status liveNode(hipGraphNode_t n) { return isLive(n) ? kOk : Status(hipErrorInvalidValue); }

Status liveExec(hipGraphExec_t e) { return isLive(e) ? kOk : Status(hipErrorInvalidValue); }

int localOf(int ordinal) {
  const Device* d = Runtime::get().device(ordinal);
  return d ? d->local : 0;
}

Status currentFamily(Device** device, GraphOps** ops) {
  UNIHIP_TRY(currentDevice(device));
  *ops = (*device)->backend->graphs();
  return *ops ? kOk : Status(hipErrorNotSupported);
}

int addingDevice(const ihipGraph* g) {
  Device* d = nullptr;
  return currentDevice(&d).ok() && d->backend->graphs() == g->ops ? d->local : localOf(g->device);
}

NodeOps of(hipGraphNode_t n) { return {n->graph->ops, localOf(n->graph->device)}; }

NodeOps of(hipGraph_t g) { return {g->ops, localOf(g->device)}; }

NodeOps of(hipGraphExec_t e) { return {e->ops, localOf(e->device)}; }

Status nativeNodes(hipGraph_t g, const hipGraphNode_t* nodes, size_t n,
                   std::vector<NativeGraphNode>* out) {
  out->resize(n);
  for (size_t i = 0; i < n; ++i) {
    if (!isLive(nodes[i]) || nodes[i]->graph != g) return hipErrorInvalidValue;
    (*out)[i] = nodes[i]->native;
  }
  return kOk;
}

Status answerNodes(hipGraph_t g, const std::vector<NativeGraphNode>& natives, hipGraphNode_t* out,
                   size_t* count) {
  if (out == nullptr) {
    *count = natives.size();
    return kOk;
  }
  // As AMD and CUDA: a list shorter than the nodes gets that many, and the count stays.
  for (size_t i = 0; i < *count; ++i)
    out[i] = i < natives.size() ? unihip::graph::nodeFor(g, natives[i]) : nullptr;
  if (*count > natives.size()) *count = natives.size();
  return kOk;
}

Status liveEvent(hipEvent_t e) { return isLive(e) ? kOk : Status(hipErrorInvalidValue); }

}  // namespace unihip::graph_api
