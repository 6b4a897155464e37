// Allocation aliases: hipMemAllocHost and hipExtHostAlloc (pinned host memory, as hipHostMalloc)
// and hipExtMallocWithFlags (device memory of a kind). hipMalloc, hipHostMalloc & co. live in
// hip_memory.cpp.
#include "api/api_boundary.h"
#include "api/arg_checks.h"
#include "core/runtime.h"

using namespace unihip;

UNIHIP_EXPORT hipError_t hipMemAllocHost(void** ptr, size_t size) {
  UNIHIP_TRACE_hipMemAllocHost(ptr, size);
  UNIHIP_RETURN(hipHostMalloc(ptr, size, hipHostMallocDefault));
}

// AMD's runtime gives hipExtHostAlloc hipHostMalloc's flags and checks.
UNIHIP_EXPORT hipError_t hipExtHostAlloc(void** ptr, size_t size, unsigned int flags) {
  UNIHIP_TRACE_hipExtHostAlloc(ptr, size, flags);
  UNIHIP_RETURN(hipHostMalloc(ptr, size, flags));
}

// hipDeviceMallocDefault is ordinary device memory; so are the uncached and contiguous kinds on a
// device whose memory is coherent without flushes (NVIDIA's). Signal memory is host memory (as
// AMD's). Fine-grained memory
// (host-coherent device memory) and those kinds elsewhere are AMD memory types no backend
// allocates yet: after HIP's checks and a size no device can hold (hipErrorOutOfMemory) they
// answer hipErrorNotSupported.
UNIHIP_EXPORT hipError_t hipExtMallocWithFlags(void** ptr, size_t sizeBytes, unsigned int flags) {
  UNIHIP_TRACE_hipExtMallocWithFlags(ptr, sizeBytes, flags);
  switch (flags) {
    case hipDeviceMallocDefault:
      UNIHIP_RETURN(hipMalloc(ptr, sizeBytes));
    case hipDeviceMallocFinegrained:
    case hipDeviceMallocUncached:
    case hipDeviceMallocContiguous: break;
    case hipMallocSignalMemory:
      if (sizeBytes != 8) UNIHIP_RETURN(hipErrorInvalidValue);  // one 64-bit signal
      // AMD's signals live in host memory the host reads and writes and the device polls:
      // coherent pinned host memory is that on every backend (hipFree releases it).
      if (ptr == nullptr) UNIHIP_RETURN(hipErrorInvalidValue);
      UNIHIP_RETURN(hipHostMalloc(ptr, sizeBytes, hipHostMallocCoherent));
    default: UNIHIP_RETURN(hipErrorInvalidValue);
  }
  if (ptr == nullptr) UNIHIP_RETURN(hipErrorInvalidValue);
  *ptr = nullptr;
  if (sizeBytes == 0) UNIHIP_RETURN(kOk);
  // More than the device has is out of memory whatever the kind, as AMD's runtime answers (and as
  // hipMalloc answers here): the size is judged before the kind.
  Device* d = nullptr;
  UNIHIP_RETURN_IF_FAILED(currentDevice(&d));
  if (sizeBytes > d->props->totalGlobalMem) UNIHIP_RETURN(hipErrorOutOfMemory);
  const bool uncached = d->backend->capabilities(d->local).deviceMemoryIsUncached;
  if (flags != hipDeviceMallocFinegrained && uncached) UNIHIP_RETURN(hipMalloc(ptr, sizeBytes));
  UNIHIP_RETURN(hipErrorNotSupported);
}
