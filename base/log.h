// Logging. Level from UNIHIP_LOG_LEVEL (trace|debug|info|warn|error|off or 0-5) or HIP's
// AMD_LOG_LEVEL (0 off, 1 error, 2 warning, 3 info, 4 debug+API trace).
// Call sites see only fmt's argument packing: the formatting and spdlog live in log.cpp, so a
// translation unit that logs instantiates no formatting code (spdlog's templates made every
// logging file take seconds to compile). base/log_sink.h is the spdlog side, for log.cpp and tests.
// Thread safety: the logger is created once; the level check is one relaxed load.
#pragma once

#include <fmt/format.h>

#include <atomic>
#include <cstddef>
#include <cstdint>

namespace unihip::log {

// spdlog's level numbers, so that log.cpp converts with a cast.
enum class Level : int { trace = 0, debug = 1, info = 2, warn = 3, err = 4, critical = 5, off = 6 };

// -1 until the logger exists, then 0 (no API trace) or 1.
// Hidden: read with one pc-relative access, not through the GOT, on every hot entry point.
extern __attribute__((visibility("hidden"))) std::atomic<int8_t> g_traceState;
bool traceEnabledSlow();
// Called once the logger exists and set the trace state: the timeline trace (src/core/trace/)
// registers its start from UNIHIP_TRACE here when the library loads, so base/ calls up to nothing.
extern __attribute__((visibility("hidden"))) std::atomic<bool (*)()> g_onLoggerCreated;
// True when API calls should be traced: the hot path checks this before formatting anything.
// One relaxed load once the logger exists.
inline bool traceEnabled() {
  int8_t state = g_traceState.load(std::memory_order_relaxed);
  if (__builtin_expect(state == 0, 1)) return false;
  return state > 0 || traceEnabledSlow();
}

// True when a message at `level` would be written (creates the logger on first use).
bool shouldLog(Level level);
// Formats and writes one message. A format string that does not fit its arguments is written
// as it is: logging never throws.
void write(Level level, fmt::string_view format, fmt::format_args args) noexcept;

// The same with the format string checked at compile time against the arguments (fmt's
// consteval check). Builds with UNIHIP_CHECK_LOG_FORMATS (CI's sanitizer tree) route every
// message through it; the others skip the check's compile-time cost.
template <typename... Args>
void writeChecked(Level level, fmt::format_string<Args...> format, Args&&... args) noexcept {
  write(level, format, fmt::make_format_args(args...));
}

// Run-time controls (hipExtSetLoggingParams, hipExtEnableLogging, hipExtDisableLogging), as in
// AMD's runtime: the parameters are kept (level on AMD_LOG_LEVEL's scale, AMD_LOG_MASK's bits)
// until logging is enabled, which applies them; disabling turns every message off.
void setLoggingParams(size_t amdLevel, size_t size, size_t mask);
void enableLogging();
void disableLogging();
// The logger's level now.
Level currentLevel();
// Sets the level (tests restore the one they found).
void setLevel(Level level);

}  // namespace unihip::log

#if defined(UNIHIP_CHECK_LOG_FORMATS)
#define UNIHIP_LOG_WRITE_(level, ...) ::unihip::log::writeChecked(level, __VA_ARGS__)
#else
#define UNIHIP_LOG_WRITE_(level, format, ...) \
  ::unihip::log::write(level, format, ::fmt::make_format_args(__VA_ARGS__))
#endif

// The level is checked before the arguments are evaluated: a message below the level costs one
// call and one load, not its arguments' calls.
#define UNIHIP_LOG_AT(level, ...)                                             \
  do {                                                                        \
    if (::unihip::log::shouldLog(level)) UNIHIP_LOG_WRITE_(level, __VA_ARGS__); \
  } while (0)
#define UNIHIP_LOG_TRACE(...) UNIHIP_LOG_AT(::unihip::log::Level::trace, __VA_ARGS__)
#define UNIHIP_LOG_DEBUG(...) UNIHIP_LOG_AT(::unihip::log::Level::debug, __VA_ARGS__)
#define UNIHIP_LOG_INFO(...) UNIHIP_LOG_AT(::unihip::log::Level::info, __VA_ARGS__)
#define UNIHIP_LOG_WARN(...) UNIHIP_LOG_AT(::unihip::log::Level::warn, __VA_ARGS__)
#define UNIHIP_LOG_ERROR(...) UNIHIP_LOG_AT(::unihip::log::Level::err, __VA_ARGS__)
