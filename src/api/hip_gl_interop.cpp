// Graphics interop (hipGraphics*, OpenGL registration): arguments are checked as AMD's runtime
// checks them; unihip has no graphics interop yet (hipErrorNotSupported).
#include "api/api_boundary.h"
#include "api/arg_checks.h"
#include "hip/hip_gl_interop.h"

using namespace unihip;

namespace {

constexpr unsigned int kReadOnly = hipGraphicsRegisterFlagsReadOnly;
constexpr unsigned int kWriteDiscard = hipGraphicsRegisterFlagsWriteDiscard;
constexpr unsigned int kImageOnly =
    hipGraphicsRegisterFlagsSurfaceLoadStore | hipGraphicsRegisterFlagsTextureGather;

// Read-only and write-discard exclude each other; surface and gather apply to images only.
bool validRegisterFlags(unsigned int flags, bool image) {
  const unsigned int allowed = kReadOnly | kWriteDiscard | (image ? kImageOnly : 0u);
  if ((flags & ~allowed) != 0) return false;
  return (flags & (kReadOnly | kWriteDiscard)) != (kReadOnly | kWriteDiscard);
}

// Map and unmap share their checks.
Status checkResourceBatch(int count, const hipGraphicsResource_t* resources, hipStream_t stream) {
  if (count <= 0 || resources == nullptr) return hipErrorInvalidValue;
  for (int i = 0; i < count; ++i)
    if (resources[i] == nullptr) return hipErrorInvalidValue;
  return checkStream(stream);
}

}  // namespace

UNIHIP_EXPORT hipError_t hipGLGetDevices(unsigned int* pHipDeviceCount, int* pHipDevices,
                                         unsigned int hipDeviceCount, hipGLDeviceList deviceList) {
  UNIHIP_TRACE_hipGLGetDevices(pHipDeviceCount, pHipDevices, hipDeviceCount, deviceList);
  if (pHipDeviceCount == nullptr || (pHipDevices == nullptr && hipDeviceCount != 0) ||
      deviceList < hipGLDeviceListAll || deviceList > hipGLDeviceListNextFrame)
    UNIHIP_RETURN(hipErrorInvalidValue);
  UNIHIP_RETURN_NOT_SUPPORTED();
}

UNIHIP_EXPORT hipError_t hipGraphicsGLRegisterBuffer(hipGraphicsResource** resource, GLuint buffer,
                                                     unsigned int flags) {
  UNIHIP_TRACE_hipGraphicsGLRegisterBuffer(resource, buffer, flags);
  if (resource == nullptr || !validRegisterFlags(flags, false)) UNIHIP_RETURN(hipErrorInvalidValue);
  UNIHIP_RETURN_NOT_SUPPORTED();
}

UNIHIP_EXPORT hipError_t hipGraphicsGLRegisterImage(hipGraphicsResource** resource, GLuint image,
                                                    GLenum target, unsigned int flags) {
  UNIHIP_TRACE_hipGraphicsGLRegisterImage(resource, image, target, flags);
  if (resource == nullptr || !validRegisterFlags(flags, true)) UNIHIP_RETURN(hipErrorInvalidValue);
  UNIHIP_RETURN_NOT_SUPPORTED();
}

UNIHIP_EXPORT hipError_t hipGraphicsMapResources(int count, hipGraphicsResource_t* resources,
                                                 hipStream_t stream) {
  UNIHIP_TRACE_hipGraphicsMapResources(count, resources, stream);
  UNIHIP_RETURN_IF_FAILED(checkResourceBatch(count, resources, stream));
  UNIHIP_RETURN_NOT_SUPPORTED();
}

UNIHIP_EXPORT hipError_t hipGraphicsUnmapResources(int count, hipGraphicsResource_t* resources,
                                                   hipStream_t stream) {
  UNIHIP_TRACE_hipGraphicsUnmapResources(count, resources, stream);
  UNIHIP_RETURN_IF_FAILED(checkResourceBatch(count, resources, stream));
  UNIHIP_RETURN_NOT_SUPPORTED();
}

UNIHIP_EXPORT hipError_t hipGraphicsResourceGetMappedPointer(void** devPtr, size_t* size,
                                                             hipGraphicsResource_t resource) {
  UNIHIP_TRACE_hipGraphicsResourceGetMappedPointer(devPtr, size, resource);
  if (anyNull(devPtr, size, resource)) UNIHIP_RETURN(hipErrorInvalidValue);
  UNIHIP_RETURN_NOT_SUPPORTED();
}

UNIHIP_EXPORT hipError_t hipGraphicsSubResourceGetMappedArray(hipArray_t* array,
                                                              hipGraphicsResource_t resource,
                                                              unsigned int arrayIndex,
                                                              unsigned int mipLevel) {
  UNIHIP_TRACE_hipGraphicsSubResourceGetMappedArray(array, resource, arrayIndex, mipLevel);
  if (anyNull(array, resource)) UNIHIP_RETURN(hipErrorInvalidValue);
  UNIHIP_RETURN_NOT_SUPPORTED();
}

UNIHIP_EXPORT hipError_t hipGraphicsUnregisterResource(hipGraphicsResource_t resource) {
  UNIHIP_TRACE_hipGraphicsUnregisterResource(resource);
  if (resource == nullptr) UNIHIP_RETURN(hipErrorInvalidValue);
  UNIHIP_RETURN_NOT_SUPPORTED();
}
