// Generic graphs: executable graphs. Instantiation copies the graph (child graphs included) and
// orders every level topologically once; a launch replays that schedule on the launch stream
// through the backend's enqueue path, in order, so each node runs after its dependencies (stream
// order is a valid serialization of the DAG), unless the backend compiled the exec into its own
// program (native_program.h), kept current after every change to the exec. No lock and no
// allocation on launch.
#include <algorithm>

#include "generic/graphs/generic_graphs.h"

namespace unihip {

using generic_graphs::Exec;
using generic_graphs::Graph;
using generic_graphs::Node;

namespace {

Graph* G(NativeGraph g) { return static_cast<Graph*>(g); }
Node* N(NativeGraphNode n) { return static_cast<Node*>(n); }
Exec* X(NativeGraphExec e) { return static_cast<Exec*>(e); }

// Orders `g` and its child graphs; the first node found on a cycle, when there is one.
bool schedule(Graph& g, Node** bad) {
  if (!generic_graphs::topologicalOrder(g, &g.order)) {
    for (auto& n : g.nodes) {
      if (std::find(g.order.begin(), g.order.end(), n.get()) == g.order.end()) {
        *bad = n->origin;
        break;
      }
    }
    return false;
  }
  for (Node* n : g.order)
    if (n->child && !schedule(*n->child, bad)) return false;
  return true;
}

CopyDirection directionOf(hipMemcpyKind kind) {
  switch (kind) {
    case hipMemcpyHostToHost: return CopyDirection::HostToHost;
    case hipMemcpyHostToDevice: return CopyDirection::HostToDevice;
    case hipMemcpyDeviceToHost: return CopyDirection::DeviceToHost;
    case hipMemcpyDeviceToDevice:
    case hipMemcpyDeviceToDeviceNoCU: return CopyDirection::DeviceToDevice;
    default: return CopyDirection::Default;
  }
}

// The executable graph's copy of `node`, which must be of `type` (Count: any kind).
Node* inExec(NativeGraphExec e, NativeGraphNode node, hipGraphNodeType type = hipGraphNodeTypeCount) {
  auto it = X(e)->byOriginal.find(N(node));
  if (it == X(e)->byOriginal.end()) return nullptr;
  if (type != hipGraphNodeTypeCount && it->second->type != type) return nullptr;
  return it->second;
}

// Same nodes, kinds and edges, position by position (nodes in insertion order).
bool sameShape(const Graph& a, const Graph& b, const Node** differs,
               hipGraphExecUpdateResult* why) {
  if (a.nodes.size() != b.nodes.size()) {
    *why = hipGraphExecUpdateErrorTopologyChanged;
    return false;
  }
  auto index = [](const Graph& g, const Node* n) {
    return std::find_if(g.nodes.begin(), g.nodes.end(),
                        [&](const auto& p) { return p.get() == n; }) -
           g.nodes.begin();
  };
  for (size_t i = 0; i < a.nodes.size(); ++i) {
    const Node& x = *a.nodes[i];
    const Node& y = *b.nodes[i];
    *differs = &y;
    if (x.type != y.type) {
      *why = hipGraphExecUpdateErrorNodeTypeChanged;
      return false;
    }
    if (x.deps.size() != y.deps.size()) {
      *why = hipGraphExecUpdateErrorTopologyChanged;
      return false;
    }
    for (size_t d = 0; d < x.deps.size(); ++d) {
      if (index(a, x.deps[d]) != index(b, y.deps[d])) {
        *why = hipGraphExecUpdateErrorTopologyChanged;
        return false;
      }
    }
    // What HIP cannot change in an instantiated graph.
    if (x.type == hipGraphNodeTypeMemAlloc || x.type == hipGraphNodeTypeMemFree) {
      if (x.alloc.bytesize != y.alloc.bytesize || x.freed != y.freed) {
        *why = hipGraphExecUpdateErrorNotSupported;
        return false;
      }
    }
    if (x.type == hipGraphNodeTypeGraph && !sameShape(*x.child, *y.child, differs, why))
      return false;
  }
  *differs = nullptr;
  return true;
}

// Copies the parameters of `from` (same shape) into the executable copy `to`, keeping
// schedules and enabled states.
void takeParams(const Graph& from, Graph* to) {
  for (size_t i = 0; i < from.nodes.size(); ++i) {
    Node& x = *to->nodes[i];
    const Node& y = *from.nodes[i];
    if (x.type == hipGraphNodeTypeGraph) {
      takeParams(*y.child, x.child.get());
      continue;
    }
    const bool enabled = x.enabled;
    Node* origin = x.origin;
    generic_graphs::copyParams(y, &x);
    x.enabled = enabled;
    x.origin = origin;
  }
}


// The allocation nodes' memory and the free nodes' targets of `g` and its child graphs.
void memoryNodes(const Graph& g, generic_graphs::GraphMemory& memory, Exec* e) {
  for (const auto& n : g.nodes) {
    if (n->type == hipGraphNodeTypeMemAlloc && n->allocation) e->allocs.push_back(n->allocation);
    if (n->type == hipGraphNodeTypeMemFree) {
      if (auto a = memory.find(n->freed)) e->frees.push_back(std::move(a));
    }
    if (n->child) memoryNodes(*n->child, memory, e);
  }
}

// Replaces one parameter block of `node`'s copy in `e` (a node of kind `type`); the caller holds
// the graphs' lock.
template <typename Params>
Status setInExec(NativeGraphExec e, NativeGraphNode node, hipGraphNodeType type,
                 Params Node::*field, const Params& p) {
  Node* n = inExec(e, node, type);
  if (n == nullptr) return hipErrorInvalidValue;
  n->*field = p;
  return kOk;
}

}  // namespace

Status GenericGraphs::instantiate(int device, NativeGraph graph, unsigned long long flags,
                                  NativeStream uploadStream, NativeGraphExec* exec,
                                  InstantiateResult* result) {
  (void)uploadStream;  // nothing to upload: the schedule is host-side
  auto e = std::make_unique<Exec>();
  e->device = device;
  e->flags = flags;
  {
    std::lock_guard lock(mutex_);
    e->graph = generic_graphs::cloneGraph(*G(graph), &e->byOriginal);
  }
  Node* bad = nullptr;
  if (!schedule(*e->graph, &bad)) {
    result->result = hipGraphInstantiateInvalidStructure;
    result->errorNode = bad;
    return hipErrorInvalidValue;
  }
  // Each node runs on its own device's stream only when that is the launch stream's: a graph
  // spanning devices is not replayed here.
  for (auto& n : e->graph->nodes) {
    if (n->device != device && n->type != hipGraphNodeTypeEmpty) {
      result->result = hipGraphInstantiateMultipleDevicesNotSupported;
      result->errorNode = n->origin;
      return hipErrorInvalidValue;
    }
  }
  result->result = hipGraphInstantiateSuccess;
  memoryNodes(*e->graph, memory_, e.get());
  compile(*e);
  *exec = e.release();
  return kOk;
}

void GenericGraphs::patchOrCompile(Exec& e, const Node& n) {
  if (!e.program || !e.program->patch(n)) compile(e);
}

void GenericGraphs::compile(Exec& e) {
  e.program.reset();  // first: the old program's memory may be reused by the new one
  if (compiler_ != nullptr) e.program = compiler_->compile(e.device, *e.graph);
}

Status GenericGraphs::execDestroy(int, NativeGraphExec exec) {
  delete X(exec);
  return kOk;
}

Status GenericGraphs::runNode(const Node& n, NativeStream stream) {
  const int d = n.device;
  switch (n.type) {
    case hipGraphNodeTypeKernel: {
      const auto& k = n.kernel;
      LaunchConfig c{k.grid, k.block, k.sharedMemBytes, stream};
      if (k.packed) return backend_.launchPacked(d, k.function, c, k.bytes.data(), k.bytes.size());
      return backend_.launch(d, k.function, c,
                             k.hasArgs ? const_cast<void**>(k.argPtrs.data()) : nullptr);
    }
    case hipGraphNodeTypeMemcpy: {
      const hipMemcpy3DParms& p = n.copy;
      const size_t spitch = p.srcPtr.pitch, dpitch = p.dstPtr.pitch;
      const size_t sslice = spitch * p.srcPtr.ysize, dslice = dpitch * p.dstPtr.ysize;
      const CopyDirection dir = directionOf(p.kind);
      for (size_t z = 0; z < p.extent.depth; ++z) {
        for (size_t y = 0; y < p.extent.height; ++y) {
          auto* src = static_cast<const char*>(p.srcPtr.ptr) + (p.srcPos.z + z) * sslice +
                      (p.srcPos.y + y) * spitch + p.srcPos.x;
          auto* dst = static_cast<char*>(p.dstPtr.ptr) + (p.dstPos.z + z) * dslice +
                      (p.dstPos.y + y) * dpitch + p.dstPos.x;
          UNIHIP_TRY(backend_.memcpyAsync(d, dst, src, p.extent.width, dir, stream));
        }
      }
      return kOk;
    }
    case hipGraphNodeTypeMemset: {
      const hipMemsetParams& p = n.memset;
      for (size_t y = 0; y < p.height; ++y) {
        char* row = static_cast<char*>(p.dst) + y * p.pitch;
        if (p.elementSize == 1)
          UNIHIP_TRY(backend_.memsetAsync(d, row, static_cast<uint8_t>(p.value), p.width, stream));
        else if (p.elementSize == 2)
          UNIHIP_TRY(
              backend_.memsetD16Async(d, row, static_cast<uint16_t>(p.value), p.width, stream));
        else
          UNIHIP_TRY(backend_.memsetD32Async(d, row, p.value, p.width, stream));
      }
      return kOk;
    }
    case hipGraphNodeTypeHost:
      return backend_.launchHostFunc(d, stream, n.host.fn, n.host.userData);
    case hipGraphNodeTypeGraph:
      return run(*n.child, stream);
    case hipGraphNodeTypeEventRecord:
      return backend_.eventRecord(d, n.event, stream);
    case hipGraphNodeTypeWaitEvent:
      return backend_.streamWaitEvent(d, stream, n.event);
    default:  // empty; allocation and free (the memory is the graph's for its lifetime)
      return kOk;
  }
}

Status GenericGraphs::run(const Graph& g, NativeStream stream) {
  for (const Node* n : g.order) {
    // A disabled node acts as an empty one (hipGraphNodeSetEnabled).
    if (!n->enabled) continue;
    UNIHIP_TRY(runNode(*n, stream));
  }
  return kOk;
}

// CUDA's rule: an allocation of the last launch still live stops the next one, unless the
// graph frees it on launch.
Status GenericGraphs::checkRelaunch(const Exec& e) {
  if ((e.flags & hipGraphInstantiateFlagAutoFreeOnLaunch) != 0) return kOk;
  for (const auto& a : e.allocs)
    if (memory_.live(*a)) return hipErrorInvalidValue;
  return kOk;
}

// In the schedule's order as far as the figures go: a graph freeing its own allocation leaves
// it cached, not used.
void GenericGraphs::accountLaunch(const Exec& e) {
  for (const auto& a : e.allocs) {
    (void)memory_.end(*a);  // auto-free on launch; a no-op otherwise (checkRelaunch)
    memory_.begin(a);
  }
  for (const auto& a : e.frees) (void)memory_.end(*a);
}

Status GenericGraphs::launchGraph(int device, NativeGraphExec exec, NativeStream stream) {
  Exec* e = X(exec);
  const bool memory = !e->allocs.empty() || !e->frees.empty();
  if (memory) UNIHIP_TRY(checkRelaunch(*e));
  Status s;
  // A capturing stream takes the nodes one by one (replay hands each to the capture hooks).
  if (!(e->program && device == e->device && !active() && e->program->launch(stream, &s)))
    s = run(*e->graph, stream);
  if (memory && s.ok()) accountLaunch(*e);
  return s;
}

Status GenericGraphs::uploadGraph(int, NativeGraphExec, NativeStream) { return kOk; }

Status GenericGraphs::execUpdate(int, NativeGraphExec exec, NativeGraph graph,
                                 NativeGraphNode* errorNode, hipGraphExecUpdateResult* result) {
  std::lock_guard lock(mutex_);
  const Node* differs = nullptr;
  *errorNode = nullptr;
  if (!sameShape(*X(exec)->graph, *G(graph), &differs, result)) {
    *errorNode = const_cast<Node*>(differs);
    return hipErrorGraphExecUpdateFailure;
  }
  takeParams(*G(graph), X(exec)->graph.get());
  // Later per-node updates name the new graph's nodes.
  for (size_t i = 0; i < G(graph)->nodes.size(); ++i)
    X(exec)->byOriginal[G(graph)->nodes[i].get()] = X(exec)->graph->nodes[i].get();
  compile(*X(exec));
  *result = hipGraphExecUpdateSuccess;
  return kOk;
}

Status GenericGraphs::execSetKernelNodeParams(int device, NativeGraphExec exec,
                                              NativeGraphNode node, const KernelNodeArgs& p) {
  std::lock_guard lock(mutex_);
  Node* n = inExec(exec, node, hipGraphNodeTypeKernel);
  if (n == nullptr) return hipErrorInvalidValue;
  UNIHIP_TRY(setKernel(device, p, &n->kernel));
  Exec& e = *X(exec);
  patchOrCompile(e, *n);
  return kOk;
}

Status GenericGraphs::execSetMemcpyNodeParams(int, NativeGraphExec exec, NativeGraphNode node,
                                              const hipMemcpy3DParms& p) {
  if (p.srcArray != nullptr || p.dstArray != nullptr) return hipErrorNotSupported;
  std::lock_guard lock(mutex_);
  UNIHIP_TRY(setInExec(exec, node, hipGraphNodeTypeMemcpy, &Node::copy, p));
  patchOrCompile(*X(exec), *inExec(exec, node));
  return kOk;
}

Status GenericGraphs::execSetMemsetNodeParams(int, NativeGraphExec exec, NativeGraphNode node,
                                              const hipMemsetParams& p) {
  std::lock_guard lock(mutex_);
  UNIHIP_TRY(setInExec(exec, node, hipGraphNodeTypeMemset, &Node::memset, p));
  patchOrCompile(*X(exec), *inExec(exec, node));
  return kOk;
}

Status GenericGraphs::execSetHostNodeParams(int, NativeGraphExec exec, NativeGraphNode node,
                                            const hipHostNodeParams& p) {
  std::lock_guard lock(mutex_);
  UNIHIP_TRY(setInExec(exec, node, hipGraphNodeTypeHost, &Node::host, p));
  patchOrCompile(*X(exec), *inExec(exec, node));
  return kOk;
}

// The new child must have the instantiated one's shape (hipGraphExecUpdate's rule).
Status GenericGraphs::execSetChildGraph(int, NativeGraphExec exec, NativeGraphNode node,
                                        NativeGraph child) {
  std::lock_guard lock(mutex_);
  Node* n = inExec(exec, node, hipGraphNodeTypeGraph);
  if (n == nullptr) return hipErrorInvalidValue;
  const Node* differs = nullptr;
  hipGraphExecUpdateResult why{};
  if (!sameShape(*n->child, *G(child), &differs, &why)) return hipErrorInvalidValue;
  takeParams(*G(child), n->child.get());
  compile(*X(exec));
  return kOk;
}

Status GenericGraphs::execSetEventNodeEvent(int, NativeGraphExec exec, NativeGraphNode node,
                                            bool record, NativeEvent event) {
  std::lock_guard lock(mutex_);
  Node* n = inExec(exec, node,
                   record ? hipGraphNodeTypeEventRecord : hipGraphNodeTypeWaitEvent);
  if (n == nullptr) return hipErrorInvalidValue;
  n->event = event;
  patchOrCompile(*X(exec), *n);
  return kOk;
}

// Kernel, copy and memset nodes may be disabled (HIP's and CUDA's rule).
Status GenericGraphs::nodeSetEnabled(int, NativeGraphExec exec, NativeGraphNode node,
                                     unsigned int enabled) {
  std::lock_guard lock(mutex_);
  Node* n = inExec(exec, node);
  if (n == nullptr) return hipErrorInvalidValue;
  if (n->type != hipGraphNodeTypeKernel && n->type != hipGraphNodeTypeMemcpy &&
      n->type != hipGraphNodeTypeMemset)
    return hipErrorInvalidValue;
  if (n->enabled != (enabled != 0)) {
    n->enabled = enabled != 0;
    compile(*X(exec));
  }
  return kOk;
}

Status GenericGraphs::nodeEnabled(int, NativeGraphExec exec, NativeGraphNode node,
                                  unsigned int* enabled) {
  std::lock_guard lock(mutex_);
  Node* n = inExec(exec, node);
  if (n == nullptr) return hipErrorInvalidValue;
  if (n->type != hipGraphNodeTypeKernel && n->type != hipGraphNodeTypeMemcpy &&
      n->type != hipGraphNodeTypeMemset)
    return hipErrorInvalidValue;
  *enabled = n->enabled ? 1 : 0;
  return kOk;
}

}  // namespace unihip
