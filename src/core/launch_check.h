// Launch geometry validation shared by every launch entry point.
#pragma once

#include <cstdint>

#include "core/status.h"

namespace unihip {

// hipErrorInvalidConfiguration for empty or oversized grids and blocks; hipErrorInvalidValue
// for more dynamic shared memory than a block may opt into.
inline Status checkLaunch(const hipDeviceProp_t& p, const dim3& grid, const dim3& block,
                          size_t sharedMemBytes) {
  if (grid.x == 0 || grid.y == 0 || grid.z == 0 || block.x == 0 || block.y == 0 || block.z == 0)
    return hipErrorInvalidConfiguration;
  if (block.x > static_cast<uint32_t>(p.maxThreadsDim[0]) ||
      block.y > static_cast<uint32_t>(p.maxThreadsDim[1]) ||
      block.z > static_cast<uint32_t>(p.maxThreadsDim[2]) ||
      uint64_t{block.x} * block.y * block.z > static_cast<uint64_t>(p.maxThreadsPerBlock))
    return hipErrorInvalidConfiguration;
  if (grid.x > static_cast<uint32_t>(p.maxGridSize[0]) ||
      grid.y > static_cast<uint32_t>(p.maxGridSize[1]) ||
      grid.z > static_cast<uint32_t>(p.maxGridSize[2]))
    return hipErrorInvalidConfiguration;
  size_t sharedLimit = p.sharedMemPerBlockOptin > p.sharedMemPerBlock ? p.sharedMemPerBlockOptin
                                                                      : p.sharedMemPerBlock;
  if (sharedMemBytes > sharedLimit) return hipErrorInvalidValue;
  return kOk;
}

// hipModuleLaunchKernel's `extra`: exactly {HIP_LAUNCH_PARAM_BUFFER_POINTER, buffer,
// HIP_LAUNCH_PARAM_BUFFER_SIZE, &size, HIP_LAUNCH_PARAM_END}, as AMD's runtime reads it, and not
// together with kernelParams (CUDA's rule; AMD's runtime would ignore `extra` then).
inline Status packedArguments(void** kernelParams, void** extra, const void** buffer,
                              size_t* bytes) {
  if (kernelParams != nullptr) return hipErrorInvalidValue;
  if (extra[0] != HIP_LAUNCH_PARAM_BUFFER_POINTER || extra[2] != HIP_LAUNCH_PARAM_BUFFER_SIZE ||
      extra[3] == nullptr || extra[4] != HIP_LAUNCH_PARAM_END)
    return hipErrorInvalidValue;
  *buffer = extra[1];
  *bytes = *static_cast<const size_t*>(extra[3]);
  if (*buffer == nullptr && *bytes != 0) return hipErrorInvalidValue;
  return kOk;
}

}  // namespace unihip
