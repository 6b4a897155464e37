// The per-thread last error, as HIP keeps it: every API call that fails (other than with
// hipErrorNotReady) records its code; hipGetLastError returns and clears it, hipPeekAtLastError
// returns it. Updated only at the C boundary (api/api_boundary.h).
#pragma once

#include "base/hot_tls.h"
#include "hip/hip_runtime_api.h"

namespace unihip {

extern UNIHIP_HOT_TLS hipError_t t_lastError;

inline void recordError(hipError_t code) {
  if (code != hipSuccess && code != hipErrorNotReady) t_lastError = code;
}

}  // namespace unihip
