// Per-thread default stream (`_spt`) twins of the stream, event and callback functions: the same
// entry points with the null stream read as the calling thread's stream (hipStreamPerThread).
// Each returns through its twin, which validates, records the last error and logs once.
#include "api/api_boundary.h"

UNIHIP_EXPORT hipError_t hipStreamQuery_spt(hipStream_t stream) {
  UNIHIP_TRACE_hipStreamQuery_spt(stream);
  UNIHIP_RETURN(hipStreamQuery(unihipPerThreadStream(stream)));
}

UNIHIP_EXPORT hipError_t hipStreamSynchronize_spt(hipStream_t stream) {
  UNIHIP_TRACE_hipStreamSynchronize_spt(stream);
  UNIHIP_RETURN(hipStreamSynchronize(unihipPerThreadStream(stream)));
}

UNIHIP_EXPORT hipError_t hipStreamGetPriority_spt(hipStream_t stream, int* priority) {
  UNIHIP_TRACE_hipStreamGetPriority_spt(stream, priority);
  UNIHIP_RETURN(hipStreamGetPriority(unihipPerThreadStream(stream), priority));
}

UNIHIP_EXPORT hipError_t hipStreamGetFlags_spt(hipStream_t stream, unsigned int* flags) {
  UNIHIP_TRACE_hipStreamGetFlags_spt(stream, flags);
  UNIHIP_RETURN(hipStreamGetFlags(unihipPerThreadStream(stream), flags));
}

UNIHIP_EXPORT hipError_t hipStreamWaitEvent_spt(hipStream_t stream, hipEvent_t event,
                                                unsigned int flags) {
  UNIHIP_TRACE_hipStreamWaitEvent_spt(stream, event, flags);
  UNIHIP_RETURN(hipStreamWaitEvent(unihipPerThreadStream(stream), event, flags));
}

UNIHIP_EXPORT hipError_t hipStreamAddCallback_spt(hipStream_t stream,
                                                  hipStreamCallback_t callback, void* userData,
                                                  unsigned int flags) {
  UNIHIP_TRACE_hipStreamAddCallback_spt(stream, callback, userData, flags);
  UNIHIP_RETURN(hipStreamAddCallback(unihipPerThreadStream(stream), callback, userData, flags));
}

UNIHIP_EXPORT hipError_t hipLaunchHostFunc_spt(hipStream_t stream, hipHostFn_t fn,
                                               void* userData) {
  UNIHIP_TRACE_hipLaunchHostFunc_spt(stream, fn, userData);
  UNIHIP_RETURN(hipLaunchHostFunc(unihipPerThreadStream(stream), fn, userData));
}

UNIHIP_EXPORT hipError_t hipEventRecord_spt(hipEvent_t event, hipStream_t stream) {
  UNIHIP_TRACE_hipEventRecord_spt(event, stream);
  return hipEventRecord(event, unihipPerThreadStream(stream));
}
