// unihip's interop extensions (hip/unihip/api/unihip_ext.h): the vendor handle behind a stream,
// an event or a device's context, for libraries built on the vendor runtime.
#include "api/api_boundary.h"
#include "api/memory_checks.h"
#include "core/stream_resolve.h"

using namespace unihip;

UNIHIP_EXPORT hipError_t unihipStreamGetNativeHandle(hipStream_t stream, void** handle) {
  UNIHIP_TRACE_unihipStreamGetNativeHandle(stream, handle);
  if (handle == nullptr) UNIHIP_RETURN(hipErrorInvalidValue);
  ResolvedStream rs;
  Status s = resolveStream(stream, &rs);
  if (!s.ok()) UNIHIP_RETURN(s);
  UNIHIP_RETURN(rs.device->backend->vendorStreamHandle(rs.device->local, rs.native, handle));
}

UNIHIP_EXPORT hipError_t unihipEventGetNativeHandle(hipEvent_t event, void** handle) {
  UNIHIP_TRACE_unihipEventGetNativeHandle(event, handle);
  if (handle == nullptr) UNIHIP_RETURN(hipErrorInvalidValue);
  if (!isLive(event)) UNIHIP_RETURN(hipErrorInvalidHandle);
  Device* d = Runtime::get().device(event->device);
  if (d == nullptr) UNIHIP_RETURN(hipErrorInvalidHandle);
  UNIHIP_RETURN(d->backend->vendorEventHandle(d->local, event->native, handle));
}

UNIHIP_EXPORT hipError_t unihipDeviceGetNativeContext(int deviceId, void** handle) {
  UNIHIP_TRACE_unihipDeviceGetNativeContext(deviceId, handle);
  Device* d = nullptr;
  Status s = memory::deviceByOrdinal(deviceId, &d);
  if (!s.ok()) UNIHIP_RETURN(s);
  if (handle == nullptr) UNIHIP_RETURN(hipErrorInvalidValue);
  UNIHIP_RETURN(d->backend->vendorContextHandle(d->local, handle));
}

UNIHIP_EXPORT hipError_t unihipDeviceBindNativeContext(int deviceId) {
  UNIHIP_TRACE_unihipDeviceBindNativeContext(deviceId);
  Device* d = nullptr;
  Status s = memory::deviceByOrdinal(deviceId, &d);
  if (!s.ok()) UNIHIP_RETURN(s);
  UNIHIP_RETURN(d->backend->bindVendorContext(d->local));
}
