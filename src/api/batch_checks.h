// Argument checks shared by the batched entry points (hipMemcpyBatchAsync,
// hipMemcpy3DBatchAsync, hipMem*PrefetchBatchAsync): CUDA's and HIP's rules for the arrays that
// give each range of operations its attribute or location.
#pragma once

#include <cstddef>

#include "base/enum_value.h"
#include "base/status.h"

namespace unihip::memory {

// `idxs[k]` is the first operation that entry k applies to: the first is 0, each greater than the
// one before and less than `count`, and there are at most `count` of them.
inline Status checkBatchRanges(const size_t* idxs, size_t num, size_t count) {
  if (idxs == nullptr || num == 0 || num > count || idxs[0] != 0) return hipErrorInvalidValue;
  for (size_t k = 1; k < num; ++k)
    if (idxs[k] <= idxs[k - 1] || idxs[k] >= count) return hipErrorInvalidValue;
  return kOk;
}

// A copy's source access order (hipMemcpySrcAccessOrder) and flags (hipMemcpyFlags).
inline Status checkCopyOrder(hipMemcpySrcAccessOrder order, unsigned int flags) {
  switch (enumValue(order)) {
    case hipMemcpySrcAccessOrderStream:
    case hipMemcpySrcAccessOrderDuringApiCall:
    case hipMemcpySrcAccessOrderAny: break;
    default: return hipErrorInvalidValue;
  }
  return (flags & ~static_cast<unsigned int>(hipMemcpyFlagPreferOverlapWithCompute)) == 0
             ? kOk
             : Status(hipErrorInvalidValue);
}

}  // namespace unihip::memory
