// Linear copies on a stream: hipMemcpy{HtoD,DtoH,DtoD}Async, hipMemcpyWithStream and the
// per-thread-stream forms hipMemcpy_spt / hipMemcpyAsync_spt. The legacy-stream forms
// (hipMemcpy, hipMemcpyAsync, hipMemcpy{HtoD,DtoH,DtoD}) live in hip_memory.cpp.
//
// HIP semantics (AMD's runtime): the kind is checked first (hipErrorInvalidMemcpyDirection),
// then null pointers when bytes are copied (hipErrorInvalidValue), then the stream (a destroyed
// one is hipErrorContextIsDestroyed); a zero-byte copy does nothing. The synchronous forms
// return once the copy is done. Hot path: no lock, no allocation.
#include "api/api_boundary.h"
#include "api/arg_checks.h"
#include "api/memory_checks.h"
#include "core/stream_resolve.h"
#include "core/graph/capture_guard.h"

using namespace unihip;

namespace {

// Queues the copy on `stream`; with `wait`, returns once the stream reached it.
inline Status copyOnStream(void* dst, const void* src, size_t size, hipMemcpyKind kind,
                           hipStream_t stream, bool wait) {
  CopyDirection dir;
  Status s = memory::checkCopy(dst, src, size, kind, &dir);
  if (UNIHIP_UNLIKELY(!s.ok())) return s;
  ResolvedStream rs;
  s = resolveStream(stream, &rs);
  if (UNIHIP_UNLIKELY(!s.ok())) return s;
  if (size == 0) return kOk;
  Backend* backend = rs.device->backend;
  s = timeline::onStream(timeline::OpKind::copy, rs.device, rs.native, nullptr, [&] {
    return backend->memcpyAsync(rs.device->local, dst, src, size, dir, rs.native);
  });
  if (!wait || !s.ok()) return s;
  return backend->streamSynchronize(rs.device->local, rs.native);
}

}  // namespace

UNIHIP_EXPORT hipError_t hipMemcpyHtoDAsync(hipDeviceptr_t dst, void* src, size_t sizeBytes,
                                            hipStream_t stream) {
  UNIHIP_TRACE_hipMemcpyHtoDAsync(dst, src, sizeBytes, stream);
  UNIHIP_RETURN(copyOnStream(dst, src, sizeBytes, hipMemcpyHostToDevice, stream, false));
}

UNIHIP_EXPORT hipError_t hipMemcpyDtoHAsync(void* dst, hipDeviceptr_t src, size_t sizeBytes,
                                            hipStream_t stream) {
  UNIHIP_TRACE_hipMemcpyDtoHAsync(dst, src, sizeBytes, stream);
  UNIHIP_RETURN(copyOnStream(dst, src, sizeBytes, hipMemcpyDeviceToHost, stream, false));
}

UNIHIP_EXPORT hipError_t hipMemcpyDtoDAsync(hipDeviceptr_t dst, hipDeviceptr_t src,
                                            size_t sizeBytes, hipStream_t stream) {
  UNIHIP_TRACE_hipMemcpyDtoDAsync(dst, src, sizeBytes, stream);
  UNIHIP_RETURN(copyOnStream(dst, src, sizeBytes, hipMemcpyDeviceToDevice, stream, false));
}

UNIHIP_EXPORT hipError_t hipMemcpyWithStream(void* dst, const void* src, size_t sizeBytes,
                                             hipMemcpyKind kind, hipStream_t stream) {
  UNIHIP_TRACE_hipMemcpyWithStream(dst, src, sizeBytes, kind, stream);
  UNIHIP_RETURN_IF_FAILED(refuseUnsafeDuringCapture());  // HIP 7: not while capturing
  UNIHIP_RETURN(copyOnStream(dst, src, sizeBytes, kind, stream, true));
}

UNIHIP_EXPORT hipError_t hipMemcpy_spt(void* dst, const void* src, size_t sizeBytes,
                                       hipMemcpyKind kind) {
  UNIHIP_TRACE_hipMemcpy_spt(dst, src, sizeBytes, kind);
  UNIHIP_RETURN(copyOnStream(dst, src, sizeBytes, kind, hipStreamPerThread, true));
}

UNIHIP_EXPORT hipError_t hipMemcpyAsync_spt(void* dst, const void* src, size_t sizeBytes,
                                            hipMemcpyKind kind, hipStream_t stream) {
  UNIHIP_TRACE_hipMemcpyAsync_spt(dst, src, sizeBytes, kind, stream);
  UNIHIP_RETURN(copyOnStream(dst, src, sizeBytes, kind, unihipPerThreadStream(stream), false));
}
