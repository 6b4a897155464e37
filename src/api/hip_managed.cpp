// Managed memory (hipMallocManaged, hipMemAdvise, hipMemPrefetchAsync, range attributes,
// hipStreamAttachMemAsync): arguments checked as AMD's runtime does, then not supported yet.
#include "api/api_boundary.h"
#include "core/enum_value.h"
#include "api/memory_checks.h"
#include "core/stream_resolve.h"

using namespace unihip;

namespace {

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

}  // namespace

UNIHIP_EXPORT hipError_t hipMallocManaged(void** dev_ptr, size_t size, unsigned int flags) {
  UNIHIP_TRACE_API("hipMallocManaged({}, {}, {:#x})", fmt::ptr(dev_ptr), size, flags);
  if (dev_ptr == nullptr || size == 0 ||
      (flags != hipMemAttachGlobal && flags != hipMemAttachHost))
    UNIHIP_RETURN(hipErrorInvalidValue);
  *dev_ptr = nullptr;
  UNIHIP_RETURN_NOT_SUPPORTED();
}

UNIHIP_EXPORT hipError_t hipMemPrefetchAsync(const void* dev_ptr, size_t count, int device,
                                             hipStream_t stream) {
  UNIHIP_TRACE_API("hipMemPrefetchAsync({}, {}, {}, {})", dev_ptr, count, device,
                   fmt::ptr(stream));
  if (dev_ptr == nullptr || count == 0) UNIHIP_RETURN(hipErrorInvalidValue);
  Status s = checkDeviceOrHost(device);
  ResolvedStream rs;
  if (s.ok()) s = resolveStream(stream, &rs);
  if (!s.ok()) UNIHIP_RETURN(s);
  UNIHIP_RETURN_NOT_SUPPORTED();
}

UNIHIP_EXPORT hipError_t hipMemAdvise(const void* dev_ptr, size_t count, hipMemoryAdvise advice,
                                      int device) {
  UNIHIP_TRACE_API("hipMemAdvise({}, {}, {}, {})", dev_ptr, count, static_cast<int>(advice),
                   device);
  if (dev_ptr == nullptr || count == 0 || !knownAdvice(advice))
    UNIHIP_RETURN(hipErrorInvalidValue);
  Status s = checkDeviceOrHost(device);
  if (!s.ok()) UNIHIP_RETURN(s);
  UNIHIP_RETURN_NOT_SUPPORTED();
}

UNIHIP_EXPORT hipError_t hipMemRangeGetAttribute(void* data, size_t data_size,
                                                 hipMemRangeAttribute attribute,
                                                 const void* dev_ptr, size_t count) {
  UNIHIP_TRACE_API("hipMemRangeGetAttribute({}, {}, {}, {}, {})", data, data_size,
                   static_cast<int>(attribute), dev_ptr, count);
  if (dev_ptr == nullptr || count == 0) UNIHIP_RETURN(hipErrorInvalidValue);
  Status s = checkRangeAttribute(attribute, data, data_size);
  if (!s.ok()) UNIHIP_RETURN(s);
  UNIHIP_RETURN_NOT_SUPPORTED();
}

UNIHIP_EXPORT hipError_t hipMemRangeGetAttributes(void** data, size_t* data_sizes,
                                                  hipMemRangeAttribute* attributes,
                                                  size_t num_attributes, const void* dev_ptr,
                                                  size_t count) {
  UNIHIP_TRACE_API("hipMemRangeGetAttributes({}, {}, {}, {}, {}, {})", fmt::ptr(data),
                   fmt::ptr(data_sizes), fmt::ptr(attributes), num_attributes, dev_ptr, count);
  if (data == nullptr || data_sizes == nullptr || attributes == nullptr || num_attributes == 0 ||
      dev_ptr == nullptr || count == 0)
    UNIHIP_RETURN(hipErrorInvalidValue);
  for (size_t i = 0; i < num_attributes; ++i) {
    Status s = checkRangeAttribute(attributes[i], data[i], data_sizes[i]);
    if (!s.ok()) UNIHIP_RETURN(s);
  }
  UNIHIP_RETURN_NOT_SUPPORTED();
}

UNIHIP_EXPORT hipError_t hipStreamAttachMemAsync(hipStream_t stream, void* dev_ptr, size_t length,
                                                 unsigned int flags) {
  UNIHIP_TRACE_API("hipStreamAttachMemAsync({}, {}, {}, {:#x})", fmt::ptr(stream), dev_ptr,
                   length, flags);
  if (dev_ptr == nullptr ||
      (flags != hipMemAttachGlobal && flags != hipMemAttachHost && flags != hipMemAttachSingle))
    UNIHIP_RETURN(hipErrorInvalidValue);
  ResolvedStream rs;
  Status s = resolveStream(stream, &rs);
  if (!s.ok()) UNIHIP_RETURN(s);
  UNIHIP_RETURN_NOT_SUPPORTED();
}
