/* unihip's CUDA headers: driver API forms HIP's functions lack, named by unihip_cuda/map_driver.h
 * (names.tsv's rows whose HIP name starts unihipCu). Included by <cuda.h>. */
#ifndef UNIHIP_CUDA_DRIVER_COMPAT_H
#define UNIHIP_CUDA_DRIVER_COMPAT_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <hip/hip_runtime_api.h>
#include "map_driver.h"

/* CUdeviceptr is CUDA's: an unsigned integer the size of a pointer, which programs add offsets
 * to and print with %llx. HIP's hipDeviceptr_t is void*; the driver functions that take one are
 * adapters (driver_deviceptr.h) converting at the call, so HIP code keeps its own types. */
typedef unsigned long long CUdeviceptr_v2;
typedef CUdeviceptr_v2 CUdeviceptr;
typedef unsigned int CUdeviceptr_v1;
typedef uint32_t cuuint32_t;
typedef uint64_t cuuint64_t;
#define UNIHIP_CU_TO_PTR(d) ((hipDeviceptr_t)(uintptr_t)(d))
#define UNIHIP_CU_FROM_PTR(p) ((CUdeviceptr)(uintptr_t)(p))

/* CUDA's copy descriptors, with CUdeviceptr fields (CUDA_MEMCPY3D also has reserved0/1, which
 * HIP_MEMCPY3D lacks): converted field by field to HIP's. */
typedef struct CUDA_MEMCPY2D_st {
  size_t srcXInBytes, srcY;
  hipMemoryType srcMemoryType;
  const void* srcHost;
  CUdeviceptr srcDevice;
  hipArray_t srcArray;
  size_t srcPitch;
  size_t dstXInBytes, dstY;
  hipMemoryType dstMemoryType;
  void* dstHost;
  CUdeviceptr dstDevice;
  hipArray_t dstArray;
  size_t dstPitch;
  size_t WidthInBytes, Height;
} CUDA_MEMCPY2D_v2;
typedef CUDA_MEMCPY2D_v2 CUDA_MEMCPY2D;
typedef struct CUDA_MEMCPY3D_st {
  size_t srcXInBytes, srcY, srcZ, srcLOD;
  hipMemoryType srcMemoryType;
  const void* srcHost;
  CUdeviceptr srcDevice;
  hipArray_t srcArray;
  void* reserved0;
  size_t srcPitch, srcHeight;
  size_t dstXInBytes, dstY, dstZ, dstLOD;
  hipMemoryType dstMemoryType;
  void* dstHost;
  CUdeviceptr dstDevice;
  hipArray_t dstArray;
  void* reserved1;
  size_t dstPitch, dstHeight;
  size_t WidthInBytes, Height, Depth;
} CUDA_MEMCPY3D_v2;
typedef CUDA_MEMCPY3D_v2 CUDA_MEMCPY3D;

/* The fields both sides share, then the two device pointers. */
#define UNIHIP_CU_MEMCPY_SIDE(X, s) X(s##XInBytes) X(s##Y) X(s##MemoryType) X(s##Host) X(s##Array) X(s##Pitch)
#define UNIHIP_CU_MEMCPY2D_FIELDS(X) \
  UNIHIP_CU_MEMCPY_SIDE(X, src) UNIHIP_CU_MEMCPY_SIDE(X, dst) X(WidthInBytes) X(Height)
#define UNIHIP_CU_MEMCPY3D_FIELDS(X)                                                      \
  UNIHIP_CU_MEMCPY2D_FIELDS(X) X(srcZ) X(srcLOD) X(srcHeight) X(dstZ) X(dstLOD) X(dstHeight) \
  X(Depth)
#define UNIHIP_CU_COPY_FIELD(f) to->f = from->f;
#define UNIHIP_CU_CONVERTERS(name, Cu, Hip, FIELDS)                                        \
  static inline const Hip* name##ToHip(Hip* to, const Cu* from) {                           \
    memset(to, 0, sizeof(*to));                                                             \
    FIELDS(UNIHIP_CU_COPY_FIELD)                                                            \
    to->srcDevice = UNIHIP_CU_TO_PTR(from->srcDevice);                                      \
    to->dstDevice = UNIHIP_CU_TO_PTR(from->dstDevice);                                      \
    return to;                                                                              \
  }                                                                                         \
  static inline void name##FromHip(Cu* to, const Hip* from) {                               \
    memset(to, 0, sizeof(*to));                                                             \
    FIELDS(UNIHIP_CU_COPY_FIELD)                                                            \
    to->srcDevice = UNIHIP_CU_FROM_PTR(from->srcDevice);                                    \
    to->dstDevice = UNIHIP_CU_FROM_PTR(from->dstDevice);                                    \
  }
UNIHIP_CU_CONVERTERS(unihipCuMemcpy2D, CUDA_MEMCPY2D, hip_Memcpy2D, UNIHIP_CU_MEMCPY2D_FIELDS)
UNIHIP_CU_CONVERTERS(unihipCuMemcpy3D, CUDA_MEMCPY3D, HIP_MEMCPY3D, UNIHIP_CU_MEMCPY3D_FIELDS)
#undef UNIHIP_CU_CONVERTERS
#undef UNIHIP_CU_COPY_FIELD

/* CUDA's resource descriptor: HIP's layout with CUdeviceptr devPtr fields (the same size and
 * bits as HIP's void*), so it converts byte for byte. */
typedef struct CUDA_RESOURCE_DESC_st {
  HIPresourcetype resType;
  union {
    struct {
      hipArray_t hArray;
    } array;
    struct {
      hipMipmappedArray_t hMipmappedArray;
    } mipmap;
    struct {
      CUdeviceptr devPtr;
      hipArray_Format format;
      unsigned int numChannels;
      size_t sizeInBytes;
    } linear;
    struct {
      CUdeviceptr devPtr;
      hipArray_Format format;
      unsigned int numChannels;
      size_t width;
      size_t height;
      size_t pitchInBytes;
    } pitch2D;
    struct {
      int reserved[32];
    } reserved;
  } res;
  unsigned int flags;
} CUDA_RESOURCE_DESC_v1;
typedef CUDA_RESOURCE_DESC_v1 CUDA_RESOURCE_DESC;
#ifdef __cplusplus
#define UNIHIP_CU_SAME(a, b) static_assert(a == b, "CUDA_RESOURCE_DESC is HIP_RESOURCE_DESC's layout")
#else
#define UNIHIP_CU_SAME(a, b) _Static_assert(a == b, "CUDA_RESOURCE_DESC is HIP_RESOURCE_DESC's layout")
#endif
UNIHIP_CU_SAME(sizeof(CUDA_RESOURCE_DESC), sizeof(HIP_RESOURCE_DESC));
UNIHIP_CU_SAME(sizeof(CUdeviceptr), sizeof(hipDeviceptr_t));
UNIHIP_CU_SAME(offsetof(CUDA_RESOURCE_DESC, res.pitch2D.pitchInBytes),
               offsetof(HIP_RESOURCE_DESC, res.pitch2D.pitchInBytes));
UNIHIP_CU_SAME(offsetof(CUDA_RESOURCE_DESC, flags), offsetof(HIP_RESOURCE_DESC, flags));
#undef UNIHIP_CU_SAME
static inline const HIP_RESOURCE_DESC* unihipCuResourceDescToHip(HIP_RESOURCE_DESC* to,
                                                                 const CUDA_RESOURCE_DESC* from) {
  memcpy(to, from, sizeof(*to));
  return to;
}
static inline void unihipCuResourceDescFromHip(CUDA_RESOURCE_DESC* to, const HIP_RESOURCE_DESC* from) {
  memcpy(to, from, sizeof(*to));
}

/* CUDA 13's context parameters: execution affinity and CIG are not supported (HIP has neither);
 * a null or zeroed structure creates an ordinary context. */
typedef struct CUctxCreateParams_st {
  void* execAffinityParams;
  int numExecAffinityParams;
  void* cigParams;
} CUctxCreateParams;

static inline hipError_t unihipCuCtxCreate(hipCtx_t* ctx, CUctxCreateParams* params,
                                           unsigned int flags, hipDevice_t device) {
  if (params && (params->execAffinityParams || params->numExecAffinityParams || params->cigParams))
    return hipErrorNotSupported;
  return hipCtxCreate(ctx, flags, device);
}
#ifdef __cplusplus
/* CUDA 12's cuCtxCreate(ctx, flags, dev), which cuCtxCreate_v2 also names. */
static inline hipError_t unihipCuCtxCreate(hipCtx_t* ctx, unsigned int flags, hipDevice_t device) {
  return hipCtxCreate(ctx, flags, device);
}
#endif

/* CUDA's occupancy calculators take a callback giving the dynamic shared memory of a block size;
 * HIP's take one size. Without a callback they are HIP's; with one, not supported. */
typedef size_t (*CUoccupancyB2DSize)(int blockSize);
static inline hipError_t unihipCuOccupancyMaxPotentialBlockSizeWithFlags(
    int* minGridSize, int* blockSize, hipFunction_t func, CUoccupancyB2DSize blockSizeToDynamicSMemSize,
    size_t dynamicSMemSize, int blockSizeLimit, unsigned int flags) {
  if (blockSizeToDynamicSMemSize) return hipErrorNotSupported;
  return hipModuleOccupancyMaxPotentialBlockSizeWithFlags(minGridSize, blockSize, func, dynamicSMemSize,
                                                          blockSizeLimit, flags);
}
static inline hipError_t unihipCuOccupancyMaxPotentialBlockSize(int* minGridSize, int* blockSize,
                                                                hipFunction_t func,
                                                                CUoccupancyB2DSize blockSizeToDynamicSMemSize,
                                                                size_t dynamicSMemSize, int blockSizeLimit) {
  return unihipCuOccupancyMaxPotentialBlockSizeWithFlags(minGridSize, blockSize, func,
                                                         blockSizeToDynamicSMemSize, dynamicSMemSize,
                                                         blockSizeLimit, 0);
}

#include "driver_deviceptr.h"

/* Driver copies and 2-D sets of CUDA's shape that no HIP function has (names.tsv maps them here). */
static inline CUresult unihipCuMemcpyAsync(CUdeviceptr dst, CUdeviceptr src, size_t ByteCount,
                                           CUstream hStream) {
  return hipMemcpyAsync(UNIHIP_CU_TO_PTR(dst), UNIHIP_CU_TO_PTR(src), ByteCount, hipMemcpyDefault,
                        hStream);
}
/* A context's device ordinal: HIP's peer copies take ordinals where CUDA's take contexts. */
static inline CUresult unihipCuContextDevice(CUcontext ctx, int* device) {
  if (!ctx) return hipErrorInvalidContext;
  CUresult r = hipCtxPushCurrent(ctx);
  if (r != hipSuccess) return r;
  hipDevice_t d = 0;
  r = hipCtxGetDevice(&d);
  hipCtx_t popped;
  const CUresult p = hipCtxPopCurrent(&popped);
  *device = d;
  return r != hipSuccess ? r : p;
}
/* One peer copy, synchronous or on a stream, once both contexts' devices are known. */
static inline CUresult unihipCuMemcpyPeerOn(CUdeviceptr dstDevice, CUcontext dstContext,
                                            CUdeviceptr srcDevice, CUcontext srcContext,
                                            size_t ByteCount, CUstream stream, int async) {
  int dst = 0, src = 0;
  CUresult r = unihipCuContextDevice(dstContext, &dst);
  if (r == hipSuccess) r = unihipCuContextDevice(srcContext, &src);
  if (r != hipSuccess) return r;
  void* to = UNIHIP_CU_TO_PTR(dstDevice);
  const void* from = UNIHIP_CU_TO_PTR(srcDevice);
  return async ? hipMemcpyPeerAsync(to, dst, from, src, ByteCount, stream)
               : hipMemcpyPeer(to, dst, from, src, ByteCount);
}
static inline CUresult unihipCuMemcpyPeer(CUdeviceptr dstDevice, CUcontext dstContext,
                                          CUdeviceptr srcDevice, CUcontext srcContext,
                                          size_t ByteCount) {
  return unihipCuMemcpyPeerOn(dstDevice, dstContext, srcDevice, srcContext, ByteCount, 0, 0);
}
static inline CUresult unihipCuMemcpyPeerAsync(CUdeviceptr dstDevice, CUcontext dstContext,
                                               CUdeviceptr srcDevice, CUcontext srcContext,
                                               size_t ByteCount, CUstream hStream) {
  return unihipCuMemcpyPeerOn(dstDevice, dstContext, srcDevice, srcContext, ByteCount, hStream, 1);
}
/* 16- and 32-bit 2-D sets (HIP's 2-D set is bytewise): one set when the rows are contiguous,
 * else one a row. As CUDA: the pointer and a multi-row pitch are multiples of the element. */
static inline CUresult unihipCuMemsetD2DElements(CUdeviceptr dst, size_t pitch, unsigned int value,
                                                 size_t width, size_t height, unsigned int elem,
                                                 CUstream stream, int async) {
  if (dst % elem != 0 || (height > 1 && (pitch % elem != 0 || pitch < width * elem)))
    return hipErrorInvalidValue;
  const int contiguous = height <= 1 || pitch == width * elem;
  const size_t rows = contiguous ? 1 : height, n = contiguous ? width * height : width;
  for (size_t r = 0; r < rows; ++r) {
    const hipDeviceptr_t p = UNIHIP_CU_TO_PTR(dst + r * pitch);
    CUresult e;
    if (elem == 2)
      e = async ? hipMemsetD16Async(p, (unsigned short)value, n, stream)
                : hipMemsetD16(p, (unsigned short)value, n);
    else
      e = async ? hipMemsetD32Async(p, value, n, stream) : hipMemsetD32(p, value, n);
    if (e != hipSuccess) return e;
  }
  return hipSuccess;
}
static inline CUresult unihipCuMemsetD2D16(CUdeviceptr dstDevice, size_t dstPitch, unsigned short us,
                                           size_t Width, size_t Height) {
  return unihipCuMemsetD2DElements(dstDevice, dstPitch, us, Width, Height, 2, 0, 0);
}
static inline CUresult unihipCuMemsetD2D16Async(CUdeviceptr dstDevice, size_t dstPitch,
                                                unsigned short us, size_t Width, size_t Height,
                                                CUstream hStream) {
  return unihipCuMemsetD2DElements(dstDevice, dstPitch, us, Width, Height, 2, hStream, 1);
}
static inline CUresult unihipCuMemsetD2D32(CUdeviceptr dstDevice, size_t dstPitch, unsigned int ui,
                                           size_t Width, size_t Height) {
  return unihipCuMemsetD2DElements(dstDevice, dstPitch, ui, Width, Height, 4, 0, 0);
}
static inline CUresult unihipCuMemsetD2D32Async(CUdeviceptr dstDevice, size_t dstPitch,
                                                unsigned int ui, size_t Width, size_t Height,
                                                CUstream hStream) {
  return unihipCuMemsetD2DElements(dstDevice, dstPitch, ui, Width, Height, 4, hStream, 1);
}

#ifdef __cplusplus
/* CUDA 12's cuMemAdvise / cuMemPrefetchAsync, a device where CUDA 13 takes a CUmemLocation. */
static inline CUresult unihipCuMemAdvise(CUdeviceptr devPtr, size_t count, CUmem_advise advice,
                                         CUdevice device) {
  return hipMemAdvise(UNIHIP_CU_TO_PTR(devPtr), count, advice, device);
}
static inline CUresult unihipCuMemPrefetchAsync(CUdeviceptr devPtr, size_t count, CUdevice dstDevice,
                                                CUstream hStream) {
  return hipMemPrefetchAsync(UNIHIP_CU_TO_PTR(devPtr), count, dstDevice, hStream);
}
#endif

#endif /* UNIHIP_CUDA_DRIVER_COMPAT_H */
