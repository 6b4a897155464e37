// Stream-ordered allocation and memory pools (hipMallocAsync, hipMemPool*): arguments are checked
// as AMD's runtime checks them; pools themselves are not implemented yet (hipErrorNotSupported).
#include "api/api_boundary.h"
#include "api/arg_checks.h"

using namespace unihip;

namespace {

// A location a pool can live on or be accessed from: a device of this process.
bool isDeviceLocation(const hipMemLocation& location) {
  return location.type == hipMemLocationTypeDevice &&
         Runtime::get().device(location.id) != nullptr;
}

Status checkPoolProps(const hipMemPoolProps& props) {
  if (props.allocType != hipMemAllocationTypePinned) return hipErrorInvalidValue;
  if (!isDeviceLocation(props.location)) return hipErrorInvalidValue;
  return kOk;
}

Status checkAccessDescs(const hipMemAccessDesc* descs, size_t count) {
  if (count > static_cast<size_t>(Runtime::get().deviceCount())) return hipErrorInvalidDevice;
  for (size_t i = 0; i < count; ++i) {
    if (descs[i].location.type != hipMemLocationTypeDevice) return hipErrorInvalidValue;
    if (Runtime::get().device(descs[i].location.id) == nullptr) return hipErrorInvalidDevice;
    if (descs[i].flags == hipMemAccessFlagsProtNone) return hipErrorInvalidDevice;
    if (descs[i].flags > hipMemAccessFlagsProtReadWrite) return hipErrorInvalidValue;
  }
  return kOk;
}

}  // namespace

UNIHIP_EXPORT hipError_t hipMallocAsync(void** dev_ptr, size_t size, hipStream_t stream) {
  UNIHIP_TRACE_API("hipMallocAsync({}, {}, {})", (void*)dev_ptr, size, (void*)stream);
  if (dev_ptr == nullptr) UNIHIP_RETURN(hipErrorInvalidValue);
  UNIHIP_RETURN_IF_FAILED(checkStream(stream));
  if (size == 0) {
    *dev_ptr = nullptr;
    UNIHIP_RETURN(kOk);
  }
  UNIHIP_RETURN_NOT_SUPPORTED();
}

UNIHIP_EXPORT hipError_t hipFreeAsync(void* dev_ptr, hipStream_t stream) {
  UNIHIP_TRACE_API("hipFreeAsync({}, {})", dev_ptr, (void*)stream);
  UNIHIP_RETURN_IF_FAILED(checkStream(stream));
  if (dev_ptr == nullptr) UNIHIP_RETURN(kOk);
  UNIHIP_RETURN_NOT_SUPPORTED();
}

UNIHIP_EXPORT hipError_t hipMallocFromPoolAsync(void** dev_ptr, size_t size, hipMemPool_t mem_pool,
                                                hipStream_t stream) {
  UNIHIP_TRACE_API("hipMallocFromPoolAsync({}, {}, {}, {})", (void*)dev_ptr, size,
                   (void*)mem_pool, (void*)stream);
  if (anyNull(dev_ptr, mem_pool)) UNIHIP_RETURN(hipErrorInvalidValue);
  UNIHIP_RETURN_IF_FAILED(checkStream(stream));
  if (size == 0) {
    *dev_ptr = nullptr;
    UNIHIP_RETURN(kOk);
  }
  UNIHIP_RETURN_NOT_SUPPORTED();
}

UNIHIP_EXPORT hipError_t hipDeviceGetDefaultMemPool(hipMemPool_t* mem_pool, int device) {
  UNIHIP_TRACE_API("hipDeviceGetDefaultMemPool({}, {})", (void*)mem_pool, device);
  if (mem_pool == nullptr) UNIHIP_RETURN(hipErrorInvalidValue);
  UNIHIP_RETURN_IF_FAILED(checkDeviceOrdinal(device));
  UNIHIP_RETURN_NOT_SUPPORTED();
}

UNIHIP_EXPORT hipError_t hipDeviceSetMemPool(int device, hipMemPool_t mem_pool) {
  UNIHIP_TRACE_API("hipDeviceSetMemPool({}, {})", device, (void*)mem_pool);
  // AMD answers hipErrorInvalidValue for a bad device here (not hipErrorInvalidDevice).
  if (mem_pool == nullptr || !checkDeviceOrdinal(device).ok())
    UNIHIP_RETURN(hipErrorInvalidValue);
  UNIHIP_RETURN_NOT_SUPPORTED();
}

UNIHIP_EXPORT hipError_t hipDeviceGetMemPool(hipMemPool_t* mem_pool, int device) {
  UNIHIP_TRACE_API("hipDeviceGetMemPool({}, {})", (void*)mem_pool, device);
  if (mem_pool == nullptr || !checkDeviceOrdinal(device).ok())
    UNIHIP_RETURN(hipErrorInvalidValue);
  UNIHIP_RETURN_NOT_SUPPORTED();
}

UNIHIP_EXPORT hipError_t hipMemPoolCreate(hipMemPool_t* mem_pool,
                                          const hipMemPoolProps* pool_props) {
  UNIHIP_TRACE_API("hipMemPoolCreate({}, {})", (void*)mem_pool, (const void*)pool_props);
  if (anyNull(mem_pool, pool_props)) UNIHIP_RETURN(hipErrorInvalidValue);
  UNIHIP_RETURN_IF_FAILED(checkPoolProps(*pool_props));
  UNIHIP_RETURN_NOT_SUPPORTED();
}

UNIHIP_EXPORT hipError_t hipMemPoolDestroy(hipMemPool_t mem_pool) {
  UNIHIP_TRACE_API("hipMemPoolDestroy({})", (void*)mem_pool);
  if (mem_pool == nullptr) UNIHIP_RETURN(hipErrorInvalidValue);
  UNIHIP_RETURN_NOT_SUPPORTED();
}

UNIHIP_EXPORT hipError_t hipMemPoolTrimTo(hipMemPool_t mem_pool, size_t min_bytes_to_hold) {
  UNIHIP_TRACE_API("hipMemPoolTrimTo({}, {})", (void*)mem_pool, min_bytes_to_hold);
  if (mem_pool == nullptr) UNIHIP_RETURN(hipErrorInvalidValue);
  UNIHIP_RETURN_NOT_SUPPORTED();
}

UNIHIP_EXPORT hipError_t hipMemPoolSetAttribute(hipMemPool_t mem_pool, hipMemPoolAttr attr,
                                                void* value) {
  UNIHIP_TRACE_API("hipMemPoolSetAttribute({}, {}, {})", (void*)mem_pool, (int)attr, value);
  if (anyNull(mem_pool, value)) UNIHIP_RETURN(hipErrorInvalidValue);
  if (attr < hipMemPoolReuseFollowEventDependencies || attr > hipMemPoolAttrUsedMemHigh)
    UNIHIP_RETURN(hipErrorInvalidValue);
  UNIHIP_RETURN_NOT_SUPPORTED();
}

UNIHIP_EXPORT hipError_t hipMemPoolGetAttribute(hipMemPool_t mem_pool, hipMemPoolAttr attr,
                                                void* value) {
  UNIHIP_TRACE_API("hipMemPoolGetAttribute({}, {}, {})", (void*)mem_pool, (int)attr, value);
  if (anyNull(mem_pool, value)) UNIHIP_RETURN(hipErrorInvalidValue);
  if (attr < hipMemPoolReuseFollowEventDependencies || attr > hipMemPoolAttrUsedMemHigh)
    UNIHIP_RETURN(hipErrorInvalidValue);
  UNIHIP_RETURN_NOT_SUPPORTED();
}

UNIHIP_EXPORT hipError_t hipMemPoolSetAccess(hipMemPool_t mem_pool,
                                             const hipMemAccessDesc* desc_list, size_t count) {
  UNIHIP_TRACE_API("hipMemPoolSetAccess({}, {}, {})", (void*)mem_pool, (const void*)desc_list,
                   count);
  if (anyNull(mem_pool, desc_list)) UNIHIP_RETURN(hipErrorInvalidValue);
  UNIHIP_RETURN_IF_FAILED(checkAccessDescs(desc_list, count));
  UNIHIP_RETURN_NOT_SUPPORTED();
}

UNIHIP_EXPORT hipError_t hipMemPoolGetAccess(hipMemAccessFlags* flags, hipMemPool_t mem_pool,
                                             hipMemLocation* location) {
  UNIHIP_TRACE_API("hipMemPoolGetAccess({}, {}, {})", (void*)flags, (void*)mem_pool,
                   (void*)location);
  if (anyNull(flags, mem_pool, location)) UNIHIP_RETURN(hipErrorInvalidValue);
  if (!isDeviceLocation(*location)) UNIHIP_RETURN(hipErrorInvalidValue);
  UNIHIP_RETURN_NOT_SUPPORTED();
}

UNIHIP_EXPORT hipError_t hipMemPoolExportToShareableHandle(void* shared_handle,
                                                           hipMemPool_t mem_pool,
                                                           hipMemAllocationHandleType handle_type,
                                                           unsigned int flags) {
  UNIHIP_TRACE_API("hipMemPoolExportToShareableHandle({}, {}, {}, {})", shared_handle,
                   (void*)mem_pool, (int)handle_type, flags);
  if (anyNull(shared_handle, mem_pool) || flags != 0 || handle_type == hipMemHandleTypeNone)
    UNIHIP_RETURN(hipErrorInvalidValue);
  UNIHIP_RETURN_NOT_SUPPORTED();
}

UNIHIP_EXPORT hipError_t hipMemPoolImportFromShareableHandle(
    hipMemPool_t* mem_pool, void* shared_handle, hipMemAllocationHandleType handle_type,
    unsigned int flags) {
  UNIHIP_TRACE_API("hipMemPoolImportFromShareableHandle({}, {}, {}, {})", (void*)mem_pool,
                   shared_handle, (int)handle_type, flags);
  if (anyNull(mem_pool, shared_handle) || flags != 0 || handle_type == hipMemHandleTypeNone)
    UNIHIP_RETURN(hipErrorInvalidValue);
  UNIHIP_RETURN_NOT_SUPPORTED();
}

UNIHIP_EXPORT hipError_t hipMemPoolExportPointer(hipMemPoolPtrExportData* export_data,
                                                 void* dev_ptr) {
  UNIHIP_TRACE_API("hipMemPoolExportPointer({}, {})", (void*)export_data, dev_ptr);
  if (anyNull(export_data, dev_ptr)) UNIHIP_RETURN(hipErrorInvalidValue);
  UNIHIP_RETURN_NOT_SUPPORTED();
}

UNIHIP_EXPORT hipError_t hipMemPoolImportPointer(void** dev_ptr, hipMemPool_t mem_pool,
                                                 hipMemPoolPtrExportData* export_data) {
  UNIHIP_TRACE_API("hipMemPoolImportPointer({}, {}, {})", (void*)dev_ptr, (void*)mem_pool,
                   (void*)export_data);
  if (anyNull(dev_ptr, mem_pool, export_data)) UNIHIP_RETURN(hipErrorInvalidValue);
  UNIHIP_RETURN_NOT_SUPPORTED();
}
