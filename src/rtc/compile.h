// hiprtcCompileProgram's work: options, target, engine choice, and the program's new state.
#pragma once

#include <string>
#include <vector>

#include "hip/hiprtc.h"
#include "rtc/program.h"

namespace unihip::rtc {

// The program's mutex is held by the caller.
hiprtcResult compileProgram(Program& p, const std::vector<std::string>& options);

// The current device's target ("sm_90", "gfx90a:sramecc+:xnack-"); "" when there is none.
std::string currentDeviceArch();

}  // namespace unihip::rtc
