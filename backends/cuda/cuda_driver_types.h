// The few CUDA driver types and constants unihip uses, re-declared so that building unihip needs
// no CUDA toolkit. Values are the driver ABI's; tests/cpu/test_cuda_abi.cpp checks them against
// cuda.h wherever a toolkit is installed.
#pragma once

#include <cstddef>
#include <cstdint>

namespace unihip::cu {

using CUresult = int;
using CUdevice = int;
using CUdeviceptr = unsigned long long;
using CUcontext = struct CUctx_st*;
using CUmodule = struct CUmod_st*;
using CUfunction = struct CUfunc_st*;
using CUstream = struct CUstream_st*;
using CUevent = struct CUevent_st*;
struct CUuuid {
  char bytes[16];
};

inline constexpr CUresult CUDA_SUCCESS = 0;
inline constexpr CUresult CUDA_ERROR_NOT_READY = 600;

inline const CUstream CU_STREAM_LEGACY = reinterpret_cast<CUstream>(0x1);
inline const CUstream CU_STREAM_PER_THREAD = reinterpret_cast<CUstream>(0x2);

// cuLaunchKernel's `extra` keys (cuda.h's CU_LAUNCH_PARAM_*_AS_INT; HIP's END is 0x03, not 0).
inline constexpr uintptr_t kLaunchParamEnd = 0x00;
inline constexpr uintptr_t kLaunchParamBufferPointer = 0x01;
inline constexpr uintptr_t kLaunchParamBufferSize = 0x02;

inline constexpr unsigned CU_STREAM_DEFAULT = 0x0;
inline constexpr unsigned CU_STREAM_NON_BLOCKING = 0x1;
// cuStreamWaitValue32/64 comparisons (the same numbers as hipStreamWaitValue*) and write flags.
inline constexpr unsigned CU_STREAM_WAIT_VALUE_GEQ = 0x0;
inline constexpr unsigned CU_STREAM_WAIT_VALUE_EQ = 0x1;
inline constexpr unsigned CU_STREAM_WAIT_VALUE_AND = 0x2;
inline constexpr unsigned CU_STREAM_WAIT_VALUE_NOR = 0x3;
inline constexpr unsigned CU_STREAM_WRITE_VALUE_DEFAULT = 0x0;
inline constexpr unsigned CU_EVENT_DEFAULT = 0x0;
inline constexpr unsigned CU_EVENT_BLOCKING_SYNC = 0x1;
inline constexpr unsigned CU_EVENT_DISABLE_TIMING = 0x2;
inline constexpr unsigned CU_EVENT_INTERPROCESS = 0x4;
inline constexpr unsigned CU_MEMHOSTALLOC_PORTABLE = 0x1;
inline constexpr unsigned CU_MEMHOSTREGISTER_PORTABLE = 0x1;
inline constexpr unsigned CU_MEMHOSTREGISTER_DEVICEMAP = 0x2;
inline constexpr unsigned CU_MEMHOSTALLOC_DEVICEMAP = 0x2;
inline constexpr unsigned CU_MEMHOSTALLOC_WRITECOMBINED = 0x4;
inline constexpr int CU_FUNC_ATTRIBUTE_MAX_THREADS_PER_BLOCK = 0;
inline constexpr unsigned CU_GET_PROC_ADDRESS_DEFAULT = 0;
inline constexpr int CU_POINTER_ATTRIBUTE_MEMORY_TYPE = 2;
inline constexpr int CU_POINTER_ATTRIBUTE_SYNC_MEMOPS = 6;
// Memory family: CUresult of an unknown pointer; CUdevice_P2PAttribute values.
inline constexpr CUresult CUDA_ERROR_NOT_FOUND = 500;
inline constexpr int CU_DEVICE_P2P_ATTRIBUTE_PERFORMANCE_RANK = 0x01;
inline constexpr int CU_DEVICE_P2P_ATTRIBUTE_ACCESS_SUPPORTED = 0x02;
inline constexpr int CU_DEVICE_P2P_ATTRIBUTE_NATIVE_ATOMIC_SUPPORTED = 0x03;
inline constexpr int CU_DEVICE_P2P_ATTRIBUTE_CUDA_ARRAY_ACCESS_SUPPORTED = 0x04;

// CUdevice_attribute values used to fill hipDeviceProp_t and answer hipDeviceGetAttribute.
enum Attribute : int {
  MAX_THREADS_PER_BLOCK = 1,
  MAX_BLOCK_DIM_X = 2,
  MAX_BLOCK_DIM_Y = 3,
  MAX_BLOCK_DIM_Z = 4,
  MAX_GRID_DIM_X = 5,
  MAX_GRID_DIM_Y = 6,
  MAX_GRID_DIM_Z = 7,
  MAX_SHARED_MEMORY_PER_BLOCK = 8,
  TOTAL_CONSTANT_MEMORY = 9,
  WARP_SIZE = 10,
  MAX_PITCH = 11,
  MAX_REGISTERS_PER_BLOCK = 12,
  CLOCK_RATE = 13,
  TEXTURE_ALIGNMENT = 14,
  GPU_OVERLAP = 15,
  MULTIPROCESSOR_COUNT = 16,
  KERNEL_EXEC_TIMEOUT = 17,
  INTEGRATED = 18,
  CAN_MAP_HOST_MEMORY = 19,
  COMPUTE_MODE = 20,
  MAXIMUM_TEXTURE1D_WIDTH = 21,
  MAXIMUM_TEXTURE2D_WIDTH = 22,
  MAXIMUM_TEXTURE2D_HEIGHT = 23,
  MAXIMUM_TEXTURE3D_WIDTH = 24,
  MAXIMUM_TEXTURE3D_HEIGHT = 25,
  MAXIMUM_TEXTURE3D_DEPTH = 26,
  MAXIMUM_TEXTURE2D_LAYERED_WIDTH = 27,
  MAXIMUM_TEXTURE2D_LAYERED_HEIGHT = 28,
  MAXIMUM_TEXTURE2D_LAYERED_LAYERS = 29,
  SURFACE_ALIGNMENT = 30,
  CONCURRENT_KERNELS = 31,
  ECC_ENABLED = 32,
  PCI_BUS_ID = 33,
  PCI_DEVICE_ID = 34,
  TCC_DRIVER = 35,
  MEMORY_CLOCK_RATE = 36,
  GLOBAL_MEMORY_BUS_WIDTH = 37,
  L2_CACHE_SIZE = 38,
  MAX_THREADS_PER_MULTIPROCESSOR = 39,
  ASYNC_ENGINE_COUNT = 40,
  UNIFIED_ADDRESSING = 41,
  MAXIMUM_TEXTURE1D_LAYERED_WIDTH = 42,
  MAXIMUM_TEXTURE1D_LAYERED_LAYERS = 43,
  MAXIMUM_TEXTURE2D_GATHER_WIDTH = 45,
  MAXIMUM_TEXTURE2D_GATHER_HEIGHT = 46,
  MAXIMUM_TEXTURE3D_WIDTH_ALTERNATE = 47,
  MAXIMUM_TEXTURE3D_HEIGHT_ALTERNATE = 48,
  MAXIMUM_TEXTURE3D_DEPTH_ALTERNATE = 49,
  PCI_DOMAIN_ID = 50,
  TEXTURE_PITCH_ALIGNMENT = 51,
  MAXIMUM_TEXTURECUBEMAP_WIDTH = 52,
  MAXIMUM_TEXTURECUBEMAP_LAYERED_WIDTH = 53,
  MAXIMUM_TEXTURECUBEMAP_LAYERED_LAYERS = 54,
  MAXIMUM_SURFACE1D_WIDTH = 55,
  MAXIMUM_SURFACE2D_WIDTH = 56,
  MAXIMUM_SURFACE2D_HEIGHT = 57,
  MAXIMUM_SURFACE3D_WIDTH = 58,
  MAXIMUM_SURFACE3D_HEIGHT = 59,
  MAXIMUM_SURFACE3D_DEPTH = 60,
  MAXIMUM_SURFACE1D_LAYERED_WIDTH = 61,
  MAXIMUM_SURFACE1D_LAYERED_LAYERS = 62,
  MAXIMUM_SURFACE2D_LAYERED_WIDTH = 63,
  MAXIMUM_SURFACE2D_LAYERED_HEIGHT = 64,
  MAXIMUM_SURFACE2D_LAYERED_LAYERS = 65,
  MAXIMUM_SURFACECUBEMAP_WIDTH = 66,
  MAXIMUM_SURFACECUBEMAP_LAYERED_WIDTH = 67,
  MAXIMUM_SURFACECUBEMAP_LAYERED_LAYERS = 68,
  MAXIMUM_TEXTURE1D_LINEAR_WIDTH = 69,
  MAXIMUM_TEXTURE2D_LINEAR_WIDTH = 70,
  MAXIMUM_TEXTURE2D_LINEAR_HEIGHT = 71,
  MAXIMUM_TEXTURE2D_LINEAR_PITCH = 72,
  MAXIMUM_TEXTURE2D_MIPMAPPED_WIDTH = 73,
  MAXIMUM_TEXTURE2D_MIPMAPPED_HEIGHT = 74,
  COMPUTE_CAPABILITY_MAJOR = 75,
  COMPUTE_CAPABILITY_MINOR = 76,
  MAXIMUM_TEXTURE1D_MIPMAPPED_WIDTH = 77,
  STREAM_PRIORITIES_SUPPORTED = 78,
  GLOBAL_L1_CACHE_SUPPORTED = 79,
  LOCAL_L1_CACHE_SUPPORTED = 80,
  MAX_SHARED_MEMORY_PER_MULTIPROCESSOR = 81,
  MAX_REGISTERS_PER_MULTIPROCESSOR = 82,
  MANAGED_MEMORY = 83,
  MULTI_GPU_BOARD = 84,
  MULTI_GPU_BOARD_GROUP_ID = 85,
  HOST_NATIVE_ATOMIC_SUPPORTED = 86,
  SINGLE_TO_DOUBLE_PRECISION_PERF_RATIO = 87,
  PAGEABLE_MEMORY_ACCESS = 88,
  CONCURRENT_MANAGED_ACCESS = 89,
  COMPUTE_PREEMPTION_SUPPORTED = 90,
  CAN_USE_HOST_POINTER_FOR_REGISTERED_MEM = 91,
  COOPERATIVE_LAUNCH = 95,
  COOPERATIVE_MULTI_DEVICE_LAUNCH = 96,
  MAX_SHARED_MEMORY_PER_BLOCK_OPTIN = 97,
  HOST_REGISTER_SUPPORTED = 99,
  PAGEABLE_MEMORY_ACCESS_USES_HOST_PAGE_TABLES = 100,
  DIRECT_MANAGED_MEM_ACCESS_FROM_HOST = 101,
  VIRTUAL_MEMORY_MANAGEMENT_SUPPORTED = 102,
  MAX_BLOCKS_PER_MULTIPROCESSOR = 106,
  MAX_PERSISTING_L2_CACHE_SIZE = 108,
  MAX_ACCESS_POLICY_WINDOW_SIZE = 109,
  RESERVED_SHARED_MEMORY_PER_BLOCK = 111,
  SPARSE_CUDA_ARRAY_SUPPORTED = 112,
  READ_ONLY_HOST_REGISTER_SUPPORTED = 113,
  TIMELINE_SEMAPHORE_INTEROP_SUPPORTED = 114,
  MEMORY_POOLS_SUPPORTED = 115,
  GPU_DIRECT_RDMA_SUPPORTED = 116,
  GPU_DIRECT_RDMA_FLUSH_WRITES_OPTIONS = 117,
  GPU_DIRECT_RDMA_WRITES_ORDERING = 118,
  MEMPOOL_SUPPORTED_HANDLE_TYPES = 119,
  CLUSTER_LAUNCH = 120,
  DEFERRED_MAPPING_CUDA_ARRAY_SUPPORTED = 121,
  IPC_EVENT_SUPPORTED = 125,
  UNIFIED_FUNCTION_POINTERS = 129,
  HOST_NUMA_ID = 134,
};

// Shared by the optional families (graphs' memcpy nodes, images' array copies).
using CUarray = struct CUarray_st*;
inline constexpr int CU_MEMORYTYPE_HOST = 0x01;
inline constexpr int CU_MEMORYTYPE_DEVICE = 0x02;
inline constexpr int CU_MEMORYTYPE_ARRAY = 0x03;
inline constexpr int CU_MEMORYTYPE_UNIFIED = 0x04;
struct CUDA_MEMCPY3D {
  size_t srcXInBytes, srcY, srcZ, srcLOD;
  int srcMemoryType;
  const void* srcHost;
  CUdeviceptr srcDevice;
  CUarray srcArray;
  void* reserved0;
  size_t srcPitch, srcHeight;
  size_t dstXInBytes, dstY, dstZ, dstLOD;
  int dstMemoryType;
  void* dstHost;
  CUdeviceptr dstDevice;
  CUarray dstArray;
  void* reserved1;
  size_t dstPitch, dstHeight;
  size_t WidthInBytes, Height, Depth;
};

// cuStreamBatchMemOp's operations: a 48-byte union whose layout and operation numbers HIP's
// hipStreamBatchMemOpParams shares (tests/cpu/test_cuda_backend_logic.cpp checks both).
struct CUstreamBatchMemOpParams {
  uint64_t pad[6];
};

// cuMemGetHandleForAddressRange's handle type (the number of hipMemRangeHandleTypeDmaBufFd).
inline constexpr int CU_MEM_RANGE_HANDLE_TYPE_DMA_BUF_FD = 0x1;

// The linker (cuLinkCreate and friends): CUjit_option and CUjitInputType numbers.
using CUlinkState = struct CUlinkState_st*;
inline constexpr int CU_JIT_FMA = 24;  // HIP's numbering equals CUDA's up to here
inline constexpr int CU_JIT_POSITION_INDEPENDENT_CODE = 30;
inline constexpr int CU_JIT_MIN_CTA_PER_SM = 31;
inline constexpr int CU_JIT_MAX_THREADS_PER_BLOCK = 32;
inline constexpr int CU_JIT_OVERRIDE_DIRECTIVE_VALUES = 33;
inline constexpr int CU_JIT_INPUT_NVVM = 5;  // cubin 0 ... NVVM 5, HIP's numbers

// Batched copies (CUDA 12.8): CUmemLocation is {int type; int id}.
struct CUmemcpyAttributes {
  int srcAccessOrder;
  int srcLocHintType, srcLocHintId;
  int dstLocHintType, dstLocHintId;
  unsigned int flags;
};

}  // namespace unihip::cu

// The optional families' types, one file each.
#include "cuda/cuda_types_memory_pools.h"
#include "cuda/cuda_types_graphs.h"  // its memory nodes use the pools' types
#include "cuda/cuda_types_images.h"
#include "cuda/cuda_types_exec_ctx.h"  // its launch attributes use the graphs' values
