// Calls HIP refuses on a capturing stream (hipStreamAddCallback: AMD's runtime answers
// hipErrorStreamCaptureUnsupported and invalidates the capture, as CUDA does for
// cudaStreamAddCallback). Without this, the callback would be captured as a host node whose
// one-shot state the first replay frees.
#pragma once

#include "core/runtime.h"
#include "seam/graph_ops.h"

namespace unihip {

inline Status refuseWhenCapturing(const Device& device, NativeStream stream) {
  GraphOps* ops = device.backend->graphs();
  if (ops == nullptr) return kOk;  // this vendor cannot capture
  hipStreamCaptureStatus status = hipStreamCaptureStatusNone;
  Status s = ops->captureInfo(device.local, stream, &status, nullptr, nullptr, nullptr, nullptr);
  if (!s.ok() || status == hipStreamCaptureStatusNone) return s;
  return ops->invalidateCapture(device.local, stream);
}

}  // namespace unihip
