// Graphs: create, destroy, clone, the node and edge lists, dependencies, user objects.
#include <climits>

#include "api/graph/graph_layer.h"

using namespace unihip;
using namespace unihip::graph_api;

namespace {

bool badCount(unsigned int count) { return count == 0 || count > INT_MAX; }

}  // namespace

UNIHIP_EXPORT hipError_t hipGraphCreate(hipGraph_t* pGraph, unsigned int flags) {
  UNIHIP_TRACE_hipGraphCreate(pGraph, flags);
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
  UNIHIP_TRACE_hipGraphDestroy(graph);
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
  UNIHIP_TRACE_hipGraphClone(pGraphClone, originalGraph);
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
    c->kernelStub = node->kernelStub;
    c->given = node->given;
  }
  *pGraphClone = clone;
  UNIHIP_RETURN(kOk);
}

UNIHIP_EXPORT hipError_t hipGraphDebugDotPrint(hipGraph_t graph, const char* path,
                                               unsigned int flags) {
  UNIHIP_TRACE_hipGraphDebugDotPrint(graph, path, flags);
  GRAPH_INVALID_IF(graph == nullptr || path == nullptr);
  GRAPH_CHECK(liveGraph(graph));
  const NodeOps o = of(graph);
  UNIHIP_RETURN(o.ops->graphDebugDotPrint(o.device, graph->native, path, flags));
}

UNIHIP_EXPORT hipError_t hipGraphGetNodes(hipGraph_t graph, hipGraphNode_t* nodes,
                                          size_t* numNodes) {
  UNIHIP_TRACE_hipGraphGetNodes(graph, nodes, numNodes);
  GRAPH_INVALID_IF(graph == nullptr || numNodes == nullptr);
  GRAPH_CHECK(liveGraph(graph));
  const NodeOps o = of(graph);
  std::vector<NativeGraphNode> natives;
  GRAPH_CHECK(o.ops->graphNodes(o.device, graph->native, &natives));
  UNIHIP_RETURN(answerNodes(graph, natives, nodes, numNodes));
}

UNIHIP_EXPORT hipError_t hipGraphGetRootNodes(hipGraph_t graph, hipGraphNode_t* pRootNodes,
                                              size_t* pNumRootNodes) {
  UNIHIP_TRACE_hipGraphGetRootNodes(graph, pRootNodes, pNumRootNodes);
  GRAPH_INVALID_IF(graph == nullptr || pNumRootNodes == nullptr);
  GRAPH_CHECK(liveGraph(graph));
  const NodeOps o = of(graph);
  std::vector<NativeGraphNode> natives;
  GRAPH_CHECK(o.ops->graphRootNodes(o.device, graph->native, &natives));
  UNIHIP_RETURN(answerNodes(graph, natives, pRootNodes, pNumRootNodes));
}

UNIHIP_EXPORT hipError_t hipGraphGetEdges(hipGraph_t graph, hipGraphNode_t* from,
                                          hipGraphNode_t* to, size_t* numEdges) {
  UNIHIP_TRACE_hipGraphGetEdges(graph, from, to, numEdges);
  GRAPH_INVALID_IF(graph == nullptr || numEdges == nullptr || (from == nullptr) != (to == nullptr));
  GRAPH_CHECK(liveGraph(graph));
  const NodeOps o = of(graph);
  std::vector<NativeGraphNode> f, t;
  GRAPH_CHECK(o.ops->graphEdges(o.device, graph->native, &f, &t));
  if (from == nullptr) {
    *numEdges = f.size();
    UNIHIP_RETURN(kOk);
  }
  for (size_t i = 0; i < *numEdges; ++i) {
    from[i] = i < f.size() ? unihip::graph::nodeFor(graph, f[i]) : nullptr;
    to[i] = i < t.size() ? unihip::graph::nodeFor(graph, t[i]) : nullptr;
  }
  if (*numEdges > f.size()) *numEdges = f.size();
  UNIHIP_RETURN(kOk);
}

UNIHIP_EXPORT hipError_t hipGraphAddDependencies(hipGraph_t graph, const hipGraphNode_t* from,
                                                 const hipGraphNode_t* to,
                                                 size_t numDependencies) {
  UNIHIP_TRACE_hipGraphAddDependencies(graph, from, to, numDependencies);
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
  UNIHIP_TRACE_hipGraphRemoveDependencies(graph, from, to, numDependencies);
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

UNIHIP_EXPORT hipError_t hipUserObjectCreate(hipUserObject_t* object_out, void* ptr,
                                             hipHostFn_t destroy, unsigned int initialRefcount,
                                             unsigned int flags) {
  UNIHIP_TRACE_hipUserObjectCreate(object_out, ptr, destroy, initialRefcount, flags);
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

// As AMD's runtime: a destroyed user object, or a release of more references than are held,
// is no error; the call does nothing (hip-tests releases after a graph took the last reference).
UNIHIP_EXPORT hipError_t hipUserObjectRelease(hipUserObject_t object, unsigned int count) {
  UNIHIP_TRACE_hipUserObjectRelease(object, count);
  GRAPH_INVALID_IF(object == nullptr || badCount(count));
  if (unihip::graph::retiredUserObject(object)) UNIHIP_RETURN(kOk);
  GRAPH_INVALID_IF(!isLive(object));
  const int device = localOf(object->device);
  GraphOps* ops = object->ops;
  const NativeUserObject native = object->native;
  if (!unihip::graph::userRelease(object, count)) UNIHIP_RETURN(kOk);
  UNIHIP_RETURN(ops->userObjectRefs(device, native, -static_cast<long long>(count)));
}

UNIHIP_EXPORT hipError_t hipUserObjectRetain(hipUserObject_t object, unsigned int count) {
  UNIHIP_TRACE_hipUserObjectRetain(object, count);
  GRAPH_INVALID_IF(object == nullptr || badCount(count));
  if (unihip::graph::retiredUserObject(object)) UNIHIP_RETURN(kOk);
  GRAPH_INVALID_IF(!isLive(object));
  GRAPH_CHECK(object->ops->userObjectRefs(localOf(object->device), object->native, count));
  unihip::graph::userRetain(object, count);
  UNIHIP_RETURN(kOk);
}

// A move of more references than the caller holds (AMD accepts it) moves those it holds and
// retains the rest, so that the driver's count stays what the graph and the caller hold.
UNIHIP_EXPORT hipError_t hipGraphRetainUserObject(hipGraph_t graph, hipUserObject_t object,
                                                  unsigned int count, unsigned int flags) {
  UNIHIP_TRACE_hipGraphRetainUserObject(graph, object, count, flags);
  GRAPH_INVALID_IF(graph == nullptr || object == nullptr || badCount(count) ||
                   (flags != 0 && flags != hipGraphUserObjectMove));
  GRAPH_CHECK(liveGraph(graph));
  if (unihip::graph::retiredUserObject(object)) UNIHIP_RETURN(kOk);
  GRAPH_INVALID_IF(!isLive(object));
  const NodeOps o = of(graph);
  const unsigned int moved =
      flags == hipGraphUserObjectMove ? unihip::graph::movableRefs(object, count) : 0;
  if (moved > 0) {
    GRAPH_CHECK(o.ops->graphUserObjectRefs(o.device, graph->native, object->native, moved,
                                           hipGraphUserObjectMove));
  }
  if (count > moved) {
    const Status s =
        o.ops->graphUserObjectRefs(o.device, graph->native, object->native, count - moved, 0);
    if (!s.ok()) {
      unihip::graph::graphRetain(graph, object, moved, moved);
      UNIHIP_RETURN(s);
    }
  }
  unihip::graph::graphRetain(graph, object, count, moved);
  UNIHIP_RETURN(kOk);
}

UNIHIP_EXPORT hipError_t hipGraphReleaseUserObject(hipGraph_t graph, hipUserObject_t object,
                                                   unsigned int count) {
  UNIHIP_TRACE_hipGraphReleaseUserObject(graph, object, count);
  GRAPH_INVALID_IF(graph == nullptr || object == nullptr || badCount(count));
  GRAPH_CHECK(liveGraph(graph));
  if (unihip::graph::retiredUserObject(object)) UNIHIP_RETURN(kOk);
  GRAPH_INVALID_IF(!isLive(object));
  const NodeOps o = of(graph);
  const NativeUserObject native = object->native;
  // As AMD: the graph holding fewer references (or none) is no error.
  if (!unihip::graph::graphRelease(graph, object, count)) UNIHIP_RETURN(kOk);
  UNIHIP_RETURN(o.ops->graphUserObjectRefs(o.device, graph->native, native,
                                           -static_cast<long long>(count), 0));
}
