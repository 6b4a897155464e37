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
// A handle that is not a live stream (destroyed, or never one: 0xFFFF, -1) answers `notLive`:
// hipErrorContextIsDestroyed, as AMD's runtime answers in most entry points (launches, copies,
// fills, stream and event calls); the stream-ordered allocator (hipMallocAsync, hipFreeAsync,
// hipMallocFromPoolAsync) and hipStreamWaitEvent answer hipErrorInvalidHandle there instead, as
// AMD's do (kNotLiveStreamIsInvalidHandle).
inline constexpr hipError_t kNotLiveStreamIsInvalidHandle = hipErrorInvalidHandle;
inline Status resolveStream(hipStream_t stream, ResolvedStream* out,
                            hipError_t notLive = hipErrorContextIsDestroyed) {
  if (stream == nullptr || stream == hipStreamLegacy || stream == hipStreamPerThread) {
    UNIHIP_TRY(currentDevice(&out->device));
    out->native = stream == hipStreamPerThread
                      ? out->device->backend->perThreadStream(out->device->local)
                      : nullptr;
    return kOk;
  }
  if (!isLive(stream)) return notLive;
  out->device = Runtime::get().device(stream->device);
  out->native = stream->native;
  return out->device ? kOk : Status(notLive);
}

}  // namespace unihip
