// Graphs, graph nodes, executable graphs, graph memory and user objects (issue 14). Each function
// checks its arguments as AMD's runtime does, validates its handles (core/graph/graph_handles.h:
// garbage or destroyed ones are hipErrorInvalidValue), then asks the vendor's graphs family
// (seam/graph_ops.h; hipErrorNotSupported where there is none). On NVIDIA the handles wrap the
// driver's own graphs. External-semaphore nodes belong to the external-resource family, which
// unihip lacks: they answer hipErrorNotSupported after their checks.
#include <climits>
#include <mutex>
#include <type_traits>
#include <unordered_map>
#include <vector>

#include "api/api_boundary.h"
#include "api/device_lookup.h"
#include "api/kernel_lookup.h"
#include "api/memory_allocation.h"
#include "api/stream_memop_checks.h"
#include "base/allocation_map.h"
#include "core/graph/graph_handles.h"
#include "core/launch_check.h"
#include "core/memory_pool_handles.h"
#include "core/stream_resolve.h"
#include "core/handles.h"
#include "core/runtime.h"

using namespace unihip;

namespace {

bool badDeps(const hipGraphNode_t* deps, size_t n) { return n > 0 && deps == nullptr; }

// The arguments every hipGraphAdd*Node shares: the new node, its graph, its dependencies.
bool badAdd(hipGraphNode_t* node, hipGraph_t graph, const hipGraphNode_t* deps, size_t n) {
  return node == nullptr || graph == nullptr || badDeps(deps, n);
}

bool badKernelParams(const hipKernelNodeParams* p) { return p == nullptr || p->func == nullptr; }

bool badElementSize(unsigned int size) { return size != 1 && size != 2 && size != 4; }

// A memset node: 1-, 2- or 4-byte elements, at least one row, rows that fit their pitch.
bool badMemsetParams(const hipMemsetParams* p) {
  return p == nullptr || p->dst == nullptr || p->height == 0 || badElementSize(p->elementSize) ||
         (p->height > 1 && p->pitch < p->width * p->elementSize);
}

bool badKind(hipMemcpyKind kind) {
  return (kind < hipMemcpyHostToHost || kind > hipMemcpyDefault) &&
         kind != hipMemcpyDeviceToDeviceNoCU;
}

bool badAttribute(hipKernelNodeAttrID attr) {
  return attr != hipKernelNodeAttributeAccessPolicyWindow &&
         attr != hipKernelNodeAttributeCooperative && attr != hipKernelNodeAttributePriority;
}

bool badCount(unsigned int count) { return count == 0 || count > INT_MAX; }

// A copy with a source and a destination (an array or a pointer each).
bool badCopy(const hipMemcpy3DParms* p) {
  return p == nullptr || (p->srcArray == nullptr && p->srcPtr.ptr == nullptr) ||
         (p->dstArray == nullptr && p->dstPtr.ptr == nullptr);
}

// A driver-style copy with a source and a destination (host, device or array each).
bool badDrvCopy(const HIP_MEMCPY3D* p) {
  return p == nullptr ||
         (p->srcArray == nullptr && p->srcHost == nullptr && p->srcDevice == nullptr) ||
         (p->dstArray == nullptr && p->dstHost == nullptr && p->dstDevice == nullptr);
}

// Graph allocations: pinned device memory of a present device, of at least one byte.
bool badAlloc(const hipMemAllocNodeParams& p) {
  return p.bytesize == 0 || p.poolProps.allocType != hipMemAllocationTypePinned ||
         p.poolProps.location.type != hipMemLocationTypeDevice ||
         Runtime::get().device(p.poolProps.location.id) == nullptr;
}

// hipGraphAddNode's and hipGraph(Exec)NodeSetParams' per-type checks, in AMD's order. AMD's
// runtime adds no external-semaphore node this way and sets no allocation node's parameters.
Status checkNodeParams(const hipGraphNodeParams& p, bool adding) {
  switch (p.type) {
    case hipGraphNodeTypeKernel:
      return badKernelParams(&p.kernel) ? hipErrorInvalidValue : kOk;
    case hipGraphNodeTypeMemcpy:
      return badCopy(&p.memcpy.copyParams) ? hipErrorInvalidValue : kOk;
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

// A stream a graph launches into: a special handle or a live stream.
Status checkStream(hipStream_t s) {
  if (s == nullptr || s == hipStreamLegacy || s == hipStreamPerThread || isLive(s)) return kOk;
  return hipErrorContextIsDestroyed;
}

Status checkDevice(int device) {
  return Runtime::get().device(device) ? kOk : Status(hipErrorInvalidDevice);
}

// ---- Handles and dispatch: one path for every function of the family ----

Status liveGraph(hipGraph_t g) { return isLive(g) ? kOk : Status(hipErrorInvalidValue); }
Status liveNode(hipGraphNode_t n) { return isLive(n) ? kOk : Status(hipErrorInvalidValue); }
Status liveExec(hipGraphExec_t e) { return isLive(e) ? kOk : Status(hipErrorInvalidValue); }

int localOf(int ordinal) {
  const Device* d = Runtime::get().device(ordinal);
  return d ? d->local : 0;
}

// The current device's graphs family: hipErrorNotSupported where the vendor has none.
Status currentFamily(Device** device, GraphOps** ops) {
  UNIHIP_TRY(currentDevice(device));
  *ops = (*device)->backend->graphs();
  return *ops ? kOk : Status(hipErrorNotSupported);
}

// The backend-local ordinal a graph's nodes are added on: the current device (AMD's runtime
// binds a node to it), else the graph's.
int addingDevice(const ihipGraph* g) {
  Device* d = nullptr;
  return currentDevice(&d).ok() && d->backend->graphs() == g->ops ? d->local : localOf(g->device);
}

// A node's graph family and device.
struct NodeOps {
  GraphOps* ops;
  int device;
};
NodeOps of(hipGraphNode_t n) { return {n->graph->ops, localOf(n->graph->device)}; }
NodeOps of(hipGraph_t g) { return {g->ops, localOf(g->device)}; }
NodeOps of(hipGraphExec_t e) { return {e->ops, localOf(e->device)}; }

// Native handles of a node list; each must be a live node of `g`.
Status nativeNodes(hipGraph_t g, const hipGraphNode_t* nodes, size_t n,
                   std::vector<NativeGraphNode>* out) {
  out->resize(n);
  for (size_t i = 0; i < n; ++i) {
    if (!isLive(nodes[i]) || nodes[i]->graph != g) return hipErrorInvalidValue;
    (*out)[i] = nodes[i]->native;
  }
  return kOk;
}

// Adds a node to `g` after its dependencies through `add(ops, device, place, &native)`, and
// hands out its wrapper.
template <typename F>
Status addNode(hipGraphNode_t* out, hipGraph_t g, const hipGraphNode_t* deps, size_t n, F add) {
  UNIHIP_TRY(liveGraph(g));
  std::vector<NativeGraphNode> natives;
  UNIHIP_TRY(nativeNodes(g, deps, n, &natives));
  NativeGraphNode native = nullptr;
  UNIHIP_TRY(add(*g->ops, addingDevice(g), NodePlace{g->native, natives.data(), n}, &native));
  *out = unihip::graph::nodeFor(g, native);
  return kOk;
}

// A node list answered as HIP does: the count alone when `out` is null, else up to *count
// entries (null past the end) and the true count.
Status answerNodes(hipGraph_t g, const std::vector<NativeGraphNode>& natives, hipGraphNode_t* out,
                   size_t* count) {
  if (out != nullptr) {
    for (size_t i = 0; i < *count; ++i)
      out[i] = i < natives.size() ? unihip::graph::nodeFor(g, natives[i]) : nullptr;
  }
  *count = natives.size();
  return kOk;
}

// hipKernelNodeParams::func: a registered kernel's host function (resolved on the current
// device, as hipLaunchKernel does) or a module function handle.
Status kernelArgs(const hipKernelNodeParams& p, KernelNodeArgs* a) {
  Device* device = nullptr;
  NativeFunction function = nullptr;
  if (KernelRecord* k = Registry::get().findKernel(p.func)) {
    UNIHIP_TRY(currentDevice(&device));
    UNIHIP_TRY(Registry::get().function(k, *device, &function));
  } else if (auto f = static_cast<hipFunction_t>(p.func); isLive(f)) {
    UNIHIP_TRY(moduleFunction(f, &device, &function));
  } else if (unihip::graph::knownFunction(p.func)) {  // from a captured kernel node's query
    UNIHIP_TRY(currentDevice(&device));
    function = p.func;
  } else {
    return hipErrorInvalidDeviceFunction;
  }
  UNIHIP_TRY(checkLaunch(*device->props, p.gridDim, p.blockDim, p.sharedMemBytes));
  a->function = function;
  a->grid = p.gridDim;
  a->block = p.blockDim;
  a->sharedMemBytes = p.sharedMemBytes;
  a->args = p.kernelParams;
  a->extra = p.extra;
  return kOk;
}

hipKernelNodeParams kernelParams(const KernelNodeArgs& a, const void* stub) {
  hipKernelNodeParams p{};
  p.func = stub ? const_cast<void*>(stub) : a.function;
  p.gridDim = a.grid;
  p.blockDim = a.block;
  p.sharedMemBytes = a.sharedMemBytes;
  p.kernelParams = a.args;
  p.extra = a.extra;
  return p;
}

// A 1-D copy as a one-row pitched copy (what cudaGraphAddMemcpyNode1D builds).
hipMemcpy3DParms linearCopy(void* dst, const void* src, size_t count, hipMemcpyKind kind) {
  hipMemcpy3DParms p{};
  p.srcPtr = make_hipPitchedPtr(const_cast<void*>(src), count, count, 1);
  p.dstPtr = make_hipPitchedPtr(dst, count, count, 1);
  p.extent = make_hipExtent(count, 1, 1);
  p.kind = kind;
  return p;
}

// A copy to (toSymbol) or from a device variable, inside the variable, on the current device.
Status symbolCopy(const void* symbol, void* other, size_t count, size_t offset,
                  hipMemcpyKind kind, bool toSymbol, hipMemcpy3DParms* p) {
  const bool kindOk = kind == hipMemcpyDeviceToDevice || kind == hipMemcpyDefault ||
                      kind == (toSymbol ? hipMemcpyHostToDevice : hipMemcpyDeviceToHost);
  if (!kindOk) return hipErrorInvalidMemcpyDirection;
  VariableRecord* variable = Registry::get().findVariable(symbol);
  if (variable == nullptr) return hipErrorInvalidSymbol;
  Device* device = nullptr;
  UNIHIP_TRY(currentDevice(&device));
  void* address = nullptr;
  size_t size = 0;
  UNIHIP_TRY(Registry::get().variableAddress(variable, *device, &address, &size));
  if (offset > size || count > size - offset) return hipErrorInvalidValue;
  void* at = static_cast<char*>(address) + offset;
  *p = toSymbol ? linearCopy(at, other, count, kind) : linearCopy(other, at, count, kind);
  return kOk;
}

// A driver-style copy of linear memory as a pitched copy (arrays: the images family's).
Status drvCopy(const HIP_MEMCPY3D& c, hipMemcpy3DParms* p) {
  if (c.srcMemoryType == hipMemoryTypeArray || c.dstMemoryType == hipMemoryTypeArray ||
      c.srcArray != nullptr || c.dstArray != nullptr)
    return hipErrorNotSupported;
  const bool srcHost = c.srcMemoryType == hipMemoryTypeHost;
  const bool dstHost = c.dstMemoryType == hipMemoryTypeHost;
  *p = hipMemcpy3DParms{};
  p->srcPos = make_hipPos(c.srcXInBytes, c.srcY, c.srcZ);
  p->srcPtr = make_hipPitchedPtr(srcHost ? const_cast<void*>(c.srcHost) : c.srcDevice,
                                 c.srcPitch, c.WidthInBytes, c.srcHeight);
  p->dstPos = make_hipPos(c.dstXInBytes, c.dstY, c.dstZ);
  p->dstPtr = make_hipPitchedPtr(dstHost ? c.dstHost : c.dstDevice, c.dstPitch, c.WidthInBytes,
                                 c.dstHeight);
  p->extent = make_hipExtent(c.WidthInBytes, c.Height, c.Depth);
  p->kind = srcHost ? (dstHost ? hipMemcpyHostToHost : hipMemcpyHostToDevice)
                    : (dstHost ? hipMemcpyDeviceToHost : hipMemcpyDeviceToDevice);
  return kOk;
}

HIP_MEMCPY3D drvCopyOf(const hipMemcpy3DParms& p) {
  HIP_MEMCPY3D c{};
  const bool srcHost = p.kind == hipMemcpyHostToHost || p.kind == hipMemcpyHostToDevice;
  const bool dstHost = p.kind == hipMemcpyHostToHost || p.kind == hipMemcpyDeviceToHost;
  c.srcXInBytes = p.srcPos.x, c.srcY = p.srcPos.y, c.srcZ = p.srcPos.z;
  c.srcMemoryType = srcHost ? hipMemoryTypeHost
                            : (p.kind == hipMemcpyDefault ? hipMemoryTypeUnified
                                                          : hipMemoryTypeDevice);
  if (srcHost)
    c.srcHost = p.srcPtr.ptr;
  else
    c.srcDevice = p.srcPtr.ptr;
  c.srcPitch = p.srcPtr.pitch;
  c.srcHeight = p.srcPtr.ysize;
  c.dstXInBytes = p.dstPos.x, c.dstY = p.dstPos.y, c.dstZ = p.dstPos.z;
  c.dstMemoryType = dstHost ? hipMemoryTypeHost
                            : (p.kind == hipMemcpyDefault ? hipMemoryTypeUnified
                                                          : hipMemoryTypeDevice);
  if (dstHost)
    c.dstHost = p.dstPtr.ptr;
  else
    c.dstDevice = p.dstPtr.ptr;
  c.dstPitch = p.dstPtr.pitch;
  c.dstHeight = p.dstPtr.ysize;
  c.WidthInBytes = p.extent.width;
  c.Height = p.extent.height;
  c.Depth = p.extent.depth;
  return c;
}

Status liveEvent(hipEvent_t e) { return isLive(e) ? kOk : Status(hipErrorInvalidValue); }

// ---- The operations the typed entry points and hipGraphAddNode / hipGraph(Exec)NodeSetParams
// share ----

Status addKernel(hipGraphNode_t* out, hipGraph_t g, const hipGraphNode_t* deps, size_t n,
                 const hipKernelNodeParams& p) {
  UNIHIP_TRY(liveGraph(g));
  KernelNodeArgs a;
  UNIHIP_TRY(kernelArgs(p, &a));
  UNIHIP_TRY(addNode(out, g, deps, n, [&](GraphOps& ops, int d, const NodePlace& at,
                                          NativeGraphNode* node) {
    return ops.addKernelNode(d, at, a, node);
  }));
  (*out)->kernelStub = p.func;
  return kOk;
}

Status addCopy(hipGraphNode_t* out, hipGraph_t g, const hipGraphNode_t* deps, size_t n,
               const hipMemcpy3DParms& p, int type = -1) {
  UNIHIP_TRY(addNode(out, g, deps, n, [&](GraphOps& ops, int d, const NodePlace& at,
                                          NativeGraphNode* node) {
    return ops.addMemcpyNode(d, at, p, node);
  }));
  (*out)->typeOverride = type;
  return kOk;
}

Status addMemset(hipGraphNode_t* out, hipGraph_t g, const hipGraphNode_t* deps, size_t n,
                 const hipMemsetParams& p) {
  return addNode(out, g, deps, n, [&](GraphOps& ops, int d, const NodePlace& at,
                                      NativeGraphNode* node) {
    return ops.addMemsetNode(d, at, p, node);
  });
}

Status addHost(hipGraphNode_t* out, hipGraph_t g, const hipGraphNode_t* deps, size_t n,
               const hipHostNodeParams& p) {
  return addNode(out, g, deps, n, [&](GraphOps& ops, int d, const NodePlace& at,
                                      NativeGraphNode* node) {
    return ops.addHostNode(d, at, p, node);
  });
}

Status addChild(hipGraphNode_t* out, hipGraph_t g, const hipGraphNode_t* deps, size_t n,
                hipGraph_t child) {
  UNIHIP_TRY(liveGraph(child));
  if (child == g) return hipErrorInvalidValue;
  return addNode(out, g, deps, n, [&](GraphOps& ops, int d, const NodePlace& at,
                                      NativeGraphNode* node) {
    return ops.addChildGraphNode(d, at, child->native, node);
  });
}

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

// The address is known from here on (the memory, CUDA's rule, from a launch): recorded as graph
// memory, so that copies, fills and hipFree/hipFreeAsync know it.
Status addAlloc(hipGraphNode_t* out, hipGraph_t g, const hipGraphNode_t* deps, size_t n,
                hipMemAllocNodeParams* p) {
  const Device* owner = Runtime::get().device(p->poolProps.location.id);
  UNIHIP_TRY(addNode(out, g, deps, n, [&](GraphOps& ops, int, const NodePlace& at,
                                          NativeGraphNode* node) {
    return ops.addMemAllocNode(owner->local, at, p, node);
  }));
  AllocationMap::get().insert({p->dptr, p->bytesize, owner->ordinal, AllocationKind::Graph});
  return kOk;
}

Status addFree(hipGraphNode_t* out, hipGraph_t g, const hipGraphNode_t* deps, size_t n,
               void* ptr) {
  return addNode(out, g, deps, n, [&](GraphOps& ops, int d, const NodePlace& at,
                                      NativeGraphNode* node) {
    return ops.addMemFreeNode(d, at, ptr, node);
  });
}

// A node's parameters set in its graph (exec null) or in an executable graph.
Status setKernel(hipGraphExec_t exec, hipGraphNode_t node, const hipKernelNodeParams& p) {
  UNIHIP_TRY(liveNode(node));
  KernelNodeArgs a;
  UNIHIP_TRY(kernelArgs(p, &a));
  const NodeOps o = of(node);
  if (exec != nullptr) return o.ops->execSetKernelNodeParams(o.device, exec->native, node->native, a);
  UNIHIP_TRY(o.ops->setKernelNodeParams(o.device, node->native, a));
  node->kernelStub = p.func;
  return kOk;
}

Status setCopy(hipGraphExec_t exec, hipGraphNode_t node, const hipMemcpy3DParms& p) {
  UNIHIP_TRY(liveNode(node));
  const NodeOps o = of(node);
  if (exec != nullptr) return o.ops->execSetMemcpyNodeParams(o.device, exec->native, node->native, p);
  return o.ops->setMemcpyNodeParams(o.device, node->native, p);
}

Status setMemset(hipGraphExec_t exec, hipGraphNode_t node, const hipMemsetParams& p) {
  UNIHIP_TRY(liveNode(node));
  const NodeOps o = of(node);
  if (exec != nullptr) return o.ops->execSetMemsetNodeParams(o.device, exec->native, node->native, p);
  return o.ops->setMemsetNodeParams(o.device, node->native, p);
}

Status setHost(hipGraphExec_t exec, hipGraphNode_t node, const hipHostNodeParams& p) {
  UNIHIP_TRY(liveNode(node));
  const NodeOps o = of(node);
  if (exec != nullptr) return o.ops->execSetHostNodeParams(o.device, exec->native, node->native, p);
  return o.ops->setHostNodeParams(o.device, node->native, p);
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

// ---- External semaphore nodes ----
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

void forgetSemaphoreNode(hipGraphNode_t node) {
  std::lock_guard<std::mutex> lock(g_semaphoreNodesMutex);
  g_semaphoreNodes.erase(node);
}

// The node's record when it is an external semaphore node of this kind.
SemaphoreNode* semaphoreNode(hipGraphNode_t node, bool signal) {
  auto it = g_semaphoreNodes.find(node);
  if (it == g_semaphoreNodes.end() || it->second.native != node->native ||
      it->second.signal != signal)
    return nullptr;
  return &it->second;
}

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

// Set on the graph's node (exec null) or on an executable graph's copy of it.
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

// ---- Batch memory operation nodes ----
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

// hipGraphNodeSetParams / hipGraphExecNodeSetParams by node type.
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

// hipDevice*GraphMem*: the device's graphs family.
Status deviceFamily(int device, const Device** d, GraphOps** ops) {
  *d = Runtime::get().device(device);
  if (*d == nullptr) return hipErrorInvalidDevice;
  *ops = (*d)->backend->graphs();
  return *ops ? kOk : Status(hipErrorNotSupported);
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

#define GRAPH_TRACE() UNIHIP_TRACE_API("{}", __func__)
// Returns `code` from the entry point when `cond` holds.
#define GRAPH_FAIL_IF(cond, code) \
  do {                            \
    if (cond) UNIHIP_RETURN(code); \
  } while (0)
#define GRAPH_INVALID_IF(cond) GRAPH_FAIL_IF(cond, hipErrorInvalidValue)
#define GRAPH_CHECK(expr)                        \
  do {                                           \
    ::unihip::Status graph_s_ = (expr);          \
    if (!graph_s_.ok()) UNIHIP_RETURN(graph_s_); \
  } while (0)

// ---- Graphs ----

UNIHIP_EXPORT hipError_t hipGraphCreate(hipGraph_t* pGraph, unsigned int flags) {
  GRAPH_TRACE();
  GRAPH_INVALID_IF(pGraph == nullptr || flags != 0);
  Device* device = nullptr;
  GraphOps* ops = nullptr;
  GRAPH_CHECK(currentFamily(&device, &ops));
  NativeGraph native = nullptr;
  GRAPH_CHECK(ops->graphCreate(device->local, &native));
  *pGraph = unihip::graph::newGraph(device->ordinal, ops, native, true);
  UNIHIP_RETURN(kOk);
}

UNIHIP_EXPORT hipError_t hipGraphDestroy(hipGraph_t graph) {
  GRAPH_TRACE();
  GRAPH_INVALID_IF(graph == nullptr);
  GRAPH_CHECK(liveGraph(graph));
  // A child graph node's graph belongs to its node, a capture's graph to the capture until it
  // ends: neither is the caller's to destroy.
  GRAPH_INVALID_IF(!graph->owned);
  const NodeOps o = of(graph);
  GRAPH_CHECK(o.ops->graphDestroy(o.device, graph->native));
  unihip::graph::retireGraph(graph);
  UNIHIP_RETURN(kOk);
}

UNIHIP_EXPORT hipError_t hipGraphClone(hipGraph_t* pGraphClone, hipGraph_t originalGraph) {
  GRAPH_TRACE();
  GRAPH_INVALID_IF(pGraphClone == nullptr || originalGraph == nullptr);
  GRAPH_CHECK(liveGraph(originalGraph));
  const NodeOps o = of(originalGraph);
  NativeGraph native = nullptr;
  GRAPH_CHECK(o.ops->graphClone(o.device, originalGraph->native, &native));
  hipGraph_t clone = unihip::graph::newGraph(originalGraph->device, o.ops, native, true);
  // The clone's nodes keep what only unihip knows about the originals.
  for (hipGraphNode_t node : unihip::graph::annotatedNodes(originalGraph)) {
    NativeGraphNode copy = nullptr;
    if (!o.ops->graphNodeFindInClone(o.device, node->native, native, &copy).ok()) continue;
    hipGraphNode_t c = unihip::graph::nodeFor(clone, copy);
    c->typeOverride = node->typeOverride;
    c->kernelStub = node->kernelStub;
  }
  *pGraphClone = clone;
  UNIHIP_RETURN(kOk);
}

UNIHIP_EXPORT hipError_t hipGraphDebugDotPrint(hipGraph_t graph, const char* path,
                                               unsigned int flags) {
  GRAPH_TRACE();
  GRAPH_INVALID_IF(graph == nullptr || path == nullptr);
  GRAPH_CHECK(liveGraph(graph));
  const NodeOps o = of(graph);
  UNIHIP_RETURN(o.ops->graphDebugDotPrint(o.device, graph->native, path, flags));
}

UNIHIP_EXPORT hipError_t hipGraphGetNodes(hipGraph_t graph, hipGraphNode_t* nodes,
                                          size_t* numNodes) {
  GRAPH_TRACE();
  GRAPH_INVALID_IF(graph == nullptr || numNodes == nullptr);
  GRAPH_CHECK(liveGraph(graph));
  const NodeOps o = of(graph);
  std::vector<NativeGraphNode> natives;
  GRAPH_CHECK(o.ops->graphNodes(o.device, graph->native, &natives));
  UNIHIP_RETURN(answerNodes(graph, natives, nodes, numNodes));
}

UNIHIP_EXPORT hipError_t hipGraphGetRootNodes(hipGraph_t graph, hipGraphNode_t* pRootNodes,
                                              size_t* pNumRootNodes) {
  GRAPH_TRACE();
  GRAPH_INVALID_IF(graph == nullptr || pNumRootNodes == nullptr);
  GRAPH_CHECK(liveGraph(graph));
  const NodeOps o = of(graph);
  std::vector<NativeGraphNode> natives;
  GRAPH_CHECK(o.ops->graphRootNodes(o.device, graph->native, &natives));
  UNIHIP_RETURN(answerNodes(graph, natives, pRootNodes, pNumRootNodes));
}

UNIHIP_EXPORT hipError_t hipGraphGetEdges(hipGraph_t graph, hipGraphNode_t* from,
                                          hipGraphNode_t* to, size_t* numEdges) {
  GRAPH_TRACE();
  GRAPH_INVALID_IF(graph == nullptr || numEdges == nullptr || (from == nullptr) != (to == nullptr));
  GRAPH_CHECK(liveGraph(graph));
  const NodeOps o = of(graph);
  std::vector<NativeGraphNode> f, t;
  GRAPH_CHECK(o.ops->graphEdges(o.device, graph->native, &f, &t));
  if (from != nullptr) {
    for (size_t i = 0; i < *numEdges; ++i) {
      from[i] = i < f.size() ? unihip::graph::nodeFor(graph, f[i]) : nullptr;
      to[i] = i < t.size() ? unihip::graph::nodeFor(graph, t[i]) : nullptr;
    }
  }
  *numEdges = f.size();
  UNIHIP_RETURN(kOk);
}

UNIHIP_EXPORT hipError_t hipGraphAddDependencies(hipGraph_t graph, const hipGraphNode_t* from,
                                                 const hipGraphNode_t* to,
                                                 size_t numDependencies) {
  GRAPH_TRACE();
  GRAPH_INVALID_IF(graph == nullptr ||
                   (numDependencies > 0 && (from == nullptr || to == nullptr)));
  GRAPH_CHECK(liveGraph(graph));
  std::vector<NativeGraphNode> f, t;
  GRAPH_CHECK(nativeNodes(graph, from, numDependencies, &f));
  GRAPH_CHECK(nativeNodes(graph, to, numDependencies, &t));
  const NodeOps o = of(graph);
  UNIHIP_RETURN(o.ops->graphDependencies(o.device, graph->native, f.data(), t.data(),
                                         numDependencies, true));
}

UNIHIP_EXPORT hipError_t hipGraphRemoveDependencies(hipGraph_t graph, const hipGraphNode_t* from,
                                                    const hipGraphNode_t* to,
                                                    size_t numDependencies) {
  GRAPH_TRACE();
  GRAPH_INVALID_IF(graph == nullptr ||
                   (numDependencies > 0 && (from == nullptr || to == nullptr)));
  GRAPH_CHECK(liveGraph(graph));
  std::vector<NativeGraphNode> f, t;
  GRAPH_CHECK(nativeNodes(graph, from, numDependencies, &f));
  GRAPH_CHECK(nativeNodes(graph, to, numDependencies, &t));
  const NodeOps o = of(graph);
  UNIHIP_RETURN(o.ops->graphDependencies(o.device, graph->native, f.data(), t.data(),
                                         numDependencies, false));
}

// ---- Adding nodes ----

UNIHIP_EXPORT hipError_t hipGraphAddKernelNode(hipGraphNode_t* pGraphNode, hipGraph_t graph,
                                               const hipGraphNode_t* pDependencies,
                                               size_t numDependencies,
                                               const hipKernelNodeParams* pNodeParams) {
  GRAPH_TRACE();
  GRAPH_INVALID_IF(badAdd(pGraphNode, graph, pDependencies, numDependencies) ||
                   badKernelParams(pNodeParams));
  UNIHIP_RETURN(addKernel(pGraphNode, graph, pDependencies, numDependencies, *pNodeParams));
}

UNIHIP_EXPORT hipError_t hipGraphAddMemcpyNode1D(hipGraphNode_t* pGraphNode, hipGraph_t graph,
                                                 const hipGraphNode_t* pDependencies,
                                                 size_t numDependencies, void* dst,
                                                 const void* src, size_t count,
                                                 hipMemcpyKind kind) {
  GRAPH_TRACE();
  GRAPH_INVALID_IF(badAdd(pGraphNode, graph, pDependencies, numDependencies) || count == 0 ||
                   dst == nullptr || src == nullptr);
  GRAPH_FAIL_IF(badKind(kind), hipErrorInvalidMemcpyDirection);
  UNIHIP_RETURN(addCopy(pGraphNode, graph, pDependencies, numDependencies,
                        linearCopy(dst, src, count, kind)));
}

UNIHIP_EXPORT hipError_t hipGraphAddMemcpyNodeFromSymbol(hipGraphNode_t* pGraphNode,
                                                         hipGraph_t graph,
                                                         const hipGraphNode_t* pDependencies,
                                                         size_t numDependencies, void* dst,
                                                         const void* symbol, size_t count,
                                                         size_t offset, hipMemcpyKind kind) {
  GRAPH_TRACE();
  GRAPH_INVALID_IF(badAdd(pGraphNode, graph, pDependencies, numDependencies) || count == 0 ||
                   dst == nullptr);
  GRAPH_FAIL_IF(symbol == nullptr, hipErrorInvalidSymbol);
  GRAPH_CHECK(liveGraph(graph));
  hipMemcpy3DParms p;
  GRAPH_CHECK(symbolCopy(symbol, dst, count, offset, kind, false, &p));
  UNIHIP_RETURN(addCopy(pGraphNode, graph, pDependencies, numDependencies, p,
                        hipGraphNodeTypeMemcpyFromSymbol));
}

UNIHIP_EXPORT hipError_t hipGraphAddMemcpyNodeToSymbol(hipGraphNode_t* pGraphNode,
                                                       hipGraph_t graph,
                                                       const hipGraphNode_t* pDependencies,
                                                       size_t numDependencies,
                                                       const void* symbol, const void* src,
                                                       size_t count, size_t offset,
                                                       hipMemcpyKind kind) {
  GRAPH_TRACE();
  GRAPH_INVALID_IF(badAdd(pGraphNode, graph, pDependencies, numDependencies) || count == 0 ||
                   src == nullptr);
  GRAPH_FAIL_IF(symbol == nullptr, hipErrorInvalidSymbol);
  GRAPH_CHECK(liveGraph(graph));
  hipMemcpy3DParms p;
  GRAPH_CHECK(symbolCopy(symbol, const_cast<void*>(src), count, offset, kind, true, &p));
  UNIHIP_RETURN(addCopy(pGraphNode, graph, pDependencies, numDependencies, p,
                        hipGraphNodeTypeMemcpyToSymbol));
}

UNIHIP_EXPORT hipError_t hipGraphAddMemsetNode(hipGraphNode_t* pGraphNode, hipGraph_t graph,
                                               const hipGraphNode_t* pDependencies,
                                               size_t numDependencies,
                                               const hipMemsetParams* pMemsetParams) {
  GRAPH_TRACE();
  GRAPH_INVALID_IF(badAdd(pGraphNode, graph, pDependencies, numDependencies) ||
                   badMemsetParams(pMemsetParams));
  UNIHIP_RETURN(addMemset(pGraphNode, graph, pDependencies, numDependencies, *pMemsetParams));
}

UNIHIP_EXPORT hipError_t hipGraphAddHostNode(hipGraphNode_t* pGraphNode, hipGraph_t graph,
                                             const hipGraphNode_t* pDependencies,
                                             size_t numDependencies,
                                             const hipHostNodeParams* pNodeParams) {
  GRAPH_TRACE();
  GRAPH_INVALID_IF(badAdd(pGraphNode, graph, pDependencies, numDependencies) ||
                   pNodeParams == nullptr || pNodeParams->fn == nullptr);
  UNIHIP_RETURN(addHost(pGraphNode, graph, pDependencies, numDependencies, *pNodeParams));
}

UNIHIP_EXPORT hipError_t hipGraphAddChildGraphNode(hipGraphNode_t* pGraphNode, hipGraph_t graph,
                                                   const hipGraphNode_t* pDependencies,
                                                   size_t numDependencies, hipGraph_t childGraph) {
  GRAPH_TRACE();
  GRAPH_INVALID_IF(badAdd(pGraphNode, graph, pDependencies, numDependencies) ||
                   childGraph == nullptr);
  UNIHIP_RETURN(addChild(pGraphNode, graph, pDependencies, numDependencies, childGraph));
}

UNIHIP_EXPORT hipError_t hipGraphAddEmptyNode(hipGraphNode_t* pGraphNode, hipGraph_t graph,
                                              const hipGraphNode_t* pDependencies,
                                              size_t numDependencies) {
  GRAPH_TRACE();
  GRAPH_INVALID_IF(badAdd(pGraphNode, graph, pDependencies, numDependencies));
  UNIHIP_RETURN(addNode(pGraphNode, graph, pDependencies, numDependencies,
                        [](GraphOps& ops, int d, const NodePlace& at, NativeGraphNode* node) {
                          return ops.addEmptyNode(d, at, node);
                        }));
}

UNIHIP_EXPORT hipError_t hipGraphAddEventRecordNode(hipGraphNode_t* pGraphNode, hipGraph_t graph,
                                                    const hipGraphNode_t* pDependencies,
                                                    size_t numDependencies, hipEvent_t event) {
  GRAPH_TRACE();
  GRAPH_INVALID_IF(badAdd(pGraphNode, graph, pDependencies, numDependencies) || event == nullptr);
  UNIHIP_RETURN(addEvent(pGraphNode, graph, pDependencies, numDependencies, event, true));
}

UNIHIP_EXPORT hipError_t hipGraphAddEventWaitNode(hipGraphNode_t* pGraphNode, hipGraph_t graph,
                                                  const hipGraphNode_t* pDependencies,
                                                  size_t numDependencies, hipEvent_t event) {
  GRAPH_TRACE();
  GRAPH_INVALID_IF(badAdd(pGraphNode, graph, pDependencies, numDependencies) || event == nullptr);
  UNIHIP_RETURN(addEvent(pGraphNode, graph, pDependencies, numDependencies, event, false));
}

// Free nodes also reject a dependency list with a zero count.
UNIHIP_EXPORT hipError_t hipGraphAddMemFreeNode(hipGraphNode_t* pGraphNode, hipGraph_t graph,
                                                const hipGraphNode_t* pDependencies,
                                                size_t numDependencies, void* dev_ptr) {
  GRAPH_TRACE();
  GRAPH_INVALID_IF(badAdd(pGraphNode, graph, pDependencies, numDependencies) ||
                   (pDependencies != nullptr && numDependencies == 0) || dev_ptr == nullptr);
  UNIHIP_RETURN(addFree(pGraphNode, graph, pDependencies, numDependencies, dev_ptr));
}

UNIHIP_EXPORT hipError_t hipDrvGraphAddMemFreeNode(hipGraphNode_t* phGraphNode, hipGraph_t hGraph,
                                                   const hipGraphNode_t* dependencies,
                                                   size_t numDependencies, hipDeviceptr_t dptr) {
  GRAPH_TRACE();
  GRAPH_INVALID_IF(badAdd(phGraphNode, hGraph, dependencies, numDependencies) ||
                   (dependencies != nullptr && numDependencies == 0) || dptr == nullptr);
  UNIHIP_RETURN(addFree(phGraphNode, hGraph, dependencies, numDependencies, dptr));
}

// ---- Nodes ----

UNIHIP_EXPORT hipError_t hipGraphDestroyNode(hipGraphNode_t node) {
  GRAPH_TRACE();
  GRAPH_INVALID_IF(node == nullptr);
  GRAPH_CHECK(liveNode(node));
  const NodeOps o = of(node);
  GRAPH_CHECK(o.ops->nodeDestroy(o.device, node->native));
  forgetSemaphoreNode(node);
  unihip::graph::retireNode(node);
  UNIHIP_RETURN(kOk);
}

UNIHIP_EXPORT hipError_t hipGraphNodeGetType(hipGraphNode_t node, hipGraphNodeType* pType) {
  GRAPH_TRACE();
  GRAPH_INVALID_IF(node == nullptr || pType == nullptr);
  GRAPH_CHECK(liveNode(node));
  if (node->typeOverride >= 0) {
    *pType = static_cast<hipGraphNodeType>(node->typeOverride);
    UNIHIP_RETURN(kOk);
  }
  const NodeOps o = of(node);
  UNIHIP_RETURN(o.ops->nodeType(o.device, node->native, pType));
}

UNIHIP_EXPORT hipError_t hipGraphNodeGetDependencies(hipGraphNode_t node,
                                                     hipGraphNode_t* pDependencies,
                                                     size_t* pNumDependencies) {
  GRAPH_TRACE();
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
  GRAPH_TRACE();
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
  GRAPH_TRACE();
  GRAPH_INVALID_IF(pNode == nullptr || originalNode == nullptr || clonedGraph == nullptr);
  GRAPH_CHECK(liveNode(originalNode));
  GRAPH_CHECK(liveGraph(clonedGraph));
  const NodeOps o = of(clonedGraph);
  NativeGraphNode native = nullptr;
  GRAPH_CHECK(o.ops->graphNodeFindInClone(o.device, originalNode->native, clonedGraph->native,
                                          &native));
  *pNode = unihip::graph::nodeFor(clonedGraph, native);
  (*pNode)->typeOverride = originalNode->typeOverride;
  (*pNode)->kernelStub = originalNode->kernelStub;
  UNIHIP_RETURN(kOk);
}

UNIHIP_EXPORT hipError_t hipGraphKernelNodeGetParams(hipGraphNode_t node,
                                                     hipKernelNodeParams* pNodeParams) {
  GRAPH_TRACE();
  GRAPH_INVALID_IF(node == nullptr || pNodeParams == nullptr);
  GRAPH_CHECK(liveNode(node));
  const NodeOps o = of(node);
  KernelNodeArgs a;
  GRAPH_CHECK(o.ops->kernelNodeParams(o.device, node->native, &a));
  if (node->kernelStub == nullptr) unihip::graph::rememberFunction(a.function);
  *pNodeParams = kernelParams(a, node->kernelStub);
  UNIHIP_RETURN(kOk);
}

UNIHIP_EXPORT hipError_t hipGraphKernelNodeSetParams(hipGraphNode_t node,
                                                     const hipKernelNodeParams* pNodeParams) {
  GRAPH_TRACE();
  GRAPH_INVALID_IF(node == nullptr || badKernelParams(pNodeParams));
  UNIHIP_RETURN(setKernel(nullptr, node, *pNodeParams));
}

UNIHIP_EXPORT hipError_t hipGraphKernelNodeGetAttribute(hipGraphNode_t hNode,
                                                        hipKernelNodeAttrID attr,
                                                        hipKernelNodeAttrValue* value) {
  GRAPH_TRACE();
  GRAPH_INVALID_IF(hNode == nullptr || value == nullptr || badAttribute(attr));
  GRAPH_CHECK(liveNode(hNode));
  const NodeOps o = of(hNode);
  UNIHIP_RETURN(o.ops->kernelNodeAttribute(o.device, hNode->native, attr, value));
}

UNIHIP_EXPORT hipError_t hipGraphKernelNodeSetAttribute(hipGraphNode_t hNode,
                                                        hipKernelNodeAttrID attr,
                                                        const hipKernelNodeAttrValue* value) {
  GRAPH_TRACE();
  GRAPH_INVALID_IF(hNode == nullptr || value == nullptr || badAttribute(attr));
  GRAPH_CHECK(liveNode(hNode));
  const NodeOps o = of(hNode);
  UNIHIP_RETURN(o.ops->setKernelNodeAttribute(o.device, hNode->native, attr, *value));
}

UNIHIP_EXPORT hipError_t hipGraphKernelNodeCopyAttributes(hipGraphNode_t hSrc,
                                                          hipGraphNode_t hDst) {
  GRAPH_TRACE();
  GRAPH_INVALID_IF(hSrc == nullptr || hDst == nullptr);
  GRAPH_CHECK(liveNode(hSrc));
  GRAPH_CHECK(liveNode(hDst));
  const NodeOps o = of(hSrc);
  UNIHIP_RETURN(o.ops->copyKernelNodeAttributes(o.device, hSrc->native, hDst->native));
}

UNIHIP_EXPORT hipError_t hipGraphMemcpyNodeSetParams1D(hipGraphNode_t node, void* dst,
                                                       const void* src, size_t count,
                                                       hipMemcpyKind kind) {
  GRAPH_TRACE();
  GRAPH_INVALID_IF(node == nullptr || dst == nullptr || src == nullptr || count == 0 ||
                   src == dst);
  UNIHIP_RETURN(setCopy(nullptr, node, linearCopy(dst, src, count, kind)));
}

UNIHIP_EXPORT hipError_t hipGraphMemcpyNodeSetParamsFromSymbol(hipGraphNode_t node, void* dst,
                                                               const void* symbol, size_t count,
                                                               size_t offset,
                                                               hipMemcpyKind kind) {
  GRAPH_TRACE();
  GRAPH_FAIL_IF(symbol == nullptr, hipErrorInvalidSymbol);
  GRAPH_INVALID_IF(node == nullptr || dst == nullptr || count == 0 || symbol == dst);
  GRAPH_CHECK(liveNode(node));
  hipMemcpy3DParms p;
  GRAPH_CHECK(symbolCopy(symbol, dst, count, offset, kind, false, &p));
  UNIHIP_RETURN(setCopy(nullptr, node, p));
}

UNIHIP_EXPORT hipError_t hipGraphMemcpyNodeSetParamsToSymbol(hipGraphNode_t node,
                                                             const void* symbol, const void* src,
                                                             size_t count, size_t offset,
                                                             hipMemcpyKind kind) {
  GRAPH_TRACE();
  GRAPH_FAIL_IF(symbol == nullptr, hipErrorInvalidSymbol);
  GRAPH_INVALID_IF(node == nullptr || src == nullptr || count == 0 || symbol == src);
  GRAPH_CHECK(liveNode(node));
  hipMemcpy3DParms p;
  GRAPH_CHECK(symbolCopy(symbol, const_cast<void*>(src), count, offset, kind, true, &p));
  UNIHIP_RETURN(setCopy(nullptr, node, p));
}

UNIHIP_EXPORT hipError_t hipGraphMemsetNodeGetParams(hipGraphNode_t node,
                                                     hipMemsetParams* pNodeParams) {
  GRAPH_TRACE();
  GRAPH_INVALID_IF(node == nullptr || pNodeParams == nullptr);
  GRAPH_CHECK(liveNode(node));
  const NodeOps o = of(node);
  UNIHIP_RETURN(o.ops->memsetNodeParams(o.device, node->native, pNodeParams));
}

UNIHIP_EXPORT hipError_t hipGraphMemsetNodeSetParams(hipGraphNode_t node,
                                                     const hipMemsetParams* pNodeParams) {
  GRAPH_TRACE();
  GRAPH_INVALID_IF(node == nullptr || pNodeParams == nullptr ||
                   (pNodeParams->height > 1 &&
                    pNodeParams->pitch < pNodeParams->width * pNodeParams->elementSize));
  GRAPH_INVALID_IF(badMemsetParams(pNodeParams));
  UNIHIP_RETURN(setMemset(nullptr, node, *pNodeParams));
}

UNIHIP_EXPORT hipError_t hipGraphHostNodeGetParams(hipGraphNode_t node,
                                                   hipHostNodeParams* pNodeParams) {
  GRAPH_TRACE();
  GRAPH_INVALID_IF(node == nullptr || pNodeParams == nullptr);
  GRAPH_CHECK(liveNode(node));
  const NodeOps o = of(node);
  UNIHIP_RETURN(o.ops->hostNodeParams(o.device, node->native, pNodeParams));
}

UNIHIP_EXPORT hipError_t hipGraphHostNodeSetParams(hipGraphNode_t node,
                                                   const hipHostNodeParams* pNodeParams) {
  GRAPH_TRACE();
  GRAPH_INVALID_IF(node == nullptr || pNodeParams == nullptr || pNodeParams->fn == nullptr);
  UNIHIP_RETURN(setHost(nullptr, node, *pNodeParams));
}

UNIHIP_EXPORT hipError_t hipGraphChildGraphNodeGetGraph(hipGraphNode_t node, hipGraph_t* pGraph) {
  GRAPH_TRACE();
  GRAPH_INVALID_IF(node == nullptr || pGraph == nullptr);
  GRAPH_CHECK(liveNode(node));
  const NodeOps o = of(node);
  NativeGraph native = nullptr;
  GRAPH_CHECK(o.ops->childGraph(o.device, node->native, &native));
  *pGraph = unihip::graph::childView(node, native);
  UNIHIP_RETURN(kOk);
}

UNIHIP_EXPORT hipError_t hipGraphEventRecordNodeGetEvent(hipGraphNode_t node,
                                                         hipEvent_t* event_out) {
  GRAPH_TRACE();
  GRAPH_INVALID_IF(node == nullptr || event_out == nullptr);
  UNIHIP_RETURN(getEvent(node, event_out, true));
}

UNIHIP_EXPORT hipError_t hipGraphEventRecordNodeSetEvent(hipGraphNode_t node, hipEvent_t event) {
  GRAPH_TRACE();
  GRAPH_INVALID_IF(node == nullptr || event == nullptr);
  UNIHIP_RETURN(setEvent(nullptr, node, event, true));
}

UNIHIP_EXPORT hipError_t hipGraphEventWaitNodeGetEvent(hipGraphNode_t node,
                                                       hipEvent_t* event_out) {
  GRAPH_TRACE();
  GRAPH_INVALID_IF(node == nullptr || event_out == nullptr);
  UNIHIP_RETURN(getEvent(node, event_out, false));
}

UNIHIP_EXPORT hipError_t hipGraphEventWaitNodeSetEvent(hipGraphNode_t node, hipEvent_t event) {
  GRAPH_TRACE();
  GRAPH_INVALID_IF(node == nullptr || event == nullptr);
  UNIHIP_RETURN(setEvent(nullptr, node, event, false));
}

UNIHIP_EXPORT hipError_t hipGraphMemFreeNodeGetParams(hipGraphNode_t node, void* dev_ptr) {
  GRAPH_TRACE();
  GRAPH_INVALID_IF(node == nullptr || dev_ptr == nullptr);
  GRAPH_CHECK(liveNode(node));
  const NodeOps o = of(node);
  UNIHIP_RETURN(o.ops->memFreeNodeParams(o.device, node->native, static_cast<void**>(dev_ptr)));
}

// ---- Executable graphs ----

UNIHIP_EXPORT hipError_t hipGraphInstantiate(hipGraphExec_t* pGraphExec, hipGraph_t graph,
                                             hipGraphNode_t* pErrorNode, char* pLogBuffer,
                                             size_t bufferSize) {
  GRAPH_TRACE();
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
  GRAPH_TRACE();
  GRAPH_INVALID_IF(pGraphExec == nullptr || graph == nullptr);
  GRAPH_INVALID_IF(flags != 0 && flags != hipGraphInstantiateFlagAutoFreeOnLaunch &&
                   flags != hipGraphInstantiateFlagUseNodePriority);
  hipGraphInstantiateParams p{};
  p.flags = flags;
  UNIHIP_RETURN(instantiate(pGraphExec, graph, &p));
}

UNIHIP_EXPORT hipError_t hipGraphInstantiateWithParams(
    hipGraphExec_t* pGraphExec, hipGraph_t graph, hipGraphInstantiateParams* instantiateParams) {
  GRAPH_TRACE();
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
  GRAPH_TRACE();
  GRAPH_INVALID_IF(graphExec == nullptr);
  GRAPH_FAIL_IF(!checkStream(stream).ok(), hipErrorContextIsDestroyed);
  UNIHIP_RETURN(launch(graphExec, stream, false));
}

UNIHIP_EXPORT hipError_t hipGraphLaunch_spt(hipGraphExec_t graphExec, hipStream_t stream) {
  GRAPH_TRACE();
  GRAPH_INVALID_IF(graphExec == nullptr);
  GRAPH_FAIL_IF(!checkStream(unihipPerThreadStream(stream)).ok(), hipErrorContextIsDestroyed);
  UNIHIP_RETURN(launch(graphExec, unihipPerThreadStream(stream), false));
}

UNIHIP_EXPORT hipError_t hipGraphUpload(hipGraphExec_t graphExec, hipStream_t stream) {
  GRAPH_TRACE();
  GRAPH_INVALID_IF(graphExec == nullptr);
  UNIHIP_RETURN(launch(graphExec, stream, true));
}

UNIHIP_EXPORT hipError_t hipGraphExecDestroy(hipGraphExec_t graphExec) {
  GRAPH_TRACE();
  GRAPH_INVALID_IF(graphExec == nullptr);
  GRAPH_CHECK(liveExec(graphExec));
  const NodeOps o = of(graphExec);
  GRAPH_CHECK(o.ops->execDestroy(o.device, graphExec->native));
  unihip::graph::retireExec(graphExec);
  UNIHIP_RETURN(kOk);
}

UNIHIP_EXPORT hipError_t hipGraphExecGetFlags(hipGraphExec_t graphExec,
                                              unsigned long long* flags) {
  GRAPH_TRACE();
  GRAPH_INVALID_IF(graphExec == nullptr || flags == nullptr);
  GRAPH_CHECK(liveExec(graphExec));
  *flags = graphExec->flags;  // as instantiated, upload included (AMD's runtime keeps them all)
  UNIHIP_RETURN(kOk);
}

UNIHIP_EXPORT hipError_t hipGraphExecUpdate(hipGraphExec_t hGraphExec, hipGraph_t hGraph,
                                            hipGraphNode_t* hErrorNode_out,
                                            hipGraphExecUpdateResult* updateResult_out) {
  GRAPH_TRACE();
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

UNIHIP_EXPORT hipError_t hipGraphExecKernelNodeSetParams(hipGraphExec_t hGraphExec,
                                                         hipGraphNode_t node,
                                                         const hipKernelNodeParams* pNodeParams) {
  GRAPH_TRACE();
  GRAPH_INVALID_IF(hGraphExec == nullptr || node == nullptr || badKernelParams(pNodeParams));
  GRAPH_CHECK(liveExec(hGraphExec));
  UNIHIP_RETURN(setKernel(hGraphExec, node, *pNodeParams));
}

UNIHIP_EXPORT hipError_t hipGraphExecMemcpyNodeSetParams1D(hipGraphExec_t hGraphExec,
                                                           hipGraphNode_t node, void* dst,
                                                           const void* src, size_t count,
                                                           hipMemcpyKind kind) {
  GRAPH_TRACE();
  GRAPH_INVALID_IF(hGraphExec == nullptr || node == nullptr || dst == nullptr || src == nullptr ||
                   count == 0 || src == dst);
  GRAPH_CHECK(liveExec(hGraphExec));
  UNIHIP_RETURN(setCopy(hGraphExec, node, linearCopy(dst, src, count, kind)));
}

UNIHIP_EXPORT hipError_t hipGraphExecMemcpyNodeSetParamsFromSymbol(
    hipGraphExec_t hGraphExec, hipGraphNode_t node, void* dst, const void* symbol, size_t count,
    size_t offset, hipMemcpyKind kind) {
  GRAPH_TRACE();
  GRAPH_FAIL_IF(symbol == nullptr, hipErrorInvalidSymbol);
  GRAPH_INVALID_IF(hGraphExec == nullptr || node == nullptr || dst == nullptr || count == 0 ||
                   symbol == dst);
  GRAPH_CHECK(liveExec(hGraphExec));
  GRAPH_CHECK(liveNode(node));
  hipMemcpy3DParms p;
  GRAPH_CHECK(symbolCopy(symbol, dst, count, offset, kind, false, &p));
  UNIHIP_RETURN(setCopy(hGraphExec, node, p));
}

UNIHIP_EXPORT hipError_t hipGraphExecMemcpyNodeSetParamsToSymbol(
    hipGraphExec_t hGraphExec, hipGraphNode_t node, const void* symbol, const void* src,
    size_t count, size_t offset, hipMemcpyKind kind) {
  GRAPH_TRACE();
  GRAPH_FAIL_IF(symbol == nullptr, hipErrorInvalidSymbol);
  GRAPH_INVALID_IF(hGraphExec == nullptr || node == nullptr || src == nullptr || count == 0 ||
                   symbol == src);
  GRAPH_CHECK(liveExec(hGraphExec));
  GRAPH_CHECK(liveNode(node));
  hipMemcpy3DParms p;
  GRAPH_CHECK(symbolCopy(symbol, const_cast<void*>(src), count, offset, kind, true, &p));
  UNIHIP_RETURN(setCopy(hGraphExec, node, p));
}

UNIHIP_EXPORT hipError_t hipGraphExecMemsetNodeSetParams(hipGraphExec_t hGraphExec,
                                                         hipGraphNode_t node,
                                                         const hipMemsetParams* pNodeParams) {
  GRAPH_TRACE();
  GRAPH_INVALID_IF(hGraphExec == nullptr || node == nullptr || badMemsetParams(pNodeParams));
  GRAPH_CHECK(liveExec(hGraphExec));
  UNIHIP_RETURN(setMemset(hGraphExec, node, *pNodeParams));
}

UNIHIP_EXPORT hipError_t hipGraphExecHostNodeSetParams(hipGraphExec_t hGraphExec,
                                                       hipGraphNode_t node,
                                                       const hipHostNodeParams* pNodeParams) {
  GRAPH_TRACE();
  GRAPH_INVALID_IF(hGraphExec == nullptr || node == nullptr || pNodeParams == nullptr ||
                   pNodeParams->fn == nullptr);
  GRAPH_CHECK(liveExec(hGraphExec));
  UNIHIP_RETURN(setHost(hGraphExec, node, *pNodeParams));
}

UNIHIP_EXPORT hipError_t hipGraphExecChildGraphNodeSetParams(hipGraphExec_t hGraphExec,
                                                             hipGraphNode_t node,
                                                             hipGraph_t childGraph) {
  GRAPH_TRACE();
  GRAPH_INVALID_IF(hGraphExec == nullptr || node == nullptr || childGraph == nullptr);
  GRAPH_CHECK(liveExec(hGraphExec));
  hipGraphNodeParams p{};
  p.type = hipGraphNodeTypeGraph;
  p.graph.graph = childGraph;
  UNIHIP_RETURN(setAny(hGraphExec, node, p));
}

UNIHIP_EXPORT hipError_t hipGraphExecEventRecordNodeSetEvent(hipGraphExec_t hGraphExec,
                                                             hipGraphNode_t hNode,
                                                             hipEvent_t event) {
  GRAPH_TRACE();
  GRAPH_INVALID_IF(hGraphExec == nullptr || hNode == nullptr || event == nullptr);
  GRAPH_CHECK(liveExec(hGraphExec));
  UNIHIP_RETURN(setEvent(hGraphExec, hNode, event, true));
}

UNIHIP_EXPORT hipError_t hipGraphExecEventWaitNodeSetEvent(hipGraphExec_t hGraphExec,
                                                           hipGraphNode_t hNode,
                                                           hipEvent_t event) {
  GRAPH_TRACE();
  GRAPH_INVALID_IF(hGraphExec == nullptr || hNode == nullptr || event == nullptr);
  GRAPH_CHECK(liveExec(hGraphExec));
  UNIHIP_RETURN(setEvent(hGraphExec, hNode, event, false));
}

UNIHIP_EXPORT hipError_t hipGraphNodeSetEnabled(hipGraphExec_t hGraphExec, hipGraphNode_t hNode,
                                                unsigned int isEnabled) {
  GRAPH_TRACE();
  GRAPH_INVALID_IF(hGraphExec == nullptr || hNode == nullptr);
  GRAPH_CHECK(liveExec(hGraphExec));
  GRAPH_CHECK(liveNode(hNode));
  const NodeOps o = of(hGraphExec);
  UNIHIP_RETURN(o.ops->nodeSetEnabled(o.device, hGraphExec->native, hNode->native, isEnabled));
}

UNIHIP_EXPORT hipError_t hipGraphNodeGetEnabled(hipGraphExec_t hGraphExec, hipGraphNode_t hNode,
                                                unsigned int* isEnabled) {
  GRAPH_TRACE();
  GRAPH_INVALID_IF(hGraphExec == nullptr || hNode == nullptr || isEnabled == nullptr);
  GRAPH_CHECK(liveExec(hGraphExec));
  GRAPH_CHECK(liveNode(hNode));
  const NodeOps o = of(hGraphExec);
  UNIHIP_RETURN(o.ops->nodeEnabled(o.device, hGraphExec->native, hNode->native, isEnabled));
}

// ---- Graph memory ----

UNIHIP_EXPORT hipError_t hipDeviceGetGraphMemAttribute(int device, hipGraphMemAttributeType attr,
                                                       void* value) {
  GRAPH_TRACE();
  GRAPH_FAIL_IF(!checkDevice(device).ok(), hipErrorInvalidDevice);
  GRAPH_INVALID_IF(value == nullptr || attr < hipGraphMemAttrUsedMemCurrent ||
                   attr > hipGraphMemAttrReservedMemHigh);
  GraphOps* ops = nullptr;
  const Device* d = nullptr;
  GRAPH_CHECK(deviceFamily(device, &d, &ops));
  UNIHIP_RETURN(ops->graphMemAttribute(d->local, attr, value, false));
}

// Only the high watermarks can be set (reset).
UNIHIP_EXPORT hipError_t hipDeviceSetGraphMemAttribute(int device, hipGraphMemAttributeType attr,
                                                       void* value) {
  GRAPH_TRACE();
  GRAPH_FAIL_IF(!checkDevice(device).ok(), hipErrorInvalidDevice);
  GRAPH_INVALID_IF(value == nullptr || (attr != hipGraphMemAttrUsedMemHigh &&
                                        attr != hipGraphMemAttrReservedMemHigh));
  GraphOps* ops = nullptr;
  const Device* d = nullptr;
  GRAPH_CHECK(deviceFamily(device, &d, &ops));
  UNIHIP_RETURN(ops->graphMemAttribute(d->local, attr, value, true));
}

UNIHIP_EXPORT hipError_t hipDeviceGraphMemTrim(int device) {
  GRAPH_TRACE();
  GRAPH_FAIL_IF(!checkDevice(device).ok(), hipErrorInvalidDevice);
  GraphOps* ops = nullptr;
  const Device* d = nullptr;
  GRAPH_CHECK(deviceFamily(device, &d, &ops));
  UNIHIP_RETURN(ops->graphMemTrim(d->local));
}

Status memory::freeGraphAllocation(Device* d, void* ptr, NativeStream stream) {
  GraphOps* ops = d->backend->graphs();
  if (ops == nullptr) return hipErrorInvalidValue;
  if (stream == nullptr) UNIHIP_TRY(d->backend->deviceSynchronize(d->local));
  return ops->freeGraphMemory(d->local, ptr, stream);
}

// ---- User objects ----

UNIHIP_EXPORT hipError_t hipUserObjectCreate(hipUserObject_t* object_out, void* ptr,
                                             hipHostFn_t destroy, unsigned int initialRefcount,
                                             unsigned int flags) {
  GRAPH_TRACE();
  GRAPH_INVALID_IF(object_out == nullptr || flags != hipUserObjectNoDestructorSync ||
                   badCount(initialRefcount) || destroy == nullptr);
  Device* device = nullptr;
  GraphOps* ops = nullptr;
  GRAPH_CHECK(currentFamily(&device, &ops));
  NativeUserObject native = nullptr;
  GRAPH_CHECK(ops->userObjectCreate(device->local, ptr, destroy, initialRefcount, flags, &native));
  *object_out = unihip::graph::newUserObject(device->ordinal, ops, native, initialRefcount);
  UNIHIP_RETURN(kOk);
}

UNIHIP_EXPORT hipError_t hipUserObjectRelease(hipUserObject_t object, unsigned int count) {
  GRAPH_TRACE();
  GRAPH_INVALID_IF(object == nullptr || badCount(count));
  GRAPH_INVALID_IF(!isLive(object));
  const int device = localOf(object->device);
  GraphOps* ops = object->ops;
  const NativeUserObject native = object->native;
  GRAPH_INVALID_IF(!unihip::graph::userRelease(object, count));
  UNIHIP_RETURN(ops->userObjectRefs(device, native, -static_cast<long long>(count)));
}

UNIHIP_EXPORT hipError_t hipUserObjectRetain(hipUserObject_t object, unsigned int count) {
  GRAPH_TRACE();
  GRAPH_INVALID_IF(object == nullptr || badCount(count));
  GRAPH_INVALID_IF(!isLive(object));
  GRAPH_CHECK(object->ops->userObjectRefs(localOf(object->device), object->native, count));
  unihip::graph::userRetain(object, count);
  UNIHIP_RETURN(kOk);
}

UNIHIP_EXPORT hipError_t hipGraphRetainUserObject(hipGraph_t graph, hipUserObject_t object,
                                                  unsigned int count, unsigned int flags) {
  GRAPH_TRACE();
  GRAPH_INVALID_IF(graph == nullptr || object == nullptr || badCount(count) ||
                   (flags != 0 && flags != hipGraphUserObjectMove));
  GRAPH_CHECK(liveGraph(graph));
  GRAPH_INVALID_IF(!isLive(object));
  const NodeOps o = of(graph);
  GRAPH_CHECK(o.ops->graphUserObjectRefs(o.device, graph->native, object->native, count, flags));
  unihip::graph::graphRetain(graph, object, count, flags == hipGraphUserObjectMove);
  UNIHIP_RETURN(kOk);
}

UNIHIP_EXPORT hipError_t hipGraphReleaseUserObject(hipGraph_t graph, hipUserObject_t object,
                                                   unsigned int count) {
  GRAPH_TRACE();
  GRAPH_INVALID_IF(graph == nullptr || object == nullptr || badCount(count));
  GRAPH_CHECK(liveGraph(graph));
  GRAPH_INVALID_IF(!isLive(object));
  const NodeOps o = of(graph);
  const NativeUserObject native = object->native;
  GRAPH_INVALID_IF(!unihip::graph::graphRelease(graph, object, count));
  UNIHIP_RETURN(o.ops->graphUserObjectRefs(o.device, graph->native, native,
                                           -static_cast<long long>(count), 0));
}

// ---- Nodes with copy, allocation and external-semaphore parameters ----

UNIHIP_EXPORT hipError_t hipGraphAddMemcpyNode(hipGraphNode_t* pGraphNode, hipGraph_t graph,
                                               const hipGraphNode_t* pDependencies,
                                               size_t numDependencies,
                                               const hipMemcpy3DParms* pCopyParams) {
  GRAPH_TRACE();
  GRAPH_INVALID_IF(badAdd(pGraphNode, graph, pDependencies, numDependencies) ||
                   badCopy(pCopyParams));
  UNIHIP_RETURN(addCopy(pGraphNode, graph, pDependencies, numDependencies, *pCopyParams));
}

UNIHIP_EXPORT hipError_t hipGraphAddMemAllocNode(hipGraphNode_t* pGraphNode, hipGraph_t graph,
                                                 const hipGraphNode_t* pDependencies,
                                                 size_t numDependencies,
                                                 hipMemAllocNodeParams* pNodeParams) {
  GRAPH_TRACE();
  GRAPH_INVALID_IF(badAdd(pGraphNode, graph, pDependencies, numDependencies) ||
                   pNodeParams == nullptr);
  pNodeParams->dptr = nullptr;  // no stale address on failure, as in AMD's runtime
  GRAPH_INVALID_IF(badAlloc(*pNodeParams));
  UNIHIP_RETURN(addAlloc(pGraphNode, graph, pDependencies, numDependencies, pNodeParams));
}

UNIHIP_EXPORT hipError_t hipGraphAddExternalSemaphoresSignalNode(
    hipGraphNode_t* pGraphNode, hipGraph_t graph, const hipGraphNode_t* pDependencies,
    size_t numDependencies, const hipExternalSemaphoreSignalNodeParams* nodeParams) {
  GRAPH_TRACE();
  GRAPH_INVALID_IF(badAdd(pGraphNode, graph, pDependencies, numDependencies) ||
                   nodeParams == nullptr);
  UNIHIP_RETURN(
      addSemaphoreNode(pGraphNode, graph, pDependencies, numDependencies, *nodeParams));
}

UNIHIP_EXPORT hipError_t hipGraphAddExternalSemaphoresWaitNode(
    hipGraphNode_t* pGraphNode, hipGraph_t graph, const hipGraphNode_t* pDependencies,
    size_t numDependencies, const hipExternalSemaphoreWaitNodeParams* nodeParams) {
  GRAPH_TRACE();
  GRAPH_INVALID_IF(badAdd(pGraphNode, graph, pDependencies, numDependencies) ||
                   nodeParams == nullptr);
  UNIHIP_RETURN(
      addSemaphoreNode(pGraphNode, graph, pDependencies, numDependencies, *nodeParams));
}

UNIHIP_EXPORT hipError_t hipGraphAddNode(hipGraphNode_t* pGraphNode, hipGraph_t graph,
                                         const hipGraphNode_t* pDependencies,
                                         size_t numDependencies, hipGraphNodeParams* nodeParams) {
  GRAPH_TRACE();
  GRAPH_INVALID_IF(badAdd(pGraphNode, graph, pDependencies, numDependencies) ||
                   nodeParams == nullptr);
  GRAPH_CHECK(checkNodeParams(*nodeParams, true));
  GRAPH_CHECK(addAny(pGraphNode, graph, pDependencies, numDependencies, nodeParams));
  UNIHIP_RETURN(kOk);
}

UNIHIP_EXPORT hipError_t hipGraphNodeSetParams(hipGraphNode_t node,
                                               hipGraphNodeParams* nodeParams) {
  GRAPH_TRACE();
  GRAPH_INVALID_IF(node == nullptr || nodeParams == nullptr);
  GRAPH_CHECK(checkNodeParams(*nodeParams, false));
  UNIHIP_RETURN(setAny(nullptr, node, *nodeParams));
}

UNIHIP_EXPORT hipError_t hipGraphExecNodeSetParams(hipGraphExec_t graphExec, hipGraphNode_t node,
                                                   hipGraphNodeParams* nodeParams) {
  GRAPH_TRACE();
  GRAPH_INVALID_IF(graphExec == nullptr || node == nullptr || nodeParams == nullptr);
  GRAPH_CHECK(checkNodeParams(*nodeParams, false));
  GRAPH_CHECK(liveExec(graphExec));
  UNIHIP_RETURN(setAny(graphExec, node, *nodeParams));
}

UNIHIP_EXPORT hipError_t hipGraphMemcpyNodeGetParams(hipGraphNode_t node,
                                                     hipMemcpy3DParms* pNodeParams) {
  GRAPH_TRACE();
  GRAPH_INVALID_IF(node == nullptr || pNodeParams == nullptr);
  GRAPH_CHECK(liveNode(node));
  const NodeOps o = of(node);
  UNIHIP_RETURN(o.ops->memcpyNodeParams(o.device, node->native, pNodeParams));
}

UNIHIP_EXPORT hipError_t hipGraphMemcpyNodeSetParams(hipGraphNode_t node,
                                                     const hipMemcpy3DParms* pNodeParams) {
  GRAPH_TRACE();
  GRAPH_INVALID_IF(node == nullptr || pNodeParams == nullptr);
  UNIHIP_RETURN(setCopy(nullptr, node, *pNodeParams));
}

UNIHIP_EXPORT hipError_t hipGraphExecMemcpyNodeSetParams(hipGraphExec_t hGraphExec,
                                                         hipGraphNode_t node,
                                                         hipMemcpy3DParms* pNodeParams) {
  GRAPH_TRACE();
  GRAPH_INVALID_IF(hGraphExec == nullptr || node == nullptr || badCopy(pNodeParams));
  GRAPH_CHECK(liveExec(hGraphExec));
  UNIHIP_RETURN(setCopy(hGraphExec, node, *pNodeParams));
}

UNIHIP_EXPORT hipError_t hipDrvGraphMemcpyNodeGetParams(hipGraphNode_t hNode,
                                                        HIP_MEMCPY3D* nodeParams) {
  GRAPH_TRACE();
  GRAPH_INVALID_IF(hNode == nullptr || nodeParams == nullptr);
  GRAPH_CHECK(liveNode(hNode));
  const NodeOps o = of(hNode);
  hipMemcpy3DParms p;
  GRAPH_CHECK(o.ops->memcpyNodeParams(o.device, hNode->native, &p));
  *nodeParams = drvCopyOf(p);
  UNIHIP_RETURN(kOk);
}

UNIHIP_EXPORT hipError_t hipDrvGraphMemcpyNodeSetParams(hipGraphNode_t hNode,
                                                        const HIP_MEMCPY3D* nodeParams) {
  GRAPH_TRACE();
  GRAPH_INVALID_IF(hNode == nullptr || nodeParams == nullptr);
  GRAPH_CHECK(liveNode(hNode));
  hipMemcpy3DParms p;
  GRAPH_CHECK(drvCopy(*nodeParams, &p));
  UNIHIP_RETURN(setCopy(nullptr, hNode, p));
}

UNIHIP_EXPORT hipError_t hipGraphMemAllocNodeGetParams(hipGraphNode_t node,
                                                       hipMemAllocNodeParams* pNodeParams) {
  GRAPH_TRACE();
  GRAPH_INVALID_IF(node == nullptr || pNodeParams == nullptr);
  GRAPH_CHECK(liveNode(node));
  const NodeOps o = of(node);
  UNIHIP_RETURN(o.ops->memAllocNodeParams(o.device, node->native, pNodeParams));
}

UNIHIP_EXPORT hipError_t hipGraphExternalSemaphoresSignalNodeGetParams(
    hipGraphNode_t hNode, hipExternalSemaphoreSignalNodeParams* params_out) {
  GRAPH_TRACE();
  GRAPH_INVALID_IF(hNode == nullptr || params_out == nullptr);
  UNIHIP_RETURN(semaphoreNodeParams(hNode, params_out));
}

UNIHIP_EXPORT hipError_t hipGraphExternalSemaphoresSignalNodeSetParams(
    hipGraphNode_t hNode, const hipExternalSemaphoreSignalNodeParams* nodeParams) {
  GRAPH_TRACE();
  GRAPH_INVALID_IF(hNode == nullptr || nodeParams == nullptr);
  UNIHIP_RETURN(setSemaphoreNodeParams(nullptr, hNode, *nodeParams));
}

UNIHIP_EXPORT hipError_t hipGraphExternalSemaphoresWaitNodeGetParams(
    hipGraphNode_t hNode, hipExternalSemaphoreWaitNodeParams* params_out) {
  GRAPH_TRACE();
  GRAPH_INVALID_IF(hNode == nullptr || params_out == nullptr);
  UNIHIP_RETURN(semaphoreNodeParams(hNode, params_out));
}

UNIHIP_EXPORT hipError_t hipGraphExternalSemaphoresWaitNodeSetParams(
    hipGraphNode_t hNode, const hipExternalSemaphoreWaitNodeParams* nodeParams) {
  GRAPH_TRACE();
  GRAPH_INVALID_IF(hNode == nullptr || nodeParams == nullptr);
  UNIHIP_RETURN(setSemaphoreNodeParams(nullptr, hNode, *nodeParams));
}

UNIHIP_EXPORT hipError_t hipGraphExecExternalSemaphoresSignalNodeSetParams(
    hipGraphExec_t hGraphExec, hipGraphNode_t hNode,
    const hipExternalSemaphoreSignalNodeParams* nodeParams) {
  GRAPH_TRACE();
  GRAPH_INVALID_IF(hGraphExec == nullptr || hNode == nullptr || nodeParams == nullptr);
  UNIHIP_RETURN(setSemaphoreNodeParams(hGraphExec, hNode, *nodeParams));
}

UNIHIP_EXPORT hipError_t hipGraphExecExternalSemaphoresWaitNodeSetParams(
    hipGraphExec_t hGraphExec, hipGraphNode_t hNode,
    const hipExternalSemaphoreWaitNodeParams* nodeParams) {
  GRAPH_TRACE();
  GRAPH_INVALID_IF(hGraphExec == nullptr || hNode == nullptr || nodeParams == nullptr);
  UNIHIP_RETURN(setSemaphoreNodeParams(hGraphExec, hNode, *nodeParams));
}

// ---- Driver-style copy and memset nodes (with a context) ----

UNIHIP_EXPORT hipError_t hipDrvGraphAddMemcpyNode(hipGraphNode_t* phGraphNode, hipGraph_t hGraph,
                                                  const hipGraphNode_t* dependencies,
                                                  size_t numDependencies,
                                                  const HIP_MEMCPY3D* copyParams,
                                                  struct ihipCtx_t* ctx) {
  GRAPH_TRACE();
  GRAPH_INVALID_IF(badAdd(phGraphNode, hGraph, dependencies, numDependencies) || ctx == nullptr ||
                   badDrvCopy(copyParams));
  hipMemcpy3DParms p;
  GRAPH_CHECK(liveGraph(hGraph));
  GRAPH_CHECK(drvCopy(*copyParams, &p));
  UNIHIP_RETURN(addCopy(phGraphNode, hGraph, dependencies, numDependencies, p));
}

UNIHIP_EXPORT hipError_t hipDrvGraphAddMemsetNode(hipGraphNode_t* phGraphNode, hipGraph_t hGraph,
                                                  const hipGraphNode_t* dependencies,
                                                  size_t numDependencies,
                                                  const hipMemsetParams* memsetParams,
                                                  struct ihipCtx_t* ctx) {
  GRAPH_TRACE();
  (void)ctx;  // AMD's runtime does not look at it
  GRAPH_INVALID_IF(badAdd(phGraphNode, hGraph, dependencies, numDependencies) ||
                   badMemsetParams(memsetParams));
  UNIHIP_RETURN(addMemset(phGraphNode, hGraph, dependencies, numDependencies, *memsetParams));
}

UNIHIP_EXPORT hipError_t hipDrvGraphExecMemcpyNodeSetParams(hipGraphExec_t hGraphExec,
                                                            hipGraphNode_t hNode,
                                                            const HIP_MEMCPY3D* copyParams,
                                                            struct ihipCtx_t* ctx) {
  GRAPH_TRACE();
  (void)ctx;
  GRAPH_INVALID_IF(hGraphExec == nullptr || hNode == nullptr || badDrvCopy(copyParams));
  GRAPH_CHECK(liveExec(hGraphExec));
  GRAPH_CHECK(liveNode(hNode));
  hipMemcpy3DParms p;
  GRAPH_CHECK(drvCopy(*copyParams, &p));
  UNIHIP_RETURN(setCopy(hGraphExec, hNode, p));
}

UNIHIP_EXPORT hipError_t hipDrvGraphExecMemsetNodeSetParams(hipGraphExec_t hGraphExec,
                                                            hipGraphNode_t hNode,
                                                            const hipMemsetParams* memsetParams,
                                                            struct ihipCtx_t* ctx) {
  GRAPH_TRACE();
  (void)ctx;
  GRAPH_INVALID_IF(hGraphExec == nullptr || hNode == nullptr || badMemsetParams(memsetParams));
  GRAPH_CHECK(liveExec(hGraphExec));
  UNIHIP_RETURN(setMemset(hGraphExec, hNode, *memsetParams));
}

// ---- Batch memory operation nodes ----

UNIHIP_EXPORT hipError_t hipGraphAddBatchMemOpNode(hipGraphNode_t* phGraphNode, hipGraph_t hGraph,
                                                   const hipGraphNode_t* dependencies,
                                                   size_t numDependencies,
                                                   const hipBatchMemOpNodeParams* nodeParams) {
  GRAPH_TRACE();
  GRAPH_INVALID_IF(badAdd(phGraphNode, hGraph, dependencies, numDependencies) ||
                   nodeParams == nullptr);
  UNIHIP_RETURN(addBatchMemOp(phGraphNode, hGraph, dependencies, numDependencies, *nodeParams));
}

UNIHIP_EXPORT hipError_t hipGraphBatchMemOpNodeGetParams(hipGraphNode_t hNode,
                                                         hipBatchMemOpNodeParams* nodeParams_out) {
  GRAPH_TRACE();
  GRAPH_INVALID_IF(hNode == nullptr || nodeParams_out == nullptr);
  UNIHIP_RETURN(batchMemOpParams(hNode, nodeParams_out));
}

UNIHIP_EXPORT hipError_t hipGraphBatchMemOpNodeSetParams(hipGraphNode_t hNode,
                                                         hipBatchMemOpNodeParams* nodeParams) {
  GRAPH_TRACE();
  GRAPH_INVALID_IF(hNode == nullptr || nodeParams == nullptr);
  UNIHIP_RETURN(setBatchMemOp(nullptr, hNode, *nodeParams));
}

UNIHIP_EXPORT hipError_t hipGraphExecBatchMemOpNodeSetParams(
    hipGraphExec_t hGraphExec, hipGraphNode_t hNode, const hipBatchMemOpNodeParams* nodeParams) {
  GRAPH_TRACE();
  GRAPH_INVALID_IF(hGraphExec == nullptr || hNode == nullptr || nodeParams == nullptr);
  UNIHIP_RETURN(setBatchMemOp(hGraphExec, hNode, *nodeParams));
}
