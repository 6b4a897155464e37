// Seam family "stream-ordered memory pools, IPC and virtual memory" (issue 13): optional, handed out
// by Backend::memoryPools() (null when a vendor lacks it). Ordinals are the backend's; the API
// layer validated the arguments and owns the HIP handles (core/memory_pool_handles.h), a backend
// sees only its native pools and allocation handles. A vendor that lacks one part answers
// hipErrorNotSupported from the defaults below.
#pragma once

#include <cstdint>

#include "base/status.h"
#include "seam/handles.h"

namespace unihip {

using NativePool = void*;            // CUmemoryPool
using NativeAllocation = uint64_t;   // CUmemGenericAllocationHandle
using NativeExternalMemory = void*;     // CUexternalMemory
using NativeExternalSemaphore = void*;  // CUexternalSemaphore

// One access grant, location id already the backend's ordinal.
struct AccessGrant {
  hipMemLocationType type = hipMemLocationTypeDevice;
  int device = 0;
  hipMemAccessFlags flags = hipMemAccessFlagsProtNone;
};

class MemoryPoolOps {
 public:
  virtual ~MemoryPoolOps() = default;

  // ---- Stream-ordered pools.
  virtual Status defaultPool(int device, NativePool* pool) = 0;
  // `props.location.id` is `device`.
  virtual Status poolCreate(int device, const hipMemPoolProps& props, NativePool* pool) = 0;
  virtual Status poolDestroy(NativePool pool) = 0;
  virtual Status setCurrentPool(int device, NativePool pool) = 0;
  virtual Status mallocFromPool(int device, NativePool pool, size_t size, NativeStream stream, void** ptr) = 0;
  virtual Status freeAsync(int device, void* ptr, NativeStream stream) = 0;
  virtual Status poolTrimTo(NativePool pool, size_t keep) = 0;
  // `value` is an int or a uint64_t, as the attribute says (the API layer checked `attr`).
  virtual Status poolSetAttribute(NativePool pool, hipMemPoolAttr attr, void* value) = 0;
  virtual Status poolGetAttribute(NativePool pool, hipMemPoolAttr attr, void* value) = 0;
  virtual Status poolSetAccess(NativePool pool, const AccessGrant& grant) = 0;
  virtual Status poolGetAccess(NativePool pool, int device, hipMemAccessFlags* flags) = 0;
  virtual Status poolExport(NativePool, hipMemAllocationHandleType, void* /*shared*/) {
    return hipErrorNotSupported;
  }
  virtual Status poolImport(void* /*shared*/, hipMemAllocationHandleType, NativePool*) {
    return hipErrorNotSupported;
  }
  // The device a pool allocates on (for imported pools).
  virtual Status poolDevice(NativePool, int* /*device*/) { return hipErrorNotSupported; }
  virtual Status poolExportPointer(void*, hipMemPoolPtrExportData*) { return hipErrorNotSupported; }
  virtual Status poolImportPointer(NativePool, const hipMemPoolPtrExportData&, void**) {
    return hipErrorNotSupported;
  }

  // ---- Inter-process sharing.
  virtual Status ipcGetMemHandle(int /*device*/, void*, hipIpcMemHandle_t*) {
    return hipErrorNotSupported;
  }
  // `size` gets the length of the mapping (for the allocation map).
  virtual Status ipcOpenMemHandle(int /*device*/, const hipIpcMemHandle_t&, void**, size_t*) {
    return hipErrorNotSupported;
  }
  virtual Status ipcCloseMemHandle(int /*device*/, void*) { return hipErrorNotSupported; }
  virtual Status ipcGetEventHandle(int /*device*/, NativeEvent, hipIpcEventHandle_t*) {
    return hipErrorNotSupported;
  }
  virtual Status ipcOpenEventHandle(int /*device*/, const hipIpcEventHandle_t&, NativeEvent*) {
    return hipErrorNotSupported;
  }

  // ---- Virtual memory management. Properties carry backend ordinals; `device` (first) is the one
  // whose context the call runs in.
  virtual Status memCreate(int, const hipMemAllocationProp&, size_t, NativeAllocation*) {
    return hipErrorNotSupported;
  }
  virtual Status memRelease(int, NativeAllocation) { return hipErrorNotSupported; }
  virtual Status memProperties(int, NativeAllocation, hipMemAllocationProp*) {
    return hipErrorNotSupported;
  }
  virtual Status addressReserve(int, size_t, size_t /*alignment*/, void* /*hint*/, void**) {
    return hipErrorNotSupported;
  }
  virtual Status addressFree(int, void*, size_t) { return hipErrorNotSupported; }
  virtual Status memMap(int, void*, size_t, NativeAllocation) { return hipErrorNotSupported; }
  virtual Status memUnmap(int, void*, size_t) { return hipErrorNotSupported; }
  virtual Status memSetAccess(int, void*, size_t, const AccessGrant*, size_t) {
    return hipErrorNotSupported;
  }
  virtual Status memGetAccess(int, const hipMemLocation&, void*, unsigned long long*) {
    return hipErrorNotSupported;
  }
  virtual Status granularity(int, const hipMemAllocationProp&, hipMemAllocationGranularity_flags,
                             size_t*) {
    return hipErrorNotSupported;
  }
  virtual Status memExport(int, NativeAllocation, hipMemAllocationHandleType, void*) {
    return hipErrorNotSupported;
  }
  virtual Status memImport(int, void*, hipMemAllocationHandleType, NativeAllocation*) {
    return hipErrorNotSupported;
  }
  // Adds a reference the caller must release (hipMemRetainAllocationHandle).
  virtual Status memRetain(int, void*, NativeAllocation*) { return hipErrorNotSupported; }

  // ---- External memory and semaphores (Vulkan interop: opaque file descriptors). They share the
  // family because they are memory another API allocated, mapped like imported pool memory.
  virtual Status importExternalMemory(int, const hipExternalMemoryHandleDesc&,
                                      NativeExternalMemory*) {
    return hipErrorNotSupported;
  }
  virtual Status externalMemoryBuffer(int, NativeExternalMemory, const hipExternalMemoryBufferDesc&,
                                      void**) {
    return hipErrorNotSupported;
  }
  virtual Status destroyExternalMemory(int, NativeExternalMemory) { return hipErrorNotSupported; }
  // Whether the vendor imports external semaphores at all; without them the API layer answers as
  // AMD's runtime does on Linux, which has none (hip_external.cpp).
  virtual bool hasExternalSemaphores() const { return false; }
  virtual Status importExternalSemaphore(int, const hipExternalSemaphoreHandleDesc&,
                                         NativeExternalSemaphore*) {
    return hipErrorNotSupported;
  }
  virtual Status signalExternalSemaphores(int, const NativeExternalSemaphore*,
                                          const hipExternalSemaphoreSignalParams*, unsigned,
                                          NativeStream) {
    return hipErrorNotSupported;
  }
  virtual Status waitExternalSemaphores(int, const NativeExternalSemaphore*,
                                        const hipExternalSemaphoreWaitParams*, unsigned,
                                        NativeStream) {
    return hipErrorNotSupported;
  }
  virtual Status destroyExternalSemaphore(int, NativeExternalSemaphore) {
    return hipErrorNotSupported;
  }
};

}  // namespace unihip
