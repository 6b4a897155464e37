// What the images family's entry points share (hip_arrays.cpp, hip_texture.cpp and the array
// sides of hip_memory_2d3d.cpp): channel formats, the device's ImageOps, copies with an array
// side queued on a stream.
#pragma once

#include "api/memory_checks.h"
#include "core/images.h"
#include "core/stream_resolve.h"

namespace unihip::images {

inline bool validFormat(int f) {
  switch (f) {
    case HIP_AD_FORMAT_UNSIGNED_INT8:
    case HIP_AD_FORMAT_UNSIGNED_INT16:
    case HIP_AD_FORMAT_UNSIGNED_INT32:
    case HIP_AD_FORMAT_SIGNED_INT8:
    case HIP_AD_FORMAT_SIGNED_INT16:
    case HIP_AD_FORMAT_SIGNED_INT32:
    case HIP_AD_FORMAT_HALF:
    case HIP_AD_FORMAT_FLOAT: return true;
  }
  return false;
}

inline bool isIntegerFormat(hipArray_Format f) {
  return f != HIP_AD_FORMAT_HALF && f != HIP_AD_FORMAT_FLOAT;
}

// A channel descriptor (memory::validChannelFormat) as the driver's format and channel count;
// false for one the driver has no format for.
inline bool formatOf(const hipChannelFormatDesc& d, hipArray_Format* f, unsigned* channels) {
  if (!memory::validChannelFormat(d)) return false;
  const int bits[4] = {d.x, d.y, d.z, d.w};
  unsigned n = 1;
  while (n < 4 && bits[n] != 0) ++n;
  *channels = n;
  switch (d.f) {
    case hipChannelFormatKindSigned:
      *f = d.x == 8 ? HIP_AD_FORMAT_SIGNED_INT8
                    : d.x == 16 ? HIP_AD_FORMAT_SIGNED_INT16 : HIP_AD_FORMAT_SIGNED_INT32;
      return true;
    case hipChannelFormatKindUnsigned:
      *f = d.x == 8 ? HIP_AD_FORMAT_UNSIGNED_INT8
                    : d.x == 16 ? HIP_AD_FORMAT_UNSIGNED_INT16 : HIP_AD_FORMAT_UNSIGNED_INT32;
      return true;
    case hipChannelFormatKindFloat:
      *f = d.x == 16 ? HIP_AD_FORMAT_HALF : HIP_AD_FORMAT_FLOAT;
      return true;
    default: return false;
  }
}

inline int formatBits(hipArray_Format f) {
  switch (f) {
    case HIP_AD_FORMAT_UNSIGNED_INT8:
    case HIP_AD_FORMAT_SIGNED_INT8: return 8;
    case HIP_AD_FORMAT_UNSIGNED_INT16:
    case HIP_AD_FORMAT_SIGNED_INT16:
    case HIP_AD_FORMAT_HALF: return 16;
    default: return 32;
  }
}

inline size_t elementBytes(const ArrayShape& s) {
  return static_cast<size_t>(formatBits(s.format)) / 8 * s.channels;
}

inline hipChannelFormatDesc channelDescOf(hipArray_Format f, unsigned channels) {
  const int b = formatBits(f);
  hipChannelFormatKind k = hipChannelFormatKindFloat;
  if (f == HIP_AD_FORMAT_SIGNED_INT8 || f == HIP_AD_FORMAT_SIGNED_INT16 ||
      f == HIP_AD_FORMAT_SIGNED_INT32)
    k = hipChannelFormatKindSigned;
  else if (isIntegerFormat(f))
    k = hipChannelFormatKindUnsigned;
  return {b, channels > 1 ? b : 0, channels > 2 ? b : 0, channels > 3 ? b : 0, k};
}

// The device's image family; hipErrorNotSupported when its vendor has none.
inline Status opsOf(const Device& d, ImageOps** out) {
  *out = d.backend->images();
  return *out != nullptr ? kOk : Status(hipErrorNotSupported);
}

// The linear side of a copy, from the caller's hipMemcpyKind (Default: the driver finds it).
inline ImageCopySide::Kind linearKind(CopyDirection dir, bool source) {
  switch (dir) {
    case CopyDirection::HostToHost: return ImageCopySide::Kind::Host;
    case CopyDirection::HostToDevice:
      return source ? ImageCopySide::Kind::Host : ImageCopySide::Kind::Device;
    case CopyDirection::DeviceToHost:
      return source ? ImageCopySide::Kind::Device : ImageCopySide::Kind::Host;
    case CopyDirection::DeviceToDevice: return ImageCopySide::Kind::Device;
    case CopyDirection::Default: break;
  }
  return ImageCopySide::Kind::Unified;
}

inline ImageCopySide arraySide(const hipArray* a, size_t xInBytes, size_t y, size_t z) {
  ImageCopySide s;
  s.kind = ImageCopySide::Kind::Array;
  s.array = a->native;
  s.xInBytes = xInBytes;
  s.y = y;
  s.z = z;
  return s;
}

inline ImageCopySide linearSide(ImageCopySide::Kind kind, const void* ptr, size_t pitch,
                                size_t height) {
  ImageCopySide s;
  s.kind = kind;
  s.ptr = ptr;
  s.pitch = pitch;
  s.height = height;
  return s;
}

// A runtime-style mipmap description checked as hipMallocMipmappedArray checks it.
Status checkMipmap(const hipChannelFormatDesc& desc, const hipExtent& extent, unsigned flags,
                   unsigned levels, ArrayShape* shape);
// Records a native mipmapped array of `ordinal` as a live hipMipmappedArray_t.
hipMipmappedArray_t publishMipmap(int ordinal, NativeMipmap native, const ArrayShape& shape,
                                  unsigned levels);

// Queues `c` on `stream` (whose device must share the arrays' vendor); the synchronous forms
// wait for it. `array` is one of the copy's arrays.
inline Status queueCopy(const ImageCopy& c, const hipArray* array, hipStream_t stream,
                        bool sync) {
  ResolvedStream rs;
  UNIHIP_TRY(resolveStream(stream, &rs));
  const Device* owner = Runtime::get().device(array->device);
  if (owner == nullptr || owner->backend != rs.device->backend) return hipErrorInvalidValue;
  ImageOps* ops = nullptr;
  UNIHIP_TRY(opsOf(*rs.device, &ops));
  UNIHIP_TRY(ops->copy(rs.device->local, c, rs.native));
  return sync ? rs.device->backend->streamSynchronize(rs.device->local, rs.native) : kOk;
}

}  // namespace unihip::images
