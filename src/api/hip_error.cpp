// hipGetLastError, hipPeekAtLastError, hipGetErrorName, hipGetErrorString.
#include "api/api_boundary.h"
#include "core/enum_value.h"
#include "core/error_names.h"
#include "core/hot_text.h"

namespace unihip {

void logApiFailure(const char* function, hipError_t code) {
  if (code == hipErrorNotReady) return;  // a normal answer of query functions
  UNIHIP_LOG_DEBUG("{} returned {}", function, errorName(code));
}

}  // namespace unihip

using namespace unihip;

UNIHIP_EXPORT UNIHIP_HOT_TEXT hipError_t hipGetLastError(void) {
  hipError_t e = t_lastError;
  t_lastError = hipSuccess;
  return e;
}

UNIHIP_EXPORT hipError_t hipExtGetLastError(void) { return hipGetLastError(); }

UNIHIP_EXPORT hipError_t hipPeekAtLastError(void) { return t_lastError; }

// Any integer may arrive as a hipError_t: read it as one (no enum load).
UNIHIP_EXPORT const char* hipGetErrorName(hipError_t hip_error) {
  return errorName(enumValue(hip_error));
}

UNIHIP_EXPORT const char* hipGetErrorString(hipError_t hipError) {
  return errorString(enumValue(hipError));
}
