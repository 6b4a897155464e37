// Argument checks of the stream memory operations: the single waits and writes and the batches
// of them (hip_stream_memop.cpp) and the batch memory operation graph nodes (hip_graph.cpp).
// AMD's codes; a batch's wait or write is checked as its single form is.
#pragma once

#include <cstdint>

#include "base/status.h"
#include "hip/hip_runtime_api.h"

namespace unihip::memops {

// AMD's runtime takes at most this many operations in one batch.
inline constexpr unsigned kMaxBatchOps = 256;

// The word a wait reads or a write writes: present and aligned to its size.
inline Status checkWord(const void* ptr, bool is64) {
  if (ptr == nullptr || reinterpret_cast<uintptr_t>(ptr) % (is64 ? 8 : 4) != 0)
    return hipErrorInvalidValue;
  return kOk;
}

// A wait's comparison: hipStreamWaitValueGte, Eq, And or Nor.
inline Status checkWaitFlags(unsigned int flags) {
  return flags <= hipStreamWaitValueNor ? kOk : Status(hipErrorInvalidValue);
}

// A batch's shape: operations present, 1 to kMaxBatchOps of them, no flags.
inline Status checkBatch(const hipStreamBatchMemOpParams* ops, unsigned int count,
                         unsigned int flags) {
  if (ops == nullptr || flags != 0 || count == 0 || count > kMaxBatchOps)
    return hipErrorInvalidValue;
  return kOk;
}

// A batch's operations: waits and writes of 32 or 64 bits. AMD's runtime has no memory barrier
// and no remote-write flush in a batch (hipErrorInvalidValue), nor do unknown operations.
inline Status checkBatchOps(const hipStreamBatchMemOpParams* ops, unsigned int count) {
  for (unsigned int i = 0; i < count; ++i) {
    const hipStreamBatchMemOpParams& op = ops[i];
    switch (op.operation) {
      case hipStreamMemOpWaitValue32:
      case hipStreamMemOpWaitValue64:
        UNIHIP_TRY(checkWord(op.waitValue.address, op.operation == hipStreamMemOpWaitValue64));
        UNIHIP_TRY(checkWaitFlags(op.waitValue.flags));
        break;
      case hipStreamMemOpWriteValue32:
      case hipStreamMemOpWriteValue64:
        UNIHIP_TRY(checkWord(op.writeValue.address, op.operation == hipStreamMemOpWriteValue64));
        break;
      default:
        return hipErrorInvalidValue;
    }
  }
  return kOk;
}

}  // namespace unihip::memops
