// HsaImages: HIP arrays, copies with an array side, texture and surface objects over ROCr's
// image extension (hsa_images.h). Descriptor choices follow AMD's runtime: the array's own
// element format, UNORM/SNORM for 8- and 16-bit integer textures read as normalized floats,
// linear textures as 1DB images and pitch-2D ones as linear-layout 2D images over the caller's
// memory, one sampler address mode (the first dimension's).
#include "hsa_images.h"

#include <algorithm>
#include <cstring>

#include "hip/unihip/texture_lod.h"

#include "hsa_status.h"

namespace unihip::hsa {
namespace {

constexpr size_t kImageSrdBytes = HIP_IMAGE_OBJECT_SIZE_DWORD * 4;      // 48
constexpr size_t kSamplerSrdBytes = HIP_SAMPLER_OBJECT_SIZE_DWORD * 4;  // 32
constexpr size_t kTextureBytes = HIP_TEXTURE_OBJECT_SIZE_DWORD * 4;     // 80

size_t formatBytes(hipArray_Format f) {
  switch (f) {
    case HIP_AD_FORMAT_UNSIGNED_INT8:
    case HIP_AD_FORMAT_SIGNED_INT8: return 1;
    case HIP_AD_FORMAT_UNSIGNED_INT16:
    case HIP_AD_FORMAT_SIGNED_INT16:
    case HIP_AD_FORMAT_HALF: return 2;
    default: return 4;
  }
}

// `normalized`: an 8- or 16-bit integer format read as floats in [0, 1] ([-1, 1] signed).
hsa_ext_image_format_t formatOf(hipArray_Format f, unsigned channels, bool normalized) {
  hsa_ext_image_format_t out{};
  out.channel_order = channels == 4   ? HSA_EXT_IMAGE_CHANNEL_ORDER_RGBA
                      : channels == 2 ? HSA_EXT_IMAGE_CHANNEL_ORDER_RG
                                      : HSA_EXT_IMAGE_CHANNEL_ORDER_R;
  switch (f) {
    case HIP_AD_FORMAT_UNSIGNED_INT8:
      out.channel_type = normalized ? HSA_EXT_IMAGE_CHANNEL_TYPE_UNORM_INT8
                                    : HSA_EXT_IMAGE_CHANNEL_TYPE_UNSIGNED_INT8;
      break;
    case HIP_AD_FORMAT_UNSIGNED_INT16:
      out.channel_type = normalized ? HSA_EXT_IMAGE_CHANNEL_TYPE_UNORM_INT16
                                    : HSA_EXT_IMAGE_CHANNEL_TYPE_UNSIGNED_INT16;
      break;
    case HIP_AD_FORMAT_UNSIGNED_INT32:
      out.channel_type = HSA_EXT_IMAGE_CHANNEL_TYPE_UNSIGNED_INT32;
      break;
    case HIP_AD_FORMAT_SIGNED_INT8:
      out.channel_type = normalized ? HSA_EXT_IMAGE_CHANNEL_TYPE_SNORM_INT8
                                    : HSA_EXT_IMAGE_CHANNEL_TYPE_SIGNED_INT8;
      break;
    case HIP_AD_FORMAT_SIGNED_INT16:
      out.channel_type = normalized ? HSA_EXT_IMAGE_CHANNEL_TYPE_SNORM_INT16
                                    : HSA_EXT_IMAGE_CHANNEL_TYPE_SIGNED_INT16;
      break;
    case HIP_AD_FORMAT_SIGNED_INT32:
      out.channel_type = HSA_EXT_IMAGE_CHANNEL_TYPE_SIGNED_INT32;
      break;
    case HIP_AD_FORMAT_HALF: out.channel_type = HSA_EXT_IMAGE_CHANNEL_TYPE_HALF_FLOAT; break;
    default: out.channel_type = HSA_EXT_IMAGE_CHANNEL_TYPE_FLOAT; break;
  }
  return out;
}

// HIP's shape as an image: a layered array is 1DA (height 0) or 2DA with `depth` layers.
hsa_ext_image_descriptor_t descriptorOf(const ArrayShape& s) {
  hsa_ext_image_descriptor_t d{};
  d.width = s.width;
  d.format = formatOf(s.format, s.channels, false);
  if (s.flags & hipArrayLayered) {
    d.geometry = s.height == 0 ? HSA_EXT_IMAGE_GEOMETRY_1DA : HSA_EXT_IMAGE_GEOMETRY_2DA;
    d.height = s.height;
    d.array_size = s.depth;
  } else if (s.depth != 0) {
    d.geometry = HSA_EXT_IMAGE_GEOMETRY_3D;
    d.height = s.height;
    d.depth = s.depth;
  } else {
    d.geometry = s.height != 0 ? HSA_EXT_IMAGE_GEOMETRY_2D : HSA_EXT_IMAGE_GEOMETRY_1D;
    d.height = s.height;
  }
  return d;
}

// The image region of a copy's array side, in elements; hipErrorInvalidValue when the bytes do
// not fall on elements or the box leaves the array. HIP counts a 1D layered array's layers in z,
// the image in y.
Status regionOf(const HsaArray& a, const ImageCopySide& side, const ImageCopy& c,
                hsa_ext_image_region_t* r) {
  const size_t e = a.elementBytes;
  if (side.xInBytes % e != 0 || c.widthInBytes % e != 0) return hipErrorInvalidValue;
  const size_t x = side.xInBytes / e, w = c.widthInBytes / e;
  const size_t width = a.shape.width, height = a.shape.height ? a.shape.height : 1,
               depth = a.shape.depth ? a.shape.depth : 1;
  auto fits = [](size_t at, size_t n, size_t limit) { return at <= limit && n <= limit - at; };
  if (!fits(x, w, width) || !fits(side.y, c.height, height) || !fits(side.z, c.depth, depth))
    return hipErrorInvalidValue;
  const auto u = [](size_t v) { return static_cast<uint32_t>(v); };
  if (a.descriptor.geometry == HSA_EXT_IMAGE_GEOMETRY_1DA) {
    r->offset = {u(x), u(side.z), 0};
    r->range = {u(w), u(c.depth), 1};
  } else {
    r->offset = {u(x), u(side.y), u(side.z)};
    r->range = {u(w), u(c.height), u(c.depth)};
  }
  return kOk;
}

// An address of linear memory the GPU reaches: ROCr's own memory as is, locked host memory at
// its agent address, pageable memory locked for the copy (unlocked when this goes away).
class AgentAddress {
 public:
  AgentAddress(const HsaApi& api) : api_(api) {}
  ~AgentAddress() {
    if (locked_ != nullptr) api_.hsa_amd_memory_unlock(locked_);
  }
  Status resolve(hsa_agent_t agent, const void* p, size_t bytes) {
    hsa_amd_pointer_info_t info{};
    info.size = sizeof info;
    UNIHIP_HSA_TRY(api_, hsa_amd_pointer_info(p, &info, nullptr, nullptr, nullptr));
    switch (info.type) {
      case HSA_EXT_POINTER_TYPE_HSA:
      case HSA_EXT_POINTER_TYPE_IPC:
      case HSA_EXT_POINTER_TYPE_GRAPHICS: address_ = const_cast<void*>(p); return kOk;
      case HSA_EXT_POINTER_TYPE_LOCKED:
        address_ = static_cast<uint8_t*>(info.agentBaseAddress) +
                   (static_cast<const uint8_t*>(p) - static_cast<uint8_t*>(info.hostBaseAddress));
        return kOk;
      default:
        UNIHIP_HSA_TRY(api_, hsa_amd_memory_lock(const_cast<void*>(p), bytes, &agent, 1,
                                                 &address_));
        locked_ = const_cast<void*>(p);
        return kOk;
    }
  }
  void* get() const { return address_; }

 private:
  const HsaApi& api_;
  void* address_ = nullptr;
  void* locked_ = nullptr;
};

hsa_ext_sampler_addressing_mode_t addressingOf(HIPaddress_mode m) {
  switch (m) {
    case HIP_TR_ADDRESS_MODE_WRAP: return HSA_EXT_SAMPLER_ADDRESSING_MODE_REPEAT;
    case HIP_TR_ADDRESS_MODE_MIRROR: return HSA_EXT_SAMPLER_ADDRESSING_MODE_MIRRORED_REPEAT;
    case HIP_TR_ADDRESS_MODE_BORDER: return HSA_EXT_SAMPLER_ADDRESSING_MODE_CLAMP_TO_BORDER;
    default: return HSA_EXT_SAMPLER_ADDRESSING_MODE_CLAMP_TO_EDGE;
  }
}

// A view's format (HIP_RES_VIEW_FORMAT_*) as the driver's format and channel count; false for
// the block-compressed ones (ROCr's images here have no such format).
bool viewFormatOf(HIPresourceViewFormat f, hipArray_Format* format, unsigned* channels) {
  if (f < HIP_RES_VIEW_FORMAT_UINT_1X8 || f > HIP_RES_VIEW_FORMAT_FLOAT_4X32) return false;
  // Three channel counts (1, 2, 4) per element type, in this order.
  static constexpr hipArray_Format kTypes[] = {
      HIP_AD_FORMAT_UNSIGNED_INT8,  HIP_AD_FORMAT_SIGNED_INT8,  HIP_AD_FORMAT_UNSIGNED_INT16,
      HIP_AD_FORMAT_SIGNED_INT16,   HIP_AD_FORMAT_UNSIGNED_INT32, HIP_AD_FORMAT_SIGNED_INT32,
      HIP_AD_FORMAT_HALF,           HIP_AD_FORMAT_FLOAT};
  const int i = static_cast<int>(f) - 1;
  *format = kTypes[i / 3];
  *channels = 1u << (i % 3);
  return true;
}

// A view of `d` (the resource's, or its first viewed level's): sizes 0 or the resource's, every
// layer, no format or one of the same element size (read over the same memory, as AMD's runtime
// makes views). A range of layers is hipErrorNotSupported (an image over a layer subset would
// need the opaque layout's slice offset); a block-compressed format too.
Status checkView(const HIP_RESOURCE_VIEW_DESC& v, const hsa_ext_image_descriptor_t& d,
                 size_t elementBytes, hipArray_Format* format, unsigned* channels) {
  if (v.format != HIP_RES_VIEW_FORMAT_NONE) {
    hipArray_Format f = HIP_AD_FORMAT_FLOAT;
    unsigned c = 1;
    if (!viewFormatOf(v.format, &f, &c))
      return v.format <= HIP_RES_VIEW_FORMAT_UNSIGNED_BC7 ? Status(hipErrorNotSupported)
                                                           : Status(hipErrorInvalidValue);
    if (formatBytes(f) * c != elementBytes) return hipErrorInvalidValue;
    *format = f;
    *channels = c;
  }
  const size_t layers = d.array_size;
  if ((v.width != 0 && v.width != d.width) || (v.height != 0 && v.height != d.height) ||
      (v.depth != 0 && v.depth != d.depth && v.depth != layers))
    return hipErrorInvalidValue;
  if (v.firstLayer > v.lastLayer || (v.lastLayer != 0 && v.lastLayer >= layers))
    return hipErrorInvalidValue;
  if (v.firstLayer != 0 || (v.lastLayer != 0 && v.lastLayer != layers - 1))
    return hipErrorNotSupported;
  return kOk;
}

// The levels a mipmapped array of `s` can have: down to 1 in every dimension (layers excepted).
unsigned maxLevels(const ArrayShape& s) {
  size_t n = std::max(s.width, s.height);
  if (!(s.flags & hipArrayLayered)) n = std::max(n, s.depth);
  unsigned levels = 1;
  while (n >>= 1) ++levels;
  return levels;
}

// Level `i` of a mipmapped array of `s`: each dimension halved i times, down to 1 (0 stays 0;
// the layer count stays).
ArrayShape levelShape(const ArrayShape& s, unsigned i) {
  auto shrink = [i](size_t n) { return n == 0 ? 0 : std::max<size_t>(1, n >> i); };
  ArrayShape l = s;
  l.width = shrink(s.width);
  l.height = shrink(s.height);
  if (!(s.flags & hipArrayLayered)) l.depth = shrink(s.depth);
  return l;
}

// Whether the device's limits (the image extension's, in its properties; 0: unknown) hold `d`, as
// AMD's runtime checks before it asks ROCr.
bool withinLimits(const hsa_ext_image_descriptor_t& d, const hipDeviceProp_t& p) {
  auto fits = [](size_t v, int limit) { return limit <= 0 || v <= static_cast<size_t>(limit); };
  switch (d.geometry) {
    case HSA_EXT_IMAGE_GEOMETRY_1D: return fits(d.width, p.maxTexture1D);
    case HSA_EXT_IMAGE_GEOMETRY_2D:
      return fits(d.width, p.maxTexture2D[0]) && fits(d.height, p.maxTexture2D[1]);
    case HSA_EXT_IMAGE_GEOMETRY_3D:
      return fits(d.width, p.maxTexture3D[0]) && fits(d.height, p.maxTexture3D[1]) &&
             fits(d.depth, p.maxTexture3D[2]);
    case HSA_EXT_IMAGE_GEOMETRY_1DA:
      return fits(d.width, p.maxTexture1DLayered[0]) &&
             fits(d.array_size, p.maxTexture1DLayered[1]);
    case HSA_EXT_IMAGE_GEOMETRY_2DA:
      return fits(d.width, p.maxTexture2DLayered[0]) &&
             fits(d.height, p.maxTexture2DLayered[1]) &&
             fits(d.array_size, p.maxTexture2DLayered[2]);
    default: return true;
  }
}

}  // namespace

std::unique_ptr<HsaImages> HsaImages::create(Backend& backend, const HsaApi& api,
                                             HsaImageHooks hooks) {
  if (!api.hsa_ext_image_data_get_info || !api.hsa_ext_image_create ||
      !api.hsa_ext_image_create_with_layout || !api.hsa_ext_image_destroy ||
      !api.hsa_ext_image_import || !api.hsa_ext_image_export || !api.hsa_ext_image_copy ||
      !api.hsa_ext_sampler_create || !api.hsa_ext_sampler_destroy)
    return nullptr;
  return std::make_unique<HsaImages>(backend, api, std::move(hooks));
}

Status HsaImages::arrayCreate(int device, const ArrayShape& shape, NativeArray* out) {
  // ROCr's image extension has no cube geometry (AMD's runtime has no cubemap arrays either).
  if (shape.flags & hipArrayCubemap) return hipErrorNotSupported;
  const hsa_agent_t agent = hooks_.agentOf(device);
  auto a = std::make_unique<HsaArray>();
  a->shape = shape;
  a->descriptor = descriptorOf(shape);
  a->elementBytes = formatBytes(shape.format) * shape.channels;
  if (!withinLimits(a->descriptor, backend_.properties(device))) return hipErrorInvalidValue;
  hsa_ext_image_data_info_t info{};
  UNIHIP_HSA_TRY(api_, hsa_ext_image_data_get_info(agent, &a->descriptor,
                                                   HSA_ACCESS_PERMISSION_RW, &info));
  // Device allocations are page aligned; a stricter alignment gets room to align up.
  const size_t align = info.alignment > 4096 ? info.alignment : 1;
  UNIHIP_TRY(backend_.malloc(device, info.size + align - 1, &a->allocation));
  const auto base = reinterpret_cast<uintptr_t>(a->allocation);
  a->data = reinterpret_cast<void*>((base + align - 1) / align * align);
  const Status s = checkHsa(api_,
                            api_.hsa_ext_image_create(agent, &a->descriptor, a->data,
                                                      HSA_ACCESS_PERMISSION_RW, &a->image),
                            "hsa_ext_image_create");
  if (!s.ok()) {
    (void)backend_.free(device, a->allocation);
    return s;
  }
  *out = a.release();
  return kOk;
}

Status HsaImages::arrayDestroy(int device, NativeArray array) {
  std::unique_ptr<HsaArray> a(static_cast<HsaArray*>(array));
  const Status s = checkHsa(api_, api_.hsa_ext_image_destroy(hooks_.agentOf(device), a->image),
                            "hsa_ext_image_destroy");
  const Status f = backend_.free(device, a->allocation);
  return s.ok() ? f : s;
}

// One array per level. The API refuses more levels than the extents allow (AMD's
// hipErrorInvalidValue); should more arrive, they are clamped to those (as CUDA documents for
// its mipmapped arrays) and a level past them is hipErrorInvalidValue.
Status HsaImages::mipmapCreate(int device, const ArrayShape& shape, unsigned levels,
                               NativeMipmap* out) {
  if (shape.flags & hipArrayCubemap) return hipErrorNotSupported;  // as arrayCreate
  auto m = std::make_unique<HsaMipmap>();
  m->shape = shape;
  const unsigned n = std::min(levels, maxLevels(shape));
  for (unsigned i = 0; i < n; ++i) {
    NativeArray level = nullptr;
    const Status s = arrayCreate(device, levelShape(shape, i), &level);
    if (!s.ok()) {
      (void)mipmapDestroy(device, m.release());
      return s;
    }
    m->levels.push_back(static_cast<HsaArray*>(level));
  }
  *out = m.release();
  return kOk;
}

Status HsaImages::mipmapDestroy(int device, NativeMipmap mipmap) {
  std::unique_ptr<HsaMipmap> m(static_cast<HsaMipmap*>(mipmap));
  Status first = kOk;
  for (HsaArray* level : m->levels) {
    const Status s = arrayDestroy(device, level);
    if (first.ok()) first = s;
  }
  return first;
}

Status HsaImages::mipmapLevel(int, NativeMipmap mipmap, unsigned level, NativeArray* out) {
  const auto& m = *static_cast<const HsaMipmap*>(mipmap);
  if (level >= m.levels.size()) return hipErrorInvalidValue;
  *out = m.levels[level];
  return kOk;
}

Status HsaImages::copy(int device, const ImageCopy& c, NativeStream stream) {
  if (c.widthInBytes == 0 || c.height == 0 || c.depth == 0) return kOk;
  // ROCr's image copies run at once: the stream's earlier work comes first.
  UNIHIP_TRY(backend_.streamSynchronize(device, stream));
  if (c.src.kind == ImageCopySide::Kind::Array && c.dst.kind == ImageCopySide::Kind::Array)
    return copyArrays(device, c);
  return copyLinear(device, c);
}

Status HsaImages::copyLinear(int device, const ImageCopy& c) {
  const bool toArray = c.dst.kind == ImageCopySide::Kind::Array;
  const ImageCopySide& arraySide = toArray ? c.dst : c.src;
  const ImageCopySide& linear = toArray ? c.src : c.dst;
  const HsaArray& a = *static_cast<const HsaArray*>(arraySide.array);
  hsa_ext_image_region_t region{};
  UNIHIP_TRY(regionOf(a, arraySide, c, &region));
  const size_t rows = linear.height != 0 ? linear.height : c.height;
  const size_t slicePitch = linear.pitch * rows;
  const auto* start = static_cast<const uint8_t*>(linear.ptr) + linear.z * slicePitch +
                      linear.y * linear.pitch + linear.xInBytes;
  const size_t span = (c.depth - 1) * slicePitch + (c.height - 1) * linear.pitch + c.widthInBytes;
  const hsa_agent_t agent = hooks_.agentOf(device);
  AgentAddress address(api_);
  UNIHIP_TRY(address.resolve(agent, start, span));
  if (toArray) {
    UNIHIP_HSA_TRY(api_, hsa_ext_image_import(agent, address.get(), linear.pitch, slicePitch,
                                              a.image, &region));
  } else {
    UNIHIP_HSA_TRY(api_, hsa_ext_image_export(agent, a.image, address.get(), linear.pitch,
                                              slicePitch, &region));
  }
  return kOk;
}

Status HsaImages::copyArrays(int device, const ImageCopy& c) {
  const HsaArray& src = *static_cast<const HsaArray*>(c.src.array);
  const HsaArray& dst = *static_cast<const HsaArray*>(c.dst.array);
  hsa_ext_image_region_t from{}, to{};
  UNIHIP_TRY(regionOf(src, c.src, c, &from));
  UNIHIP_TRY(regionOf(dst, c.dst, c, &to));
  const hsa_agent_t agent = hooks_.agentOf(device);
  if (src.elementBytes == dst.elementBytes && from.range.x == to.range.x &&
      from.range.y == to.range.y && from.range.z == to.range.z) {
    UNIHIP_HSA_TRY(api_, hsa_ext_image_copy(agent, src.image, &from.offset, dst.image, &to.offset,
                                            &from.range));
    return kOk;
  }
  // Other elements or geometries: the bytes through a packed device buffer.
  void* staging = nullptr;
  const size_t slice = c.widthInBytes * c.height;
  UNIHIP_TRY(backend_.malloc(device, slice * c.depth, &staging));
  Status s = checkHsa(api_,
                      api_.hsa_ext_image_export(agent, src.image, staging, c.widthInBytes, slice,
                                                &from),
                      "hsa_ext_image_export");
  if (s.ok())
    s = checkHsa(api_,
                 api_.hsa_ext_image_import(agent, staging, c.widthInBytes, slice, dst.image, &to),
                 "hsa_ext_image_import");
  const Status f = backend_.free(device, staging);
  return s.ok() ? f : s;
}

// The texture's source: an array, a mipmapped array's first viewed level (`first`, `count`
// levels), linear or pitched memory; the view's format applied.
Status HsaImages::textureSource(const TextureResource& res, const HIP_RESOURCE_VIEW_DESC* view,
                                TextureSource* out, unsigned* first, unsigned* count) {
  const HIP_RESOURCE_DESC& r = res.desc;
  TextureSource& t = *out;
  *first = 0;
  *count = 1;
  const HsaArray* array = nullptr;
  switch (r.resType) {
    case HIP_RESOURCE_TYPE_ARRAY:
      array = static_cast<const HsaArray*>(res.array);
      if (view != nullptr && (view->firstMipmapLevel != 0 || view->lastMipmapLevel != 0))
        return hipErrorInvalidValue;
      break;
    case HIP_RESOURCE_TYPE_MIPMAPPED_ARRAY: {
      const auto& m = *static_cast<const HsaMipmap*>(res.mipmap);
      const unsigned levels = static_cast<unsigned>(m.levels.size());
      unsigned last = levels - 1;
      if (view != nullptr) {
        if (view->firstMipmapLevel > view->lastMipmapLevel || view->lastMipmapLevel >= levels)
          return hipErrorInvalidValue;
        *first = view->firstMipmapLevel;
        last = view->lastMipmapLevel;
      }
      *count = last - *first + 1;
      array = m.levels[*first];
      break;
    }
    case HIP_RESOURCE_TYPE_LINEAR:
      t.format = r.res.linear.format;
      t.channels = r.res.linear.numChannels;
      t.d.geometry = HSA_EXT_IMAGE_GEOMETRY_1DB;
      t.d.width = r.res.linear.sizeInBytes / (formatBytes(t.format) * t.channels);
      t.data = r.res.linear.devPtr;
      t.linear = true;
      return kOk;  // no view (the API layer refuses one)
    case HIP_RESOURCE_TYPE_PITCH2D:
      t.format = r.res.pitch2D.format;
      t.channels = r.res.pitch2D.numChannels;
      t.d.geometry = HSA_EXT_IMAGE_GEOMETRY_2D;
      t.d.width = r.res.pitch2D.width;
      t.d.height = r.res.pitch2D.height;
      t.data = r.res.pitch2D.devPtr;
      t.linear = true;
      t.rowPitch = r.res.pitch2D.pitchInBytes;
      return kOk;
    default: return hipErrorInvalidValue;
  }
  t.d = array->descriptor;
  t.data = array->data;
  t.format = array->shape.format;
  t.channels = array->shape.channels;
  if (view != nullptr)
    UNIHIP_TRY(checkView(*view, t.d, array->elementBytes, &t.format, &t.channels));
  return kOk;
}

// An image over the source's memory in the format the texture reads: UNORM/SNORM for 8- and
// 16-bit integers read as normalized floats; read-write as the array's own image (ROCr lays
// opaque data out by descriptor and access).
Status HsaImages::textureImage(int device, const TextureSource& src, bool normalizedRead,
                               hsa_ext_image_t* out) {
  hsa_ext_image_descriptor_t d = src.d;
  d.format = formatOf(src.format, src.channels, normalizedRead);
  const hsa_agent_t agent = hooks_.agentOf(device);
  if (src.linear) {
    UNIHIP_HSA_TRY(api_, hsa_ext_image_create_with_layout(
                             agent, &d, src.data, HSA_ACCESS_PERMISSION_RW,
                             HSA_EXT_IMAGE_DATA_LAYOUT_LINEAR, src.rowPitch, 0, out));
  } else {
    UNIHIP_HSA_TRY(api_, hsa_ext_image_create(agent, &d, src.data, HSA_ACCESS_PERMISSION_RW, out));
  }
  return kOk;
}

// A mipmapped texture's level table (texture_lod.h): the header from the texture descriptor,
// then each viewed level's image SRD; the first is the object's own image.
Status HsaImages::levelTable(int device, const TextureResource& res, const HIP_TEXTURE_DESC& tex,
                             const TextureSource& src, unsigned first, unsigned count,
                             Object* o) {
  const auto& m = *static_cast<const HsaMipmap*>(res.mipmap);
  const bool normalizedRead = (tex.flags & HIP_TRSF_READ_AS_INTEGER) == 0;
  for (unsigned i = 1; i < count; ++i) {
    TextureSource level = src;
    level.d = m.levels[first + i]->descriptor;
    level.data = m.levels[first + i]->data;
    hsa_ext_image_t image{0};
    UNIHIP_TRY(textureImage(device, level, normalizedRead, &image));
    o->levels.push_back(image);
  }
  __unihip_mip_table h{};
  h.levels = count;
  // Integer texels are never blended: the nearest level.
  h.linear = tex.mipmapFilterMode == HIP_TR_FILTER_MODE_LINEAR && normalizedRead;
  h.normalized = (tex.flags & HIP_TRSF_NORMALIZED_COORDINATES) != 0;
  h.bias = tex.mipmapLevelBias;
  h.minClamp = tex.minMipmapLevelClamp;
  h.maxClamp = tex.maxMipmapLevelClamp;
  h.width = static_cast<float>(src.d.width);
  h.height = static_cast<float>(src.d.height);
  h.depth = static_cast<float>(src.d.depth);
  static_assert(sizeof h == __UNIHIP_MIP_HEADER_BYTES, "texture_lod.h's header");
  UNIHIP_TRY(backend_.malloc(device, __UNIHIP_MIP_HEADER_BYTES + count * __UNIHIP_MIP_LEVEL_BYTES,
                             &o->table));
  auto* table = static_cast<uint8_t*>(o->table);
  UNIHIP_TRY(backend_.memcpy(device, table, &h, sizeof h, CopyDirection::HostToDevice));
  for (unsigned i = 0; i < count; ++i) {
    const hsa_ext_image_t image = i == 0 ? o->image : o->levels[i - 1];
    UNIHIP_TRY(backend_.memcpy(
        device, table + __UNIHIP_MIP_HEADER_BYTES + i * __UNIHIP_MIP_LEVEL_BYTES,
        reinterpret_cast<const void*>(image.handle), kImageSrdBytes,
        CopyDirection::DeviceToDevice));
  }
  return kOk;
}

Status HsaImages::textureCreate(int device, const TextureResource& res,
                                const HIP_TEXTURE_DESC& tex, const HIP_RESOURCE_VIEW_DESC* view,
                                uint64_t* out) {
  // AMD's runtime reads a mipmapped array with normalized coordinates only.
  if (res.desc.resType == HIP_RESOURCE_TYPE_MIPMAPPED_ARRAY &&
      (tex.flags & HIP_TRSF_NORMALIZED_COORDINATES) == 0)
    return hipErrorInvalidValue;
  TextureSource src;
  unsigned first = 0, count = 1;
  UNIHIP_TRY(textureSource(res, view, &src, &first, &count));
  const bool normalizedRead = (tex.flags & HIP_TRSF_READ_AS_INTEGER) == 0;
  Object o;
  o.device = device;
  UNIHIP_TRY(textureImage(device, src, normalizedRead, &o.image));
  hsa_ext_sampler_descriptor_t sd{};
  sd.coordinate_mode = (tex.flags & HIP_TRSF_NORMALIZED_COORDINATES)
                           ? HSA_EXT_SAMPLER_COORDINATE_MODE_NORMALIZED
                           : HSA_EXT_SAMPLER_COORDINATE_MODE_UNNORMALIZED;
  sd.filter_mode = tex.filterMode == HIP_TR_FILTER_MODE_LINEAR ? HSA_EXT_SAMPLER_FILTER_MODE_LINEAR
                                                               : HSA_EXT_SAMPLER_FILTER_MODE_NEAREST;
  sd.address_mode = addressingOf(tex.addressMode[0]);
  Status s = checkHsa(api_, api_.hsa_ext_sampler_create(hooks_.agentOf(device), &sd, &o.sampler),
                      "hsa_ext_sampler_create");
  if (s.ok() && res.desc.resType == HIP_RESOURCE_TYPE_MIPMAPPED_ARRAY)
    s = levelTable(device, res, tex, src, first, count, &o);
  if (!s.ok()) {
    release(device, o);
    return s;
  }
  return publish(device, o, out);
}

Status HsaImages::surfaceCreate(int device, NativeArray array, uint64_t* out) {
  const auto& a = *static_cast<const HsaArray*>(array);
  Object o;
  o.device = device;
  UNIHIP_HSA_TRY(api_, hsa_ext_image_create(hooks_.agentOf(device), &a.descriptor, a.data,
                                            HSA_ACCESS_PERMISSION_RW, &o.image));
  return publish(device, o, out);
}

// The object's device memory: the image SRD, then for a texture the sampler's at byte 48 and
// the level table's address at byte 72 (0 unless mipmapped).
Status HsaImages::publish(int device, const Object& o, uint64_t* out) {
  void* memory = nullptr;
  Status s = backend_.malloc(device, o.sampler.handle ? kTextureBytes : kImageSrdBytes, &memory);
  if (s.ok())
    s = backend_.memcpy(device, memory, reinterpret_cast<const void*>(o.image.handle),
                        kImageSrdBytes, CopyDirection::DeviceToDevice);
  if (s.ok() && o.sampler.handle)
    s = backend_.memcpy(device, static_cast<uint8_t*>(memory) + kImageSrdBytes,
                        reinterpret_cast<const void*>(o.sampler.handle), kSamplerSrdBytes,
                        CopyDirection::DeviceToDevice);
  if (s.ok() && o.sampler.handle) {
    const uint64_t table = reinterpret_cast<uint64_t>(o.table);
    s = backend_.memcpy(device, static_cast<uint8_t*>(memory) + __UNIHIP_MIP_TABLE_OFFSET, &table,
                        sizeof table, CopyDirection::HostToDevice);
  }
  if (!s.ok()) {
    if (memory != nullptr) (void)backend_.free(device, memory);
    release(device, o);
    return s;
  }
  const auto address = reinterpret_cast<uint64_t>(memory);
  {
    std::lock_guard<std::mutex> lock(mutex_);
    objects_[address] = o;
  }
  *out = address;
  return kOk;
}

void HsaImages::release(int device, const Object& o) {
  const hsa_agent_t agent = hooks_.agentOf(device);
  if (o.image.handle) (void)checkHsa(api_, api_.hsa_ext_image_destroy(agent, o.image),
                                     "hsa_ext_image_destroy");
  for (const hsa_ext_image_t& level : o.levels)
    (void)checkHsa(api_, api_.hsa_ext_image_destroy(agent, level), "hsa_ext_image_destroy");
  if (o.sampler.handle) (void)checkHsa(api_, api_.hsa_ext_sampler_destroy(agent, o.sampler),
                                       "hsa_ext_sampler_destroy");
  if (o.table != nullptr) (void)backend_.free(device, o.table);
}

Status HsaImages::destroyObject(int device, uint64_t object) {
  Object o;
  {
    std::lock_guard<std::mutex> lock(mutex_);
    auto it = objects_.find(object);
    if (it == objects_.end()) return hipErrorInvalidValue;
    o = it->second;
    objects_.erase(it);
  }
  // Kernels still reading the object finish first.
  UNIHIP_TRY(backend_.deviceSynchronize(device));
  release(device, o);
  return backend_.free(device, reinterpret_cast<void*>(object));
}

Status HsaImages::textureDestroy(int device, uint64_t object) {
  return destroyObject(device, object);
}

Status HsaImages::surfaceDestroy(int device, uint64_t object) {
  return destroyObject(device, object);
}

void HsaImages::releaseAll() {
  std::map<uint64_t, Object> objects;
  {
    std::lock_guard<std::mutex> lock(mutex_);
    objects.swap(objects_);
  }
  for (auto& [address, o] : objects) {
    release(o.device, o);
    (void)backend_.free(o.device, reinterpret_cast<void*>(address));
  }
}

}  // namespace unihip::hsa
