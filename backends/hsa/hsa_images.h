// The images family (arrays, texture and surface objects) on AMD, through ROCr's image extension
// as AMD's runtime does it: an array is an hsa_ext_image_t over device memory sized by
// hsa_ext_image_data_get_info; copies with an array side are hsa_ext_image_import/export/copy
// (synchronous in ROCr: the stream's earlier work is waited for first, so the Async forms are
// ordered but return when done); a texture object is 80 bytes of device memory holding the
// image SRD (48 bytes) then the sampler SRD (32 bytes, HIP_SAMPLER_OBJECT_OFFSET_DWORD), a
// surface object 48 bytes holding an image SRD. The hsa_ext_image_t / hsa_ext_sampler_t handles
// are the device addresses of ROCr's SRDs, copied from there. Without the extension's entry
// points HsaBackend::images() is null (hipErrorNotSupported).
// Not supported on AMD here: mipmapped arrays, resource views other than the whole resource,
// memory mapping of arrays; an array copy on a capturing stream is refused (it waits for the
// stream). A sampler has one address mode (the first dimension's) and ROCr's border colour.
// unihip-coverage: not-supported hipMallocMipmappedArray hipFreeMipmappedArray hipGetMipmappedArrayLevel hipMipmappedArrayCreate hipMipmappedArrayDestroy hipMipmappedArrayGetLevel
// unihip-coverage: not-supported hipExternalMemoryGetMappedMipmappedArray
#pragma once

#include <hsa/hsa.h>
#include <hsa/hsa_ext_image.h>

#include <functional>
#include <map>
#include <memory>
#include <mutex>

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
  Status mipmapCreate(int, const ArrayShape&, unsigned, NativeMipmap*) override {
    return hipErrorNotSupported;
  }
  Status mipmapDestroy(int, NativeMipmap) override { return hipErrorNotSupported; }
  Status mipmapLevel(int, NativeMipmap, unsigned, NativeArray*) override {
    return hipErrorNotSupported;
  }
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
  };
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
