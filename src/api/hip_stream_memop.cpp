// Stream memory operations: hipStreamWaitValue32/64 (the stream waits until a word in memory
// satisfies a comparison), hipStreamWriteValue32/64 (the stream writes a word), and
// hipStreamBatchMemOp (a batch of both, queued as one operation where the vendor has one: on
// NVIDIA cuStreamBatchMemOp, which a stream capture records as one batch memory operation node).
#include "api/api_boundary.h"
#include "api/stream_memop_checks.h"
#include "core/registry.h"
#include "core/stream_resolve.h"

using namespace unihip;

namespace {

// AMD's runtime ignores flags of writes; waits take one hipStreamWaitValue* comparison.
Status streamMemOp(hipStream_t stream, void* ptr, uint64_t value, uint64_t mask,
                   unsigned int flags, bool is64, bool wait) {
  UNIHIP_TRY(memops::checkWord(ptr, is64));
  if (wait) UNIHIP_TRY(memops::checkWaitFlags(flags));
  ResolvedStream rs;
  UNIHIP_TRY(resolveStream(stream, &rs));
  Backend* b = rs.device->backend;
  if (wait) Registry::get().loadAll(*rs.device, rs.native);  // the wait may hold the stream
  return wait ? b->streamWaitValue(rs.device->local, rs.native, ptr, value, mask, flags, is64)
              : b->streamWriteValue(rs.device->local, rs.native, ptr, value, is64);
}

// AMD's order: the batch's shape, then the stream, then each operation.
Status streamBatchMemOp(hipStream_t stream, unsigned int count,
                        const hipStreamBatchMemOpParams* ops, unsigned int flags) {
  UNIHIP_TRY(memops::checkBatch(ops, count, flags));
  ResolvedStream rs;
  UNIHIP_TRY(resolveStream(stream, &rs));
  UNIHIP_TRY(memops::checkBatchOps(ops, count));
  return rs.device->backend->streamBatchMemOp(rs.device->local, rs.native, ops, count);
}

}  // namespace

UNIHIP_EXPORT hipError_t hipStreamWaitValue32(hipStream_t stream, void* ptr, uint32_t value,
                                              unsigned int flags, uint32_t mask) {
  UNIHIP_TRACE_hipStreamWaitValue32(stream, ptr, value, flags, mask);
  UNIHIP_RETURN(streamMemOp(stream, ptr, value, mask, flags, false, true));
}

UNIHIP_EXPORT hipError_t hipStreamWaitValue64(hipStream_t stream, void* ptr, uint64_t value,
                                              unsigned int flags, uint64_t mask) {
  UNIHIP_TRACE_hipStreamWaitValue64(stream, ptr, value, flags, mask);
  UNIHIP_RETURN(streamMemOp(stream, ptr, value, mask, flags, true, true));
}

UNIHIP_EXPORT hipError_t hipStreamWriteValue32(hipStream_t stream, void* ptr, uint32_t value,
                                               unsigned int flags) {
  UNIHIP_TRACE_hipStreamWriteValue32(stream, ptr, value, flags);
  UNIHIP_RETURN(streamMemOp(stream, ptr, value, ~uint64_t{0}, flags, false, false));
}

UNIHIP_EXPORT hipError_t hipStreamWriteValue64(hipStream_t stream, void* ptr, uint64_t value,
                                               unsigned int flags) {
  UNIHIP_TRACE_hipStreamWriteValue64(stream, ptr, value, flags);
  UNIHIP_RETURN(streamMemOp(stream, ptr, value, ~uint64_t{0}, flags, true, false));
}

UNIHIP_EXPORT hipError_t hipStreamBatchMemOp(hipStream_t stream, unsigned int count,
                                             hipStreamBatchMemOpParams* paramArray,
                                             unsigned int flags) {
  UNIHIP_TRACE_hipStreamBatchMemOp(stream, count, paramArray, flags);
  UNIHIP_RETURN(streamBatchMemOp(stream, count, paramArray, flags));
}
