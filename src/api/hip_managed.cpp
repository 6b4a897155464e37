// Managed memory (hipMallocManaged, hipMemAdvise, hipMemPrefetchAsync, range attributes,
// hipStreamAttachMemAsync): arguments checked as AMD's runtime does; the range must be managed
// memory unihip allocated; then the backend of the memory's device (seam/unified_memory_ops.h).
#include "api/api_boundary.h"
#include "api/arg_checks.h"
#include "api/batch_checks.h"
#include "api/memory_checks.h"
#include "base/allocation_map.h"
#include "base/enum_value.h"
#include "core/stream_resolve.h"
#include "core/graph/capture_guard.h"

using namespace unihip;

namespace {

// A hipMemLocation (the _v2 forms) as the device argument of the first forms: a device, or the
// host as hipCpuDeviceId. Host NUMA nodes have no such argument: hipErrorNotSupported.
Status locationDevice(const hipMemLocation& location, int* device) {
  switch (enumValue(location.type)) {
    case hipMemLocationTypeDevice: *device = location.id; return kOk;
    case hipMemLocationTypeHost: *device = hipCpuDeviceId; return kOk;
    case hipMemLocationTypeHostNuma:
    case hipMemLocationTypeHostNumaCurrent: return hipErrorNotSupported;
  }
  return hipErrorInvalidValue;
}

// A device argument that may also name the host (hipCpuDeviceId).
Status checkDeviceOrHost(int device) {
  if (device == hipCpuDeviceId) return kOk;
  Device* d = nullptr;
  return memory::deviceByOrdinal(device, &d);
}

bool knownAdvice(hipMemoryAdvise advice) {
  switch (advice) {
    case hipMemAdviseSetReadMostly:
    case hipMemAdviseUnsetReadMostly:
    case hipMemAdviseSetPreferredLocation:
    case hipMemAdviseUnsetPreferredLocation:
    case hipMemAdviseSetAccessedBy:
    case hipMemAdviseUnsetAccessedBy:
    case hipMemAdviseSetCoarseGrain:
    case hipMemAdviseUnsetCoarseGrain: return true;
  }
  return false;
}

// One range attribute's output buffer: 4 bytes, or a multiple of 4 for the device list.
Status checkRangeAttribute(const hipMemRangeAttribute& attribute, const void* data,
                           size_t dataSize) {
  if (data == nullptr || dataSize == 0) return hipErrorInvalidValue;
  switch (enumValue(attribute)) {  // any integer may come in
    case hipMemRangeAttributeReadMostly:
    case hipMemRangeAttributePreferredLocation:
    case hipMemRangeAttributeLastPrefetchLocation:
    case hipMemRangeAttributeCoherencyMode:
      return dataSize == 4 ? kOk : Status(hipErrorInvalidValue);
    case hipMemRangeAttributeAccessedBy:
      return dataSize % 4 == 0 ? kOk : Status(hipErrorInvalidValue);
  }
  return hipErrorInvalidValue;
}

// The managed allocation holding all of [ptr, ptr + count) and its device; hipErrorInvalidValue
// for any other memory.
Status managedRange(const void* ptr, size_t count, Device** owner) {
  Allocation a;
  if (!AllocationMap::get().find(ptr, &a) || a.kind != AllocationKind::Managed ||
      count > a.size - (static_cast<const char*>(ptr) - static_cast<const char*>(a.base)))
    return hipErrorInvalidValue;
  *owner = Runtime::get().device(a.device);
  return *owner ? kOk : Status(hipErrorInvalidValue);
}

// A hipCpuDeviceId-or-device argument as `owner`'s backend numbers it; a device of another
// vendor cannot be a location of this memory.
Status backendLocation(const Device* owner, int device, int* local) {
  if (device == hipCpuDeviceId) {
    *local = hipCpuDeviceId;
    return kOk;
  }
  const Device* target = Runtime::get().device(device);
  if (target == nullptr) return hipErrorInvalidDevice;
  if (target->backend != owner->backend) return hipErrorNotSupported;
  *local = target->local;
  return kOk;
}

// Device ordinals in a range attribute's answer, from the backend's numbering to HIP's.
void toHipOrdinals(const Device* owner, int attribute, void* data, size_t dataSize) {
  if (attribute != hipMemRangeAttributePreferredLocation &&
      attribute != hipMemRangeAttributeLastPrefetchLocation &&
      attribute != hipMemRangeAttributeAccessedBy)
    return;
  auto* ids = static_cast<int*>(data);
  for (size_t i = 0; i < dataSize / sizeof(int); ++i)
    if (ids[i] >= 0) {
      const int ordinal = Runtime::get().ordinalOf(owner->backend, ids[i]);
      ids[i] = ordinal >= 0 ? ordinal : hipInvalidDeviceId;  // hidden by HIP_VISIBLE_DEVICES
    }
}

Status rangeAttribute(void* data, size_t dataSize, const hipMemRangeAttribute& attribute,
                      const void* ptr, size_t count) {
  UNIHIP_TRY(checkRangeAttribute(attribute, data, dataSize));
  const int raw = enumValue(attribute);
  // The coherence mode of memory that is not managed, as AMD's runtime answers it: device memory
  // is coarse grained, pinned and registered host memory fine grained unless allocated
  // non-coherent or registered coarse grained.
  Allocation held;
  if (raw == hipMemRangeAttributeCoherencyMode && AllocationMap::get().find(ptr, &held) &&
      held.kind != AllocationKind::Managed) {
    if (count > held.size - (static_cast<const char*>(ptr) - static_cast<const char*>(held.base)))
      return hipErrorInvalidValue;
    bool coarse = true;
    if (held.kind == AllocationKind::PinnedHost)
      coarse = (held.flags & hipHostMallocNonCoherent) != 0;
    else if (held.kind == AllocationKind::Registered)
      coarse = (held.flags & hipExtHostRegisterCoarseGrained) != 0;
    *static_cast<int*>(data) =
        coarse ? hipMemRangeCoherencyModeCoarseGrain : hipMemRangeCoherencyModeFineGrain;
    return kOk;
  }
  Device* owner = nullptr;
  UNIHIP_TRY(managedRange(ptr, count, &owner));
  Status s = owner->backend->rangeAttribute(owner->local, data, dataSize, raw, ptr, count);
  // A backend without coherence modes of its own (NVIDIA: managed memory is always coherent)
  // says hipErrorNotSupported: the answer is the advice recorded (advise()), AMD's default
  // fine grain without one.
  if (raw == hipMemRangeAttributeCoherencyMode && s.code() == hipErrorNotSupported) {
    Allocation a;
    if (!AllocationMap::get().find(ptr, &a)) return hipErrorInvalidValue;
    *static_cast<int*>(data) =
        a.coarseGrain ? hipMemRangeCoherencyModeCoarseGrain : hipMemRangeCoherencyModeFineGrain;
    return kOk;
  }
  UNIHIP_TRY(s);
  toHipOrdinals(owner, raw, data, dataSize);
  return kOk;
}

}  // namespace

UNIHIP_EXPORT hipError_t hipMallocManaged(void** dev_ptr, size_t size, unsigned int flags) {
  UNIHIP_TRACE_hipMallocManaged(dev_ptr, size, flags);
  UNIHIP_RETURN_IF_FAILED(refuseUnsafeDuringCapture());  // HIP 7: not while capturing
  if (dev_ptr == nullptr || size == 0 ||
      (flags != hipMemAttachGlobal && flags != hipMemAttachHost))
    UNIHIP_RETURN(hipErrorInvalidValue);
  *dev_ptr = nullptr;
  Device* d = nullptr;
  UNIHIP_RETURN_IF_FAILED(currentDevice(&d));
  UNIHIP_RETURN_IF_FAILED(d->backend->mallocManaged(d->local, size, flags, dev_ptr));
  if (*dev_ptr == nullptr) UNIHIP_RETURN(hipErrorOutOfMemory);
  AllocationMap::get().insert({*dev_ptr, size, d->ordinal, AllocationKind::Managed, flags});
  UNIHIP_RETURN(kOk);
}

namespace {

Status prefetch(const void* dev_ptr, size_t count, int device, hipStream_t stream) {
  if (dev_ptr == nullptr || count == 0) return hipErrorInvalidValue;
  return ([&]() -> Status {
    UNIHIP_TRY(checkDeviceOrHost(device));
    ResolvedStream rs;
    UNIHIP_TRY(resolveStream(stream, &rs));
    Device* owner = nullptr;
    UNIHIP_TRY(managedRange(dev_ptr, count, &owner));
    if (rs.device->backend != owner->backend) return hipErrorInvalidValue;
    int target = 0;
    UNIHIP_TRY(backendLocation(owner, device, &target));
    return rs.device->backend->prefetch(rs.device->local, dev_ptr, count, target, rs.native);
  })();
}

Status advise(const void* dev_ptr, size_t count, hipMemoryAdvise advice, int device) {
  if (dev_ptr == nullptr || count == 0 || !knownAdvice(advice)) return hipErrorInvalidValue;
  // Read-mostly names no location: AMD's runtime ignores the device argument (99, -12 pass).
  const bool anyDevice =
      advice == hipMemAdviseSetReadMostly || advice == hipMemAdviseUnsetReadMostly;
  return ([&]() -> Status {
    if (!anyDevice) UNIHIP_TRY(checkDeviceOrHost(device));
    Device* owner = nullptr;
    UNIHIP_TRY(managedRange(dev_ptr, count, &owner));
    int target = owner->local;
    if (!anyDevice) UNIHIP_TRY(backendLocation(owner, device, &target));
    UNIHIP_TRY(owner->backend->advise(owner->local, dev_ptr, count, enumValue(advice), target));
    // AMD's coherence advice, recorded per allocation for a backend that keeps no coherence
    // state of its own (rangeAttribute).
    if (advice == hipMemAdviseSetCoarseGrain || advice == hipMemAdviseUnsetCoarseGrain)
      AllocationMap::get().setCoarseGrain(dev_ptr, advice == hipMemAdviseSetCoarseGrain);
    return kOk;
  })();
}

// hipMem*PrefetchBatchAsync: locs[k] applies from operation idxs[k] on; each operation is a
// prefetch as hipMemPrefetchAsync's, queued in turn (one that fails leaves the earlier queued).
Status prefetchBatch(void** ptrs, size_t* sizes, size_t count, const hipMemLocation* locs,
                     const size_t* idxs, size_t numLocs, hipStream_t stream) {
  if (locs == nullptr) return hipErrorInvalidValue;
  UNIHIP_TRY(memory::checkBatchRanges(idxs, numLocs, count));
  size_t k = 0;
  for (size_t i = 0; i < count; ++i) {
    if (k + 1 < numLocs && i == idxs[k + 1]) ++k;
    int device = 0;
    UNIHIP_TRY(locationDevice(locs[k], &device));
    UNIHIP_TRY(prefetch(ptrs[i], sizes[i], device, stream));
  }
  return kOk;
}

Status checkBatch(void** ptrs, size_t* sizes, size_t count, unsigned long long flags) {
  return ptrs == nullptr || sizes == nullptr || count == 0 || flags != 0
             ? Status(hipErrorInvalidValue)
             : kOk;
}

// hipMem*DiscardBatchAsync: every range managed memory of the stream's backend, then the
// backend's discard of them all.
Status discardBatch(void** ptrs, size_t* sizes, size_t count, hipStream_t stream) {
  ResolvedStream rs;
  UNIHIP_TRY(resolveStream(stream, &rs));
  for (size_t i = 0; i < count; ++i) {
    if (ptrs[i] == nullptr || sizes[i] == 0) return hipErrorInvalidValue;
    Device* owner = nullptr;
    UNIHIP_TRY(managedRange(ptrs[i], sizes[i], &owner));
    if (owner->backend != rs.device->backend) return hipErrorInvalidValue;
  }
  return rs.device->backend->discardBatchAsync(rs.device->local, ptrs, sizes, count, rs.native);
}

}  // namespace

UNIHIP_EXPORT hipError_t hipMemPrefetchBatchAsync(void** dev_ptrs, size_t* sizes, size_t count,
                                                  hipMemLocation* prefetch_locs,
                                                  size_t* prefetch_loc_idxs,
                                                  size_t num_prefetch_locs,
                                                  unsigned long long flags, hipStream_t stream) {
  UNIHIP_TRACE_hipMemPrefetchBatchAsync(dev_ptrs, sizes, count, prefetch_locs, prefetch_loc_idxs,
                                        num_prefetch_locs, flags, stream);
  Status s = checkBatch(dev_ptrs, sizes, count, flags);
  UNIHIP_RETURN(s.ok() ? prefetchBatch(dev_ptrs, sizes, count, prefetch_locs, prefetch_loc_idxs,
                                       num_prefetch_locs, stream)
                       : s);
}

UNIHIP_EXPORT hipError_t hipMemDiscardBatchAsync(void** dev_ptrs, size_t* sizes, size_t count,
                                                 unsigned long long flags, hipStream_t stream) {
  UNIHIP_TRACE_hipMemDiscardBatchAsync(dev_ptrs, sizes, count, flags, stream);
  Status s = checkBatch(dev_ptrs, sizes, count, flags);
  UNIHIP_RETURN(s.ok() ? discardBatch(dev_ptrs, sizes, count, stream) : s);
}

UNIHIP_EXPORT hipError_t hipDrvMemDiscardBatchAsync(hipDeviceptr_t* dev_ptrs, size_t* sizes,
                                                    size_t count, unsigned long long flags,
                                                    hipStream_t stream) {
  UNIHIP_TRACE_hipDrvMemDiscardBatchAsync(dev_ptrs, sizes, count, flags, stream);
  Status s = checkBatch(dev_ptrs, sizes, count, flags);
  UNIHIP_RETURN(s.ok() ? discardBatch(dev_ptrs, sizes, count, stream) : s);
}

// A discard, then a prefetch, of each range (CUDA: the same as the two batches in turn).
UNIHIP_EXPORT hipError_t hipMemDiscardAndPrefetchBatchAsync(void** dev_ptrs, size_t* sizes,
                                                            size_t count,
                                                            hipMemLocation* prefetch_locs,
                                                            size_t* prefetch_loc_idxs,
                                                            size_t num_prefetch_locs,
                                                            unsigned long long flags,
                                                            hipStream_t stream) {
  UNIHIP_TRACE_hipMemDiscardAndPrefetchBatchAsync(
      dev_ptrs, sizes, count, prefetch_locs, prefetch_loc_idxs, num_prefetch_locs, flags, stream);
  Status s = checkBatch(dev_ptrs, sizes, count, flags);
  if (s.ok() && prefetch_locs == nullptr) s = hipErrorInvalidValue;
  if (s.ok()) s = memory::checkBatchRanges(prefetch_loc_idxs, num_prefetch_locs, count);
  if (s.ok()) s = discardBatch(dev_ptrs, sizes, count, stream);
  UNIHIP_RETURN(s.ok() ? prefetchBatch(dev_ptrs, sizes, count, prefetch_locs, prefetch_loc_idxs,
                                       num_prefetch_locs, stream)
                       : s);
}

UNIHIP_EXPORT hipError_t hipDrvMemDiscardAndPrefetchBatchAsync(
    hipDeviceptr_t* dev_ptrs, size_t* sizes, size_t count, hipMemLocation* prefetch_locs,
    size_t* prefetch_loc_idxs, size_t num_prefetch_locs, unsigned long long flags,
    hipStream_t stream) {
  return hipMemDiscardAndPrefetchBatchAsync(dev_ptrs, sizes, count, prefetch_locs,
                                            prefetch_loc_idxs, num_prefetch_locs, flags, stream);
}

UNIHIP_EXPORT hipError_t hipMemPrefetchAsync(const void* dev_ptr, size_t count, int device,
                                             hipStream_t stream) {
  UNIHIP_TRACE_hipMemPrefetchAsync(dev_ptr, count, device, stream);
  UNIHIP_RETURN(prefetch(dev_ptr, count, device, stream));
}

// HIP 7.1: the target as a hipMemLocation; flags are reserved (AMD: nonzero is
// hipErrorInvalidValue, checked first).
UNIHIP_EXPORT hipError_t hipMemPrefetchAsync_v2(const void* dev_ptr, size_t count,
                                                hipMemLocation location, unsigned int flags,
                                                hipStream_t stream) {
  UNIHIP_TRACE_hipMemPrefetchAsync_v2(dev_ptr, count, location, flags, stream);
  if (flags != 0) UNIHIP_RETURN(hipErrorInvalidValue);
  int device = 0;
  Status s = locationDevice(location, &device);
  UNIHIP_RETURN(s.ok() ? prefetch(dev_ptr, count, device, stream) : s);
}

UNIHIP_EXPORT hipError_t hipMemAdvise(const void* dev_ptr, size_t count, hipMemoryAdvise advice,
                                      int device) {
  UNIHIP_TRACE_hipMemAdvise(dev_ptr, count, advice, device);
  UNIHIP_RETURN_IF_FAILED(refuseUnsafeDuringCapture());  // HIP 7: not while capturing
  UNIHIP_RETURN(advise(dev_ptr, count, advice, device));
}

UNIHIP_EXPORT hipError_t hipMemAdvise_v2(const void* dev_ptr, size_t count, hipMemoryAdvise advice,
                                         hipMemLocation location) {
  UNIHIP_TRACE_hipMemAdvise_v2(dev_ptr, count, advice, location);
  int device = 0;
  Status s = locationDevice(location, &device);
  UNIHIP_RETURN(s.ok() ? advise(dev_ptr, count, advice, device) : s);
}

UNIHIP_EXPORT hipError_t hipMemRangeGetAttribute(void* data, size_t data_size,
                                                 hipMemRangeAttribute attribute,
                                                 const void* dev_ptr, size_t count) {
  UNIHIP_TRACE_hipMemRangeGetAttribute(data, data_size, attribute, dev_ptr, count);
  if (dev_ptr == nullptr || count == 0) UNIHIP_RETURN(hipErrorInvalidValue);
  UNIHIP_RETURN(rangeAttribute(data, data_size, attribute, dev_ptr, count));
}

UNIHIP_EXPORT hipError_t hipMemRangeGetAttributes(void** data, size_t* data_sizes,
                                                  hipMemRangeAttribute* attributes,
                                                  size_t num_attributes, const void* dev_ptr,
                                                  size_t count) {
  UNIHIP_TRACE_hipMemRangeGetAttributes(data, data_sizes, attributes, num_attributes, dev_ptr,
                                        count);
  if (data == nullptr || data_sizes == nullptr || attributes == nullptr || num_attributes == 0 ||
      dev_ptr == nullptr || count == 0)
    UNIHIP_RETURN(hipErrorInvalidValue);
  for (size_t i = 0; i < num_attributes; ++i) {
    Status s = checkRangeAttribute(attributes[i], data[i], data_sizes[i]);
    if (!s.ok()) UNIHIP_RETURN(s);
  }
  for (size_t i = 0; i < num_attributes; ++i) {
    Status s = rangeAttribute(data[i], data_sizes[i], attributes[i], dev_ptr, count);
    if (!s.ok()) UNIHIP_RETURN(s);
  }
  UNIHIP_RETURN(kOk);
}

UNIHIP_EXPORT hipError_t hipStreamAttachMemAsync(hipStream_t stream, void* dev_ptr, size_t length,
                                                 unsigned int flags) {
  UNIHIP_TRACE_hipStreamAttachMemAsync(stream, dev_ptr, length, flags);
  if (dev_ptr == nullptr ||
      (flags != hipMemAttachGlobal && flags != hipMemAttachHost && flags != hipMemAttachSingle))
    UNIHIP_RETURN(hipErrorInvalidValue);
  ResolvedStream rs;
  UNIHIP_RETURN_IF_FAILED(resolveStream(stream, &rs));
  Device* owner = nullptr;
  UNIHIP_RETURN_IF_FAILED(managedRange(dev_ptr, length ? length : 1, &owner));
  if (rs.device->backend != owner->backend) UNIHIP_RETURN(hipErrorInvalidValue);
  UNIHIP_RETURN(
      rs.device->backend->streamAttachMemory(rs.device->local, rs.native, dev_ptr, length, flags));
}
