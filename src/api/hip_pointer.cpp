// What unihip knows about a pointer: hipMemGetAddressRange and hipMemPtrGetInfo (the allocation
// holding it), hipPointerGetAttributes & co. (validated, not implemented yet).
//
// HIP semantics (AMD's runtime): hipMemGetAddressRange answers hipErrorNotFound for a pointer no
// allocation holds; hipMemPtrGetInfo answers size 0 for a null pointer and hipErrorInvalidValue
// for an unknown one.
#include "api/api_boundary.h"
#include "core/allocation_map.h"
#include "api/memory_checks.h"

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
  UNIHIP_TRACE_API("hipMemGetAddressRange({}, {}, {})", fmt::ptr(pbase), fmt::ptr(psize), dptr);
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
  UNIHIP_TRACE_API("hipMemPtrGetInfo({}, {})", ptr, fmt::ptr(size));
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

// Pointer attributes (validated, not implemented yet).
UNIHIP_EXPORT hipError_t hipPointerGetAttributes(hipPointerAttribute_t* attributes,
                                                 const void* ptr) {
  UNIHIP_TRACE_API("hipPointerGetAttributes({}, {})", fmt::ptr(attributes), ptr);
  if (attributes == nullptr) UNIHIP_RETURN(hipErrorInvalidValue);
  UNIHIP_RETURN_NOT_SUPPORTED();
}

namespace {
bool knownPointerAttribute(hipPointer_attribute attribute) {
  return attribute >= HIP_POINTER_ATTRIBUTE_CONTEXT &&
         attribute <= HIP_POINTER_ATTRIBUTE_MEMPOOL_HANDLE;
}
}  // namespace

UNIHIP_EXPORT hipError_t hipPointerGetAttribute(void* data, hipPointer_attribute attribute,
                                                hipDeviceptr_t ptr) {
  UNIHIP_TRACE_API("hipPointerGetAttribute({}, {}, {})", data, static_cast<int>(attribute), ptr);
  if (data == nullptr || ptr == nullptr || !knownPointerAttribute(attribute))
    UNIHIP_RETURN(hipErrorInvalidValue);
  UNIHIP_RETURN_NOT_SUPPORTED();
}

// AMD's runtime sets only HIP_POINTER_ATTRIBUTE_SYNC_MEMOPS, to 0 or 1.
UNIHIP_EXPORT hipError_t hipPointerSetAttribute(const void* value, hipPointer_attribute attribute,
                                                hipDeviceptr_t ptr) {
  UNIHIP_TRACE_API("hipPointerSetAttribute({}, {}, {})", value, static_cast<int>(attribute), ptr);
  if (value == nullptr || ptr == nullptr || attribute != HIP_POINTER_ATTRIBUTE_SYNC_MEMOPS)
    UNIHIP_RETURN(hipErrorInvalidValue);
  const unsigned sync = *static_cast<const unsigned*>(value);
  if (sync != 0 && sync != 1) UNIHIP_RETURN(hipErrorInvalidValue);
  UNIHIP_RETURN_NOT_SUPPORTED();
}

UNIHIP_EXPORT hipError_t hipDrvPointerGetAttributes(unsigned int numAttributes,
                                                    hipPointer_attribute* attributes, void** data,
                                                    hipDeviceptr_t ptr) {
  UNIHIP_TRACE_API("hipDrvPointerGetAttributes({}, {}, {}, {})", numAttributes,
                   fmt::ptr(attributes), fmt::ptr(data), ptr);
  if (numAttributes == 0 || attributes == nullptr || data == nullptr || ptr == nullptr)
    UNIHIP_RETURN(hipErrorInvalidValue);
  UNIHIP_RETURN_NOT_SUPPORTED();
}
