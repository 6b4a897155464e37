// Virtual memory management (hipMemAddressReserve, hipMemCreate, hipMemMap, ...): arguments are
// checked as AMD's runtime checks them; the mappings themselves are not implemented yet
// (hipErrorNotSupported).
#include "api/api_boundary.h"
#include "api/arg_checks.h"

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

}  // namespace

UNIHIP_EXPORT hipError_t hipMemAddressReserve(void** ptr, size_t size, size_t alignment,
                                              void* addr, unsigned long long flags) {
  UNIHIP_TRACE_API("hipMemAddressReserve({}, {}, {}, {}, {:#x})", (void*)ptr, size, alignment,
                   addr, flags);
  if (ptr == nullptr || flags != 0 || size == 0 || !isPowerOfTwoOrZero(alignment))
    UNIHIP_RETURN(hipErrorInvalidValue);
  UNIHIP_RETURN_NOT_SUPPORTED();
}

UNIHIP_EXPORT hipError_t hipMemAddressFree(void* devPtr, size_t size) {
  UNIHIP_TRACE_API("hipMemAddressFree({}, {})", devPtr, size);
  if (devPtr == nullptr || size == 0) UNIHIP_RETURN(hipErrorInvalidValue);
  UNIHIP_RETURN_NOT_SUPPORTED();
}

UNIHIP_EXPORT hipError_t hipMemCreate(hipMemGenericAllocationHandle_t* handle, size_t size,
                                      const hipMemAllocationProp* prop, unsigned long long flags) {
  UNIHIP_TRACE_API("hipMemCreate({}, {}, {}, {:#x})", (void*)handle, size, (const void*)prop,
                   flags);
  if (anyNull(handle, prop) || size == 0 || flags != 0) UNIHIP_RETURN(hipErrorInvalidValue);
  UNIHIP_RETURN_IF_FAILED(checkAllocationProp(*prop));
  if (Runtime::get().device(prop->location.id) == nullptr) UNIHIP_RETURN(hipErrorInvalidDevice);
  UNIHIP_RETURN_NOT_SUPPORTED();
}

UNIHIP_EXPORT hipError_t hipMemRelease(hipMemGenericAllocationHandle_t handle) {
  UNIHIP_TRACE_API("hipMemRelease({})", (void*)handle);
  if (handle == nullptr) UNIHIP_RETURN(hipErrorInvalidValue);
  UNIHIP_RETURN_NOT_SUPPORTED();
}

UNIHIP_EXPORT hipError_t hipMemMap(void* ptr, size_t size, size_t offset,
                                   hipMemGenericAllocationHandle_t handle,
                                   unsigned long long flags) {
  UNIHIP_TRACE_API("hipMemMap({}, {}, {}, {}, {:#x})", ptr, size, offset, (void*)handle, flags);
  if (anyNull(ptr, handle) || size == 0 || offset != 0 || flags != 0)
    UNIHIP_RETURN(hipErrorInvalidValue);
  UNIHIP_RETURN_NOT_SUPPORTED();
}

UNIHIP_EXPORT hipError_t hipMemUnmap(void* ptr, size_t size) {
  UNIHIP_TRACE_API("hipMemUnmap({}, {})", ptr, size);
  if (ptr == nullptr || size == 0) UNIHIP_RETURN(hipErrorInvalidValue);
  UNIHIP_RETURN_NOT_SUPPORTED();
}

UNIHIP_EXPORT hipError_t hipMemMapArrayAsync(hipArrayMapInfo* mapInfoList, unsigned int count,
                                             hipStream_t stream) {
  UNIHIP_TRACE_API("hipMemMapArrayAsync({}, {}, {})", (void*)mapInfoList, count, (void*)stream);
  if (mapInfoList == nullptr || count == 0) UNIHIP_RETURN(hipErrorInvalidValue);
  UNIHIP_RETURN_IF_FAILED(checkStream(stream));
  UNIHIP_RETURN_NOT_SUPPORTED();
}

UNIHIP_EXPORT hipError_t hipMemSetAccess(void* ptr, size_t size, const hipMemAccessDesc* desc,
                                         size_t count) {
  UNIHIP_TRACE_API("hipMemSetAccess({}, {}, {}, {})", ptr, size, (const void*)desc, count);
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
  UNIHIP_RETURN_NOT_SUPPORTED();
}

UNIHIP_EXPORT hipError_t hipMemGetAccess(unsigned long long* flags, const hipMemLocation* location,
                                         void* ptr) {
  UNIHIP_TRACE_API("hipMemGetAccess({}, {}, {})", (void*)flags, (const void*)location, ptr);
  if (anyNull(flags, location, ptr) || location->type != hipMemLocationTypeDevice ||
      Runtime::get().device(location->id) == nullptr)
    UNIHIP_RETURN(hipErrorInvalidValue);
  UNIHIP_RETURN_NOT_SUPPORTED();
}

UNIHIP_EXPORT hipError_t hipMemGetAllocationGranularity(size_t* granularity,
                                                        const hipMemAllocationProp* prop,
                                                        hipMemAllocationGranularity_flags option) {
  UNIHIP_TRACE_API("hipMemGetAllocationGranularity({}, {}, {})", (void*)granularity,
                   (const void*)prop, (int)option);
  if (anyNull(granularity, prop) || !checkAllocationProp(*prop).ok() ||
      Runtime::get().device(prop->location.id) == nullptr ||
      (option != hipMemAllocationGranularityMinimum &&
       option != hipMemAllocationGranularityRecommended))
    UNIHIP_RETURN(hipErrorInvalidValue);
  UNIHIP_RETURN_NOT_SUPPORTED();
}

UNIHIP_EXPORT hipError_t hipMemGetAllocationPropertiesFromHandle(
    hipMemAllocationProp* prop, hipMemGenericAllocationHandle_t handle) {
  UNIHIP_TRACE_API("hipMemGetAllocationPropertiesFromHandle({}, {})", (void*)prop, (void*)handle);
  if (anyNull(prop, handle)) UNIHIP_RETURN(hipErrorInvalidValue);
  UNIHIP_RETURN_NOT_SUPPORTED();
}

UNIHIP_EXPORT hipError_t hipMemExportToShareableHandle(void* shareableHandle,
                                                       hipMemGenericAllocationHandle_t handle,
                                                       hipMemAllocationHandleType handleType,
                                                       unsigned long long flags) {
  UNIHIP_TRACE_API("hipMemExportToShareableHandle({}, {}, {}, {:#x})", shareableHandle,
                   (void*)handle, (int)handleType, flags);
  if (anyNull(shareableHandle, handle) || flags != 0) UNIHIP_RETURN(hipErrorInvalidValue);
  UNIHIP_RETURN_NOT_SUPPORTED();
}

UNIHIP_EXPORT hipError_t hipMemImportFromShareableHandle(hipMemGenericAllocationHandle_t* handle,
                                                         void* osHandle,
                                                         hipMemAllocationHandleType shHandleType) {
  UNIHIP_TRACE_API("hipMemImportFromShareableHandle({}, {}, {})", (void*)handle, osHandle,
                   (int)shHandleType);
  if (anyNull(handle, osHandle)) UNIHIP_RETURN(hipErrorInvalidValue);
  UNIHIP_RETURN_NOT_SUPPORTED();
}

UNIHIP_EXPORT hipError_t hipMemRetainAllocationHandle(hipMemGenericAllocationHandle_t* handle,
                                                      void* addr) {
  UNIHIP_TRACE_API("hipMemRetainAllocationHandle({}, {})", (void*)handle, addr);
  if (anyNull(handle, addr)) UNIHIP_RETURN(hipErrorInvalidValue);
  UNIHIP_RETURN_NOT_SUPPORTED();
}
