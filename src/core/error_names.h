// Names and descriptions of hipError_t values.
#pragma once

#include "hip/hip_runtime_api.h"

namespace unihip {

// "hipErrorUnknown" / "unknown error" for values HIP does not define. They take the code as an
// integer: a caller's hipError_t may hold any value (read it with enumValue, base/enum_value.h).
const char* errorName(int code);
const char* errorString(int code);
bool isKnownError(int code);

}  // namespace unihip
