// The spdlog side of base/log.h: the logger itself, for log.cpp and for tests that capture or
// mute its output.
#pragma once

#include <spdlog/spdlog.h>

#include "base/log.h"

namespace unihip::log {

spdlog::logger& logger();
// Parses a level string; returns spdlog::level::n_levels when it is not one.
spdlog::level::level_enum parseLevel(const char* text, bool amdScale);

}  // namespace unihip::log
