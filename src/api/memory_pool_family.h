// What the entry points of the memory pools family (hip_mempool.cpp, hip_ipc.cpp, hip_vmm.cpp)
// share: the family of a device (hipErrorNotSupported where the vendor lacks it) and the
// translation of HIP ordinals to a backend's.
#pragma once

#include "core/memory_pool_handles.h"
#include "core/runtime.h"
#include "seam/memory_pool_ops.h"

namespace unihip::pools {

// The memory pools family of `d`'s backend; hipErrorNotSupported when the vendor lacks it.
inline Status family(Device* d, MemoryPoolOps** ops) {
  *ops = d->backend->memoryPools();
  return *ops != nullptr ? kOk : Status(hipErrorNotSupported);
}

// The HIP ordinal of a backend's device; -1 if none.
inline int hipOrdinal(const Backend* backend, int local) {
  return Runtime::get().ordinalOf(backend, local);
}

// A HIP device location on `owner`'s backend, as an access grant; hipErrorInvalidDevice when the
// device is unknown or on another backend.
inline Status toGrant(const Device* owner, const hipMemLocation& location, hipMemAccessFlags flags,
                      AccessGrant* out) {
  out->type = location.type;
  out->flags = flags;
  out->device = location.id;
  if (location.type != hipMemLocationTypeDevice) return kOk;
  Device* d = Runtime::get().device(location.id);
  if (d == nullptr || d->backend != owner->backend) return hipErrorInvalidDevice;
  out->device = d->local;
  return kOk;
}

}  // namespace unihip::pools
