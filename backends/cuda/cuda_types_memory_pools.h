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

struct CUipcMemHandle {
  char reserved[64];
};
struct CUipcEventHandle {
  char reserved[64];
};

inline constexpr int CU_MEM_LOCATION_TYPE_DEVICE = 0x1;
inline constexpr int CU_MEM_ALLOCATION_TYPE_PINNED = 0x1;
inline constexpr unsigned CU_IPC_MEM_LAZY_ENABLE_PEER_ACCESS = 0x1;

}  // namespace unihip::cu
