// Fills of 8-, 16- and 32-bit values: the async and per-thread-stream forms of hipMemset*, and
// the 2D and 3D fills (rows over the seam: core/pitched_memory.h). hipMemset, hipMemsetAsync
// and hipMemsetD8 live in hip_memory.cpp.
//
// HIP semantics (AMD's runtime): a zero count does nothing (the stream is still checked by the
// async forms); a null destination is hipErrorInvalidValue; the synchronous forms return once
// a fill of host memory is done, and at once for device memory (the stream orders the fill).
// The per-thread forms use the calling thread's default stream.
#include "api/api_boundary.h"
#include "base/allocation_map.h"
#include "core/pitched_memory.h"
#include "api/memory_checks.h"
#include "core/stream_resolve.h"

using namespace unihip;

namespace {

// One fill of `count` elements of `elementSize` bytes on a resolved stream.
Status fillOn(const ResolvedStream& rs, void* dst, uint32_t value, size_t count,
              size_t elementSize) {
  Backend* backend = rs.device->backend;
  const int device = rs.device->local;
  return timeline::onStream(timeline::OpKind::fill, rs.device, rs.native, nullptr, [&]() -> Status {
    switch (elementSize) {
      case 1:
        return backend->memsetAsync(device, dst, static_cast<uint8_t>(value), count, rs.native);
      case 2:
        return backend->memsetD16Async(device, dst, static_cast<uint16_t>(value), count,
                                       rs.native);
      default: return backend->memsetD32Async(device, dst, value, count, rs.native);
    }
  });
}

// The async forms: stream first (as AMD checks it before the fill), then the destination.
Status fillAsync(void* dst, uint32_t value, size_t count, size_t elementSize,
                 hipStream_t stream) {
  ResolvedStream rs;
  UNIHIP_TRY(resolveStream(stream, &rs));
  UNIHIP_TRY(memory::checkFill(dst, count, elementSize));
  if (count == 0) return kOk;
  return fillOn(rs, dst, value, count, elementSize);
}

// Device memory's fills return before they end, as CUDA's and AMD's synchronous memsets do (the
// stream orders them before later work); host memory's, mapped or managed, once done.
bool fillsAsynchronously(const void* dst) {
  Allocation a;
  if (!AllocationMap::get().find(dst, &a)) return false;
  switch (a.kind) {
    case AllocationKind::PinnedHost:
    case AllocationKind::Registered:
    case AllocationKind::Managed: return false;
    default: return true;
  }
}

// The synchronous forms: the fill on `stream` (null: the legacy default stream), then a wait
// where the memory is the host's. The device comes first: without one the answer is
// hipErrorNoDevice, whatever the pointer.
Status fillSync(void* dst, uint32_t value, size_t count, size_t elementSize, hipStream_t stream) {
  ResolvedStream rs;
  UNIHIP_TRY(resolveStream(stream, &rs));
  UNIHIP_TRY(memory::checkFill(dst, count, elementSize));
  if (count == 0) return kOk;
  UNIHIP_TRY(fillOn(rs, dst, value, count, elementSize));
  if (fillsAsynchronously(dst)) return kOk;
  return rs.device->backend->streamSynchronize(rs.device->local, rs.native);
}

// Pitched fills: the stream (null: the legacy default stream of the synchronous forms), the
// geometry, the whole region inside one allocation, then the rows; the synchronous forms wait.
Status pitchedFill(const ResolvedStream& rs, void* dst, size_t pitch, size_t slice, int value,
                   const pitched::Region& r, bool sync) {
  if (!AllocationMap::get().containsRange(dst, pitched::extentBytes(pitch, slice, r)))
    return hipErrorInvalidValue;
  UNIHIP_TRY(pitched::fill(*rs.device, dst, pitch, slice, static_cast<uint8_t>(value), r,
                           rs.native));
  return sync ? rs.device->backend->streamSynchronize(rs.device->local, rs.native) : kOk;
}

Status fill2D(void* dst, size_t pitch, int value, size_t width, size_t height,
              hipStream_t stream, bool sync) {
  ResolvedStream rs;
  UNIHIP_TRY(resolveStream(stream, &rs));
  bool empty = false;
  UNIHIP_TRY(memory::check2DFill(dst, pitch, width, height, &empty));
  if (empty) return kOk;
  return pitchedFill(rs, dst, pitch, 0, value, {width, height, 1}, sync);
}

Status fill3D(const hipPitchedPtr& p, int value, const hipExtent& extent, hipStream_t stream,
              bool sync) {
  ResolvedStream rs;
  UNIHIP_TRY(resolveStream(stream, &rs));
  bool empty = false;
  UNIHIP_TRY(memory::check3DFill(p, extent, &empty));
  if (empty) return kOk;
  // Slices are ysize rows apart: fewer rows than the extent's would overlap the next slice.
  if (extent.depth > 1 && p.ysize < extent.height) return hipErrorInvalidValue;
  return pitchedFill(rs, p.ptr, p.pitch, p.pitch * p.ysize, value,
                     {extent.width, extent.height, extent.depth}, sync);
}

// hipMemsetD2D8/16/32 (HIP 7.1): `width` elements of `elementSize` bytes in each of `height`
// rows `pitch` bytes apart. The geometry as hipMemset2D checks it (in bytes), then the
// destination and pitch aligned to the element, the region inside one allocation; 8-bit rows go
// through the pitched byte fill, wider ones one linear fill per row.
Status fill2DElements(void* dst, size_t pitch, uint32_t value, size_t width, size_t height,
                      size_t elementSize, hipStream_t stream, bool sync) {
  ResolvedStream rs;
  UNIHIP_TRY(resolveStream(stream, &rs));
  if (width > SIZE_MAX / elementSize) return hipErrorInvalidValue;
  const size_t rowBytes = width * elementSize;
  bool empty = false;
  UNIHIP_TRY(memory::check2DFill(dst, pitch, rowBytes, height, &empty));
  if (empty) return kOk;
  if (elementSize == 1)
    return pitchedFill(rs, dst, pitch, 0, static_cast<int>(value), {width, height, 1}, sync);
  if (reinterpret_cast<uintptr_t>(dst) % elementSize != 0 || pitch % elementSize != 0)
    return hipErrorInvalidValue;
  const size_t extent = pitched::extentBytes(pitch, 0, {rowBytes, height, 1});
  if (!AllocationMap::get().containsRange(dst, extent)) return hipErrorInvalidValue;
  for (size_t row = 0; row < height; ++row)
    UNIHIP_TRY(fillOn(rs, static_cast<char*>(dst) + row * pitch, value, width, elementSize));
  return sync ? rs.device->backend->streamSynchronize(rs.device->local, rs.native) : kOk;
}

}  // namespace

UNIHIP_EXPORT hipError_t hipMemsetD8Async(hipDeviceptr_t dest, unsigned char value, size_t count,
                                          hipStream_t stream) {
  UNIHIP_TRACE_hipMemsetD8Async(dest, value, count, stream);
  UNIHIP_RETURN(fillAsync(dest, value, count, 1, stream));
}

UNIHIP_EXPORT hipError_t hipMemsetD16(hipDeviceptr_t dest, unsigned short value, size_t count) {
  UNIHIP_TRACE_hipMemsetD16(dest, value, count);
  UNIHIP_RETURN(fillSync(dest, value, count, 2, nullptr));
}

UNIHIP_EXPORT hipError_t hipMemsetD16Async(hipDeviceptr_t dest, unsigned short value,
                                           size_t count, hipStream_t stream) {
  UNIHIP_TRACE_hipMemsetD16Async(dest, value, count, stream);
  UNIHIP_RETURN(fillAsync(dest, value, count, 2, stream));
}

UNIHIP_EXPORT hipError_t hipMemsetD32(hipDeviceptr_t dest, int value, size_t count) {
  UNIHIP_TRACE_hipMemsetD32(dest, value, count);
  if (count == 0) UNIHIP_RETURN(kOk);
  UNIHIP_RETURN(fillSync(dest, static_cast<uint32_t>(value), count, 4, nullptr));
}

UNIHIP_EXPORT hipError_t hipMemsetD32Async(hipDeviceptr_t dst, int value, size_t count,
                                           hipStream_t stream) {
  UNIHIP_TRACE_hipMemsetD32Async(dst, value, count, stream);
  UNIHIP_RETURN(fillAsync(dst, static_cast<uint32_t>(value), count, 4, stream));
}

UNIHIP_EXPORT hipError_t hipMemset_spt(void* dst, int value, size_t sizeBytes) {
  UNIHIP_TRACE_hipMemset_spt(dst, value, sizeBytes);
  UNIHIP_RETURN(fillSync(dst, static_cast<uint8_t>(value), sizeBytes, 1, hipStreamPerThread));
}

UNIHIP_EXPORT hipError_t hipMemsetAsync_spt(void* dst, int value, size_t sizeBytes,
                                            hipStream_t stream) {
  UNIHIP_TRACE_hipMemsetAsync_spt(dst, value, sizeBytes, stream);
  UNIHIP_RETURN(fillAsync(dst, static_cast<uint8_t>(value), sizeBytes, 1,
                          unihipPerThreadStream(stream)));
}

UNIHIP_EXPORT hipError_t hipMemset2D(void* dst, size_t pitch, int value, size_t width,
                                     size_t height) {
  UNIHIP_TRACE_hipMemset2D(dst, pitch, value, width, height);
  UNIHIP_RETURN(fill2D(dst, pitch, value, width, height, nullptr, true));
}

UNIHIP_EXPORT hipError_t hipMemset2DAsync(void* dst, size_t pitch, int value, size_t width,
                                          size_t height, hipStream_t stream) {
  UNIHIP_TRACE_hipMemset2DAsync(dst, pitch, value, width, height, stream);
  UNIHIP_RETURN(fill2D(dst, pitch, value, width, height, stream, false));
}

UNIHIP_EXPORT hipError_t hipMemset2D_spt(void* dst, size_t pitch, int value, size_t width,
                                         size_t height) {
  UNIHIP_TRACE_hipMemset2D_spt(dst, pitch, value, width, height);
  UNIHIP_RETURN(fill2D(dst, pitch, value, width, height, hipStreamPerThread, true));
}

UNIHIP_EXPORT hipError_t hipMemset2DAsync_spt(void* dst, size_t pitch, int value, size_t width,
                                              size_t height, hipStream_t stream) {
  UNIHIP_TRACE_hipMemset2DAsync_spt(dst, pitch, value, width, height, stream);
  UNIHIP_RETURN(
      fill2D(dst, pitch, value, width, height, unihipPerThreadStream(stream), false));
}


UNIHIP_EXPORT hipError_t hipMemset3D(hipPitchedPtr pitchedDevPtr, int value, hipExtent extent) {
  UNIHIP_TRACE_hipMemset3D(pitchedDevPtr, value, extent);
  UNIHIP_RETURN(fill3D(pitchedDevPtr, value, extent, nullptr, true));
}

UNIHIP_EXPORT hipError_t hipMemset3DAsync(hipPitchedPtr pitchedDevPtr, int value,
                                          hipExtent extent, hipStream_t stream) {
  UNIHIP_TRACE_hipMemset3DAsync(pitchedDevPtr, value, extent, stream);
  UNIHIP_RETURN(fill3D(pitchedDevPtr, value, extent, stream, false));
}

UNIHIP_EXPORT hipError_t hipMemset3D_spt(hipPitchedPtr pitchedDevPtr, int value,
                                         hipExtent extent) {
  UNIHIP_TRACE_hipMemset3D_spt(pitchedDevPtr, value, extent);
  UNIHIP_RETURN(fill3D(pitchedDevPtr, value, extent, hipStreamPerThread, true));
}

UNIHIP_EXPORT hipError_t hipMemset3DAsync_spt(hipPitchedPtr pitchedDevPtr, int value,
                                              hipExtent extent, hipStream_t stream) {
  UNIHIP_TRACE_hipMemset3DAsync_spt(pitchedDevPtr, value, extent, stream);
  UNIHIP_RETURN(
      fill3D(pitchedDevPtr, value, extent, unihipPerThreadStream(stream), false));
}

// hipMemsetD2D{8,16,32}(Async): one pair per element width, over fill2DElements.
#define UNIHIP_MEMSET_D2D(bits, value_type)                                                      \
  UNIHIP_EXPORT hipError_t hipMemsetD2D##bits(hipDeviceptr_t dst, size_t dstPitch,               \
                                              value_type value, size_t width, size_t height) {   \
    UNIHIP_TRACE_hipMemsetD2D##bits(dst, dstPitch, value, width, height);                        \
    UNIHIP_RETURN(fill2DElements(dst, dstPitch, value, width, height, bits / 8, nullptr, true)); \
  }                                                                                              \
  UNIHIP_EXPORT hipError_t hipMemsetD2D##bits##Async(hipDeviceptr_t dst, size_t dstPitch,        \
                                                     value_type value, size_t width,             \
                                                     size_t height, hipStream_t stream) {        \
    UNIHIP_TRACE_hipMemsetD2D##bits##Async(dst, dstPitch, value, width, height, stream);         \
    UNIHIP_RETURN(fill2DElements(dst, dstPitch, value, width, height, bits / 8, stream, false)); \
  }
UNIHIP_MEMSET_D2D(8, unsigned char)
UNIHIP_MEMSET_D2D(16, unsigned short)
UNIHIP_MEMSET_D2D(32, unsigned int)
#undef UNIHIP_MEMSET_D2D
