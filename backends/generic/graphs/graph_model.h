// unihip's own graph model (issue 14, AMD side): what a generic graph, node, executable graph and
// user object hold. generic/graphs/generic_graphs.h hands these out as the seam's native
// handles (seam/graph_ops.h), for vendors without native graphs (HSA/ROCr).
//
// A node keeps its own copy of everything it needs to run (a kernel's argument bytes, a copy's
// description, a child graph), so the caller's buffers may go once the node is added.
#pragma once

#include <atomic>
#include <map>
#include <memory>
#include <vector>

#include "backend.h"
#include "generic/graphs/graph_memory.h"
#include "generic/graphs/native_program.h"
#include "seam/graph_ops.h"

namespace unihip::generic_graphs {

struct Graph;
struct UserObject;

// A kernel node's launch with its arguments owned: `argPtrs` point into `bytes` (as a launch's
// `args`), or `packed` holds a hipModuleLaunchKernel `extra` buffer and `extra` names it.
struct KernelLaunch {
  NativeFunction function = nullptr;
  dim3 grid;
  dim3 block;
  unsigned int sharedMemBytes = 0;
  std::vector<char> bytes;
  std::vector<void*> argPtrs;
  bool hasArgs = false;
  bool packed = false;
  size_t packedSize = 0;
  void* extra[5] = {};
  std::map<int, hipLaunchAttributeValue> attributes;
};

struct Node {
  Graph* graph = nullptr;
  int device = 0;  // the backend-local device it runs on
  hipGraphNodeType type = hipGraphNodeTypeEmpty;
  std::vector<Node*> deps;
  KernelLaunch kernel;
  hipMemcpy3DParms copy{};
  hipMemsetParams memset{};
  hipHostNodeParams host{};
  std::unique_ptr<Graph> child;
  NativeEvent event = nullptr;
  hipMemAllocNodeParams alloc{};
  std::shared_ptr<GraphAllocation> allocation;
  void* freed = nullptr;
  bool enabled = true;   // an executable graph's node (hipGraphNodeSetEnabled)
  Node* origin = nullptr;  // the node this one was cloned from
  Node() = default;
  Node(const Node&) = delete;
};

struct Graph {
  int device = 0;
  std::vector<std::unique_ptr<Node>> nodes;  // in insertion order
  std::map<UserObject*, long long> objects;    // user object references held
  std::vector<Node*> order;  // an executable graph's topological schedule
};

struct Exec {
  int device = 0;
  std::unique_ptr<Graph> graph;        // the instantiated copy
  std::map<Node*, Node*> byOriginal;   // the instantiated graph's node -> its copy here
  unsigned long long flags = 0;
  // Its allocation nodes' memory and what its free nodes free (child graphs included).
  std::vector<std::shared_ptr<GraphAllocation>> allocs, frees;
  // The backend's compiled form of `graph` (native_program.h), null when it is replayed; declared
  // after `graph` so that it goes first (it may wait for its launches in flight).
  std::unique_ptr<NativeGraphProgram> program;
};

struct UserObject {
  void* ptr = nullptr;
  hipHostFn_t destroy = nullptr;
  long long refs = 0;
};

// A deep copy of `from` (child graphs included); `map` gets original -> copy for every node,
// and each copy's `origin` names its original.
std::unique_ptr<Graph> cloneGraph(const Graph& from, std::map<Node*, Node*>* map);
// Copies a node's parameters (not its place in the graph).
void copyParams(const Node& from, Node* to);
// True when adding the edge from -> to would close a cycle.
bool reaches(const Node* to, const Node* from);
// Kahn's order of g's nodes; false when g has a cycle.
bool topologicalOrder(const Graph& g, std::vector<Node*>* order);

}  // namespace unihip::generic_graphs
