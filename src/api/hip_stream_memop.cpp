// Stream memory operations: hipStreamWaitValue32/64 (the stream waits until a word in memory
// satisfies a comparison) and hipStreamWriteValue32/64 (the stream writes a word).
#include "api/api_boundary.h"
#include "core/stream_resolve.h"

using namespace unihip;

namespace {

// AMD's runtime ignores flags of writes; waits take one hipStreamWaitValue* comparison.
Status streamMemOp(hipStream_t stream, void* ptr, uint64_t value, uint64_t mask,
                   unsigned int flags, bool is64, bool wait) {
  if (ptr == nullptr) return hipErrorInvalidValue;
  if (reinterpret_cast<uintptr_t>(ptr) % (is64 ? 8 : 4) != 0) return hipErrorInvalidValue;
  if (wait && flags > hipStreamWaitValueNor) return hipErrorInvalidValue;
  ResolvedStream rs;
  UNIHIP_TRY(resolveStream(stream, &rs));
  Backend* b = rs.device->backend;
  return wait ? b->streamWaitValue(rs.device->local, rs.native, ptr, value, mask, flags, is64)
              : b->streamWriteValue(rs.device->local, rs.native, ptr, value, is64);
}

}  // namespace

UNIHIP_EXPORT hipError_t hipStreamWaitValue32(hipStream_t stream, void* ptr, uint32_t value,
                                              unsigned int flags, uint32_t mask) {
  UNIHIP_TRACE_API("hipStreamWaitValue32({}, {}, {}, {:#x}, {:#x})", fmt::ptr(stream),
                   ptr, value, flags, mask);
  UNIHIP_RETURN(streamMemOp(stream, ptr, value, mask, flags, false, true));
}

UNIHIP_EXPORT hipError_t hipStreamWaitValue64(hipStream_t stream, void* ptr, uint64_t value,
                                              unsigned int flags, uint64_t mask) {
  UNIHIP_TRACE_API("hipStreamWaitValue64({}, {}, {}, {:#x}, {:#x})", fmt::ptr(stream),
                   ptr, value, flags, mask);
  UNIHIP_RETURN(streamMemOp(stream, ptr, value, mask, flags, true, true));
}

UNIHIP_EXPORT hipError_t hipStreamWriteValue32(hipStream_t stream, void* ptr, uint32_t value,
                                               unsigned int flags) {
  UNIHIP_TRACE_API("hipStreamWriteValue32({}, {}, {}, {:#x})", fmt::ptr(stream), ptr, value,
                   flags);
  UNIHIP_RETURN(streamMemOp(stream, ptr, value, ~uint64_t{0}, flags, false, false));
}

UNIHIP_EXPORT hipError_t hipStreamWriteValue64(hipStream_t stream, void* ptr, uint64_t value,
                                               unsigned int flags) {
  UNIHIP_TRACE_API("hipStreamWriteValue64({}, {}, {}, {:#x})", fmt::ptr(stream), ptr, value,
                   flags);
  UNIHIP_RETURN(streamMemOp(stream, ptr, value, ~uint64_t{0}, flags, true, false));
}
