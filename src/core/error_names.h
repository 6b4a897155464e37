// Names and descriptions of hipError_t values.
#pragma once

#include "hip/hip_runtime_api.h"

namespace unihip {

// "hipErrorUnknown" / "unknown error" for values HIP does not define.
const char* errorName(hipError_t code);
const char* errorString(hipError_t code);
bool isKnownError(hipError_t code);

}  // namespace unihip
