/* HIP host API: memory allocation, copies, fills and device symbols. */
#ifndef UNIHIP_API_MEMORY_H
#define UNIHIP_API_MEMORY_H

#include "hip/unihip/enum_base.h"
#ifndef UNIHIP_HIP_RUNTIME_API_H
#error "include <hip/hip_runtime_api.h> instead"
#endif

/* Flags of the memory family that api/types.h does not define (HIP's values; HIP declares them
 * in hip_runtime_api.h). */
#define hipHostAllocDefault 0x0
#define hipHostAllocPortable 0x1
#define hipHostAllocMapped 0x2
#define hipHostAllocWriteCombined 0x4
#define hipHostMallocUncached 0x10000000
#define hipHostAllocUncached hipHostMallocUncached
#define hipExtHostRegisterUncached 0x80000000
#define hipCpuDeviceId ((int)-1)
#define hipInvalidDeviceId ((int)-2)

#ifdef __cplusplus
extern "C" {
#endif

/* Managed-memory advice and range attributes (hipMemAdvise, hipMemRangeGetAttribute). */
typedef enum hipMemoryAdvise UNIHIP_ENUM_INT {
  hipMemAdviseSetReadMostly = 1,
  hipMemAdviseUnsetReadMostly = 2,
  hipMemAdviseSetPreferredLocation = 3,
  hipMemAdviseUnsetPreferredLocation = 4,
  hipMemAdviseSetAccessedBy = 5,
  hipMemAdviseUnsetAccessedBy = 6,
  hipMemAdviseSetCoarseGrain = 100,
  hipMemAdviseUnsetCoarseGrain = 101
} hipMemoryAdvise;

typedef enum hipMemRangeCoherencyMode UNIHIP_ENUM_INT {
  hipMemRangeCoherencyModeFineGrain = 0,
  hipMemRangeCoherencyModeCoarseGrain = 1,
  hipMemRangeCoherencyModeIndeterminate = 2
} hipMemRangeCoherencyMode;

typedef enum hipMemRangeAttribute UNIHIP_ENUM_INT {
  hipMemRangeAttributeReadMostly = 1,
  hipMemRangeAttributePreferredLocation = 2,
  hipMemRangeAttributeAccessedBy = 3,
  hipMemRangeAttributeLastPrefetchLocation = 4,
  hipMemRangeAttributeCoherencyMode = 100
} hipMemRangeAttribute;

/* hipPointerGetAttributes' answer (HIP 6 layout). */
typedef struct hipPointerAttribute_t {
  enum hipMemoryType type;
  int device;
  void* devicePointer;
  void* hostPointer;
  int isManaged;
  unsigned allocationFlags; /* the flags the memory was allocated with */
} hipPointerAttribute_t;

/* Allocation (06a) */
hipError_t hipMalloc(void** ptr, size_t size);
hipError_t hipFree(void* ptr);
hipError_t hipHostMalloc(void** ptr, size_t size, unsigned int flags);
hipError_t hipHostFree(void* ptr);
hipError_t hipMallocHost(void** ptr, size_t size);
hipError_t hipFreeHost(void* ptr);
hipError_t hipHostAlloc(void** ptr, size_t size, unsigned int flags);
hipError_t hipMemAllocHost(void** ptr, size_t size);
hipError_t hipExtHostAlloc(void** ptr, size_t size, unsigned int flags);
hipError_t hipExtMallocWithFlags(void** ptr, size_t sizeBytes, unsigned int flags);

/* Managed memory (06b) */
hipError_t hipMallocManaged(void** dev_ptr, size_t size,
                            unsigned int flags UNIHIP_DEFAULT_ARG(hipMemAttachGlobal));
hipError_t hipMemPrefetchAsync(const void* dev_ptr, size_t count, int device,
                               hipStream_t stream UNIHIP_DEFAULT_ARG(0));
hipError_t hipMemAdvise(const void* dev_ptr, size_t count, hipMemoryAdvise advice, int device);
hipError_t hipMemRangeGetAttribute(void* data, size_t data_size, hipMemRangeAttribute attribute,
                                   const void* dev_ptr, size_t count);
hipError_t hipMemRangeGetAttributes(void** data, size_t* data_sizes,
                                    hipMemRangeAttribute* attributes, size_t num_attributes,
                                    const void* dev_ptr, size_t count);
hipError_t hipStreamAttachMemAsync(hipStream_t stream, void* dev_ptr,
                                   size_t length UNIHIP_DEFAULT_ARG(0),
                                   unsigned int flags UNIHIP_DEFAULT_ARG(hipMemAttachSingle));

/* Host registration and mapped memory (06c) */
hipError_t hipHostRegister(void* hostPtr, size_t sizeBytes, unsigned int flags);
hipError_t hipHostUnregister(void* hostPtr);
hipError_t hipHostGetDevicePointer(void** devPtr, void* hstPtr, unsigned int flags);
hipError_t hipHostGetFlags(unsigned int* flagsPtr, void* hostPtr);

/* Pitched and 2D memory (06d) */
hipError_t hipMallocPitch(void** ptr, size_t* pitch, size_t width, size_t height);
hipError_t hipMemAllocPitch(hipDeviceptr_t* dptr, size_t* pitch, size_t widthInBytes,
                            size_t height, unsigned int elementSizeBytes);
hipError_t hipMemcpy2D(void* dst, size_t dpitch, const void* src, size_t spitch, size_t width,
                       size_t height, hipMemcpyKind kind);
hipError_t hipMemcpy2DAsync(void* dst, size_t dpitch, const void* src, size_t spitch,
                            size_t width, size_t height, hipMemcpyKind kind,
                            hipStream_t stream UNIHIP_DEFAULT_ARG(0));
hipError_t hipMemcpy2D_spt(void* dst, size_t dpitch, const void* src, size_t spitch,
                           size_t width, size_t height, hipMemcpyKind kind);
hipError_t hipMemcpy2DAsync_spt(void* dst, size_t dpitch, const void* src, size_t spitch,
                                size_t width, size_t height, hipMemcpyKind kind,
                                hipStream_t stream);

hipError_t hipMemcpyParam2D(const hip_Memcpy2D* pCopy);
hipError_t hipMemcpyParam2DAsync(const hip_Memcpy2D* pCopy,
                                 hipStream_t stream UNIHIP_DEFAULT_ARG(0));
hipError_t hipDrvMemcpy2DUnaligned(const hip_Memcpy2D* pCopy);

/* Arrays, 3D memory and mipmapped arrays (06e) */
hipError_t hipMallocArray(hipArray_t* array, const hipChannelFormatDesc* desc, size_t width,
                          size_t height UNIHIP_DEFAULT_ARG(0),
                          unsigned int flags UNIHIP_DEFAULT_ARG(hipArrayDefault));
hipError_t hipMalloc3DArray(hipArray_t* array, const struct hipChannelFormatDesc* desc,
                            struct hipExtent extent, unsigned int flags);
hipError_t hipFreeArray(hipArray_t array);
hipError_t hipArrayCreate(hipArray_t* pHandle, const HIP_ARRAY_DESCRIPTOR* pAllocateArray);
hipError_t hipArray3DCreate(hipArray_t* array, const HIP_ARRAY3D_DESCRIPTOR* pAllocateArray);
hipError_t hipArrayDestroy(hipArray_t array);
hipError_t hipArrayGetInfo(hipChannelFormatDesc* desc, hipExtent* extent, unsigned int* flags,
                           hipArray_t array);
hipError_t hipArrayGetDescriptor(HIP_ARRAY_DESCRIPTOR* pArrayDescriptor, hipArray_t array);
hipError_t hipArray3DGetDescriptor(HIP_ARRAY3D_DESCRIPTOR* pArrayDescriptor, hipArray_t array);
hipError_t hipMalloc3D(hipPitchedPtr* pitchedDevPtr, hipExtent extent);
hipError_t hipMemcpy3D(const struct hipMemcpy3DParms* p);
hipError_t hipMemcpy3DAsync(const struct hipMemcpy3DParms* p,
                            hipStream_t stream UNIHIP_DEFAULT_ARG(0));
hipError_t hipMemcpy3D_spt(const struct hipMemcpy3DParms* p);
hipError_t hipMemcpy3DAsync_spt(const hipMemcpy3DParms* p, hipStream_t stream);
hipError_t hipDrvMemcpy3D(const HIP_MEMCPY3D* pCopy);
hipError_t hipDrvMemcpy3DAsync(const HIP_MEMCPY3D* pCopy, hipStream_t stream);
hipError_t hipMemcpy2DToArray(hipArray_t dst, size_t wOffset, size_t hOffset, const void* src,
                              size_t spitch, size_t width, size_t height, hipMemcpyKind kind);
hipError_t hipMemcpy2DToArrayAsync(hipArray_t dst, size_t wOffset, size_t hOffset, const void* src,
                                   size_t spitch, size_t width, size_t height, hipMemcpyKind kind,
                                   hipStream_t stream UNIHIP_DEFAULT_ARG(0));
hipError_t hipMemcpy2DToArray_spt(hipArray_t dst, size_t wOffset, size_t hOffset, const void* src,
                                  size_t spitch, size_t width, size_t height, hipMemcpyKind kind);
hipError_t hipMemcpy2DToArrayAsync_spt(hipArray_t dst, size_t wOffset, size_t hOffset,
                                       const void* src, size_t spitch, size_t width,
                                       size_t height, hipMemcpyKind kind, hipStream_t stream);
hipError_t hipMemcpy2DFromArray(void* dst, size_t dpitch, hipArray_const_t src, size_t wOffset,
                                size_t hOffset, size_t width, size_t height, hipMemcpyKind kind);
hipError_t hipMemcpy2DFromArrayAsync(void* dst, size_t dpitch, hipArray_const_t src,
                                     size_t wOffset, size_t hOffset, size_t width, size_t height,
                                     hipMemcpyKind kind, hipStream_t stream UNIHIP_DEFAULT_ARG(0));
hipError_t hipMemcpy2DFromArray_spt(void* dst, size_t dpitch, hipArray_const_t src,
                                    size_t wOffset, size_t hOffset, size_t width, size_t height,
                                    hipMemcpyKind kind);
hipError_t hipMemcpy2DFromArrayAsync_spt(void* dst, size_t dpitch, hipArray_const_t src,
                                         size_t wOffsetSrc, size_t hOffsetSrc, size_t width,
                                         size_t height, hipMemcpyKind kind, hipStream_t stream);
hipError_t hipMemcpy2DArrayToArray(hipArray_t dst, size_t wOffsetDst, size_t hOffsetDst,
                                   hipArray_const_t src, size_t wOffsetSrc, size_t hOffsetSrc,
                                   size_t width, size_t height, hipMemcpyKind kind);
hipError_t hipMemcpyToArray(hipArray_t dst, size_t wOffset, size_t hOffset, const void* src,
                            size_t count, hipMemcpyKind kind);
hipError_t hipMemcpyFromArray(void* dst, hipArray_const_t srcArray, size_t wOffset,
                              size_t hOffset, size_t count, hipMemcpyKind kind);
hipError_t hipMemcpyFromArray_spt(void* dst, hipArray_const_t src, size_t wOffsetSrc,
                                  size_t hOffset, size_t count, hipMemcpyKind kind);
hipError_t hipMemcpyAtoA(hipArray_t dstArray, size_t dstOffset, hipArray_t srcArray,
                         size_t srcOffset, size_t ByteCount);
hipError_t hipMemcpyAtoD(hipDeviceptr_t dstDevice, hipArray_t srcArray, size_t srcOffset,
                         size_t ByteCount);
hipError_t hipMemcpyDtoA(hipArray_t dstArray, size_t dstOffset, hipDeviceptr_t srcDevice,
                         size_t ByteCount);
hipError_t hipMemcpyAtoH(void* dst, hipArray_t srcArray, size_t srcOffset, size_t count);
hipError_t hipMemcpyHtoA(hipArray_t dstArray, size_t dstOffset, const void* srcHost,
                         size_t count);
hipError_t hipMemcpyAtoHAsync(void* dstHost, hipArray_t srcArray, size_t srcOffset,
                              size_t ByteCount, hipStream_t stream);
hipError_t hipMemcpyHtoAAsync(hipArray_t dstArray, size_t dstOffset, const void* srcHost,
                              size_t ByteCount, hipStream_t stream);
hipError_t hipMallocMipmappedArray(hipMipmappedArray_t* mipmappedArray,
                                   const struct hipChannelFormatDesc* desc,
                                   struct hipExtent extent, unsigned int numLevels,
                                   unsigned int flags UNIHIP_DEFAULT_ARG(0));
hipError_t hipFreeMipmappedArray(hipMipmappedArray_t mipmappedArray);
hipError_t hipGetMipmappedArrayLevel(hipArray_t* levelArray,
                                     hipMipmappedArray_const_t mipmappedArray, unsigned int level);
hipError_t hipMipmappedArrayCreate(hipMipmappedArray_t* pHandle,
                                   HIP_ARRAY3D_DESCRIPTOR* pMipmappedArrayDesc,
                                   unsigned int numMipmapLevels);
hipError_t hipMipmappedArrayDestroy(hipMipmappedArray_t hMipmappedArray);
hipError_t hipMipmappedArrayGetLevel(hipArray_t* pLevelArray, hipMipmappedArray_t hMipMappedArray,
                                     unsigned int level);

/* Pointer information (06g) */
hipError_t hipMemPtrGetInfo(void* ptr, size_t* size);
hipError_t hipMemGetAddressRange(hipDeviceptr_t* pbase, size_t* psize, hipDeviceptr_t dptr);
hipError_t hipPointerGetAttributes(hipPointerAttribute_t* attributes, const void* ptr);
hipError_t hipPointerGetAttribute(void* data, hipPointer_attribute attribute, hipDeviceptr_t ptr);
hipError_t hipPointerSetAttribute(const void* value, hipPointer_attribute attribute,
                                  hipDeviceptr_t ptr);
hipError_t hipDrvPointerGetAttributes(unsigned int numAttributes, hipPointer_attribute* attributes,
                                      void** data, hipDeviceptr_t ptr);

/* Fills (06h) */
hipError_t hipMemset(void* dst, int value, size_t sizeBytes);
hipError_t hipMemsetAsync(void* dst, int value, size_t sizeBytes,
                          hipStream_t stream UNIHIP_DEFAULT_ARG(0));
hipError_t hipMemset_spt(void* dst, int value, size_t sizeBytes);
hipError_t hipMemsetAsync_spt(void* dst, int value, size_t sizeBytes, hipStream_t stream);
hipError_t hipMemsetD8(hipDeviceptr_t dest, unsigned char value, size_t count);
hipError_t hipMemsetD8Async(hipDeviceptr_t dest, unsigned char value, size_t count,
                            hipStream_t stream UNIHIP_DEFAULT_ARG(0));
hipError_t hipMemsetD16(hipDeviceptr_t dest, unsigned short value, size_t count);
hipError_t hipMemsetD16Async(hipDeviceptr_t dest, unsigned short value, size_t count,
                             hipStream_t stream UNIHIP_DEFAULT_ARG(0));
hipError_t hipMemsetD32(hipDeviceptr_t dest, int value, size_t count);
hipError_t hipMemsetD32Async(hipDeviceptr_t dst, int value, size_t count,
                             hipStream_t stream UNIHIP_DEFAULT_ARG(0));
hipError_t hipMemset2D(void* dst, size_t pitch, int value, size_t width, size_t height);
hipError_t hipMemset2DAsync(void* dst, size_t pitch, int value, size_t width, size_t height,
                            hipStream_t stream UNIHIP_DEFAULT_ARG(0));
hipError_t hipMemset2D_spt(void* dst, size_t pitch, int value, size_t width, size_t height);
hipError_t hipMemset2DAsync_spt(void* dst, size_t pitch, int value, size_t width, size_t height,
                                hipStream_t stream);
hipError_t hipMemset3D(hipPitchedPtr pitchedDevPtr, int value, hipExtent extent);
hipError_t hipMemset3DAsync(hipPitchedPtr pitchedDevPtr, int value, hipExtent extent,
                            hipStream_t stream UNIHIP_DEFAULT_ARG(0));
hipError_t hipMemset3D_spt(hipPitchedPtr pitchedDevPtr, int value, hipExtent extent);
hipError_t hipMemset3DAsync_spt(hipPitchedPtr pitchedDevPtr, int value, hipExtent extent,
                                hipStream_t stream);

/* Peer copies (06i) and peer access (13) */
hipError_t hipMemcpyPeer(void* dst, int dstDeviceId, const void* src, int srcDeviceId,
                         size_t sizeBytes);
hipError_t hipMemcpyPeerAsync(void* dst, int dstDeviceId, const void* src, int srcDevice,
                              size_t sizeBytes, hipStream_t stream UNIHIP_DEFAULT_ARG(0));
hipError_t hipDeviceCanAccessPeer(int* canAccessPeer, int deviceId, int peerDeviceId);
hipError_t hipDeviceEnablePeerAccess(int peerDeviceId, unsigned int flags);
hipError_t hipDeviceDisablePeerAccess(int peerDeviceId);
hipError_t hipDeviceGetP2PAttribute(int* value, hipDeviceP2PAttr attr, int srcDevice,
                                    int dstDevice);
hipError_t hipExtGetLinkTypeAndHopCount(int device1, int device2, uint32_t* linktype,
                                        uint32_t* hopcount);

/* Linear copies and memory information (06j) */
hipError_t hipMemcpy(void* dst, const void* src, size_t sizeBytes, hipMemcpyKind kind);
hipError_t hipMemcpyAsync(void* dst, const void* src, size_t sizeBytes, hipMemcpyKind kind,
                          hipStream_t stream UNIHIP_DEFAULT_ARG(0));
hipError_t hipMemcpy_spt(void* dst, const void* src, size_t sizeBytes, hipMemcpyKind kind);
hipError_t hipMemcpyAsync_spt(void* dst, const void* src, size_t sizeBytes, hipMemcpyKind kind,
                              hipStream_t stream);
hipError_t hipMemcpyWithStream(void* dst, const void* src, size_t sizeBytes, hipMemcpyKind kind,
                               hipStream_t stream);
/* HIP 7 declares the host source of the HtoD copies void*, as AMD's headers do. */
hipError_t hipMemcpyHtoD(hipDeviceptr_t dst, void* src, size_t sizeBytes);
hipError_t hipMemcpyDtoH(void* dst, hipDeviceptr_t src, size_t sizeBytes);
hipError_t hipMemcpyDtoD(hipDeviceptr_t dst, hipDeviceptr_t src, size_t sizeBytes);
hipError_t hipMemcpyHtoDAsync(hipDeviceptr_t dst, void* src, size_t sizeBytes,
                              hipStream_t stream);
hipError_t hipMemcpyDtoHAsync(void* dst, hipDeviceptr_t src, size_t sizeBytes, hipStream_t stream);
hipError_t hipMemcpyDtoDAsync(hipDeviceptr_t dst, hipDeviceptr_t src, size_t sizeBytes,
                              hipStream_t stream);
hipError_t hipMemGetInfo(size_t* free, size_t* total);

/* Device variables (__device__, __constant__) by the address of their host shadow, i.e.
 * HIP_SYMBOL(var) through the C++ overloads below, or &var (src/api/hip_symbol.cpp). */
hipError_t hipMemcpyToSymbol(const void* symbol, const void* src, size_t sizeBytes,
                             size_t offset UNIHIP_DEFAULT_ARG(0),
                             hipMemcpyKind kind UNIHIP_DEFAULT_ARG(hipMemcpyHostToDevice));
hipError_t hipMemcpyFromSymbol(void* dst, const void* symbol, size_t sizeBytes,
                               size_t offset UNIHIP_DEFAULT_ARG(0),
                               hipMemcpyKind kind UNIHIP_DEFAULT_ARG(hipMemcpyDeviceToHost));
hipError_t hipMemcpyToSymbolAsync(const void* symbol, const void* src, size_t sizeBytes,
                                  size_t offset, hipMemcpyKind kind,
                                  hipStream_t stream UNIHIP_DEFAULT_ARG(0));
hipError_t hipMemcpyFromSymbolAsync(void* dst, const void* symbol, size_t sizeBytes,
                                    size_t offset, hipMemcpyKind kind,
                                    hipStream_t stream UNIHIP_DEFAULT_ARG(0));
hipError_t hipMemcpyToSymbol_spt(const void* symbol, const void* src, size_t sizeBytes,
                                 size_t offset UNIHIP_DEFAULT_ARG(0),
                                 hipMemcpyKind kind UNIHIP_DEFAULT_ARG(hipMemcpyHostToDevice));
hipError_t hipMemcpyFromSymbol_spt(void* dst, const void* symbol, size_t sizeBytes,
                                   size_t offset UNIHIP_DEFAULT_ARG(0),
                                   hipMemcpyKind kind UNIHIP_DEFAULT_ARG(hipMemcpyDeviceToHost));
hipError_t hipMemcpyToSymbolAsync_spt(const void* symbol, const void* src, size_t sizeBytes,
                                      size_t offset, hipMemcpyKind kind, hipStream_t stream);
hipError_t hipMemcpyFromSymbolAsync_spt(void* dst, const void* symbol, size_t sizeBytes,
                                        size_t offset, hipMemcpyKind kind, hipStream_t stream);
hipError_t hipGetSymbolAddress(void** devPtr, const void* symbol);
hipError_t hipGetSymbolSize(size_t* size, const void* symbol);

#ifdef __cplusplus
} /* extern "C" */
#endif

#ifdef __cplusplus
#include <cstddef>
#include <type_traits>
/* HIP_SYMBOL(var) is `var` itself (as in HIP on AMD): these overloads take the variable by
 * reference and pass its address. Pointers (and nullptr) are left to the C functions, which
 * take them as the address, so hipMemcpyToSymbol(&var, ...) works too. */
template <typename T>
using unihip_symbol_enable_t = typename std::enable_if<
    !std::is_pointer<T>::value && !std::is_same<T, std::nullptr_t>::value, hipError_t>::type;

template <typename T>
inline unihip_symbol_enable_t<T> hipMemcpyToSymbol(const T& symbol, const void* src,
                                                   size_t sizeBytes, size_t offset = 0,
                                                   hipMemcpyKind kind = hipMemcpyHostToDevice) {
  return hipMemcpyToSymbol(static_cast<const void*>(&symbol), src, sizeBytes, offset, kind);
}
template <typename T>
inline unihip_symbol_enable_t<T> hipMemcpyFromSymbol(void* dst, const T& symbol, size_t sizeBytes,
                                                     size_t offset = 0,
                                                     hipMemcpyKind kind = hipMemcpyDeviceToHost) {
  return hipMemcpyFromSymbol(dst, static_cast<const void*>(&symbol), sizeBytes, offset, kind);
}
template <typename T>
inline unihip_symbol_enable_t<T> hipMemcpyToSymbolAsync(const T& symbol, const void* src,
                                                        size_t sizeBytes, size_t offset,
                                                        hipMemcpyKind kind,
                                                        hipStream_t stream = 0) {
  return hipMemcpyToSymbolAsync(static_cast<const void*>(&symbol), src, sizeBytes, offset, kind,
                                stream);
}
template <typename T>
inline unihip_symbol_enable_t<T> hipMemcpyFromSymbolAsync(void* dst, const T& symbol,
                                                          size_t sizeBytes, size_t offset,
                                                          hipMemcpyKind kind,
                                                          hipStream_t stream = 0) {
  return hipMemcpyFromSymbolAsync(dst, static_cast<const void*>(&symbol), sizeBytes, offset, kind,
                                  stream);
}
template <typename T>
inline unihip_symbol_enable_t<T> hipGetSymbolAddress(void** devPtr, const T& symbol) {
  return hipGetSymbolAddress(devPtr, static_cast<const void*>(&symbol));
}
template <typename T>
inline unihip_symbol_enable_t<T> hipGetSymbolSize(size_t* size, const T& symbol) {
  return hipGetSymbolSize(size, static_cast<const void*>(&symbol));
}
/* The per-thread-stream twins take the variable the same way. */
template <typename T>
inline unihip_symbol_enable_t<T> hipMemcpyToSymbol_spt(const T& symbol, const void* src,
                                                       size_t sizeBytes, size_t offset = 0,
                                                       hipMemcpyKind kind = hipMemcpyHostToDevice) {
  return hipMemcpyToSymbol_spt(static_cast<const void*>(&symbol), src, sizeBytes, offset, kind);
}
template <typename T>
inline unihip_symbol_enable_t<T> hipMemcpyFromSymbol_spt(
    void* dst, const T& symbol, size_t sizeBytes, size_t offset = 0,
    hipMemcpyKind kind = hipMemcpyDeviceToHost) {
  return hipMemcpyFromSymbol_spt(dst, static_cast<const void*>(&symbol), sizeBytes, offset, kind);
}
template <typename T>
inline unihip_symbol_enable_t<T> hipMemcpyToSymbolAsync_spt(const T& symbol, const void* src,
                                                            size_t sizeBytes, size_t offset,
                                                            hipMemcpyKind kind,
                                                            hipStream_t stream) {
  return hipMemcpyToSymbolAsync_spt(static_cast<const void*>(&symbol), src, sizeBytes, offset,
                                    kind, stream);
}
template <typename T>
inline unihip_symbol_enable_t<T> hipMemcpyFromSymbolAsync_spt(void* dst, const T& symbol,
                                                              size_t sizeBytes, size_t offset,
                                                              hipMemcpyKind kind,
                                                              hipStream_t stream) {
  return hipMemcpyFromSymbolAsync_spt(dst, static_cast<const void*>(&symbol), sizeBytes, offset,
                                      kind, stream);
}

/* HIP's typed allocation overloads: T** instead of void**, and the flags' defaults. */
#if !defined(__HIP_DISABLE_CPP_FUNCTIONS__)
template <class T>
static inline hipError_t hipMalloc(T** devPtr, size_t size) {
  return hipMalloc((void**)devPtr, size);
}
template <class T>
static inline hipError_t hipMallocPitch(T** devPtr, size_t* pitch, size_t width, size_t height) {
  return hipMallocPitch((void**)devPtr, pitch, width, height);
}
template <class T>
static inline hipError_t hipHostMalloc(T** ptr, size_t size,
                                       unsigned int flags = hipHostMallocDefault) {
  return hipHostMalloc((void**)ptr, size, flags);
}
template <class T>
static inline hipError_t hipHostAlloc(T** ptr, size_t size,
                                      unsigned int flags = hipHostAllocDefault) {
  return hipHostAlloc((void**)ptr, size, flags);
}
template <class T>
static inline hipError_t hipMallocManaged(T** devPtr, size_t size,
                                          unsigned int flags = hipMemAttachGlobal) {
  return hipMallocManaged((void**)devPtr, size, flags);
}
#endif
#endif

#endif /* UNIHIP_API_MEMORY_H */
