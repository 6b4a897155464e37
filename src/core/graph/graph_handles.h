// The objects behind hipGraph_t, hipGraphNode_t, hipGraphExec_t and hipUserObject_t: each wraps
// a vendor's native object (backends/seam/graph_ops.h) and lives in handle slabs, so a garbage or
// destroyed handle is rejected (isLive) without being dereferenced.
//
// A graph owns wrappers for its nodes, created when a node is added or first named by a query
// (nodes a stream capture made exist only natively until then), and for the graphs of its child
// graph nodes ("views", which do not own their native graph). Destroying a graph retires them all.
// Thread safety: the registry functions below take one mutex; isLive is lock-free.
#pragma once

#include <atomic>
#include <cstdint>
#include <unordered_map>
#include <vector>

#include "core/handles.h"
#include "seam/graph_ops.h"

struct ihipGraph {
  static constexpr uint32_t kMagic = 0x47525048u;  // "GRPH"
  UNIHIP_HANDLE_STORAGE(ihipGraph)
  std::atomic<uint32_t> magic{0};
  int device = 0;  // HIP ordinal whose backend holds the native graph
  unihip::GraphOps* ops = nullptr;
  unihip::NativeGraph native = nullptr;
  bool owned = true;  // false for a child graph node's graph and a capture's graph in progress
  bool embedded = false;  // a child graph node's graph (hipGraphChildGraphNodeGetGraph)
  // Guarded by the registry's mutex.
  std::unordered_map<unihip::NativeGraphNode, struct hipGraphNode*> nodes;
  std::vector<ihipGraph*> views;
  std::vector<std::pair<struct hipUserObject*, unsigned int>> userObjects;  // references held
};

// The parameters a node was given that the driver does not keep as given, answered back as AMD's
// runtime answers them (it stores them verbatim): a copy node's hipMemcpy3DParms (arrays as
// hipArray_t, counted in elements, the pointers' xsize), an allocation node's
// hipMemAllocNodeParams (the caller's access list pointer). Set when the node is added or its
// parameters set through unihip; a node the driver made (capture, child graph) has none.
struct GivenNodeParams {
  enum class Kind : uint8_t { None, Copy, Alloc };
  Kind kind = Kind::None;
  union {
    hipMemcpy3DParms copy;
    hipMemAllocNodeParams alloc;
  };
  GivenNodeParams() : copy{} {}
};

struct hipGraphNode {
  static constexpr uint32_t kMagic = 0x474e4f44u;  // "GNOD"
  UNIHIP_HANDLE_STORAGE(hipGraphNode)
  std::atomic<uint32_t> magic{0};
  ihipGraph* graph = nullptr;
  unihip::NativeGraphNode native = nullptr;
  const void* kernelStub = nullptr;  // a kernel node's hipKernelNodeParams::func
  GivenNodeParams given;
  ihipGraph* child = nullptr;        // a child graph node's view, once asked for
};

struct hipGraphExec {
  static constexpr uint32_t kMagic = 0x47455845u;  // "GEXE"
  UNIHIP_HANDLE_STORAGE(hipGraphExec)
  std::atomic<uint32_t> magic{0};
  int device = 0;
  unihip::GraphOps* ops = nullptr;
  unihip::NativeGraphExec native = nullptr;
  unsigned long long flags = 0;  // hipGraphInstantiateFlags as instantiated
};

struct hipUserObject {
  static constexpr uint32_t kMagic = 0x554f424au;  // "UOBJ"
  UNIHIP_HANDLE_STORAGE(hipUserObject)
  std::atomic<uint32_t> magic{0};
  int device = 0;
  unihip::GraphOps* ops = nullptr;
  unihip::NativeUserObject native = nullptr;
  // References known to unihip: the caller's and those graphs hold. The wrapper is retired when
  // both reach zero (the handle may then no longer be used, as in CUDA).
  unsigned long long userRefs = 0;
  unsigned long long graphRefs = 0;
};

namespace unihip::graph {

// A new wrapper for a native graph (registered so that captures find it again).
ihipGraph* newGraph(int device, GraphOps* ops, NativeGraph native, bool owned);
// The wrapper of `native`, created (as a view when !owned) if none exists; an existing one
// becomes owned when `owned`.
ihipGraph* graphFor(int device, GraphOps* ops, NativeGraph native, bool owned);
// Retires the graph's wrapper, its nodes' and its views'; drops its user object references.
void retireGraph(ihipGraph* g);
// The wrapper of a node of `g`, created on first use.
hipGraphNode* nodeFor(ihipGraph* g, NativeGraphNode native);
void retireNode(hipGraphNode* n);
// The nodes of `g` that carry what the driver does not know (a kernel's host function, the
// parameters as given), for a clone to inherit.
std::vector<hipGraphNode*> annotatedNodes(ihipGraph* g);
// The view of a child graph node's graph.
ihipGraph* childView(hipGraphNode* node, NativeGraph native);

// Kernel node queries of captured kernels answer the native function (no host function is
// known); remembered so that the same value is accepted back as hipKernelNodeParams::func.
void rememberFunction(NativeFunction f);
bool knownFunction(const void* f);

hipGraphExec* newExec(int device, GraphOps* ops, NativeGraphExec native,
                      unsigned long long flags);
void retireExec(hipGraphExec* e);

hipUserObject* newUserObject(int device, GraphOps* ops, NativeUserObject native,
                             unsigned int refs);
// Reference bookkeeping; false when the object has fewer references than released.
bool userRelease(hipUserObject* o, unsigned int count);
void userRetain(hipUserObject* o, unsigned int count);
// The caller's references a move of `count` can take (the rest the graph retains anew).
unsigned int movableRefs(hipUserObject* o, unsigned int count);
// The graph gains `count` references, `moved` of them taken from the caller's.
void graphRetain(ihipGraph* g, hipUserObject* o, unsigned int count, unsigned int moved);
bool graphRelease(ihipGraph* g, hipUserObject* o, unsigned int count);
// A user object handle that unihip made and has retired (not a foreign pointer).
bool retiredUserObject(const hipUserObject* o);

}  // namespace unihip::graph
