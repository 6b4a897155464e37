// The one internal status type. Backends map vendor codes into it (with a log line naming the
// call); the C boundary (api/api_boundary.h) turns it into hipError_t and the last error.
#pragma once

#include "hip/hip_runtime_api.h"

namespace unihip {

class [[nodiscard]] Status {
 public:
  constexpr Status() = default;
  constexpr Status(hipError_t code) : code_(code) {}  // NOLINT: implicit by design
  constexpr bool ok() const { return code_ == hipSuccess; }
  constexpr hipError_t code() const { return code_; }
  constexpr explicit operator bool() const { return ok(); }
  friend constexpr bool operator==(Status a, Status b) { return a.code_ == b.code_; }

 private:
  hipError_t code_ = hipSuccess;
};

inline constexpr Status kOk{};

}  // namespace unihip

// Propagate a failed Status from the current function.
#define UNIHIP_TRY(expr)                       \
  do {                                         \
    ::unihip::Status unihip_try_s_ = (expr);   \
    if (!unihip_try_s_.ok()) return unihip_try_s_; \
  } while (0)
