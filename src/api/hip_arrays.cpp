// HIP arrays and mipmapped arrays (allocation, descriptors, copies to and from arrays):
// arguments checked as AMD's runtime does, then not supported yet (no backend creates arrays,
// so no array handle can be valid).
//
// HIP semantics (AMD's runtime): null outputs or descriptors are hipErrorInvalidValue; the
// descriptor queries answer hipErrorInvalidHandle for a null array; 2D array copies check the
// kind, then the array (hipErrorInvalidHandle), then the linear side (null: hipErrorInvalidValue,
// pitch narrower than a row: hipErrorInvalidPitchValue).
#include "api/api_boundary.h"
#include "api/memory_checks.h"
#include "core/stream_resolve.h"

using namespace unihip;

namespace {

Status checkMallocArray(hipArray_t* array, const hipChannelFormatDesc* desc, size_t width,
                        size_t height, size_t depth, unsigned flags) {
  if (array == nullptr || desc == nullptr) return hipErrorInvalidValue;
  if (!memory::validChannelFormat(*desc)) return hipErrorInvalidValue;
  int channels = 1;
  while (channels < 4 && (&desc->x)[channels] != 0) ++channels;
  return memory::checkArrayDescriptor(width, height, depth, channels, flags);
}

// A copy between an array and linear memory (rows of `width` bytes); `stream` null for the
// synchronous forms.
Status checkArrayCopy(hipArray_const_t array, const void* linear, size_t pitch, size_t width,
                      size_t height, hipMemcpyKind kind, const hipStream_t* stream, bool* empty) {
  CopyDirection dir;
  UNIHIP_TRY(memory::copyDirection(kind, &dir));
  if (stream != nullptr) {
    ResolvedStream rs;
    UNIHIP_TRY(resolveStream(*stream, &rs));
  }
  if (array == nullptr) return hipErrorInvalidHandle;
  if (linear == nullptr) return hipErrorInvalidValue;
  if (pitch == 0 || pitch < width) return hipErrorInvalidPitchValue;
  *empty = width == 0 || height == 0;
  return kOk;
}

// The 1D driver-style copies (hipMemcpyAtoH & co.): every handle and pointer set.
Status checkArray1D(const void* a, const void* b, const hipStream_t* stream) {
  if (stream != nullptr) {
    ResolvedStream rs;
    UNIHIP_TRY(resolveStream(*stream, &rs));
  }
  if (a == nullptr || b == nullptr) return hipErrorInvalidValue;
  return kOk;
}

}  // namespace

UNIHIP_EXPORT hipError_t hipMallocArray(hipArray_t* array, const hipChannelFormatDesc* desc,
                                        size_t width, size_t height, unsigned int flags) {
  UNIHIP_TRACE_API("hipMallocArray({}, {}, {}, {}, {:#x})", fmt::ptr(array), fmt::ptr(desc),
                   width, height, flags);
  Status s = checkMallocArray(array, desc, width, height, 0, flags);
  if (!s.ok()) UNIHIP_RETURN(s);
  UNIHIP_RETURN_NOT_SUPPORTED();
}

UNIHIP_EXPORT hipError_t hipMalloc3DArray(hipArray_t* array,
                                          const struct hipChannelFormatDesc* desc,
                                          struct hipExtent extent, unsigned int flags) {
  UNIHIP_TRACE_API("hipMalloc3DArray({}, {}, {}x{}x{}, {:#x})", fmt::ptr(array), fmt::ptr(desc),
                   extent.width, extent.height, extent.depth, flags);
  Status s = checkMallocArray(array, desc, extent.width, extent.height, extent.depth, flags);
  if (!s.ok()) UNIHIP_RETURN(s);
  UNIHIP_RETURN_NOT_SUPPORTED();
}

UNIHIP_EXPORT hipError_t hipArrayCreate(hipArray_t* pHandle,
                                        const HIP_ARRAY_DESCRIPTOR* pAllocateArray) {
  UNIHIP_TRACE_API("hipArrayCreate({}, {})", fmt::ptr(pHandle), fmt::ptr(pAllocateArray));
  if (pHandle == nullptr || pAllocateArray == nullptr) UNIHIP_RETURN(hipErrorInvalidValue);
  const HIP_ARRAY_DESCRIPTOR& d = *pAllocateArray;
  Status s = memory::checkArrayDescriptor(d.Width, d.Height, 0, d.NumChannels, hipArrayDefault);
  if (!s.ok()) UNIHIP_RETURN(s);
  UNIHIP_RETURN_NOT_SUPPORTED();
}

UNIHIP_EXPORT hipError_t hipArray3DCreate(hipArray_t* array,
                                          const HIP_ARRAY3D_DESCRIPTOR* pAllocateArray) {
  UNIHIP_TRACE_API("hipArray3DCreate({}, {})", fmt::ptr(array), fmt::ptr(pAllocateArray));
  if (array == nullptr || pAllocateArray == nullptr) UNIHIP_RETURN(hipErrorInvalidValue);
  const HIP_ARRAY3D_DESCRIPTOR& d = *pAllocateArray;
  Status s = memory::checkArrayDescriptor(d.Width, d.Height, d.Depth, d.NumChannels, d.Flags);
  if (!s.ok()) UNIHIP_RETURN(s);
  UNIHIP_RETURN_NOT_SUPPORTED();
}

UNIHIP_EXPORT hipError_t hipFreeArray(hipArray_t array) {
  UNIHIP_TRACE_API("hipFreeArray({})", fmt::ptr(array));
  if (array == nullptr) UNIHIP_RETURN(hipErrorInvalidValue);
  UNIHIP_RETURN_NOT_SUPPORTED();
}

UNIHIP_EXPORT hipError_t hipArrayDestroy(hipArray_t array) {
  UNIHIP_TRACE_API("hipArrayDestroy({})", fmt::ptr(array));
  if (array == nullptr) UNIHIP_RETURN(hipErrorInvalidValue);
  UNIHIP_RETURN_NOT_SUPPORTED();
}

UNIHIP_EXPORT hipError_t hipArrayGetInfo(hipChannelFormatDesc* desc, hipExtent* extent,
                                         unsigned int* flags, hipArray_t array) {
  UNIHIP_TRACE_API("hipArrayGetInfo({}, {}, {}, {})", fmt::ptr(desc), fmt::ptr(extent),
                   fmt::ptr(flags), fmt::ptr(array));
  if (array == nullptr) UNIHIP_RETURN(hipErrorInvalidHandle);
  if (desc == nullptr && extent == nullptr && flags == nullptr) UNIHIP_RETURN(kOk);
  UNIHIP_RETURN_NOT_SUPPORTED();
}

UNIHIP_EXPORT hipError_t hipArrayGetDescriptor(HIP_ARRAY_DESCRIPTOR* pArrayDescriptor,
                                               hipArray_t array) {
  UNIHIP_TRACE_API("hipArrayGetDescriptor({}, {})", fmt::ptr(pArrayDescriptor), fmt::ptr(array));
  if (array == nullptr) UNIHIP_RETURN(hipErrorInvalidHandle);
  if (pArrayDescriptor == nullptr) UNIHIP_RETURN(hipErrorInvalidValue);
  UNIHIP_RETURN_NOT_SUPPORTED();
}

UNIHIP_EXPORT hipError_t hipArray3DGetDescriptor(HIP_ARRAY3D_DESCRIPTOR* pArrayDescriptor,
                                                 hipArray_t array) {
  UNIHIP_TRACE_API("hipArray3DGetDescriptor({}, {})", fmt::ptr(pArrayDescriptor),
                   fmt::ptr(array));
  if (array == nullptr) UNIHIP_RETURN(hipErrorInvalidHandle);
  if (pArrayDescriptor == nullptr) UNIHIP_RETURN(hipErrorInvalidValue);
  UNIHIP_RETURN_NOT_SUPPORTED();
}

// 2D copies between arrays and linear memory.
UNIHIP_EXPORT hipError_t hipMemcpy2DToArray(hipArray_t dst, size_t wOffset, size_t hOffset,
                                            const void* src, size_t spitch, size_t width,
                                            size_t height, hipMemcpyKind kind) {
  UNIHIP_TRACE_API("hipMemcpy2DToArray({}, {}, {}, {}, {}, {}, {}, {})", fmt::ptr(dst), wOffset,
                   hOffset, src, spitch, width, height, static_cast<int>(kind));
  bool empty = false;
  Status s = checkArrayCopy(dst, src, spitch, width, height, kind, nullptr, &empty);
  if (!s.ok() || empty) UNIHIP_RETURN(s);
  UNIHIP_RETURN_NOT_SUPPORTED();
}

UNIHIP_EXPORT hipError_t hipMemcpy2DToArrayAsync(hipArray_t dst, size_t wOffset, size_t hOffset,
                                                 const void* src, size_t spitch, size_t width,
                                                 size_t height, hipMemcpyKind kind,
                                                 hipStream_t stream) {
  UNIHIP_TRACE_API("hipMemcpy2DToArrayAsync({}, {}, {}, {}, {}, {}, {}, {}, {})", fmt::ptr(dst),
                   wOffset, hOffset, src, spitch, width, height, static_cast<int>(kind),
                   fmt::ptr(stream));
  bool empty = false;
  Status s = checkArrayCopy(dst, src, spitch, width, height, kind, &stream, &empty);
  if (!s.ok() || empty) UNIHIP_RETURN(s);
  UNIHIP_RETURN_NOT_SUPPORTED();
}

UNIHIP_EXPORT hipError_t hipMemcpy2DToArray_spt(hipArray_t dst, size_t wOffset, size_t hOffset,
                                                const void* src, size_t spitch, size_t width,
                                                size_t height, hipMemcpyKind kind) {
  UNIHIP_TRACE_API("hipMemcpy2DToArray_spt({}, {}, {}, {}, {}, {}, {}, {})", fmt::ptr(dst),
                   wOffset, hOffset, src, spitch, width, height, static_cast<int>(kind));
  bool empty = false;
  hipStream_t stream = hipStreamPerThread;
  Status s = checkArrayCopy(dst, src, spitch, width, height, kind, &stream, &empty);
  if (!s.ok() || empty) UNIHIP_RETURN(s);
  UNIHIP_RETURN_NOT_SUPPORTED();
}

UNIHIP_EXPORT hipError_t hipMemcpy2DToArrayAsync_spt(hipArray_t dst, size_t wOffset,
                                                     size_t hOffset, const void* src,
                                                     size_t spitch, size_t width, size_t height,
                                                     hipMemcpyKind kind, hipStream_t stream) {
  UNIHIP_TRACE_API("hipMemcpy2DToArrayAsync_spt({}, {}, {}, {}, {}, {}, {}, {}, {})",
                   fmt::ptr(dst), wOffset, hOffset, src, spitch, width, height,
                   static_cast<int>(kind), fmt::ptr(stream));
  bool empty = false;
  stream = unihipPerThreadStream(stream);
  Status s = checkArrayCopy(dst, src, spitch, width, height, kind, &stream, &empty);
  if (!s.ok() || empty) UNIHIP_RETURN(s);
  UNIHIP_RETURN_NOT_SUPPORTED();
}

UNIHIP_EXPORT hipError_t hipMemcpy2DFromArray(void* dst, size_t dpitch, hipArray_const_t src,
                                              size_t wOffset, size_t hOffset, size_t width,
                                              size_t height, hipMemcpyKind kind) {
  UNIHIP_TRACE_API("hipMemcpy2DFromArray({}, {}, {}, {}, {}, {}, {}, {})", dst, dpitch,
                   fmt::ptr(src), wOffset, hOffset, width, height, static_cast<int>(kind));
  bool empty = false;
  Status s = checkArrayCopy(src, dst, dpitch, width, height, kind, nullptr, &empty);
  if (!s.ok() || empty) UNIHIP_RETURN(s);
  UNIHIP_RETURN_NOT_SUPPORTED();
}

UNIHIP_EXPORT hipError_t hipMemcpy2DFromArrayAsync(void* dst, size_t dpitch, hipArray_const_t src,
                                                   size_t wOffset, size_t hOffset, size_t width,
                                                   size_t height, hipMemcpyKind kind,
                                                   hipStream_t stream) {
  UNIHIP_TRACE_API("hipMemcpy2DFromArrayAsync({}, {}, {}, {}, {}, {}, {}, {}, {})", dst, dpitch,
                   fmt::ptr(src), wOffset, hOffset, width, height, static_cast<int>(kind),
                   fmt::ptr(stream));
  bool empty = false;
  Status s = checkArrayCopy(src, dst, dpitch, width, height, kind, &stream, &empty);
  if (!s.ok() || empty) UNIHIP_RETURN(s);
  UNIHIP_RETURN_NOT_SUPPORTED();
}

UNIHIP_EXPORT hipError_t hipMemcpy2DFromArray_spt(void* dst, size_t dpitch, hipArray_const_t src,
                                                  size_t wOffset, size_t hOffset, size_t width,
                                                  size_t height, hipMemcpyKind kind) {
  UNIHIP_TRACE_API("hipMemcpy2DFromArray_spt({}, {}, {}, {}, {}, {}, {}, {})", dst, dpitch,
                   fmt::ptr(src), wOffset, hOffset, width, height, static_cast<int>(kind));
  bool empty = false;
  hipStream_t stream = hipStreamPerThread;
  Status s = checkArrayCopy(src, dst, dpitch, width, height, kind, &stream, &empty);
  if (!s.ok() || empty) UNIHIP_RETURN(s);
  UNIHIP_RETURN_NOT_SUPPORTED();
}

UNIHIP_EXPORT hipError_t hipMemcpy2DFromArrayAsync_spt(void* dst, size_t dpitch,
                                                       hipArray_const_t src, size_t wOffsetSrc,
                                                       size_t hOffsetSrc, size_t width,
                                                       size_t height, hipMemcpyKind kind,
                                                       hipStream_t stream) {
  UNIHIP_TRACE_API("hipMemcpy2DFromArrayAsync_spt({}, {}, {}, {}, {}, {}, {}, {}, {})", dst,
                   dpitch, fmt::ptr(src), wOffsetSrc, hOffsetSrc, width, height,
                   static_cast<int>(kind), fmt::ptr(stream));
  bool empty = false;
  stream = unihipPerThreadStream(stream);
  Status s = checkArrayCopy(src, dst, dpitch, width, height, kind, &stream, &empty);
  if (!s.ok() || empty) UNIHIP_RETURN(s);
  UNIHIP_RETURN_NOT_SUPPORTED();
}

UNIHIP_EXPORT hipError_t hipMemcpy2DArrayToArray(hipArray_t dst, size_t wOffsetDst,
                                                 size_t hOffsetDst, hipArray_const_t src,
                                                 size_t wOffsetSrc, size_t hOffsetSrc,
                                                 size_t width, size_t height, hipMemcpyKind kind) {
  UNIHIP_TRACE_API("hipMemcpy2DArrayToArray({}, {}, {}, {}, {}, {}, {}, {}, {})", fmt::ptr(dst),
                   wOffsetDst, hOffsetDst, fmt::ptr(src), wOffsetSrc, hOffsetSrc, width, height,
                   static_cast<int>(kind));
  CopyDirection dir;
  Status s = memory::copyDirection(kind, &dir);
  if (s.ok() && (src == nullptr || dst == nullptr)) s = hipErrorInvalidHandle;
  if (!s.ok()) UNIHIP_RETURN(s);
  UNIHIP_RETURN_NOT_SUPPORTED();
}

// Row copies (the deprecated hipMemcpyToArray / FromArray): one row of `count` bytes.
UNIHIP_EXPORT hipError_t hipMemcpyToArray(hipArray_t dst, size_t wOffset, size_t hOffset,
                                          const void* src, size_t count, hipMemcpyKind kind) {
  UNIHIP_TRACE_API("hipMemcpyToArray({}, {}, {}, {}, {}, {})", fmt::ptr(dst), wOffset, hOffset,
                   src, count, static_cast<int>(kind));
  bool empty = false;
  Status s = checkArrayCopy(dst, src, count, count, 1, kind, nullptr, &empty);
  if (!s.ok() || empty) UNIHIP_RETURN(s);
  UNIHIP_RETURN_NOT_SUPPORTED();
}

UNIHIP_EXPORT hipError_t hipMemcpyFromArray(void* dst, hipArray_const_t srcArray, size_t wOffset,
                                            size_t hOffset, size_t count, hipMemcpyKind kind) {
  UNIHIP_TRACE_API("hipMemcpyFromArray({}, {}, {}, {}, {}, {})", dst, fmt::ptr(srcArray),
                   wOffset, hOffset, count, static_cast<int>(kind));
  bool empty = false;
  Status s = checkArrayCopy(srcArray, dst, count, count, 1, kind, nullptr, &empty);
  if (!s.ok() || empty) UNIHIP_RETURN(s);
  UNIHIP_RETURN_NOT_SUPPORTED();
}

UNIHIP_EXPORT hipError_t hipMemcpyFromArray_spt(void* dst, hipArray_const_t src,
                                                size_t wOffsetSrc, size_t hOffset, size_t count,
                                                hipMemcpyKind kind) {
  UNIHIP_TRACE_API("hipMemcpyFromArray_spt({}, {}, {}, {}, {}, {})", dst, fmt::ptr(src),
                   wOffsetSrc, hOffset, count, static_cast<int>(kind));
  bool empty = false;
  hipStream_t stream = hipStreamPerThread;
  Status s = checkArrayCopy(src, dst, count, count, 1, kind, &stream, &empty);
  if (!s.ok() || empty) UNIHIP_RETURN(s);
  UNIHIP_RETURN_NOT_SUPPORTED();
}

// Driver-style 1D copies with arrays.
UNIHIP_EXPORT hipError_t hipMemcpyAtoA(hipArray_t dstArray, size_t dstOffset, hipArray_t srcArray,
                                       size_t srcOffset, size_t ByteCount) {
  UNIHIP_TRACE_API("hipMemcpyAtoA({}, {}, {}, {}, {})", fmt::ptr(dstArray), dstOffset,
                   fmt::ptr(srcArray), srcOffset, ByteCount);
  Status s = checkArray1D(dstArray, srcArray, nullptr);
  if (!s.ok()) UNIHIP_RETURN(s);
  UNIHIP_RETURN_NOT_SUPPORTED();
}

UNIHIP_EXPORT hipError_t hipMemcpyAtoD(hipDeviceptr_t dstDevice, hipArray_t srcArray,
                                       size_t srcOffset, size_t ByteCount) {
  UNIHIP_TRACE_API("hipMemcpyAtoD({}, {}, {}, {})", dstDevice, fmt::ptr(srcArray), srcOffset,
                   ByteCount);
  Status s = checkArray1D(dstDevice, srcArray, nullptr);
  if (!s.ok()) UNIHIP_RETURN(s);
  UNIHIP_RETURN_NOT_SUPPORTED();
}

UNIHIP_EXPORT hipError_t hipMemcpyDtoA(hipArray_t dstArray, size_t dstOffset,
                                       hipDeviceptr_t srcDevice, size_t ByteCount) {
  UNIHIP_TRACE_API("hipMemcpyDtoA({}, {}, {}, {})", fmt::ptr(dstArray), dstOffset, srcDevice,
                   ByteCount);
  Status s = checkArray1D(dstArray, srcDevice, nullptr);
  if (!s.ok()) UNIHIP_RETURN(s);
  UNIHIP_RETURN_NOT_SUPPORTED();
}

UNIHIP_EXPORT hipError_t hipMemcpyAtoH(void* dst, hipArray_t srcArray, size_t srcOffset,
                                       size_t count) {
  UNIHIP_TRACE_API("hipMemcpyAtoH({}, {}, {}, {})", dst, fmt::ptr(srcArray), srcOffset, count);
  Status s = checkArray1D(dst, srcArray, nullptr);
  if (!s.ok()) UNIHIP_RETURN(s);
  UNIHIP_RETURN_NOT_SUPPORTED();
}

UNIHIP_EXPORT hipError_t hipMemcpyHtoA(hipArray_t dstArray, size_t dstOffset, const void* srcHost,
                                       size_t count) {
  UNIHIP_TRACE_API("hipMemcpyHtoA({}, {}, {}, {})", fmt::ptr(dstArray), dstOffset, srcHost,
                   count);
  Status s = checkArray1D(dstArray, srcHost, nullptr);
  if (!s.ok()) UNIHIP_RETURN(s);
  UNIHIP_RETURN_NOT_SUPPORTED();
}

UNIHIP_EXPORT hipError_t hipMemcpyAtoHAsync(void* dstHost, hipArray_t srcArray, size_t srcOffset,
                                            size_t ByteCount, hipStream_t stream) {
  UNIHIP_TRACE_API("hipMemcpyAtoHAsync({}, {}, {}, {}, {})", dstHost, fmt::ptr(srcArray),
                   srcOffset, ByteCount, fmt::ptr(stream));
  Status s = checkArray1D(dstHost, srcArray, &stream);
  if (!s.ok()) UNIHIP_RETURN(s);
  UNIHIP_RETURN_NOT_SUPPORTED();
}

UNIHIP_EXPORT hipError_t hipMemcpyHtoAAsync(hipArray_t dstArray, size_t dstOffset,
                                            const void* srcHost, size_t ByteCount,
                                            hipStream_t stream) {
  UNIHIP_TRACE_API("hipMemcpyHtoAAsync({}, {}, {}, {}, {})", fmt::ptr(dstArray), dstOffset,
                   srcHost, ByteCount, fmt::ptr(stream));
  Status s = checkArray1D(dstArray, srcHost, &stream);
  if (!s.ok()) UNIHIP_RETURN(s);
  UNIHIP_RETURN_NOT_SUPPORTED();
}

// Mipmapped arrays.
UNIHIP_EXPORT hipError_t hipMallocMipmappedArray(hipMipmappedArray_t* mipmappedArray,
                                                 const struct hipChannelFormatDesc* desc,
                                                 struct hipExtent extent, unsigned int numLevels,
                                                 unsigned int flags) {
  UNIHIP_TRACE_API("hipMallocMipmappedArray({}, {}, {}x{}x{}, {}, {:#x})",
                   fmt::ptr(mipmappedArray), fmt::ptr(desc), extent.width, extent.height,
                   extent.depth, numLevels, flags);
  if (mipmappedArray == nullptr || desc == nullptr) UNIHIP_RETURN(hipErrorInvalidValue);
  if (!memory::validChannelFormat(*desc)) UNIHIP_RETURN(hipErrorInvalidValue);
  UNIHIP_RETURN_NOT_SUPPORTED();
}

UNIHIP_EXPORT hipError_t hipFreeMipmappedArray(hipMipmappedArray_t mipmappedArray) {
  UNIHIP_TRACE_API("hipFreeMipmappedArray({})", fmt::ptr(mipmappedArray));
  if (mipmappedArray == nullptr) UNIHIP_RETURN(hipErrorInvalidValue);
  UNIHIP_RETURN_NOT_SUPPORTED();
}

UNIHIP_EXPORT hipError_t hipGetMipmappedArrayLevel(hipArray_t* levelArray,
                                                   hipMipmappedArray_const_t mipmappedArray,
                                                   unsigned int level) {
  UNIHIP_TRACE_API("hipGetMipmappedArrayLevel({}, {}, {})", fmt::ptr(levelArray),
                   fmt::ptr(mipmappedArray), level);
  if (levelArray == nullptr || mipmappedArray == nullptr) UNIHIP_RETURN(hipErrorInvalidValue);
  UNIHIP_RETURN_NOT_SUPPORTED();
}

UNIHIP_EXPORT hipError_t hipMipmappedArrayCreate(hipMipmappedArray_t* pHandle,
                                                 HIP_ARRAY3D_DESCRIPTOR* pMipmappedArrayDesc,
                                                 unsigned int numMipmapLevels) {
  UNIHIP_TRACE_API("hipMipmappedArrayCreate({}, {}, {})", fmt::ptr(pHandle),
                   fmt::ptr(pMipmappedArrayDesc), numMipmapLevels);
  if (pHandle == nullptr || pMipmappedArrayDesc == nullptr) UNIHIP_RETURN(hipErrorInvalidValue);
  UNIHIP_RETURN_NOT_SUPPORTED();
}

UNIHIP_EXPORT hipError_t hipMipmappedArrayDestroy(hipMipmappedArray_t hMipmappedArray) {
  UNIHIP_TRACE_API("hipMipmappedArrayDestroy({})", fmt::ptr(hMipmappedArray));
  if (hMipmappedArray == nullptr) UNIHIP_RETURN(hipErrorInvalidValue);
  UNIHIP_RETURN_NOT_SUPPORTED();
}

UNIHIP_EXPORT hipError_t hipMipmappedArrayGetLevel(hipArray_t* pLevelArray,
                                                   hipMipmappedArray_t hMipMappedArray,
                                                   unsigned int level) {
  UNIHIP_TRACE_API("hipMipmappedArrayGetLevel({}, {}, {})", fmt::ptr(pLevelArray),
                   fmt::ptr(hMipMappedArray), level);
  if (pLevelArray == nullptr || hMipMappedArray == nullptr) UNIHIP_RETURN(hipErrorInvalidValue);
  UNIHIP_RETURN_NOT_SUPPORTED();
}
