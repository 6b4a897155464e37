// Seam family "unified memory": managed allocations and their hints, and host memory registered
// for device access. Every default answers hipErrorNotSupported, so a vendor without a native
// path still builds and says so. Ordinals are this backend's; the API layer validated the rest.
#pragma once

#include <cstddef>

#include "base/status.h"
#include "seam/handles.h"

namespace unihip {

class UnifiedMemoryOps {
 public:
  virtual ~UnifiedMemoryOps() = default;

  // hipMallocManaged: memory the host and every device of the backend can access.
  // `hipFlags` is hipMemAttachGlobal or hipMemAttachHost.
  virtual Status mallocManagedImpl(int device, size_t size, unsigned int hipFlags, void** ptr) {
    (void)device, (void)size, (void)hipFlags, (void)ptr;
    return hipErrorNotSupported;
  }
  virtual Status freeManaged(int device, void* ptr) {
    (void)device, (void)ptr;
    return hipErrorNotSupported;
  }
  // Migrates [ptr, ptr + count) towards `target` (a device of this backend, or hipCpuDeviceId),
  // ordered on `stream`.
  virtual Status prefetchImpl(int device, const void* ptr, size_t count, int target,
                          NativeStream stream) {
    (void)device, (void)ptr, (void)count, (void)target, (void)stream;
    return hipErrorNotSupported;
  }
  // Marks the managed ranges' contents as no longer needed (a read before the next write or
  // prefetch is indeterminate), ordered on `stream`.
  virtual Status discardBatchAsync(int device, void* const* ptrs, const size_t* sizes,
                                   size_t count, NativeStream stream) {
    (void)device, (void)ptrs, (void)sizes, (void)count, (void)stream;
    return hipErrorNotSupported;
  }
  // `advice` is a hipMemoryAdvise; `target` a device of this backend or hipCpuDeviceId.
  virtual Status advise(int device, const void* ptr, size_t count, int advice, int target) {
    (void)device, (void)ptr, (void)count, (void)advice, (void)target;
    return hipErrorNotSupported;
  }
  // One hipMemRangeAttribute of [ptr, ptr + count) into `data` (`dataSize` bytes, checked).
  // Device ordinals in the answer are this backend's.
  virtual Status rangeAttribute(int device, void* data, size_t dataSize, int attribute,
                                const void* ptr, size_t count) {
    (void)device, (void)data, (void)dataSize, (void)attribute, (void)ptr, (void)count;
    return hipErrorNotSupported;
  }
  // hipStreamAttachMemAsync: `flags` one of hipMemAttachGlobal/Host/Single.
  virtual Status streamAttachMemory(int device, NativeStream stream, void* ptr, size_t length,
                                    unsigned int flags) {
    (void)device, (void)stream, (void)ptr, (void)length, (void)flags;
    return hipErrorNotSupported;
  }

  // hipHostRegister: page-locks [ptr, ptr + size) and maps it for every device of the backend;
  // `devicePointer` is the address kernels use for `ptr`.
  virtual Status hostRegister(int device, void* ptr, size_t size, unsigned int hipFlags,
                              void** devicePointer) {
    (void)device, (void)ptr, (void)size, (void)hipFlags, (void)devicePointer;
    return hipErrorNotSupported;
  }
  virtual Status hostUnregister(int device, void* ptr) {
    (void)device, (void)ptr;
    return hipErrorNotSupported;
  }
};

}  // namespace unihip
