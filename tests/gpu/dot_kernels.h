// Launch wrapper around dot_kernels.hip: AMD's amd_mixed_dot on the device.
#pragma once

#include <hip/hip_runtime_api.h>

// One thread evaluates hip-tests' amd_mixed_dot cases (rtc/hiprtc_MathFunctions_HeaderTst.cc)
// and a few more; ok[i] = 1 where case i gave the expected value (kMixedDotCases of them).
constexpr int kMixedDotCases = 9;
hipError_t launchMixedDot(int* ok);
