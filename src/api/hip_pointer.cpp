// What unihip knows about a pointer: hipMemGetAddressRange and hipMemPtrGetInfo (the allocation
// holding it), hipPointerGetAttributes, hipPointerGetAttribute, hipDrvPointerGetAttributes.
//
// HIP semantics (AMD's runtime): hipMemGetAddressRange answers hipErrorNotFound for a pointer no
// allocation holds; hipMemPtrGetInfo answers size 0 for a null pointer and hipErrorInvalidValue
// for an unknown one; hipPointerGetAttributes (HIP 7, as CUDA 11) answers success for a null
// pointer and for memory it does not know, with type hipMemoryTypeUnregistered.
#include "api/api_boundary.h"
#include "base/allocation_map.h"
#include "api/memory_checks.h"
#include "base/enum_value.h"
#include "core/images.h"

using namespace unihip;

namespace {

// The allocation holding `ptr`, from the allocation map: what unihip allocated or resolved
// (device and pinned memory, device variables, module globals). Like AMD's runtime, nothing else
// is an allocation (hipErrorNotFound), and the driver is not asked about pointers it never handed
// out.
Status allocationOf(const void* ptr, void** base, size_t* size) {
  Device* current = nullptr;
  UNIHIP_TRY(currentDevice(&current));
  Allocation a;
  if (!AllocationMap::get().find(ptr, &a)) return hipErrorNotFound;
  *base = a.base;
  *size = a.size;
  return kOk;
}

}  // namespace

UNIHIP_EXPORT hipError_t hipMemGetAddressRange(hipDeviceptr_t* pbase, size_t* psize,
                                               hipDeviceptr_t dptr) {
  UNIHIP_TRACE_hipMemGetAddressRange(pbase, psize, dptr);
  if (pbase == nullptr || psize == nullptr) UNIHIP_RETURN(hipErrorInvalidValue);
  void* base = nullptr;
  size_t size = 0;
  Status s = allocationOf(dptr, &base, &size);
  if (s.ok()) {
    *pbase = base;
    *psize = size;
  }
  UNIHIP_RETURN(s);
}

UNIHIP_EXPORT hipError_t hipMemPtrGetInfo(void* ptr, size_t* size) {
  UNIHIP_TRACE_hipMemPtrGetInfo(ptr, size);
  if (size == nullptr) UNIHIP_RETURN(hipErrorInvalidValue);
  if (ptr == nullptr) {
    *size = 0;
    UNIHIP_RETURN(kOk);
  }
  void* base = nullptr;
  size_t bytes = 0;
  Status s = allocationOf(ptr, &base, &bytes);
  if (s.code() == hipErrorNotFound) s = hipErrorInvalidValue;
  if (s.ok()) *size = bytes;
  UNIHIP_RETURN(s);
}

namespace {

// hipPointerGetAttributes' answer for `ptr`, from the allocation holding it.
Status pointerAttributes(const void* ptr, hipPointerAttribute_t* out, Allocation* holder) {
  Allocation& a = *holder;
  if (ptr == nullptr || !AllocationMap::get().find(ptr, &a)) return hipErrorInvalidValue;
  const size_t offset = static_cast<const char*>(ptr) - static_cast<const char*>(a.base);
  void* p = const_cast<void*>(ptr);
  *out = hipPointerAttribute_t{};
  out->device = a.device;
  out->allocationFlags = a.flags;
  switch (a.kind) {
    case AllocationKind::Device:
    case AllocationKind::Variable:
    case AllocationKind::Pool:
    case AllocationKind::Ipc:
    case AllocationKind::Virtual:
      out->type = hipMemoryTypeDevice;
      out->devicePointer = p;
      break;
    case AllocationKind::PinnedHost:
      out->type = hipMemoryTypeHost;
      out->devicePointer = p;  // mapped at its host address
      out->hostPointer = p;
      break;
    case AllocationKind::Registered:
      out->type = hipMemoryTypeHost;
      out->devicePointer = a.devicePointer ? static_cast<char*>(a.devicePointer) + offset : p;
      out->hostPointer = p;
      break;
    case AllocationKind::Managed:
      out->type = hipMemoryTypeManaged;
      out->devicePointer = p;
      out->hostPointer = p;
      out->isManaged = 1;
      break;
  }
  return kOk;
}

bool knownPointerAttribute(const hipPointer_attribute& attribute) {
  const int v = enumValue(attribute);
  return v >= HIP_POINTER_ATTRIBUTE_CONTEXT && v <= HIP_POINTER_ATTRIBUTE_MEMPOOL_HANDLE;
}

// One attribute of `ptr` into `data`: bool for SYNC_MEMOPS, IS_MANAGED and MAPPED (what AMD's
// runtime and CUDA's cuPointerGetAttribute both write; a wider write would overrun the caller's
// bool), 32 bits for ACCESS_FLAGS, RANGE_SIZE and BUFFER_ID (AMD's runtime writes 32 and
// hip-tests pass 32-bit variables; CUDA writes 64 for the last two). The attributes unihip keeps
// no record of answer hipErrorNotSupported.
Status pointerAttribute(void* data, const hipPointer_attribute& attribute, const void* ptr) {
  if (data == nullptr || ptr == nullptr || !knownPointerAttribute(attribute))
    return hipErrorInvalidValue;
  // A live hipArray_t handle's memory type is hipMemoryTypeArray (AMD's runtime looks the
  // pointer up in its array set when no allocation holds it).
  if (enumValue(attribute) == HIP_POINTER_ATTRIBUTE_MEMORY_TYPE &&
      liveArray(static_cast<hipArray_const_t>(ptr)) != nullptr) {
    *static_cast<unsigned*>(data) = hipMemoryTypeArray;
    return kOk;
  }
  hipPointerAttribute_t attrs;
  Allocation a;
  UNIHIP_TRY(pointerAttributes(ptr, &attrs, &a));
  switch (enumValue(attribute)) {
    case HIP_POINTER_ATTRIBUTE_MEMORY_TYPE:
      *static_cast<unsigned*>(data) = static_cast<unsigned>(attrs.type);
      return kOk;
    case HIP_POINTER_ATTRIBUTE_DEVICE_POINTER:
      *static_cast<void**>(data) = attrs.devicePointer;
      return kOk;
    case HIP_POINTER_ATTRIBUTE_HOST_POINTER:
      // Device memory has no host address: null and hipErrorInvalidValue, as AMD's runtime.
      *static_cast<void**>(data) = attrs.hostPointer;
      return attrs.hostPointer != nullptr ? kOk : Status(hipErrorInvalidValue);
    case HIP_POINTER_ATTRIBUTE_IS_MANAGED:
      *static_cast<bool*>(data) = attrs.isManaged != 0;
      return kOk;
    case HIP_POINTER_ATTRIBUTE_DEVICE_ORDINAL:
      *static_cast<int*>(data) = attrs.device;
      return kOk;
    case HIP_POINTER_ATTRIBUTE_RANGE_START_ADDR:
      *static_cast<void**>(data) = a.base;
      return kOk;
    case HIP_POINTER_ATTRIBUTE_RANGE_SIZE:
      *static_cast<uint32_t*>(data) = static_cast<uint32_t>(a.size);
      return kOk;
    case HIP_POINTER_ATTRIBUTE_MAPPED:
      *static_cast<bool*>(data) = true;  // everything unihip allocates is mapped
      return kOk;
    case HIP_POINTER_ATTRIBUTE_BUFFER_ID:  // AMD: the allocation's number, never reused
      *static_cast<uint32_t*>(data) = a.id;
      return kOk;
    case HIP_POINTER_ATTRIBUTE_SYNC_MEMOPS:
      *static_cast<bool*>(data) = a.syncMemops;
      return kOk;
    case HIP_POINTER_ATTRIBUTE_ACCESS_FLAGS:  // AMD: the flags it was allocated with
      *static_cast<uint32_t*>(data) = a.flags;
      return kOk;
  }
  return hipErrorNotSupported;
}

}  // namespace

UNIHIP_EXPORT hipError_t hipPointerGetAttributes(hipPointerAttribute_t* attributes,
                                                 const void* ptr) {
  UNIHIP_TRACE_hipPointerGetAttributes(attributes, ptr);
  if (attributes == nullptr) UNIHIP_RETURN(hipErrorInvalidValue);
  Allocation a;
  if (pointerAttributes(ptr, attributes, &a).ok()) UNIHIP_RETURN(kOk);
  // HIP 7: not an error; what AMD's runtime and CUDA 11 fill in for unregistered memory.
  *attributes = hipPointerAttribute_t{};
  attributes->type = hipMemoryTypeUnregistered;
  attributes->device = hipInvalidDeviceId;
  UNIHIP_RETURN(kOk);
}

UNIHIP_EXPORT hipError_t hipPointerGetAttribute(void* data, hipPointer_attribute attribute,
                                                hipDeviceptr_t ptr) {
  UNIHIP_TRACE_hipPointerGetAttribute(data, attribute, ptr);
  UNIHIP_RETURN(pointerAttribute(data, attribute, ptr));
}

// AMD's runtime sets only HIP_POINTER_ATTRIBUTE_SYNC_MEMOPS, to 0 or 1, on memory it allocated:
// recorded in the allocation map (hipPointerGetAttribute reads it back) and handed to the
// vendor (NVIDIA: cuPointerSetAttribute). Memory it did not allocate (a host variable, freed
// memory) is hipErrorInvalidDevicePointer, as AMD's runtime answers.
UNIHIP_EXPORT hipError_t hipPointerSetAttribute(const void* value, hipPointer_attribute attribute,
                                                hipDeviceptr_t ptr) {
  UNIHIP_TRACE_hipPointerSetAttribute(value, attribute, ptr);
  if (value == nullptr || ptr == nullptr || attribute != HIP_POINTER_ATTRIBUTE_SYNC_MEMOPS)
    UNIHIP_RETURN(hipErrorInvalidValue);
  const unsigned sync = *static_cast<const unsigned*>(value);
  if (sync != 0 && sync != 1) UNIHIP_RETURN(hipErrorInvalidValue);
  Allocation a;
  if (!AllocationMap::get().find(ptr, &a)) UNIHIP_RETURN(hipErrorInvalidDevicePointer);
  Device* d = Runtime::get().device(a.device);
  if (d == nullptr) UNIHIP_RETURN(hipErrorInvalidValue);
  Status s = d->backend->setSyncMemops(d->local, ptr, sync == 1);
  if (s.ok()) AllocationMap::get().setSyncMemops(ptr, sync == 1);
  UNIHIP_RETURN(s);
}

UNIHIP_EXPORT hipError_t hipDrvPointerGetAttributes(unsigned int numAttributes,
                                                    hipPointer_attribute* attributes, void** data,
                                                    hipDeviceptr_t ptr) {
  UNIHIP_TRACE_hipDrvPointerGetAttributes(numAttributes, attributes, data, ptr);
  if (numAttributes == 0 || attributes == nullptr || data == nullptr || ptr == nullptr)
    UNIHIP_RETURN(hipErrorInvalidValue);
  for (unsigned i = 0; i < numAttributes; ++i) {
    Status s = pointerAttribute(data[i], attributes[i], ptr);
    // The list form answers a device allocation's missing host address with null, not an error
    // (AMD's runtime, hip-tests' hipDrvPtrGetAttributes; CUDA's cuPointerGetAttributes too).
    if (s == hipErrorInvalidValue && attributes[i] == HIP_POINTER_ATTRIBUTE_HOST_POINTER) continue;
    if (!s.ok()) UNIHIP_RETURN(s);
  }
  UNIHIP_RETURN(kOk);
}
