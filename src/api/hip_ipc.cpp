// Inter-process sharing of device memory and events (hipIpc*): arguments are checked as AMD's
// runtime checks them; the vendor's IPC does the sharing (seam memory_pool_ops.h). Opened memory
// is recorded in the allocation map (kind Ipc) until hipIpcCloseMemHandle; an opened event is a
// unihip event like any other (hipEventDestroy releases it). hipMemGetHandleForAddressRange
// shares a range with other processes and devices as an OS handle (a dma-buf file descriptor).
#include "api/api_boundary.h"
#include "api/arg_checks.h"
#include "api/memory_allocation.h"
#include "api/memory_pool_family.h"
#include "base/allocation_map.h"
#include "core/handles.h"

using namespace unihip;

Status memory::releaseIpc(Device* d, const Allocation& a) {
  MemoryPoolOps* ops = nullptr;
  UNIHIP_TRY(pools::family(d, &ops));
  return ops->ipcCloseMemHandle(d->local, a.base);
}

UNIHIP_EXPORT hipError_t hipIpcGetMemHandle(hipIpcMemHandle_t* handle, void* devPtr) {
  UNIHIP_TRACE_hipIpcGetMemHandle(handle, devPtr);
  if (anyNull(handle, devPtr)) UNIHIP_RETURN(hipErrorInvalidValue);
  // Only device memory of hipMalloc can be shared this way (pools: hipMemPoolExportPointer).
  Allocation a;
  if (!AllocationMap::get().find(devPtr, &a) || a.kind != AllocationKind::Device)
    UNIHIP_RETURN(hipErrorInvalidValue);
  Device* d = Runtime::get().device(a.device);
  if (d == nullptr) UNIHIP_RETURN(hipErrorInvalidValue);
  MemoryPoolOps* ops = nullptr;
  UNIHIP_RETURN_IF_FAILED(pools::family(d, &ops));
  UNIHIP_RETURN(ops->ipcGetMemHandle(d->local, devPtr, handle));
}

UNIHIP_EXPORT hipError_t hipIpcOpenMemHandle(void** devPtr, hipIpcMemHandle_t handle,
                                             unsigned int flags) {
  UNIHIP_TRACE_hipIpcOpenMemHandle(devPtr, handle, flags);
  if (devPtr == nullptr || flags != hipIpcMemLazyEnablePeerAccess)
    UNIHIP_RETURN(hipErrorInvalidValue);
  Device* d = nullptr;
  UNIHIP_RETURN_IF_FAILED(currentDevice(&d));
  MemoryPoolOps* ops = nullptr;
  UNIHIP_RETURN_IF_FAILED(pools::family(d, &ops));
  void* p = nullptr;
  size_t size = 0;
  UNIHIP_RETURN_IF_FAILED(ops->ipcOpenMemHandle(d->local, handle, &p, &size));
  AllocationMap::get().insert({p, size == 0 ? 1 : size, d->ordinal, AllocationKind::Ipc});
  *devPtr = p;
  UNIHIP_RETURN(kOk);
}

UNIHIP_EXPORT hipError_t hipIpcCloseMemHandle(void* devPtr) {
  UNIHIP_TRACE_hipIpcCloseMemHandle(devPtr);
  if (devPtr == nullptr) UNIHIP_RETURN(hipErrorInvalidValue);
  Allocation a;
  if (!AllocationMap::get().take(devPtr, &a)) UNIHIP_RETURN(hipErrorInvalidValue);
  Device* d = Runtime::get().device(a.device);
  Status s = (a.kind == AllocationKind::Ipc && d != nullptr) ? memory::releaseIpc(d, a)
                                                             : Status(hipErrorInvalidValue);
  if (!s.ok()) AllocationMap::get().insert(a);  // still mapped, or not ours to close
  UNIHIP_RETURN(s);
}

UNIHIP_EXPORT hipError_t hipIpcGetEventHandle(hipIpcEventHandle_t* handle, hipEvent_t event) {
  UNIHIP_TRACE_hipIpcGetEventHandle(handle, event);
  if (anyNull(handle, event)) UNIHIP_RETURN(hipErrorInvalidValue);
  if (!isLive(event)) UNIHIP_RETURN(hipErrorInvalidHandle);
  // Only events created with hipEventInterprocess can be shared.
  if ((event->flags & hipEventInterprocess) == 0) UNIHIP_RETURN(hipErrorInvalidConfiguration);
  Device* d = Runtime::get().device(event->device);
  if (d == nullptr) UNIHIP_RETURN(hipErrorInvalidHandle);
  MemoryPoolOps* ops = nullptr;
  UNIHIP_RETURN_IF_FAILED(pools::family(d, &ops));
  UNIHIP_RETURN(ops->ipcGetEventHandle(d->local, event->native, handle));
}

UNIHIP_EXPORT hipError_t hipIpcOpenEventHandle(hipEvent_t* event, hipIpcEventHandle_t handle) {
  UNIHIP_TRACE_hipIpcOpenEventHandle(event, handle);
  if (event == nullptr) UNIHIP_RETURN(hipErrorInvalidValue);
  Device* d = nullptr;
  UNIHIP_RETURN_IF_FAILED(currentDevice(&d));
  MemoryPoolOps* ops = nullptr;
  UNIHIP_RETURN_IF_FAILED(pools::family(d, &ops));
  NativeEvent native = nullptr;
  UNIHIP_RETURN_IF_FAILED(ops->ipcOpenEventHandle(d->local, handle, &native));
  ihipEvent_t* e = eventTable().create();
  e->device = d->ordinal;
  e->flags = hipEventDisableTiming | hipEventInterprocess;
  e->native = native;
  e->recorded.store(true, std::memory_order_relaxed);  // the exporter records it
  HandleTable<ihipEvent_t>::publish(e);
  *event = e;
  UNIHIP_RETURN(kOk);
}

// AMD's checks (a range, the dma-buf type, no flags); the range's own device exports it, else
// the current device (AMD's). A vendor's refusal is hipErrorInvalidValue as in AMD's runtime,
// except its lack of support (NVIDIA: CU_DEVICE_ATTRIBUTE_DMA_BUF_SUPPORTED false).
UNIHIP_EXPORT hipError_t hipMemGetHandleForAddressRange(void* handle, hipDeviceptr_t dptr,
                                                        size_t size,
                                                        hipMemRangeHandleType handleType,
                                                        unsigned long long flags) {
  UNIHIP_TRACE_hipMemGetHandleForAddressRange(handle, dptr, size, handleType, flags);
  if (anyNull(handle, dptr) || size == 0 || handleType != hipMemRangeHandleTypeDmaBufFd ||
      flags != 0)
    UNIHIP_RETURN(hipErrorInvalidValue);
  Device* d = nullptr;
  Allocation a;
  if (AllocationMap::get().find(dptr, &a)) d = Runtime::get().device(a.device);
  if (d == nullptr) UNIHIP_RETURN_IF_FAILED(currentDevice(&d));
  Status s = d->backend->memRangeHandle(d->local, handle, dptr, size,
                                        static_cast<int>(handleType), flags);
  UNIHIP_RETURN(s.ok() || s.code() == hipErrorNotSupported ? s : Status(hipErrorInvalidValue));
}
