// Batch memory operations (hipStreamBatchMemOp, batch memory operation nodes) for the tests: a
// write, a wait, or a bare operation of a type.
#pragma once

#include <hip/hip_runtime_api.h>

#include <cstdint>

namespace unihip::testing {

inline hipStreamBatchMemOpParams memOpWrite(void* p, uint64_t value, bool is64) {
  hipStreamBatchMemOpParams op = {};
  op.writeValue.operation = is64 ? hipStreamMemOpWriteValue64 : hipStreamMemOpWriteValue32;
  op.writeValue.address = p;
  if (is64)
    op.writeValue.value64 = value;
  else
    op.writeValue.value = static_cast<uint32_t>(value);
  return op;
}

// A 32-bit wait with a hipStreamWaitValue* comparison.
inline hipStreamBatchMemOpParams memOpWait(void* p, uint32_t value, unsigned flags) {
  hipStreamBatchMemOpParams op = {};
  op.waitValue.operation = hipStreamMemOpWaitValue32;
  op.waitValue.address = p;
  op.waitValue.value = value;
  op.waitValue.flags = flags;
  return op;
}

inline hipStreamBatchMemOpParams memOpOf(hipStreamBatchMemOpType type) {
  hipStreamBatchMemOpParams op = {};
  op.operation = type;
  return op;
}

}  // namespace unihip::testing
