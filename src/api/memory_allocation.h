// Device allocations and their release: what every allocating entry point (hipMalloc,
// hipMallocPitch, hipMalloc3D, ...) and every freeing one shares.
#pragma once

#include "base/allocation_map.h"
#include "core/runtime.h"

namespace unihip::memory {

// `size` bytes of device memory on the current device, recorded in the allocation map (size 0:
// a null pointer and success, as hipMalloc).
Status allocateDevice(void** ptr, size_t size);

// Pool memory freed by hipFree or hipDeviceReset: back to its pool in the null stream's order,
// without waiting (HIP 7's hipFree); an IPC mapping: closed. In hip_mempool.cpp / hip_ipc.cpp.
Status releasePooled(Device* d, const Allocation& a);
Status releaseIpc(Device* d, const Allocation& a);
// Ends a graph launch's allocation (AllocationKind::Graph): hipFree (stream null: after the
// device's work, as hipFree waits) or hipFreeAsync (in stream order). In hip_graph.cpp.
Status freeGraphAllocation(Device* d, void* ptr, NativeStream stream);

// Gives one allocation of the allocation map back to its backend, by kind: the one place that
// knows which backend call frees what (hipFree/hipHostFree, hipHostUnregister, hipDeviceReset).
inline Status release(Device* d, const Allocation& a) {
  switch (a.kind) {
    case AllocationKind::Device: return d->backend->free(d->local, a.base);
    case AllocationKind::PinnedHost: return d->backend->hostFree(d->local, a.base);
    case AllocationKind::Managed: return d->backend->freeManaged(d->local, a.base);
    case AllocationKind::Registered: return d->backend->hostUnregister(d->local, a.base);
    case AllocationKind::Variable: return kOk;  // the module's: its unload releases it
    case AllocationKind::Pool: return releasePooled(d, a);
    case AllocationKind::Ipc: return releaseIpc(d, a);
    case AllocationKind::Virtual: return kOk;  // the mapping's owner unmaps it
    case AllocationKind::Graph: return kOk;    // the graph's, released with it
  }
  return hipErrorInvalidValue;
}

}  // namespace unihip::memory
