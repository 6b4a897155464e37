// The images family (arrays, texture and surface objects) on AMD, through ROCr's image extension
// as AMD's runtime does it: an array is an hsa_ext_image_t over device memory sized by
// hsa_ext_image_data_get_info; copies with an array side are hsa_ext_image_import/export/copy
// (synchronous in ROCr: the stream's earlier work is waited for first, so the Async forms are
// ordered but return when done); a texture object is 80 bytes of device memory holding the
// image SRD (48 bytes) then the sampler SRD (32 bytes, HIP_SAMPLER_OBJECT_OFFSET_DWORD), a
// surface object 48 bytes holding an image SRD. The hsa_ext_image_t / hsa_ext_sampler_t handles
// are the device addresses of ROCr's SRDs, copied from there. Without the extension's entry
// points HsaBackend::images() is null (hipErrorNotSupported).
// A mipmapped array is one array (one image) per level, level i of extent max(1, n >> i) (layers
// kept); a texture over it names a device table of its levels' SRDs at byte 72 of the object
// (include/hip/unihip/texture_lod.h), from which the Lod/Grad fetches pick levels in software.
// Resource views: a format of the same element size over the same memory, a range of mipmap
// levels; a range of layers is not supported (ROCr's images have no first-layer offset).
// Not supported on AMD here: memory mapping of arrays, mipmapped arrays over external memory;
// an array copy on a capturing stream is refused (it waits for the stream). A sampler has one
// address mode (the first dimension's) and ROCr's border colour.
// unihip-coverage: not-supported hipExternalMemoryGetMappedMipmappedArray (AMD: imported memory is not laid out as ROCr images here)
// unihip-coverage: not-supported hipMipmappedArrayGetMemoryRequirements (AMD: a level is its own image here, no one allocation to describe)
#pragma once

#include <hsa/hsa.h>
#include <hsa/hsa_ext_image.h>

#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <vector>

#include "backend.h"
#include "hsa_loader.h"
#include "seam/image_ops.h"

namespace unihip::hsa {

// What the family needs of the backend it belongs to.
struct HsaImageHooks {
  std::function<hsa_agent_t(int)> agentOf;  // the GPU agent of a backend ordinal
};

// A native array (NativeArray points to one).
struct HsaArray {
  ArrayShape shape;
  hsa_ext_image_descriptor_t descriptor{};  // geometry and the element's own format
  hsa_ext_image_t image{0};
  void* allocation = nullptr;  // backend.malloc's block
  void* data = nullptr;        // the image data in it, aligned as ROCr asked
  size_t elementBytes = 0;
};

// A native mipmapped array (NativeMipmap points to one): its levels, each an array.
struct HsaMipmap {
  ArrayShape shape;
  std::vector<HsaArray*> levels;  // owned
};

class HsaImages final : public ImageOps {
 public:
  // Null when ROCr lacks an entry point of the image extension.
  static std::unique_ptr<HsaImages> create(Backend& backend, const HsaApi& api,
                                           HsaImageHooks hooks);
  HsaImages(Backend& backend, const HsaApi& api, HsaImageHooks hooks)
      : backend_(backend), api_(api), hooks_(std::move(hooks)) {}
  // Destroys the objects still alive (the backend's teardown, while its devices are up).
  void releaseAll();

  Status arrayCreate(int device, const ArrayShape& shape, NativeArray* out) override;
  Status arrayDestroy(int device, NativeArray array) override;
  Status mipmapCreate(int device, const ArrayShape& shape, unsigned levels,
                      NativeMipmap* out) override;
  Status mipmapDestroy(int device, NativeMipmap mipmap) override;
  Status mipmapLevel(int device, NativeMipmap mipmap, unsigned level, NativeArray* out) override;
  Status copy(int device, const ImageCopy& copy, NativeStream stream) override;
  Status textureCreate(int device, const TextureResource& res, const HIP_TEXTURE_DESC& tex,
                       const HIP_RESOURCE_VIEW_DESC* view, uint64_t* out) override;
  Status textureDestroy(int device, uint64_t object) override;
  Status surfaceCreate(int device, NativeArray array, uint64_t* out) override;
  Status surfaceDestroy(int device, uint64_t object) override;

 private:
  // A texture or surface object: its device memory and the ROCr objects its SRDs came from.
  struct Object {
    int device = 0;
    hsa_ext_image_t image{0};
    hsa_ext_sampler_t sampler{0};  // 0 for a surface
    std::vector<hsa_ext_image_t> levels;  // a mipmapped texture's, one per level of its view
    void* table = nullptr;                // their level table (texture_lod.h)
  };
  // What a texture reads: geometry, data, element and layout.
  struct TextureSource {
    hsa_ext_image_descriptor_t d{};
    const void* data = nullptr;
    bool linear = false;
    size_t rowPitch = 0;
    hipArray_Format format = HIP_AD_FORMAT_FLOAT;
    unsigned channels = 1;
  };
  Status textureSource(const TextureResource& res, const HIP_RESOURCE_VIEW_DESC* view,
                       TextureSource* out, unsigned* firstLevel, unsigned* levelCount);
  Status textureImage(int device, const TextureSource& src, bool normalizedRead,
                      hsa_ext_image_t* out);
  Status levelTable(int device, const TextureResource& res, const HIP_TEXTURE_DESC& tex,
                    const TextureSource& src, unsigned first, unsigned count, Object* o);
  Status copyArrays(int device, const ImageCopy& c);
  Status copyLinear(int device, const ImageCopy& c);
  Status publish(int device, const Object& o, uint64_t* out);
  Status destroyObject(int device, uint64_t object);
  void release(int device, const Object& o);

  Backend& backend_;
  const HsaApi& api_;
  HsaImageHooks hooks_;
  std::mutex mutex_;
  std::map<uint64_t, Object> objects_;  // by object address
};

}  // namespace unihip::hsa
