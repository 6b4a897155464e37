// The C boundary: every exported HIP function returns through apiReturn(), the one place where
// an internal Status becomes a hipError_t and the per-thread last error is updated.
#pragma once

#include "core/last_error.h"
#include "base/log.h"
#include "base/status.h"
#include "core/trace/timeline.h"

#define UNIHIP_EXPORT extern "C" __attribute__((visibility("default")))

#if defined(__GNUC__)
#define UNIHIP_UNLIKELY(x) __builtin_expect(!!(x), 0)
#else
#define UNIHIP_UNLIKELY(x) (x)
#endif

// API trace at the most verbose level, and the call's begin in the timeline trace
// (core/trace/timeline.h); formats nothing unless either is on. Entry points call it through
// their generated UNIHIP_TRACE_<function> (below); the format names the function first.
// The formatting sits in a cold out-of-line lambda, so hot entry points keep a small frame. It
// captures by value: a by-reference capture takes the parameters' addresses, which makes every
// call spill them to the stack before the trace test (about 15 instructions per launch).
#define UNIHIP_TRACE_API(...)                                                      \
  do {                                                                             \
    if (UNIHIP_UNLIKELY(::unihip::log::traceEnabled()))                            \
      [=, unihip_function_ = __func__]() __attribute__((noinline, cold)) {         \
        UNIHIP_LOG_TRACE(__VA_ARGS__);                                             \
        UNIHIP_TIMELINE_BEGIN_(unihip_function_, __VA_ARGS__);                     \
      }();                                                                         \
  } while (0)

#define UNIHIP_TIMELINE_BEGIN_(function, format, ...) \
  ::unihip::timeline::apiBegin(function, format, ::fmt::make_format_args(__VA_ARGS__))

// UNIHIP_TRACE_<function>(args...): UNIHIP_TRACE_API with that function's call text, generated
// from src/api/functions.tsv and include/hip/'s prototypes (scripts/gen_api_trace.py).
#include "api_trace.h"

namespace unihip {

void logApiFailure(const char* function, hipError_t code);

inline hipError_t apiReturn(const char* function, Status status) {
  hipError_t code = status.code();
  t_lastCallError = code;  // every answer, for hipExtGetLastError
  if (UNIHIP_UNLIKELY(code != hipSuccess)) {
    recordError(code);
    logApiFailure(function, code);
  }
  if (UNIHIP_UNLIKELY(timeline::on())) timeline::apiEnd(function, code);
  return code;
}

}  // namespace unihip

#define UNIHIP_RETURN(status) return ::unihip::apiReturn(__func__, (status))

namespace unihip {
// The answer of a HIP function whose family unihip does not implement yet (after its arguments
// were validated): hipErrorNotSupported, logged at info level once per function.
Status notSupported(const char* function);
}  // namespace unihip

// Ends an exported function that is not implemented (on any backend). scripts/api_coverage.py
// reads this marker to mark the function "not supported" in docs/api-coverage.md.
#define UNIHIP_RETURN_NOT_SUPPORTED() \
  return ::unihip::apiReturn(__func__, ::unihip::notSupported(__func__))

// The stream a per-thread-default-stream (`_spt`) entry point works on: its null stream is the
// calling thread's own default stream (hipStreamPerThread); other handles are unchanged.
inline hipStream_t unihipPerThreadStream(hipStream_t stream) {
  return stream == nullptr ? hipStreamPerThread : stream;
}
