// Launch geometry validation shared by every launch entry point.
#pragma once

#include <cstdint>

#include "core/status.h"

namespace unihip {

// hipErrorInvalidConfiguration for empty or oversized grids and blocks; hipErrorInvalidValue
// for more dynamic shared memory than a block may opt into.
inline Status checkLaunch(const hipDeviceProp_t& p, const dim3& grid, const dim3& block,
                          size_t sharedMemBytes) {
  // `n - 1 >= limit` in unsigned arithmetic rejects 0 (it wraps) and n > limit in one compare.
  auto outside = [](uint32_t n, int limit) { return n - 1u >= static_cast<uint32_t>(limit); };
  if (outside(block.x, p.maxThreadsDim[0]) | outside(block.y, p.maxThreadsDim[1]) |
      outside(block.z, p.maxThreadsDim[2]) | outside(grid.x, p.maxGridSize[0]) |
      outside(grid.y, p.maxGridSize[1]) | outside(grid.z, p.maxGridSize[2]))
    return hipErrorInvalidConfiguration;
  if (uint64_t{block.x} * block.y * block.z > static_cast<uint64_t>(p.maxThreadsPerBlock))
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
