// Argument checks shared by entry points that validate their input before answering: null
// pointers, device ordinals and stream handles, with the codes AMD's runtime gives.
#pragma once

#include "core/runtime.h"
#include "core/stream_resolve.h"

namespace unihip {

// True when any of the pointers is null.
template <typename... P>
constexpr bool anyNull(const P*... pointers) {
  return ((pointers == nullptr) || ...);
}

// A HIP device ordinal given as an argument: hipErrorInvalidDevice when out of range.
inline Status checkDeviceOrdinal(int device) {
  return Runtime::get().device(device) != nullptr ? kOk : Status(hipErrorInvalidDevice);
}

// A stream given as an argument: hipErrorContextIsDestroyed for a destroyed one,
// hipErrorNoDevice / hipErrorInvalidDevice when the null stream has no current device.
inline Status checkStream(hipStream_t stream, hipError_t notLive = hipErrorContextIsDestroyed) {
  ResolvedStream resolved;
  return resolveStream(stream, &resolved, notLive);
}

}  // namespace unihip

// Returns from an exported function (through apiReturn) when `expr` gives a failed Status.
#define UNIHIP_RETURN_IF_FAILED(expr)                       \
  do {                                                      \
    ::unihip::Status unihip_check_s_ = (expr);              \
    if (!unihip_check_s_.ok()) UNIHIP_RETURN(unihip_check_s_); \
  } while (0)
