// Per-thread default stream (`_spt`) twins of the stream, event and callback functions: the same
// entry points with the null stream read as the calling thread's stream (hipStreamPerThread).
// Each returns through its twin, which validates, records the last error and logs once.
#include "api/api_boundary.h"

UNIHIP_EXPORT hipError_t hipStreamQuery_spt(hipStream_t stream) {
  UNIHIP_TRACE_API("hipStreamQuery_spt({})", fmt::ptr(stream));
  return hipStreamQuery(unihipPerThreadStream(stream));
}

UNIHIP_EXPORT hipError_t hipStreamSynchronize_spt(hipStream_t stream) {
  UNIHIP_TRACE_API("hipStreamSynchronize_spt({})", fmt::ptr(stream));
  return hipStreamSynchronize(unihipPerThreadStream(stream));
}

UNIHIP_EXPORT hipError_t hipStreamGetPriority_spt(hipStream_t stream, int* priority) {
  UNIHIP_TRACE_API("hipStreamGetPriority_spt({})", fmt::ptr(stream));
  return hipStreamGetPriority(unihipPerThreadStream(stream), priority);
}

UNIHIP_EXPORT hipError_t hipStreamGetFlags_spt(hipStream_t stream, unsigned int* flags) {
  UNIHIP_TRACE_API("hipStreamGetFlags_spt({})", fmt::ptr(stream));
  return hipStreamGetFlags(unihipPerThreadStream(stream), flags);
}

UNIHIP_EXPORT hipError_t hipStreamWaitEvent_spt(hipStream_t stream, hipEvent_t event,
                                                unsigned int flags) {
  UNIHIP_TRACE_API("hipStreamWaitEvent_spt({}, {}, {:#x})", fmt::ptr(stream), fmt::ptr(event),
                   flags);
  return hipStreamWaitEvent(unihipPerThreadStream(stream), event, flags);
}

UNIHIP_EXPORT hipError_t hipStreamAddCallback_spt(hipStream_t stream,
                                                  hipStreamCallback_t callback, void* userData,
                                                  unsigned int flags) {
  UNIHIP_TRACE_API("hipStreamAddCallback_spt({}, {}, {}, {:#x})", fmt::ptr(stream),
                   reinterpret_cast<void*>(callback), userData, flags);
  return hipStreamAddCallback(unihipPerThreadStream(stream), callback, userData, flags);
}

UNIHIP_EXPORT hipError_t hipLaunchHostFunc_spt(hipStream_t stream, hipHostFn_t fn,
                                               void* userData) {
  UNIHIP_TRACE_API("hipLaunchHostFunc_spt({}, {}, {})", fmt::ptr(stream),
                   reinterpret_cast<void*>(fn), userData);
  return hipLaunchHostFunc(unihipPerThreadStream(stream), fn, userData);
}

UNIHIP_EXPORT hipError_t hipEventRecord_spt(hipEvent_t event, hipStream_t stream) {
  UNIHIP_TRACE_API("hipEventRecord_spt({}, {})", fmt::ptr(event), fmt::ptr(stream));
  return hipEventRecord(event, unihipPerThreadStream(stream));
}
