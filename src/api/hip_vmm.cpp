// Virtual memory management (hipMemAddressReserve, hipMemCreate, hipMemMap, ...): arguments are
// checked as AMD's runtime checks them; allocation handles are unihip's (garbage or released ones
// answer hipErrorInvalidValue), reservations are recorded (mapping outside one is refused before
// the driver sees it), mapped ranges are in the allocation map (kind Virtual); the vendor's
// virtual memory does the work (seam memory_pool_ops.h).
#include <vector>

#include "api/api_boundary.h"
#include "api/arg_checks.h"
#include "api/image_support.h"
#include "api/memory_pool_family.h"
#include "base/allocation_map.h"

using namespace unihip;

namespace {

// Physical allocations live on a device (or the host) of this process, pinned or uncached.
Status checkAllocationProp(const hipMemAllocationProp& prop) {
  if (prop.type != hipMemAllocationTypePinned && prop.type != hipMemAllocationTypeUncached)
    return hipErrorInvalidValue;
  if (prop.location.type != hipMemLocationTypeDevice &&
      prop.location.type != hipMemLocationTypeHost)
    return hipErrorInvalidValue;
  return kOk;
}

bool isPowerOfTwoOrZero(size_t v) { return (v & (v - 1)) == 0; }

// The device whose backend serves a property's location (the host: the current device's).
Status propDevice(const hipMemAllocationProp& prop, Device** d) {
  if (prop.location.type == hipMemLocationTypeDevice) {
    *d = Runtime::get().device(prop.location.id);
    return *d != nullptr ? kOk : Status(hipErrorInvalidDevice);
  }
  return currentDevice(d);
}

// `prop` with its device location in the backend's numbering.
hipMemAllocationProp localProp(const hipMemAllocationProp& prop, const Device* d) {
  hipMemAllocationProp p = prop;
  if (p.location.type == hipMemLocationTypeDevice) p.location.id = d->local;
  return p;
}

// The device and family behind a reserved range; hipErrorInvalidValue outside every reservation.
Status reservedRange(const void* ptr, size_t size, Device** d, MemoryPoolOps** ops) {
  int device = 0;
  if (!MemoryPoolRegistry::get().inReservation(ptr, size, &device)) return hipErrorInvalidValue;
  *d = Runtime::get().device(device);
  if (*d == nullptr) return hipErrorInvalidValue;
  return pools::family(*d, ops);
}

// A live allocation handle and its family.
Status handleFamily(hipMemGenericAllocationHandle_t handle, Device** d, MemoryPoolOps** ops) {
  if (!isLive(handle)) return hipErrorInvalidValue;
  *d = Runtime::get().device(handle->device);
  if (*d == nullptr) return hipErrorInvalidValue;
  return pools::family(*d, ops);
}

// Mapped ranges in the allocation map: contiguous mappings of one device are one entry, so fills
// and queries may span the chunks a range was built from.
void recordMapping(void* ptr, size_t size, int device) {
  AllocationMap& map = AllocationMap::get();
  char* begin = static_cast<char*>(ptr);
  char* end = begin + size;
  Allocation a;
  if (map.find(begin - 1, &a) && a.kind == AllocationKind::Virtual && a.device == device &&
      static_cast<char*>(a.base) + a.size == begin && map.take(a.base, &a))
    begin = static_cast<char*>(a.base);
  if (map.find(end, &a) && a.kind == AllocationKind::Virtual && a.device == device &&
      a.base == end && map.take(a.base, &a))
    end = static_cast<char*>(a.base) + a.size;
  map.insert({begin, static_cast<size_t>(end - begin), device, AllocationKind::Virtual});
}

// Takes [ptr, ptr + size) out of the mapped ranges; what an entry has outside it stays.
void forgetMapping(void* ptr, size_t size) {
  AllocationMap& map = AllocationMap::get();
  char* cursor = static_cast<char*>(ptr);
  char* const end = cursor + size;
  Allocation a;
  while (cursor < end && map.find(cursor, &a) && a.kind == AllocationKind::Virtual &&
         map.take(a.base, &a)) {
    char* const base = static_cast<char*>(a.base);
    char* const entryEnd = base + a.size;
    if (base < cursor)
      map.insert({base, static_cast<size_t>(cursor - base), a.device, AllocationKind::Virtual});
    if (entryEnd > end)
      map.insert({end, static_cast<size_t>(entryEnd - end), a.device, AllocationKind::Virtual});
    cursor = entryEnd;
  }
}

// A unihip handle for a native one the driver just gave a reference to (import, retain).
Status adoptAllocation(Device* d, MemoryPoolOps* ops, NativeAllocation native,
                       hipMemGenericAllocationHandle_t* out) {
  if (hipMemGenericAllocationHandle_t h = MemoryPoolRegistry::get().retainAllocation(native)) {
    *out = h;
    return kOk;
  }
  hipMemAllocationProp prop{};
  Status s = ops->memProperties(d->local, native, &prop);
  if (!s.ok()) {
    (void)ops->memRelease(d->local, native);
    return s;
  }
  int device = d->ordinal;
  if (prop.location.type == hipMemLocationTypeDevice) {
    const int ordinal = pools::hipOrdinal(d->backend, prop.location.id);
    if (ordinal >= 0) device = prop.location.id = ordinal;
  }
  *out = MemoryPoolRegistry::get().addAllocation(device, native, prop);
  return kOk;
}

}  // namespace

UNIHIP_EXPORT hipError_t hipMemAddressReserve(void** ptr, size_t size, size_t alignment,
                                              void* addr, unsigned long long flags) {
  UNIHIP_TRACE_hipMemAddressReserve(ptr, size, alignment, addr, flags);
  if (ptr == nullptr || flags != 0) UNIHIP_RETURN(hipErrorInvalidValue);
  // AMD's runtime: a size of 0 or not a multiple of the granularity, or an alignment that is not
  // a power of two, is hipErrorMemoryAllocation (hipErrorOutOfMemory).
  if (size == 0 || !isPowerOfTwoOrZero(alignment)) UNIHIP_RETURN(hipErrorOutOfMemory);
  Device* d = nullptr;
  UNIHIP_RETURN_IF_FAILED(currentDevice(&d));
  MemoryPoolOps* ops = nullptr;
  UNIHIP_RETURN_IF_FAILED(pools::family(d, &ops));
  hipMemAllocationProp prop{};
  prop.type = hipMemAllocationTypePinned;
  prop.location = {hipMemLocationTypeDevice, d->local};
  size_t granularity = 0;
  if (ops->granularity(d->local, prop, hipMemAllocationGranularityMinimum, &granularity).ok() &&
      granularity != 0 && size % granularity != 0)
    UNIHIP_RETURN(hipErrorOutOfMemory);
  void* p = nullptr;
  UNIHIP_RETURN_IF_FAILED(ops->addressReserve(d->local, size, alignment, addr, &p));
  MemoryPoolRegistry::get().addReservation(p, size, d->ordinal);
  *ptr = p;
  UNIHIP_RETURN(kOk);
}

UNIHIP_EXPORT hipError_t hipMemAddressFree(void* devPtr, size_t size) {
  UNIHIP_TRACE_hipMemAddressFree(devPtr, size);
  if (devPtr == nullptr || size == 0) UNIHIP_RETURN(hipErrorInvalidValue);
  int device = 0;
  if (!MemoryPoolRegistry::get().takeReservation(devPtr, size, &device))
    UNIHIP_RETURN(hipErrorInvalidValue);
  Device* d = Runtime::get().device(device);
  MemoryPoolOps* ops = nullptr;
  Status s = d != nullptr ? pools::family(d, &ops) : Status(hipErrorInvalidValue);
  if (s.ok()) s = ops->addressFree(d->local, devPtr, size);
  if (!s.ok()) MemoryPoolRegistry::get().addReservation(devPtr, size, device);  // still reserved
  UNIHIP_RETURN(s);
}

UNIHIP_EXPORT hipError_t hipMemCreate(hipMemGenericAllocationHandle_t* handle, size_t size,
                                      const hipMemAllocationProp* prop, unsigned long long flags) {
  UNIHIP_TRACE_hipMemCreate(handle, size, prop, flags);
  if (anyNull(handle, prop) || size == 0 || flags != 0) UNIHIP_RETURN(hipErrorInvalidValue);
  UNIHIP_RETURN_IF_FAILED(checkAllocationProp(*prop));
  // A device that does not exist is a bad value here (AMD's runtime and HIP's tests agree).
  if (prop->location.type == hipMemLocationTypeDevice &&
      Runtime::get().device(prop->location.id) == nullptr)
    UNIHIP_RETURN(hipErrorInvalidValue);
  Device* d = nullptr;
  UNIHIP_RETURN_IF_FAILED(propDevice(*prop, &d));
  MemoryPoolOps* ops = nullptr;
  UNIHIP_RETURN_IF_FAILED(pools::family(d, &ops));
  NativeAllocation native = 0;
  UNIHIP_RETURN_IF_FAILED(ops->memCreate(d->local, localProp(*prop, d), size, &native));
  *handle = MemoryPoolRegistry::get().addAllocation(d->ordinal, native, *prop);
  UNIHIP_RETURN(kOk);
}

UNIHIP_EXPORT hipError_t hipMemRelease(hipMemGenericAllocationHandle_t handle) {
  UNIHIP_TRACE_hipMemRelease(handle);
  if (handle == nullptr) UNIHIP_RETURN(hipErrorInvalidValue);
  Device* d = nullptr;
  MemoryPoolOps* ops = nullptr;
  UNIHIP_RETURN_IF_FAILED(handleFamily(handle, &d, &ops));
  const NativeAllocation native = handle->native;
  bool last = false;
  if (!MemoryPoolRegistry::get().releaseAllocation(handle, &last))
    UNIHIP_RETURN(hipErrorInvalidValue);
  UNIHIP_RETURN(ops->memRelease(d->local, native));
}

UNIHIP_EXPORT hipError_t hipMemMap(void* ptr, size_t size, size_t offset,
                                   hipMemGenericAllocationHandle_t handle,
                                   unsigned long long flags) {
  UNIHIP_TRACE_hipMemMap(ptr, size, offset, handle, flags);
  if (anyNull(ptr, handle) || size == 0 || offset != 0 || flags != 0)
    UNIHIP_RETURN(hipErrorInvalidValue);
  Device* d = nullptr;
  MemoryPoolOps* ops = nullptr;
  UNIHIP_RETURN_IF_FAILED(handleFamily(handle, &d, &ops));
  Device* reserved = nullptr;
  MemoryPoolOps* reservedOps = nullptr;
  UNIHIP_RETURN_IF_FAILED(reservedRange(ptr, size, &reserved, &reservedOps));
  if (reserved->backend != d->backend) UNIHIP_RETURN(hipErrorInvalidValue);
  // A range mapped already stays as it is (the driver refuses it too).
  if (AllocationMap::get().overlaps(ptr, size)) UNIHIP_RETURN(hipErrorInvalidValue);
  UNIHIP_RETURN_IF_FAILED(ops->memMap(reserved->local, ptr, size, handle->native));
  recordMapping(ptr, size, d->ordinal);
  UNIHIP_RETURN(kOk);
}

UNIHIP_EXPORT hipError_t hipMemUnmap(void* ptr, size_t size) {
  UNIHIP_TRACE_hipMemUnmap(ptr, size);
  if (ptr == nullptr || size == 0) UNIHIP_RETURN(hipErrorInvalidValue);
  Device* d = nullptr;
  MemoryPoolOps* ops = nullptr;
  UNIHIP_RETURN_IF_FAILED(reservedRange(ptr, size, &d, &ops));
  UNIHIP_RETURN_IF_FAILED(ops->memUnmap(d->local, ptr, size));
  forgetMapping(ptr, size);
  UNIHIP_RETURN(kOk);
}

namespace {

// A hipMemMapArrayAsync entry checked against the stream's device, with its vendor handles: a
// live array (or mipmapped array, which HIP's struct holds by value: found by its native
// handle among the live ones), known enum values and, for a map, a live allocation handle.
Status arrayMapping(const hipArrayMapInfo& e, const Device& device, ArrayMapping* out) {
  out->info = e;
  if (e.resourceType == hipResourceTypeArray) {
    hipArray* a = liveArray(e.resource.array);
    if (a == nullptr || a->device != device.ordinal) return hipErrorInvalidValue;
    out->resource = a->native;
  } else if (e.resourceType == hipResourceTypeMipmappedArray) {
    for (ihipMipmap* m : mipmapTable().liveOnDevice(device.ordinal))
      if (m->native != nullptr && m->native == e.resource.mipmap.data) out->resource = m->native;
    if (out->resource == nullptr) return hipErrorInvalidValue;
  } else {
    return hipErrorInvalidValue;
  }
  if (e.subresourceType != hipArraySparseSubresourceTypeSparseLevel &&
      e.subresourceType != hipArraySparseSubresourceTypeMiptail)
    return hipErrorInvalidValue;
  if (e.memHandleType != hipMemHandleTypeGeneric) return hipErrorInvalidValue;
  if (e.memOperationType == hipMemOperationTypeMap) {
    auto* h = static_cast<ihipMemGenericAllocationHandle*>(e.memHandle.memHandle);
    if (!isLive(h)) return hipErrorInvalidValue;
    out->memory = h->native;
  } else if (e.memOperationType != hipMemOperationTypeUnmap) {
    return hipErrorInvalidValue;
  }
  return kOk;
}

}  // namespace

UNIHIP_EXPORT hipError_t hipMemMapArrayAsync(hipArrayMapInfo* mapInfoList, unsigned int count,
                                             hipStream_t stream) {
  UNIHIP_TRACE_hipMemMapArrayAsync(mapInfoList, count, stream);
  if (mapInfoList == nullptr || count == 0) UNIHIP_RETURN(hipErrorInvalidValue);
  UNIHIP_RETURN_IF_FAILED(checkStream(stream));
  ResolvedStream rs;
  UNIHIP_RETURN_IF_FAILED(resolveStream(stream, &rs));
  std::vector<ArrayMapping> mappings(count);
  for (unsigned int i = 0; i < count; ++i)
    UNIHIP_RETURN_IF_FAILED(arrayMapping(mapInfoList[i], *rs.device, &mappings[i]));
  ImageOps* ops = nullptr;
  UNIHIP_RETURN_IF_FAILED(images::opsOf(*rs.device, &ops));
  UNIHIP_RETURN(ops->memMapArrayAsync(rs.device->local, mappings.data(), count, rs.native));
}

UNIHIP_EXPORT hipError_t hipMemSetAccess(void* ptr, size_t size, const hipMemAccessDesc* desc,
                                         size_t count) {
  UNIHIP_TRACE_hipMemSetAccess(ptr, size, desc, count);
  if (anyNull(ptr, desc) || size == 0 || count == 0) UNIHIP_RETURN(hipErrorInvalidValue);
  for (size_t i = 0; i < count; ++i) {
    const hipMemLocationType type = desc[i].location.type;
    if (type != hipMemLocationTypeDevice && type != hipMemLocationTypeHost)
      UNIHIP_RETURN(hipErrorInvalidValue);
    if (Runtime::get().device(desc[i].location.id) == nullptr) UNIHIP_RETURN(hipErrorInvalidValue);
    if (desc[i].flags != hipMemAccessFlagsProtNone && desc[i].flags != hipMemAccessFlagsProtRead &&
        desc[i].flags != hipMemAccessFlagsProtReadWrite)
      UNIHIP_RETURN(hipErrorInvalidValue);
  }
  Device* d = nullptr;
  MemoryPoolOps* ops = nullptr;
  UNIHIP_RETURN_IF_FAILED(reservedRange(ptr, size, &d, &ops));
  constexpr size_t kMaxGrants = 64;
  if (count > kMaxGrants) UNIHIP_RETURN(hipErrorInvalidValue);
  AccessGrant grants[kMaxGrants];
  for (size_t i = 0; i < count; ++i) {
    if (pools::toGrant(d, desc[i].location, desc[i].flags, &grants[i]).code() != hipSuccess)
      UNIHIP_RETURN(hipErrorInvalidValue);
  }
  // AMD's hipMemcpy* return once the copy is done; the CUDA driver's pageable-host copies may
  // still be writing when they return, and an access change under a copy in flight faults it
  // (hip-tests' hipMemSetGetAccess.cc ChangeAccessProp: ReadWrite -> Read after hipMemcpyHtoD
  // gave "unspecified launch failure"). So the devices that may touch the range finish first.
  (void)d->backend->deviceSynchronize(d->local);
  for (size_t i = 0; i < count; ++i) {
    Device* peer = Runtime::get().device(desc[i].location.id);
    if (desc[i].location.type == hipMemLocationTypeDevice && peer != nullptr && peer != d &&
        peer->backend == d->backend)
      (void)peer->backend->deviceSynchronize(peer->local);
  }
  UNIHIP_RETURN(ops->memSetAccess(d->local, ptr, size, grants, count));
}

UNIHIP_EXPORT hipError_t hipMemGetAccess(unsigned long long* flags, const hipMemLocation* location,
                                         void* ptr) {
  UNIHIP_TRACE_hipMemGetAccess(flags, location, ptr);
  if (anyNull(flags, location, ptr) || location->type != hipMemLocationTypeDevice ||
      Runtime::get().device(location->id) == nullptr)
    UNIHIP_RETURN(hipErrorInvalidValue);
  Device* d = nullptr;
  MemoryPoolOps* ops = nullptr;
  UNIHIP_RETURN_IF_FAILED(reservedRange(ptr, 1, &d, &ops));
  AccessGrant grant;
  if (!pools::toGrant(d, *location, hipMemAccessFlagsProtNone, &grant).ok())
    UNIHIP_RETURN(hipErrorInvalidValue);
  const hipMemLocation local{hipMemLocationTypeDevice, grant.device};
  UNIHIP_RETURN(ops->memGetAccess(d->local, local, ptr, flags));
}

UNIHIP_EXPORT hipError_t hipMemGetAllocationGranularity(size_t* granularity,
                                                        const hipMemAllocationProp* prop,
                                                        hipMemAllocationGranularity_flags option) {
  UNIHIP_TRACE_hipMemGetAllocationGranularity(granularity, prop, option);
  if (anyNull(granularity, prop) || !checkAllocationProp(*prop).ok() ||
      Runtime::get().device(prop->location.id) == nullptr ||
      (option != hipMemAllocationGranularityMinimum &&
       option != hipMemAllocationGranularityRecommended))
    UNIHIP_RETURN(hipErrorInvalidValue);
  Device* d = nullptr;
  UNIHIP_RETURN_IF_FAILED(propDevice(*prop, &d));
  MemoryPoolOps* ops = nullptr;
  UNIHIP_RETURN_IF_FAILED(pools::family(d, &ops));
  UNIHIP_RETURN(ops->granularity(d->local, localProp(*prop, d), option, granularity));
}

UNIHIP_EXPORT hipError_t hipMemGetAllocationPropertiesFromHandle(
    hipMemAllocationProp* prop, hipMemGenericAllocationHandle_t handle) {
  UNIHIP_TRACE_hipMemGetAllocationPropertiesFromHandle(prop, handle);
  if (anyNull(prop, handle)) UNIHIP_RETURN(hipErrorInvalidValue);
  Device* d = nullptr;
  MemoryPoolOps* ops = nullptr;
  UNIHIP_RETURN_IF_FAILED(handleFamily(handle, &d, &ops));
  *prop = handle->prop;  // what it was created with, in HIP's numbering
  UNIHIP_RETURN(kOk);
}

UNIHIP_EXPORT hipError_t hipMemExportToShareableHandle(void* shareableHandle,
                                                       hipMemGenericAllocationHandle_t handle,
                                                       hipMemAllocationHandleType handleType,
                                                       unsigned long long flags) {
  UNIHIP_TRACE_hipMemExportToShareableHandle(shareableHandle, handle, handleType, flags);
  if (anyNull(shareableHandle, handle) || flags != 0) UNIHIP_RETURN(hipErrorInvalidValue);
  Device* d = nullptr;
  MemoryPoolOps* ops = nullptr;
  UNIHIP_RETURN_IF_FAILED(handleFamily(handle, &d, &ops));
  if (handleType == hipMemHandleTypeNone) UNIHIP_RETURN(hipErrorInvalidValue);
  // Windows handles are no value on Linux.
  if (handleType != hipMemHandleTypePosixFileDescriptor) UNIHIP_RETURN(hipErrorInvalidValue);
  UNIHIP_RETURN(ops->memExport(d->local, handle->native, handleType, shareableHandle));
}

UNIHIP_EXPORT hipError_t hipMemImportFromShareableHandle(hipMemGenericAllocationHandle_t* handle,
                                                         void* osHandle,
                                                         hipMemAllocationHandleType shHandleType) {
  UNIHIP_TRACE_hipMemImportFromShareableHandle(handle, osHandle, shHandleType);
  if (anyNull(handle, osHandle)) UNIHIP_RETURN(hipErrorInvalidValue);
  if (shHandleType == hipMemHandleTypeNone) UNIHIP_RETURN(hipErrorInvalidValue);
  Device* d = nullptr;
  UNIHIP_RETURN_IF_FAILED(currentDevice(&d));
  MemoryPoolOps* ops = nullptr;
  UNIHIP_RETURN_IF_FAILED(pools::family(d, &ops));
  // Windows handles are no value on Linux.
  if (shHandleType != hipMemHandleTypePosixFileDescriptor) UNIHIP_RETURN(hipErrorInvalidValue);
  NativeAllocation native = 0;
  UNIHIP_RETURN_IF_FAILED(ops->memImport(d->local, osHandle, shHandleType, &native));
  UNIHIP_RETURN(adoptAllocation(d, ops, native, handle));
}

UNIHIP_EXPORT hipError_t hipMemRetainAllocationHandle(hipMemGenericAllocationHandle_t* handle,
                                                      void* addr) {
  UNIHIP_TRACE_hipMemRetainAllocationHandle(handle, addr);
  if (anyNull(handle, addr)) UNIHIP_RETURN(hipErrorInvalidValue);
  Allocation a;
  if (!AllocationMap::get().find(addr, &a) || a.kind != AllocationKind::Virtual)
    UNIHIP_RETURN(hipErrorInvalidValue);
  Device* d = Runtime::get().device(a.device);
  if (d == nullptr) UNIHIP_RETURN(hipErrorInvalidValue);
  MemoryPoolOps* ops = nullptr;
  UNIHIP_RETURN_IF_FAILED(pools::family(d, &ops));
  NativeAllocation native = 0;
  UNIHIP_RETURN_IF_FAILED(ops->memRetain(d->local, addr, &native));
  UNIHIP_RETURN(adoptAllocation(d, ops, native, handle));
}
