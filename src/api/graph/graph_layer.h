// The graph family's private layer, shared by its entry points (src/api/graph/*.cpp): argument
// checks as AMD's runtime makes them, handle validation (core/graph/graph_handles.h: garbage or
// destroyed handles are hipErrorInvalidValue), dispatch to the graph's vendor family
// (seam/graph_ops.h) and the per-node-kind operations that hipGraphAddNode and
// hipGraph(Exec)NodeSetParams share with the typed entry points. On NVIDIA the handles wrap the
// driver's own graphs; the vendor's family answers hipErrorNotSupported where there is none.
#pragma once

#include <vector>

#include "api/api_boundary.h"
#include "core/graph/graph_handles.h"
#include "core/handles.h"
#include "core/runtime.h"

namespace unihip::graph_api {

// The arguments every hipGraphAdd*Node shares: the new node, its graph, its dependencies.
bool badAdd(hipGraphNode_t* node, hipGraph_t graph, const hipGraphNode_t* deps, size_t n);

bool badKernelParams(const hipKernelNodeParams* p);

// A memset node: 1-, 2- or 4-byte elements, at least one row, rows that fit their pitch.
bool badMemsetParams(const hipMemsetParams* p);

bool badKind(hipMemcpyKind kind);

// A copy with a source and a destination (an array or a pointer each).
bool badCopy(const hipMemcpy3DParms* p);

// A driver-style copy with a source and a destination (host, device or array each).
bool badDrvCopy(const HIP_MEMCPY3D* p);

// Graph allocations: pinned device memory of a present device, of at least one byte.
bool badAlloc(const hipMemAllocNodeParams& p);

// hipGraphAddNode's and hipGraph(Exec)NodeSetParams' per-type checks, in AMD's order. AMD's
// runtime adds no external-semaphore node this way and sets no allocation node's parameters.
Status checkNodeParams(const hipGraphNodeParams& p, bool adding);

Status liveGraph(hipGraph_t g);
Status liveNode(hipGraphNode_t n);
Status liveExec(hipGraphExec_t e);
int localOf(int ordinal);

// The current device's graphs family: hipErrorNotSupported where the vendor has none.
Status currentFamily(Device** device, GraphOps** ops);

// The backend-local ordinal a graph's nodes are added on: the current device (AMD's runtime
// binds a node to it), else the graph's.
int addingDevice(const ihipGraph* g);

// A node's graph family and device.
struct NodeOps {
  GraphOps* ops;
  int device;
};

NodeOps of(hipGraphNode_t n);
NodeOps of(hipGraph_t g);
NodeOps of(hipGraphExec_t e);

// Native handles of a node list; each must be a live node of `g`.
Status nativeNodes(hipGraph_t g, const hipGraphNode_t* nodes, size_t n,
                   std::vector<NativeGraphNode>* out);

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

// A node list answered as HIP does: the count alone when `out` is null, else *count entries
// (null past the end) and the number filled.
Status answerNodes(hipGraph_t g, const std::vector<NativeGraphNode>& natives, hipGraphNode_t* out,
                   size_t* count);

Status liveEvent(hipEvent_t e);

Status addKernel(hipGraphNode_t* out, hipGraph_t g, const hipGraphNode_t* deps, size_t n,
                 const hipKernelNodeParams& p);

// A runtime-style 3D copy node's parameters checked as AMD's runtime checks them
// (ihipMemcpy3D_validate).
Status checkCopy(const hipMemcpy3DParms* p);

// `p` in HIP's form (arrays as hipArray_t, counted in elements): resolved for the graphs family.
Status addCopy(hipGraphNode_t* out, hipGraph_t g, const hipGraphNode_t* deps, size_t n,
               const hipMemcpy3DParms& p);

Status addMemset(hipGraphNode_t* out, hipGraph_t g, const hipGraphNode_t* deps, size_t n,
                 const hipMemsetParams& p);

Status addHost(hipGraphNode_t* out, hipGraph_t g, const hipGraphNode_t* deps, size_t n,
               const hipHostNodeParams& p);

Status addChild(hipGraphNode_t* out, hipGraph_t g, const hipGraphNode_t* deps, size_t n,
                hipGraph_t child);

Status addEvent(hipGraphNode_t* out, hipGraph_t g, const hipGraphNode_t* deps, size_t n,
                hipEvent_t event, bool record);

// The address is known from here on (the memory, CUDA's rule, from a launch): recorded as graph
// memory, so that copies, fills and hipFree/hipFreeAsync know it.
Status addAlloc(hipGraphNode_t* out, hipGraph_t g, const hipGraphNode_t* deps, size_t n,
                hipMemAllocNodeParams* p);

Status addFree(hipGraphNode_t* out, hipGraph_t g, const hipGraphNode_t* deps, size_t n,
               void* ptr);

// A node's parameters set in its graph (exec null) or in an executable graph.
Status setKernel(hipGraphExec_t exec, hipGraphNode_t node, const hipKernelNodeParams& p);

Status setCopy(hipGraphExec_t exec, hipGraphNode_t node, const hipMemcpy3DParms& p);
Status setMemset(hipGraphExec_t exec, hipGraphNode_t node, const hipMemsetParams& p);
Status setHost(hipGraphExec_t exec, hipGraphNode_t node, const hipHostNodeParams& p);
Status setEvent(hipGraphExec_t exec, hipGraphNode_t node, hipEvent_t event, bool record);
void forgetSemaphoreNode(hipGraphNode_t node);

template <typename NodeParams>
Status addSemaphoreNode(hipGraphNode_t* out, hipGraph_t g, const hipGraphNode_t* deps, size_t n,
                        const NodeParams& p);

// Set on the graph's node (exec null) or on an executable graph's copy of it.
template <typename NodeParams>
Status setSemaphoreNodeParams(hipGraphExec_t exec, hipGraphNode_t node, const NodeParams& p);

// hipGraphNodeSetParams / hipGraphExecNodeSetParams by node type.
Status setAny(hipGraphExec_t exec, hipGraphNode_t node, const hipGraphNodeParams& p);

}  // namespace unihip::graph_api

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
