// Generic graphs: stream capture. A capture is a graph plus, per stream taking part, the nodes
// its next operation depends on. The backend's enqueueing primitives hand operations on a
// capturing stream to the capture* hooks, which add a node after those dependencies and make it
// the stream's only one. Event records in a capture remember the recording stream's
// dependencies; a wait on such an event joins the waiting stream to the capture (fork) or merges
// the dependencies (join). Ending the capture checks that every forked stream joined back.
#include <algorithm>
#include <set>

#include "generic/graphs/generic_graphs.h"
#include "base/internal_work.h"

namespace unihip {

using generic_graphs::Graph;
using generic_graphs::Node;

namespace {

thread_local int t_mode = hipStreamCaptureModeGlobal;

Node* N(NativeGraphNode n) { return static_cast<Node*>(n); }

hipMemcpyKind kindOf(CopyDirection dir) {
  switch (dir) {
    case CopyDirection::HostToHost: return hipMemcpyHostToHost;
    case CopyDirection::HostToDevice: return hipMemcpyHostToDevice;
    case CopyDirection::DeviceToHost: return hipMemcpyDeviceToHost;
    case CopyDirection::DeviceToDevice: return hipMemcpyDeviceToDevice;
    default: return hipMemcpyDefault;
  }
}

void addUnique(std::vector<NativeGraphNode>* to, const std::vector<NativeGraphNode>& from) {
  for (NativeGraphNode n : from)
    if (std::find(to->begin(), to->end(), n) == to->end()) to->push_back(n);
}

}  // namespace

GenericGraphs::StreamCapture* GenericGraphs::captureOf(NativeStream stream) {
  auto it = streams_.find(stream);
  return it == streams_.end() ? nullptr : &it->second;
}

template <typename Fill>
Status GenericGraphs::captureNode(NativeStream stream, hipGraphNodeType type, Fill fill) {
  StreamCapture* sc = captureOf(stream);
  if (sc->capture->status != hipStreamCaptureStatusActive)
    return hipErrorStreamCaptureInvalidated;
  auto n = std::make_unique<Node>();
  Graph* g = sc->capture->graph;
  n->graph = g;
  n->type = type;
  for (NativeGraphNode d : sc->deps) n->deps.push_back(N(d));
  Status s = fill(*n);
  if (!s.ok()) {
    // A capture that cannot record an operation is broken, as HIP's would be.
    invalidate(*sc->capture);
    return s;
  }
  sc->deps.assign(1, n.get());
  g->nodes.push_back(std::move(n));
  return kOk;
}

void GenericGraphs::invalidate(Capture& c) { c.status = hipStreamCaptureStatusInvalidated; }

bool GenericGraphs::legacyRefused(Status* s) {
  bool blocking = false;
  for (const auto& [stream, sc] : streams_) blocking = blocking || sc.blocking;
  if (!blocking) return false;
  for (auto& c : captures_) invalidate(*c);
  *s = hipErrorStreamCaptureImplicit;
  return true;
}

GenericGraphs::StreamCapture GenericGraphs::joined(std::shared_ptr<Capture> c, NativeStream stream,
                                                   std::vector<NativeGraphNode> deps) const {
  StreamCapture sc;
  sc.capture = std::move(c);
  sc.blocking = blocking_ == nullptr || blocking_(stream);
  sc.deps = std::move(deps);
  return sc;
}

// Every stream and event leaves the capture `c`.
void GenericGraphs::leave(Capture& c) {
  for (NativeStream s : c.streams) streams_.erase(s);
  std::erase_if(events_, [&](const auto& e) { return e.second.capture.get() == &c; });
  std::erase_if(captures_, [&](const auto& p) { return p.get() == &c; });
  active_.store(static_cast<int>(streams_.size() + events_.size()), std::memory_order_relaxed);
}

// CUDA's and HIP's capture modes: may this thread make a potentially unsafe call now?
bool GenericGraphs::prohibited(std::thread::id self) const {
  if (t_mode == hipStreamCaptureModeRelaxed) return false;
  for (const auto& c : captures_) {
    if (c->status != hipStreamCaptureStatusActive || c->mode == hipStreamCaptureModeRelaxed)
      continue;
    if (c->thread == self) return true;
    if (t_mode == hipStreamCaptureModeGlobal && c->mode == hipStreamCaptureModeGlobal) return true;
  }
  return false;
}

// ---- Hooks ----

bool GenericGraphs::captureLaunch(int device, NativeFunction f, const LaunchConfig& c,
                                  void** args, Status* s) {
  std::lock_guard lock(mutex_);
  if (c.stream == nullptr) return legacyRefused(s);
  if (captureOf(c.stream) == nullptr) return false;
  KernelNodeArgs a{f, c.grid, c.block, c.sharedMemBytes, args, nullptr};
  *s = captureNode(c.stream, hipGraphNodeTypeKernel, [&](Node& n) {
    n.device = device;
    return setKernel(device, a, &n.kernel);
  });
  return true;
}

bool GenericGraphs::capturePacked(int device, NativeFunction f, const LaunchConfig& c,
                                  const void* buffer, size_t bytes, Status* s) {
  std::lock_guard lock(mutex_);
  if (c.stream == nullptr) return legacyRefused(s);
  if (captureOf(c.stream) == nullptr) return false;
  void* extra[] = {HIP_LAUNCH_PARAM_BUFFER_POINTER, const_cast<void*>(buffer),
                   HIP_LAUNCH_PARAM_BUFFER_SIZE, &bytes, HIP_LAUNCH_PARAM_END};
  KernelNodeArgs a{f, c.grid, c.block, c.sharedMemBytes, nullptr, extra};
  *s = captureNode(c.stream, hipGraphNodeTypeKernel, [&](Node& n) {
    n.device = device;
    return setKernel(device, a, &n.kernel);
  });
  return true;
}

bool GenericGraphs::captureCopy(int device, void* dst, const void* src, size_t size,
                                CopyDirection dir, NativeStream stream, Status* s) {
  std::lock_guard lock(mutex_);
  if (stream == nullptr) return legacyRefused(s);
  if (captureOf(stream) == nullptr) return false;
  *s = captureNode(stream, hipGraphNodeTypeMemcpy, [&](Node& n) {
    n.device = device;
    n.copy.srcPtr = make_hipPitchedPtr(const_cast<void*>(src), size, size, 1);
    n.copy.dstPtr = make_hipPitchedPtr(dst, size, size, 1);
    n.copy.extent = make_hipExtent(size, 1, 1);
    n.copy.kind = kindOf(dir);
    return kOk;
  });
  return true;
}

bool GenericGraphs::captureFill(int device, void* dst, uint32_t value, size_t count,
                                unsigned elementSize, NativeStream stream, Status* s) {
  std::lock_guard lock(mutex_);
  if (stream == nullptr) return legacyRefused(s);
  if (captureOf(stream) == nullptr) return false;
  *s = captureNode(stream, hipGraphNodeTypeMemset, [&](Node& n) {
    n.device = device;
    n.memset.dst = dst;
    n.memset.elementSize = elementSize;
    n.memset.width = count;
    n.memset.height = 1;
    n.memset.pitch = count * elementSize;
    n.memset.value = value;
    return kOk;
  });
  return true;
}

bool GenericGraphs::captureHostFunc(int device, NativeStream stream, void (*fn)(void*),
                                    void* data, Status* s) {
  std::lock_guard lock(mutex_);
  if (stream == nullptr) return legacyRefused(s);
  if (captureOf(stream) == nullptr) return false;
  *s = captureNode(stream, hipGraphNodeTypeHost, [&](Node& n) {
    n.device = device;
    n.host.fn = fn;
    n.host.userData = data;
    return kOk;
  });
  return true;
}

// A record in a capture adds no node: the event stands for the stream's dependencies, for a
// later wait. A record outside any capture makes the event an ordinary one again.
bool GenericGraphs::captureEventRecord(int, NativeEvent event, NativeStream stream, Status* s) {
  std::lock_guard lock(mutex_);
  if (stream == nullptr && legacyRefused(s)) return true;
  StreamCapture* sc = stream == nullptr ? nullptr : captureOf(stream);
  if (sc == nullptr) {
    if (events_.erase(event) > 0)
      active_.store(static_cast<int>(streams_.size() + events_.size()), std::memory_order_relaxed);
    return false;
  }
  if (sc->capture->status != hipStreamCaptureStatusActive) {
    *s = hipErrorStreamCaptureInvalidated;
    return true;
  }
  events_[event] = EventCapture{sc->capture, sc->deps};
  active_.store(static_cast<int>(streams_.size() + events_.size()), std::memory_order_relaxed);
  *s = kOk;
  return true;
}

bool GenericGraphs::captureWaitEvent(int, NativeStream stream, NativeEvent event, Status* s) {
  std::lock_guard lock(mutex_);
  if (stream == nullptr && legacyRefused(s)) return true;
  StreamCapture* sc = captureOf(stream);
  auto ev = events_.find(event);
  if (ev == events_.end()) {
    // An event from outside the capture: the work it stands for precedes the capture's launch
    // only if the caller orders it so; the graph gets no edge (AMD's runtime does the same).
    if (sc == nullptr) return false;
    *s = sc->capture->status == hipStreamCaptureStatusActive
             ? kOk
             : Status(hipErrorStreamCaptureInvalidated);
    return true;
  }
  const std::shared_ptr<Capture> capture = ev->second.capture;
  if (sc == nullptr) {
    if (stream == nullptr) {
      // The legacy stream cannot take part in a capture.
      invalidate(*capture);
      *s = hipErrorStreamCaptureImplicit;
      return true;
    }
    // Fork: the stream joins the capture after the recorded nodes.
    streams_[stream] = joined(capture, stream, ev->second.nodes);
    capture->streams.push_back(stream);
    active_.store(static_cast<int>(streams_.size() + events_.size()), std::memory_order_relaxed);
    *s = capture->status == hipStreamCaptureStatusActive ? kOk
                                                          : Status(hipErrorStreamCaptureInvalidated);
    return true;
  }
  if (sc->capture != capture) {
    // Two captures may not be merged.
    invalidate(*sc->capture);
    invalidate(*capture);
    *s = hipErrorStreamCaptureIsolation;
    return true;
  }
  addUnique(&sc->deps, ev->second.nodes);
  *s = capture->status == hipStreamCaptureStatusActive ? kOk
                                                        : Status(hipErrorStreamCaptureInvalidated);
  return true;
}

bool GenericGraphs::captureAlloc(int device, size_t size, NativeStream stream, void** ptr,
                                 Status* s) {
  {
    std::lock_guard lock(mutex_);
    if (stream == nullptr) return legacyRefused(s);
    if (captureOf(stream) == nullptr) return false;
  }
  std::shared_ptr<generic_graphs::GraphAllocation> a;
  *s = allocate(device, size, &a);
  std::lock_guard lock(mutex_);
  if (captureOf(stream) == nullptr) *s = hipErrorStreamCaptureInvalidated;  // ended meanwhile
  if (!s->ok()) return true;
  *s = captureNode(stream, hipGraphNodeTypeMemAlloc, [&](Node& n) {
    n.device = device;
    n.alloc.poolProps.allocType = hipMemAllocationTypePinned;
    n.alloc.poolProps.location.type = hipMemLocationTypeDevice;
    n.alloc.poolProps.location.id = device;
    n.alloc.bytesize = size;
    n.alloc.dptr = a->ptr;
    n.allocation = a;
    return kOk;
  });
  if (s->ok()) *ptr = a->ptr;
  return true;
}

bool GenericGraphs::captureFree(int device, void* ptr, NativeStream stream, Status* s) {
  std::lock_guard lock(mutex_);
  if (stream == nullptr) return legacyRefused(s);
  if (captureOf(stream) == nullptr) return false;
  *s = captureNode(stream, hipGraphNodeTypeMemFree, [&](Node& n) {
    n.device = device;
    n.freed = ptr;
    return kOk;
  });
  return true;
}

void GenericGraphs::streamGone(NativeStream stream) {
  if (!active()) return;
  std::lock_guard lock(mutex_);
  StreamCapture* sc = stream == nullptr ? nullptr : captureOf(stream);
  if (sc == nullptr) return;
  std::shared_ptr<Capture> c = sc->capture;
  if (c->origin == stream) {
    leave(*c);
    if (c->ownsGraph) destroyGraph(c->graph);
    return;
  }
  invalidate(*c);
  std::erase(c->streams, stream);
  streams_.erase(stream);
  active_.store(static_cast<int>(streams_.size() + events_.size()), std::memory_order_relaxed);
}

void GenericGraphs::eventGone(NativeEvent event) {
  if (!active()) return;
  std::lock_guard lock(mutex_);
  if (events_.erase(event) > 0)
    active_.store(static_cast<int>(streams_.size() + events_.size()), std::memory_order_relaxed);
}

bool GenericGraphs::refuseSync(NativeStream stream, Status* s) {
  std::lock_guard lock(mutex_);
  if (stream == nullptr) return legacyRefused(s);
  StreamCapture* sc = captureOf(stream);
  if (sc == nullptr) return false;
  invalidate(*sc->capture);
  *s = hipErrorStreamCaptureUnsupported;
  return true;
}

bool GenericGraphs::refuseUnsafe(Status* s) {
  if (t_internalWork) return false;
  std::lock_guard lock(mutex_);
  const std::thread::id self = std::this_thread::get_id();
  if (!prohibited(self)) return false;
  for (auto& c : captures_) {
    if (c->mode == hipStreamCaptureModeRelaxed) continue;
    if (c->thread == self || c->mode == hipStreamCaptureModeGlobal) invalidate(*c);
  }
  *s = hipErrorStreamCaptureUnsupported;
  return true;
}

bool GenericGraphs::refuseAny(hipError_t code, Status* s) {
  if (t_internalWork) return false;
  std::lock_guard lock(mutex_);
  if (captures_.empty()) return false;
  for (auto& c : captures_) invalidate(*c);
  *s = code;
  return true;
}

void GenericGraphs::releaseAll() {
  std::lock_guard lock(mutex_);
  while (!captures_.empty()) {
    std::shared_ptr<Capture> c = captures_.back();
    leave(*c);
    if (c->ownsGraph) destroyGraph(c->graph);
  }
  events_.clear();
  active_.store(0, std::memory_order_relaxed);
}

// ---- GraphOps: capture ----

Status GenericGraphs::beginCapture(int device, NativeStream stream, int mode) {
  NativeGraph graph = nullptr;
  UNIHIP_TRY(graphCreate(device, &graph));
  Status s = beginCaptureToGraph(device, stream, graph, nullptr, 0, mode);
  if (!s.ok()) {
    delete static_cast<Graph*>(graph);
    return s;
  }
  std::lock_guard lock(mutex_);
  captureOf(stream)->capture->ownsGraph = true;
  return kOk;
}

Status GenericGraphs::beginCaptureToGraph(int, NativeStream stream, NativeGraph graph,
                                          const NativeGraphNode* deps, size_t count, int mode) {
  std::lock_guard lock(mutex_);
  if (stream == nullptr || captureOf(stream) != nullptr) return hipErrorIllegalState;
  auto c = std::make_shared<Capture>();
  c->graph = static_cast<Graph*>(graph);
  c->ownsGraph = false;
  c->mode = mode;
  c->id = ++nextCaptureId_;
  c->origin = stream;
  c->thread = std::this_thread::get_id();
  c->streams.push_back(stream);
  streams_[stream] = joined(c, stream, std::vector<NativeGraphNode>(deps, deps + count));
  captures_.push_back(c);
  active_.store(static_cast<int>(streams_.size() + events_.size()), std::memory_order_relaxed);
  return kOk;
}

Status GenericGraphs::endCapture(int, NativeStream stream, NativeGraph* graph) {
  std::lock_guard lock(mutex_);
  *graph = nullptr;
  StreamCapture* sc = stream == nullptr ? nullptr : captureOf(stream);
  if (sc == nullptr) return hipErrorIllegalState;
  std::shared_ptr<Capture> c = sc->capture;
  // Ended where it began (AMD's runtime leaves the capture as it was otherwise).
  if (c->origin != stream) return hipErrorStreamCaptureUnmatched;
  if (c->mode != hipStreamCaptureModeRelaxed && c->thread != std::this_thread::get_id())
    return hipErrorStreamCaptureWrongThread;
  Status result = kOk;
  if (c->status != hipStreamCaptureStatusActive) {
    result = hipErrorStreamCaptureInvalidated;
  } else {
    // Every forked stream must have joined back: its last nodes lead into the origin's.
    std::set<const Node*> joined;
    std::vector<const Node*> stack;
    for (NativeGraphNode n : sc->deps) stack.push_back(N(n));
    while (!stack.empty()) {
      const Node* n = stack.back();
      stack.pop_back();
      if (!joined.insert(n).second) continue;
      for (const Node* d : n->deps) stack.push_back(d);
    }
    for (NativeStream other : c->streams) {
      if (other == stream) continue;
      for (NativeGraphNode n : streams_[other].deps)
        if (joined.count(N(n)) == 0) result = hipErrorStreamCaptureUnjoined;
    }
  }
  leave(*c);
  if (!result.ok()) {
    if (c->ownsGraph) destroyGraph(c->graph);
    return result;
  }
  *graph = c->graph;
  return kOk;
}

Status GenericGraphs::captureInfo(int, NativeStream stream, hipStreamCaptureStatus* status,
                                  unsigned long long* id, NativeGraph* graph,
                                  const NativeGraphNode** deps, size_t* count) {
  std::lock_guard lock(mutex_);
  StreamCapture* sc = stream == nullptr ? nullptr : captureOf(stream);
  if (sc == nullptr) {
    *status = hipStreamCaptureStatusNone;
    return kOk;
  }
  *status = sc->capture->status;
  if (id != nullptr) *id = sc->capture->id;
  if (graph != nullptr) *graph = sc->capture->graph;
  if (deps != nullptr) *deps = sc->deps.data();
  if (count != nullptr) *count = sc->deps.size();
  return kOk;
}

Status GenericGraphs::updateCaptureDependencies(int, NativeStream stream, NativeGraphNode* deps,
                                                size_t count, unsigned int flags) {
  std::lock_guard lock(mutex_);
  StreamCapture* sc = stream == nullptr ? nullptr : captureOf(stream);
  if (sc == nullptr || sc->capture->status != hipStreamCaptureStatusActive)
    return hipErrorIllegalState;
  for (size_t i = 0; i < count; ++i)
    if (N(deps[i])->graph != sc->capture->graph) return hipErrorInvalidValue;
  std::vector<NativeGraphNode> given(deps, deps + count);
  if (flags == hipStreamSetCaptureDependencies) sc->deps.clear();
  addUnique(&sc->deps, given);
  return kOk;
}

Status GenericGraphs::exchangeCaptureMode(int, int* mode) {
  std::swap(*mode, t_mode);
  return kOk;
}

Status GenericGraphs::invalidateCapture(int, NativeStream stream) {
  std::lock_guard lock(mutex_);
  StreamCapture* sc = stream == nullptr ? nullptr : captureOf(stream);
  if (sc != nullptr) invalidate(*sc->capture);
  return hipErrorStreamCaptureUnsupported;
}

}  // namespace unihip
