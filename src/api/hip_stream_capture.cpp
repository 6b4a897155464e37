// Stream capture (issue 14), after AMD's argument checks, through the vendor's graphs family
// (seam/graph_ops.h). On NVIDIA the driver captures the native stream, so everything unihip
// enqueues there through the driver (launches, async copies and memsets, event records and waits,
// host functions) becomes a node, and calls that are illegal during a capture get the driver's
// answer (hipErrorStreamCaptureUnsupported/Implicit/Invalidated...) and invalidate it as CUDA and
// HIP do. Where a vendor has no graphs family no stream is ever capturing: the queries answer
// hipStreamCaptureStatusNone, starting a capture is hipErrorNotSupported.
#include <algorithm>
#include <mutex>
#include <thread>
#include <vector>

#include "api/api_boundary.h"
#include "core/active_captures.h"
#include "core/graph/capture_guard.h"
#include "core/graph/graph_handles.h"
#include "core/handles.h"
#include "core/stream_resolve.h"

using namespace unihip;

namespace {

thread_local hipStreamCaptureMode t_captureMode = hipStreamCaptureModeGlobal;

// The captures begun through unihip and not ended, with their mode and thread: what HIP 7's
// capture-mode rule (refuseUnsafeDuringCapture) reads. Only touched while a capture is active.
struct ActiveCapture {
  Device* device;
  NativeStream native;
  hipStreamCaptureMode mode;
  std::thread::id thread;
};
std::mutex g_capturesMutex;
std::vector<ActiveCapture> g_captures;

void recordCapture(Device* device, NativeStream native, hipStreamCaptureMode mode) {
  std::lock_guard lock(g_capturesMutex);
  g_captures.push_back({device, native, mode, std::this_thread::get_id()});
}

void forgetCapture(Device* device, NativeStream native) {
  std::lock_guard lock(g_capturesMutex);
  std::erase_if(g_captures, [&](const ActiveCapture& c) {
    return c.device == device && c.native == native;
  });
}

bool isLegacy(hipStream_t s) { return s == nullptr || s == hipStreamLegacy; }

// A stream handle capture functions accept: the special handles, or a live stream.
Status checkStream(hipStream_t s) {
  if (isLegacy(s) || s == hipStreamPerThread || isLive(s)) return kOk;
  return hipErrorContextIsDestroyed;
}

bool validMode(hipStreamCaptureMode mode) {
  return mode >= hipStreamCaptureModeGlobal && mode <= hipStreamCaptureModeRelaxed;
}

// A stream's device, native stream and graphs family (null where the vendor has none).
struct CaptureStream {
  ResolvedStream rs;
  GraphOps* ops = nullptr;
};
Status captureStream(hipStream_t stream, CaptureStream* out) {
  UNIHIP_TRY(resolveStream(stream, &out->rs));
  out->ops = out->rs.device->backend->graphs();
  return kOk;
}

// The nodes hipStreamGetCaptureInfo_v2 hands out: valid until the thread's next call, as CUDA's.
thread_local std::vector<hipGraphNode_t> t_captureDeps;

// Every capture query: the status, and for an active capture its id, graph and dependencies.
Status captureInfo(hipStream_t stream, hipStreamCaptureStatus* status, unsigned long long* id,
                   hipGraph_t* graph, const hipGraphNode_t** deps, size_t* count) {
  if (status == nullptr) return hipErrorInvalidValue;
  UNIHIP_TRY(checkStream(stream));
  CaptureStream cs;
  UNIHIP_TRY(captureStream(stream, &cs));
  if (cs.ops == nullptr) {
    *status = hipStreamCaptureStatusNone;
    return kOk;
  }
  NativeGraph native = nullptr;
  const NativeGraphNode* nativeDeps = nullptr;
  size_t n = 0;
  unsigned long long captureId = 0;
  UNIHIP_TRY(cs.ops->captureInfo(cs.rs.device->local, cs.rs.native, status, &captureId, &native,
                                 &nativeDeps, &n));
  if (*status != hipStreamCaptureStatusActive) return kOk;
  if (id != nullptr) *id = captureId;
  if (graph == nullptr && deps == nullptr && count == nullptr) return kOk;
  ihipGraph* g = unihip::graph::graphFor(cs.rs.device->ordinal, cs.ops, native, false);
  if (graph != nullptr) *graph = g;
  if (deps != nullptr) {
    t_captureDeps.resize(n);
    for (size_t i = 0; i < n; ++i) t_captureDeps[i] = unihip::graph::nodeFor(g, nativeDeps[i]);
    *deps = t_captureDeps.data();
  }
  if (count != nullptr) *count = n;
  return kOk;
}

Status captureStatus(hipStream_t stream, hipStreamCaptureStatus* status) {
  return captureInfo(stream, status, nullptr, nullptr, nullptr, nullptr);
}

// AMD's order: the legacy stream cannot capture, then the mode, then the stream handle.
Status checkBeginCapture(hipStream_t stream, hipStreamCaptureMode mode) {
  if (isLegacy(stream)) return hipErrorStreamCaptureUnsupported;
  if (!validMode(mode)) return hipErrorInvalidValue;
  return checkStream(stream);
}

Status checkEndCapture(hipStream_t stream, hipGraph_t* pGraph) {
  if (pGraph == nullptr) return hipErrorInvalidValue;
  if (isLegacy(stream)) return hipErrorIllegalState;
  return checkStream(stream);
}

// A stream whose vendor can capture.
Status capturingFamily(hipStream_t stream, CaptureStream* cs) {
  UNIHIP_TRY(captureStream(stream, cs));
  return cs->ops ? kOk : Status(hipErrorNotSupported);
}

Status beginCapture(hipStream_t stream, hipStreamCaptureMode mode) {
  UNIHIP_TRY(checkBeginCapture(stream, mode));
  CaptureStream cs;
  UNIHIP_TRY(capturingFamily(stream, &cs));
  active_captures::begin();
  Status s = cs.ops->beginCapture(cs.rs.device->local, cs.rs.native, mode);
  if (!s.ok()) active_captures::end();
  else recordCapture(cs.rs.device, cs.rs.native, mode);
  return s;
}

// A capture begun in global or thread-local mode on another thread (AMD's runtime refuses to end
// it there and leaves it capturing; the driver would end it).
bool otherThreadsCapture(const Device* device, NativeStream native) {
  const std::thread::id self = std::this_thread::get_id();
  std::lock_guard lock(g_capturesMutex);
  for (const ActiveCapture& c : g_captures)
    if (c.device == device && c.native == native)
      return c.mode != hipStreamCaptureModeRelaxed && c.thread != self;
  return false;
}

Status endCapture(hipStream_t stream, hipGraph_t* pGraph) {
  UNIHIP_TRY(checkEndCapture(stream, pGraph));
  CaptureStream cs;
  UNIHIP_TRY(capturingFamily(stream, &cs));
  if (otherThreadsCapture(cs.rs.device, cs.rs.native)) return hipErrorStreamCaptureWrongThread;
  NativeGraph native = nullptr;
  Status s = cs.ops->endCapture(cs.rs.device->local, cs.rs.native, &native);
  // An invalidated capture has ended too.
  if (s.ok() || s == hipErrorStreamCaptureInvalidated) {
    active_captures::end();
    forgetCapture(cs.rs.device, cs.rs.native);
  }
  *pGraph = native ? unihip::graph::graphFor(cs.rs.device->ordinal, cs.ops, native, true) : nullptr;
  return s;
}

// Native handles of capture dependencies: live nodes, of `graph` where it is known (else the
// capture's graph, which the driver checks).
Status nativeDeps(const hipGraphNode_t* deps, size_t n, std::vector<NativeGraphNode>* out,
                  hipGraph_t graph = nullptr) {
  out->resize(n);
  for (size_t i = 0; i < n; ++i) {
    if (!isLive(deps[i]) || (graph != nullptr && deps[i]->graph != graph))
      return hipErrorInvalidValue;
    (*out)[i] = deps[i]->native;
  }
  return kOk;
}

}  // namespace

#define CAPTURE_CHECK(expr)                        \
  do {                                             \
    ::unihip::Status capture_s_ = (expr);          \
    if (!capture_s_.ok()) UNIHIP_RETURN(capture_s_); \
  } while (0)

UNIHIP_EXPORT hipError_t hipStreamIsCapturing(hipStream_t stream,
                                              hipStreamCaptureStatus* pCaptureStatus) {
  UNIHIP_TRACE_hipStreamIsCapturing(stream, pCaptureStatus);
  UNIHIP_RETURN(captureStatus(stream, pCaptureStatus));
}

UNIHIP_EXPORT hipError_t hipStreamIsCapturing_spt(hipStream_t stream,
                                                  hipStreamCaptureStatus* pCaptureStatus) {
  UNIHIP_TRACE_hipStreamIsCapturing_spt(stream, pCaptureStatus);
  UNIHIP_RETURN(captureStatus(unihipPerThreadStream(stream), pCaptureStatus));
}

// The capture id is written only for an active capture, as in AMD's runtime.
UNIHIP_EXPORT hipError_t hipStreamGetCaptureInfo(hipStream_t stream,
                                                 hipStreamCaptureStatus* pCaptureStatus,
                                                 unsigned long long* pId) {
  UNIHIP_TRACE_hipStreamGetCaptureInfo(stream, pCaptureStatus, pId);
  UNIHIP_RETURN(captureInfo(stream, pCaptureStatus, pId, nullptr, nullptr, nullptr));
}

UNIHIP_EXPORT hipError_t hipStreamGetCaptureInfo_spt(hipStream_t stream,
                                                     hipStreamCaptureStatus* pCaptureStatus,
                                                     unsigned long long* pId) {
  UNIHIP_TRACE_hipStreamGetCaptureInfo_spt(stream, pCaptureStatus, pId);
  UNIHIP_RETURN(captureInfo(unihipPerThreadStream(stream), pCaptureStatus, pId, nullptr, nullptr,
                            nullptr));
}

UNIHIP_EXPORT hipError_t hipStreamGetCaptureInfo_v2(hipStream_t stream,
                                                    hipStreamCaptureStatus* captureStatus_out,
                                                    unsigned long long* id_out,
                                                    hipGraph_t* graph_out,
                                                    const hipGraphNode_t** dependencies_out,
                                                    size_t* numDependencies_out) {
  UNIHIP_TRACE_hipStreamGetCaptureInfo_v2(stream, captureStatus_out, id_out, graph_out,
                                          dependencies_out, numDependencies_out);
  UNIHIP_RETURN(captureInfo(stream, captureStatus_out, id_out, graph_out, dependencies_out,
                            numDependencies_out));
}

UNIHIP_EXPORT hipError_t hipStreamGetCaptureInfo_v2_spt(hipStream_t stream,
                                                        hipStreamCaptureStatus* captureStatus_out,
                                                        unsigned long long* id_out,
                                                        hipGraph_t* graph_out,
                                                        const hipGraphNode_t** dependencies_out,
                                                        size_t* numDependencies_out) {
  UNIHIP_TRACE_hipStreamGetCaptureInfo_v2_spt(stream, captureStatus_out, id_out, graph_out,
                                              dependencies_out, numDependencies_out);
  UNIHIP_RETURN(captureInfo(unihipPerThreadStream(stream), captureStatus_out, id_out, graph_out,
                            dependencies_out, numDependencies_out));
}

UNIHIP_EXPORT hipError_t hipThreadExchangeStreamCaptureMode(hipStreamCaptureMode* mode) {
  UNIHIP_TRACE_hipThreadExchangeStreamCaptureMode(mode);
  if (mode == nullptr || !validMode(*mode)) UNIHIP_RETURN(hipErrorInvalidValue);
  // The driver enforces the mode where it captures; the thread-local copy answers elsewhere.
  Device* device = nullptr;
  if (currentDevice(&device).ok() && device->backend->graphs() != nullptr) {
    int m = *mode;
    CAPTURE_CHECK(device->backend->graphs()->exchangeCaptureMode(device->local, &m));
    t_captureMode = *mode;
    *mode = static_cast<hipStreamCaptureMode>(m);
    UNIHIP_RETURN(kOk);
  }
  hipStreamCaptureMode previous = t_captureMode;
  t_captureMode = *mode;
  *mode = previous;
  UNIHIP_RETURN(kOk);
}

UNIHIP_EXPORT hipError_t hipStreamBeginCapture(hipStream_t stream, hipStreamCaptureMode mode) {
  UNIHIP_TRACE_hipStreamBeginCapture(stream, mode);
  UNIHIP_RETURN(beginCapture(stream, mode));
}

UNIHIP_EXPORT hipError_t hipStreamBeginCapture_spt(hipStream_t stream, hipStreamCaptureMode mode) {
  UNIHIP_TRACE_hipStreamBeginCapture_spt(stream, mode);
  UNIHIP_RETURN(beginCapture(unihipPerThreadStream(stream), mode));
}

UNIHIP_EXPORT hipError_t hipStreamBeginCaptureToGraph(hipStream_t stream, hipGraph_t graph,
                                                      const hipGraphNode_t* dependencies,
                                                      const hipGraphEdgeData* dependencyData,
                                                      size_t numDependencies,
                                                      hipStreamCaptureMode mode) {
  UNIHIP_TRACE_hipStreamBeginCaptureToGraph(stream, graph, dependencies, dependencyData,
                                            numDependencies, mode);
  // AMD's runtime takes no edge data at all.
  if (dependencyData != nullptr) UNIHIP_RETURN(hipErrorNotSupported);
  if (graph == nullptr || (dependencies == nullptr) != (numDependencies == 0))
    UNIHIP_RETURN(hipErrorInvalidValue);
  CAPTURE_CHECK(checkBeginCapture(stream, mode));
  if (!isLive(graph)) UNIHIP_RETURN(hipErrorInvalidValue);
  std::vector<NativeGraphNode> deps;
  CAPTURE_CHECK(nativeDeps(dependencies, numDependencies, &deps, graph));
  CaptureStream cs;
  CAPTURE_CHECK(capturingFamily(stream, &cs));
  active_captures::begin();
  Status s = cs.ops->beginCaptureToGraph(cs.rs.device->local, cs.rs.native, graph->native,
                                         deps.data(), numDependencies, mode);
  if (!s.ok()) active_captures::end();
  else recordCapture(cs.rs.device, cs.rs.native, mode);
  UNIHIP_RETURN(s);
}

UNIHIP_EXPORT hipError_t hipStreamEndCapture(hipStream_t stream, hipGraph_t* pGraph) {
  UNIHIP_TRACE_hipStreamEndCapture(stream, pGraph);
  UNIHIP_RETURN(endCapture(stream, pGraph));
}

UNIHIP_EXPORT hipError_t hipStreamEndCapture_spt(hipStream_t stream, hipGraph_t* pGraph) {
  UNIHIP_TRACE_hipStreamEndCapture_spt(stream, pGraph);
  UNIHIP_RETURN(endCapture(unihipPerThreadStream(stream), pGraph));
}

UNIHIP_EXPORT hipError_t hipStreamUpdateCaptureDependencies(hipStream_t stream,
                                                            hipGraphNode_t* dependencies,
                                                            size_t numDependencies,
                                                            unsigned int flags) {
  UNIHIP_TRACE_hipStreamUpdateCaptureDependencies(stream, dependencies, numDependencies, flags);
  CAPTURE_CHECK(checkStream(stream));
  if ((numDependencies > 0 && dependencies == nullptr) ||
      (flags != hipStreamAddCaptureDependencies && flags != hipStreamSetCaptureDependencies))
    UNIHIP_RETURN(hipErrorInvalidValue);
  std::vector<NativeGraphNode> deps;
  CAPTURE_CHECK(nativeDeps(dependencies, numDependencies, &deps));
  CaptureStream cs;
  CAPTURE_CHECK(capturingFamily(stream, &cs));
  UNIHIP_RETURN(cs.ops->updateCaptureDependencies(cs.rs.device->local, cs.rs.native, deps.data(),
                                                  numDependencies, flags));
}

Status unihip::refuseUnsafeDuringCapture(bool globalOnly) {
  if (!active_captures::any()) return kOk;
  const hipStreamCaptureMode mine = t_captureMode;
  if (mine == hipStreamCaptureModeRelaxed) return kOk;
  const std::thread::id self = std::this_thread::get_id();
  std::vector<ActiveCapture> hits;
  {
    std::lock_guard lock(g_capturesMutex);
    for (const ActiveCapture& c : g_captures) {
      const bool own = !globalOnly && c.thread == self && c.mode != hipStreamCaptureModeRelaxed;
      const bool global = mine == hipStreamCaptureModeGlobal && c.mode == hipStreamCaptureModeGlobal;
      if (own || global) hits.push_back(c);
    }
  }
  bool refused = false;
  for (const ActiveCapture& c : hits) {
    GraphOps* ops = c.device->backend->graphs();
    hipStreamCaptureStatus status = hipStreamCaptureStatusNone;
    if (ops == nullptr ||
        !ops->captureInfo(c.device->local, c.native, &status, nullptr, nullptr, nullptr, nullptr)
             .ok() ||
        status == hipStreamCaptureStatusNone) {
      forgetCapture(c.device, c.native);  // ended some other way (its stream was destroyed)
      continue;
    }
    (void)ops->invalidateCapture(c.device->local, c.native);
    refused = true;
  }
  return refused ? Status(hipErrorStreamCaptureUnsupported) : kOk;
}

void unihip::noteEventRecord(ihipEvent_t* event, const Device& device, NativeStream stream) {
  NativeStream captured = nullptr;
  if (UNIHIP_UNLIKELY(active_captures::any())) {
    GraphOps* ops = device.backend->graphs();
    hipStreamCaptureStatus status = hipStreamCaptureStatusNone;
    if (ops != nullptr &&
        ops->captureInfo(device.local, stream, &status, nullptr, nullptr, nullptr, nullptr).ok() &&
        status == hipStreamCaptureStatusActive)
      captured = stream;
  }
  if (captured != nullptr || event->captureStream.load(std::memory_order_relaxed) != nullptr)
    event->captureStream.store(captured, std::memory_order_release);
}

Status unihip::refuseCapturedEvent(const ihipEvent_t* event) {
  if (!active_captures::any()) return kOk;
  const NativeStream stream = event->captureStream.load(std::memory_order_acquire);
  if (stream == nullptr) return kOk;
  Device* device = nullptr;
  {
    // A capture unihip began and has not seen end (as refuseUnsafeDuringCapture reads them).
    std::lock_guard lock(g_capturesMutex);
    for (const ActiveCapture& c : g_captures)
      if (c.native == stream && c.device->ordinal == event->device) device = c.device;
  }
  if (device == nullptr) return kOk;
  GraphOps* ops = device->backend->graphs();
  hipStreamCaptureStatus status = hipStreamCaptureStatusNone;
  if (ops == nullptr ||
      !ops->captureInfo(device->local, stream, &status, nullptr, nullptr, nullptr, nullptr).ok() ||
      status != hipStreamCaptureStatusActive)
    return kOk;
  (void)ops->invalidateCapture(device->local, stream);
  return hipErrorCapturedEvent;
}
