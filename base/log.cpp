#include "base/log_sink.h"

#include <spdlog/sinks/stdout_sinks.h>

#include <atomic>
#include <cstdlib>
#include <cstring>
#include <mutex>
#include <string>

#include "base/hot_text.h"

namespace unihip::log {

std::atomic<int8_t> g_traceState{-1};
std::atomic<bool (*)()> g_onLoggerCreated{nullptr};

namespace {

spdlog::level::level_enum levelFromEnvironment() {
  if (const char* v = std::getenv("UNIHIP_LOG_LEVEL")) {
    auto level = parseLevel(v, false);
    if (level != spdlog::level::n_levels) return level;
  }
  if (const char* v = std::getenv("AMD_LOG_LEVEL")) {
    auto level = parseLevel(v, true);
    if (level != spdlog::level::n_levels) return level;
  }
  return spdlog::level::warn;
}

spdlog::logger* createLogger() {
  // Logs go to stderr so that they never mix with a program's results.
  auto* logger = new spdlog::logger("unihip", std::make_shared<spdlog::sinks::stderr_sink_mt>());
  logger->set_pattern("[unihip %^%l%$ %t] %v");
  logger->set_level(levelFromEnvironment());
  logger->flush_on(spdlog::level::trace);
  g_traceState.store(logger->should_log(spdlog::level::trace) ? 1 : 0, std::memory_order_relaxed);
  if (auto hook = g_onLoggerCreated.load(std::memory_order_acquire)) (void)hook();
  return logger;
}

}  // namespace

spdlog::level::level_enum parseLevel(const char* text, bool amdScale) {
  if (text == nullptr || *text == '\0') return spdlog::level::n_levels;
  char* end = nullptr;
  long n = std::strtol(text, &end, 10);
  if (end != text && *end == '\0') {
    if (amdScale) {
      // AMD_LOG_LEVEL: 0 none, 1 error, 2 warning, 3 info, 4 debug (API trace included).
      static constexpr spdlog::level::level_enum kAmd[] = {
          spdlog::level::off, spdlog::level::err, spdlog::level::warn, spdlog::level::info,
          spdlog::level::trace};
      if (n < 0) return spdlog::level::n_levels;
      return kAmd[n > 4 ? 4 : n];
    }
    // Numeric UNIHIP_LOG_LEVEL follows spdlog: 0 trace ... 6 off.
    if (n < 0 || n > 6) return spdlog::level::n_levels;
    return static_cast<spdlog::level::level_enum>(n);
  }
  std::string s(text);
  if (s == "warning") s = "warn";
  if (s == "error") s = "err";
  if (s == "none") s = "off";
  auto level = spdlog::level::from_str(s);
  // from_str answers "off" for unknown names; accept that only when asked for.
  if (level == spdlog::level::off && s != "off") return spdlog::level::n_levels;
  return level;
}

UNIHIP_HOT_TEXT spdlog::logger& logger() {
  // Never destroyed: registration and atexit handlers may log after static destructors ran.
  static spdlog::logger* instance = createLogger();
  return *instance;
}

UNIHIP_HOT_TEXT bool shouldLog(Level level) {
  return logger().should_log(static_cast<spdlog::level::level_enum>(level));
}

void write(Level level, fmt::string_view format, fmt::format_args args) noexcept {
  const auto spdLevel = static_cast<spdlog::level::level_enum>(level);
  try {
    logger().log(spdLevel, fmt::string_view(fmt::vformat(format, args)));
  } catch (...) {
    // A format string that does not fit its arguments (only builds without
    // UNIHIP_CHECK_LOG_FORMATS can have one), or no memory: the raw text is better than nothing.
    try {
      logger().log(spdLevel, format);
    } catch (...) {
    }
  }
}

namespace {

// hipExtSetLoggingParams' values until hipExtEnableLogging applies them (AMD's defaults: 0).
struct LoggingParams {
  std::mutex mutex;
  size_t level = 0;
  size_t size = 0;  // AMD's runtime keeps it and uses it for nothing; so does unihip
  size_t mask = 0;
};
LoggingParams& loggingParams() {
  static LoggingParams* params = new LoggingParams();  // never destroyed, as the logger
  return *params;
}

// AMD_LOG_MASK's bit for API calls: without it, AMD's level 4 traces no call.
constexpr size_t kAmdLogMaskApi = 0x1;

}  // namespace

void setLevel(Level level) {
  auto spd = static_cast<spdlog::level::level_enum>(level);
  logger().set_level(spd);
  g_traceState.store(spd == spdlog::level::trace ? 1 : 0, std::memory_order_relaxed);
}

Level currentLevel() { return static_cast<Level>(logger().level()); }

void setLoggingParams(size_t amdLevel, size_t size, size_t mask) {
  LoggingParams& p = loggingParams();
  std::lock_guard<std::mutex> lock(p.mutex);
  p.level = amdLevel;
  p.size = size;
  p.mask = mask;
}

void enableLogging() {
  LoggingParams& p = loggingParams();
  std::lock_guard<std::mutex> lock(p.mutex);
  // An empty mask selects no message, as in AMD's runtime.
  const std::string text = std::to_string(p.mask == 0 ? 0 : p.level);
  auto level = parseLevel(text.c_str(), true);
  if (level == spdlog::level::trace && (p.mask & kAmdLogMaskApi) == 0) level = spdlog::level::debug;
  setLevel(static_cast<Level>(level));
}

void disableLogging() {
  std::lock_guard<std::mutex> lock(loggingParams().mutex);
  setLevel(Level::off);
}

bool traceEnabledSlow() {
  (void)logger();
  return g_traceState.load(std::memory_order_relaxed) > 0;
}

}  // namespace unihip::log
