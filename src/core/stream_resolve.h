// hipStream_t -> (device, native stream), on the hot path of launches, async copies and event
// records: no lock, no allocation.
#pragma once

#include "core/handles.h"
#include "core/runtime.h"

namespace unihip {

struct ResolvedStream {
  Device* device = nullptr;
  NativeStream native = nullptr;
};

// null and hipStreamLegacy: the current device's legacy default stream; hipStreamPerThread: the
// current device's per-thread stream; otherwise the stream's own device.
// hipErrorContextIsDestroyed for a destroyed stream (as AMD's runtime answers).
inline Status resolveStream(hipStream_t stream, ResolvedStream* out) {
  if (stream == nullptr || stream == hipStreamLegacy || stream == hipStreamPerThread) {
    UNIHIP_TRY(currentDevice(&out->device));
    out->native = stream == hipStreamPerThread
                      ? out->device->backend->perThreadStream(out->device->local)
                      : nullptr;
    return kOk;
  }
  if (!isLive(stream)) return hipErrorContextIsDestroyed;
  out->device = Runtime::get().device(stream->device);
  out->native = stream->native;
  return out->device ? kOk : Status(hipErrorContextIsDestroyed);
}

}  // namespace unihip
