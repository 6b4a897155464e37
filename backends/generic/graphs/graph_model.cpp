// The generic graph model's structure: copies, reachability, topological order.
#include "generic/graphs/graph_model.h"

#include <algorithm>

#include "base/internal_work.h"

namespace unihip::generic_graphs {

namespace {

// Points a kernel launch's argument pointers (or extra block) at its own bytes.
void relink(KernelLaunch* k) {
  if (k->packed) {
    k->extra[0] = HIP_LAUNCH_PARAM_BUFFER_POINTER;
    k->extra[1] = k->bytes.data();
    k->extra[2] = HIP_LAUNCH_PARAM_BUFFER_SIZE;
    k->extra[3] = &k->packedSize;
    k->extra[4] = HIP_LAUNCH_PARAM_END;
  }
}

}  // namespace

void copyParams(const Node& from, Node* to) {
  to->device = from.device;
  to->type = from.type;
  // Argument pointers move with the bytes: rebuild them at the same offsets.
  const char* oldBase = from.kernel.bytes.data();
  to->kernel = from.kernel;
  for (void*& p : to->kernel.argPtrs)
    p = to->kernel.bytes.data() + (static_cast<const char*>(p) - oldBase);
  relink(&to->kernel);
  to->copy = from.copy;
  to->memset = from.memset;
  to->host = from.host;
  to->event = from.event;
  to->alloc = from.alloc;
  to->allocation = from.allocation;
  to->freed = from.freed;
  to->enabled = from.enabled;
  if (from.child) {
    std::map<Node*, Node*> map;
    to->child = cloneGraph(*from.child, &map);
  } else {
    to->child.reset();
  }
}

std::unique_ptr<Graph> cloneGraph(const Graph& from, std::map<Node*, Node*>* map) {
  auto g = std::make_unique<Graph>();
  g->device = from.device;
  for (const auto& n : from.nodes) {
    auto copy = std::make_unique<Node>();
    copyParams(*n, copy.get());
    copy->graph = g.get();
    copy->origin = n.get();
    (*map)[n.get()] = copy.get();
    g->nodes.push_back(std::move(copy));
  }
  for (size_t i = 0; i < from.nodes.size(); ++i)
    for (Node* d : from.nodes[i]->deps) g->nodes[i]->deps.push_back((*map)[d]);
  return g;
}

bool reaches(const Node* to, const Node* from) {
  // Is `to` an ancestor of `from` (or `from` itself)? Walk from's dependencies.
  std::vector<const Node*> stack{from};
  std::vector<const Node*> seen;
  while (!stack.empty()) {
    const Node* n = stack.back();
    stack.pop_back();
    if (n == to) return true;
    if (std::find(seen.begin(), seen.end(), n) != seen.end()) continue;
    seen.push_back(n);
    for (const Node* d : n->deps) stack.push_back(d);
  }
  return false;
}

bool topologicalOrder(const Graph& g, std::vector<Node*>* order) {
  std::map<const Node*, size_t> pending;
  std::map<const Node*, std::vector<Node*>> dependents;
  for (const auto& n : g.nodes) {
    pending[n.get()] = n->deps.size();
    for (Node* d : n->deps) dependents[d].push_back(n.get());
  }
  order->clear();
  for (const auto& n : g.nodes)
    if (n->deps.empty()) order->push_back(n.get());
  for (size_t i = 0; i < order->size(); ++i) {
    for (Node* next : dependents[(*order)[i]])
      if (--pending[next] == 0) order->push_back(next);
  }
  return order->size() == g.nodes.size();
}

}  // namespace unihip::generic_graphs
