// Device and pinned host memory, copies and fills.
#include <cstdint>

#include "api/api_boundary.h"
#include "api/arg_checks.h"
#include "api/memory_checks.h"
#include "api/memory_allocation.h"
#include "base/allocation_map.h"
#include "core/runtime.h"
#include "core/stream_resolve.h"

using namespace unihip;

namespace {

constexpr unsigned kHostMallocFlags = hipHostMallocPortable | hipHostMallocMapped |
                                      hipHostMallocWriteCombined | hipHostMallocNumaUser |
                                      hipHostMallocCoherent | hipHostMallocNonCoherent;

Status hostMalloc(void** ptr, size_t size, unsigned int flags) {
  if (ptr == nullptr) return hipErrorInvalidValue;
  *ptr = nullptr;
  if ((flags & ~kHostMallocFlags) != 0) return hipErrorInvalidValue;
  if ((flags & hipHostMallocCoherent) && (flags & hipHostMallocNonCoherent))
    return hipErrorInvalidValue;
  if (size == 0) return kOk;
  Device* d = nullptr;
  UNIHIP_TRY(currentDevice(&d));
  UNIHIP_TRY(d->backend->hostMalloc(d->local, size, flags, ptr));
  if (*ptr == nullptr) return hipErrorOutOfMemory;
  AllocationMap::get().insert({*ptr, size, d->ordinal, AllocationKind::PinnedHost, flags});
  return kOk;
}

// hipFree and hipHostFree: only what unihip allocated reaches the driver (anything else is
// hipErrorInvalidValue, as AMD's runtime answers); either frees either kind, as AMD's does.
Status freeAllocation(void* ptr) {
  if (ptr == nullptr) return kOk;
  Allocation a;
  if (!AllocationMap::get().take(ptr, &a)) return hipErrorInvalidValue;
  // Variables are the module's; registered memory is the user's (hipHostUnregister); IPC and
  // mapped memory have their own release (hipIpcCloseMemHandle, hipMemUnmap).
  if (a.kind == AllocationKind::Variable || a.kind == AllocationKind::Registered ||
      a.kind == AllocationKind::Ipc || a.kind == AllocationKind::Virtual) {
    AllocationMap::get().insert(a);
    return hipErrorInvalidValue;
  }
  Device* d = Runtime::get().device(a.device);
  if (d == nullptr) return hipErrorInvalidValue;
  if (a.kind == AllocationKind::Graph) {
    AllocationMap::get().insert(a);  // the graph's address, for its next launch
    return memory::freeGraphAllocation(d, ptr, nullptr);
  }
  Status s = memory::release(d, a);
  if (!s.ok()) AllocationMap::get().insert(a);  // still allocated
  return s;
}

bool isDeviceMemory(const Allocation& a) {
  return a.kind != AllocationKind::PinnedHost && a.kind != AllocationKind::Registered &&
         a.kind != AllocationKind::Managed;
}

// AMD's runtime (ihipMemcpy): a copy between device memory of one device needs no host-side
// wait, the legacy stream orders it, unless both sides have HIP_POINTER_ATTRIBUTE_SYNC_MEMOPS.
// Host, managed and unknown memory, and copies between devices, wait.
bool copyWaitsForDevice(const void* dst, const void* src, CopyDirection dir) {
  if (dir != CopyDirection::DeviceToDevice && dir != CopyDirection::Default) return true;
  Allocation to, from;
  if (!AllocationMap::get().find(dst, &to) || !AllocationMap::get().find(src, &from)) return true;
  if (!isDeviceMemory(to) || !isDeviceMemory(from) || to.device != from.device) return true;
  return to.syncMemops && from.syncMemops;
}

Status memcpySync(void* dst, const void* src, size_t size, hipMemcpyKind kind) {
  CopyDirection dir;
  UNIHIP_TRY(memory::checkCopy(dst, src, size, kind, &dir));
  if (size == 0) return kOk;
  Device* d = nullptr;
  UNIHIP_TRY(currentDevice(&d));
  const bool wait = copyWaitsForDevice(dst, src, dir);
  return timeline::onStream(timeline::OpKind::copy, d, nullptr, nullptr, [&] {
    return wait ? d->backend->memcpy(d->local, dst, src, size, dir)
                : d->backend->memcpyNoWait(d->local, dst, src, size, dir);
  });
}

Status memsetSync(void* dst, int value, size_t size) {
  Device* d = nullptr;
  UNIHIP_TRY(currentDevice(&d));
  if (size == 0) return kOk;
  UNIHIP_TRY(memory::checkFill(dst, size, 1));
  return timeline::onStream(timeline::OpKind::fill, d, nullptr, nullptr, [&] {
    return d->backend->memset(d->local, dst, static_cast<uint8_t>(value), size);
  });
}

}  // namespace

Status memory::allocateDevice(void** ptr, size_t size) {
  *ptr = nullptr;
  if (size == 0) return kOk;  // HIP: a null pointer and success
  Device* d = nullptr;
  UNIHIP_TRY(currentDevice(&d));
  // More than the device has can never succeed; ROCr may report success for it (AMD's runtime
  // answers hipErrorOutOfMemory before asking).
  if (size > d->props->totalGlobalMem) return hipErrorOutOfMemory;
  UNIHIP_TRY(d->backend->malloc(d->local, size, ptr));
  if (*ptr == nullptr) return hipErrorOutOfMemory;
  AllocationMap::get().insert({*ptr, size, d->ordinal, AllocationKind::Device});
  return kOk;
}

UNIHIP_EXPORT hipError_t hipMalloc(void** ptr, size_t size) {
  UNIHIP_TRACE_hipMalloc(ptr, size);
  if (ptr == nullptr) UNIHIP_RETURN(hipErrorInvalidValue);
  UNIHIP_RETURN(memory::allocateDevice(ptr, size));
}

UNIHIP_EXPORT hipError_t hipFree(void* ptr) {
  UNIHIP_TRACE_hipFree(ptr);
  UNIHIP_RETURN(freeAllocation(ptr));
}

UNIHIP_EXPORT hipError_t hipHostMalloc(void** ptr, size_t size, unsigned int flags) {
  UNIHIP_TRACE_hipHostMalloc(ptr, size, flags);
  UNIHIP_RETURN(hostMalloc(ptr, size, flags));
}

UNIHIP_EXPORT hipError_t hipHostAlloc(void** ptr, size_t size, unsigned int flags) {
  UNIHIP_TRACE_hipHostAlloc(ptr, size, flags);
  UNIHIP_RETURN(hostMalloc(ptr, size, flags));
}

UNIHIP_EXPORT hipError_t hipMallocHost(void** ptr, size_t size) {
  UNIHIP_TRACE_hipMallocHost(ptr, size);
  UNIHIP_RETURN(hostMalloc(ptr, size, hipHostMallocDefault));
}

UNIHIP_EXPORT hipError_t hipHostFree(void* ptr) {
  UNIHIP_TRACE_hipHostFree(ptr);
  UNIHIP_RETURN(freeAllocation(ptr));
}

UNIHIP_EXPORT hipError_t hipFreeHost(void* ptr) {
  UNIHIP_TRACE_hipFreeHost(ptr);
  UNIHIP_RETURN(freeAllocation(ptr));
}

UNIHIP_EXPORT hipError_t hipMemcpy(void* dst, const void* src, size_t sizeBytes,
                                   hipMemcpyKind kind) {
  UNIHIP_TRACE_hipMemcpy(dst, src, sizeBytes, kind);
  UNIHIP_RETURN(memcpySync(dst, src, sizeBytes, kind));
}

UNIHIP_EXPORT hipError_t hipMemcpyHtoD(hipDeviceptr_t dst, void* src, size_t sizeBytes) {
  UNIHIP_TRACE_hipMemcpyHtoD(dst, src, sizeBytes);
  UNIHIP_RETURN(memcpySync(dst, src, sizeBytes, hipMemcpyHostToDevice));
}

UNIHIP_EXPORT hipError_t hipMemcpyDtoH(void* dst, hipDeviceptr_t src, size_t sizeBytes) {
  UNIHIP_TRACE_hipMemcpyDtoH(dst, src, sizeBytes);
  UNIHIP_RETURN(memcpySync(dst, src, sizeBytes, hipMemcpyDeviceToHost));
}

UNIHIP_EXPORT hipError_t hipMemcpyDtoD(hipDeviceptr_t dst, hipDeviceptr_t src, size_t sizeBytes) {
  UNIHIP_TRACE_hipMemcpyDtoD(dst, src, sizeBytes);
  UNIHIP_RETURN(memcpySync(dst, src, sizeBytes, hipMemcpyDeviceToDevice));
}

UNIHIP_EXPORT hipError_t hipMemcpyAsync(void* dst, const void* src, size_t sizeBytes,
                                        hipMemcpyKind kind, hipStream_t stream) {
  UNIHIP_TRACE_hipMemcpyAsync(dst, src, sizeBytes, kind, stream);
  CopyDirection dir;
  Status s = memory::checkCopy(dst, src, sizeBytes, kind, &dir);
  if (UNIHIP_UNLIKELY(!s.ok())) UNIHIP_RETURN(s);
  ResolvedStream rs;
  s = resolveStream(stream, &rs);
  if (UNIHIP_UNLIKELY(!s.ok())) UNIHIP_RETURN(s);
  if (sizeBytes == 0) UNIHIP_RETURN(kOk);
  UNIHIP_RETURN(timeline::onStream(timeline::OpKind::copy, rs.device, rs.native, nullptr, [&] {
    return rs.device->backend->memcpyAsync(rs.device->local, dst, src, sizeBytes, dir, rs.native);
  }));
}

UNIHIP_EXPORT hipError_t hipMemset(void* dst, int value, size_t sizeBytes) {
  UNIHIP_TRACE_hipMemset(dst, value, sizeBytes);
  UNIHIP_RETURN(memsetSync(dst, value, sizeBytes));
}

UNIHIP_EXPORT hipError_t hipMemsetD8(hipDeviceptr_t dest, unsigned char value, size_t count) {
  UNIHIP_TRACE_hipMemsetD8(dest, value, count);
  UNIHIP_RETURN(memsetSync(dest, value, count));
}

UNIHIP_EXPORT hipError_t hipMemsetAsync(void* dst, int value, size_t sizeBytes,
                                        hipStream_t stream) {
  UNIHIP_TRACE_hipMemsetAsync(dst, value, sizeBytes, stream);
  UNIHIP_RETURN(([&]() -> Status {
    ResolvedStream rs;
    UNIHIP_TRY(resolveStream(stream, &rs));
    if (sizeBytes == 0) return kOk;
    UNIHIP_TRY(memory::checkFill(dst, sizeBytes, 1));
    return timeline::onStream(timeline::OpKind::fill, rs.device, rs.native, nullptr, [&] {
      return rs.device->backend->memsetAsync(rs.device->local, dst, static_cast<uint8_t>(value),
                                             sizeBytes, rs.native);
    });
  })());
}

UNIHIP_EXPORT hipError_t hipMemGetInfo(size_t* free, size_t* total) {
  UNIHIP_TRACE_hipMemGetInfo(free, total);
  // AMD's runtime fills what it is given a place for; two nulls ask for nothing.
  if (free == nullptr && total == nullptr) UNIHIP_RETURN(kOk);
  Device* d = nullptr;
  UNIHIP_RETURN_IF_FAILED(currentDevice(&d));
  size_t f = 0, t = 0;
  UNIHIP_RETURN_IF_FAILED(d->backend->memGetInfo(d->local, &f, &t));
  if (free) *free = f;
  if (total) *total = t;
  UNIHIP_RETURN(kOk);
}
