// An image family with no hardware behind it: arrays are host buffers, copies move bytes as the
// driver's 3D copy would (and reject what lies outside an array), texture and surface objects are
// counters with their descriptors logged. Installed on a FakeBackend (fake->imageOps = &images).
#pragma once

#include <atomic>
#include <cstdint>
#include <cstring>
#include <memory>
#include <set>
#include <vector>

#include "seam/image_ops.h"

namespace unihip::testing {

class FakeImageOps final : public ImageOps {
 public:
  struct Array {
    ArrayShape shape;
    size_t rowBytes = 0, rows = 1, slices = 1;
    std::vector<uint8_t> data;
  };
  struct Mipmap {
    std::vector<std::unique_ptr<Array>> levels;
  };

  // What the fake saw, for assertions.
  TextureResource lastResource{};
  HIP_TEXTURE_DESC lastTexture{};
  bool lastHadView = false;
  HIP_RESOURCE_VIEW_DESC lastView{};
  ImageCopy lastCopy{};
  std::atomic<int> liveArrays{0}, liveMipmaps{0};  // atomic: threaded tests create and free
  std::set<uint64_t> textures, surfaces;

  static size_t elementBytes(const ArrayShape& s) {
    int bits = 32;
    if (s.format == HIP_AD_FORMAT_UNSIGNED_INT8 || s.format == HIP_AD_FORMAT_SIGNED_INT8) bits = 8;
    if (s.format == HIP_AD_FORMAT_UNSIGNED_INT16 || s.format == HIP_AD_FORMAT_SIGNED_INT16 ||
        s.format == HIP_AD_FORMAT_HALF)
      bits = 16;
    return bits / 8 * s.channels;
  }

  static std::unique_ptr<Array> make(const ArrayShape& s) {
    auto a = std::make_unique<Array>();
    a->shape = s;
    a->rowBytes = s.width * elementBytes(s);
    a->rows = s.height ? s.height : 1;
    a->slices = s.depth ? s.depth : 1;
    a->data.assign(a->rowBytes * a->rows * a->slices, 0);
    return a;
  }

  Status arrayCreate(int, const ArrayShape& shape, NativeArray* out) override {
    if (shape.width > (1u << 16) || shape.height > (1u << 16)) return hipErrorInvalidValue;
    *out = make(shape).release();
    ++liveArrays;
    return kOk;
  }
  Status arrayDestroy(int, NativeArray array) override {
    delete static_cast<Array*>(array);
    --liveArrays;
    return kOk;
  }
  Status mipmapCreate(int, const ArrayShape& shape, unsigned levels, NativeMipmap* out) override {
    auto m = std::make_unique<Mipmap>();
    for (unsigned l = 0; l < levels; ++l) {
      ArrayShape s = shape;
      auto shrink = [l](size_t n) { return n == 0 ? 0 : (n >> l ? n >> l : 1); };
      s.width = shrink(shape.width);
      s.height = shrink(shape.height);
      if (!(shape.flags & hipArrayLayered)) s.depth = shrink(shape.depth);
      m->levels.push_back(make(s));
    }
    *out = m.release();
    ++liveMipmaps;
    return kOk;
  }
  // hipMemMapArrayAsync: the entries are kept.
  Status memMapArrayAsync(int, const ArrayMapping* list, unsigned count, NativeStream) override {
    mappings.assign(list, list + count);
    return kOk;
  }
  std::vector<ArrayMapping> mappings;
  // External memory's mipmaps: ordinary ones; the offset is remembered.
  Status externalMipmap(int device, void*, uint64_t offset, const ArrayShape& shape,
                        unsigned levels, NativeMipmap* out) override {
    lastExternalOffset = offset;
    return mipmapCreate(device, shape, levels, out);
  }
  uint64_t lastExternalOffset = 0;
  Status mipmapDestroy(int, NativeMipmap mipmap) override {
    delete static_cast<Mipmap*>(mipmap);
    --liveMipmaps;
    return kOk;
  }
  Status mipmapLevel(int, NativeMipmap mipmap, unsigned level, NativeArray* out) override {
    auto* m = static_cast<Mipmap*>(mipmap);
    if (level >= m->levels.size()) return hipErrorInvalidValue;
    *out = m->levels[level].get();
    return kOk;
  }

  // hipMipmappedArrayGetMemoryRequirements: the levels' bytes, 512-byte aligned; the device
  // asked for is remembered.
  int lastRequirementsDevice = -1;
  Status mipmapMemoryRequirements(int, NativeMipmap mipmap, const ArrayShape&, unsigned levels,
                                  int forDevice, size_t* size, size_t* alignment) override {
    auto* m = static_cast<Mipmap*>(mipmap);
    if (levels != m->levels.size()) return hipErrorInvalidValue;
    lastRequirementsDevice = forDevice;
    *size = 0;
    for (const auto& level : m->levels) *size += level->data.size();
    *alignment = 512;
    return kOk;
  }

  // Row by row, as cuMemcpy3D: an array side must hold the whole box.
  Status copy(int, const ImageCopy& c, NativeStream) override {
    lastCopy = c;
    auto at = [&](const ImageCopySide& s, size_t y, size_t z) -> uint8_t* {
      if (s.kind == ImageCopySide::Kind::Array) {
        auto* a = static_cast<Array*>(s.array);
        return a->data.data() + ((s.z + z) * a->rows + s.y + y) * a->rowBytes + s.xInBytes;
      }
      const size_t sliceRows = s.height ? s.height : c.height;
      return const_cast<uint8_t*>(static_cast<const uint8_t*>(s.ptr)) +
             ((s.z + z) * sliceRows + s.y + y) * s.pitch + s.xInBytes;
    };
    auto fits = [&](const ImageCopySide& s) {
      if (s.kind != ImageCopySide::Kind::Array) return s.pitch >= c.widthInBytes;
      auto* a = static_cast<Array*>(s.array);
      return s.xInBytes + c.widthInBytes <= a->rowBytes && s.y + c.height <= a->rows &&
             s.z + c.depth <= a->slices;
    };
    if (!fits(c.src) || !fits(c.dst)) return hipErrorInvalidValue;
    for (size_t z = 0; z < c.depth; ++z)
      for (size_t y = 0; y < c.height; ++y)
        std::memmove(at(c.dst, y, z), at(c.src, y, z), c.widthInBytes);
    return kOk;
  }

  Status textureCreate(int, const TextureResource& res, const HIP_TEXTURE_DESC& tex,
                       const HIP_RESOURCE_VIEW_DESC* view, uint64_t* out) override {
    lastResource = res;
    lastTexture = tex;
    lastHadView = view != nullptr;
    if (view) lastView = *view;
    *out = next_++;
    textures.insert(*out);
    return kOk;
  }
  Status textureDestroy(int, uint64_t object) override {
    return textures.erase(object) ? kOk : Status(hipErrorInvalidValue);
  }
  Status surfaceCreate(int, NativeArray array, uint64_t* out) override {
    if (!(static_cast<Array*>(array)->shape.flags & hipArraySurfaceLoadStore))
      return hipErrorInvalidValue;
    *out = next_++;
    surfaces.insert(*out);
    return kOk;
  }
  Status surfaceDestroy(int, uint64_t object) override {
    return surfaces.erase(object) ? kOk : Status(hipErrorInvalidValue);
  }

 private:
  uint64_t next_ = 1;
};

}  // namespace unihip::testing
