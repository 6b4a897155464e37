// Streams: creation with flags and priorities, destruction, synchronization, queries, waits.
#include <algorithm>

#include "api/api_boundary.h"
#include "api/arg_checks.h"
#include "core/graph/capture_guard.h"
#include "core/handles.h"
#include "core/registry.h"
#include "base/hot_text.h"
#include "core/stream_ids.h"
#include "core/stream_resolve.h"

using namespace unihip;

namespace {

Status createStream(hipStream_t* stream, unsigned int flags, int priority, bool clampPriority) {
  if (stream == nullptr) return hipErrorInvalidValue;
  if ((flags & ~static_cast<unsigned>(hipStreamNonBlocking)) != 0) return hipErrorInvalidValue;
  Device* d = nullptr;
  UNIHIP_TRY(currentDevice(&d));
  if (clampPriority) {
    int least = 0, greatest = 0;
    UNIHIP_TRY(d->backend->streamPriorityRange(d->local, &least, &greatest));
    priority = std::clamp(priority, std::min(least, greatest), std::max(least, greatest));
  }
  ihipStream_t* s = streamTable().create();
  s->device = d->ordinal;
  s->flags = flags;
  s->priority = priority;
  s->id = nextStreamId();
  s->syncPolicy = hipSyncPolicyAuto;
  s->native = nullptr;
  NativeStream native = nullptr;
  Status status = d->backend->streamCreate(d->local, flags, priority, &native);
  s->native = native;
  if (!status.ok()) {
    HandleTable<ihipStream_t>::publish(s);
    streamTable().retire(s);
    return status;
  }
  HandleTable<ihipStream_t>::publish(s);
  *stream = s;
  return kOk;
}

}  // namespace

UNIHIP_EXPORT hipError_t hipStreamCreate(hipStream_t* stream) {
  UNIHIP_TRACE_hipStreamCreate(stream);
  UNIHIP_RETURN(createStream(stream, hipStreamDefault, 0, false));
}

UNIHIP_EXPORT hipError_t hipStreamCreateWithFlags(hipStream_t* stream, unsigned int flags) {
  UNIHIP_TRACE_hipStreamCreateWithFlags(stream, flags);
  UNIHIP_RETURN(createStream(stream, flags, 0, false));
}

UNIHIP_EXPORT hipError_t hipStreamCreateWithPriority(hipStream_t* stream, unsigned int flags,
                                                     int priority) {
  UNIHIP_TRACE_hipStreamCreateWithPriority(stream, flags, priority);
  UNIHIP_RETURN(createStream(stream, flags, priority, true));
}

UNIHIP_EXPORT hipError_t hipDeviceGetStreamPriorityRange(int* leastPriority,
                                                         int* greatestPriority) {
  UNIHIP_TRACE_hipDeviceGetStreamPriorityRange(leastPriority, greatestPriority);
  Device* d = nullptr;
  UNIHIP_RETURN_IF_FAILED(currentDevice(&d));
  int least = 0, greatest = 0;
  UNIHIP_RETURN_IF_FAILED(d->backend->streamPriorityRange(d->local, &least, &greatest));
  if (leastPriority) *leastPriority = least;
  if (greatestPriority) *greatestPriority = greatest;
  UNIHIP_RETURN(kOk);
}

UNIHIP_EXPORT hipError_t hipStreamDestroy(hipStream_t stream) {
  UNIHIP_TRACE_hipStreamDestroy(stream);
  if (stream == nullptr) UNIHIP_RETURN(hipErrorInvalidHandle);
  if (stream == hipStreamPerThread || stream == hipStreamLegacy)
    UNIHIP_RETURN(hipErrorInvalidResourceHandle);
  if (!isLive(stream)) UNIHIP_RETURN(hipErrorContextIsDestroyed);
  Device* d = Runtime::get().device(stream->device);
  NativeStream native = stream->native;
  if (!streamTable().retire(stream)) UNIHIP_RETURN(hipErrorContextIsDestroyed);
  // The driver lets queued work finish before it frees the stream's resources.
  UNIHIP_RETURN(d ? d->backend->streamDestroy(d->local, native) : kOk);
}

UNIHIP_EXPORT UNIHIP_HOT_TEXT hipError_t hipStreamSynchronize(hipStream_t stream) {
  UNIHIP_TRACE_hipStreamSynchronize(stream);
  ResolvedStream rs;
  Status s = resolveStream(stream, &rs);
  if (UNIHIP_UNLIKELY(!s.ok())) UNIHIP_RETURN(s);
  UNIHIP_RETURN(rs.device->backend->streamSynchronize(rs.device->local, rs.native));
}

UNIHIP_EXPORT hipError_t hipStreamQuery(hipStream_t stream) {
  UNIHIP_TRACE_hipStreamQuery(stream);
  ResolvedStream rs;
  Status s = resolveStream(stream, &rs);
  if (UNIHIP_UNLIKELY(!s.ok())) UNIHIP_RETURN(s);
  UNIHIP_RETURN(rs.device->backend->streamQuery(rs.device->local, rs.native));
}

UNIHIP_EXPORT hipError_t hipStreamWaitEvent(hipStream_t stream, hipEvent_t event,
                                            unsigned int flags) {
  UNIHIP_TRACE_hipStreamWaitEvent(stream, event, flags);
  if (event == nullptr) UNIHIP_RETURN(hipErrorInvalidHandle);
  if (flags != 0) UNIHIP_RETURN(hipErrorInvalidValue);
  ResolvedStream rs;
  UNIHIP_RETURN_IF_FAILED(resolveStream(stream, &rs, kNotLiveStreamIsInvalidHandle));
  if (!isLive(event)) UNIHIP_RETURN(hipErrorInvalidHandle);
  UNIHIP_RETURN(rs.device->backend->streamWaitEvent(rs.device->local, rs.native, event->native));
}

UNIHIP_EXPORT hipError_t hipLaunchHostFunc(hipStream_t stream, hipHostFn_t fn, void* userData) {
  UNIHIP_TRACE_hipLaunchHostFunc(stream, fn, userData);
  if (fn == nullptr) UNIHIP_RETURN(hipErrorInvalidValue);
  ResolvedStream rs;
  Status s = resolveStream(stream, &rs);
  if (UNIHIP_UNLIKELY(!s.ok())) UNIHIP_RETURN(s);
  Registry::get().loadAll(*rs.device, rs.native);  // the function may hold the stream
  UNIHIP_RETURN(rs.device->backend->launchHostFunc(rs.device->local, rs.native, fn, userData));
}

namespace {
// hipStreamAddCallback's callback also wants the user's stream handle (not the native one) and a
// status; the backends call a plain fn(void*), so this adapter carries the rest. Freed by the call.
struct StreamCallback {
  hipStreamCallback_t callback;
  hipStream_t stream;
  void* userData;
  static void run(void* p) {
    auto* c = static_cast<StreamCallback*>(p);
    // Errors of earlier work surface through synchronize; a callback that runs saw success.
    c->callback(c->stream, hipSuccess, c->userData);
    delete c;
  }
};
}  // namespace

UNIHIP_EXPORT hipError_t hipStreamAddCallback(hipStream_t stream, hipStreamCallback_t callback,
                                              void* userData, unsigned int flags) {
  UNIHIP_TRACE_hipStreamAddCallback(stream, callback, userData, flags);
  if (callback == nullptr || flags != 0) UNIHIP_RETURN(hipErrorInvalidValue);
  ResolvedStream rs;
  UNIHIP_RETURN_IF_FAILED(resolveStream(stream, &rs));
  UNIHIP_RETURN_IF_FAILED(refuseWhenCapturing(*rs.device, rs.native));
  Registry::get().loadAll(*rs.device, rs.native);  // the callback may hold the stream
  auto* c = new StreamCallback{callback, stream, userData};
  Status st =
      rs.device->backend->launchHostFunc(rs.device->local, rs.native, &StreamCallback::run, c);
  if (!st.ok()) delete c;  // never queued, so never run
  UNIHIP_RETURN(st);
}

UNIHIP_EXPORT hipError_t hipStreamGetFlags(hipStream_t stream, unsigned int* flags) {
  UNIHIP_TRACE_hipStreamGetFlags(stream, flags);
  // AMD's runtime answers the null stream with hipErrorInvalidValue (CUDA's with its flags);
  // hipStreamGetFlags_spt turns null into the per-thread stream first.
  if (flags == nullptr || stream == nullptr) UNIHIP_RETURN(hipErrorInvalidValue);
  if (stream == hipStreamLegacy || stream == hipStreamPerThread) {
    *flags = hipStreamDefault;
    UNIHIP_RETURN(kOk);
  }
  if (!isLive(stream)) UNIHIP_RETURN(hipErrorContextIsDestroyed);
  *flags = stream->flags;
  UNIHIP_RETURN(kOk);
}

UNIHIP_EXPORT hipError_t hipStreamGetPriority(hipStream_t stream, int* priority) {
  UNIHIP_TRACE_hipStreamGetPriority(stream, priority);
  if (priority == nullptr) UNIHIP_RETURN(hipErrorInvalidValue);
  if (stream == nullptr || stream == hipStreamLegacy || stream == hipStreamPerThread) {
    *priority = 0;
    UNIHIP_RETURN(kOk);
  }
  if (!isLive(stream)) UNIHIP_RETURN(hipErrorContextIsDestroyed);
  *priority = stream->priority;
  UNIHIP_RETURN(kOk);
}

UNIHIP_EXPORT hipError_t hipStreamGetDevice(hipStream_t stream, hipDevice_t* device) {
  UNIHIP_TRACE_hipStreamGetDevice(stream, device);
  if (device == nullptr) UNIHIP_RETURN(hipErrorInvalidValue);
  ResolvedStream rs;
  Status s = resolveStream(stream, &rs);
  if (s.ok()) *device = rs.device->ordinal;
  UNIHIP_RETURN(s);
}
