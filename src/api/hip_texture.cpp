// Texture and surface objects (hipCreateTextureObject, hipTexObject*, hipCreateSurfaceObject)
// over the backend's ImageOps: descriptors checked as AMD's runtime checks them, arrays resolved
// through their slabs, both API forms brought to the driver form; the objects are the backend's
// 64-bit handles, kept in a registry (core/images.h) that validates them and answers the getters.
#include <algorithm>

#include "api/api_boundary.h"
#include "api/arg_checks.h"
#include "api/image_support.h"

using namespace unihip;

namespace {

// One check for both descriptor flavours (runtime hipResourceDesc, driver HIP_RESOURCE_DESC):
// what the resource names must exist, a view applies to arrays only. Whether a mipmapped array
// may be read with unnormalized coordinates is the backend's answer (AMD's runtime refuses it;
// on NVIDIA the driver decides).
// A linear resource of no bytes is refused too: AMD's runtime makes an image of width
// sizeInBytes / elementSize, and one of width 0 fails (hip-tests' hipCreateTextureObject_Linear.cc,
// sizeInBytes(0), AMD only).
Status checkTextureResource(int resType, const void* handleOrPointer, bool hasView,
                            size_t linearBytes) {
  switch (resType) {
    case hipResourceTypeArray:
    case hipResourceTypeMipmappedArray:
      return handleOrPointer != nullptr ? kOk : Status(hipErrorInvalidValue);
    case hipResourceTypeLinear:
      if (linearBytes == 0) return hipErrorInvalidValue;
      [[fallthrough]];
    case hipResourceTypePitch2D:
      if (hasView) return hipErrorInvalidValue;
      return handleOrPointer != nullptr ? kOk : Status(hipErrorInvalidValue);
    default:
      return hipErrorInvalidValue;
  }
}

const void* resourceOf(const hipResourceDesc& d) {
  switch (d.resType) {
    case hipResourceTypeArray: return d.res.array.array;
    case hipResourceTypeMipmappedArray: return d.res.mipmap.mipmap;
    case hipResourceTypeLinear: return d.res.linear.devPtr;
    case hipResourceTypePitch2D: return d.res.pitch2D.devPtr;
  }
  return nullptr;
}

const void* resourceOf(const HIP_RESOURCE_DESC& d) {
  switch (d.resType) {
    case HIP_RESOURCE_TYPE_ARRAY: return d.res.array.hArray;
    case HIP_RESOURCE_TYPE_MIPMAPPED_ARRAY: return d.res.mipmap.hMipmappedArray;
    case HIP_RESOURCE_TYPE_LINEAR: return d.res.linear.devPtr;
    case HIP_RESOURCE_TYPE_PITCH2D: return d.res.pitch2D.devPtr;
  }
  return nullptr;
}

// Getters of an object's descriptors: both pointers are required.
Status checkDescriptorQuery(const void* out, const void* object) {
  return anyNull(out, object) ? Status(hipErrorInvalidValue) : kOk;
}

// Runtime-form descriptors -> driver form (the array handles stay unihip's; the caller resolves
// them). A linear or pitch-2D channel format the driver has no format for is hipErrorInvalidValue.
Status toDriver(const hipResourceDesc& r, HIP_RESOURCE_DESC* out) {
  *out = HIP_RESOURCE_DESC{};
  out->resType = static_cast<HIPresourcetype>(r.resType);
  switch (r.resType) {
    case hipResourceTypeArray: out->res.array.hArray = r.res.array.array; return kOk;
    case hipResourceTypeMipmappedArray:
      out->res.mipmap.hMipmappedArray = r.res.mipmap.mipmap;
      return kOk;
    case hipResourceTypeLinear:
      out->res.linear.devPtr = r.res.linear.devPtr;
      out->res.linear.sizeInBytes = r.res.linear.sizeInBytes;
      return images::formatOf(r.res.linear.desc, &out->res.linear.format,
                              &out->res.linear.numChannels)
                 ? kOk
                 : Status(hipErrorInvalidValue);
    case hipResourceTypePitch2D:
      out->res.pitch2D.devPtr = r.res.pitch2D.devPtr;
      out->res.pitch2D.width = r.res.pitch2D.width;
      out->res.pitch2D.height = r.res.pitch2D.height;
      out->res.pitch2D.pitchInBytes = r.res.pitch2D.pitchInBytes;
      return images::formatOf(r.res.pitch2D.desc, &out->res.pitch2D.format,
                              &out->res.pitch2D.numChannels)
                 ? kOk
                 : Status(hipErrorInvalidValue);
  }
  return hipErrorInvalidValue;
}

hipResourceDesc toRuntime(const HIP_RESOURCE_DESC& d) {
  hipResourceDesc r{};
  r.resType = static_cast<hipResourceType>(d.resType);
  switch (d.resType) {
    case HIP_RESOURCE_TYPE_ARRAY: r.res.array.array = d.res.array.hArray; break;
    case HIP_RESOURCE_TYPE_MIPMAPPED_ARRAY:
      r.res.mipmap.mipmap = d.res.mipmap.hMipmappedArray;
      break;
    case HIP_RESOURCE_TYPE_LINEAR:
      r.res.linear.devPtr = d.res.linear.devPtr;
      r.res.linear.desc = images::channelDescOf(d.res.linear.format, d.res.linear.numChannels);
      r.res.linear.sizeInBytes = d.res.linear.sizeInBytes;
      break;
    case HIP_RESOURCE_TYPE_PITCH2D:
      r.res.pitch2D.devPtr = d.res.pitch2D.devPtr;
      r.res.pitch2D.desc = images::channelDescOf(d.res.pitch2D.format, d.res.pitch2D.numChannels);
      r.res.pitch2D.width = d.res.pitch2D.width;
      r.res.pitch2D.height = d.res.pitch2D.height;
      r.res.pitch2D.pitchInBytes = d.res.pitch2D.pitchInBytes;
      break;
  }
  return r;
}

// Element-type reads of integer formats are the driver's READ_AS_INTEGER; other formats read as
// float either way.
HIP_TEXTURE_DESC toDriver(const hipTextureDesc& t, bool integerFormat) {
  HIP_TEXTURE_DESC d{};
  for (int i = 0; i < 3; ++i) d.addressMode[i] = static_cast<HIPaddress_mode>(t.addressMode[i]);
  d.filterMode = static_cast<HIPfilter_mode>(t.filterMode);
  if (t.readMode == hipReadModeElementType && integerFormat) d.flags |= HIP_TRSF_READ_AS_INTEGER;
  if (t.normalizedCoords) d.flags |= HIP_TRSF_NORMALIZED_COORDINATES;
  if (t.sRGB) d.flags |= HIP_TRSF_SRGB;
  d.maxAnisotropy = t.maxAnisotropy;
  d.mipmapFilterMode = static_cast<HIPfilter_mode>(t.mipmapFilterMode);
  d.mipmapLevelBias = t.mipmapLevelBias;
  d.minMipmapLevelClamp = t.minMipmapLevelClamp;
  d.maxMipmapLevelClamp = t.maxMipmapLevelClamp;
  for (int i = 0; i < 4; ++i) d.borderColor[i] = t.borderColor[i];
  return d;
}

hipTextureDesc toRuntime(const HIP_TEXTURE_DESC& d) {
  hipTextureDesc t{};
  for (int i = 0; i < 3; ++i)
    t.addressMode[i] = static_cast<hipTextureAddressMode>(d.addressMode[i]);
  t.filterMode = static_cast<hipTextureFilterMode>(d.filterMode);
  t.readMode = (d.flags & HIP_TRSF_READ_AS_INTEGER) ? hipReadModeElementType
                                                    : hipReadModeNormalizedFloat;
  t.normalizedCoords = (d.flags & HIP_TRSF_NORMALIZED_COORDINATES) ? 1 : 0;
  t.sRGB = (d.flags & HIP_TRSF_SRGB) ? 1 : 0;
  t.maxAnisotropy = d.maxAnisotropy;
  t.mipmapFilterMode = static_cast<hipTextureFilterMode>(d.mipmapFilterMode);
  t.mipmapLevelBias = d.mipmapLevelBias;
  t.minMipmapLevelClamp = d.minMipmapLevelClamp;
  t.maxMipmapLevelClamp = d.maxMipmapLevelClamp;
  for (int i = 0; i < 4; ++i) t.borderColor[i] = d.borderColor[i];
  return t;
}

// The view descriptors share their fields and values.
HIP_RESOURCE_VIEW_DESC toDriver(const hipResourceViewDesc& v) {
  HIP_RESOURCE_VIEW_DESC d{};
  d.format = static_cast<HIPresourceViewFormat>(v.format);
  d.width = v.width;
  d.height = v.height;
  d.depth = v.depth;
  d.firstMipmapLevel = v.firstMipmapLevel;
  d.lastMipmapLevel = v.lastMipmapLevel;
  d.firstLayer = v.firstLayer;
  d.lastLayer = v.lastLayer;
  return d;
}

hipResourceViewDesc toRuntime(const HIP_RESOURCE_VIEW_DESC& d) {
  hipResourceViewDesc v{};
  v.format = static_cast<hipResourceViewFormat>(d.format);
  v.width = d.width;
  v.height = d.height;
  v.depth = d.depth;
  v.firstMipmapLevel = d.firstMipmapLevel;
  v.lastMipmapLevel = d.lastMipmapLevel;
  v.firstLayer = d.firstLayer;
  v.lastLayer = d.lastLayer;
  return v;
}

bool validModes(const HIP_TEXTURE_DESC& t) {
  for (int i = 0; i < 3; ++i)
    if (t.addressMode[i] < HIP_TR_ADDRESS_MODE_WRAP ||
        t.addressMode[i] > HIP_TR_ADDRESS_MODE_BORDER)
      return false;
  auto filter = [](HIPfilter_mode f) {
    return f == HIP_TR_FILTER_MODE_POINT || f == HIP_TR_FILTER_MODE_LINEAR;
  };
  return filter(t.filterMode) && filter(t.mipmapFilterMode);
}

// The resource's arrays resolved (a garbage or freed one is hipErrorInvalidValue), its device
// (the array's, else the current one) and whether its format is an integer one.
Status resolveResource(const HIP_RESOURCE_DESC& d, TextureResource* out, Device** device,
                       bool* integerFormat) {
  out->desc = d;
  int ordinal = -1;
  hipArray_Format format = HIP_AD_FORMAT_FLOAT;
  switch (d.resType) {
    case HIP_RESOURCE_TYPE_ARRAY: {
      const hipArray* a = liveArray(d.res.array.hArray);
      if (a == nullptr) return hipErrorInvalidValue;
      out->array = a->native;
      ordinal = a->device;
      format = a->shape.format;
      break;
    }
    case HIP_RESOURCE_TYPE_MIPMAPPED_ARRAY: {
      const ihipMipmap* m = liveMipmap(d.res.mipmap.hMipmappedArray);
      if (m == nullptr) return hipErrorInvalidValue;
      out->mipmap = m->native;
      ordinal = m->device;
      format = m->shape.format;
      break;
    }
    case HIP_RESOURCE_TYPE_LINEAR:
      if (!images::validFormat(d.res.linear.format)) return hipErrorInvalidValue;
      format = d.res.linear.format;
      break;
    case HIP_RESOURCE_TYPE_PITCH2D:
      // An empty pitch-2D resource: AMD's runtime refuses it (CUDA's driver accepts it).
      if (!images::validFormat(d.res.pitch2D.format) || d.res.pitch2D.width == 0 ||
          d.res.pitch2D.height == 0)
        return hipErrorInvalidValue;
      format = d.res.pitch2D.format;
      break;
  }
  if (ordinal < 0) {
    UNIHIP_TRY(currentDevice(device));
  } else {
    *device = Runtime::get().device(ordinal);
  }
  *integerFormat = images::isIntegerFormat(format);
  return kOk;
}

// AMD's runtime takes only a view's format over an array: an extent past the array's (which
// CUDA's driver refuses) reads as the array's own. The record keeps the caller's view.
HIP_RESOURCE_VIEW_DESC viewWithinArray(const HIP_RESOURCE_VIEW_DESC& v,
                                       const HIP_RESOURCE_DESC& d) {
  HIP_RESOURCE_VIEW_DESC fitted = v;
  if (d.resType != HIP_RESOURCE_TYPE_ARRAY) return fitted;
  if (const hipArray* a = liveArray(d.res.array.hArray)) {
    fitted.width = std::min(fitted.width, a->shape.width);
    fitted.height = std::min(fitted.height, a->shape.height);
    fitted.depth = std::min(fitted.depth, a->shape.depth);
  }
  return fitted;
}

// Creates the object and records both forms of its descriptors.
// How many coordinates address the resource: 1 for linear memory and 1D arrays (layered or
// not), 2 for pitched memory and 2D or 2D-layered arrays, 3 for 3D arrays (mipmapped: 3, left
// alone).
int coordinateDimensions(const HIP_RESOURCE_DESC& r) {
  switch (r.resType) {
    case HIP_RESOURCE_TYPE_LINEAR: return 1;
    case HIP_RESOURCE_TYPE_PITCH2D: return 2;
    case HIP_RESOURCE_TYPE_ARRAY: {
      const hipArray* a = liveArray(r.res.array.hArray);
      if (a == nullptr) return 3;
      if (a->shape.height == 0) return 1;
      if (a->shape.depth == 0 || (a->shape.flags & hipArrayLayered) != 0) return 2;
      return 3;
    }
    default: return 3;
  }
}

// The address modes of dimensions the resource lacks are clamped before the backend sees them:
// AMD's images have no such dimension, but NVIDIA's sampler applies them to a 1D array as to a
// one-row 2D one, so a border mode there blends the border into linear filtering (hip-tests'
// hipTextureObj1DCheckSRGBModes sets addressMode[1] too and read half the expected values). The
// getters still answer the modes as given (record.tex, record.drvTex are kept).
HIP_TEXTURE_DESC samplerFor(const HIP_TEXTURE_DESC& tex, const HIP_RESOURCE_DESC& r) {
  HIP_TEXTURE_DESC t = tex;
  for (int i = coordinateDimensions(r); i < 3; ++i) t.addressMode[i] = HIP_TR_ADDRESS_MODE_CLAMP;
  return t;
}

Status createTexture(hipTextureObject_t* out, const TextureResource& res, Device& device,
                     TextureRecord record) {
  ImageOps* ops = nullptr;
  UNIHIP_TRY(images::opsOf(device, &ops));
  uint64_t object = 0;
  HIP_RESOURCE_VIEW_DESC view{};
  if (record.hasView) view = viewWithinArray(record.drvView, record.drvRes);
  const HIP_TEXTURE_DESC sampler = samplerFor(record.drvTex, record.drvRes);
  UNIHIP_TRY(ops->textureCreate(device.local, res, sampler, record.hasView ? &view : nullptr,
                                &object));
  record.device = device.ordinal;
  textureRegistry().add(object, record);
  *out = reinterpret_cast<hipTextureObject_t>(object);
  return kOk;
}

Status findTexture(hipTextureObject_t object, TextureRecord* out) {
  return textureRegistry().find(reinterpret_cast<uint64_t>(object), out)
             ? kOk
             : Status(hipErrorInvalidValue);
}

Status destroyTexture(hipTextureObject_t object) {
  TextureRecord r;
  if (!textureRegistry().remove(reinterpret_cast<uint64_t>(object), &r))
    return hipErrorInvalidValue;
  Device* d = Runtime::get().device(r.device);
  ImageOps* ops = nullptr;
  UNIHIP_TRY(images::opsOf(*d, &ops));
  return ops->textureDestroy(d->local, reinterpret_cast<uint64_t>(object));
}

}  // namespace

UNIHIP_EXPORT hipChannelFormatDesc hipCreateChannelDesc(int x, int y, int z, int w,
                                                        hipChannelFormatKind f) {
  UNIHIP_TRACE_hipCreateChannelDesc(x, y, z, w, f);
  return hipChannelFormatDesc{x, y, z, w, f};
}

UNIHIP_EXPORT hipError_t hipCreateTextureObject(hipTextureObject_t* pTexObject,
                                                const hipResourceDesc* pResDesc,
                                                const hipTextureDesc* pTexDesc,
                                                const struct hipResourceViewDesc* pResViewDesc) {
  UNIHIP_TRACE_hipCreateTextureObject(pTexObject, pResDesc, pTexDesc, pResViewDesc);
  if (anyNull(pTexObject, pResDesc, pTexDesc)) UNIHIP_RETURN(hipErrorInvalidValue);
  UNIHIP_RETURN_IF_FAILED(checkTextureResource(pResDesc->resType, resourceOf(*pResDesc),
                                               pResViewDesc != nullptr,
                                               pResDesc->res.linear.sizeInBytes));
  TextureRecord record;
  record.res = *pResDesc;
  record.tex = *pTexDesc;
  record.hasView = pResViewDesc != nullptr;
  if (record.hasView) record.view = *pResViewDesc;
  UNIHIP_RETURN_IF_FAILED(toDriver(*pResDesc, &record.drvRes));
  if (pTexDesc->readMode != hipReadModeElementType &&
      pTexDesc->readMode != hipReadModeNormalizedFloat)
    UNIHIP_RETURN(hipErrorInvalidValue);
  TextureResource res;
  Device* device = nullptr;
  bool integerFormat = false;
  UNIHIP_RETURN_IF_FAILED(resolveResource(record.drvRes, &res, &device, &integerFormat));
  record.drvTex = toDriver(*pTexDesc, integerFormat);
  if (!validModes(record.drvTex)) UNIHIP_RETURN(hipErrorInvalidValue);
  if (record.hasView) record.drvView = toDriver(*pResViewDesc);
  UNIHIP_RETURN(createTexture(pTexObject, res, *device, record));
}

UNIHIP_EXPORT hipError_t hipTexObjectCreate(hipTextureObject_t* pTexObject,
                                            const HIP_RESOURCE_DESC* pResDesc,
                                            const HIP_TEXTURE_DESC* pTexDesc,
                                            const HIP_RESOURCE_VIEW_DESC* pResViewDesc) {
  UNIHIP_TRACE_hipTexObjectCreate(pTexObject, pResDesc, pTexDesc, pResViewDesc);
  if (anyNull(pTexObject, pResDesc, pTexDesc)) UNIHIP_RETURN(hipErrorInvalidValue);
  UNIHIP_RETURN_IF_FAILED(checkTextureResource(pResDesc->resType, resourceOf(*pResDesc),
                                               pResViewDesc != nullptr,
                                               pResDesc->res.linear.sizeInBytes));
  if (!validModes(*pTexDesc)) UNIHIP_RETURN(hipErrorInvalidValue);
  TextureRecord record;
  record.drvRes = *pResDesc;
  record.drvTex = *pTexDesc;
  record.hasView = pResViewDesc != nullptr;
  if (record.hasView) record.drvView = *pResViewDesc;
  TextureResource res;
  Device* device = nullptr;
  bool integerFormat = false;
  UNIHIP_RETURN_IF_FAILED(resolveResource(record.drvRes, &res, &device, &integerFormat));
  record.res = toRuntime(record.drvRes);
  record.tex = toRuntime(record.drvTex);
  if (record.hasView) record.view = toRuntime(record.drvView);
  UNIHIP_RETURN(createTexture(pTexObject, res, *device, record));
}

// Destroying the null object is a no-op in HIP.
UNIHIP_EXPORT hipError_t hipDestroyTextureObject(hipTextureObject_t textureObject) {
  UNIHIP_TRACE_hipDestroyTextureObject(textureObject);
  if (textureObject == nullptr) UNIHIP_RETURN(kOk);
  UNIHIP_RETURN(destroyTexture(textureObject));
}

UNIHIP_EXPORT hipError_t hipTexObjectDestroy(hipTextureObject_t texObject) {
  UNIHIP_TRACE_hipTexObjectDestroy(texObject);
  if (texObject == nullptr) UNIHIP_RETURN(kOk);
  UNIHIP_RETURN(destroyTexture(texObject));
}

UNIHIP_EXPORT hipError_t hipGetTextureObjectResourceDesc(hipResourceDesc* pResDesc,
                                                         hipTextureObject_t textureObject) {
  UNIHIP_TRACE_hipGetTextureObjectResourceDesc(pResDesc, textureObject);
  UNIHIP_RETURN_IF_FAILED(checkDescriptorQuery(pResDesc, textureObject));
  TextureRecord r;
  UNIHIP_RETURN_IF_FAILED(findTexture(textureObject, &r));
  *pResDesc = r.res;
  UNIHIP_RETURN(kOk);
}

UNIHIP_EXPORT hipError_t hipGetTextureObjectResourceViewDesc(
    struct hipResourceViewDesc* pResViewDesc, hipTextureObject_t textureObject) {
  UNIHIP_TRACE_hipGetTextureObjectResourceViewDesc(pResViewDesc, textureObject);
  UNIHIP_RETURN_IF_FAILED(checkDescriptorQuery(pResViewDesc, textureObject));
  TextureRecord r;
  UNIHIP_RETURN_IF_FAILED(findTexture(textureObject, &r));
  *pResViewDesc = r.view;
  UNIHIP_RETURN(kOk);
}

UNIHIP_EXPORT hipError_t hipGetTextureObjectTextureDesc(hipTextureDesc* pTexDesc,
                                                        hipTextureObject_t textureObject) {
  UNIHIP_TRACE_hipGetTextureObjectTextureDesc(pTexDesc, textureObject);
  UNIHIP_RETURN_IF_FAILED(checkDescriptorQuery(pTexDesc, textureObject));
  TextureRecord r;
  UNIHIP_RETURN_IF_FAILED(findTexture(textureObject, &r));
  *pTexDesc = r.tex;
  UNIHIP_RETURN(kOk);
}

UNIHIP_EXPORT hipError_t hipTexObjectGetResourceDesc(HIP_RESOURCE_DESC* pResDesc,
                                                     hipTextureObject_t texObject) {
  UNIHIP_TRACE_hipTexObjectGetResourceDesc(pResDesc, texObject);
  UNIHIP_RETURN_IF_FAILED(checkDescriptorQuery(pResDesc, texObject));
  TextureRecord r;
  UNIHIP_RETURN_IF_FAILED(findTexture(texObject, &r));
  *pResDesc = r.drvRes;
  UNIHIP_RETURN(kOk);
}

UNIHIP_EXPORT hipError_t hipTexObjectGetResourceViewDesc(HIP_RESOURCE_VIEW_DESC* pResViewDesc,
                                                         hipTextureObject_t texObject) {
  UNIHIP_TRACE_hipTexObjectGetResourceViewDesc(pResViewDesc, texObject);
  UNIHIP_RETURN_IF_FAILED(checkDescriptorQuery(pResViewDesc, texObject));
  TextureRecord r;
  UNIHIP_RETURN_IF_FAILED(findTexture(texObject, &r));
  *pResViewDesc = r.drvView;
  UNIHIP_RETURN(kOk);
}

UNIHIP_EXPORT hipError_t hipTexObjectGetTextureDesc(HIP_TEXTURE_DESC* pTexDesc,
                                                    hipTextureObject_t texObject) {
  UNIHIP_TRACE_hipTexObjectGetTextureDesc(pTexDesc, texObject);
  UNIHIP_RETURN_IF_FAILED(checkDescriptorQuery(pTexDesc, texObject));
  TextureRecord r;
  UNIHIP_RETURN_IF_FAILED(findTexture(texObject, &r));
  *pTexDesc = r.drvTex;
  UNIHIP_RETURN(kOk);
}

// Surfaces read and write arrays only.
UNIHIP_EXPORT hipError_t hipCreateSurfaceObject(hipSurfaceObject_t* pSurfObject,
                                                const hipResourceDesc* pResDesc) {
  UNIHIP_TRACE_hipCreateSurfaceObject(pSurfObject, pResDesc);
  if (anyNull(pSurfObject, pResDesc) || pResDesc->resType != hipResourceTypeArray ||
      pResDesc->res.array.array == nullptr)
    UNIHIP_RETURN(hipErrorInvalidValue);
  const hipArray* a = liveArray(pResDesc->res.array.array);
  if (a == nullptr) UNIHIP_RETURN(hipErrorInvalidValue);
  Device* d = Runtime::get().device(a->device);
  ImageOps* ops = nullptr;
  UNIHIP_RETURN_IF_FAILED(images::opsOf(*d, &ops));
  uint64_t object = 0;
  UNIHIP_RETURN_IF_FAILED(ops->surfaceCreate(d->local, a->native, &object));
  surfaceRegistry().add(object, {a->device, *pResDesc});
  *pSurfObject = reinterpret_cast<hipSurfaceObject_t>(object);
  UNIHIP_RETURN(kOk);
}

UNIHIP_EXPORT hipError_t hipDestroySurfaceObject(hipSurfaceObject_t surfaceObject) {
  UNIHIP_TRACE_hipDestroySurfaceObject(surfaceObject);
  if (surfaceObject == nullptr) UNIHIP_RETURN(kOk);
  SurfaceRecord r;
  if (!surfaceRegistry().remove(reinterpret_cast<uint64_t>(surfaceObject), &r))
    UNIHIP_RETURN(hipErrorInvalidValue);
  Device* d = Runtime::get().device(r.device);
  ImageOps* ops = nullptr;
  UNIHIP_RETURN_IF_FAILED(images::opsOf(*d, &ops));
  UNIHIP_RETURN(ops->surfaceDestroy(d->local, reinterpret_cast<uint64_t>(surfaceObject)));
}

UNIHIP_EXPORT hipError_t hipGetChannelDesc(hipChannelFormatDesc* desc, hipArray_const_t array) {
  UNIHIP_TRACE_hipGetChannelDesc(desc, array);
  // AMD's hipGetChannelDesc: a null out pointer is an invalid value, a null array an invalid
  // handle (hip-tests' hipGetChanDesc.cc Negative_Parameters).
  if (desc == nullptr) UNIHIP_RETURN(hipErrorInvalidValue);
  if (array == nullptr) UNIHIP_RETURN(hipErrorInvalidHandle);
  const hipArray* a = liveArray(array);
  if (a == nullptr) UNIHIP_RETURN(hipErrorInvalidValue);
  *desc = images::channelDescOf(a->shape.format, a->shape.channels);
  UNIHIP_RETURN(kOk);
}

UNIHIP_EXPORT hipError_t hipDeviceGetTexture1DLinearMaxWidth(size_t* maxWidthInElements,
                                                             const hipChannelFormatDesc* fmtDesc,
                                                             int device) {
  UNIHIP_TRACE_hipDeviceGetTexture1DLinearMaxWidth(maxWidthInElements, fmtDesc, device);
  if (anyNull(maxWidthInElements, fmtDesc)) UNIHIP_RETURN(hipErrorInvalidValue);
  UNIHIP_RETURN_IF_FAILED(checkDeviceOrdinal(device));
  hipArray_Format format;
  unsigned channels = 0;
  if (!images::formatOf(*fmtDesc, &format, &channels)) UNIHIP_RETURN(hipErrorInvalidValue);
  const Device* d = Runtime::get().device(device);
  ImageOps* ops = nullptr;
  UNIHIP_RETURN_IF_FAILED(images::opsOf(*d, &ops));
  *maxWidthInElements = static_cast<size_t>(d->props->maxTexture1DLinear);
  UNIHIP_RETURN(kOk);
}
