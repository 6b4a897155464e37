// Registered and mapped host memory (hipHostRegister, hipHostUnregister,
// hipHostGetDevicePointer, hipHostGetFlags): arguments checked as AMD's runtime does, then not
// supported yet.
#include "api/api_boundary.h"

using namespace unihip;

namespace {
constexpr unsigned kRegisterFlags = hipHostRegisterPortable | hipHostRegisterMapped |
                                    hipHostRegisterIoMemory | hipExtHostRegisterCoarseGrained |
                                    hipExtHostRegisterUncached;
}  // namespace

UNIHIP_EXPORT hipError_t hipHostRegister(void* hostPtr, size_t sizeBytes, unsigned int flags) {
  UNIHIP_TRACE_API("hipHostRegister({}, {}, {:#x})", hostPtr, sizeBytes, flags);
  if (hostPtr == nullptr || sizeBytes == 0 || (flags & ~kRegisterFlags) != 0)
    UNIHIP_RETURN(hipErrorInvalidValue);
  UNIHIP_RETURN_NOT_SUPPORTED();
}

// Nothing can be registered yet, so nothing is: AMD's answer for an unregistered pointer.
UNIHIP_EXPORT hipError_t hipHostUnregister(void* hostPtr) {
  UNIHIP_TRACE_API("hipHostUnregister({})", hostPtr);
  if (hostPtr == nullptr) UNIHIP_RETURN(hipErrorInvalidValue);
  UNIHIP_RETURN(hipErrorHostMemoryNotRegistered);
}

UNIHIP_EXPORT hipError_t hipHostGetDevicePointer(void** devPtr, void* hstPtr, unsigned int flags) {
  UNIHIP_TRACE_API("hipHostGetDevicePointer({}, {}, {:#x})", fmt::ptr(devPtr), hstPtr, flags);
  if (devPtr == nullptr || flags != 0) UNIHIP_RETURN(hipErrorInvalidValue);
  if (hstPtr == nullptr) UNIHIP_RETURN(hipErrorInvalidValue);
  UNIHIP_RETURN_NOT_SUPPORTED();
}

UNIHIP_EXPORT hipError_t hipHostGetFlags(unsigned int* flagsPtr, void* hostPtr) {
  UNIHIP_TRACE_API("hipHostGetFlags({}, {})", fmt::ptr(flagsPtr), hostPtr);
  if (flagsPtr == nullptr || hostPtr == nullptr) UNIHIP_RETURN(hipErrorInvalidValue);
  UNIHIP_RETURN_NOT_SUPPORTED();
}
