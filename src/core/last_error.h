// The per-thread last errors, as HIP 7 keeps them. Updated only at the C boundary
// (api/api_boundary.h):
// - t_lastError: the last failure (not hipErrorNotReady) of any call; a success does not clear
//   it. hipGetLastError returns and clears it, hipPeekAtLastError returns it (CUDA's rule, which
//   HIP 7 adopted).
// - t_lastCallError: the answer of the thread's last call, success included. hipExtGetLastError
//   returns and clears it: HIP 6's hipGetLastError, kept by AMD under that name.
#pragma once

#include "base/hot_tls.h"
#include "hip/hip_runtime_api.h"

namespace unihip {

extern UNIHIP_HOT_TLS hipError_t t_lastError;
extern UNIHIP_HOT_TLS hipError_t t_lastCallError;

inline void recordError(hipError_t code) {
  if (code != hipSuccess && code != hipErrorNotReady) t_lastError = code;
}

}  // namespace unihip
