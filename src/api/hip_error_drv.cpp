// hipDrvGetErrorName / hipDrvGetErrorString: the driver-API spelling of the error texts, which
// reports through its return value whether the code is one HIP defines.
#include "api/api_boundary.h"
#include "core/error_names.h"

using namespace unihip;

namespace {

Status describe(hipError_t code, const char** text, const char* (*lookup)(int)) {
  if (text == nullptr) return hipErrorInvalidValue;
  if (!isKnownError(code)) {
    *text = nullptr;
    return hipErrorInvalidValue;
  }
  *text = lookup(static_cast<int>(code));
  return kOk;
}

}  // namespace

UNIHIP_EXPORT hipError_t hipDrvGetErrorName(hipError_t hipError, const char** errorString) {
  UNIHIP_TRACE_hipDrvGetErrorName(hipError, errorString);
  UNIHIP_RETURN(describe(hipError, errorString, errorName));
}

UNIHIP_EXPORT hipError_t hipDrvGetErrorString(hipError_t hipError, const char** errorString) {
  UNIHIP_TRACE_hipDrvGetErrorString(hipError, errorString);
  UNIHIP_RETURN(describe(hipError, errorString, unihip::errorString));
}
