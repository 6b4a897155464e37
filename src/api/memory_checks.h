// Argument checks shared by the memory family's entry points (copies, fills, allocations), in
// the order and with the codes AMD's runtime uses. No allocation; only checkFill takes a (shared)
// lock, for the allocation lookup: the async copy path calls none that lock.
#pragma once

#include <cstdint>

#include "backend.h"
#include "base/allocation_map.h"
#include "core/runtime.h"
#include "base/status.h"

namespace unihip::memory {

// hipMemcpyKind -> CopyDirection; hipErrorInvalidMemcpyDirection for any other value.
inline Status copyDirection(hipMemcpyKind kind, CopyDirection* dir) {
  switch (kind) {
    case hipMemcpyHostToHost: *dir = CopyDirection::HostToHost; return kOk;
    case hipMemcpyHostToDevice: *dir = CopyDirection::HostToDevice; return kOk;
    case hipMemcpyDeviceToHost: *dir = CopyDirection::DeviceToHost; return kOk;
    case hipMemcpyDeviceToDevice:
    case hipMemcpyDeviceToDeviceNoCU: *dir = CopyDirection::DeviceToDevice; return kOk;
    case hipMemcpyDefault: *dir = CopyDirection::Default; return kOk;
  }
  return hipErrorInvalidMemcpyDirection;
}

// A linear copy: the kind first, then null pointers (a zero-byte copy may name none).
inline Status checkCopy(void* dst, const void* src, size_t size, hipMemcpyKind kind,
                        CopyDirection* dir) {
  UNIHIP_TRY(copyDirection(kind, dir));
  if (size != 0 && (dst == nullptr || src == nullptr)) return hipErrorInvalidValue;
  return kOk;
}

// A fill of `count` elements of `elementSize` bytes (1, 2 or 4): nothing to do for none; else a
// null or misaligned destination is hipErrorInvalidValue, as is a byte size past SIZE_MAX, and so
// is a range outside the memory unihip allocated (AMD: e.g. a host stack address).
inline Status checkFill(const void* dst, size_t count, size_t elementSize) {
  if (count == 0) return kOk;
  if (dst == nullptr) return hipErrorInvalidValue;
  if (reinterpret_cast<uintptr_t>(dst) % elementSize != 0) return hipErrorInvalidValue;
  if (count > SIZE_MAX / elementSize) return hipErrorInvalidValue;
  if (!AllocationMap::get().containsRange(dst, count * elementSize)) return hipErrorInvalidValue;
  return kOk;
}

// A 2D copy's geometry (hipMemcpy2D*): the kind, then nothing to do for an empty extent, then
// a row wider than either pitch is hipErrorInvalidPitchValue, then null pointers.
inline Status check2DCopy(void* dst, size_t dpitch, const void* src, size_t spitch, size_t width,
                          size_t height, hipMemcpyKind kind, bool* empty) {
  CopyDirection dir;
  UNIHIP_TRY(copyDirection(kind, &dir));
  *empty = width == 0 || height == 0;
  if (*empty) return kOk;
  if (width > dpitch || width > spitch) return hipErrorInvalidPitchValue;
  if (dst == nullptr || src == nullptr) return hipErrorInvalidValue;
  return kOk;
}

// A 2D fill's geometry (hipMemset2D*): nothing to do for an empty extent; a null destination or
// a row wider than the pitch is hipErrorInvalidValue.
inline Status check2DFill(const void* dst, size_t pitch, size_t width, size_t height,
                          bool* empty) {
  *empty = width == 0 || height == 0;
  if (*empty) return kOk;
  if (dst == nullptr) return hipErrorInvalidValue;
  if (height > 1 && pitch < width) return hipErrorInvalidValue;
  return kOk;
}

// A HIP device ordinal -> its Device; hipErrorInvalidDevice when out of range.
inline Status deviceByOrdinal(int ordinal, Device** out) {
  Runtime& rt = Runtime::get();
  if (rt.deviceCount() == 0) return hipErrorNoDevice;
  *out = rt.device(ordinal);
  return *out != nullptr ? kOk : Status(hipErrorInvalidDevice);
}

// One side of a driver-style copy (hip_Memcpy2D / HIP_MEMCPY3D): its memory type names the
// field that must be set; a linear side's pitch (0: packed) must hold the row it copies.
inline Status checkCopySide(hipMemoryType type, const void* host, const void* device,
                            hipArray_const_t array, size_t pitch, size_t xInBytes,
                            size_t widthInBytes) {
  switch (type) {
    case hipMemoryTypeHost:
      if (host == nullptr) return hipErrorInvalidValue;
      break;
    case hipMemoryTypeDevice:
    case hipMemoryTypeUnified:
      if (device == nullptr) return hipErrorInvalidValue;
      break;
    case hipMemoryTypeArray: return array != nullptr ? kOk : Status(hipErrorInvalidValue);
    default: return hipErrorInvalidValue;
  }
  if (pitch != 0 && (xInBytes > pitch || widthInBytes > pitch - xInBytes))
    return hipErrorInvalidValue;
  return kOk;
}

// A driver-style 3D copy: nothing to do for an empty extent, else both sides checked.
inline Status checkDrvCopy3D(const HIP_MEMCPY3D* c, bool* empty) {
  if (c == nullptr) return hipErrorInvalidValue;
  *empty = c->WidthInBytes == 0 || c->Height == 0 || c->Depth == 0;
  if (*empty) return kOk;
  UNIHIP_TRY(checkCopySide(c->srcMemoryType, c->srcHost, c->srcDevice, c->srcArray, c->srcPitch,
                           c->srcXInBytes, c->WidthInBytes));
  return checkCopySide(c->dstMemoryType, c->dstHost, c->dstDevice, c->dstArray, c->dstPitch,
                       c->dstXInBytes, c->WidthInBytes);
}

inline Status checkDrvCopy2D(const hip_Memcpy2D* c, bool* empty) {
  if (c == nullptr) return hipErrorInvalidValue;
  *empty = c->WidthInBytes == 0 || c->Height == 0;
  if (*empty) return kOk;
  UNIHIP_TRY(checkCopySide(c->srcMemoryType, c->srcHost, c->srcDevice, c->srcArray, c->srcPitch,
                           c->srcXInBytes, c->WidthInBytes));
  return checkCopySide(c->dstMemoryType, c->dstHost, c->dstDevice, c->dstArray, c->dstPitch,
                       c->dstXInBytes, c->WidthInBytes);
}

// A runtime-style 3D copy (hipMemcpy3DParms): exactly one of array and pointer per side, a
// known kind, nothing to do for an empty extent, linear pitches that hold a row.
inline Status checkCopy3D(const hipMemcpy3DParms* p, bool* empty) {
  if (p == nullptr) return hipErrorInvalidValue;
  if ((p->srcArray != nullptr) == (p->srcPtr.ptr != nullptr) ||
      (p->dstArray != nullptr) == (p->dstPtr.ptr != nullptr))
    return hipErrorInvalidValue;
  CopyDirection dir;
  UNIHIP_TRY(copyDirection(p->kind, &dir));
  *empty = p->extent.width == 0 || p->extent.height == 0 || p->extent.depth == 0;
  if (*empty) return kOk;
  if ((p->srcArray == nullptr && p->srcPtr.pitch < p->extent.width) ||
      (p->dstArray == nullptr && p->dstPtr.pitch < p->extent.width))
    return hipErrorInvalidPitchValue;
  return kOk;
}

// A 3D fill (hipMemset3D*): nothing to do for an empty extent; a null pointer or a pitch
// narrower than a row is hipErrorInvalidValue.
inline Status check3DFill(const hipPitchedPtr& p, const hipExtent& extent, bool* empty) {
  *empty = extent.width == 0 || extent.height == 0 || extent.depth == 0;
  if (*empty) return kOk;
  if (p.ptr == nullptr || p.pitch < extent.width) return hipErrorInvalidValue;
  return kOk;
}

// A channel format an array can hold: signed, unsigned or float channels of 8, 16 or 32 bits
// (float: 16 or 32), all the same size, 1, 2 or 4 of them.
inline bool validChannelFormat(const hipChannelFormatDesc& d) {
  if (d.f != hipChannelFormatKindSigned && d.f != hipChannelFormatKindUnsigned &&
      d.f != hipChannelFormatKindFloat)
    return false;
  if (d.x != 8 && d.x != 16 && d.x != 32) return false;
  if (d.f == hipChannelFormatKindFloat && d.x == 8) return false;
  const int bits[4] = {d.x, d.y, d.z, d.w};
  int channels = 1;
  while (channels < 4 && bits[channels] != 0) ++channels;
  for (int i = 1; i < 4; ++i)
    if (i < channels ? bits[i] != d.x : bits[i] != 0) return false;
  return channels != 3;
}

// An array descriptor: 1, 2 or 4 channels, a width, the flags HIP knows, texture gather only for
// 2D arrays; a cubemap has square faces and six of them (a layered one, six per layer), as
// CUDA's cudaMalloc3DArray requires.
inline Status checkArrayDescriptor(size_t width, size_t height, size_t depth,
                                   unsigned numChannels, unsigned flags) {
  if (numChannels != 1 && numChannels != 2 && numChannels != 4) return hipErrorInvalidValue;
  if ((flags & ~(hipArrayLayered | hipArraySurfaceLoadStore | hipArrayCubemap |
                 hipArrayTextureGather)) != 0)
    return hipErrorInvalidValue;
  if ((flags & hipArrayTextureGather) && (width == 0 || height == 0 || depth != 0))
    return hipErrorInvalidValue;
  if (width == 0) return hipErrorInvalidValue;
  if (flags & hipArrayCubemap) {
    if (flags & hipArrayTextureGather) return hipErrorInvalidValue;
    if (height != width) return hipErrorInvalidValue;
    const bool layered = (flags & hipArrayLayered) != 0;
    if (layered ? (depth == 0 || depth % 6 != 0) : depth != 6) return hipErrorInvalidValue;
  }
  return kOk;
}

// An array's extent within the device's limits for its kind (AMD's runtime checks them against
// the device's image limits): 1D, 2D or 3D textures, layered, cubemap and texture-gather arrays,
// and for hipArraySurfaceLoadStore also the surface limits; `mipmapped` uses the mipmapped 1D/2D
// limits. Depth counts layers for a layered array. A limit the device reports as 0 is not
// checked. Called after checkArrayDescriptor.
inline Status checkArrayLimits(const hipDeviceProp_t& p, size_t width, size_t height,
                               size_t depth, unsigned flags, bool mipmapped) {
  bool ok = true;
  auto within = [&ok](size_t value, int limit) {
    if (limit > 0 && value > static_cast<size_t>(limit)) ok = false;
  };
  auto within2 = [&within](const int (&limit)[2], size_t a, size_t b) {
    within(a, limit[0]);
    within(b, limit[1]);
  };
  auto within3 = [&within](const int (&limit)[3], size_t a, size_t b, size_t c) {
    within(a, limit[0]);
    within(b, limit[1]);
    within(c, limit[2]);
  };
  const bool layered = (flags & hipArrayLayered) != 0;
  const bool surface = (flags & hipArraySurfaceLoadStore) != 0;
  if (flags & hipArrayCubemap) {
    if (!layered) {
      within(width, p.maxTextureCubemap);
      if (surface) within(width, p.maxSurfaceCubemap);
    } else {  // depth: 6 faces per layer
      within2(p.maxTextureCubemapLayered, width, depth);
      if (surface) within2(p.maxSurfaceCubemapLayered, width, depth);
    }
  } else if (flags & hipArrayTextureGather) {
    within2(p.maxTexture2DGather, width, height);
  } else if (layered && height == 0) {
    within2(p.maxTexture1DLayered, width, depth);
    if (surface) within2(p.maxSurface1DLayered, width, depth);
  } else if (layered) {
    within3(p.maxTexture2DLayered, width, height, depth);
    if (surface) within3(p.maxSurface2DLayered, width, height, depth);
  } else if (height == 0 && depth == 0) {
    within(width, mipmapped ? p.maxTexture1DMipmap : p.maxTexture1D);
    if (surface) within(width, p.maxSurface1D);
  } else if (depth == 0) {
    within2(mipmapped ? p.maxTexture2DMipmap : p.maxTexture2D, width, height);
    if (surface) within2(p.maxSurface2D, width, height);
  } else {
    within3(p.maxTexture3D, width, height, depth);
    if (surface) within3(p.maxSurface3D, width, height, depth);
  }
  return ok ? kOk : Status(hipErrorInvalidValue);
}

}  // namespace unihip::memory
