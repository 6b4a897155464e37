// Events: creation with flags, record, synchronize, query, elapsed time, destroy.
#include "api/api_boundary.h"
#include "api/arg_checks.h"
#include "core/handles.h"
#include "core/stream_resolve.h"
#include "core/graph/capture_guard.h"

using namespace unihip;

namespace {

constexpr unsigned kEventFlags = hipEventBlockingSync | hipEventDisableTiming |
                                 hipEventInterprocess | hipEventDisableSystemFence |
                                 hipEventReleaseToDevice | hipEventReleaseToSystem;

Status createEvent(hipEvent_t* event, unsigned flags) {
  if (event == nullptr) return hipErrorInvalidValue;
  if ((flags & ~kEventFlags) != 0) return hipErrorInvalidValue;
  // Interprocess events must not time (CUDA and HIP agree).
  if ((flags & hipEventInterprocess) && !(flags & hipEventDisableTiming))
    return hipErrorInvalidValue;
  if ((flags & hipEventReleaseToDevice) && (flags & hipEventReleaseToSystem))
    return hipErrorInvalidValue;
  Device* d = nullptr;
  UNIHIP_TRY(currentDevice(&d));
  ihipEvent_t* e = eventTable().create();
  e->device = d->ordinal;
  e->flags = flags;
  e->native = nullptr;
  e->recorded.store(false, std::memory_order_relaxed);
  e->captureStream.store(nullptr, std::memory_order_relaxed);
  NativeEvent native = nullptr;
  Status status = d->backend->eventCreate(d->local, flags, &native);
  e->native = native;
  HandleTable<ihipEvent_t>::publish(e);
  if (!status.ok()) {
    eventTable().retire(e);
    return status;
  }
  *event = e;
  return kOk;
}

Status eventDevice(hipEvent_t event, Device** device) {
  if (!isLive(event)) return hipErrorInvalidHandle;
  *device = Runtime::get().device(event->device);
  return *device ? kOk : Status(hipErrorInvalidHandle);
}

}  // namespace

UNIHIP_EXPORT hipError_t hipEventCreate(hipEvent_t* event) {
  UNIHIP_TRACE_hipEventCreate(event);
  UNIHIP_RETURN(createEvent(event, hipEventDefault));
}

UNIHIP_EXPORT hipError_t hipEventCreateWithFlags(hipEvent_t* event, unsigned flags) {
  UNIHIP_TRACE_hipEventCreateWithFlags(event, flags);
  UNIHIP_RETURN(createEvent(event, flags));
}

UNIHIP_EXPORT hipError_t hipEventRecord(hipEvent_t event, hipStream_t stream) {
  UNIHIP_TRACE_hipEventRecord(event, stream);
  if (UNIHIP_UNLIKELY(!isLive(event))) UNIHIP_RETURN(hipErrorInvalidHandle);
  ResolvedStream rs;
  Status s = resolveStream(stream, &rs);
  if (UNIHIP_UNLIKELY(!s.ok())) UNIHIP_RETURN(s);
  // An event records only on a stream of its own device (AMD: hipErrorInvalidResourceHandle).
  if (UNIHIP_UNLIKELY(rs.device->ordinal != event->device))
    UNIHIP_RETURN(hipErrorInvalidResourceHandle);
  s = rs.device->backend->eventRecord(rs.device->local, event->native, rs.native);
  if (s.ok()) {
    event->recorded.store(true, std::memory_order_relaxed);
    noteEventRecord(event, *rs.device, rs.native);
  }
  UNIHIP_RETURN(s);
}

// HIP 6.4: flags hipEventRecordDefault or hipEventRecordExternal (which CUDA gives a meaning only
// inside stream capture); either records as hipEventRecord does. Other bits: hipErrorInvalidValue.
UNIHIP_EXPORT hipError_t hipEventRecordWithFlags(hipEvent_t event, hipStream_t stream,
                                                 unsigned int flags) {
  UNIHIP_TRACE_hipEventRecordWithFlags(event, stream, flags);
  if ((flags & ~static_cast<unsigned>(hipEventRecordExternal)) != 0)
    UNIHIP_RETURN(hipErrorInvalidValue);
  return hipEventRecord(event, stream);
}

UNIHIP_EXPORT hipError_t hipEventSynchronize(hipEvent_t event) {
  UNIHIP_TRACE_hipEventSynchronize(event);
  Device* d = nullptr;
  Status s = eventDevice(event, &d);
  if (!s.ok()) UNIHIP_RETURN(s);
  UNIHIP_RETURN_IF_FAILED(refuseCapturedEvent(event));
  UNIHIP_RETURN(d->backend->eventSynchronize(d->local, event->native));
}

UNIHIP_EXPORT hipError_t hipEventQuery(hipEvent_t event) {
  UNIHIP_TRACE_hipEventQuery(event);
  // A captured event first (AMD's ihipEventQuery), then HIP 7's refusal while a global-mode
  // capture is active (CUDA's rule).
  if (isLive(event)) UNIHIP_RETURN_IF_FAILED(refuseCapturedEvent(event));
  UNIHIP_RETURN_IF_FAILED(refuseUnsafeDuringCapture(true));
  Device* d = nullptr;
  Status s = eventDevice(event, &d);
  if (!s.ok()) UNIHIP_RETURN(s);
  UNIHIP_RETURN(d->backend->eventQuery(d->local, event->native));
}

UNIHIP_EXPORT hipError_t hipEventElapsedTime(float* ms, hipEvent_t start, hipEvent_t stop) {
  UNIHIP_TRACE_hipEventElapsedTime(ms, start, stop);
  if (ms == nullptr) UNIHIP_RETURN(hipErrorInvalidValue);
  if (start == nullptr || stop == nullptr) UNIHIP_RETURN(hipErrorInvalidHandle);
  Device* d = nullptr;
  Device* d2 = nullptr;
  Status s = eventDevice(start, &d);
  if (s.ok()) s = eventDevice(stop, &d2);
  if (!s.ok()) UNIHIP_RETURN(s);
  if (d != d2) UNIHIP_RETURN(hipErrorInvalidResourceHandle);
  // An event never recorded has no time: AMD answers hipErrorInvalidHandle (the driver would
  // be handed an invalid value).
  if (!start->recorded.load(std::memory_order_relaxed) ||
      !stop->recorded.load(std::memory_order_relaxed))
    UNIHIP_RETURN(hipErrorInvalidHandle);
  if ((start->flags | stop->flags) & hipEventDisableTiming) UNIHIP_RETURN(hipErrorInvalidHandle);
  UNIHIP_RETURN(d->backend->eventElapsedTime(d->local, start->native, stop->native, ms));
}

UNIHIP_EXPORT hipError_t hipEventDestroy(hipEvent_t event) {
  UNIHIP_TRACE_hipEventDestroy(event);
  if (event == nullptr) UNIHIP_RETURN(hipErrorInvalidHandle);
  // Destroyed already, or never an event: hipErrorContextIsDestroyed, as AMD's runtime answers.
  Device* d = nullptr;
  Status s = eventDevice(event, &d);
  if (!s.ok()) UNIHIP_RETURN(hipErrorContextIsDestroyed);
  NativeEvent native = event->native;
  if (!eventTable().retire(event)) UNIHIP_RETURN(hipErrorContextIsDestroyed);
  UNIHIP_RETURN(d->backend->eventDestroy(d->local, native));
}
