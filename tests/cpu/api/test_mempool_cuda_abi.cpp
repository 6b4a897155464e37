// The memory pools family's re-declared CUDA types and constants (backends/cuda/
// cuda_types_memory_pools.h) against cuda.h where a toolkit is installed, and HIP's values that
// the CUDA backend passes through unchanged.
#include <catch2/catch.hpp>

#include <cstddef>

#include "hip/hip_runtime_api.h"

#ifdef UNIHIP_TEST_CUDA_H
// Ours first: cuda.h makes macros of some names our header declares.
#include "cuda/cuda_driver_types.h"
#include UNIHIP_TEST_CUDA_H

namespace cu = unihip::cu;

TEST_CASE("memory pools: re-declared driver types equal cuda.h's", "[mempool][cuda]") {
  STATIC_REQUIRE(sizeof(cu::CUmemLocation) == sizeof(::CUmemLocation));
  STATIC_REQUIRE(sizeof(cu::CUmemAccessDesc) == sizeof(::CUmemAccessDesc));
  STATIC_REQUIRE(sizeof(cu::CUmemPoolProps) == sizeof(::CUmemPoolProps));
  STATIC_REQUIRE(offsetof(cu::CUmemPoolProps, maxSize) == offsetof(::CUmemPoolProps, maxSize));
  STATIC_REQUIRE(sizeof(cu::CUmemAllocationProp) == sizeof(::CUmemAllocationProp));
  STATIC_REQUIRE(offsetof(cu::CUmemAllocationProp, allocFlags) ==
                 offsetof(::CUmemAllocationProp, allocFlags));
  STATIC_REQUIRE(sizeof(cu::CUmemPoolPtrExportData) == sizeof(::CUmemPoolPtrExportData));
  STATIC_REQUIRE(sizeof(cu::CUipcMemHandle) == sizeof(::CUipcMemHandle));
  STATIC_REQUIRE(sizeof(cu::CUipcEventHandle) == sizeof(::CUipcEventHandle));
  STATIC_REQUIRE(sizeof(cu::CUDA_EXTERNAL_MEMORY_HANDLE_DESC) ==
                 sizeof(::CUDA_EXTERNAL_MEMORY_HANDLE_DESC));
  STATIC_REQUIRE(offsetof(cu::CUDA_EXTERNAL_MEMORY_HANDLE_DESC, size) ==
                 offsetof(::CUDA_EXTERNAL_MEMORY_HANDLE_DESC, size));
  STATIC_REQUIRE(sizeof(cu::CUDA_EXTERNAL_MEMORY_BUFFER_DESC) ==
                 sizeof(::CUDA_EXTERNAL_MEMORY_BUFFER_DESC));
  STATIC_REQUIRE(sizeof(cu::CUDA_EXTERNAL_SEMAPHORE_HANDLE_DESC) ==
                 sizeof(::CUDA_EXTERNAL_SEMAPHORE_HANDLE_DESC));
  STATIC_REQUIRE(sizeof(cu::CUDA_EXTERNAL_SEMAPHORE_SIGNAL_PARAMS) ==
                 sizeof(::CUDA_EXTERNAL_SEMAPHORE_SIGNAL_PARAMS));
  STATIC_REQUIRE(sizeof(cu::CUDA_EXTERNAL_SEMAPHORE_WAIT_PARAMS) ==
                 sizeof(::CUDA_EXTERNAL_SEMAPHORE_WAIT_PARAMS));
  STATIC_REQUIRE(cu::CU_MEM_LOCATION_TYPE_DEVICE == ::CU_MEM_LOCATION_TYPE_DEVICE);
  STATIC_REQUIRE(cu::CU_MEM_ALLOCATION_TYPE_PINNED == ::CU_MEM_ALLOCATION_TYPE_PINNED);
  STATIC_REQUIRE(cu::CU_IPC_MEM_LAZY_ENABLE_PEER_ACCESS == ::CU_IPC_MEM_LAZY_ENABLE_PEER_ACCESS);
}

TEST_CASE("memory pools: HIP's values equal the driver's, so they pass through",
          "[mempool][cuda]") {
  STATIC_REQUIRE(sizeof(hipMemPoolPtrExportData) == sizeof(::CUmemPoolPtrExportData));
  STATIC_REQUIRE(sizeof(hipIpcMemHandle_t) == sizeof(::CUipcMemHandle));
  STATIC_REQUIRE(sizeof(hipExternalMemoryHandleDesc) == sizeof(::CUDA_EXTERNAL_MEMORY_HANDLE_DESC));
  STATIC_REQUIRE(sizeof(hipExternalSemaphoreSignalParams) ==
                 sizeof(::CUDA_EXTERNAL_SEMAPHORE_SIGNAL_PARAMS));
  STATIC_REQUIRE(sizeof(hipExternalSemaphoreWaitParams) ==
                 sizeof(::CUDA_EXTERNAL_SEMAPHORE_WAIT_PARAMS));
  STATIC_REQUIRE(offsetof(hipExternalSemaphoreWaitParams, flags) ==
                 offsetof(::CUDA_EXTERNAL_SEMAPHORE_WAIT_PARAMS, flags));
  STATIC_REQUIRE(int(hipMemPoolReuseFollowEventDependencies) ==
                 int(::CU_MEMPOOL_ATTR_REUSE_FOLLOW_EVENT_DEPENDENCIES));
  STATIC_REQUIRE(int(hipMemPoolReuseAllowOpportunistic) ==
                 int(::CU_MEMPOOL_ATTR_REUSE_ALLOW_OPPORTUNISTIC));
  STATIC_REQUIRE(int(hipMemPoolReuseAllowInternalDependencies) ==
                 int(::CU_MEMPOOL_ATTR_REUSE_ALLOW_INTERNAL_DEPENDENCIES));
  STATIC_REQUIRE(int(hipMemPoolAttrReleaseThreshold) == int(::CU_MEMPOOL_ATTR_RELEASE_THRESHOLD));
  STATIC_REQUIRE(int(hipMemPoolAttrReservedMemCurrent) ==
                 int(::CU_MEMPOOL_ATTR_RESERVED_MEM_CURRENT));
  STATIC_REQUIRE(int(hipMemPoolAttrReservedMemHigh) == int(::CU_MEMPOOL_ATTR_RESERVED_MEM_HIGH));
  STATIC_REQUIRE(int(hipMemPoolAttrUsedMemCurrent) == int(::CU_MEMPOOL_ATTR_USED_MEM_CURRENT));
  STATIC_REQUIRE(int(hipMemPoolAttrUsedMemHigh) == int(::CU_MEMPOOL_ATTR_USED_MEM_HIGH));
  STATIC_REQUIRE(int(hipMemAccessFlagsProtNone) == int(::CU_MEM_ACCESS_FLAGS_PROT_NONE));
  STATIC_REQUIRE(int(hipMemAccessFlagsProtRead) == int(::CU_MEM_ACCESS_FLAGS_PROT_READ));
  STATIC_REQUIRE(int(hipMemAccessFlagsProtReadWrite) == int(::CU_MEM_ACCESS_FLAGS_PROT_READWRITE));
  STATIC_REQUIRE(int(hipMemLocationTypeDevice) == int(::CU_MEM_LOCATION_TYPE_DEVICE));
  STATIC_REQUIRE(int(hipMemLocationTypeHost) == int(::CU_MEM_LOCATION_TYPE_HOST));
  STATIC_REQUIRE(int(hipMemAllocationTypePinned) == int(::CU_MEM_ALLOCATION_TYPE_PINNED));
  STATIC_REQUIRE(int(hipMemHandleTypePosixFileDescriptor) ==
                 int(::CU_MEM_HANDLE_TYPE_POSIX_FILE_DESCRIPTOR));
  STATIC_REQUIRE(int(hipMemAllocationGranularityMinimum) ==
                 int(::CU_MEM_ALLOC_GRANULARITY_MINIMUM));
  STATIC_REQUIRE(int(hipMemAllocationGranularityRecommended) ==
                 int(::CU_MEM_ALLOC_GRANULARITY_RECOMMENDED));
  STATIC_REQUIRE(int(hipExternalMemoryHandleTypeOpaqueFd) ==
                 int(::CU_EXTERNAL_MEMORY_HANDLE_TYPE_OPAQUE_FD));
  STATIC_REQUIRE(int(hipExternalSemaphoreHandleTypeOpaqueFd) ==
                 int(::CU_EXTERNAL_SEMAPHORE_HANDLE_TYPE_OPAQUE_FD));
  STATIC_REQUIRE(int(hipExternalSemaphoreHandleTypeTimelineSemaphoreFd) ==
                 int(::CU_EXTERNAL_SEMAPHORE_HANDLE_TYPE_TIMELINE_SEMAPHORE_FD));
  STATIC_REQUIRE(hipIpcMemLazyEnablePeerAccess == ::CU_IPC_MEM_LAZY_ENABLE_PEER_ACCESS);
  STATIC_REQUIRE(::CU_DEVICE_ATTRIBUTE_VIRTUAL_MEMORY_MANAGEMENT_SUPPORTED == 102);
}
#endif
