// Generic graphs: building graphs, querying them, node parameters and graph memory
// (generic/graphs/generic_graphs.h).
#include <algorithm>
#include <cstring>
#include <string>

#include "generic/graphs/generic_graphs.h"
#include "base/internal_work.h"

namespace unihip {

using generic_graphs::Graph;
using generic_graphs::KernelLaunch;
using generic_graphs::Node;
using generic_graphs::UserObject;

namespace {

Graph* G(NativeGraph g) { return static_cast<Graph*>(g); }
Node* N(NativeGraphNode n) { return static_cast<Node*>(n); }

// A node's parameters of `type`: hipErrorInvalidValue for a node of another kind.
template <typename F>
Status withNode(NativeGraphNode n, hipGraphNodeType type, F f) {
  if (N(n)->type != type) return hipErrorInvalidValue;
  f(*N(n));
  return kOk;
}

}  // namespace

GenericGraphs::~GenericGraphs() = default;

template <typename Fill>
Status GenericGraphs::add(int device, const NodePlace& at, hipGraphNodeType type,
                          NativeGraphNode* out, Fill fill) {
  auto n = std::make_unique<Node>();
  n->graph = G(at.graph);
  n->device = device;
  n->type = type;
  for (size_t i = 0; i < at.count; ++i) {
    Node* d = N(at.deps[i]);
    // A dependency named twice is one edge (the driver's answer is the same graph).
    if (std::find(n->deps.begin(), n->deps.end(), d) == n->deps.end()) n->deps.push_back(d);
  }
  UNIHIP_TRY(fill(*n));
  *out = n.get();
  std::lock_guard lock(mutex_);
  G(at.graph)->nodes.push_back(std::move(n));
  return kOk;
}

// ---- Graphs ----

Status GenericGraphs::graphCreate(int device, NativeGraph* graph) {
  auto g = std::make_unique<Graph>();
  g->device = device;
  *graph = g.release();
  return kOk;
}

void GenericGraphs::destroyGraph(Graph* g) {
  for (auto& [o, n] : g->objects) (void)changeRefs(o, -n);
  delete g;
}

Status GenericGraphs::graphDestroy(int, NativeGraph graph) {
  std::lock_guard lock(mutex_);
  // A graph a capture is adding to (hipStreamBeginCaptureToGraph) stays until the capture ends.
  for (const auto& c : captures_)
    if (c->graph == graph) return hipErrorIllegalState;
  destroyGraph(G(graph));
  return kOk;
}

Status GenericGraphs::graphClone(int, NativeGraph original, NativeGraph* clone) {
  std::lock_guard lock(mutex_);
  std::map<Node*, Node*> map;
  auto c = generic_graphs::cloneGraph(*G(original), &map);
  // The clone holds its own references to the original's user objects.
  for (auto& [o, n] : G(original)->objects) {
    c->objects[o] = n;
    o->refs += n;
  }
  *clone = c.release();
  return kOk;
}

Status GenericGraphs::graphNodeFindInClone(int, NativeGraphNode original, NativeGraph clone,
                                           NativeGraphNode* node) {
  std::lock_guard lock(mutex_);
  for (auto& n : G(clone)->nodes) {
    if (n->origin == original) {
      *node = n.get();
      return kOk;
    }
  }
  return hipErrorInvalidValue;
}

Status GenericGraphs::graphNodes(int, NativeGraph graph, std::vector<NativeGraphNode>* out) {
  std::lock_guard lock(mutex_);
  out->clear();
  for (auto& n : G(graph)->nodes) out->push_back(n.get());
  return kOk;
}

Status GenericGraphs::graphRootNodes(int, NativeGraph graph, std::vector<NativeGraphNode>* out) {
  std::lock_guard lock(mutex_);
  out->clear();
  for (auto& n : G(graph)->nodes)
    if (n->deps.empty()) out->push_back(n.get());
  return kOk;
}

Status GenericGraphs::graphEdges(int, NativeGraph graph, std::vector<NativeGraphNode>* from,
                                 std::vector<NativeGraphNode>* to) {
  std::lock_guard lock(mutex_);
  from->clear(), to->clear();
  for (auto& n : G(graph)->nodes) {
    for (Node* d : n->deps) {
      from->push_back(d);
      to->push_back(n.get());
    }
  }
  return kOk;
}

// All or nothing: every edge is checked (present or absent, no cycle, no self edge) first.
Status GenericGraphs::graphDependencies(int, NativeGraph, const NativeGraphNode* from,
                                        const NativeGraphNode* to, size_t count, bool add) {
  std::lock_guard lock(mutex_);
  for (size_t i = 0; i < count; ++i) {
    Node* f = N(from[i]);
    Node* t = N(to[i]);
    const bool present = std::find(t->deps.begin(), t->deps.end(), f) != t->deps.end();
    if (add && (f == t || present || generic_graphs::reaches(t, f))) return hipErrorInvalidValue;
    if (!add && !present) return hipErrorInvalidValue;
    for (size_t j = 0; j < i; ++j)
      if (from[j] == from[i] && to[j] == to[i]) return hipErrorInvalidValue;
  }
  for (size_t i = 0; i < count; ++i) {
    auto& deps = N(to[i])->deps;
    if (add)
      deps.push_back(N(from[i]));
    else
      deps.erase(std::find(deps.begin(), deps.end(), N(from[i])));
  }
  return kOk;
}

// ---- Nodes ----

Status GenericGraphs::nodeType(int, NativeGraphNode node, hipGraphNodeType* type) {
  *type = N(node)->type;
  return kOk;
}

Status GenericGraphs::nodeNeighbours(int, NativeGraphNode node, bool dependents,
                                     std::vector<NativeGraphNode>* out) {
  std::lock_guard lock(mutex_);
  out->clear();
  if (!dependents) {
    out->assign(N(node)->deps.begin(), N(node)->deps.end());
    return kOk;
  }
  for (auto& other : N(node)->graph->nodes) {
    auto& deps = other->deps;
    if (std::find(deps.begin(), deps.end(), N(node)) != deps.end()) out->push_back(other.get());
  }
  return kOk;
}

Status GenericGraphs::nodeDestroy(int, NativeGraphNode node) {
  std::lock_guard lock(mutex_);
  Graph* g = N(node)->graph;
  for (auto& other : g->nodes) std::erase(other->deps, N(node));
  // A capture whose dependencies name the node forgets it.
  for (auto& [s, sc] : streams_) std::erase(sc.deps, node);
  std::erase_if(g->nodes, [&](const std::unique_ptr<Node>& p) { return p.get() == node; });
  return kOk;
}

// ---- Adding nodes ----

// The launch's arguments copied: each explicit argument by the backend's parameter layout, or
// the `extra` buffer as given.
Status GenericGraphs::setKernel(int device, const KernelNodeArgs& p, KernelLaunch* k) {
  KernelLaunch out;
  out.function = p.function;
  out.grid = p.grid;
  out.block = p.block;
  out.sharedMemBytes = p.sharedMemBytes;
  out.attributes = k->attributes;
  if (p.args != nullptr) {
    std::vector<KernelParamSlot> slots;
    UNIHIP_TRY(backend_.kernelParamLayout(device, p.function, &slots));
    size_t end = 0;
    for (const auto& s : slots) end = std::max<size_t>(end, s.offset + s.size);
    out.bytes.assign(end, 0);
    for (size_t i = 0; i < slots.size(); ++i) {
      if (slots[i].size > 0 && p.args[i] != nullptr)
        std::memcpy(out.bytes.data() + slots[i].offset, p.args[i], slots[i].size);
      out.argPtrs.push_back(out.bytes.data() + slots[i].offset);
    }
    out.hasArgs = true;
  } else if (p.extra != nullptr) {
    const void* buffer = nullptr;
    size_t size = 0;
    for (size_t i = 0; p.extra[i] != HIP_LAUNCH_PARAM_END; i += 2) {
      if (p.extra[i] == HIP_LAUNCH_PARAM_BUFFER_POINTER) buffer = p.extra[i + 1];
      else if (p.extra[i] == HIP_LAUNCH_PARAM_BUFFER_SIZE)
        size = *static_cast<size_t*>(p.extra[i + 1]);
      else
        return hipErrorInvalidValue;
    }
    if (buffer == nullptr && size > 0) return hipErrorInvalidValue;
    out.bytes.assign(static_cast<const char*>(buffer), static_cast<const char*>(buffer) + size);
    out.packed = true;
    out.packedSize = size;
    out.extra[0] = HIP_LAUNCH_PARAM_BUFFER_POINTER;
    out.extra[1] = out.bytes.data();
    out.extra[2] = HIP_LAUNCH_PARAM_BUFFER_SIZE;
    out.extra[3] = &k->packedSize;  // fixed below, once in place
    out.extra[4] = HIP_LAUNCH_PARAM_END;
  } else {
    // No arguments given: only a kernel that takes none can run from this node.
    std::vector<KernelParamSlot> slots;
    UNIHIP_TRY(backend_.kernelParamLayout(device, p.function, &slots));
    if (!slots.empty()) return hipErrorInvalidValue;
  }
  *k = std::move(out);  // vector storage moves with it: argPtrs stay valid
  if (k->packed) {
    k->extra[1] = k->bytes.data();
    k->extra[3] = &k->packedSize;
  }
  return kOk;
}

Status GenericGraphs::addKernelNode(int device, const NodePlace& at, const KernelNodeArgs& p,
                                    NativeGraphNode* node) {
  return add(device, at, hipGraphNodeTypeKernel, node,
             [&](Node& n) { return setKernel(device, p, &n.kernel); });
}

Status GenericGraphs::addMemcpyNode(int device, const NodePlace& at, const hipMemcpy3DParms& p,
                                    NativeGraphNode* node) {
  // Arrays belong to the images family, which this vendor lacks.
  if (p.srcArray != nullptr || p.dstArray != nullptr) return hipErrorNotSupported;
  return add(device, at, hipGraphNodeTypeMemcpy, node, [&](Node& n) {
    n.copy = p;
    return kOk;
  });
}

Status GenericGraphs::addMemsetNode(int device, const NodePlace& at, const hipMemsetParams& p,
                                    NativeGraphNode* node) {
  return add(device, at, hipGraphNodeTypeMemset, node, [&](Node& n) {
    n.memset = p;
    return kOk;
  });
}

Status GenericGraphs::addHostNode(int device, const NodePlace& at, const hipHostNodeParams& p,
                                  NativeGraphNode* node) {
  return add(device, at, hipGraphNodeTypeHost, node, [&](Node& n) {
    n.host = p;
    return kOk;
  });
}

// The child is copied: later changes to it do not reach the node (as in CUDA and HIP).
Status GenericGraphs::addChildGraphNode(int device, const NodePlace& at, NativeGraph child,
                                        NativeGraphNode* node) {
  std::unique_ptr<Graph> copy;
  {
    std::lock_guard lock(mutex_);
    std::map<Node*, Node*> map;
    copy = generic_graphs::cloneGraph(*G(child), &map);
  }
  return add(device, at, hipGraphNodeTypeGraph, node, [&](Node& n) {
    n.child = std::move(copy);
    return kOk;
  });
}

Status GenericGraphs::addEmptyNode(int device, const NodePlace& at, NativeGraphNode* node) {
  return add(device, at, hipGraphNodeTypeEmpty, node, [](Node&) { return kOk; });
}

Status GenericGraphs::addEventNode(int device, const NodePlace& at, bool record,
                                   NativeEvent event, NativeGraphNode* node) {
  return add(device, at, record ? hipGraphNodeTypeEventRecord : hipGraphNodeTypeWaitEvent, node,
             [&](Node& n) {
               n.event = event;
               return kOk;
             });
}

// The memory is the graph's from the node's creation (its address is fixed then, as HIP's
// graph allocations are), shared by clones and executable graphs; it counts in the figures from a
// launch on (graph_memory.h).
Status GenericGraphs::allocate(int device, size_t size,
                               std::shared_ptr<generic_graphs::GraphAllocation>* out) {
  auto a = std::make_shared<generic_graphs::GraphAllocation>();
  {
    InternalWork internal;
    UNIHIP_TRY(backend_.malloc(device, size, &a->ptr));
  }
  a->backend = &backend_;
  a->device = device;
  a->size = size;
  a->memory = &memory_;
  memory_.add(a);
  *out = std::move(a);
  return kOk;
}

// The memory is the graph's from the node's creation (its address is fixed then, as HIP's
// graph allocations are), shared by clones and executable graphs, freed with the last of them.
Status GenericGraphs::addMemAllocNode(int device, const NodePlace& at, hipMemAllocNodeParams* p,
                                      NativeGraphNode* node) {
  std::shared_ptr<generic_graphs::GraphAllocation> a;
  UNIHIP_TRY(allocate(device, p->bytesize, &a));
  p->dptr = a->ptr;
  return add(device, at, hipGraphNodeTypeMemAlloc, node, [&](Node& n) {
    n.alloc = *p;
    n.allocation = a;
    return kOk;
  });
}

Status GenericGraphs::addMemFreeNode(int device, const NodePlace& at, void* ptr,
                                     NativeGraphNode* node) {
  return add(device, at, hipGraphNodeTypeMemFree, node, [&](Node& n) {
    n.freed = ptr;
    return kOk;
  });
}

// ---- Node parameters ----

Status GenericGraphs::kernelNodeParams(int, NativeGraphNode node, KernelNodeArgs* p) {
  return withNode(node, hipGraphNodeTypeKernel, [&](Node& n) {
    p->function = n.kernel.function;
    p->grid = n.kernel.grid;
    p->block = n.kernel.block;
    p->sharedMemBytes = n.kernel.sharedMemBytes;
    p->args = n.kernel.hasArgs ? n.kernel.argPtrs.data() : nullptr;
    p->extra = n.kernel.packed ? n.kernel.extra : nullptr;
  });
}

Status GenericGraphs::setKernelNodeParams(int device, NativeGraphNode node,
                                          const KernelNodeArgs& p) {
  if (N(node)->type != hipGraphNodeTypeKernel) return hipErrorInvalidValue;
  std::lock_guard lock(mutex_);
  return setKernel(device, p, &N(node)->kernel);
}

Status GenericGraphs::memcpyNodeParams(int, NativeGraphNode node, hipMemcpy3DParms* p) {
  return withNode(node, hipGraphNodeTypeMemcpy, [&](Node& n) { *p = n.copy; });
}

Status GenericGraphs::setMemcpyNodeParams(int, NativeGraphNode node, const hipMemcpy3DParms& p) {
  if (p.srcArray != nullptr || p.dstArray != nullptr) return hipErrorNotSupported;
  return withNode(node, hipGraphNodeTypeMemcpy, [&](Node& n) { n.copy = p; });
}

Status GenericGraphs::memsetNodeParams(int, NativeGraphNode node, hipMemsetParams* p) {
  return withNode(node, hipGraphNodeTypeMemset, [&](Node& n) { *p = n.memset; });
}

Status GenericGraphs::setMemsetNodeParams(int, NativeGraphNode node, const hipMemsetParams& p) {
  return withNode(node, hipGraphNodeTypeMemset, [&](Node& n) { n.memset = p; });
}

Status GenericGraphs::hostNodeParams(int, NativeGraphNode node, hipHostNodeParams* p) {
  return withNode(node, hipGraphNodeTypeHost, [&](Node& n) { *p = n.host; });
}

Status GenericGraphs::setHostNodeParams(int, NativeGraphNode node, const hipHostNodeParams& p) {
  return withNode(node, hipGraphNodeTypeHost, [&](Node& n) { n.host = p; });
}

Status GenericGraphs::childGraph(int, NativeGraphNode node, NativeGraph* graph) {
  return withNode(node, hipGraphNodeTypeGraph, [&](Node& n) { *graph = n.child.get(); });
}

Status GenericGraphs::eventNodeEvent(int, NativeGraphNode node, bool record, NativeEvent* event) {
  return withNode(node, record ? hipGraphNodeTypeEventRecord : hipGraphNodeTypeWaitEvent,
                  [&](Node& n) { *event = n.event; });
}

Status GenericGraphs::setEventNodeEvent(int, NativeGraphNode node, bool record,
                                        NativeEvent event) {
  return withNode(node, record ? hipGraphNodeTypeEventRecord : hipGraphNodeTypeWaitEvent,
                  [&](Node& n) { n.event = event; });
}

Status GenericGraphs::memAllocNodeParams(int, NativeGraphNode node, hipMemAllocNodeParams* p) {
  return withNode(node, hipGraphNodeTypeMemAlloc, [&](Node& n) { *p = n.alloc; });
}

Status GenericGraphs::memFreeNodeParams(int, NativeGraphNode node, void** ptr) {
  return withNode(node, hipGraphNodeTypeMemFree, [&](Node& n) { *ptr = n.freed; });
}

// Kept as given (the replay has no use for them): an attribute never set reads as zero.
Status GenericGraphs::kernelNodeAttribute(int, NativeGraphNode node, int attr,
                                          hipLaunchAttributeValue* value) {
  std::lock_guard lock(mutex_);
  return withNode(node, hipGraphNodeTypeKernel, [&](Node& n) {
    auto it = n.kernel.attributes.find(attr);
    *value = it == n.kernel.attributes.end() ? hipLaunchAttributeValue{} : it->second;
  });
}

Status GenericGraphs::setKernelNodeAttribute(int, NativeGraphNode node, int attr,
                                             const hipLaunchAttributeValue& value) {
  std::lock_guard lock(mutex_);
  return withNode(node, hipGraphNodeTypeKernel,
                  [&](Node& n) { n.kernel.attributes[attr] = value; });
}

Status GenericGraphs::copyKernelNodeAttributes(int, NativeGraphNode src, NativeGraphNode dst) {
  if (N(src)->type != hipGraphNodeTypeKernel || N(dst)->type != hipGraphNodeTypeKernel)
    return hipErrorInvalidValue;
  std::lock_guard lock(mutex_);
  N(dst)->kernel.attributes = N(src)->kernel.attributes;
  return kOk;
}

// ---- Graph memory ----

// hipGraphMemAttrUsedMemCurrent/High, ReservedMemCurrent/High (graph_memory.h).
Status GenericGraphs::graphMemAttribute(int device, int attr, void* value, bool set) {
  return memory_.attribute(device, attr, static_cast<uint64_t*>(value), set);
}

Status GenericGraphs::graphMemTrim(int device) {
  memory_.trim(device);
  return kOk;
}

// hipFreeAsync ends the allocation at the call: the memory stays the graph's, so work still
// queued before the free reads it safely. On a capturing stream it is a free node.
Status GenericGraphs::freeGraphMemory(int device, void* ptr, NativeStream stream) {
  UNIHIP_CAPTURED(this, captureFree, device, ptr, stream);
  std::shared_ptr<generic_graphs::GraphAllocation> a = memory_.find(ptr);
  if (a == nullptr || a->device != device || !memory_.end(*a)) return hipErrorInvalidValue;
  return kOk;
}

}  // namespace unihip
