// Logging through spdlog. Level from UNIHIP_LOG_LEVEL (trace|debug|info|warn|error|off or 0-5)
// or HIP's AMD_LOG_LEVEL (0 off, 1 error, 2 warning, 3 info, 4 debug+API trace).
// Thread safety: the logger is created once; the level check is one relaxed load.
#pragma once

#include <spdlog/spdlog.h>

#include <atomic>
#include <cstdint>

namespace unihip::log {

spdlog::logger& logger();
// -1 until the logger exists, then 0 (no API trace) or 1.
// Hidden: read with one pc-relative access, not through the GOT, on every hot entry point.
extern __attribute__((visibility("hidden"))) std::atomic<int8_t> g_traceState;
bool traceEnabledSlow();
// True when API calls should be traced: the hot path checks this before formatting anything.
// One relaxed load once the logger exists.
inline bool traceEnabled() {
  int8_t state = g_traceState.load(std::memory_order_relaxed);
  if (__builtin_expect(state == 0, 1)) return false;
  return state > 0 || traceEnabledSlow();
}
// Parses a level string; returns spdlog::level::n_levels when it is not one.
spdlog::level::level_enum parseLevel(const char* text, bool amdScale);

}  // namespace unihip::log

// The level is checked before the arguments are evaluated: a message below the level costs one
// call and one load, not its arguments' calls and spdlog's own check.
#define UNIHIP_LOG_AT(level, ...)                                                         \
  do {                                                                                    \
    ::spdlog::logger& unihip_log_logger_ = ::unihip::log::logger();                       \
    if (unihip_log_logger_.should_log(level)) unihip_log_logger_.log(level, __VA_ARGS__); \
  } while (0)
#define UNIHIP_LOG_TRACE(...) UNIHIP_LOG_AT(::spdlog::level::trace, __VA_ARGS__)
#define UNIHIP_LOG_DEBUG(...) UNIHIP_LOG_AT(::spdlog::level::debug, __VA_ARGS__)
#define UNIHIP_LOG_INFO(...) UNIHIP_LOG_AT(::spdlog::level::info, __VA_ARGS__)
#define UNIHIP_LOG_WARN(...) UNIHIP_LOG_AT(::spdlog::level::warn, __VA_ARGS__)
#define UNIHIP_LOG_ERROR(...) UNIHIP_LOG_AT(::spdlog::level::err, __VA_ARGS__)
