// The CUDA backend's execution family: launches (plain, packed arguments, cooperative) and
// occupancy.
#include <algorithm>

#include "cuda/cuda_backend.h"

namespace unihip::cuda_backend {

UNIHIP_HOT_TEXT Status CudaBackend::launchImpl(int device, NativeFunction function, const LaunchConfig& c,
                                         void** args) {
  UNIHIP_TRY(makeCurrent(device));
  return check(api_->cuLaunchKernel(static_cast<CUfunction>(function), c.grid.x, c.grid.y,
                                    c.grid.z, c.block.x, c.block.y, c.block.z,
                                    c.sharedMemBytes, asStream(c.stream), args, nullptr),
               "cuLaunchKernel");
}

size_t CudaBackend::parameterBytes(CUfunction f) {
  {
    std::shared_lock lock(symbolsMutex_);
    if (auto it = parameterBytes_.find(f); it != parameterBytes_.end()) return it->second;
  }
  size_t end = SIZE_MAX;
  if (api_->cuFuncGetParamInfo != nullptr) {
    end = 0;
    size_t offset = 0, size = 0;
    for (size_t i = 0; api_->cuFuncGetParamInfo(f, i, &offset, &size) == CUDA_SUCCESS; ++i)
      end = std::max(end, offset + size);
  }
  std::unique_lock lock(symbolsMutex_);
  parameterBytes_[f] = end;
  return end;
}

Status CudaBackend::launchPackedImpl(int device, NativeFunction function, const LaunchConfig& c,
                               const void* buffer, size_t bytes) {
  UNIHIP_TRY(makeCurrent(device));
  // AMD's runtime takes a buffer padded past the last parameter (sizeof of the argument
  // struct); the driver refuses one larger than the parameters: clamp it.
  bytes = std::min(bytes, parameterBytes(static_cast<CUfunction>(function)));
  void* extra[] = {reinterpret_cast<void*>(kLaunchParamBufferPointer), const_cast<void*>(buffer),
                   reinterpret_cast<void*>(kLaunchParamBufferSize), &bytes,
                   reinterpret_cast<void*>(kLaunchParamEnd)};
  return check(api_->cuLaunchKernel(static_cast<CUfunction>(function), c.grid.x, c.grid.y,
                                    c.grid.z, c.block.x, c.block.y, c.block.z,
                                    c.sharedMemBytes, asStream(c.stream), nullptr, extra),
               "cuLaunchKernel (packed arguments)");
}

Status CudaBackend::launchCooperative(int device, NativeFunction function, const LaunchConfig& c,
                                    void** args) {
  if (api_->cuLaunchCooperativeKernel == nullptr) return hipErrorNotSupported;
  UNIHIP_TRY(makeCurrent(device));
  return check(api_->cuLaunchCooperativeKernel(static_cast<CUfunction>(function), c.grid.x,
                                               c.grid.y, c.grid.z, c.block.x, c.block.y,
                                               c.block.z, c.sharedMemBytes, asStream(c.stream),
                                               args),
               "cuLaunchCooperativeKernel");
}

Status CudaBackend::occupancyMaxActiveBlocks(int device, NativeFunction function, int blockSize,
                                           size_t dynamicShared, unsigned int flags,
                                           int* numBlocks) {
  if (api_->cuOccupancyMaxActiveBlocksPerMultiprocessorWithFlags == nullptr)
    return hipErrorNotSupported;
  UNIHIP_TRY(makeCurrent(device));
  return check(api_->cuOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(
                   numBlocks, static_cast<CUfunction>(function), blockSize, dynamicShared,
                   flags),
               "cuOccupancyMaxActiveBlocksPerMultiprocessorWithFlags");
}

Status CudaBackend::occupancyMaxPotentialBlockSize(int device, NativeFunction function,
                                                 size_t dynamicShared, int blockSizeLimit,
                                                 unsigned int flags, int* gridSize,
                                                 int* blockSize) {
  if (api_->cuOccupancyMaxPotentialBlockSizeWithFlags == nullptr) return hipErrorNotSupported;
  UNIHIP_TRY(makeCurrent(device));
  return check(api_->cuOccupancyMaxPotentialBlockSizeWithFlags(
                   gridSize, blockSize, static_cast<CUfunction>(function), nullptr,
                   dynamicShared, blockSizeLimit, flags),
               "cuOccupancyMaxPotentialBlockSizeWithFlags");
}

Status CudaBackend::occupancyMaxPotentialClusterSize(int device, NativeFunction function,
                                                   const hipLaunchConfig_t& config, NativeStream stream,
                                                   int* clusterSize) {
  return cudaClusterOccupancy(*this, device, static_cast<CUfunction>(function), config,
                              asStream(stream), true, clusterSize);
}

Status CudaBackend::occupancyMaxActiveClusters(int device, NativeFunction function,
                                             const hipLaunchConfig_t& config, NativeStream stream,
                                             int* numClusters) {
  return cudaClusterOccupancy(*this, device, static_cast<CUfunction>(function), config,
                              asStream(stream), false, numClusters);
}

Status CudaBackend::occupancyAvailableDynamicShared(int device, NativeFunction function, int numBlocks,
                                                  int blockSize, size_t* bytes) {
  if (api_->cuOccupancyAvailableDynamicSMemPerBlock == nullptr) return hipErrorNotSupported;
  UNIHIP_TRY(makeCurrent(device));
  return check(api_->cuOccupancyAvailableDynamicSMemPerBlock(
                   bytes, static_cast<CUfunction>(function), numBlocks, blockSize),
               "cuOccupancyAvailableDynamicSMemPerBlock");
}

}  // namespace unihip::cuda_backend
