// Registered and mapped host memory (hipHostRegister, hipHostUnregister,
// hipHostGetDevicePointer, hipHostGetFlags): arguments checked as AMD's runtime does, then the
// current device's backend page-locks and maps the memory (seam/unified_memory_ops.h); the
// allocation map remembers it for the queries, copies and fills.
#include "api/api_boundary.h"
#include "api/arg_checks.h"
#include "base/allocation_map.h"
#include "core/runtime.h"

using namespace unihip;

namespace {
constexpr unsigned kRegisterFlags = hipHostRegisterPortable | hipHostRegisterMapped |
                                    hipHostRegisterIoMemory | hipHostRegisterReadOnly |
                                    hipExtHostRegisterCoarseGrained | hipExtHostRegisterUncached;

// Host memory unihip knows about (hipHostMalloc'd or registered) holding `p`.
bool hostAllocation(const void* p, Allocation* a) {
  return AllocationMap::get().find(p, a) &&
         (a->kind == AllocationKind::PinnedHost || a->kind == AllocationKind::Registered);
}
}  // namespace

UNIHIP_EXPORT hipError_t hipHostRegister(void* hostPtr, size_t sizeBytes, unsigned int flags) {
  UNIHIP_TRACE_hipHostRegister(hostPtr, sizeBytes, flags);
  if (hostPtr == nullptr || sizeBytes == 0 || (flags & ~kRegisterFlags) != 0)
    UNIHIP_RETURN(hipErrorInvalidValue);
  Device* d = nullptr;
  UNIHIP_RETURN_IF_FAILED(currentDevice(&d));
  // Any overlap with memory unihip already knows (registered, pinned, managed) is refused.
  if (AllocationMap::get().overlaps(hostPtr, sizeBytes))
    UNIHIP_RETURN(hipErrorHostMemoryAlreadyRegistered);
  void* devicePointer = nullptr;
  Status s = d->backend->hostRegister(d->local, hostPtr, sizeBytes, flags, &devicePointer);
  // Memory the driver cannot pin (a range past the end of the user's buffer, more than the
  // machine has): AMD's runtime answers every failure to pin with hipErrorInvalidValue, where the
  // CUDA driver may say out of memory.
  if (!s.ok() && s.code() != hipErrorHostMemoryAlreadyRegistered &&
      s.code() != hipErrorNotSupported)
    s = hipErrorInvalidValue;
  UNIHIP_RETURN_IF_FAILED(s);
  AllocationMap::get().insert(
      {hostPtr, sizeBytes, d->ordinal, AllocationKind::Registered, flags, devicePointer});
  UNIHIP_RETURN(kOk);
}

UNIHIP_EXPORT hipError_t hipHostUnregister(void* hostPtr) {
  UNIHIP_TRACE_hipHostUnregister(hostPtr);
  if (hostPtr == nullptr) UNIHIP_RETURN(hipErrorInvalidValue);
  Allocation a;
  if (!AllocationMap::get().take(hostPtr, &a)) UNIHIP_RETURN(hipErrorHostMemoryNotRegistered);
  if (a.kind != AllocationKind::Registered) {
    AllocationMap::get().insert(a);
    UNIHIP_RETURN(hipErrorHostMemoryNotRegistered);
  }
  Device* d = Runtime::get().device(a.device);
  Status s = d ? d->backend->hostUnregister(d->local, hostPtr) : Status(hipErrorInvalidValue);
  if (!s.ok()) AllocationMap::get().insert(a);  // still registered
  UNIHIP_RETURN(s);
}

UNIHIP_EXPORT hipError_t hipHostGetDevicePointer(void** devPtr, void* hstPtr, unsigned int flags) {
  UNIHIP_TRACE_hipHostGetDevicePointer(devPtr, hstPtr, flags);
  if (devPtr == nullptr || flags != 0) UNIHIP_RETURN(hipErrorInvalidValue);
  if (hstPtr == nullptr) UNIHIP_RETURN(hipErrorInvalidValue);
  Allocation a;
  if (!hostAllocation(hstPtr, &a)) UNIHIP_RETURN(hipErrorInvalidValue);
  // Pinned memory is mapped at its host address (unified addressing); registered memory where
  // the backend mapped it.
  const size_t offset = static_cast<char*>(hstPtr) - static_cast<char*>(a.base);
  *devPtr = a.kind == AllocationKind::Registered && a.devicePointer
                ? static_cast<char*>(a.devicePointer) + offset
                : hstPtr;
  UNIHIP_RETURN(kOk);
}

UNIHIP_EXPORT hipError_t hipHostGetFlags(unsigned int* flagsPtr, void* hostPtr) {
  UNIHIP_TRACE_hipHostGetFlags(flagsPtr, hostPtr);
  if (flagsPtr == nullptr || hostPtr == nullptr) UNIHIP_RETURN(hipErrorInvalidValue);
  Allocation a;
  if (!hostAllocation(hostPtr, &a)) UNIHIP_RETURN(hipErrorInvalidValue);
  *flagsPtr = a.flags;
  UNIHIP_RETURN(kOk);
}
