// The C boundary: every exported HIP function returns through apiReturn(), the one place where
// an internal Status becomes a hipError_t and the per-thread last error is updated.
#pragma once

#include "core/last_error.h"
#include "core/log.h"
#include "core/status.h"

#define UNIHIP_EXPORT extern "C" __attribute__((visibility("default")))

#if defined(__GNUC__)
#define UNIHIP_UNLIKELY(x) __builtin_expect(!!(x), 0)
#else
#define UNIHIP_UNLIKELY(x) (x)
#endif

// API trace at the most verbose level; formats nothing unless tracing is on.
// The formatting sits in a cold out-of-line lambda, so hot entry points keep a small frame.
#define UNIHIP_TRACE_API(...)                                                      \
  do {                                                                             \
    if (UNIHIP_UNLIKELY(::unihip::log::traceEnabled()))                            \
      [&]() __attribute__((noinline, cold)) { UNIHIP_LOG_TRACE(__VA_ARGS__); }();  \
  } while (0)

namespace unihip {

void logApiFailure(const char* function, hipError_t code);

inline hipError_t apiReturn(const char* function, Status status) {
  hipError_t code = status.code();
  if (UNIHIP_UNLIKELY(code != hipSuccess)) {
    recordError(code);
    logApiFailure(function, code);
  }
  return code;
}

}  // namespace unihip

#define UNIHIP_RETURN(status) return ::unihip::apiReturn(__func__, (status))
