// HIP arrays and mipmapped arrays (allocation, descriptors, copies to and from arrays), over the
// backend's ImageOps (null: hipErrorNotSupported after the checks). Handles live in slabs
// (core/images.h): a garbage or destroyed one is rejected, never dereferenced.
//
// HIP semantics (AMD's runtime): null outputs or descriptors are hipErrorInvalidValue; an
// extent beyond the device's texture (and, for hipArraySurfaceLoadStore, surface) limits for the
// array's kind is hipErrorInvalidValue; freeing a null array or mipmapped array is
// hipErrorInvalidValue, one already freed or never allocated hipErrorContextIsDestroyed (AMD's
// runtime looks the handle up in its set of live arrays); the descriptor queries answer
// hipErrorInvalidHandle for a null array; 2D array copies check the
// kind, then the array (hipErrorInvalidHandle), then the linear side (null: hipErrorInvalidValue,
// pitch narrower than a row: hipErrorInvalidPitchValue).
#include <algorithm>

#include "api/api_boundary.h"
#include "api/arg_checks.h"
#include "api/image_support.h"
#include "api/memory_checks.h"
#include "core/stream_resolve.h"

using namespace unihip;

namespace {

Status checkMallocArray(hipArray_t* array, const hipChannelFormatDesc* desc, size_t width,
                        size_t height, size_t depth, unsigned flags) {
  if (array == nullptr || desc == nullptr) return hipErrorInvalidValue;
  if (!memory::validChannelFormat(*desc)) return hipErrorInvalidValue;
  int channels = 1;
  while (channels < 4 && (&desc->x)[channels] != 0) ++channels;
  return memory::checkArrayDescriptor(width, height, depth, channels, flags);
}

// A shape from a runtime-style channel descriptor (already checked).
ArrayShape shapeOf(const hipChannelFormatDesc& desc, size_t width, size_t height, size_t depth,
                   unsigned flags) {
  ArrayShape s;
  images::formatOf(desc, &s.format, &s.channels);
  s.width = width;
  s.height = height;
  s.depth = depth;
  s.flags = flags;
  return s;
}

// The current device's array of `shape`, recorded as a live handle.
Status createArray(const ArrayShape& shape, hipArray_t* out) {
  Device* d = nullptr;
  UNIHIP_TRY(currentDevice(&d));
  UNIHIP_TRY(memory::checkArrayLimits(*d->props, shape.width, shape.height, shape.depth,
                                      shape.flags, false));
  ImageOps* ops = nullptr;
  UNIHIP_TRY(images::opsOf(*d, &ops));
  NativeArray native = nullptr;
  UNIHIP_TRY(ops->arrayCreate(d->local, shape, &native));
  hipArray* a = arrayTable().create();
  a->device = d->ordinal;
  a->native = native;
  a->shape = shape;
  a->owner = nullptr;
  HandleTable<hipArray>::publish(a);
  *out = a;
  return kOk;
}

// hipFreeArray / hipArrayDestroy (the caller has refused null): a level of a mipmapped array goes
// with its mipmapped array. The handle's fields are read as it is retired: once retired, another
// thread's hipMallocArray may reuse the object (and its native array would be destroyed instead).
Status destroyArray(hipArray_t array) {
  hipArray* a = liveArray(array);
  if (a == nullptr) return hipErrorContextIsDestroyed;  // freed already, or never an array
  if (a->owner != nullptr) return hipErrorInvalidValue;
  int device = 0;
  NativeArray native = nullptr;
  if (!arrayTable().retire(a, [&](hipArray& x) {
        device = x.device;
        native = x.native;
      }))
    return hipErrorContextIsDestroyed;
  Device* d = Runtime::get().device(device);
  ImageOps* ops = nullptr;
  UNIHIP_TRY(images::opsOf(*d, &ops));
  return ops->arrayDestroy(d->local, native);
}

// A copy between an array and linear memory (rows of `width` bytes); `stream` null for the
// synchronous forms.
Status checkArrayCopy(hipArray_const_t array, const void* linear, size_t pitch, size_t width,
                      size_t height, hipMemcpyKind kind, const hipStream_t* stream, bool* empty) {
  CopyDirection dir;
  UNIHIP_TRY(memory::copyDirection(kind, &dir));
  if (stream != nullptr) {
    ResolvedStream rs;
    UNIHIP_TRY(resolveStream(*stream, &rs));
  }
  if (array == nullptr || liveArray(array) == nullptr) return hipErrorInvalidHandle;
  if (linear == nullptr) return hipErrorInvalidValue;
  if (pitch == 0 || pitch < width) return hipErrorInvalidPitchValue;
  *empty = width == 0 || height == 0;
  return kOk;
}

// 2D copies between an array (at wOffset bytes, hOffset rows) and pitched linear memory.
Status copyToArray(hipArray_t dst, size_t wOffset, size_t hOffset, const void* src,
                   size_t spitch, size_t width, size_t height, hipMemcpyKind kind,
                   hipStream_t stream, bool sync) {
  bool empty = false;
  UNIHIP_TRY(checkArrayCopy(dst, src, spitch, width, height, kind, sync ? nullptr : &stream,
                            &empty));
  if (empty) return kOk;
  CopyDirection dir;
  UNIHIP_TRY(memory::copyDirection(kind, &dir));
  hipArray* a = liveArray(dst);
  ImageCopy c;
  c.src = images::linearSide(images::linearKind(dir, true), src, spitch, height);
  c.dst = images::arraySide(a, wOffset, hOffset, 0);
  c.widthInBytes = width;
  c.height = height;
  return images::queueCopy(c, a, stream, sync);
}

Status copyFromArray(void* dst, size_t dpitch, hipArray_const_t src, size_t wOffset,
                     size_t hOffset, size_t width, size_t height, hipMemcpyKind kind,
                     hipStream_t stream, bool sync) {
  bool empty = false;
  UNIHIP_TRY(checkArrayCopy(src, dst, dpitch, width, height, kind, sync ? nullptr : &stream,
                            &empty));
  if (empty) return kOk;
  CopyDirection dir;
  UNIHIP_TRY(memory::copyDirection(kind, &dir));
  hipArray* a = liveArray(src);
  ImageCopy c;
  c.src = images::arraySide(a, wOffset, hOffset, 0);
  c.dst = images::linearSide(images::linearKind(dir, false), dst, dpitch, height);
  c.widthInBytes = width;
  c.height = height;
  return images::queueCopy(c, a, stream, sync);
}

// hipMemcpyToArray / hipMemcpyFromArray: `count` bytes in the array's row-major order from
// (wOffset bytes, hOffset rows), as CUDA defines them (AMD's runtime agrees for whole rows): a
// partial first row, whole rows, a partial last row, each one copy on the stream.
Status copyRowMajor(hipArray_const_t array, size_t wOffset, size_t hOffset, const void* linear,
                    size_t count, bool toArray, hipMemcpyKind kind, hipStream_t stream,
                    bool sync) {
  bool empty = false;
  UNIHIP_TRY(checkArrayCopy(array, linear, count, count, 1, kind, sync ? nullptr : &stream,
                            &empty));
  if (empty) return kOk;
  CopyDirection dir;
  UNIHIP_TRY(memory::copyDirection(kind, &dir));
  const hipArray* a = liveArray(array);
  const size_t rowBytes = a->shape.width * images::elementBytes(a->shape);
  const size_t rowCount = std::max<size_t>(a->shape.height, 1);  // height 0: a 1-D array
  // The whole range is checked before any copy is queued: nothing is half done.
  if (wOffset >= rowBytes || hOffset >= rowCount ||
      count > (rowCount - hOffset) * rowBytes - wOffset)
    return hipErrorInvalidValue;
  const char* at = static_cast<const char*>(linear);
  size_t x = wOffset, y = hOffset, left = count;
  while (left > 0) {
    // Whole rows from a row's start, else the rest of the row (or of the bytes).
    const bool whole = x == 0 && left >= rowBytes;
    const size_t width = whole ? rowBytes : std::min(left, rowBytes - x);
    const size_t rows = whole ? left / rowBytes : 1;
    const ImageCopySide arr = images::arraySide(a, x, y, 0);
    const ImageCopySide lin =
        images::linearSide(images::linearKind(dir, toArray), at, width, rows);
    ImageCopy c;
    c.src = toArray ? lin : arr;
    c.dst = toArray ? arr : lin;
    c.widthInBytes = width;
    c.height = rows;
    left -= width * rows;
    at += width * rows;
    UNIHIP_TRY(images::queueCopy(c, a, stream, sync && left == 0));
    x += width;
    y += rows - 1;
    if (x == rowBytes) {
      x = 0;
      ++y;
    }
  }
  return kOk;
}

// The 1D driver-style copies (hipMemcpyAtoH & co.): every handle and pointer set.
Status checkArray1D(const void* a, const void* b, const hipStream_t* stream) {
  if (stream != nullptr) {
    ResolvedStream rs;
    UNIHIP_TRY(resolveStream(*stream, &rs));
  }
  if (a == nullptr || b == nullptr) return hipErrorInvalidValue;
  return kOk;
}

// One row of `count` bytes from `src` to `dst`, each an array (at a byte offset) or linear
// memory of the given kind; `stream` null for the synchronous forms.
struct Side1D {
  hipArray_const_t array = nullptr;
  const void* ptr = nullptr;
  ImageCopySide::Kind kind = ImageCopySide::Kind::Unified;
  size_t offset = 0;
};

Status copy1D(const Side1D& dst, const Side1D& src, size_t count, const hipStream_t* stream) {
  UNIHIP_TRY(checkArray1D(dst.array ? static_cast<const void*>(dst.array) : dst.ptr,
                          src.array ? static_cast<const void*>(src.array) : src.ptr, stream));
  const hipArray* da = dst.array ? liveArray(dst.array) : nullptr;
  const hipArray* sa = src.array ? liveArray(src.array) : nullptr;
  if ((dst.array && da == nullptr) || (src.array && sa == nullptr)) return hipErrorInvalidHandle;
  if (count == 0) return kOk;
  auto side = [count](const Side1D& s, const hipArray* a) {
    return a ? images::arraySide(a, s.offset, 0, 0)
             : images::linearSide(s.kind, static_cast<const char*>(s.ptr) + s.offset, count, 1);
  };
  ImageCopy c;
  c.src = side(src, sa);
  c.dst = side(dst, da);
  c.widthInBytes = count;
  return images::queueCopy(c, da ? da : sa, stream ? *stream : nullptr, stream == nullptr);
}

Side1D arrayAt(hipArray_const_t a, size_t offset) { return {a, nullptr, {}, offset}; }
Side1D linearAt(const void* p, ImageCopySide::Kind k) { return {nullptr, p, k, 0}; }

// A mipmapped array of `levels` levels on the current device, its public fields filled.
Status createMipmap(const ArrayShape& shape, unsigned levels, hipMipmappedArray_t* out) {
  Device* d = nullptr;
  UNIHIP_TRY(currentDevice(&d));
  UNIHIP_TRY(memory::checkArrayLimits(*d->props, shape.width, shape.height, shape.depth,
                                      shape.flags, true));
  ImageOps* ops = nullptr;
  UNIHIP_TRY(images::opsOf(*d, &ops));
  NativeMipmap native = nullptr;
  UNIHIP_TRY(ops->mipmapCreate(d->local, shape, levels, &native));
  *out = images::publishMipmap(d->ordinal, native, shape, levels);
  return kOk;
}

// At least one level, and no more than a chain halving the largest dimension down to 1 has
// (a layered array's depth counts layers, not a dimension), as AMD's runtime requires.
Status checkMipmapShape(const ArrayShape& s, unsigned levels) {
  UNIHIP_TRY(memory::checkArrayDescriptor(s.width, s.height, s.depth, s.channels, s.flags));
  if (levels == 0) return hipErrorInvalidValue;
  size_t largest = std::max(s.width, s.height);
  if ((s.flags & hipArrayLayered) == 0) largest = std::max(largest, s.depth);
  unsigned maxLevels = 1;
  while (largest > 1) {
    largest >>= 1;
    ++maxLevels;
  }
  if (levels > maxLevels) return hipErrorInvalidValue;
  return kOk;
}

}  // namespace

namespace unihip::images {

Status checkMipmap(const hipChannelFormatDesc& desc, const hipExtent& extent, unsigned flags,
                   unsigned levels, ArrayShape* shape) {
  if (!memory::validChannelFormat(desc)) return hipErrorInvalidValue;
  *shape = shapeOf(desc, extent.width, extent.height, extent.depth, flags);
  return checkMipmapShape(*shape, levels);
}

hipMipmappedArray_t publishMipmap(int ordinal, NativeMipmap native, const ArrayShape& shape,
                                  unsigned levels) {
  ihipMipmap* m = mipmapTable().create();
  m->device = ordinal;
  m->native = native;
  m->shape = shape;
  m->levels = levels;
  m->levelArrays.assign(levels, nullptr);
  hipMipmappedArray& p = m->pub;
  p = hipMipmappedArray{};
  p.data = native;
  p.desc = images::channelDescOf(shape.format, shape.channels);
  p.width = static_cast<unsigned>(shape.width);
  p.height = static_cast<unsigned>(shape.height);
  p.depth = static_cast<unsigned>(shape.depth);
  p.min_mipmap_level = 0;
  p.max_mipmap_level = levels - 1;
  p.flags = shape.flags;
  p.format = shape.format;
  p.num_channels = shape.channels;
  HandleTable<ihipMipmap>::publish(m);
  return &m->pub;
}

}  // namespace unihip::images

namespace {

// hipFreeMipmappedArray / hipMipmappedArrayDestroy (the caller has refused null); as
// destroyArray, the fields are read as the handle is retired.
Status destroyMipmap(hipMipmappedArray_t handle) {
  ihipMipmap* m = liveMipmap(handle);
  if (m == nullptr) return hipErrorContextIsDestroyed;  // freed already, or never one
  RetiredMipmap r;
  if (!retireMipmap(m, &r)) return hipErrorContextIsDestroyed;
  Device* d = Runtime::get().device(r.device);
  ImageOps* ops = nullptr;
  UNIHIP_TRY(images::opsOf(*d, &ops));
  return ops->mipmapDestroy(d->local, r.native);
}

// A level's array: made on first request, owned by the mipmapped array.
Status mipmapLevel(hipArray_t* out, hipMipmappedArray_const_t handle, unsigned level) {
  ihipMipmap* m = liveMipmap(handle);
  if (m == nullptr) return hipErrorInvalidValue;
  if (level >= m->levels) return hipErrorInvalidValue;
  std::lock_guard<std::mutex> lock(m->levelsMutex);
  // Destroyed meanwhile (its levels were taken out under this mutex): nothing to add to.
  if (!isLive(m) || level >= m->levelArrays.size()) return hipErrorInvalidValue;
  if (m->levelArrays[level] == nullptr) {
    Device* d = Runtime::get().device(m->device);
    ImageOps* ops = nullptr;
    UNIHIP_TRY(images::opsOf(*d, &ops));
    NativeArray native = nullptr;
    UNIHIP_TRY(ops->mipmapLevel(d->local, m->native, level, &native));
    auto shrink = [level](size_t n) { return n == 0 ? 0 : std::max<size_t>(1, n >> level); };
    hipArray* a = arrayTable().create();
    a->device = m->device;
    a->native = native;
    a->shape = m->shape;
    a->shape.width = shrink(m->shape.width);
    a->shape.height = shrink(m->shape.height);
    if (!(m->shape.flags & hipArrayLayered)) a->shape.depth = shrink(m->shape.depth);
    a->owner = m;
    HandleTable<hipArray>::publish(a);
    m->levelArrays[level] = a;
  }
  *out = m->levelArrays[level];
  return kOk;
}

// AMD's codes: no output, no mipmapped array (hipErrorInvalidHandle), one not live. AMD's runtime
// answers for the array's own device whatever `device` says; a device of the array's vendor is
// asked for, any other stands for the array's own.
Status mipmapRequirements(hipArrayMemoryRequirements* out, hipMipmappedArray_t handle,
                          hipDevice_t device) {
  if (out == nullptr) return hipErrorInvalidValue;
  if (handle == nullptr) return hipErrorInvalidHandle;
  ihipMipmap* m = liveMipmap(handle);
  if (m == nullptr) return hipErrorInvalidValue;
  Device* d = Runtime::get().device(m->device);
  ImageOps* ops = nullptr;
  UNIHIP_TRY(images::opsOf(*d, &ops));
  const Device* t = Runtime::get().device(device);
  const int forDevice = t != nullptr && t->backend == d->backend ? t->local : d->local;
  size_t size = 0, alignment = 0;
  UNIHIP_TRY(ops->mipmapMemoryRequirements(d->local, m->native, m->shape, m->levels, forDevice,
                                           &size, &alignment));
  out->size = size;
  out->alignment = alignment;
  return kOk;
}

}  // namespace

UNIHIP_EXPORT hipError_t hipMallocArray(hipArray_t* array, const hipChannelFormatDesc* desc,
                                        size_t width, size_t height, unsigned int flags) {
  UNIHIP_TRACE_hipMallocArray(array, desc, width, height, flags);
  Status s = checkMallocArray(array, desc, width, height, 0, flags);
  if (!s.ok()) UNIHIP_RETURN(s);
  UNIHIP_RETURN(createArray(shapeOf(*desc, width, height, 0, flags), array));
}

UNIHIP_EXPORT hipError_t hipMalloc3DArray(hipArray_t* array,
                                          const struct hipChannelFormatDesc* desc,
                                          struct hipExtent extent, unsigned int flags) {
  UNIHIP_TRACE_hipMalloc3DArray(array, desc, extent, flags);
  Status s = checkMallocArray(array, desc, extent.width, extent.height, extent.depth, flags);
  if (!s.ok()) UNIHIP_RETURN(s);
  UNIHIP_RETURN(
      createArray(shapeOf(*desc, extent.width, extent.height, extent.depth, flags), array));
}

UNIHIP_EXPORT hipError_t hipArrayCreate(hipArray_t* pHandle,
                                        const HIP_ARRAY_DESCRIPTOR* pAllocateArray) {
  UNIHIP_TRACE_hipArrayCreate(pHandle, pAllocateArray);
  if (pHandle == nullptr || pAllocateArray == nullptr) UNIHIP_RETURN(hipErrorInvalidValue);
  const HIP_ARRAY_DESCRIPTOR& d = *pAllocateArray;
  Status s = memory::checkArrayDescriptor(d.Width, d.Height, 0, d.NumChannels, hipArrayDefault);
  if (s.ok() && !images::validFormat(d.Format)) s = hipErrorInvalidValue;
  if (!s.ok()) UNIHIP_RETURN(s);
  UNIHIP_RETURN(createArray({d.Width, d.Height, 0, d.Format, d.NumChannels, 0}, pHandle));
}

UNIHIP_EXPORT hipError_t hipArray3DCreate(hipArray_t* array,
                                          const HIP_ARRAY3D_DESCRIPTOR* pAllocateArray) {
  UNIHIP_TRACE_hipArray3DCreate(array, pAllocateArray);
  if (array == nullptr || pAllocateArray == nullptr) UNIHIP_RETURN(hipErrorInvalidValue);
  const HIP_ARRAY3D_DESCRIPTOR& d = *pAllocateArray;
  Status s = memory::checkArrayDescriptor(d.Width, d.Height, d.Depth, d.NumChannels, d.Flags);
  if (s.ok() && !images::validFormat(d.Format)) s = hipErrorInvalidValue;
  if (!s.ok()) UNIHIP_RETURN(s);
  UNIHIP_RETURN(
      createArray({d.Width, d.Height, d.Depth, d.Format, d.NumChannels, d.Flags}, array));
}

UNIHIP_EXPORT hipError_t hipFreeArray(hipArray_t array) {
  UNIHIP_TRACE_hipFreeArray(array);
  if (array == nullptr) UNIHIP_RETURN(hipErrorInvalidValue);
  UNIHIP_RETURN(destroyArray(array));
}

UNIHIP_EXPORT hipError_t hipArrayDestroy(hipArray_t array) {
  UNIHIP_TRACE_hipArrayDestroy(array);
  if (array == nullptr) UNIHIP_RETURN(hipErrorInvalidValue);
  UNIHIP_RETURN(destroyArray(array));
}

UNIHIP_EXPORT hipError_t hipArrayGetInfo(hipChannelFormatDesc* desc, hipExtent* extent,
                                         unsigned int* flags, hipArray_t array) {
  UNIHIP_TRACE_hipArrayGetInfo(desc, extent, flags, array);
  const hipArray* a = liveArray(array);
  if (a == nullptr) UNIHIP_RETURN(hipErrorInvalidHandle);
  if (desc != nullptr) *desc = images::channelDescOf(a->shape.format, a->shape.channels);
  if (extent != nullptr) *extent = make_hipExtent(a->shape.width, a->shape.height, a->shape.depth);
  if (flags != nullptr) *flags = a->shape.flags;
  UNIHIP_RETURN(kOk);
}

UNIHIP_EXPORT hipError_t hipArrayGetDescriptor(HIP_ARRAY_DESCRIPTOR* pArrayDescriptor,
                                               hipArray_t array) {
  UNIHIP_TRACE_hipArrayGetDescriptor(pArrayDescriptor, array);
  const hipArray* a = liveArray(array);
  if (a == nullptr) UNIHIP_RETURN(hipErrorInvalidHandle);
  if (pArrayDescriptor == nullptr) UNIHIP_RETURN(hipErrorInvalidValue);
  *pArrayDescriptor = {a->shape.width, a->shape.height, a->shape.format, a->shape.channels};
  UNIHIP_RETURN(kOk);
}

UNIHIP_EXPORT hipError_t hipArray3DGetDescriptor(HIP_ARRAY3D_DESCRIPTOR* pArrayDescriptor,
                                                 hipArray_t array) {
  UNIHIP_TRACE_hipArray3DGetDescriptor(pArrayDescriptor, array);
  const hipArray* a = liveArray(array);
  if (a == nullptr) UNIHIP_RETURN(hipErrorInvalidHandle);
  if (pArrayDescriptor == nullptr) UNIHIP_RETURN(hipErrorInvalidValue);
  *pArrayDescriptor = {a->shape.width,  a->shape.height,   a->shape.depth,
                       a->shape.format, a->shape.channels, a->shape.flags};
  UNIHIP_RETURN(kOk);
}

// 2D copies between arrays and linear memory.
UNIHIP_EXPORT hipError_t hipMemcpy2DToArray(hipArray_t dst, size_t wOffset, size_t hOffset,
                                            const void* src, size_t spitch, size_t width,
                                            size_t height, hipMemcpyKind kind) {
  UNIHIP_TRACE_hipMemcpy2DToArray(dst, wOffset, hOffset, src, spitch, width, height, kind);
  UNIHIP_RETURN(
      copyToArray(dst, wOffset, hOffset, src, spitch, width, height, kind, nullptr, true));
}

UNIHIP_EXPORT hipError_t hipMemcpy2DToArrayAsync(hipArray_t dst, size_t wOffset, size_t hOffset,
                                                 const void* src, size_t spitch, size_t width,
                                                 size_t height, hipMemcpyKind kind,
                                                 hipStream_t stream) {
  UNIHIP_TRACE_hipMemcpy2DToArrayAsync(dst, wOffset, hOffset, src, spitch, width, height, kind,
                                       stream);
  UNIHIP_RETURN(
      copyToArray(dst, wOffset, hOffset, src, spitch, width, height, kind, stream, false));
}

UNIHIP_EXPORT hipError_t hipMemcpy2DToArray_spt(hipArray_t dst, size_t wOffset, size_t hOffset,
                                                const void* src, size_t spitch, size_t width,
                                                size_t height, hipMemcpyKind kind) {
  UNIHIP_TRACE_hipMemcpy2DToArray_spt(dst, wOffset, hOffset, src, spitch, width, height, kind);
  UNIHIP_RETURN(copyToArray(dst, wOffset, hOffset, src, spitch, width, height, kind,
                            hipStreamPerThread, true));
}

UNIHIP_EXPORT hipError_t hipMemcpy2DToArrayAsync_spt(hipArray_t dst, size_t wOffset,
                                                     size_t hOffset, const void* src,
                                                     size_t spitch, size_t width, size_t height,
                                                     hipMemcpyKind kind, hipStream_t stream) {
  UNIHIP_TRACE_hipMemcpy2DToArrayAsync_spt(dst, wOffset, hOffset, src, spitch, width, height, kind,
                                           stream);
  UNIHIP_RETURN(copyToArray(dst, wOffset, hOffset, src, spitch, width, height, kind,
                            unihipPerThreadStream(stream), false));
}

UNIHIP_EXPORT hipError_t hipMemcpy2DFromArray(void* dst, size_t dpitch, hipArray_const_t src,
                                              size_t wOffset, size_t hOffset, size_t width,
                                              size_t height, hipMemcpyKind kind) {
  UNIHIP_TRACE_hipMemcpy2DFromArray(dst, dpitch, src, wOffset, hOffset, width, height, kind);
  UNIHIP_RETURN(
      copyFromArray(dst, dpitch, src, wOffset, hOffset, width, height, kind, nullptr, true));
}

UNIHIP_EXPORT hipError_t hipMemcpy2DFromArrayAsync(void* dst, size_t dpitch, hipArray_const_t src,
                                                   size_t wOffset, size_t hOffset, size_t width,
                                                   size_t height, hipMemcpyKind kind,
                                                   hipStream_t stream) {
  UNIHIP_TRACE_hipMemcpy2DFromArrayAsync(dst, dpitch, src, wOffset, hOffset, width, height, kind,
                                         stream);
  UNIHIP_RETURN(
      copyFromArray(dst, dpitch, src, wOffset, hOffset, width, height, kind, stream, false));
}

UNIHIP_EXPORT hipError_t hipMemcpy2DFromArray_spt(void* dst, size_t dpitch, hipArray_const_t src,
                                                  size_t wOffset, size_t hOffset, size_t width,
                                                  size_t height, hipMemcpyKind kind) {
  UNIHIP_TRACE_hipMemcpy2DFromArray_spt(dst, dpitch, src, wOffset, hOffset, width, height, kind);
  UNIHIP_RETURN(copyFromArray(dst, dpitch, src, wOffset, hOffset, width, height, kind,
                              hipStreamPerThread, true));
}

UNIHIP_EXPORT hipError_t hipMemcpy2DFromArrayAsync_spt(void* dst, size_t dpitch,
                                                       hipArray_const_t src, size_t wOffsetSrc,
                                                       size_t hOffsetSrc, size_t width,
                                                       size_t height, hipMemcpyKind kind,
                                                       hipStream_t stream) {
  UNIHIP_TRACE_hipMemcpy2DFromArrayAsync_spt(dst, dpitch, src, wOffsetSrc, hOffsetSrc, width,
                                             height, kind, stream);
  UNIHIP_RETURN(copyFromArray(dst, dpitch, src, wOffsetSrc, hOffsetSrc, width, height, kind,
                              unihipPerThreadStream(stream), false));
}

UNIHIP_EXPORT hipError_t hipMemcpy2DArrayToArray(hipArray_t dst, size_t wOffsetDst,
                                                 size_t hOffsetDst, hipArray_const_t src,
                                                 size_t wOffsetSrc, size_t hOffsetSrc,
                                                 size_t width, size_t height, hipMemcpyKind kind) {
  UNIHIP_TRACE_hipMemcpy2DArrayToArray(dst, wOffsetDst, hOffsetDst, src, wOffsetSrc, hOffsetSrc,
                                       width, height, kind);
  CopyDirection dir;
  Status s = memory::copyDirection(kind, &dir);
  const hipArray* da = liveArray(dst);
  const hipArray* sa = liveArray(src);
  if (s.ok() && (da == nullptr || sa == nullptr)) s = hipErrorInvalidHandle;
  if (!s.ok() || width == 0 || height == 0) UNIHIP_RETURN(s);
  ImageCopy c;
  c.src = images::arraySide(sa, wOffsetSrc, hOffsetSrc, 0);
  c.dst = images::arraySide(da, wOffsetDst, hOffsetDst, 0);
  c.widthInBytes = width;
  c.height = height;
  UNIHIP_RETURN(images::queueCopy(c, da, nullptr, true));
}

// Row-major copies (the deprecated hipMemcpyToArray / FromArray): `count` bytes from an offset.
UNIHIP_EXPORT hipError_t hipMemcpyToArray(hipArray_t dst, size_t wOffset, size_t hOffset,
                                          const void* src, size_t count, hipMemcpyKind kind) {
  UNIHIP_TRACE_hipMemcpyToArray(dst, wOffset, hOffset, src, count, kind);
  UNIHIP_RETURN(copyRowMajor(dst, wOffset, hOffset, src, count, true, kind, nullptr, true));
}

UNIHIP_EXPORT hipError_t hipMemcpyFromArray(void* dst, hipArray_const_t srcArray, size_t wOffset,
                                            size_t hOffset, size_t count, hipMemcpyKind kind) {
  UNIHIP_TRACE_hipMemcpyFromArray(dst, srcArray, wOffset, hOffset, count, kind);
  UNIHIP_RETURN(copyRowMajor(srcArray, wOffset, hOffset, dst, count, false, kind, nullptr, true));
}

UNIHIP_EXPORT hipError_t hipMemcpyFromArray_spt(void* dst, hipArray_const_t src,
                                                size_t wOffsetSrc, size_t hOffset, size_t count,
                                                hipMemcpyKind kind) {
  UNIHIP_TRACE_hipMemcpyFromArray_spt(dst, src, wOffsetSrc, hOffset, count, kind);
  UNIHIP_RETURN(
      copyRowMajor(src, wOffsetSrc, hOffset, dst, count, false, kind, hipStreamPerThread, true));
}

// Driver-style 1D copies with arrays.
UNIHIP_EXPORT hipError_t hipMemcpyAtoA(hipArray_t dstArray, size_t dstOffset, hipArray_t srcArray,
                                       size_t srcOffset, size_t ByteCount) {
  UNIHIP_TRACE_hipMemcpyAtoA(dstArray, dstOffset, srcArray, srcOffset, ByteCount);
  UNIHIP_RETURN(
      copy1D(arrayAt(dstArray, dstOffset), arrayAt(srcArray, srcOffset), ByteCount, nullptr));
}

UNIHIP_EXPORT hipError_t hipMemcpyAtoD(hipDeviceptr_t dstDevice, hipArray_t srcArray,
                                       size_t srcOffset, size_t ByteCount) {
  UNIHIP_TRACE_hipMemcpyAtoD(dstDevice, srcArray, srcOffset, ByteCount);
  UNIHIP_RETURN(copy1D(linearAt(dstDevice, ImageCopySide::Kind::Device),
                       arrayAt(srcArray, srcOffset), ByteCount, nullptr));
}

UNIHIP_EXPORT hipError_t hipMemcpyDtoA(hipArray_t dstArray, size_t dstOffset,
                                       hipDeviceptr_t srcDevice, size_t ByteCount) {
  UNIHIP_TRACE_hipMemcpyDtoA(dstArray, dstOffset, srcDevice, ByteCount);
  UNIHIP_RETURN(copy1D(arrayAt(dstArray, dstOffset),
                       linearAt(srcDevice, ImageCopySide::Kind::Device), ByteCount, nullptr));
}

UNIHIP_EXPORT hipError_t hipMemcpyAtoH(void* dst, hipArray_t srcArray, size_t srcOffset,
                                       size_t count) {
  UNIHIP_TRACE_hipMemcpyAtoH(dst, srcArray, srcOffset, count);
  UNIHIP_RETURN(copy1D(linearAt(dst, ImageCopySide::Kind::Host), arrayAt(srcArray, srcOffset),
                       count, nullptr));
}

UNIHIP_EXPORT hipError_t hipMemcpyHtoA(hipArray_t dstArray, size_t dstOffset, const void* srcHost,
                                       size_t count) {
  UNIHIP_TRACE_hipMemcpyHtoA(dstArray, dstOffset, srcHost, count);
  UNIHIP_RETURN(copy1D(arrayAt(dstArray, dstOffset),
                       linearAt(srcHost, ImageCopySide::Kind::Host), count, nullptr));
}

UNIHIP_EXPORT hipError_t hipMemcpyAtoHAsync(void* dstHost, hipArray_t srcArray, size_t srcOffset,
                                            size_t ByteCount, hipStream_t stream) {
  UNIHIP_TRACE_hipMemcpyAtoHAsync(dstHost, srcArray, srcOffset, ByteCount, stream);
  UNIHIP_RETURN(copy1D(linearAt(dstHost, ImageCopySide::Kind::Host),
                       arrayAt(srcArray, srcOffset), ByteCount, &stream));
}

UNIHIP_EXPORT hipError_t hipMemcpyHtoAAsync(hipArray_t dstArray, size_t dstOffset,
                                            const void* srcHost, size_t ByteCount,
                                            hipStream_t stream) {
  UNIHIP_TRACE_hipMemcpyHtoAAsync(dstArray, dstOffset, srcHost, ByteCount, stream);
  UNIHIP_RETURN(copy1D(arrayAt(dstArray, dstOffset),
                       linearAt(srcHost, ImageCopySide::Kind::Host), ByteCount, &stream));
}

// Mipmapped arrays.
UNIHIP_EXPORT hipError_t hipMallocMipmappedArray(hipMipmappedArray_t* mipmappedArray,
                                                 const struct hipChannelFormatDesc* desc,
                                                 struct hipExtent extent, unsigned int numLevels,
                                                 unsigned int flags) {
  UNIHIP_TRACE_hipMallocMipmappedArray(mipmappedArray, desc, extent, numLevels, flags);
  if (mipmappedArray == nullptr || desc == nullptr) UNIHIP_RETURN(hipErrorInvalidValue);
  if (!memory::validChannelFormat(*desc)) UNIHIP_RETURN(hipErrorInvalidValue);
  const ArrayShape shape = shapeOf(*desc, extent.width, extent.height, extent.depth, flags);
  UNIHIP_RETURN_IF_FAILED(checkMipmapShape(shape, numLevels));
  UNIHIP_RETURN(createMipmap(shape, numLevels, mipmappedArray));
}

UNIHIP_EXPORT hipError_t hipFreeMipmappedArray(hipMipmappedArray_t mipmappedArray) {
  UNIHIP_TRACE_hipFreeMipmappedArray(mipmappedArray);
  if (mipmappedArray == nullptr) UNIHIP_RETURN(hipErrorInvalidValue);
  UNIHIP_RETURN(destroyMipmap(mipmappedArray));
}

UNIHIP_EXPORT hipError_t hipGetMipmappedArrayLevel(hipArray_t* levelArray,
                                                   hipMipmappedArray_const_t mipmappedArray,
                                                   unsigned int level) {
  UNIHIP_TRACE_hipGetMipmappedArrayLevel(levelArray, mipmappedArray, level);
  if (levelArray == nullptr) UNIHIP_RETURN(hipErrorInvalidValue);
  if (mipmappedArray == nullptr) UNIHIP_RETURN(hipErrorInvalidHandle);  // AMD's answer
  UNIHIP_RETURN(mipmapLevel(levelArray, mipmappedArray, level));
}

UNIHIP_EXPORT hipError_t hipMipmappedArrayCreate(hipMipmappedArray_t* pHandle,
                                                 HIP_ARRAY3D_DESCRIPTOR* pMipmappedArrayDesc,
                                                 unsigned int numMipmapLevels) {
  UNIHIP_TRACE_hipMipmappedArrayCreate(pHandle, pMipmappedArrayDesc, numMipmapLevels);
  if (pHandle == nullptr || pMipmappedArrayDesc == nullptr) UNIHIP_RETURN(hipErrorInvalidValue);
  const HIP_ARRAY3D_DESCRIPTOR& d = *pMipmappedArrayDesc;
  if (!images::validFormat(d.Format)) UNIHIP_RETURN(hipErrorInvalidValue);
  const ArrayShape shape{d.Width, d.Height, d.Depth, d.Format, d.NumChannels, d.Flags};
  UNIHIP_RETURN_IF_FAILED(checkMipmapShape(shape, numMipmapLevels));
  UNIHIP_RETURN(createMipmap(shape, numMipmapLevels, pHandle));
}

UNIHIP_EXPORT hipError_t hipMipmappedArrayDestroy(hipMipmappedArray_t hMipmappedArray) {
  UNIHIP_TRACE_hipMipmappedArrayDestroy(hMipmappedArray);
  if (hMipmappedArray == nullptr) UNIHIP_RETURN(hipErrorInvalidValue);
  UNIHIP_RETURN(destroyMipmap(hMipmappedArray));
}

UNIHIP_EXPORT hipError_t hipMipmappedArrayGetLevel(hipArray_t* pLevelArray,
                                                   hipMipmappedArray_t hMipMappedArray,
                                                   unsigned int level) {
  UNIHIP_TRACE_hipMipmappedArrayGetLevel(pLevelArray, hMipMappedArray, level);
  if (pLevelArray == nullptr) UNIHIP_RETURN(hipErrorInvalidValue);
  if (hMipMappedArray == nullptr) UNIHIP_RETURN(hipErrorInvalidHandle);  // AMD's answer
  UNIHIP_RETURN(mipmapLevel(pLevelArray, hMipMappedArray, level));
}

UNIHIP_EXPORT hipError_t hipMipmappedArrayGetMemoryRequirements(
    hipArrayMemoryRequirements* memoryRequirements, hipMipmappedArray_t mipmap,
    hipDevice_t device) {
  UNIHIP_TRACE_hipMipmappedArrayGetMemoryRequirements(memoryRequirements, mipmap, device);
  UNIHIP_RETURN(mipmapRequirements(memoryRequirements, mipmap, device));
}
