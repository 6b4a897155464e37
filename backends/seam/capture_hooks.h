// Stream capture for a vendor whose driver does not capture (HSA; the fake backend in tests):
// the seam's enqueueing operations (Backend's public launch, copy, fill, record, wait, sync,
// allocation) ask these hooks first, once, for every such vendor, so no vendor file holds a
// capture check. A vendor whose driver captures itself (CUDA) installs none.
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>

#include "base/status.h"
#include "seam/handles.h"

// In an enqueueing operation: hands it to `hooks`' capture hook `hook` and returns its answer
// when the hook takes it (a capturing stream); else goes on. `hooks` may be null.
#define UNIHIP_CAPTURED(hooks, hook, ...)                                          \
  do {                                                                             \
    if ((hooks) != nullptr && (hooks)->active()) [[unlikely]] {                    \
      ::unihip::Status captured_;                                                  \
      if ((hooks)->hook(__VA_ARGS__ __VA_OPT__(, ) & captured_)) return captured_; \
    }                                                                              \
  } while (0)

namespace unihip {

class CaptureHooks {
 public:
  virtual ~CaptureHooks() = default;
  // Any stream capturing (or any event recorded by a capture): the hooks below are needed.
  // One relaxed load, not a call: it sits on every launch.
  bool active() const { return active_.load(std::memory_order_relaxed) != 0; }
  const std::atomic<int>* activeFlag() const { return &active_; }

  // Each returns true when it took the operation (the stream captures, or for a wait, the event
  // belongs to a capture), with the result in *s.
  virtual bool captureLaunch(int device, NativeFunction f, const LaunchConfig& c, void** args,
                             Status* s) = 0;
  virtual bool capturePacked(int device, NativeFunction f, const LaunchConfig& c,
                             const void* buffer, size_t bytes, Status* s) = 0;
  virtual bool captureCopy(int device, void* dst, const void* src, size_t size, CopyDirection dir,
                           NativeStream stream, Status* s) = 0;
  virtual bool captureFill(int device, void* dst, uint32_t value, size_t count,
                           unsigned elementSize, NativeStream stream, Status* s) = 0;
  virtual bool captureHostFunc(int device, NativeStream stream, void (*fn)(void*), void* data,
                               Status* s) = 0;
  virtual bool captureEventRecord(int device, NativeEvent event, NativeStream stream,
                                  Status* s) = 0;
  virtual bool captureWaitEvent(int device, NativeStream stream, NativeEvent event,
                                Status* s) = 0;
  // Synchronizing with or querying a capturing stream: refused, the capture invalidated.
  virtual bool refuseSync(NativeStream stream, Status* s) = 0;
  // Calls the capture modes call "potentially unsafe" (allocation).
  virtual bool refuseUnsafe(Status* s) = 0;
  // Calls refused while any stream captures, whatever the mode (device synchronization,
  // synchronous copies and fills).
  virtual bool refuseAny(hipError_t code, Status* s) = 0;

 protected:
  std::atomic<int> active_{0};  // streams in a capture + events recorded by one
};

}  // namespace unihip
