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

#define UNIHIP_LOG_TRACE(...) ::unihip::log::logger().trace(__VA_ARGS__)
#define UNIHIP_LOG_DEBUG(...) ::unihip::log::logger().debug(__VA_ARGS__)
#define UNIHIP_LOG_INFO(...) ::unihip::log::logger().info(__VA_ARGS__)
#define UNIHIP_LOG_WARN(...) ::unihip::log::logger().warn(__VA_ARGS__)
#define UNIHIP_LOG_ERROR(...) ::unihip::log::logger().error(__VA_ARGS__)
