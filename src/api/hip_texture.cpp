// Texture and surface objects (hipCreateTextureObject, hipTexObject*, hipCreateSurfaceObject):
// descriptors are checked as AMD's runtime checks them; the objects themselves are not
// implemented yet (hipErrorNotSupported). hipCreateChannelDesc is complete.
#include "api/api_boundary.h"
#include "api/arg_checks.h"

using namespace unihip;

namespace {

// One check for both descriptor flavours (runtime hipResourceDesc, driver HIP_RESOURCE_DESC):
// what the resource names must exist, a view applies to arrays only, a mipmapped array needs
// normalized coordinates.
Status checkTextureResource(int resType, const void* handleOrPointer, bool normalizedCoords,
                            bool hasView) {
  switch (resType) {
    case hipResourceTypeArray:
      return handleOrPointer != nullptr ? kOk : Status(hipErrorInvalidValue);
    case hipResourceTypeMipmappedArray:
      return handleOrPointer != nullptr && normalizedCoords ? kOk : Status(hipErrorInvalidValue);
    case hipResourceTypeLinear:
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

}  // namespace

UNIHIP_EXPORT hipChannelFormatDesc hipCreateChannelDesc(int x, int y, int z, int w,
                                                        hipChannelFormatKind f) {
  UNIHIP_TRACE_API("hipCreateChannelDesc({}, {}, {}, {}, {})", x, y, z, w, (int)f);
  return hipChannelFormatDesc{x, y, z, w, f};
}

UNIHIP_EXPORT hipError_t hipCreateTextureObject(hipTextureObject_t* pTexObject,
                                                const hipResourceDesc* pResDesc,
                                                const hipTextureDesc* pTexDesc,
                                                const struct hipResourceViewDesc* pResViewDesc) {
  UNIHIP_TRACE_API("hipCreateTextureObject({}, {}, {}, {})", (void*)pTexObject,
                   (const void*)pResDesc, (const void*)pTexDesc, (const void*)pResViewDesc);
  if (anyNull(pTexObject, pResDesc, pTexDesc)) UNIHIP_RETURN(hipErrorInvalidValue);
  UNIHIP_RETURN_IF_FAILED(checkTextureResource(pResDesc->resType, resourceOf(*pResDesc),
                                               pTexDesc->normalizedCoords != 0,
                                               pResViewDesc != nullptr));
  UNIHIP_RETURN_NOT_SUPPORTED();
}

UNIHIP_EXPORT hipError_t hipTexObjectCreate(hipTextureObject_t* pTexObject,
                                            const HIP_RESOURCE_DESC* pResDesc,
                                            const HIP_TEXTURE_DESC* pTexDesc,
                                            const HIP_RESOURCE_VIEW_DESC* pResViewDesc) {
  UNIHIP_TRACE_API("hipTexObjectCreate({}, {}, {}, {})", (void*)pTexObject, (const void*)pResDesc,
                   (const void*)pTexDesc, (const void*)pResViewDesc);
  if (anyNull(pTexObject, pResDesc, pTexDesc)) UNIHIP_RETURN(hipErrorInvalidValue);
  UNIHIP_RETURN_IF_FAILED(checkTextureResource(
      pResDesc->resType, resourceOf(*pResDesc),
      (pTexDesc->flags & HIP_TRSF_NORMALIZED_COORDINATES) != 0, pResViewDesc != nullptr));
  UNIHIP_RETURN_NOT_SUPPORTED();
}

// Destroying the null object is a no-op in HIP.
UNIHIP_EXPORT hipError_t hipDestroyTextureObject(hipTextureObject_t textureObject) {
  UNIHIP_TRACE_API("hipDestroyTextureObject({})", (void*)textureObject);
  if (textureObject == nullptr) UNIHIP_RETURN(kOk);
  UNIHIP_RETURN_NOT_SUPPORTED();
}

UNIHIP_EXPORT hipError_t hipTexObjectDestroy(hipTextureObject_t texObject) {
  UNIHIP_TRACE_API("hipTexObjectDestroy({})", (void*)texObject);
  if (texObject == nullptr) UNIHIP_RETURN(kOk);
  UNIHIP_RETURN_NOT_SUPPORTED();
}

UNIHIP_EXPORT hipError_t hipGetTextureObjectResourceDesc(hipResourceDesc* pResDesc,
                                                         hipTextureObject_t textureObject) {
  UNIHIP_TRACE_API("hipGetTextureObjectResourceDesc({}, {})", (void*)pResDesc,
                   (void*)textureObject);
  UNIHIP_RETURN_IF_FAILED(checkDescriptorQuery(pResDesc, textureObject));
  UNIHIP_RETURN_NOT_SUPPORTED();
}

UNIHIP_EXPORT hipError_t hipGetTextureObjectResourceViewDesc(
    struct hipResourceViewDesc* pResViewDesc, hipTextureObject_t textureObject) {
  UNIHIP_TRACE_API("hipGetTextureObjectResourceViewDesc({}, {})", (void*)pResViewDesc,
                   (void*)textureObject);
  UNIHIP_RETURN_IF_FAILED(checkDescriptorQuery(pResViewDesc, textureObject));
  UNIHIP_RETURN_NOT_SUPPORTED();
}

UNIHIP_EXPORT hipError_t hipGetTextureObjectTextureDesc(hipTextureDesc* pTexDesc,
                                                        hipTextureObject_t textureObject) {
  UNIHIP_TRACE_API("hipGetTextureObjectTextureDesc({}, {})", (void*)pTexDesc,
                   (void*)textureObject);
  UNIHIP_RETURN_IF_FAILED(checkDescriptorQuery(pTexDesc, textureObject));
  UNIHIP_RETURN_NOT_SUPPORTED();
}

UNIHIP_EXPORT hipError_t hipTexObjectGetResourceDesc(HIP_RESOURCE_DESC* pResDesc,
                                                     hipTextureObject_t texObject) {
  UNIHIP_TRACE_API("hipTexObjectGetResourceDesc({}, {})", (void*)pResDesc, (void*)texObject);
  UNIHIP_RETURN_IF_FAILED(checkDescriptorQuery(pResDesc, texObject));
  UNIHIP_RETURN_NOT_SUPPORTED();
}

UNIHIP_EXPORT hipError_t hipTexObjectGetResourceViewDesc(HIP_RESOURCE_VIEW_DESC* pResViewDesc,
                                                         hipTextureObject_t texObject) {
  UNIHIP_TRACE_API("hipTexObjectGetResourceViewDesc({}, {})", (void*)pResViewDesc,
                   (void*)texObject);
  UNIHIP_RETURN_IF_FAILED(checkDescriptorQuery(pResViewDesc, texObject));
  UNIHIP_RETURN_NOT_SUPPORTED();
}

UNIHIP_EXPORT hipError_t hipTexObjectGetTextureDesc(HIP_TEXTURE_DESC* pTexDesc,
                                                    hipTextureObject_t texObject) {
  UNIHIP_TRACE_API("hipTexObjectGetTextureDesc({}, {})", (void*)pTexDesc, (void*)texObject);
  UNIHIP_RETURN_IF_FAILED(checkDescriptorQuery(pTexDesc, texObject));
  UNIHIP_RETURN_NOT_SUPPORTED();
}

// Surfaces read and write arrays only.
UNIHIP_EXPORT hipError_t hipCreateSurfaceObject(hipSurfaceObject_t* pSurfObject,
                                                const hipResourceDesc* pResDesc) {
  UNIHIP_TRACE_API("hipCreateSurfaceObject({}, {})", (void*)pSurfObject, (const void*)pResDesc);
  if (anyNull(pSurfObject, pResDesc) || pResDesc->resType != hipResourceTypeArray ||
      pResDesc->res.array.array == nullptr)
    UNIHIP_RETURN(hipErrorInvalidValue);
  UNIHIP_RETURN_NOT_SUPPORTED();
}

UNIHIP_EXPORT hipError_t hipDestroySurfaceObject(hipSurfaceObject_t surfaceObject) {
  UNIHIP_TRACE_API("hipDestroySurfaceObject({})", (void*)surfaceObject);
  if (surfaceObject == nullptr) UNIHIP_RETURN(kOk);
  UNIHIP_RETURN_NOT_SUPPORTED();
}

UNIHIP_EXPORT hipError_t hipGetChannelDesc(hipChannelFormatDesc* desc, hipArray_const_t array) {
  UNIHIP_TRACE_API("hipGetChannelDesc({}, {})", (void*)desc, (const void*)array);
  if (anyNull(desc, array)) UNIHIP_RETURN(hipErrorInvalidValue);
  UNIHIP_RETURN_NOT_SUPPORTED();
}

UNIHIP_EXPORT hipError_t hipDeviceGetTexture1DLinearMaxWidth(size_t* maxWidthInElements,
                                                             const hipChannelFormatDesc* fmtDesc,
                                                             int device) {
  UNIHIP_TRACE_API("hipDeviceGetTexture1DLinearMaxWidth({}, {}, {})", (void*)maxWidthInElements,
                   (const void*)fmtDesc, device);
  if (anyNull(maxWidthInElements, fmtDesc)) UNIHIP_RETURN(hipErrorInvalidValue);
  UNIHIP_RETURN_IF_FAILED(checkDeviceOrdinal(device));
  UNIHIP_RETURN_NOT_SUPPORTED();
}
