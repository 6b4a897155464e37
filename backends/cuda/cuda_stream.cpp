// The CUDA backend's streams and events (seam/queue_ops.h), and stream memory operations.
#include <cstring>

#include "cuda/cuda_backend.h"

namespace unihip::cuda_backend {

Status CudaBackend::streamCreate(int device, unsigned int hipFlags, int priority,
                               NativeStream* stream) {
  UNIHIP_TRY(makeCurrent(device));
  unsigned flags = (hipFlags & hipStreamNonBlocking) ? CU_STREAM_NON_BLOCKING : CU_STREAM_DEFAULT;
  CUstream s = nullptr;
  UNIHIP_TRY(check(api_->cuStreamCreateWithPriority(&s, flags, priority),
                   "cuStreamCreateWithPriority"));
  *stream = s;
  return kOk;
}

Status CudaBackend::streamDestroy(int device, NativeStream stream) {
  UNIHIP_TRY(makeCurrent(device));
  return check(api_->cuStreamDestroy(asStream(stream)), "cuStreamDestroy");
}

UNIHIP_HOT_TEXT Status CudaBackend::streamSynchronizeImpl(int device, NativeStream stream) {
  UNIHIP_TRY(makeCurrent(device));
  return check(api_->cuStreamSynchronize(asStream(stream)), "cuStreamSynchronize");
}

Status CudaBackend::streamQueryImpl(int device, NativeStream stream) {
  UNIHIP_TRY(makeCurrent(device));
  return check(api_->cuStreamQuery(asStream(stream)), "cuStreamQuery");
}

Status CudaBackend::streamWaitEventImpl(int device, NativeStream stream, NativeEvent event) {
  UNIHIP_TRY(makeCurrent(device));
  return check(api_->cuStreamWaitEvent(asStream(stream), asEvent(event), 0), "cuStreamWaitEvent");
}

Status CudaBackend::launchHostFuncImpl(int device, NativeStream stream, void (*fn)(void*),
                                 void* userData) {
  UNIHIP_TRY(makeCurrent(device));
  return check(api_->cuLaunchHostFunc(asStream(stream), fn, userData), "cuLaunchHostFunc");
}

Status CudaBackend::streamWaitValue(int device, NativeStream stream, void* ptr, uint64_t value, uint64_t mask,
                                  unsigned int flags, bool is64) {
  const uint64_t full = is64 ? ~uint64_t{0} : uint64_t{0xffffffffu};
  UNIHIP_TRY(makeCurrent(device));
  if ((mask & full) != full) {
    if (flags != CU_STREAM_WAIT_VALUE_AND)
      return maskedWait(device, stream, ptr, value, mask, flags, is64);
    value &= mask;
  }
  if (is64)
    return check(api_->cuStreamWaitValue64(asStream(stream), dptr(ptr), value, flags),
                 "cuStreamWaitValue64");
  return check(api_->cuStreamWaitValue32(asStream(stream), dptr(ptr),
                                         static_cast<uint32_t>(value), flags),
               "cuStreamWaitValue32");
}

Status CudaBackend::streamWriteValue(int device, NativeStream stream, void* ptr, uint64_t value,
                                   bool is64) {
  UNIHIP_TRY(makeCurrent(device));
  if (is64)
    return check(api_->cuStreamWriteValue64(asStream(stream), dptr(ptr), value,
                                            CU_STREAM_WRITE_VALUE_DEFAULT),
                 "cuStreamWriteValue64");
  return check(api_->cuStreamWriteValue32(asStream(stream), dptr(ptr),
                                          static_cast<uint32_t>(value),
                                          CU_STREAM_WRITE_VALUE_DEFAULT),
               "cuStreamWriteValue32");
}

Status CudaBackend::streamBatchMemOp(int device, NativeStream stream, const hipStreamBatchMemOpParams* ops,
                                   unsigned count) {
  static_assert(sizeof(hipStreamBatchMemOpParams) == sizeof(CUstreamBatchMemOpParams));
  constexpr unsigned kMaxOps = 256;  // the API layer's limit (AMD's)
  if (api_->cuStreamBatchMemOp == nullptr)
    return QueueOps::streamBatchMemOp(device, stream, ops, count);
  if (count > kMaxOps) return hipErrorInvalidValue;
  hipStreamBatchMemOpParams local[kMaxOps];
  std::memcpy(local, ops, count * sizeof *ops);
  for (unsigned i = 0; i < count; ++i) {
    if (local[i].operation == hipStreamMemOpWriteValue32 ||
        local[i].operation == hipStreamMemOpWriteValue64)
      local[i].writeValue.flags = CU_STREAM_WRITE_VALUE_DEFAULT;
  }
  UNIHIP_TRY(makeCurrent(device));
  return check(api_->cuStreamBatchMemOp(asStream(stream), count,
                                        reinterpret_cast<CUstreamBatchMemOpParams*>(local), 0),
               "cuStreamBatchMemOp");
}

// CU masks are an AMD concept (HIP on NVIDIA lacks them): Backend's NotSupported answer.
// unihip-coverage: not-supported hipExtStreamCreateWithCUMask hipExtStreamGetCUMask

Status CudaBackend::streamPriorityRange(int device, int* least, int* greatest) {
  UNIHIP_TRY(makeCurrent(device));
  return check(api_->cuCtxGetStreamPriorityRange(least, greatest),
               "cuCtxGetStreamPriorityRange");
}

Status CudaBackend::eventCreate(int device, unsigned int hipFlags, NativeEvent* event) {
  UNIHIP_TRY(makeCurrent(device));
  unsigned flags = CU_EVENT_DEFAULT;
  if (hipFlags & hipEventBlockingSync) flags |= CU_EVENT_BLOCKING_SYNC;
  if (hipFlags & hipEventDisableTiming) flags |= CU_EVENT_DISABLE_TIMING;
  if (hipFlags & hipEventInterprocess) flags |= CU_EVENT_INTERPROCESS;
  CUevent e = nullptr;
  UNIHIP_TRY(check(api_->cuEventCreate(&e, flags), "cuEventCreate"));
  *event = e;
  return kOk;
}

Status CudaBackend::eventDestroy(int device, NativeEvent event) {
  UNIHIP_TRY(makeCurrent(device));
  return check(api_->cuEventDestroy(asEvent(event)), "cuEventDestroy");
}

Status CudaBackend::eventRecordImpl(int device, NativeEvent event, NativeStream stream) {
  UNIHIP_TRY(makeCurrent(device));
  return check(api_->cuEventRecord(asEvent(event), asStream(stream)), "cuEventRecord");
}

Status CudaBackend::eventSynchronize(int device, NativeEvent event) {
  UNIHIP_TRY(makeCurrent(device));
  return check(api_->cuEventSynchronize(asEvent(event)), "cuEventSynchronize");
}

Status CudaBackend::eventQuery(int device, NativeEvent event) {
  UNIHIP_TRY(makeCurrent(device));
  return check(api_->cuEventQuery(asEvent(event)), "cuEventQuery");
}

Status CudaBackend::eventElapsedTime(int device, NativeEvent start, NativeEvent stop, float* ms) {
  UNIHIP_TRY(makeCurrent(device));
  // A pending event is hipErrorNotReady; asked with cuEventQuery, whose "not ready" is an
  // answer, not a failed call (compute-sanitizer reports cuEventElapsedTime's).
  for (NativeEvent e : {start, stop}) {
    const CUresult q = api_->cuEventQuery(asEvent(e));
    if (q == CUDA_ERROR_NOT_READY) return hipErrorNotReady;
    UNIHIP_TRY(check(q, "cuEventQuery"));
  }
  return check(api_->cuEventElapsedTime(ms, asEvent(start), asEvent(stop)), "cuEventElapsedTime");
}

}  // namespace unihip::cuda_backend
