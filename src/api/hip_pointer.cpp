// What unihip knows about a pointer: hipMemGetAddressRange and hipMemPtrGetInfo (the allocation
// holding it), hipPointerGetAttributes & co. (validated, not implemented yet).
//
// HIP semantics (AMD's runtime): hipMemGetAddressRange answers hipErrorNotFound for a pointer no
// allocation holds; hipMemPtrGetInfo answers size 0 for a null pointer and hipErrorInvalidValue
// for an unknown one.
#include "api/api_boundary.h"
#include "api/memory_checks.h"

using namespace unihip;

namespace {

// The allocation holding `ptr`: asked of the current device's backend first, then of the other
// backends (the pointer may be another vendor's). hipErrorNotFound when none knows it.
Status allocationOf(const void* ptr, void** base, size_t* size) {
  Device* current = nullptr;
  UNIHIP_TRY(currentDevice(&current));
  Status s = current->backend->memGetAddressRange(current->local, ptr, base, size);
  if (s.code() != hipErrorNotFound) return s;
  for (const auto& backend : Runtime::get().backends()) {
    if (backend.get() == current->backend || backend->deviceCount() == 0) continue;
    Status other = backend->memGetAddressRange(0, ptr, base, size);
    if (other.code() != hipErrorNotFound) return other;
  }
  return hipErrorNotFound;
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
