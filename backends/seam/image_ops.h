// Seam family "arrays, texture and surface objects" (issues 11 and 15): optional, handed out by
// Backend::images() (null when a vendor lacks it). Ordinals are the backend's; the API layer
// validated the arguments and resolved unihip's handles to the native ones below.
#pragma once

#include <cstdint>

#include "base/status.h"
#include "seam/handles.h"

namespace unihip {

using NativeArray = void*;
using NativeMipmap = void*;

// An array's shape and element, in the driver's terms (HIP_ARRAY3D_DESCRIPTOR's fields: width in
// elements, height 0 for 1D, depth 0 for 1D/2D or the layer count of a layered array).
struct ArrayShape {
  size_t width = 0;
  size_t height = 0;
  size_t depth = 0;
  hipArray_Format format = HIP_AD_FORMAT_FLOAT;
  unsigned channels = 1;
  unsigned flags = 0;  // hipArrayLayered, hipArraySurfaceLoadStore, hipArrayTextureGather, ...
};

// One side of a copy between arrays and linear memory. Linear sides: `ptr`, `pitch` bytes per
// row and `height` rows per slice; `unified` lets the driver find where `ptr` lives.
struct ImageCopySide {
  enum class Kind : uint8_t { Host, Device, Unified, Array } kind = Kind::Unified;
  const void* ptr = nullptr;
  NativeArray array = nullptr;
  size_t xInBytes = 0, y = 0, z = 0;
  size_t pitch = 0, height = 0;
};

struct ImageCopy {
  ImageCopySide src, dst;
  size_t widthInBytes = 0, height = 1, depth = 1;
};

// A texture's resource in driver form: HIP_RESOURCE_DESC with its array or mipmapped array
// replaced by the native handle.
struct TextureResource {
  HIP_RESOURCE_DESC desc{};
  NativeArray array = nullptr;
  NativeMipmap mipmap = nullptr;
};

// One hipMemMapArrayAsync entry: HIP's, checked, with the vendor's handles beside it (HIP's
// resource and memHandle fields still hold unihip's).
struct ArrayMapping {
  hipArrayMapInfo info{};
  void* resource = nullptr;  // NativeArray or NativeMipmap, as info.resourceType says
  uint64_t memory = 0;       // NativeAllocation (a map; 0 for an unmap)
};

class ImageOps {
 public:
  virtual ~ImageOps() = default;

  virtual Status arrayCreate(int device, const ArrayShape& shape, NativeArray* out) = 0;
  virtual Status arrayDestroy(int device, NativeArray array) = 0;
  virtual Status mipmapCreate(int device, const ArrayShape& shape, unsigned levels,
                              NativeMipmap* out) = 0;
  virtual Status mipmapDestroy(int device, NativeMipmap mipmap) = 0;
  // The level's array belongs to the mipmapped array (never destroyed on its own).
  virtual Status mipmapLevel(int device, NativeMipmap mipmap, unsigned level,
                             NativeArray* out) = 0;

  // hipMipmappedArrayGetMemoryRequirements: the size and alignment backing memory of the
  // mipmapped array `mipmap` (of `shape` and `levels`) needs on backend device `forDevice`.
  virtual Status mipmapMemoryRequirements(int device, NativeMipmap mipmap, const ArrayShape& shape,
                                          unsigned levels, int forDevice, size_t* size,
                                          size_t* alignment) {
    (void)device, (void)mipmap, (void)shape, (void)levels, (void)forDevice, (void)size,
        (void)alignment;
    return hipErrorNotSupported;
  }

  // Queues the copy on `stream`.
  virtual Status copy(int device, const ImageCopy& copy, NativeStream stream) = 0;

  // Objects are the 64-bit handles kernels read through (hipTextureObject_t's value).
  virtual Status textureCreate(int device, const TextureResource& res,
                               const HIP_TEXTURE_DESC& tex, const HIP_RESOURCE_VIEW_DESC* view,
                               uint64_t* out) = 0;
  virtual Status textureDestroy(int device, uint64_t object) = 0;
  virtual Status surfaceCreate(int device, NativeArray array, uint64_t* out) = 0;
  virtual Status surfaceDestroy(int device, uint64_t object) = 0;

  // hipMemMapArrayAsync: `count` entries, HIP's with native handles (ArrayMapping), ordered on
  // `stream`.
  virtual Status memMapArrayAsync(int device, const struct ArrayMapping* list, unsigned count,
                                  NativeStream stream) {
    (void)device, (void)list, (void)count, (void)stream;
    return hipErrorNotSupported;
  }

  // hipExternalMemoryGetMappedMipmappedArray: a mipmapped array of `shape` and `levels` over
  // imported memory (memory pools family) at `offset`; freed with mipmapDestroy.
  virtual Status externalMipmap(int device, void* memory /* NativeExternalMemory */, uint64_t offset,
                                const ArrayShape& shape, unsigned levels, NativeMipmap* out) {
    (void)device, (void)memory, (void)offset, (void)shape, (void)levels, (void)out;
    return hipErrorNotSupported;
  }
};

}  // namespace unihip
