#include "cuda/cuda_device_properties.h"

#include <cstdio>
#include <cstring>

#include "base/log.h"

namespace unihip::cu {

Status queryDeviceProperties(const DriverApi& api, CUdevice device, hipDeviceProp_t* p) {
  std::memset(p, 0, sizeof *p);
  CUresult r = api.cuDeviceGetName(p->name, sizeof p->name, device);
  if (r != CUDA_SUCCESS) return toHipError(r);
  CUuuid uuid{};
  if (api.cuDeviceGetUuid(&uuid, device) == CUDA_SUCCESS)
    std::memcpy(p->uuid.bytes, uuid.bytes, sizeof uuid.bytes);
  r = api.cuDeviceTotalMem(&p->totalGlobalMem, device);
  if (r != CUDA_SUCCESS) return toHipError(r);

  // Attributes a driver does not know read as 0 rather than failing discovery.
  auto get = [&](Attribute a) {
    int v = 0;
    if (api.cuDeviceGetAttribute(&v, a, device) != CUDA_SUCCESS) v = 0;
    return v;
  };
  p->sharedMemPerBlock = static_cast<size_t>(get(MAX_SHARED_MEMORY_PER_BLOCK));
  p->regsPerBlock = get(MAX_REGISTERS_PER_BLOCK);
  p->warpSize = get(WARP_SIZE);
  p->memPitch = static_cast<size_t>(get(MAX_PITCH));
  p->maxThreadsPerBlock = get(MAX_THREADS_PER_BLOCK);
  p->maxThreadsDim[0] = get(MAX_BLOCK_DIM_X);
  p->maxThreadsDim[1] = get(MAX_BLOCK_DIM_Y);
  p->maxThreadsDim[2] = get(MAX_BLOCK_DIM_Z);
  p->maxGridSize[0] = get(MAX_GRID_DIM_X);
  p->maxGridSize[1] = get(MAX_GRID_DIM_Y);
  p->maxGridSize[2] = get(MAX_GRID_DIM_Z);
  p->clockRate = get(CLOCK_RATE);
  p->totalConstMem = static_cast<size_t>(get(TOTAL_CONSTANT_MEMORY));
  p->major = get(COMPUTE_CAPABILITY_MAJOR);
  p->minor = get(COMPUTE_CAPABILITY_MINOR);
  p->textureAlignment = static_cast<size_t>(get(TEXTURE_ALIGNMENT));
  p->texturePitchAlignment = static_cast<size_t>(get(TEXTURE_PITCH_ALIGNMENT));
  p->deviceOverlap = get(GPU_OVERLAP);
  p->multiProcessorCount = get(MULTIPROCESSOR_COUNT);
  p->kernelExecTimeoutEnabled = get(KERNEL_EXEC_TIMEOUT);
  p->integrated = get(INTEGRATED);
  p->canMapHostMemory = get(CAN_MAP_HOST_MEMORY);
  p->computeMode = get(COMPUTE_MODE);
  p->maxTexture1D = get(MAXIMUM_TEXTURE1D_WIDTH);
  p->maxTexture1DLinear = get(MAXIMUM_TEXTURE1D_LINEAR_WIDTH);
  p->maxTexture2D[0] = get(MAXIMUM_TEXTURE2D_WIDTH);
  p->maxTexture2D[1] = get(MAXIMUM_TEXTURE2D_HEIGHT);
  p->maxTexture3D[0] = get(MAXIMUM_TEXTURE3D_WIDTH);
  p->maxTexture3D[1] = get(MAXIMUM_TEXTURE3D_HEIGHT);
  p->maxTexture3D[2] = get(MAXIMUM_TEXTURE3D_DEPTH);
  p->maxSurface1D = get(MAXIMUM_SURFACE1D_WIDTH);
  p->maxTexture1DMipmap = get(MAXIMUM_TEXTURE1D_MIPMAPPED_WIDTH);
  p->maxTexture2DMipmap[0] = get(MAXIMUM_TEXTURE2D_MIPMAPPED_WIDTH);
  p->maxTexture2DMipmap[1] = get(MAXIMUM_TEXTURE2D_MIPMAPPED_HEIGHT);
  p->maxTexture2DLinear[0] = get(MAXIMUM_TEXTURE2D_LINEAR_WIDTH);
  p->maxTexture2DLinear[1] = get(MAXIMUM_TEXTURE2D_LINEAR_HEIGHT);
  p->maxTexture2DLinear[2] = get(MAXIMUM_TEXTURE2D_LINEAR_PITCH);
  p->maxTexture2DGather[0] = get(MAXIMUM_TEXTURE2D_GATHER_WIDTH);
  p->maxTexture2DGather[1] = get(MAXIMUM_TEXTURE2D_GATHER_HEIGHT);
  p->maxTexture3DAlt[0] = get(MAXIMUM_TEXTURE3D_WIDTH_ALTERNATE);
  p->maxTexture3DAlt[1] = get(MAXIMUM_TEXTURE3D_HEIGHT_ALTERNATE);
  p->maxTexture3DAlt[2] = get(MAXIMUM_TEXTURE3D_DEPTH_ALTERNATE);
  p->maxTextureCubemap = get(MAXIMUM_TEXTURECUBEMAP_WIDTH);
  p->maxTexture1DLayered[0] = get(MAXIMUM_TEXTURE1D_LAYERED_WIDTH);
  p->maxTexture1DLayered[1] = get(MAXIMUM_TEXTURE1D_LAYERED_LAYERS);
  p->maxTexture2DLayered[0] = get(MAXIMUM_TEXTURE2D_LAYERED_WIDTH);
  p->maxTexture2DLayered[1] = get(MAXIMUM_TEXTURE2D_LAYERED_HEIGHT);
  p->maxTexture2DLayered[2] = get(MAXIMUM_TEXTURE2D_LAYERED_LAYERS);
  p->maxTextureCubemapLayered[0] = get(MAXIMUM_TEXTURECUBEMAP_LAYERED_WIDTH);
  p->maxTextureCubemapLayered[1] = get(MAXIMUM_TEXTURECUBEMAP_LAYERED_LAYERS);
  p->maxSurface2D[0] = get(MAXIMUM_SURFACE2D_WIDTH);
  p->maxSurface2D[1] = get(MAXIMUM_SURFACE2D_HEIGHT);
  p->maxSurface3D[0] = get(MAXIMUM_SURFACE3D_WIDTH);
  p->maxSurface3D[1] = get(MAXIMUM_SURFACE3D_HEIGHT);
  p->maxSurface3D[2] = get(MAXIMUM_SURFACE3D_DEPTH);
  p->maxSurface1DLayered[0] = get(MAXIMUM_SURFACE1D_LAYERED_WIDTH);
  p->maxSurface1DLayered[1] = get(MAXIMUM_SURFACE1D_LAYERED_LAYERS);
  p->maxSurface2DLayered[0] = get(MAXIMUM_SURFACE2D_LAYERED_WIDTH);
  p->maxSurface2DLayered[1] = get(MAXIMUM_SURFACE2D_LAYERED_HEIGHT);
  p->maxSurface2DLayered[2] = get(MAXIMUM_SURFACE2D_LAYERED_LAYERS);
  p->maxSurfaceCubemap = get(MAXIMUM_SURFACECUBEMAP_WIDTH);
  p->maxSurfaceCubemapLayered[0] = get(MAXIMUM_SURFACECUBEMAP_LAYERED_WIDTH);
  p->maxSurfaceCubemapLayered[1] = get(MAXIMUM_SURFACECUBEMAP_LAYERED_LAYERS);
  p->surfaceAlignment = static_cast<size_t>(get(SURFACE_ALIGNMENT));
  p->concurrentKernels = get(CONCURRENT_KERNELS);
  p->ECCEnabled = get(ECC_ENABLED);
  p->pciBusID = get(PCI_BUS_ID);
  p->pciDeviceID = get(PCI_DEVICE_ID);
  p->pciDomainID = get(PCI_DOMAIN_ID);
  p->tccDriver = get(TCC_DRIVER);
  p->asyncEngineCount = get(ASYNC_ENGINE_COUNT);
  p->unifiedAddressing = get(UNIFIED_ADDRESSING);
  p->memoryClockRate = get(MEMORY_CLOCK_RATE);
  p->memoryBusWidth = get(GLOBAL_MEMORY_BUS_WIDTH);
  p->l2CacheSize = get(L2_CACHE_SIZE);
  p->persistingL2CacheMaxSize = get(MAX_PERSISTING_L2_CACHE_SIZE);
  p->maxThreadsPerMultiProcessor = get(MAX_THREADS_PER_MULTIPROCESSOR);
  p->streamPrioritiesSupported = get(STREAM_PRIORITIES_SUPPORTED);
  p->globalL1CacheSupported = get(GLOBAL_L1_CACHE_SUPPORTED);
  p->localL1CacheSupported = get(LOCAL_L1_CACHE_SUPPORTED);
  p->sharedMemPerMultiprocessor = static_cast<size_t>(get(MAX_SHARED_MEMORY_PER_MULTIPROCESSOR));
  p->regsPerMultiprocessor = get(MAX_REGISTERS_PER_MULTIPROCESSOR);
  p->managedMemory = get(MANAGED_MEMORY);
  p->isMultiGpuBoard = get(MULTI_GPU_BOARD);
  p->multiGpuBoardGroupID = get(MULTI_GPU_BOARD_GROUP_ID);
  p->hostNativeAtomicSupported = get(HOST_NATIVE_ATOMIC_SUPPORTED);
  p->singleToDoublePrecisionPerfRatio = get(SINGLE_TO_DOUBLE_PRECISION_PERF_RATIO);
  p->pageableMemoryAccess = get(PAGEABLE_MEMORY_ACCESS);
  p->concurrentManagedAccess = get(CONCURRENT_MANAGED_ACCESS);
  p->computePreemptionSupported = get(COMPUTE_PREEMPTION_SUPPORTED);
  p->canUseHostPointerForRegisteredMem = get(CAN_USE_HOST_POINTER_FOR_REGISTERED_MEM);
  p->cooperativeLaunch = get(COOPERATIVE_LAUNCH);
  p->cooperativeMultiDeviceLaunch = get(COOPERATIVE_MULTI_DEVICE_LAUNCH);
  p->sharedMemPerBlockOptin = static_cast<size_t>(get(MAX_SHARED_MEMORY_PER_BLOCK_OPTIN));
  p->pageableMemoryAccessUsesHostPageTables = get(PAGEABLE_MEMORY_ACCESS_USES_HOST_PAGE_TABLES);
  p->directManagedMemAccessFromHost = get(DIRECT_MANAGED_MEM_ACCESS_FROM_HOST);
  p->maxBlocksPerMultiProcessor = get(MAX_BLOCKS_PER_MULTIPROCESSOR);
  p->accessPolicyMaxWindowSize = get(MAX_ACCESS_POLICY_WINDOW_SIZE);
  p->reservedSharedMemPerBlock = static_cast<size_t>(get(RESERVED_SHARED_MEMORY_PER_BLOCK));
  p->hostRegisterSupported = get(HOST_REGISTER_SUPPORTED);
  p->sparseHipArraySupported = get(SPARSE_CUDA_ARRAY_SUPPORTED);
  p->hostRegisterReadOnlySupported = get(READ_ONLY_HOST_REGISTER_SUPPORTED);
  p->timelineSemaphoreInteropSupported = get(TIMELINE_SEMAPHORE_INTEROP_SUPPORTED);
  p->memoryPoolsSupported = get(MEMORY_POOLS_SUPPORTED);
  p->gpuDirectRDMASupported = get(GPU_DIRECT_RDMA_SUPPORTED);
  p->gpuDirectRDMAFlushWritesOptions = static_cast<unsigned>(get(GPU_DIRECT_RDMA_FLUSH_WRITES_OPTIONS));
  p->gpuDirectRDMAWritesOrdering = get(GPU_DIRECT_RDMA_WRITES_ORDERING);
  p->memoryPoolSupportedHandleTypes = static_cast<unsigned>(get(MEMPOOL_SUPPORTED_HANDLE_TYPES));
  p->deferredMappingHipArraySupported = get(DEFERRED_MAPPING_CUDA_ARRAY_SUPPORTED);
  p->ipcEventSupported = get(IPC_EVENT_SUPPORTED);
  p->clusterLaunch = get(CLUSTER_LAUNCH);
  p->unifiedFunctionPointers = get(UNIFIED_FUNCTION_POINTERS);
  // AMD-only fields: the nearest NVIDIA meaning, so portable code reads sensible values.
  std::snprintf(p->gcnArchName, sizeof p->gcnArchName, "sm_%d%d", p->major, p->minor);
  p->maxSharedMemoryPerMultiProcessor = p->sharedMemPerMultiprocessor;
  p->clockInstructionRate = p->clockRate;
  // AMD's "large BAR": the host reads and writes device memory (hipMalloc) through plain
  // pointers. On NVIDIA that holds only where the CPU shares the GPU's page tables coherently
  // (Grace Hopper's ATS); on a PCIe H100/H200 a host access to cuMemAlloc memory faults.
  p->isLargeBar = p->pageableMemoryAccessUsesHostPageTables && p->directManagedMemAccessFromHost;
  p->arch.hasGlobalInt32Atomics = p->arch.hasGlobalFloatAtomicExch = 1;
  p->arch.hasSharedInt32Atomics = p->arch.hasSharedFloatAtomicExch = 1;
  p->arch.hasFloatAtomicAdd = p->arch.hasGlobalInt64Atomics = p->arch.hasSharedInt64Atomics = 1;
  p->arch.hasDoubles = p->arch.hasWarpVote = p->arch.hasWarpBallot = p->arch.hasWarpShuffle = 1;
  // The same answers as the __HIP_ARCH_HAS_*__ macros of device code (hip_common.h: HIP's
  // values, 0 for funnel shift, the extended __syncthreads, surface functions and dynamic
  // parallelism), as AMD's runtime gives on its GPUs.
  p->arch.hasThreadFenceSystem = p->arch.has3dGrid = 1;
  p->arch.hasFunnelShift = p->arch.hasSyncThreadsExt = 0;
  p->arch.hasSurfaceFuncs = p->arch.hasDynamicParallelism = 0;
  return kOk;
}

Status queryDeviceAttribute(const DriverApi& api, CUdevice device, const hipDeviceProp_t& p,
                            int attr, bool vmmFamily, int* value) {
  int v = 0;
  switch (attr) {
    // Every NVIDIA GPU the driver supports samples textures and reads/writes surfaces.
    case hipDeviceAttributeImageSupport: v = 1; break;
    // wall_clock64() reads %globaltimer, which counts nanoseconds: 1 GHz in kHz.
    case hipDeviceAttributeWallClockRate: v = 1000000; break;
    case hipDeviceAttributePhysicalMultiProcessorCount: v = p.multiProcessorCount; break;
    // hipStreamWaitValue*/WriteValue* map onto the driver's stream memory operations.
    case hipDeviceAttributeCanUseStreamWaitValue: v = 1; break;
    // hipExtMallocWithFlags(hipDeviceMallocFinegrained) is not available on NVIDIA.
    case hipDeviceAttributeFineGrainSupport: v = 0; break;
    case hipDeviceAttributeNumberOfXccs: v = 1; break;  // one die per device
    case hipDeviceAttributeMaxAvailableVgprsPerThread: v = 255; break;  // PTX's register limit
    // AMD's HDP flush registers: NVIDIA has none, so the null address hipDeviceProp_t holds.
    case hipDeviceAttributeHdpMemFlushCntl:
    case hipDeviceAttributeHdpRegFlushCntl: v = 0; break;
    case hipDeviceAttributeHostNumaId:
      // -1 (CUDA's "no NUMA node") where the driver does not know the attribute.
      if (api.cuDeviceGetAttribute(&v, HOST_NUMA_ID, device) != CUDA_SUCCESS) v = -1;
      break;
    // The driver's answer while the memory pools family (which holds the VMM calls) is present.
    case hipDeviceAttributeVirtualMemoryManagementSupported:
      if (!vmmFamily ||
          api.cuDeviceGetAttribute(&v, VIRTUAL_MEMORY_MANAGEMENT_SUPPORTED, device) != CUDA_SUCCESS)
        v = 0;
      break;
    default: return hipErrorNotSupported;
  }
  *value = v;
  return kOk;
}

}  // namespace unihip::cu
