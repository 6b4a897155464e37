// Stream ids and attributes (HIP 7.1-7.2): hipStreamGetId, hipStreamGetAttribute,
// hipStreamSetAttribute, hipStreamCopyAttributes.
//
// AMD's runtime supports one stream attribute, hipStreamAttributeSynchronizationPolicy (any
// other is hipErrorInvalidValue); unihip keeps it with the stream and answers it back. Host
// waits do not change with it on either backend (the driver's own wait is used).
// Order of checks as AMD's: the value pointer, then the stream handle
// (hipErrorInvalidResourceHandle for a destroyed one).
#include "api/api_boundary.h"
#include "base/enum_value.h"
#include "core/handles.h"
#include "core/stream_ids.h"
#include "core/stream_resolve.h"

using namespace unihip;

namespace {

bool isDefaultStream(hipStream_t s) {
  return s == nullptr || s == hipStreamLegacy || s == hipStreamPerThread;
}

// A stream argument: a default stream or a live stream; the default streams keep no attribute.
Status checkStream(hipStream_t s) {
  if (isDefaultStream(s)) {
    Device* d = nullptr;
    return currentDevice(&d);
  }
  return isLive(s) ? kOk : Status(hipErrorInvalidResourceHandle);
}

bool validPolicy(int policy) {
  return policy >= hipSyncPolicyAuto && policy <= hipSyncPolicyBlockingSync;
}

}  // namespace

UNIHIP_EXPORT hipError_t hipStreamGetId(hipStream_t stream, unsigned long long* streamId) {
  UNIHIP_TRACE_hipStreamGetId(stream, streamId);
  if (streamId == nullptr) UNIHIP_RETURN(hipErrorInvalidValue);
  Status s = checkStream(stream);
  if (!s.ok()) UNIHIP_RETURN(s);
  if (stream == hipStreamPerThread) *streamId = perThreadStreamId();
  else if (isDefaultStream(stream)) *streamId = 0;
  else *streamId = stream->id;
  UNIHIP_RETURN(kOk);
}

UNIHIP_EXPORT hipError_t hipStreamGetAttribute(hipStream_t stream, hipStreamAttrID attr,
                                               hipStreamAttrValue* value_out) {
  UNIHIP_TRACE_hipStreamGetAttribute(stream, attr, value_out);
  if (value_out == nullptr) UNIHIP_RETURN(hipErrorInvalidValue);
  Status s = checkStream(stream);
  if (!s.ok()) UNIHIP_RETURN(s);
  if (enumValue(attr) != hipStreamAttributeSynchronizationPolicy)
    UNIHIP_RETURN(hipErrorInvalidValue);
  value_out->syncPolicy = static_cast<hipSynchronizationPolicy>(
      isDefaultStream(stream) ? static_cast<int>(hipSyncPolicyAuto) : stream->syncPolicy.get());
  UNIHIP_RETURN(kOk);
}

UNIHIP_EXPORT hipError_t hipStreamSetAttribute(hipStream_t stream, hipStreamAttrID attr,
                                               const hipStreamAttrValue* value) {
  UNIHIP_TRACE_hipStreamSetAttribute(stream, attr, value);
  if (value == nullptr) UNIHIP_RETURN(hipErrorInvalidValue);
  Status s = checkStream(stream);
  if (!s.ok()) UNIHIP_RETURN(s);
  if (enumValue(attr) != hipStreamAttributeSynchronizationPolicy ||
      !validPolicy(enumValue(value->syncPolicy)))
    UNIHIP_RETURN(hipErrorInvalidValue);
  // The default streams are shared: their policy stays hipSyncPolicyAuto.
  if (!isDefaultStream(stream)) stream->syncPolicy = enumValue(value->syncPolicy);
  UNIHIP_RETURN(kOk);
}

UNIHIP_EXPORT hipError_t hipStreamCopyAttributes(hipStream_t dst, hipStream_t src) {
  UNIHIP_TRACE_hipStreamCopyAttributes(dst, src);
  Status s = checkStream(dst);
  if (s.ok()) s = checkStream(src);
  if (!s.ok()) UNIHIP_RETURN(s);
  if (!isDefaultStream(dst))
    dst->syncPolicy = isDefaultStream(src) ? static_cast<int>(hipSyncPolicyAuto)
                                           : src->syncPolicy.get();
  UNIHIP_RETURN(kOk);
}
