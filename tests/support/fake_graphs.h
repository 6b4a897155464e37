// A graphs family with no hardware behind it (seam/graph_ops.h): graphs as in-memory node lists
// with edges, executable graphs as copies that count their launches and run their host nodes,
// captures as per-stream state. Lets the API layer's handles, queries and bookkeeping be tested
// on any machine: installFakeGraphs() hooks it into a FakeBackend.
#pragma once

#include <algorithm>
#include <map>
#include <memory>
#include <vector>

#include "install_fake.h"
#include "seam/graph_ops.h"

namespace unihip::testing {

class FakeGraphOps final : public GraphOps {
 public:
  struct Graph;
  struct Node {
    Graph* graph = nullptr;
    hipGraphNodeType type = hipGraphNodeTypeEmpty;
    std::vector<Node*> deps;
    KernelNodeArgs kernel;
    hipMemcpy3DParms copy{};
    hipMemsetParams memset{};
    hipHostNodeParams host{};
    Graph* child = nullptr;
    NativeEvent event = nullptr;
    hipMemAllocNodeParams alloc{};
    void* freed = nullptr;
    bool enabled = true;
    std::vector<void*> semaphores;  // external semaphore nodes: native handles
    int memOpDevice = 0;            // batch memory operation nodes: their context's device,
    std::vector<hipStreamBatchMemOpParams> memOps;  // their operations (copied, as the driver)
  };
  struct UserObject;
  struct Graph {
    std::vector<std::unique_ptr<Node>> nodes;
    std::map<Node*, Node*> clonedFrom;    // clone's node -> original's
    std::map<UserObject*, long long> objects;  // user object references held
  };
  struct Exec {
    std::unique_ptr<Graph> graph;
    std::map<Node*, Node*> byOriginal;
    int launches = 0;
  };
  struct Capture {
    hipStreamCaptureStatus status = hipStreamCaptureStatusNone;
    Graph* graph = nullptr;
    std::vector<NativeGraphNode> deps;
    unsigned long long id = 0;
  };
  struct UserObject {
    void* ptr;
    hipHostFn_t destroy;
    long long refs;
  };

  std::map<NativeStream, Capture> captures;
  int destroyedUserObjects = 0;
  int liveGraphs = 0;

  // ---- Graphs ----
  Status graphCreate(int, NativeGraph* g) override {
    *g = newGraph();
    return kOk;
  }
  Status graphDestroy(int, NativeGraph g) override {
    --liveGraphs;
    for (auto& [o, n] : G(g)->objects) (void)changeRefs(o, -n);
    delete G(g);
    return kOk;
  }
  Status graphClone(int, NativeGraph original, NativeGraph* clone) override {
    std::map<Node*, Node*> map;
    Graph* c = cloneGraph(*G(original), &map);
    for (auto& [from, to] : map) c->clonedFrom[to] = from;
    ++liveGraphs;
    *clone = c;
    return kOk;
  }
  Status graphNodeFindInClone(int, NativeGraphNode original, NativeGraph clone,
                              NativeGraphNode* node) override {
    for (auto& [to, from] : G(clone)->clonedFrom) {
      if (from == original) {
        *node = to;
        return kOk;
      }
    }
    return hipErrorInvalidValue;
  }
  Status graphNodes(int, NativeGraph g, std::vector<NativeGraphNode>* out) override {
    out->clear();
    for (auto& n : G(g)->nodes) out->push_back(n.get());
    return kOk;
  }
  Status graphRootNodes(int, NativeGraph g, std::vector<NativeGraphNode>* out) override {
    out->clear();
    for (auto& n : G(g)->nodes)
      if (n->deps.empty()) out->push_back(n.get());
    return kOk;
  }
  Status graphEdges(int, NativeGraph g, std::vector<NativeGraphNode>* from,
                    std::vector<NativeGraphNode>* to) override {
    from->clear(), to->clear();
    for (auto& n : G(g)->nodes) {
      for (Node* d : n->deps) {
        from->push_back(d);
        to->push_back(n.get());
      }
    }
    return kOk;
  }
  Status graphDependencies(int, NativeGraph, const NativeGraphNode* from,
                           const NativeGraphNode* to, size_t count, bool add) override {
    for (size_t i = 0; i < count; ++i) {
      auto& deps = N(to[i])->deps;
      auto it = std::find(deps.begin(), deps.end(), N(from[i]));
      if (add) {
        if (it != deps.end()) return hipErrorInvalidValue;
        deps.push_back(N(from[i]));
      } else {
        if (it == deps.end()) return hipErrorInvalidValue;
        deps.erase(it);
      }
    }
    return kOk;
  }
  Status graphDebugDotPrint(int, NativeGraph, const char*, unsigned int) override { return kOk; }

  // ---- Nodes ----
  Status nodeType(int, NativeGraphNode n, hipGraphNodeType* type) override {
    *type = N(n)->type;
    return kOk;
  }
  Status nodeNeighbours(int, NativeGraphNode n, bool dependents,
                        std::vector<NativeGraphNode>* out) override {
    out->clear();
    if (!dependents) {
      out->assign(N(n)->deps.begin(), N(n)->deps.end());
      return kOk;
    }
    for (auto& other : N(n)->graph->nodes) {
      auto& deps = other->deps;
      if (std::find(deps.begin(), deps.end(), N(n)) != deps.end()) out->push_back(other.get());
    }
    return kOk;
  }
  Status nodeDestroy(int, NativeGraphNode n) override {
    Graph* g = N(n)->graph;
    for (auto& other : g->nodes) std::erase(other->deps, N(n));
    std::erase_if(g->nodes, [&](const std::unique_ptr<Node>& p) { return p.get() == n; });
    return kOk;
  }

  // ---- Adding nodes ----
  Status addKernelNode(int, const NodePlace& at, const KernelNodeArgs& p,
                       NativeGraphNode* node) override {
    return add(at, hipGraphNodeTypeKernel, node, [&](Node& n) { n.kernel = p; });
  }
  Status addMemcpyNode(int, const NodePlace& at, const hipMemcpy3DParms& p,
                       NativeGraphNode* node) override {
    return add(at, hipGraphNodeTypeMemcpy, node, [&](Node& n) { n.copy = p; });
  }
  Status addMemsetNode(int, const NodePlace& at, const hipMemsetParams& p,
                       NativeGraphNode* node) override {
    return add(at, hipGraphNodeTypeMemset, node, [&](Node& n) { n.memset = p; });
  }
  Status addHostNode(int, const NodePlace& at, const hipHostNodeParams& p,
                     NativeGraphNode* node) override {
    return add(at, hipGraphNodeTypeHost, node, [&](Node& n) { n.host = p; });
  }
  Status addChildGraphNode(int, const NodePlace& at, NativeGraph child,
                           NativeGraphNode* node) override {
    return add(at, hipGraphNodeTypeGraph, node, [&](Node& n) {
      std::map<Node*, Node*> map;
      n.child = cloneGraph(*G(child), &map);
      childGraphs_.emplace_back(n.child);  // the node's copy lives as long as this family
    });
  }
  Status addEmptyNode(int, const NodePlace& at, NativeGraphNode* node) override {
    return add(at, hipGraphNodeTypeEmpty, node, [](Node&) {});
  }
  Status addEventNode(int, const NodePlace& at, bool record, NativeEvent event,
                      NativeGraphNode* node) override {
    return add(at, record ? hipGraphNodeTypeEventRecord : hipGraphNodeTypeWaitEvent, node,
               [&](Node& n) { n.event = event; });
  }
  Status addMemAllocNode(int, const NodePlace& at, hipMemAllocNodeParams* p,
                         NativeGraphNode* node) override {
    p->dptr = reinterpret_cast<void*>(0x7000000);
    return add(at, hipGraphNodeTypeMemAlloc, node, [&](Node& n) { n.alloc = *p; });
  }
  Status addMemFreeNode(int, const NodePlace& at, void* ptr, NativeGraphNode* node) override {
    return add(at, hipGraphNodeTypeMemFree, node, [&](Node& n) { n.freed = ptr; });
  }

  // ---- Parameters (a node of another kind: hipErrorInvalidValue, as the driver answers) ----
  Status kernelNodeParams(int, NativeGraphNode n, KernelNodeArgs* p) override {
    return get(n, hipGraphNodeTypeKernel, [&](Node& x) { *p = x.kernel; });
  }
  Status setKernelNodeParams(int, NativeGraphNode n, const KernelNodeArgs& p) override {
    return get(n, hipGraphNodeTypeKernel, [&](Node& x) { x.kernel = p; });
  }
  Status memcpyNodeParams(int, NativeGraphNode n, hipMemcpy3DParms* p) override {
    return get(n, hipGraphNodeTypeMemcpy, [&](Node& x) { *p = x.copy; });
  }
  Status setMemcpyNodeParams(int, NativeGraphNode n, const hipMemcpy3DParms& p) override {
    return get(n, hipGraphNodeTypeMemcpy, [&](Node& x) { x.copy = p; });
  }
  Status memsetNodeParams(int, NativeGraphNode n, hipMemsetParams* p) override {
    return get(n, hipGraphNodeTypeMemset, [&](Node& x) { *p = x.memset; });
  }
  Status setMemsetNodeParams(int, NativeGraphNode n, const hipMemsetParams& p) override {
    return get(n, hipGraphNodeTypeMemset, [&](Node& x) { x.memset = p; });
  }
  Status hostNodeParams(int, NativeGraphNode n, hipHostNodeParams* p) override {
    return get(n, hipGraphNodeTypeHost, [&](Node& x) { *p = x.host; });
  }
  Status setHostNodeParams(int, NativeGraphNode n, const hipHostNodeParams& p) override {
    return get(n, hipGraphNodeTypeHost, [&](Node& x) { x.host = p; });
  }
  Status childGraph(int, NativeGraphNode n, NativeGraph* g) override {
    return get(n, hipGraphNodeTypeGraph, [&](Node& x) { *g = x.child; });
  }
  Status eventNodeEvent(int, NativeGraphNode n, bool record, NativeEvent* e) override {
    return get(n, record ? hipGraphNodeTypeEventRecord : hipGraphNodeTypeWaitEvent,
               [&](Node& x) { *e = x.event; });
  }
  Status setEventNodeEvent(int, NativeGraphNode n, bool record, NativeEvent e) override {
    return get(n, record ? hipGraphNodeTypeEventRecord : hipGraphNodeTypeWaitEvent,
               [&](Node& x) { x.event = e; });
  }
  Status memAllocNodeParams(int, NativeGraphNode n, hipMemAllocNodeParams* p) override {
    return get(n, hipGraphNodeTypeMemAlloc, [&](Node& x) { *p = x.alloc; });
  }
  Status memFreeNodeParams(int, NativeGraphNode n, void** p) override {
    return get(n, hipGraphNodeTypeMemFree, [&](Node& x) { *p = x.freed; });
  }
  Status kernelNodeAttribute(int, NativeGraphNode n, int, hipLaunchAttributeValue* v) override {
    return get(n, hipGraphNodeTypeKernel, [&](Node&) { *v = hipLaunchAttributeValue{}; });
  }
  Status setKernelNodeAttribute(int, NativeGraphNode n, int,
                                const hipLaunchAttributeValue&) override {
    return get(n, hipGraphNodeTypeKernel, [](Node&) {});
  }
  Status copyKernelNodeAttributes(int, NativeGraphNode, NativeGraphNode) override { return kOk; }

  // ---- Executable graphs ----
  Status instantiate(int, NativeGraph g, unsigned long long, NativeStream, NativeGraphExec* exec,
                     InstantiateResult* result) override {
    auto e = std::make_unique<Exec>();
    e->graph.reset(cloneGraph(*G(g), &e->byOriginal));
    result->result = hipGraphInstantiateSuccess;
    *exec = e.release();
    return kOk;
  }
  Status execDestroy(int, NativeGraphExec e) override {
    delete X(e);
    return kOk;
  }
  // Runs the host nodes (in insertion order: the fake keeps no schedule).
  Status launchGraph(int, NativeGraphExec e, NativeStream) override {
    ++X(e)->launches;
    for (auto& n : X(e)->graph->nodes) {
      if (n->type == hipGraphNodeTypeHost && n->enabled) n->host.fn(n->host.userData);
      if (n->type == hipGraphNodeTypeBatchMemOp && n->enabled) runWrites(*n);
    }
    return kOk;
  }
  Status uploadGraph(int, NativeGraphExec, NativeStream) override { return kOk; }
  // Same node count and kinds in the same order: parameters copied; else topology changed.
  Status execUpdate(int, NativeGraphExec e, NativeGraph g, NativeGraphNode* errorNode,
                    hipGraphExecUpdateResult* result) override {
    auto& mine = X(e)->graph->nodes;
    auto& theirs = G(g)->nodes;
    *errorNode = nullptr;
    if (mine.size() != theirs.size()) {
      *result = hipGraphExecUpdateErrorTopologyChanged;
      return hipErrorGraphExecUpdateFailure;
    }
    for (size_t i = 0; i < mine.size(); ++i) {
      if (mine[i]->type != theirs[i]->type) {
        *errorNode = theirs[i].get();
        *result = hipGraphExecUpdateErrorNodeTypeChanged;
        return hipErrorGraphExecUpdateFailure;
      }
    }
    for (size_t i = 0; i < mine.size(); ++i) {
      mine[i]->kernel = theirs[i]->kernel;
      mine[i]->memset = theirs[i]->memset;
      mine[i]->host = theirs[i]->host;
    }
    *result = hipGraphExecUpdateSuccess;
    return kOk;
  }
  Status execSetKernelNodeParams(int, NativeGraphExec e, NativeGraphNode n,
                                 const KernelNodeArgs& p) override {
    return inExec(e, n, [&](Node& x) { x.kernel = p; }, hipGraphNodeTypeKernel);
  }
  Status execSetMemcpyNodeParams(int, NativeGraphExec e, NativeGraphNode n,
                                 const hipMemcpy3DParms& p) override {
    return inExec(e, n, [&](Node& x) { x.copy = p; }, hipGraphNodeTypeMemcpy);
  }
  Status execSetMemsetNodeParams(int, NativeGraphExec e, NativeGraphNode n,
                                 const hipMemsetParams& p) override {
    return inExec(e, n, [&](Node& x) { x.memset = p; }, hipGraphNodeTypeMemset);
  }
  Status execSetHostNodeParams(int, NativeGraphExec e, NativeGraphNode n,
                               const hipHostNodeParams& p) override {
    return inExec(e, n, [&](Node& x) { x.host = p; }, hipGraphNodeTypeHost);
  }
  Status execSetChildGraph(int, NativeGraphExec e, NativeGraphNode n, NativeGraph) override {
    return inExec(e, n, [](Node&) {});
  }
  Status execSetEventNodeEvent(int, NativeGraphExec e, NativeGraphNode n, bool,
                               NativeEvent ev) override {
    return inExec(e, n, [&](Node& x) { x.event = ev; });
  }
  Status nodeSetEnabled(int, NativeGraphExec e, NativeGraphNode n, unsigned int on) override {
    return inExec(e, n, [&](Node& x) { x.enabled = on != 0; });
  }
  Status nodeEnabled(int, NativeGraphExec e, NativeGraphNode n, unsigned int* on) override {
    return inExec(e, n, [&](Node& x) { *on = x.enabled; });
  }
  int launchesOf(NativeGraphExec e) const { return X(e)->launches; }

  // ---- Graph memory ----
  Status graphMemAttribute(int, int, void* value, bool set) override {
    if (!set) *static_cast<uint64_t*>(value) = 0;
    return kOk;
  }
  Status graphMemTrim(int) override { return kOk; }
  Status freeGraphMemory(int, void*, NativeStream) override { return hipErrorInvalidValue; }

  // ---- User objects: destroyed when the last reference goes ----
  Status userObjectCreate(int, void* ptr, hipHostFn_t destroy, unsigned int refs, unsigned int,
                          NativeUserObject* o) override {
    *o = new UserObject{ptr, destroy, refs};
    return kOk;
  }
  Status userObjectRefs(int, NativeUserObject o, long long count) override {
    return changeRefs(static_cast<UserObject*>(o), count);
  }
  Status graphUserObjectRefs(int, NativeGraph g, NativeUserObject o, long long count,
                             unsigned int flags) override {
    auto* obj = static_cast<UserObject*>(o);
    G(g)->objects[obj] += count;
    // A moved reference is the caller's, now the graph's: no change in the total.
    if (count > 0 && flags == hipGraphUserObjectMove) return kOk;
    return changeRefs(obj, count);
  }

  // ---- Capture ----
  Status beginCapture(int, NativeStream s, int) override {
    Capture& c = captures[s];
    if (c.status != hipStreamCaptureStatusNone) return hipErrorIllegalState;
    c = Capture{hipStreamCaptureStatusActive, newGraph(), {}, ++nextCaptureId_};
    return kOk;
  }
  Status beginCaptureToGraph(int, NativeStream s, NativeGraph g, const NativeGraphNode* deps,
                             size_t count, int) override {
    Capture& c = captures[s];
    if (c.status != hipStreamCaptureStatusNone) return hipErrorIllegalState;
    c = Capture{hipStreamCaptureStatusActive, G(g), {deps, deps + count}, ++nextCaptureId_};
    return kOk;
  }
  Status endCapture(int, NativeStream s, NativeGraph* g) override {
    Capture& c = captures[s];
    *g = nullptr;
    if (c.status == hipStreamCaptureStatusNone) return hipErrorIllegalState;
    const bool invalidated = c.status == hipStreamCaptureStatusInvalidated;
    if (!invalidated) *g = c.graph;
    if (invalidated) (void)graphDestroy(0, c.graph);
    c = Capture{};
    return invalidated ? Status(hipErrorStreamCaptureInvalidated) : kOk;
  }
  Status captureInfo(int, NativeStream s, hipStreamCaptureStatus* status, unsigned long long* id,
                     NativeGraph* g, const NativeGraphNode** deps, size_t* count) override {
    Capture& c = captures[s];
    *status = c.status;
    if (id) *id = c.id;
    if (g) *g = c.graph;
    if (deps) *deps = c.deps.data();
    if (count) *count = c.deps.size();
    return kOk;
  }
  Status updateCaptureDependencies(int, NativeStream s, NativeGraphNode* deps, size_t count,
                                   unsigned int flags) override {
    Capture& c = captures[s];
    if (c.status != hipStreamCaptureStatusActive) return hipErrorIllegalState;
    if (flags == hipStreamSetCaptureDependencies) c.deps.clear();
    c.deps.insert(c.deps.end(), deps, deps + count);
    return kOk;
  }
  Status exchangeCaptureMode(int, int* mode) override {
    std::swap(*mode, mode_);
    return kOk;
  }
  // External semaphore nodes: the native handles are kept (params are not looked at).
  Status addExternalSemaphoreNode(int, const NodePlace& at, bool signal, void* const* sems,
                                  const void*, unsigned count, NativeGraphNode* node) override {
    return add(at, signal ? hipGraphNodeTypeExtSemaphoreSignal : hipGraphNodeTypeExtSemaphoreWait,
               node, [&](Node& n) { n.semaphores.assign(sems, sems + count); });
  }
  Status setExternalSemaphoreNodeParams(int, NativeGraphNode node, bool signal, void* const* sems,
                                        const void*, unsigned count) override {
    if (N(node)->type != (signal ? hipGraphNodeTypeExtSemaphoreSignal
                                 : hipGraphNodeTypeExtSemaphoreWait))
      return hipErrorInvalidValue;
    N(node)->semaphores.assign(sems, sems + count);
    return kOk;
  }
  Status execSetExternalSemaphoreNodeParams(int, NativeGraphExec e, NativeGraphNode n, bool signal,
                                            void* const* sems, const void*,
                                            unsigned count) override {
    return inExec(e, n, [&](Node& x) { x.semaphores.assign(sems, sems + count); },
                  signal ? hipGraphNodeTypeExtSemaphoreSignal : hipGraphNodeTypeExtSemaphoreWait);
  }
  // The native semaphores of `exec`'s copy of `node`.
  std::vector<void*> execSemaphores(NativeGraphExec e, NativeGraphNode n) {
    auto it = X(e)->byOriginal.find(N(n));
    return it == X(e)->byOriginal.end() ? std::vector<void*>{} : it->second->semaphores;
  }
  static std::vector<void*> nodeSemaphores(NativeGraphNode n) { return N(n)->semaphores; }

  // Batch memory operation nodes: the operations are copied; a launch performs the writes.
  Status addBatchMemOpNode(int, const NodePlace& at, const BatchMemOpNodeArgs& p,
                           NativeGraphNode* node) override {
    return add(at, hipGraphNodeTypeBatchMemOp, node, [&](Node& n) { setMemOps(n, p); });
  }
  Status batchMemOpNodeParams(int, NativeGraphNode n, BatchMemOpNodeArgs* p) override {
    return get(n, hipGraphNodeTypeBatchMemOp, [&](Node& x) {
      *p = BatchMemOpNodeArgs{x.memOpDevice, static_cast<unsigned>(x.memOps.size()),
                              x.memOps.data(), 0};
    });
  }
  Status setBatchMemOpNodeParams(int, NativeGraphNode n, const BatchMemOpNodeArgs& p) override {
    return get(n, hipGraphNodeTypeBatchMemOp, [&](Node& x) { setMemOps(x, p); });
  }
  Status execSetBatchMemOpNodeParams(int, NativeGraphExec e, NativeGraphNode n,
                                     const BatchMemOpNodeArgs& p) override {
    return inExec(e, n, [&](Node& x) { setMemOps(x, p); }, hipGraphNodeTypeBatchMemOp);
  }

  Status invalidateCapture(int, NativeStream s) override {
    captures[s].status = hipStreamCaptureStatusInvalidated;
    return hipErrorStreamCaptureUnsupported;
  }

  // Adds an empty node to a stream's capture graph after its dependencies (what a captured call
  // would do), and makes it the capture's only dependency.
  NativeGraphNode captureEmpty(NativeStream s) {
    Capture& c = captures[s];
    NativeGraphNode n = nullptr;
    (void)addEmptyNode(0, NodePlace{c.graph, c.deps.data(), c.deps.size()}, &n);
    c.deps = {n};
    return n;
  }

 private:
  static Graph* G(NativeGraph g) { return static_cast<Graph*>(g); }
  static Node* N(NativeGraphNode n) { return static_cast<Node*>(n); }
  static Exec* X(NativeGraphExec e) { return static_cast<Exec*>(e); }

  Graph* newGraph() {
    ++liveGraphs;
    return new Graph();
  }
  static Graph* cloneGraph(const Graph& from, std::map<Node*, Node*>* map) {
    auto* g = new Graph();
    for (auto& n : from.nodes) {
      auto copy = std::make_unique<Node>(*n);
      copy->graph = g;
      (*map)[n.get()] = copy.get();
      g->nodes.push_back(std::move(copy));
    }
    for (auto& n : g->nodes)
      for (Node*& d : n->deps) d = (*map)[d];
    return g;
  }
  template <typename F>
  Status add(const NodePlace& at, hipGraphNodeType type, NativeGraphNode* out, F fill) {
    auto n = std::make_unique<Node>();
    n->graph = G(at.graph);
    n->type = type;
    for (size_t i = 0; i < at.count; ++i) n->deps.push_back(N(at.deps[i]));
    fill(*n);
    *out = n.get();
    G(at.graph)->nodes.push_back(std::move(n));
    return kOk;
  }
  template <typename F>
  static Status get(NativeGraphNode n, hipGraphNodeType type, F f) {
    if (N(n)->type != type) return hipErrorInvalidValue;
    f(*N(n));
    return kOk;
  }
  // The executable graph's copy of `n`, which must be of `type` (Count: any).
  template <typename F>
  static Status inExec(NativeGraphExec e, NativeGraphNode n, F f,
                       hipGraphNodeType type = hipGraphNodeTypeCount) {
    auto it = X(e)->byOriginal.find(N(n));
    if (it == X(e)->byOriginal.end()) return hipErrorInvalidValue;
    if (type != hipGraphNodeTypeCount && it->second->type != type) return hipErrorInvalidValue;
    f(*it->second);
    return kOk;
  }
  static void setMemOps(Node& n, const BatchMemOpNodeArgs& p) {
    n.memOpDevice = p.ctxDevice;
    n.memOps.assign(p.ops, p.ops + p.count);
  }
  static void runWrites(const Node& n) {
    for (const hipStreamBatchMemOpParams& op : n.memOps) {
      if (op.operation == hipStreamMemOpWriteValue32)
        *static_cast<uint32_t*>(op.writeValue.address) = op.writeValue.value;
      else if (op.operation == hipStreamMemOpWriteValue64)
        *static_cast<uint64_t*>(op.writeValue.address) = op.writeValue.value64;
    }
  }
  Status changeRefs(UserObject* o, long long count) {
    o->refs += count;
    if (o->refs == 0) {
      o->destroy(o->ptr);
      ++destroyedUserObjects;
      delete o;
    }
    return kOk;
  }

  unsigned long long nextCaptureId_ = 0;
  int mode_ = hipStreamCaptureModeGlobal;
  // Child graph nodes' copies; clones of a node share its copy.
  std::vector<std::unique_ptr<Graph>> childGraphs_;
};

// A FakeBackend whose graphs() is `ops` (owned by the caller, outliving the test).
inline FakeBackend* installFakeGraphs(FakeGraphOps* ops) {
  FakeBackend* fake = installFake();
  fake->graphOps = ops;
  return fake;
}

}  // namespace unihip::testing
