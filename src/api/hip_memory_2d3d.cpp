// Pitched allocations and 2D/3D copies (hipMallocPitch, hipMemAllocPitch, hipMemcpy2D*,
// hipMemcpyParam2D*, hipMalloc3D, hipMemcpy3D*, hipDrvMemcpy3D*, hipMemset3D*): arguments
// checked as AMD's runtime does, then not supported yet.
//
// HIP semantics (AMD's runtime): an empty extent does nothing; the kind is checked first
// (hipErrorInvalidMemcpyDirection), then a row wider than a pitch (hipErrorInvalidPitchValue),
// then null pointers (hipErrorInvalidValue); the async forms also check their stream.
#include "api/api_boundary.h"
#include "api/memory_checks.h"
#include "core/stream_resolve.h"

using namespace unihip;

namespace {

// A 2D copy: geometry, then the stream of the async forms (`stream` null for the sync ones).
Status check2DCopy(void* dst, size_t dpitch, const void* src, size_t spitch, size_t width,
                   size_t height, hipMemcpyKind kind, const hipStream_t* stream, bool* empty) {
  UNIHIP_TRY(memory::check2DCopy(dst, dpitch, src, spitch, width, height, kind, empty));
  if (stream != nullptr) {
    ResolvedStream rs;
    UNIHIP_TRY(resolveStream(*stream, &rs));
  }
  return kOk;
}

Status checkMallocPitch(void** ptr, size_t* pitch, size_t width, size_t height, bool* empty) {
  if (ptr == nullptr || pitch == nullptr) return hipErrorInvalidValue;
  *empty = width == 0 || height == 0;
  if (*empty) *ptr = nullptr;
  return kOk;
}

}  // namespace

UNIHIP_EXPORT hipError_t hipMallocPitch(void** ptr, size_t* pitch, size_t width, size_t height) {
  UNIHIP_TRACE_API("hipMallocPitch({}, {}, {}, {})", fmt::ptr(ptr), fmt::ptr(pitch), width,
                   height);
  bool empty = false;
  Status s = checkMallocPitch(ptr, pitch, width, height, &empty);
  if (!s.ok() || empty) UNIHIP_RETURN(s);
  UNIHIP_RETURN_NOT_SUPPORTED();
}

UNIHIP_EXPORT hipError_t hipMemAllocPitch(hipDeviceptr_t* dptr, size_t* pitch, size_t widthInBytes,
                                          size_t height, unsigned int elementSizeBytes) {
  UNIHIP_TRACE_API("hipMemAllocPitch({}, {}, {}, {}, {})", fmt::ptr(dptr), fmt::ptr(pitch),
                   widthInBytes, height, elementSizeBytes);
  if (widthInBytes == 0 || height == 0) UNIHIP_RETURN(hipErrorInvalidValue);
  if (elementSizeBytes != 4 && elementSizeBytes != 8 && elementSizeBytes != 16)
    UNIHIP_RETURN(hipErrorInvalidValue);
  bool empty = false;
  Status s = checkMallocPitch(dptr, pitch, widthInBytes, height, &empty);
  if (!s.ok()) UNIHIP_RETURN(s);
  UNIHIP_RETURN_NOT_SUPPORTED();
}

UNIHIP_EXPORT hipError_t hipMemcpy2D(void* dst, size_t dpitch, const void* src, size_t spitch,
                                     size_t width, size_t height, hipMemcpyKind kind) {
  UNIHIP_TRACE_API("hipMemcpy2D({}, {}, {}, {}, {}, {}, {})", dst, dpitch, src, spitch, width,
                   height, static_cast<int>(kind));
  bool empty = false;
  Status s = check2DCopy(dst, dpitch, src, spitch, width, height, kind, nullptr, &empty);
  if (!s.ok() || empty) UNIHIP_RETURN(s);
  UNIHIP_RETURN_NOT_SUPPORTED();
}

UNIHIP_EXPORT hipError_t hipMemcpy2DAsync(void* dst, size_t dpitch, const void* src,
                                          size_t spitch, size_t width, size_t height,
                                          hipMemcpyKind kind, hipStream_t stream) {
  UNIHIP_TRACE_API("hipMemcpy2DAsync({}, {}, {}, {}, {}, {}, {}, {})", dst, dpitch, src, spitch,
                   width, height, static_cast<int>(kind), fmt::ptr(stream));
  bool empty = false;
  Status s = check2DCopy(dst, dpitch, src, spitch, width, height, kind, &stream, &empty);
  if (!s.ok() || empty) UNIHIP_RETURN(s);
  UNIHIP_RETURN_NOT_SUPPORTED();
}

UNIHIP_EXPORT hipError_t hipMemcpy2D_spt(void* dst, size_t dpitch, const void* src, size_t spitch,
                                         size_t width, size_t height, hipMemcpyKind kind) {
  UNIHIP_TRACE_API("hipMemcpy2D_spt({}, {}, {}, {}, {}, {}, {})", dst, dpitch, src, spitch, width,
                   height, static_cast<int>(kind));
  bool empty = false;
  hipStream_t stream = hipStreamPerThread;
  Status s = check2DCopy(dst, dpitch, src, spitch, width, height, kind, &stream, &empty);
  if (!s.ok() || empty) UNIHIP_RETURN(s);
  UNIHIP_RETURN_NOT_SUPPORTED();
}

UNIHIP_EXPORT hipError_t hipMemcpy2DAsync_spt(void* dst, size_t dpitch, const void* src,
                                              size_t spitch, size_t width, size_t height,
                                              hipMemcpyKind kind, hipStream_t stream) {
  UNIHIP_TRACE_API("hipMemcpy2DAsync_spt({}, {}, {}, {}, {}, {}, {}, {})", dst, dpitch, src,
                   spitch, width, height, static_cast<int>(kind), fmt::ptr(stream));
  bool empty = false;
  stream = unihipPerThreadStream(stream);
  Status s = check2DCopy(dst, dpitch, src, spitch, width, height, kind, &stream, &empty);
  if (!s.ok() || empty) UNIHIP_RETURN(s);
  UNIHIP_RETURN_NOT_SUPPORTED();
}
