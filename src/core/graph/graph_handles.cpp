#include "core/graph/graph_handles.h"

#include <mutex>
#include <unordered_set>

namespace unihip::graph {

namespace {

std::mutex g_mutex;
std::unordered_map<NativeGraph, ihipGraph*> g_graphs;  // live wrappers by native graph
std::unordered_set<const void*> g_functions;            // native functions handed out

HandleTable<ihipGraph>& graphTable() {
  static HandleTable<ihipGraph> t;
  return t;
}
HandleTable<hipGraphNode>& nodeTable() {
  static HandleTable<hipGraphNode> t;
  return t;
}
HandleTable<hipGraphExec>& execTable() {
  static HandleTable<hipGraphExec> t;
  return t;
}
HandleTable<hipUserObject>& userObjectTable() {
  static HandleTable<hipUserObject> t;
  return t;
}

ihipGraph* createLocked(int device, GraphOps* ops, NativeGraph native, bool owned) {
  ihipGraph* g = graphTable().create();
  g->device = device;
  g->ops = ops;
  g->native = native;
  g->owned = owned;
  g->embedded = false;
  g->nodes.clear();
  g->views.clear();
  g->userObjects.clear();
  g_graphs[native] = g;
  HandleTable<ihipGraph>::publish(g);
  return g;
}

void retireUserObjectLocked(hipUserObject* o) {
  if (o->userRefs == 0 && o->graphRefs == 0) userObjectTable().retire(o);
}

void retireGraphLocked(ihipGraph* g) {
  for (auto& [native, node] : g->nodes) nodeTable().retire(node);
  g->nodes.clear();
  for (ihipGraph* v : g->views) retireGraphLocked(v);
  g->views.clear();
  for (auto& [o, count] : g->userObjects) {
    if (!isLive(o)) continue;
    o->graphRefs -= count < o->graphRefs ? count : o->graphRefs;
    retireUserObjectLocked(o);
  }
  g->userObjects.clear();
  auto it = g_graphs.find(g->native);
  if (it != g_graphs.end() && it->second == g) g_graphs.erase(it);
  graphTable().retire(g);
}

}  // namespace

ihipGraph* newGraph(int device, GraphOps* ops, NativeGraph native, bool owned) {
  std::lock_guard<std::mutex> lock(g_mutex);
  return createLocked(device, ops, native, owned);
}

ihipGraph* graphFor(int device, GraphOps* ops, NativeGraph native, bool owned) {
  std::lock_guard<std::mutex> lock(g_mutex);
  auto it = g_graphs.find(native);
  if (it != g_graphs.end() && isLive(it->second)) {
    if (owned) it->second->owned = true;
    return it->second;
  }
  return createLocked(device, ops, native, owned);
}

void retireGraph(ihipGraph* g) {
  std::lock_guard<std::mutex> lock(g_mutex);
  retireGraphLocked(g);
}

hipGraphNode* nodeFor(ihipGraph* g, NativeGraphNode native) {
  if (native == nullptr) return nullptr;
  std::lock_guard<std::mutex> lock(g_mutex);
  auto it = g->nodes.find(native);
  if (it != g->nodes.end()) return it->second;
  hipGraphNode* n = nodeTable().create();
  n->graph = g;
  n->native = native;
  n->kernelStub = nullptr;
  n->given = GivenNodeParams{};
  n->child = nullptr;
  g->nodes[native] = n;
  HandleTable<hipGraphNode>::publish(n);
  return n;
}

void retireNode(hipGraphNode* n) {
  std::lock_guard<std::mutex> lock(g_mutex);
  if (n->child != nullptr) {
    auto& views = n->graph->views;
    for (size_t i = 0; i < views.size(); ++i) {
      if (views[i] == n->child) {
        retireGraphLocked(views[i]);
        views.erase(views.begin() + static_cast<long>(i));
        break;
      }
    }
  }
  n->graph->nodes.erase(n->native);
  nodeTable().retire(n);
}

std::vector<hipGraphNode*> annotatedNodes(ihipGraph* g) {
  std::lock_guard<std::mutex> lock(g_mutex);
  std::vector<hipGraphNode*> out;
  for (auto& [native, node] : g->nodes)
    if (node->kernelStub != nullptr || node->given.kind != GivenNodeParams::Kind::None)
      out.push_back(node);
  return out;
}

ihipGraph* childView(hipGraphNode* node, NativeGraph native) {
  std::lock_guard<std::mutex> lock(g_mutex);
  if (node->child != nullptr && node->child->native == native) return node->child;
  ihipGraph* v = createLocked(node->graph->device, node->graph->ops, native, false);
  v->embedded = true;
  node->graph->views.push_back(v);
  node->child = v;
  return v;
}

void rememberFunction(NativeFunction f) {
  std::lock_guard<std::mutex> lock(g_mutex);
  g_functions.insert(f);
}

bool knownFunction(const void* f) {
  std::lock_guard<std::mutex> lock(g_mutex);
  return g_functions.count(f) != 0;
}

hipGraphExec* newExec(int device, GraphOps* ops, NativeGraphExec native,
                      unsigned long long flags) {
  hipGraphExec* e = execTable().create();
  e->device = device;
  e->ops = ops;
  e->native = native;
  e->flags = flags;
  HandleTable<hipGraphExec>::publish(e);
  return e;
}

void retireExec(hipGraphExec* e) { execTable().retire(e); }

hipUserObject* newUserObject(int device, GraphOps* ops, NativeUserObject native,
                             unsigned int refs) {
  std::lock_guard<std::mutex> lock(g_mutex);
  hipUserObject* o = userObjectTable().create();
  o->device = device;
  o->ops = ops;
  o->native = native;
  o->userRefs = refs;
  o->graphRefs = 0;
  HandleTable<hipUserObject>::publish(o);
  return o;
}

bool userRelease(hipUserObject* o, unsigned int count) {
  std::lock_guard<std::mutex> lock(g_mutex);
  if (count > o->userRefs) return false;
  o->userRefs -= count;
  retireUserObjectLocked(o);
  return true;
}

void userRetain(hipUserObject* o, unsigned int count) {
  std::lock_guard<std::mutex> lock(g_mutex);
  o->userRefs += count;
}

unsigned int movableRefs(hipUserObject* o, unsigned int count) {
  std::lock_guard<std::mutex> lock(g_mutex);
  return o->userRefs < count ? static_cast<unsigned int>(o->userRefs) : count;
}

void graphRetain(ihipGraph* g, hipUserObject* o, unsigned int count, unsigned int moved) {
  std::lock_guard<std::mutex> lock(g_mutex);
  o->userRefs -= moved < o->userRefs ? moved : o->userRefs;
  o->graphRefs += count;
  for (auto& [obj, n] : g->userObjects) {
    if (obj == o) {
      n += count;
      return;
    }
  }
  g->userObjects.emplace_back(o, count);
}

bool graphRelease(ihipGraph* g, hipUserObject* o, unsigned int count) {
  std::lock_guard<std::mutex> lock(g_mutex);
  for (size_t i = 0; i < g->userObjects.size(); ++i) {
    auto& [obj, n] = g->userObjects[i];
    if (obj != o) continue;
    if (count > n) return false;
    n -= count;
    o->graphRefs -= count;
    if (n == 0) g->userObjects.erase(g->userObjects.begin() + static_cast<long>(i));
    retireUserObjectLocked(o);
    return true;
  }
  return false;
}

bool retiredUserObject(const hipUserObject* o) {
  return g_handleSlabs<hipUserObject>.contains(o) && !isLive(o);
}

}  // namespace unihip::graph
