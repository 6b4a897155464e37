#include "core/device_attributes.h"

#include <climits>

namespace unihip {

namespace {

int clampToInt(size_t v) { return v > static_cast<size_t>(INT_MAX) ? INT_MAX : static_cast<int>(v); }

}  // namespace

bool isDeviceAttribute(int attr) {
  if (attr == hipDeviceAttributeUnused1 || attr == hipDeviceAttributeUnused2 ||
      attr == hipDeviceAttributeUnused3 || attr == hipDeviceAttributeUnused4 ||
      attr == hipDeviceAttributeUnused5)
    return false;
  return (attr >= hipDeviceAttributeCudaCompatibleBegin && attr <= hipDeviceAttributeHostNumaId) ||
         (attr >= hipDeviceAttributeAmdSpecificBegin && attr <= hipDeviceAttributePciChipId);
}

Status attributeFromProperties(const hipDeviceProp_t& p, int attr, int* value) {
  if (!isDeviceAttribute(attr)) return hipErrorInvalidValue;
  int v = 0;
  switch (attr) {
    case hipDeviceAttributeEccEnabled: v = p.ECCEnabled; break;
    case hipDeviceAttributeAccessPolicyMaxWindowSize: v = p.accessPolicyMaxWindowSize; break;
    case hipDeviceAttributeAsyncEngineCount: v = p.asyncEngineCount; break;
    case hipDeviceAttributeCanMapHostMemory: v = p.canMapHostMemory; break;
    case hipDeviceAttributeCanUseHostPointerForRegisteredMem: v = p.canUseHostPointerForRegisteredMem; break;
    case hipDeviceAttributeClockRate: v = p.clockRate; break;
    case hipDeviceAttributeComputeMode: v = p.computeMode; break;
    case hipDeviceAttributeComputePreemptionSupported: v = p.computePreemptionSupported; break;
    case hipDeviceAttributeConcurrentKernels: v = p.concurrentKernels; break;
    case hipDeviceAttributeConcurrentManagedAccess: v = p.concurrentManagedAccess; break;
    case hipDeviceAttributeCooperativeLaunch: v = p.cooperativeLaunch; break;
    case hipDeviceAttributeCooperativeMultiDeviceLaunch: v = p.cooperativeMultiDeviceLaunch; break;
    case hipDeviceAttributeDeviceOverlap: v = p.deviceOverlap; break;
    case hipDeviceAttributeDirectManagedMemAccessFromHost: v = p.directManagedMemAccessFromHost; break;
    case hipDeviceAttributeGlobalL1CacheSupported: v = p.globalL1CacheSupported; break;
    case hipDeviceAttributeHostNativeAtomicSupported: v = p.hostNativeAtomicSupported; break;
    case hipDeviceAttributeIntegrated: v = p.integrated; break;
    case hipDeviceAttributeIsMultiGpuBoard: v = p.isMultiGpuBoard; break;
    case hipDeviceAttributeKernelExecTimeout: v = p.kernelExecTimeoutEnabled; break;
    case hipDeviceAttributeL2CacheSize: v = p.l2CacheSize; break;
    case hipDeviceAttributeLocalL1CacheSupported: v = p.localL1CacheSupported; break;
    case hipDeviceAttributeComputeCapabilityMajor: v = p.major; break;
    case hipDeviceAttributeComputeCapabilityMinor: v = p.minor; break;
    case hipDeviceAttributeManagedMemory: v = p.managedMemory; break;
    case hipDeviceAttributeMaxBlocksPerMultiProcessor: v = p.maxBlocksPerMultiProcessor; break;
    case hipDeviceAttributeMaxBlockDimX: v = p.maxThreadsDim[0]; break;
    case hipDeviceAttributeMaxBlockDimY: v = p.maxThreadsDim[1]; break;
    case hipDeviceAttributeMaxBlockDimZ: v = p.maxThreadsDim[2]; break;
    case hipDeviceAttributeMaxGridDimX: v = p.maxGridSize[0]; break;
    case hipDeviceAttributeMaxGridDimY: v = p.maxGridSize[1]; break;
    case hipDeviceAttributeMaxGridDimZ: v = p.maxGridSize[2]; break;
    case hipDeviceAttributeMaxSurface1D: v = p.maxSurface1D; break;
    case hipDeviceAttributeMaxTexture1DWidth: v = p.maxTexture1D; break;
    case hipDeviceAttributeMaxTexture1DLinear: v = p.maxTexture1DLinear; break;
    case hipDeviceAttributeMaxTexture1DMipmap: v = p.maxTexture1DMipmap; break;
    case hipDeviceAttributeMaxTextureCubemap: v = p.maxTextureCubemap; break;
    case hipDeviceAttributeLuidDeviceNodeMask: v = static_cast<int>(p.luidDeviceNodeMask); break;
    case hipDeviceAttributeMaxTexture2DWidth: v = p.maxTexture2D[0]; break;
    case hipDeviceAttributeMaxTexture2DHeight: v = p.maxTexture2D[1]; break;
    case hipDeviceAttributeMaxTexture3DWidth: v = p.maxTexture3D[0]; break;
    case hipDeviceAttributeMaxTexture3DHeight: v = p.maxTexture3D[1]; break;
    case hipDeviceAttributeMaxTexture3DDepth: v = p.maxTexture3D[2]; break;
    case hipDeviceAttributeMaxThreadsPerBlock: v = p.maxThreadsPerBlock; break;
    case hipDeviceAttributeMaxThreadsPerMultiProcessor: v = p.maxThreadsPerMultiProcessor; break;
    case hipDeviceAttributeMaxPitch: v = clampToInt(p.memPitch); break;
    case hipDeviceAttributeMemoryBusWidth: v = p.memoryBusWidth; break;
    case hipDeviceAttributeMemoryClockRate: v = p.memoryClockRate; break;
    case hipDeviceAttributeMultiGpuBoardGroupID: v = p.multiGpuBoardGroupID; break;
    case hipDeviceAttributeMultiprocessorCount: v = p.multiProcessorCount; break;
    case hipDeviceAttributePageableMemoryAccess: v = p.pageableMemoryAccess; break;
    case hipDeviceAttributePageableMemoryAccessUsesHostPageTables: v = p.pageableMemoryAccessUsesHostPageTables; break;
    case hipDeviceAttributePciBusId: v = p.pciBusID; break;
    case hipDeviceAttributePciDeviceId: v = p.pciDeviceID; break;
    case hipDeviceAttributePciDomainId: v = p.pciDomainID; break;
    case hipDeviceAttributePersistingL2CacheMaxSize: v = p.persistingL2CacheMaxSize; break;
    case hipDeviceAttributeMaxRegistersPerBlock: v = p.regsPerBlock; break;
    case hipDeviceAttributeMaxRegistersPerMultiprocessor: v = p.regsPerMultiprocessor; break;
    case hipDeviceAttributeReservedSharedMemPerBlock: v = clampToInt(p.reservedSharedMemPerBlock); break;
    case hipDeviceAttributeMaxSharedMemoryPerBlock: v = clampToInt(p.sharedMemPerBlock); break;
    case hipDeviceAttributeSharedMemPerBlockOptin: v = clampToInt(p.sharedMemPerBlockOptin); break;
    case hipDeviceAttributeSharedMemPerMultiprocessor: v = clampToInt(p.sharedMemPerMultiprocessor); break;
    case hipDeviceAttributeSingleToDoublePrecisionPerfRatio: v = p.singleToDoublePrecisionPerfRatio; break;
    case hipDeviceAttributeStreamPrioritiesSupported: v = p.streamPrioritiesSupported; break;
    case hipDeviceAttributeSurfaceAlignment: v = clampToInt(p.surfaceAlignment); break;
    case hipDeviceAttributeTccDriver: v = p.tccDriver; break;
    case hipDeviceAttributeTextureAlignment: v = clampToInt(p.textureAlignment); break;
    case hipDeviceAttributeTexturePitchAlignment: v = clampToInt(p.texturePitchAlignment); break;
    case hipDeviceAttributeTotalConstantMemory: v = clampToInt(p.totalConstMem); break;
    case hipDeviceAttributeTotalGlobalMem: v = clampToInt(p.totalGlobalMem); break;
    case hipDeviceAttributeUnifiedAddressing: v = p.unifiedAddressing; break;
    case hipDeviceAttributeWarpSize: v = p.warpSize; break;
    case hipDeviceAttributeMemoryPoolsSupported: v = p.memoryPoolsSupported; break;
    case hipDeviceAttributeHostRegisterSupported: v = p.hostRegisterSupported; break;
    case hipDeviceAttributeMemoryPoolSupportedHandleTypes: v = static_cast<int>(p.memoryPoolSupportedHandleTypes); break;
    case hipDeviceAttributeClockInstructionRate: v = p.clockInstructionRate; break;
    case hipDeviceAttributeMaxSharedMemoryPerMultiprocessor: v = clampToInt(p.maxSharedMemoryPerMultiProcessor); break;
    case hipDeviceAttributeCooperativeMultiDeviceUnmatchedFunc: v = p.cooperativeMultiDeviceUnmatchedFunc; break;
    case hipDeviceAttributeCooperativeMultiDeviceUnmatchedGridDim: v = p.cooperativeMultiDeviceUnmatchedGridDim; break;
    case hipDeviceAttributeCooperativeMultiDeviceUnmatchedBlockDim: v = p.cooperativeMultiDeviceUnmatchedBlockDim; break;
    case hipDeviceAttributeCooperativeMultiDeviceUnmatchedSharedMem: v = p.cooperativeMultiDeviceUnmatchedSharedMem; break;
    case hipDeviceAttributeIsLargeBar: v = p.isLargeBar; break;
    case hipDeviceAttributeAsicRevision: v = p.asicRevision; break;
    default:
      return hipErrorNotSupported;
  }
  *value = v;
  return kOk;
}

}  // namespace unihip
