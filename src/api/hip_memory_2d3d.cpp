// Pitched allocations and 2D/3D copies: hipMallocPitch, hipMemAllocPitch, hipMalloc3D and
// hipMemcpy2D* are implemented (generic rows over the seam: core/pitched_memory.h);
// hipMemcpyParam2D*, hipMemcpy3D* and hipDrvMemcpy3D* too for linear memory; a copy with an
// array side goes to the backend's ImageOps (api/image_support.h).
//
// HIP semantics (AMD's runtime): an empty extent does nothing; the kind is checked first
// (hipErrorInvalidMemcpyDirection), then a row wider than a pitch (hipErrorInvalidPitchValue),
// then null pointers (hipErrorInvalidValue); the async forms also check their stream.
#include "api/api_boundary.h"
#include "api/copy_3d.h"
#include "api/image_support.h"
#include "api/memory_allocation.h"
#include "api/memory_checks.h"
#include "core/pitched_memory.h"
#include "core/stream_resolve.h"

using namespace unihip;

namespace {

// Whether a synchronous 2-D/3-D copy waits for its stream: not when both sides are device
// memory, as AMD's runtime (ihipMemcpyParam3D) and CUDA do no host-side synchronization for
// device-to-device copies; the legacy stream still orders them.
bool waitsForCopy(bool sync, CopyDirection dir) {
  return sync && dir != CopyDirection::DeviceToDevice;
}

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

// `height` rows of `width` bytes at the current device's pitch.
Status mallocPitch(void** ptr, size_t* pitch, size_t width, size_t height) {
  Device* d = nullptr;
  UNIHIP_TRY(currentDevice(&d));
  const size_t p = pitched::pitchFor(*d->props, width);
  if (height > SIZE_MAX / p) return hipErrorOutOfMemory;
  UNIHIP_TRY(memory::allocateDevice(ptr, p * height));
  *pitch = p;
  return kOk;
}

// A 2D copy: geometry and stream checked as above, then the rows queued on the stream; the
// synchronous forms wait for them (waitsForCopy).
Status copy2D(void* dst, size_t dpitch, const void* src, size_t spitch, size_t width,
              size_t height, hipMemcpyKind kind, hipStream_t stream, bool sync) {
  bool empty = false;
  UNIHIP_TRY(check2DCopy(dst, dpitch, src, spitch, width, height, kind, &stream, &empty));
  if (empty) return kOk;
  ResolvedStream rs;
  UNIHIP_TRY(resolveStream(stream, &rs));
  CopyDirection dir;
  UNIHIP_TRY(memory::copyDirection(kind, &dir));
  UNIHIP_TRY(pitched::copy(*rs.device, dst, dpitch, 0, src, spitch, 0, {width, height, 1}, dir,
                           rs.native));
  if (!waitsForCopy(sync, dir)) return kOk;
  return rs.device->backend->streamSynchronize(rs.device->local, rs.native);
}

}  // namespace

namespace {
Status checkCopy3DOn(const hipMemcpy3DParms* p, const hipStream_t* stream, bool* empty) {
  UNIHIP_TRY(memory::checkCopy3D(p, empty));
  if (stream != nullptr) {
    ResolvedStream rs;
    UNIHIP_TRY(resolveStream(*stream, &rs));
  }
  return kOk;
}

// One linear side of a 2-D/3-D copy: its first byte, row pitch and slice pitch.
struct LinearSide {
  const char* at = nullptr;
  size_t pitch = 0;
  size_t slice = 0;
};

// Queues the rows on `stream` (null: the legacy default stream); the synchronous forms wait
// (waitsForCopy).
Status queueCopy(const LinearSide& dst, const LinearSide& src, const pitched::Region& r,
                 CopyDirection dir, hipStream_t stream, bool sync) {
  ResolvedStream rs;
  UNIHIP_TRY(resolveStream(stream, &rs));
  UNIHIP_TRY(pitched::copy(*rs.device, const_cast<char*>(dst.at), dst.pitch, dst.slice, src.at,
                           src.pitch, src.slice, r, dir, rs.native));
  if (!waitsForCopy(sync, dir)) return kOk;
  return rs.device->backend->streamSynchronize(rs.device->local, rs.native);
}

// hipMemcpy3D* with an array side: the extent and an array's position count its elements, a
// pointer's position bytes.
Status copy3DArrays(const hipMemcpy3DParms* p, hipStream_t stream, bool sync) {
  const hipArray* sa = p->srcArray ? liveArray(p->srcArray) : nullptr;
  const hipArray* da = p->dstArray ? liveArray(p->dstArray) : nullptr;
  if ((p->srcArray && !sa) || (p->dstArray && !da)) return hipErrorInvalidHandle;
  const hipArray* a = sa ? sa : da;
  const size_t element = images::elementBytes(a->shape);
  CopyDirection dir;
  UNIHIP_TRY(memory::copyDirection(p->kind, &dir));
  auto side = [&](const hipArray* arr, const hipPitchedPtr& ptr, const hipPos& pos, bool src) {
    if (arr != nullptr) {
      return images::arraySide(arr, pos.x * images::elementBytes(arr->shape), pos.y, pos.z);
    }
    ImageCopySide s = images::linearSide(images::linearKind(dir, src), ptr.ptr, ptr.pitch,
                                         ptr.ysize);
    s.xInBytes = pos.x;
    s.y = pos.y;
    s.z = pos.z;
    return s;
  };
  const size_t widthInBytes = p->extent.width * element;
  // A pointer side's rows must hold the extent's elements (checkCopy3D counted bytes).
  if ((!sa && p->srcPtr.pitch < widthInBytes) || (!da && p->dstPtr.pitch < widthInBytes))
    return hipErrorInvalidPitchValue;
  ImageCopy c;
  c.src = side(sa, p->srcPtr, p->srcPos, true);
  c.dst = side(da, p->dstPtr, p->dstPos, false);
  c.widthInBytes = widthInBytes;
  c.height = p->extent.height;
  c.depth = p->extent.depth;
  return images::queueCopy(c, a, stream, sync);
}

// hipMemcpy3D*: pitched pointers at positions, or arrays.
Status copy3D(const hipMemcpy3DParms* p, hipStream_t stream, bool sync) {
  bool empty = false;
  UNIHIP_TRY(checkCopy3DOn(p, &stream, &empty));
  if (empty) return kOk;
  if (p->srcArray != nullptr || p->dstArray != nullptr) return copy3DArrays(p, stream, sync);
  const hipExtent& e = p->extent;
  // Slices are ysize rows apart: fewer rows than the extent's would overlap the next slice.
  if (e.depth > 1 && (p->srcPtr.ysize < e.height || p->dstPtr.ysize < e.height))
    return hipErrorInvalidValue;
  auto side = [](const hipPitchedPtr& ptr, const hipPos& pos) {
    LinearSide s;
    s.pitch = ptr.pitch;
    s.slice = ptr.pitch * ptr.ysize;
    s.at = static_cast<const char*>(ptr.ptr) + pos.z * s.slice + pos.y * s.pitch + pos.x;
    return s;
  };
  CopyDirection dir;
  UNIHIP_TRY(memory::copyDirection(p->kind, &dir));
  return queueCopy(side(p->dstPtr, p->dstPos), side(p->srcPtr, p->srcPos),
                   {e.width, e.height, e.depth}, dir, stream, sync);
}

// One linear side of a driver-style copy (hip_Memcpy2D, HIP_MEMCPY3D). A pitch of 0 means
// packed rows; `sliceRows` of 0, slices of the copy's own height. When the side's pointer lies in
// an allocation unihip made, the region it reads or writes (from the position, `r`'s rows and
// slices) must lie inside that allocation: hipErrorInvalidValue otherwise, as AMD's runtime
// validates the region against the memory object. Memory unihip does not know (pageable host
// memory) is the driver's to judge.
Status driverSide(hipMemoryType type, const void* host, const void* device, size_t pitch,
                  size_t x, size_t y, size_t z, size_t sliceRows, const pitched::Region& r,
                  LinearSide* out) {
  out->pitch = pitch ? pitch : r.width;
  out->slice = out->pitch * (sliceRows ? sliceRows : r.height);
  const char* base = static_cast<const char*>(type == hipMemoryTypeHost ? host : device);
  // Offsets that overflow cannot name memory anywhere.
  size_t rowOffset = 0, offset = 0, extent = 0;
  if (__builtin_mul_overflow(y, out->pitch, &rowOffset) ||
      __builtin_add_overflow(rowOffset, x, &rowOffset) ||
      __builtin_mul_overflow(z, out->slice, &offset) ||
      __builtin_add_overflow(offset, rowOffset, &offset) ||
      __builtin_add_overflow(offset, pitched::extentBytes(out->pitch, out->slice, r), &extent))
    return hipErrorInvalidValue;
  Allocation a;
  if (AllocationMap::get().find(base, &a)) {
    const size_t room = static_cast<size_t>(static_cast<const char*>(a.base) + a.size - base);
    if (extent > room) return hipErrorInvalidValue;
  }
  out->at = base + offset;
  return kOk;
}

// The direction of a driver-style copy between linear sides of known memory types (unified
// memory, or a mix with it: the driver looks at the addresses).
CopyDirection driverDirection(hipMemoryType src, hipMemoryType dst) {
  const bool srcHost = src == hipMemoryTypeHost, dstHost = dst == hipMemoryTypeHost;
  const bool srcDevice = src == hipMemoryTypeDevice, dstDevice = dst == hipMemoryTypeDevice;
  if (srcHost && dstDevice) return CopyDirection::HostToDevice;
  if (srcDevice && dstHost) return CopyDirection::DeviceToHost;
  if (srcDevice && dstDevice) return CopyDirection::DeviceToDevice;
  return CopyDirection::Default;
}

// A driver-style side as the image family's (an array, or linear memory of the given type).
Status imageSide(hipMemoryType type, const void* host, const void* device, hipArray_const_t array,
                 size_t pitch, size_t x, size_t y, size_t z, size_t sliceRows, size_t width,
                 size_t height, ImageCopySide* out, const hipArray** arrayOut) {
  if (type == hipMemoryTypeArray) {
    const hipArray* a = liveArray(array);
    if (a == nullptr) return hipErrorInvalidHandle;
    *out = images::arraySide(a, x, y, z);
    *arrayOut = a;
    return kOk;
  }
  const ImageCopySide::Kind kind = type == hipMemoryTypeHost     ? ImageCopySide::Kind::Host
                                   : type == hipMemoryTypeDevice ? ImageCopySide::Kind::Device
                                                                 : ImageCopySide::Kind::Unified;
  *out = images::linearSide(kind, type == hipMemoryTypeHost ? host : device,
                            pitch ? pitch : width, sliceRows ? sliceRows : height);
  out->xInBytes = x;
  out->y = y;
  out->z = z;
  return kOk;
}

// A driver-style copy with an array side (HIP_MEMCPY3D's fields; a 2D copy has one slice).
Status copyDriverArrays(const HIP_MEMCPY3D& c, hipStream_t stream, bool sync) {
  ImageCopy ic;
  const hipArray* a = nullptr;
  UNIHIP_TRY(imageSide(c.srcMemoryType, c.srcHost, c.srcDevice, c.srcArray, c.srcPitch,
                       c.srcXInBytes, c.srcY, c.srcZ, c.srcHeight, c.WidthInBytes, c.Height,
                       &ic.src, &a));
  UNIHIP_TRY(imageSide(c.dstMemoryType, c.dstHost, c.dstDevice, c.dstArray, c.dstPitch,
                       c.dstXInBytes, c.dstY, c.dstZ, c.dstHeight, c.WidthInBytes, c.Height,
                       &ic.dst, &a));
  ic.widthInBytes = c.WidthInBytes;
  ic.height = c.Height;
  ic.depth = c.Depth;
  return images::queueCopy(ic, a, stream, sync);
}

Status copyDriver2D(const hip_Memcpy2D* c, hipStream_t stream, bool sync) {
  bool empty = false;
  UNIHIP_TRY(memory::checkDrvCopy2D(c, &empty));
  if (empty) return kOk;
  if (c->srcMemoryType == hipMemoryTypeArray || c->dstMemoryType == hipMemoryTypeArray) {
    HIP_MEMCPY3D c3{};
    c3.srcXInBytes = c->srcXInBytes;
    c3.srcY = c->srcY;
    c3.srcMemoryType = c->srcMemoryType;
    c3.srcHost = c->srcHost;
    c3.srcDevice = c->srcDevice;
    c3.srcArray = c->srcArray;
    c3.srcPitch = c->srcPitch;
    c3.dstXInBytes = c->dstXInBytes;
    c3.dstY = c->dstY;
    c3.dstMemoryType = c->dstMemoryType;
    c3.dstHost = c->dstHost;
    c3.dstDevice = c->dstDevice;
    c3.dstArray = c->dstArray;
    c3.dstPitch = c->dstPitch;
    c3.WidthInBytes = c->WidthInBytes;
    c3.Height = c->Height;
    c3.Depth = 1;
    return copyDriverArrays(c3, stream, sync);
  }
  LinearSide src, dst;
  const pitched::Region r{c->WidthInBytes, c->Height, 1};
  UNIHIP_TRY(driverSide(c->srcMemoryType, c->srcHost, c->srcDevice, c->srcPitch, c->srcXInBytes,
                        c->srcY, 0, 0, r, &src));
  UNIHIP_TRY(driverSide(c->dstMemoryType, c->dstHost, c->dstDevice, c->dstPitch, c->dstXInBytes,
                        c->dstY, 0, 0, r, &dst));
  return queueCopy(dst, src, r, driverDirection(c->srcMemoryType, c->dstMemoryType), stream,
                   sync);
}

Status copyDriver3D(const HIP_MEMCPY3D* c, hipStream_t stream, bool sync) {
  bool empty = false;
  UNIHIP_TRY(memory::checkDrvCopy3D(c, &empty));
  if (empty) return kOk;
  if ((c->srcHeight && c->srcHeight < c->Height) || (c->dstHeight && c->dstHeight < c->Height))
    return hipErrorInvalidValue;
  if (c->srcMemoryType == hipMemoryTypeArray || c->dstMemoryType == hipMemoryTypeArray)
    return copyDriverArrays(*c, stream, sync);
  LinearSide src, dst;
  const pitched::Region r{c->WidthInBytes, c->Height, c->Depth};
  UNIHIP_TRY(driverSide(c->srcMemoryType, c->srcHost, c->srcDevice, c->srcPitch, c->srcXInBytes,
                        c->srcY, c->srcZ, c->srcHeight, r, &src));
  UNIHIP_TRY(driverSide(c->dstMemoryType, c->dstHost, c->dstDevice, c->dstPitch, c->dstXInBytes,
                        c->dstY, c->dstZ, c->dstHeight, r, &dst));
  return queueCopy(dst, src, r, driverDirection(c->srcMemoryType, c->dstMemoryType), stream,
                   sync);
}
}  // namespace

UNIHIP_EXPORT hipError_t hipMallocPitch(void** ptr, size_t* pitch, size_t width, size_t height) {
  UNIHIP_TRACE_hipMallocPitch(ptr, pitch, width, height);
  bool empty = false;
  Status s = checkMallocPitch(ptr, pitch, width, height, &empty);
  if (!s.ok() || empty) UNIHIP_RETURN(s);
  UNIHIP_RETURN(mallocPitch(ptr, pitch, width, height));
}

UNIHIP_EXPORT hipError_t hipMemAllocPitch(hipDeviceptr_t* dptr, size_t* pitch, size_t widthInBytes,
                                          size_t height, unsigned int elementSizeBytes) {
  UNIHIP_TRACE_hipMemAllocPitch(dptr, pitch, widthInBytes, height, elementSizeBytes);
  if (widthInBytes == 0 || height == 0) UNIHIP_RETURN(hipErrorInvalidValue);
  if (elementSizeBytes != 4 && elementSizeBytes != 8 && elementSizeBytes != 16)
    UNIHIP_RETURN(hipErrorInvalidValue);
  bool empty = false;
  Status s = checkMallocPitch(dptr, pitch, widthInBytes, height, &empty);
  if (!s.ok()) UNIHIP_RETURN(s);
  UNIHIP_RETURN(mallocPitch(dptr, pitch, widthInBytes, height));
}

UNIHIP_EXPORT hipError_t hipMemcpy2D(void* dst, size_t dpitch, const void* src, size_t spitch,
                                     size_t width, size_t height, hipMemcpyKind kind) {
  UNIHIP_TRACE_hipMemcpy2D(dst, dpitch, src, spitch, width, height, kind);
  UNIHIP_RETURN(copy2D(dst, dpitch, src, spitch, width, height, kind, nullptr, true));
}

UNIHIP_EXPORT hipError_t hipMemcpy2DAsync(void* dst, size_t dpitch, const void* src,
                                          size_t spitch, size_t width, size_t height,
                                          hipMemcpyKind kind, hipStream_t stream) {
  UNIHIP_TRACE_hipMemcpy2DAsync(dst, dpitch, src, spitch, width, height, kind, stream);
  UNIHIP_RETURN(copy2D(dst, dpitch, src, spitch, width, height, kind, stream, false));
}

UNIHIP_EXPORT hipError_t hipMemcpy2D_spt(void* dst, size_t dpitch, const void* src, size_t spitch,
                                         size_t width, size_t height, hipMemcpyKind kind) {
  UNIHIP_TRACE_hipMemcpy2D_spt(dst, dpitch, src, spitch, width, height, kind);
  UNIHIP_RETURN(
      copy2D(dst, dpitch, src, spitch, width, height, kind, hipStreamPerThread, true));
}

UNIHIP_EXPORT hipError_t hipMemcpy2DAsync_spt(void* dst, size_t dpitch, const void* src,
                                              size_t spitch, size_t width, size_t height,
                                              hipMemcpyKind kind, hipStream_t stream) {
  UNIHIP_TRACE_hipMemcpy2DAsync_spt(dst, dpitch, src, spitch, width, height, kind, stream);
  UNIHIP_RETURN(copy2D(dst, dpitch, src, spitch, width, height, kind,
                       unihipPerThreadStream(stream), false));
}

// Driver-style 2D copies (hip_Memcpy2D).
UNIHIP_EXPORT hipError_t hipMemcpyParam2D(const hip_Memcpy2D* pCopy) {
  UNIHIP_TRACE_hipMemcpyParam2D(pCopy);
  UNIHIP_RETURN(copyDriver2D(pCopy, nullptr, true));
}

UNIHIP_EXPORT hipError_t hipMemcpyParam2DAsync(const hip_Memcpy2D* pCopy, hipStream_t stream) {
  UNIHIP_TRACE_hipMemcpyParam2DAsync(pCopy, stream);
  ResolvedStream rs;  // the stream first, as AMD checks it
  Status s = resolveStream(stream, &rs);
  if (!s.ok()) UNIHIP_RETURN(s);
  UNIHIP_RETURN(copyDriver2D(pCopy, stream, false));
}

UNIHIP_EXPORT hipError_t hipDrvMemcpy2DUnaligned(const hip_Memcpy2D* pCopy) {
  UNIHIP_TRACE_hipDrvMemcpy2DUnaligned(pCopy);
  UNIHIP_RETURN(copyDriver2D(pCopy, nullptr, true));
}

// 3D memory.
UNIHIP_EXPORT hipError_t hipMalloc3D(hipPitchedPtr* pitchedDevPtr, hipExtent extent) {
  UNIHIP_TRACE_hipMalloc3D(pitchedDevPtr, extent);
  if (pitchedDevPtr == nullptr) UNIHIP_RETURN(hipErrorInvalidValue);
  if (extent.width == 0 || extent.height == 0 || extent.depth == 0) {
    pitchedDevPtr->ptr = nullptr;
    UNIHIP_RETURN(kOk);
  }
  if (extent.height > SIZE_MAX / extent.depth) UNIHIP_RETURN(hipErrorOutOfMemory);
  void* ptr = nullptr;
  size_t pitch = 0;
  Status s = mallocPitch(&ptr, &pitch, extent.width, extent.height * extent.depth);
  if (s.ok()) *pitchedDevPtr = make_hipPitchedPtr(ptr, pitch, extent.width, extent.height);
  UNIHIP_RETURN(s);
}


Status memory::copy3D(const hipMemcpy3DParms* p, hipStream_t stream, bool sync) {
  return ::copy3D(p, stream, sync);
}

UNIHIP_EXPORT hipError_t hipMemcpy3D(const struct hipMemcpy3DParms* p) {
  UNIHIP_TRACE_hipMemcpy3D(p);
  UNIHIP_RETURN(copy3D(p, nullptr, true));
}

UNIHIP_EXPORT hipError_t hipMemcpy3DAsync(const struct hipMemcpy3DParms* p, hipStream_t stream) {
  UNIHIP_TRACE_hipMemcpy3DAsync(p, stream);
  UNIHIP_RETURN(copy3D(p, stream, false));
}

UNIHIP_EXPORT hipError_t hipMemcpy3D_spt(const struct hipMemcpy3DParms* p) {
  UNIHIP_TRACE_hipMemcpy3D_spt(p);
  UNIHIP_RETURN(copy3D(p, hipStreamPerThread, true));
}

UNIHIP_EXPORT hipError_t hipMemcpy3DAsync_spt(const hipMemcpy3DParms* p, hipStream_t stream) {
  UNIHIP_TRACE_hipMemcpy3DAsync_spt(p, stream);
  UNIHIP_RETURN(copy3D(p, unihipPerThreadStream(stream), false));
}

UNIHIP_EXPORT hipError_t hipDrvMemcpy3D(const HIP_MEMCPY3D* pCopy) {
  UNIHIP_TRACE_hipDrvMemcpy3D(pCopy);
  UNIHIP_RETURN(copyDriver3D(pCopy, nullptr, true));
}

UNIHIP_EXPORT hipError_t hipDrvMemcpy3DAsync(const HIP_MEMCPY3D* pCopy, hipStream_t stream) {
  UNIHIP_TRACE_hipDrvMemcpy3DAsync(pCopy, stream);
  ResolvedStream rs;  // the stream first, as AMD checks it
  Status s = resolveStream(stream, &rs);
  if (!s.ok()) UNIHIP_RETURN(s);
  UNIHIP_RETURN(copyDriver3D(pCopy, stream, false));
}
