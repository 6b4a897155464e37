// The seam between unihip's API layer and a vendor backend (CUDA driver, HSA/AQL).
//
// Ownership: the API layer owns user-visible handles (ihipStream_t, ihipEvent_t, modules) and
// all validation (null pointers, ordinals, launch bounds, handle liveness). A backend owns only
// vendor resources, named by the opaque Native* handles below, and maps vendor status codes to
// Status with a log line naming the failing call.
//
// Devices are numbered per backend (0..deviceCount()-1); the API layer maps HIP ordinals onto
// (backend, local ordinal).
//
// Thread safety: every method may be called from any thread concurrently, except where noted.
// launch(), memcpyAsync() and eventRecord() are the hot path: no locks, no heap allocation.
#pragma once

#include <memory>
#include <string>

#include "seam/capture_hooks.h"
#include "seam/code_ops.h"
#include "seam/device_ops.h"
#include "seam/handles.h"
#include "seam/memory_ops.h"
#include "seam/queue_ops.h"
#include "seam/unified_memory_ops.h"

// In Backend's enqueueing operations: the installed hooks take an operation on a capturing stream.
#define UNIHIP_SEAM_CAPTURED(hook, ...)                                             \
  do {                                                                              \
    if (captureActive_->load(std::memory_order_relaxed) != 0) [[unlikely]] {        \
      ::unihip::Status captured_;                                                   \
      if (capture_->hook(__VA_ARGS__ __VA_OPT__(, ) & captured_)) return captured_; \
    }                                                                               \
  } while (0)

namespace unihip {

// Optional families (docs/design/seam.md): a backend hands each out by pointer, null when absent.
class GraphOps;       // seam/graph_ops.h: graphs and stream capture (issue 14)
class MemoryPoolOps;  // seam/memory_pool_ops.h: stream-ordered pools, IPC, virtual memory (issue 13)
class ImageOps;       // seam/image_ops.h: arrays, texture and surface objects (issues 11, 15)
class ExecutionCtxOps;  // seam/execution_ctx_ops.h: device resources, green contexts (issue 32)

// A vendor backend: the families every vendor provides, one interface each (backends/seam/).
// Families a vendor may lack (graphs, pools, IPC, ...) are not bases: the backend hands out a
// pointer to each, null when absent (docs/design/seam.md, "Optional families").
class Backend : public DeviceOps,
                public CodeOps,
                public MemoryOps,
                public UnifiedMemoryOps,
                public QueueOps {
 public:
  ~Backend() override = default;

  // The optional families; null when this vendor lacks them (the API layer then answers
  // hipErrorNotSupported). Stable for the backend's lifetime: callers may cache them.
  virtual GraphOps* graphs() { return nullptr; }
  virtual MemoryPoolOps* memoryPools() { return nullptr; }
  virtual ImageOps* images() { return nullptr; }
  virtual ExecutionCtxOps* executionContexts() { return nullptr; }

  // ---- The enqueueing operations, as the API layer calls them ----
  // Each asks the capture hooks first (a vendor without the driver's own stream capture), then
  // calls the vendor's ...Impl. One check here, none in a vendor.
  Status launch(int device, NativeFunction function, const LaunchConfig& config, void** args) {
    UNIHIP_SEAM_CAPTURED(captureLaunch, device, function, config, args);
    return launchImpl(device, function, config, args);
  }
  Status launchPacked(int device, NativeFunction function, const LaunchConfig& config,
                      const void* buffer, size_t bytes) {
    UNIHIP_SEAM_CAPTURED(capturePacked, device, function, config, buffer, bytes);
    return launchPackedImpl(device, function, config, buffer, bytes);
  }
  Status memcpyAsync(int device, void* dst, const void* src, size_t size, CopyDirection dir,
                     NativeStream stream) {
    UNIHIP_SEAM_CAPTURED(captureCopy, device, dst, src, size, dir, stream);
    return memcpyAsyncImpl(device, dst, src, size, dir, stream);
  }
  Status memsetAsync(int device, void* dst, uint8_t value, size_t size, NativeStream stream) {
    UNIHIP_SEAM_CAPTURED(captureFill, device, dst, value, size, 1, stream);
    return memsetAsyncImpl(device, dst, value, size, stream);
  }
  Status memsetD16Async(int device, void* dst, uint16_t value, size_t count, NativeStream stream) {
    UNIHIP_SEAM_CAPTURED(captureFill, device, dst, value, count, 2, stream);
    return memsetD16AsyncImpl(device, dst, value, count, stream);
  }
  Status memsetD32Async(int device, void* dst, uint32_t value, size_t count, NativeStream stream) {
    UNIHIP_SEAM_CAPTURED(captureFill, device, dst, value, count, 4, stream);
    return memsetD32AsyncImpl(device, dst, value, count, stream);
  }
  Status launchHostFunc(int device, NativeStream stream, void (*fn)(void*), void* userData) {
    UNIHIP_SEAM_CAPTURED(captureHostFunc, device, stream, fn, userData);
    return launchHostFuncImpl(device, stream, fn, userData);
  }
  Status eventRecord(int device, NativeEvent event, NativeStream stream) {
    UNIHIP_SEAM_CAPTURED(captureEventRecord, device, event, stream);
    return eventRecordImpl(device, event, stream);
  }
  Status streamWaitEvent(int device, NativeStream stream, NativeEvent event) {
    UNIHIP_SEAM_CAPTURED(captureWaitEvent, device, stream, event);
    return streamWaitEventImpl(device, stream, event);
  }
  // Synchronizing with or querying a capturing stream is refused (HIP's rule).
  Status streamSynchronize(int device, NativeStream stream) {
    UNIHIP_SEAM_CAPTURED(refuseSync, stream);
    return streamSynchronizeImpl(device, stream);
  }
  Status streamQuery(int device, NativeStream stream) {
    UNIHIP_SEAM_CAPTURED(refuseSync, stream);
    return streamQueryImpl(device, stream);
  }
  // Refused while any stream captures, whatever the mode.
  Status deviceSynchronize(int device) {
    UNIHIP_SEAM_CAPTURED(refuseAny, hipErrorStreamCaptureUnsupported);
    return deviceSynchronizeImpl(device);
  }
  Status memcpy(int device, void* dst, const void* src, size_t size, CopyDirection dir) {
    UNIHIP_SEAM_CAPTURED(refuseAny, hipErrorStreamCaptureImplicit);  // synchronous
    return memcpyImpl(device, dst, src, size, dir);
  }
  // A synchronous copy that need not wait for the device (AMD's hipMemcpy between device memory
  // of one device): queued on the legacy stream, refused during captures as memcpy is.
  Status memcpyNoWait(int device, void* dst, const void* src, size_t size, CopyDirection dir) {
    UNIHIP_SEAM_CAPTURED(refuseAny, hipErrorStreamCaptureImplicit);
    return memcpyAsyncImpl(device, dst, src, size, dir, nullptr);
  }
  Status memset(int device, void* dst, uint8_t value, size_t size) {
    UNIHIP_SEAM_CAPTURED(refuseAny, hipErrorStreamCaptureImplicit);  // synchronous
    return memsetImpl(device, dst, value, size);
  }
  // HIP's "potentially unsafe during capture" calls (CLR's CHECK_STREAM_CAPTURE_SUPPORTED).
  Status malloc(int device, size_t size, void** ptr) {
    UNIHIP_SEAM_CAPTURED(refuseUnsafe);
    return mallocImpl(device, size, ptr);
  }
  Status hostMalloc(int device, size_t size, unsigned int hipFlags, void** ptr) {
    UNIHIP_SEAM_CAPTURED(refuseUnsafe);
    return hostMallocImpl(device, size, hipFlags, ptr);
  }
  Status mallocManaged(int device, size_t size, unsigned int hipFlags, void** ptr) {
    UNIHIP_SEAM_CAPTURED(refuseUnsafe);
    return mallocManagedImpl(device, size, hipFlags, ptr);
  }
  Status prefetch(int device, const void* ptr, size_t count, int target, NativeStream stream) {
    UNIHIP_SEAM_CAPTURED(refuseUnsafe);  // no graph node for it
    return prefetchImpl(device, ptr, count, target, stream);
  }

 protected:
  // A vendor without the driver's own stream capture installs its generic graphs' hooks.
  void useGenericCapture(CaptureHooks* hooks) {
    capture_ = hooks;
    captureActive_ = hooks->activeFlag();
  }

 private:
  // One load of a flag that is never set where nothing is installed: the launch path's whole
  // cost on a vendor that captures itself.
  static inline const std::atomic<int> kNeverCaptures{0};
  const std::atomic<int>* captureActive_ = &kNeverCaptures;
  CaptureHooks* capture_ = nullptr;
};

// Factories. Each returns nullptr when its vendor library or devices are unavailable, after
// logging why (paths tried, missing symbol, vendor status) at info level; `reason` gets the same
// text for unihipinfo.
std::unique_ptr<Backend> createCudaBackend(std::string* reason);
std::unique_ptr<Backend> createHsaBackend(std::string* reason);

}  // namespace unihip
