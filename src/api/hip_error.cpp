// hipGetLastError, hipExtGetLastError, hipPeekAtLastError, hipGetErrorName, hipGetErrorString.
#include "api/api_boundary.h"
#include "base/enum_value.h"
#include "core/error_names.h"
#include "base/hot_text.h"

namespace unihip {

namespace {
// What __hipOnError receives: the failing function and its answer (unihip's layout).
struct OnErrorInfo {
  hipError_t code;
  const char* name;
  const char* function;
};
}  // namespace

void logApiFailure(const char* function, hipError_t code) {
  if (code == hipErrorNotReady) return;  // a normal answer of query functions
  UNIHIP_LOG_DEBUG("{} returned {}", function, errorName(code));
  OnErrorInfo info{code, errorName(code), function};
  __hipOnError(&info);
}

}  // namespace unihip

using namespace unihip;

// HIP 7.14: called on every failed HIP call; does nothing, so that a debugger can break on it.
UNIHIP_EXPORT __attribute__((noinline)) void __hipOnError(void* err_info) {
  asm volatile("" : : "r"(err_info) : "memory");  // keeps the call and the symbol
}

UNIHIP_EXPORT UNIHIP_HOT_TEXT hipError_t hipGetLastError(void) {
  hipError_t e = t_lastError;
  t_lastError = hipSuccess;
  return e;
}

// HIP 7: the answer of the thread's previous call, whatever it was, then hipSuccess (what HIP 6's
// hipGetLastError returned). hipGetLastError leaves it alone, as AMD's does.
UNIHIP_EXPORT hipError_t hipExtGetLastError(void) {
  hipError_t e = t_lastCallError;
  t_lastCallError = hipSuccess;
  return e;
}

// Returns the last failure without clearing it; like any call, its answer becomes the last call's
// (AMD's runtime returns it through HIP_RETURN).
UNIHIP_EXPORT hipError_t hipPeekAtLastError(void) {
  t_lastCallError = t_lastError;
  return t_lastError;
}

// Any integer may arrive as a hipError_t: read it as one (no enum load).
UNIHIP_EXPORT const char* hipGetErrorName(hipError_t hip_error) {
  return errorName(enumValue(hip_error));
}

UNIHIP_EXPORT const char* hipGetErrorString(hipError_t hipError) {
  return errorString(enumValue(hipError));
}
