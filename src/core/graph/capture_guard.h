// Calls HIP refuses on a capturing stream (hipStreamAddCallback: AMD's runtime answers
// hipErrorStreamCaptureUnsupported and invalidates the capture, as CUDA does for
// cudaStreamAddCallback). Without this, the callback would be captured as a host node whose
// one-shot state the first replay frees.
#pragma once

#include "core/handles.h"
#include "core/runtime.h"
#include "seam/graph_ops.h"

namespace unihip {

// `stream`'s capture status (hipStreamCaptureStatusNone where the vendor cannot capture).
inline Status captureStatus(const Device& device, NativeStream stream,
                            hipStreamCaptureStatus* status) {
  *status = hipStreamCaptureStatusNone;
  GraphOps* ops = device.backend->graphs();
  if (ops == nullptr) return kOk;  // this vendor cannot capture
  return ops->captureInfo(device.local, stream, status, nullptr, nullptr, nullptr, nullptr);
}

// Whether `stream` is capturing (active or invalidated).
inline bool isCapturing(const Device& device, NativeStream stream) {
  hipStreamCaptureStatus status;
  return captureStatus(device, stream, &status).ok() && status != hipStreamCaptureStatusNone;
}

inline Status refuseWhenCapturing(const Device& device, NativeStream stream) {
  hipStreamCaptureStatus status;
  Status s = captureStatus(device, stream, &status);
  if (!s.ok() || status == hipStreamCaptureStatusNone) return s;
  return device.backend->graphs()->invalidateCapture(device.local, stream);
}

}  // namespace unihip

namespace unihip {

// HIP 7's capture-mode rule (CUDA's) for calls that are unsafe during a capture (hipMallocManaged,
// hipMemAdvise, hipMemPoolCreate/Destroy, hipDeviceSetMemPool, hipDeviceSetCacheConfig,
// hipDeviceSetSharedMemConfig, hipMemcpyWithStream): unless the thread's mode
// (hipThreadExchangeStreamCaptureMode) is relaxed, the call is refused with
// hipErrorStreamCaptureUnsupported while this thread captures in a mode other than relaxed, or
// while any thread captures in global mode and the thread's mode is global; the captures that
// caused the refusal are invalidated. `globalOnly` (hipEventQuery): only the second case.
// Free while no capture is active. In api/hip_stream_capture.cpp, which records the captures.
Status refuseUnsafeDuringCapture(bool globalOnly = false);

// hipEventSynchronize / hipEventQuery of an event last recorded into a stream that is still
// capturing (AMD's runtime): the capture is invalidated and the answer is hipErrorCapturedEvent,
// whatever the capture's mode. Free while no capture is active.
Status refuseCapturedEvent(const ihipEvent_t* event);

// hipEventRecord: notes the capture `stream` (of the event's device) is in, if any, so that
// refuseCapturedEvent knows the event was captured. Free while no capture is active.
void noteEventRecord(ihipEvent_t* event, const Device& device, NativeStream stream);

}  // namespace unihip
