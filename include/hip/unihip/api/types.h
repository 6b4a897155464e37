/* HIP host API types that HIP declares in hip_runtime_api.h: memory pools, virtual memory
 * management, IPC, external resources, graphics interop, and the allocation/registration flags.
 * Names, layouts and values follow HIP 6.x. (hipMemLocation and hipMemoryType: driver_types.h.) */
#ifndef UNIHIP_API_TYPES_H
#define UNIHIP_API_TYPES_H

#include "hip/unihip/enum_base.h"
#ifndef UNIHIP_HIP_RUNTIME_API_H
#error "include <hip/hip_runtime_api.h> instead"
#endif

#include "hip/driver_types.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ---- Flags --------------------------------------------------------------------------------- */

/* hipHostRegister */
#define hipHostRegisterDefault 0x0
#define hipHostRegisterPortable 0x1
#define hipHostRegisterMapped 0x2
#define hipHostRegisterIoMemory 0x4
#define hipHostRegisterReadOnly 0x08
#define hipExtHostRegisterCoarseGrained 0x8

/* hipMallocManaged / hipStreamAttachMemAsync */
#define hipMemAttachGlobal 0x01
#define hipMemAttachHost 0x02
#define hipMemAttachSingle 0x04

/* hipExtMallocWithFlags */
#define hipDeviceMallocDefault 0x0
#define hipDeviceMallocFinegrained 0x1
#define hipMallocSignalMemory 0x2
#define hipDeviceMallocUncached 0x3
#define hipDeviceMallocContiguous 0x4

/* hipMallocArray / hipMalloc3DArray / hipArrayCreate flags */
#define hipArrayDefault 0x00
#define hipArrayLayered 0x01
#define hipArraySurfaceLoadStore 0x02
#define hipArrayCubemap 0x04
#define hipArrayTextureGather 0x08

/* hipExternalMemoryHandleDesc.flags: the memory object is a dedicated resource. */
#define hipExternalMemoryDedicated 0x1

/* ---- IPC ----------------------------------------------------------------------------------- */

#define hipIpcMemLazyEnablePeerAccess 0x01
#define HIP_IPC_HANDLE_SIZE 64

typedef struct hipIpcMemHandle_st {
  char reserved[HIP_IPC_HANDLE_SIZE];
} hipIpcMemHandle_t;

typedef struct hipIpcEventHandle_st {
  char reserved[HIP_IPC_HANDLE_SIZE];
} hipIpcEventHandle_t;

/* ---- Stream-ordered allocation: memory pools ------------------------------------------------ */

typedef struct ihipMemPoolHandle_t* hipMemPool_t;

typedef enum hipMemPoolAttr UNIHIP_ENUM_INT {
  hipMemPoolReuseFollowEventDependencies = 0x1,   /* int */
  hipMemPoolReuseAllowOpportunistic = 0x2,        /* int */
  hipMemPoolReuseAllowInternalDependencies = 0x3, /* int */
  hipMemPoolAttrReleaseThreshold = 0x4,           /* uint64_t */
  hipMemPoolAttrReservedMemCurrent = 0x5,         /* uint64_t, read only */
  hipMemPoolAttrReservedMemHigh = 0x6,            /* uint64_t, resettable to 0 */
  hipMemPoolAttrUsedMemCurrent = 0x7,             /* uint64_t, read only */
  hipMemPoolAttrUsedMemHigh = 0x8                 /* uint64_t, resettable to 0 */
} hipMemPoolAttr;

typedef enum hipMemAccessFlags UNIHIP_ENUM_INT {
  hipMemAccessFlagsProtNone = 0,
  hipMemAccessFlagsProtRead = 1,
  hipMemAccessFlagsProtReadWrite = 3
} hipMemAccessFlags;

typedef struct hipMemAccessDesc {
  hipMemLocation location;
  hipMemAccessFlags flags;
} hipMemAccessDesc;

typedef enum hipMemAllocationType UNIHIP_ENUM_INT {
  hipMemAllocationTypeInvalid = 0x0,
  hipMemAllocationTypePinned = 0x1,
  hipMemAllocationTypeManaged = 0x2, /* HIP 7: the pool of managed allocations (hipMemGetMemPool) */
  hipMemAllocationTypeUncached = 0x40000000,
  hipMemAllocationTypeMax = 0x7FFFFFFF
} hipMemAllocationType;

/* Bit mask of the shareable-handle kinds a pool or allocation can be exported as. */
typedef enum hipMemAllocationHandleType UNIHIP_ENUM_INT {
  hipMemHandleTypeNone = 0x0,
  hipMemHandleTypePosixFileDescriptor = 0x1,
  hipMemHandleTypeWin32 = 0x2,
  hipMemHandleTypeWin32Kmt = 0x4
} hipMemAllocationHandleType;

typedef struct hipMemPoolProps {
  hipMemAllocationType allocType; /* must be hipMemAllocationTypePinned */
  hipMemAllocationHandleType handleTypes;
  hipMemLocation location;
  void* win32SecurityAttributes;
  size_t maxSize; /* 0: no limit */
  unsigned char reserved[56];
} hipMemPoolProps;

typedef struct hipMemPoolPtrExportData {
  unsigned char reserved[64];
} hipMemPoolPtrExportData;

/* ---- Virtual memory management ------------------------------------------------------------- */

typedef struct ihipMemGenericAllocationHandle* hipMemGenericAllocationHandle_t;

typedef enum hipMemAllocationGranularity_flags UNIHIP_ENUM_INT {
  hipMemAllocationGranularityMinimum = 0x0,
  hipMemAllocationGranularityRecommended = 0x1
} hipMemAllocationGranularity_flags;

typedef enum hipMemHandleType UNIHIP_ENUM_INT {
  hipMemHandleTypeGeneric = 0x0
} hipMemHandleType;

typedef enum hipMemOperationType UNIHIP_ENUM_INT {
  hipMemOperationTypeMap = 0x1,
  hipMemOperationTypeUnmap = 0x2
} hipMemOperationType;

typedef enum hipArraySparseSubresourceType UNIHIP_ENUM_INT {
  hipArraySparseSubresourceTypeSparseLevel = 0x0,
  hipArraySparseSubresourceTypeMiptail = 0x1
} hipArraySparseSubresourceType;

typedef struct hipMemAllocationProp {
  hipMemAllocationType type;
  union {
    hipMemAllocationHandleType requestedHandleType;
    hipMemAllocationHandleType requestedHandleTypes;
  };
  hipMemLocation location;
  void* win32HandleMetaData;
  struct {
    unsigned char compressionType;
    unsigned char gpuDirectRDMACapable;
    unsigned short usage;
  } allocFlags;
} hipMemAllocationProp;

/* One map/unmap of a sparse array's level or mip tail (hipMemMapArrayAsync). */
typedef struct hipArrayMapInfo {
  hipResourceType resourceType;
  union {
    hipMipmappedArray mipmap;
    hipArray_t array;
  } resource;
  hipArraySparseSubresourceType subresourceType;
  union {
    struct {
      unsigned int level;
      unsigned int layer;
      unsigned int offsetX;
      unsigned int offsetY;
      unsigned int offsetZ;
      unsigned int extentWidth;
      unsigned int extentHeight;
      unsigned int extentDepth;
    } sparseLevel;
    struct {
      unsigned int layer;
      unsigned long long offset;
      unsigned long long size;
    } miptail;
  } subresource;
  hipMemOperationType memOperationType;
  hipMemHandleType memHandleType;
  union {
    hipMemGenericAllocationHandle_t memHandle;
  } memHandle;
  unsigned long long offset;
  unsigned int deviceBitMask;
  unsigned int flags;
  unsigned int reserved[2];
} hipArrayMapInfo;

/* hipMemGetHandleForAddressRange */
typedef enum hipMemRangeHandleType UNIHIP_ENUM_INT {
  hipMemRangeHandleTypeDmaBufFd = 0x1,
  hipMemRangeHandleTypeMax = 0x7FFFFFFF
} hipMemRangeHandleType;

typedef enum hipMemRangeFlags UNIHIP_ENUM_INT {
  hipMemRangeFlagDmaBufMappingTypePcie = 0x1,
  hipMemRangeFlagsMax = 0x7FFFFFFF
} hipMemRangeFlags;

/* ---- External memory and semaphores -------------------------------------------------------- */

typedef enum hipExternalMemoryHandleType_enum UNIHIP_ENUM_INT {
  hipExternalMemoryHandleTypeOpaqueFd = 1,
  hipExternalMemoryHandleTypeOpaqueWin32 = 2,
  hipExternalMemoryHandleTypeOpaqueWin32Kmt = 3,
  hipExternalMemoryHandleTypeD3D12Heap = 4,
  hipExternalMemoryHandleTypeD3D12Resource = 5,
  hipExternalMemoryHandleTypeD3D11Resource = 6,
  hipExternalMemoryHandleTypeD3D11ResourceKmt = 7,
  hipExternalMemoryHandleTypeNvSciBuf = 8
} hipExternalMemoryHandleType;

typedef struct hipExternalMemoryHandleDesc_st {
  hipExternalMemoryHandleType type;
  union {
    int fd;
    struct {
      void* handle;
      const void* name;
    } win32;
    const void* nvSciBufObject;
  } handle;
  unsigned long long size;
  unsigned int flags;
  unsigned int reserved[16];
} hipExternalMemoryHandleDesc;

typedef struct hipExternalMemoryBufferDesc_st {
  unsigned long long offset;
  unsigned long long size;
  unsigned int flags;
  unsigned int reserved[16];
} hipExternalMemoryBufferDesc;

typedef struct hipExternalMemoryMipmappedArrayDesc_st {
  unsigned long long offset;
  hipChannelFormatDesc formatDesc;
  hipExtent extent;
  unsigned int flags;
  unsigned int numLevels;
} hipExternalMemoryMipmappedArrayDesc;

typedef void* hipExternalMemory_t;

typedef enum hipExternalSemaphoreHandleType_enum UNIHIP_ENUM_INT {
  hipExternalSemaphoreHandleTypeOpaqueFd = 1,
  hipExternalSemaphoreHandleTypeOpaqueWin32 = 2,
  hipExternalSemaphoreHandleTypeOpaqueWin32Kmt = 3,
  hipExternalSemaphoreHandleTypeD3D12Fence = 4,
  hipExternalSemaphoreHandleTypeD3D11Fence = 5,
  hipExternalSemaphoreHandleTypeNvSciSync = 6,
  hipExternalSemaphoreHandleTypeKeyedMutex = 7,
  hipExternalSemaphoreHandleTypeKeyedMutexKmt = 8,
  hipExternalSemaphoreHandleTypeTimelineSemaphoreFd = 9,
  hipExternalSemaphoreHandleTypeTimelineSemaphoreWin32 = 10
} hipExternalSemaphoreHandleType;

typedef struct hipExternalSemaphoreHandleDesc_st {
  hipExternalSemaphoreHandleType type;
  union {
    int fd;
    struct {
      void* handle;
      const void* name;
    } win32;
    const void* NvSciSyncObj;
  } handle;
  unsigned int flags;
  unsigned int reserved[16];
} hipExternalSemaphoreHandleDesc;

typedef void* hipExternalSemaphore_t;

typedef struct hipExternalSemaphoreSignalParams_st {
  struct {
    struct {
      unsigned long long value;
    } fence;
    union {
      void* fence;
      unsigned long long reserved;
    } nvSciSync;
    struct {
      unsigned long long key;
    } keyedMutex;
    unsigned int reserved[12];
  } params;
  unsigned int flags;
  unsigned int reserved[16];
} hipExternalSemaphoreSignalParams;

typedef struct hipExternalSemaphoreWaitParams_st {
  struct {
    struct {
      unsigned long long value;
    } fence;
    union {
      void* fence;
      unsigned long long reserved;
    } nvSciSync;
    struct {
      unsigned long long key;
      unsigned int timeoutMs;
    } keyedMutex;
    unsigned int reserved[10];
  } params;
  unsigned int flags;
  unsigned int reserved[16];
} hipExternalSemaphoreWaitParams;

/* ---- Graphics interop ---------------------------------------------------------------------- */

typedef enum hipGLDeviceList UNIHIP_ENUM_INT {
  hipGLDeviceListAll = 1,
  hipGLDeviceListCurrentFrame = 2,
  hipGLDeviceListNextFrame = 3
} hipGLDeviceList;

typedef enum hipGraphicsRegisterFlags UNIHIP_ENUM_INT {
  hipGraphicsRegisterFlagsNone = 0,
  hipGraphicsRegisterFlagsReadOnly = 1,
  hipGraphicsRegisterFlagsWriteDiscard = 2,
  hipGraphicsRegisterFlagsSurfaceLoadStore = 4,
  hipGraphicsRegisterFlagsTextureGather = 8
} hipGraphicsRegisterFlags;

typedef struct _hipGraphicsResource hipGraphicsResource;
typedef hipGraphicsResource* hipGraphicsResource_t;

#ifdef __cplusplus
} /* extern "C" */
#endif

#endif /* UNIHIP_API_TYPES_H */
