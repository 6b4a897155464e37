// CUDA driver types and constants of the memory pools family (see cuda_driver_types.h): pools,
// IPC and virtual memory. Layouts and values are cuda.h's (CUDA 12).
#pragma once

#include <cstddef>

namespace unihip::cu {

using CUmemoryPool = struct CUmemPoolHandle_st*;
using CUmemGenericAllocationHandle = unsigned long long;

struct CUmemLocation {
  int type;  // CU_MEM_LOCATION_TYPE_*: the same numbers as hipMemLocationType
  int id;
};

struct CUmemAccessDesc {
  CUmemLocation location;
  int flags;  // CU_MEM_ACCESS_FLAGS_PROT_*: the same numbers as hipMemAccessFlags
};

struct CUmemPoolProps {
  int allocType;
  int handleTypes;
  CUmemLocation location;
  void* win32SecurityAttributes;
  size_t maxSize;
  unsigned short usage;
  unsigned char reserved[54];
};

struct CUmemPoolPtrExportData {
  unsigned char reserved[64];
};

struct CUmemAllocationProp {
  int type;
  int requestedHandleTypes;
  CUmemLocation location;
  void* win32HandleMetaData;
  struct {
    unsigned char compressionType;
    unsigned char gpuDirectRDMACapable;
    unsigned short usage;
    unsigned char reserved[4];
  } allocFlags;
};

static_assert(sizeof(CUmemAllocationProp) == 32, "cuda.h's CUmemAllocationProp");
static_assert(sizeof(CUmemPoolProps) == 88, "cuda.h's CUmemPoolProps");

struct CUipcMemHandle {
  char reserved[64];
};
struct CUipcEventHandle {
  char reserved[64];
};

// External memory and semaphores: the descriptors' layouts are HIP's (checked by size where used).
using CUexternalMemory = struct CUextMemory_st*;
using CUexternalSemaphore = struct CUextSemaphore_st*;
struct CUDA_EXTERNAL_MEMORY_HANDLE_DESC {
  int type;
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
};
struct CUDA_EXTERNAL_MEMORY_BUFFER_DESC {
  unsigned long long offset;
  unsigned long long size;
  unsigned int flags;
  unsigned int reserved[16];
};
struct CUDA_EXTERNAL_SEMAPHORE_HANDLE_DESC {
  int type;
  union {
    int fd;
    struct {
      void* handle;
      const void* name;
    } win32;
    const void* nvSciSyncObj;
  } handle;
  unsigned int flags;
  unsigned int reserved[16];
};
struct CUDA_EXTERNAL_SEMAPHORE_SIGNAL_PARAMS {
  unsigned char bytes[144];
};
struct CUDA_EXTERNAL_SEMAPHORE_WAIT_PARAMS {
  unsigned char bytes[144];
};

inline constexpr int CU_MEM_LOCATION_TYPE_DEVICE = 0x1;
inline constexpr int CU_MEM_ALLOCATION_TYPE_PINNED = 0x1;
inline constexpr unsigned CU_IPC_MEM_LAZY_ENABLE_PEER_ACCESS = 0x1;

}  // namespace unihip::cu
