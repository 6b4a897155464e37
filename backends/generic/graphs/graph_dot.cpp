// Generic graphs: hipGraphDebugDotPrint's DOT dump (nodes by kind, child graphs as clusters,
// parameters with hipGraphDebugDotFlagsVerbose).
#include <algorithm>
#include <cstdio>
#include <string>

#include "generic/graphs/generic_graphs.h"

namespace unihip {

using generic_graphs::Graph;
using generic_graphs::Node;

namespace {

const char* typeName(hipGraphNodeType t) {
  switch (t) {
    case hipGraphNodeTypeKernel: return "KERNEL";
    case hipGraphNodeTypeMemcpy: return "MEMCPY";
    case hipGraphNodeTypeMemset: return "MEMSET";
    case hipGraphNodeTypeHost: return "HOST";
    case hipGraphNodeTypeGraph: return "GRAPH";
    case hipGraphNodeTypeEmpty: return "EMPTY";
    case hipGraphNodeTypeWaitEvent: return "EVENT_WAIT";
    case hipGraphNodeTypeEventRecord: return "EVENT_RECORD";
    case hipGraphNodeTypeMemAlloc: return "MEM_ALLOC";
    case hipGraphNodeTypeMemFree: return "MEM_FREE";
    default: return "NODE";
  }
}

void dot(FILE* f, const Graph& g, const std::string& prefix, unsigned int flags) {
  for (size_t i = 0; i < g.nodes.size(); ++i) {
    const Node& n = *g.nodes[i];
    std::string id = prefix + "node" + std::to_string(i);
    if (n.type == hipGraphNodeTypeGraph && n.child) {
      std::fprintf(f, "subgraph cluster_%s {\nlabel=\"%s\";\n", id.c_str(), id.c_str());
      dot(f, *n.child, id + "_", flags);
      std::fprintf(f, "}\n");
    }
    std::fprintf(f, "\"%s\" [label=\"%s\\n%s", id.c_str(), id.c_str(), typeName(n.type));
    if (flags & hipGraphDebugDotFlagsVerbose) {
      if (n.type == hipGraphNodeTypeKernel)
        std::fprintf(f, "\\ngrid (%u,%u,%u) block (%u,%u,%u) shared %u", n.kernel.grid.x,
                     n.kernel.grid.y, n.kernel.grid.z, n.kernel.block.x, n.kernel.block.y,
                     n.kernel.block.z, n.kernel.sharedMemBytes);
      if (n.type == hipGraphNodeTypeMemset)
        std::fprintf(f, "\\nvalue %u width %zu height %zu", n.memset.value, n.memset.width,
                     n.memset.height);
      if (n.type == hipGraphNodeTypeMemAlloc || n.type == hipGraphNodeTypeMemFree)
        std::fprintf(f, "\\nsize %zu", n.alloc.bytesize);
    }
    std::fprintf(f, "\"];\n");
  }
  for (size_t i = 0; i < g.nodes.size(); ++i) {
    for (const Node* d : g.nodes[i]->deps) {
      const size_t j = std::find_if(g.nodes.begin(), g.nodes.end(),
                                    [&](const auto& p) { return p.get() == d; }) -
                       g.nodes.begin();
      std::fprintf(f, "\"%snode%zu\" -> \"%snode%zu\";\n", prefix.c_str(), j, prefix.c_str(), i);
    }
  }
}

}  // namespace

Status GenericGraphs::graphDebugDotPrint(int, NativeGraph graph, const char* path,
                                         unsigned int flags) {
  std::lock_guard lock(mutex_);
  FILE* f = std::fopen(path, "w");
  if (f == nullptr) return hipErrorOperatingSystem;
  std::fprintf(f, "digraph dot {\n");
  dot(f, *static_cast<Graph*>(graph), "", flags);
  std::fprintf(f, "}\n");
  return std::fclose(f) == 0 ? kOk : Status(hipErrorOperatingSystem);
}

}  // namespace unihip
