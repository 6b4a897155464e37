// The CUDA driver's ImageOps: arrays and mipmapped arrays (cuArray3DCreate, cuMipmappedArray*),
// every copy with an array side through cuMemcpy3DAsync (1D and 2D copies are 3D copies of one
// slice), texture and surface objects (cuTexObjectCreate, cuSurfObjectCreate). HIP's driver-form
// descriptors have CUDA's layouts and values; they are copied field by field all the same.
#include <cstring>
#include <vector>

#include "cuda/cuda_core.h"
#include "cuda/cuda_pageable_copy.h"
#include "seam/image_ops.h"

namespace unihip::cu {
namespace {

CUDA_ARRAY3D_DESCRIPTOR toCuda(const ArrayShape& s) {
  return {s.width, s.height, s.depth, static_cast<int>(s.format), s.channels, s.flags};
}

// A linear side's memory type comes from the pointer, not the caller's kind (HIP ignores a kind
// that contradicts the pointer): pageable memory is HOST (UNIFIED takes only memory the driver
// knows), the rest UNIFIED.
int memoryType(const DriverApi& api, const ImageCopySide& side) {
  if (side.kind == ImageCopySide::Kind::Array) return CU_MEMORYTYPE_ARRAY;
  return isPageableHostMemory(api, side.ptr) ? CU_MEMORYTYPE_HOST : CU_MEMORYTYPE_UNIFIED;
}

CUDA_RESOURCE_DESC toCuda(const TextureResource& r) {
  CUDA_RESOURCE_DESC c{};
  const HIP_RESOURCE_DESC& h = r.desc;
  c.resType = static_cast<int>(h.resType);
  switch (h.resType) {
    case HIP_RESOURCE_TYPE_ARRAY: c.res.array.hArray = static_cast<CUarray>(r.array); break;
    case HIP_RESOURCE_TYPE_MIPMAPPED_ARRAY:
      c.res.mipmap.hMipmappedArray = static_cast<CUmipmappedArray>(r.mipmap);
      break;
    case HIP_RESOURCE_TYPE_LINEAR:
      c.res.linear.devPtr = reinterpret_cast<CUdeviceptr>(h.res.linear.devPtr);
      c.res.linear.format = static_cast<int>(h.res.linear.format);
      c.res.linear.numChannels = h.res.linear.numChannels;
      c.res.linear.sizeInBytes = h.res.linear.sizeInBytes;
      break;
    case HIP_RESOURCE_TYPE_PITCH2D:
      c.res.pitch2D.devPtr = reinterpret_cast<CUdeviceptr>(h.res.pitch2D.devPtr);
      c.res.pitch2D.format = static_cast<int>(h.res.pitch2D.format);
      c.res.pitch2D.numChannels = h.res.pitch2D.numChannels;
      c.res.pitch2D.width = h.res.pitch2D.width;
      c.res.pitch2D.height = h.res.pitch2D.height;
      c.res.pitch2D.pitchInBytes = h.res.pitch2D.pitchInBytes;
      break;
  }
  c.flags = h.flags;
  return c;
}

CUDA_TEXTURE_DESC toCuda(const HIP_TEXTURE_DESC& h) {
  CUDA_TEXTURE_DESC c{};
  for (int i = 0; i < 3; ++i) c.addressMode[i] = static_cast<int>(h.addressMode[i]);
  c.filterMode = static_cast<int>(h.filterMode);
  c.flags = h.flags;
  c.maxAnisotropy = h.maxAnisotropy;
  c.mipmapFilterMode = static_cast<int>(h.mipmapFilterMode);
  c.mipmapLevelBias = h.mipmapLevelBias;
  c.minMipmapLevelClamp = h.minMipmapLevelClamp;
  c.maxMipmapLevelClamp = h.maxMipmapLevelClamp;
  for (int i = 0; i < 4; ++i) c.borderColor[i] = h.borderColor[i];
  return c;
}

CUDA_RESOURCE_VIEW_DESC toCuda(const HIP_RESOURCE_VIEW_DESC& h) {
  CUDA_RESOURCE_VIEW_DESC c{};
  c.format = static_cast<int>(h.format);
  c.width = h.width;
  c.height = h.height;
  c.depth = h.depth;
  c.firstMipmapLevel = h.firstMipmapLevel;
  c.lastMipmapLevel = h.lastMipmapLevel;
  c.firstLayer = h.firstLayer;
  c.lastLayer = h.lastLayer;
  return c;
}

class CudaImageOps final : public ImageOps {
 public:
  explicit CudaImageOps(CudaCore& core) : core_(core), api_(core.api()) {}

  Status arrayCreate(int device, const ArrayShape& shape, NativeArray* out) override {
    UNIHIP_TRY(core_.makeCurrent(device));
    const CUDA_ARRAY3D_DESCRIPTOR d = toCuda(shape);
    CUarray a = nullptr;
    UNIHIP_TRY(core_.check(api_.cuArray3DCreate(&a, &d), "cuArray3DCreate"));
    *out = a;
    return kOk;
  }

  Status arrayDestroy(int device, NativeArray array) override {
    UNIHIP_TRY(core_.makeCurrent(device));
    return core_.check(api_.cuArrayDestroy(static_cast<CUarray>(array)), "cuArrayDestroy");
  }

  Status mipmapCreate(int device, const ArrayShape& shape, unsigned levels,
                      NativeMipmap* out) override {
    UNIHIP_TRY(core_.makeCurrent(device));
    const CUDA_ARRAY3D_DESCRIPTOR d = toCuda(shape);
    CUmipmappedArray m = nullptr;
    UNIHIP_TRY(
        core_.check(api_.cuMipmappedArrayCreate(&m, &d, levels), "cuMipmappedArrayCreate"));
    *out = m;
    return kOk;
  }

  // The driver answers only for mipmapped arrays made with deferred mapping, which HIP cannot
  // make: it answers for a twin of the same shape made so (no memory behind it), then freed.
  Status mipmapMemoryRequirements(int device, NativeMipmap mipmap, const ArrayShape& shape,
                                  unsigned levels, int forDevice, size_t* size,
                                  size_t* alignment) override {
    (void)mipmap;
    if (api_.cuMipmappedArrayGetMemoryRequirements == nullptr) return hipErrorNotSupported;
    UNIHIP_TRY(core_.makeCurrent(device));
    CUDA_ARRAY3D_DESCRIPTOR d = toCuda(shape);
    d.Flags |= CUDA_ARRAY3D_DEFERRED_MAPPING;
    CUmipmappedArray twin = nullptr;
    UNIHIP_TRY(core_.check(api_.cuMipmappedArrayCreate(&twin, &d, levels),
                           "cuMipmappedArrayCreate (deferred mapping)"));
    CUDA_ARRAY_MEMORY_REQUIREMENTS r{};
    Status s = core_.check(api_.cuMipmappedArrayGetMemoryRequirements(
                               &r, twin, core_.deviceHandle(forDevice)),
                           "cuMipmappedArrayGetMemoryRequirements");
    (void)core_.check(api_.cuMipmappedArrayDestroy(twin), "cuMipmappedArrayDestroy");
    if (s.ok()) {
      *size = r.size;
      *alignment = r.alignment;
    }
    return s;
  }

  Status memMapArrayAsync(int device, const ArrayMapping* list, unsigned count,
                          NativeStream stream) override {
    if (api_.cuMemMapArrayAsync == nullptr) return hipErrorNotSupported;
    UNIHIP_TRY(core_.makeCurrent(device));
    std::vector<CUarrayMapInfo> infos(count);
    for (unsigned i = 0; i < count; ++i) {
      const hipArrayMapInfo& h = list[i].info;
      CUarrayMapInfo& c = infos[i];
      c = CUarrayMapInfo{};
      c.resourceType = h.resourceType == hipResourceTypeMipmappedArray
                           ? CU_RESOURCE_TYPE_MIPMAPPED_ARRAY
                           : CU_RESOURCE_TYPE_ARRAY;
      if (c.resourceType == CU_RESOURCE_TYPE_ARRAY)
        c.resource.array = static_cast<CUarray>(list[i].resource);
      else
        c.resource.mipmap = static_cast<CUmipmappedArray>(list[i].resource);
      c.subresourceType = h.subresourceType;
      static_assert(sizeof(c.subresource) == sizeof(h.subresource));
      std::memcpy(&c.subresource, &h.subresource, sizeof c.subresource);
      c.memOperationType = h.memOperationType;
      c.memHandleType = h.memHandleType;
      c.memHandle.memHandle = list[i].memory;
      c.offset = h.offset;
      c.deviceBitMask = h.deviceBitMask;
      c.flags = h.flags;
    }
    return core_.check(api_.cuMemMapArrayAsync(infos.data(), count, static_cast<CUstream>(stream)),
                       "cuMemMapArrayAsync");
  }

  Status externalMipmap(int device, void* memory, uint64_t offset,
                        const ArrayShape& shape, unsigned levels, NativeMipmap* out) override {
    if (api_.cuExternalMemoryGetMappedMipmappedArray == nullptr) return hipErrorNotSupported;
    UNIHIP_TRY(core_.makeCurrent(device));
    CUDA_EXTERNAL_MEMORY_MIPMAPPED_ARRAY_DESC d{};
    d.offset = offset;
    d.arrayDesc = toCuda(shape);
    d.numLevels = levels;
    CUmipmappedArray m = nullptr;
    UNIHIP_TRY(core_.check(api_.cuExternalMemoryGetMappedMipmappedArray(
                               &m, static_cast<CUexternalMemory>(memory), &d),
                           "cuExternalMemoryGetMappedMipmappedArray"));
    *out = m;
    return kOk;
  }

  Status mipmapDestroy(int device, NativeMipmap mipmap) override {
    UNIHIP_TRY(core_.makeCurrent(device));
    return core_.check(api_.cuMipmappedArrayDestroy(static_cast<CUmipmappedArray>(mipmap)),
                       "cuMipmappedArrayDestroy");
  }

  Status mipmapLevel(int device, NativeMipmap mipmap, unsigned level, NativeArray* out) override {
    UNIHIP_TRY(core_.makeCurrent(device));
    CUarray a = nullptr;
    UNIHIP_TRY(core_.check(
        api_.cuMipmappedArrayGetLevel(&a, static_cast<CUmipmappedArray>(mipmap), level),
        "cuMipmappedArrayGetLevel"));
    *out = a;
    return kOk;
  }

  Status copy(int device, const ImageCopy& c, NativeStream stream) override {
    UNIHIP_TRY(core_.makeCurrent(device));
    CUDA_MEMCPY3D m{};
    m.srcXInBytes = c.src.xInBytes;
    m.srcY = c.src.y;
    m.srcZ = c.src.z;
    m.srcMemoryType = memoryType(api_, c.src);
    if (c.src.kind == ImageCopySide::Kind::Array) {
      m.srcArray = static_cast<CUarray>(c.src.array);
    } else {
      m.srcHost = c.src.ptr;
      m.srcDevice = reinterpret_cast<CUdeviceptr>(c.src.ptr);
      m.srcPitch = c.src.pitch;
      m.srcHeight = c.src.height;
    }
    m.dstXInBytes = c.dst.xInBytes;
    m.dstY = c.dst.y;
    m.dstZ = c.dst.z;
    m.dstMemoryType = memoryType(api_, c.dst);
    if (c.dst.kind == ImageCopySide::Kind::Array) {
      m.dstArray = static_cast<CUarray>(c.dst.array);
    } else {
      m.dstHost = const_cast<void*>(c.dst.ptr);
      m.dstDevice = reinterpret_cast<CUdeviceptr>(c.dst.ptr);
      m.dstPitch = c.dst.pitch;
      m.dstHeight = c.dst.height;
    }
    m.WidthInBytes = c.widthInBytes;
    m.Height = c.height;
    m.Depth = c.depth;
    return core_.check(api_.cuMemcpy3DAsync(&m, static_cast<CUstream>(stream)),
                       "cuMemcpy3DAsync");
  }

  Status textureCreate(int device, const TextureResource& res, const HIP_TEXTURE_DESC& tex,
                       const HIP_RESOURCE_VIEW_DESC* view, uint64_t* out) override {
    UNIHIP_TRY(core_.makeCurrent(device));
    const CUDA_RESOURCE_DESC r = toCuda(res);
    const CUDA_TEXTURE_DESC t = toCuda(tex);
    CUDA_RESOURCE_VIEW_DESC v{};
    if (view != nullptr) v = toCuda(*view);
    CUtexObject o = 0;
    UNIHIP_TRY(core_.check(api_.cuTexObjectCreate(&o, &r, &t, view ? &v : nullptr),
                           "cuTexObjectCreate"));
    *out = o;
    return kOk;
  }

  Status textureDestroy(int device, uint64_t object) override {
    UNIHIP_TRY(core_.makeCurrent(device));
    return core_.check(api_.cuTexObjectDestroy(object), "cuTexObjectDestroy");
  }

  Status surfaceCreate(int device, NativeArray array, uint64_t* out) override {
    UNIHIP_TRY(core_.makeCurrent(device));
    CUDA_RESOURCE_DESC r{};
    r.resType = CU_RESOURCE_TYPE_ARRAY;
    r.res.array.hArray = static_cast<CUarray>(array);
    CUsurfObject o = 0;
    UNIHIP_TRY(core_.check(api_.cuSurfObjectCreate(&o, &r), "cuSurfObjectCreate"));
    *out = o;
    return kOk;
  }

  Status surfaceDestroy(int device, uint64_t object) override {
    UNIHIP_TRY(core_.makeCurrent(device));
    return core_.check(api_.cuSurfObjectDestroy(object), "cuSurfObjectDestroy");
  }

 private:
  CudaCore& core_;
  const DriverApi& api_;
};

}  // namespace

std::unique_ptr<ImageOps> createCudaImageOps(CudaCore& core) {
  const DriverApi& a = core.api();
  if (!a.cuArray3DCreate || !a.cuArrayDestroy || !a.cuMipmappedArrayCreate ||
      !a.cuMipmappedArrayDestroy || !a.cuMipmappedArrayGetLevel || !a.cuMemcpy3DAsync ||
      !a.cuTexObjectCreate || !a.cuTexObjectDestroy || !a.cuSurfObjectCreate ||
      !a.cuSurfObjectDestroy)
    return nullptr;
  return std::make_unique<CudaImageOps>(core);
}

}  // namespace unihip::cu
