// Inter-process sharing of device memory and events (hipIpc*): arguments are checked as AMD's
// runtime checks them; sharing itself is not implemented yet (hipErrorNotSupported).
#include "api/api_boundary.h"
#include "api/arg_checks.h"
#include "core/handles.h"

using namespace unihip;

UNIHIP_EXPORT hipError_t hipIpcGetMemHandle(hipIpcMemHandle_t* handle, void* devPtr) {
  UNIHIP_TRACE_API("hipIpcGetMemHandle({}, {})", (void*)handle, devPtr);
  if (anyNull(handle, devPtr)) UNIHIP_RETURN(hipErrorInvalidValue);
  UNIHIP_RETURN_NOT_SUPPORTED();
}

UNIHIP_EXPORT hipError_t hipIpcOpenMemHandle(void** devPtr, hipIpcMemHandle_t handle,
                                             unsigned int flags) {
  UNIHIP_TRACE_API("hipIpcOpenMemHandle({}, {:#x})", (void*)devPtr, flags);
  (void)handle;
  if (devPtr == nullptr || flags != hipIpcMemLazyEnablePeerAccess)
    UNIHIP_RETURN(hipErrorInvalidValue);
  UNIHIP_RETURN_NOT_SUPPORTED();
}

UNIHIP_EXPORT hipError_t hipIpcCloseMemHandle(void* devPtr) {
  UNIHIP_TRACE_API("hipIpcCloseMemHandle({})", devPtr);
  if (devPtr == nullptr) UNIHIP_RETURN(hipErrorInvalidValue);
  UNIHIP_RETURN_NOT_SUPPORTED();
}

UNIHIP_EXPORT hipError_t hipIpcGetEventHandle(hipIpcEventHandle_t* handle, hipEvent_t event) {
  UNIHIP_TRACE_API("hipIpcGetEventHandle({}, {})", (void*)handle, (void*)event);
  if (anyNull(handle, event)) UNIHIP_RETURN(hipErrorInvalidValue);
  if (!isLive(event)) UNIHIP_RETURN(hipErrorInvalidHandle);
  // Only events created with hipEventInterprocess can be shared.
  if ((event->flags & hipEventInterprocess) == 0) UNIHIP_RETURN(hipErrorInvalidConfiguration);
  UNIHIP_RETURN_NOT_SUPPORTED();
}

UNIHIP_EXPORT hipError_t hipIpcOpenEventHandle(hipEvent_t* event, hipIpcEventHandle_t handle) {
  UNIHIP_TRACE_API("hipIpcOpenEventHandle({})", (void*)event);
  (void)handle;
  if (event == nullptr) UNIHIP_RETURN(hipErrorInvalidValue);
  UNIHIP_RETURN_NOT_SUPPORTED();
}
