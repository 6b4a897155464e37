// Launch geometry validation shared by every launch entry point.
#pragma once

#include <cstdint>
#include <cstring>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#include "base/status.h"

namespace unihip {

// HIP 7's codes (AMD's ihipLaunchKernel_validate): hipErrorInvalidValue for a zero grid or block
// dimension and for more dynamic shared memory than a block may opt into;
// hipErrorInvalidConfiguration for oversized grids and blocks.
inline Status checkLaunch(const hipDeviceProp_t& p, const dim3& grid, const dim3& block,
                          size_t sharedMemBytes) {
  if ((grid.x == 0) | (grid.y == 0) | (grid.z == 0) | (block.x == 0) | (block.y == 0) |
      (block.z == 0))
    return hipErrorInvalidValue;
  // `n - 1 >= limit` in unsigned arithmetic rejects 0 (it wraps) and n > limit in one compare.
  // Unsigned results, so that `|` (no short-circuit branches) reads as meant.
  auto outside = [](uint32_t n, int limit) -> unsigned {
    return n - 1u >= static_cast<uint32_t>(limit);
  };
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

// The module API's codes (AMD's hipModuleLaunchKernel and ihipLaunchKernel_validate): a zero or
// oversized dimension, too many threads per block and too much shared memory are all
// hipErrorInvalidValue there (hip-tests' module/hip_module_launch_kernel_common.hh), where the
// runtime API's launches answer hipErrorInvalidConfiguration.
inline Status checkModuleLaunch(const hipDeviceProp_t& p, const dim3& grid, const dim3& block,
                                size_t sharedMemBytes) {
  Status s = checkLaunch(p, grid, block, sharedMemBytes);
  return s == hipErrorInvalidConfiguration ? Status(hipErrorInvalidValue) : s;
}

// hipLaunchCooperativeKernel's codes (AMD's hipLaunchCooperativeKernel_common, its
// kCooperativeLaunchRules and ihipLaunchKernel_validate): a zero grid or block dimension and an
// oversized grid or block are hipErrorInvalidConfiguration; more dynamic shared memory than a block
// may opt into cannot be resident, hipErrorCooperativeLaunchTooLarge.
inline Status checkCooperativeLaunch(const hipDeviceProp_t& p, const dim3& grid, const dim3& block,
                                     size_t sharedMemBytes) {
  Status s = checkLaunch(p, grid, block, sharedMemBytes);
  if (s.ok()) return s;
  if ((grid.x == 0) | (grid.y == 0) | (grid.z == 0) | (block.x == 0) | (block.y == 0) |
      (block.z == 0))
    return hipErrorInvalidConfiguration;
  return s == hipErrorInvalidValue ? Status(hipErrorCooperativeLaunchTooLarge) : s;
}

// One kernel's own limits on one device, below the device's: the threads a block may have (its
// __launch_bounds__; on NVIDIA also what its registers allow) and the dynamic shared memory a
// block may take (CUDA's max dynamic shared size attribute, 48 KiB less the static size until
// hipFuncSetAttribute raises it; on AMD the LDS less the static size). No limit is UINT32_MAX and
// SIZE_MAX.
struct FunctionLimits {
  uint32_t maxThreadsPerBlock = UINT32_MAX;
  size_t maxDynamicShared = SIZE_MAX;
};

// What a launch family answers when a launch passes the device's limits but not the kernel's.
// AMD's ihipLaunchKernel_validate refuses a block larger than the kernel's launch bounds with
// hipErrorLaunchFailure for every family. A kernel whose static and dynamic shared memory do not
// fit fails AMD's argument capture, hipErrorOutOfMemory, for hipLaunchKernel and its forms; the
// cooperative form reports shared memory as a launch too large (kCooperativeLaunchRules), the
// module API every violation as hipErrorInvalidValue (kModuleLaunchRules; CUDA's code too).
struct FunctionLimitCodes {
  hipError_t launchBounds;
  hipError_t sharedMemory;
};
inline constexpr FunctionLimitCodes kRuntimeLaunchCodes{hipErrorLaunchFailure,
                                                        hipErrorOutOfMemory};
inline constexpr FunctionLimitCodes kCooperativeLaunchCodes{hipErrorLaunchFailure,
                                                            hipErrorCooperativeLaunchTooLarge};
inline constexpr FunctionLimitCodes kModuleLaunchCodes{hipErrorLaunchFailure,
                                                       hipErrorInvalidValue};

// After the device's checks (AMD's order): the launch bounds, then the shared memory.
inline Status checkFunctionLimits(const FunctionLimits& f, const dim3& block, size_t sharedMemBytes,
                                  const FunctionLimitCodes& codes) {
  if (uint64_t{block.x} * block.y * block.z > f.maxThreadsPerBlock) return codes.launchBounds;
  if (sharedMemBytes > f.maxDynamicShared) return codes.sharedMemory;
  return kOk;
}

// checkLaunch's limits of one device, laid out for withinLaunchLimits (computed once per device,
// when the runtime adopts it).
struct alignas(16) LaunchLimits {
  // One signed 32-bit lane per dimension, {grid.x, grid.y, block.x, block.y} and {grid.z, block.z,
  // -, -}: (limit - 1) ^ 0x80000000, so that `n - 1 >= limit` (unsigned) becomes
  // `n + 0x7fffffff > bound` (signed), which SSE2 compares four at a time. The unused lanes hold
  // INT32_MAX, which no value exceeds.
  int32_t xy[4];
  int32_t z[4];
  uint64_t maxThreadsPerBlock;
  size_t maxSharedMem;
};

inline LaunchLimits launchLimitsOf(const hipDeviceProp_t& p) {
  // A limit of 0 rejects everything in checkLaunch and has no bound here (it would wrap to
  // accept everything); no launch on such a device ever succeeds, so withinLaunchLimits, which
  // only runs for devices a launch already succeeded on (api/hip_launch.cpp), never sees one.
  auto bound = [](int limit) {
    return static_cast<int32_t>((static_cast<uint32_t>(limit) - 1u) ^ 0x80000000u);
  };
  LaunchLimits l{};
  l.xy[0] = bound(p.maxGridSize[0]);
  l.xy[1] = bound(p.maxGridSize[1]);
  l.xy[2] = bound(p.maxThreadsDim[0]);
  l.xy[3] = bound(p.maxThreadsDim[1]);
  l.z[0] = bound(p.maxGridSize[2]);
  l.z[1] = bound(p.maxThreadsDim[2]);
  l.z[2] = l.z[3] = INT32_MAX;
  l.maxThreadsPerBlock = static_cast<uint64_t>(p.maxThreadsPerBlock);
  l.maxSharedMem = p.sharedMemPerBlockOptin > p.sharedMemPerBlock ? p.sharedMemPerBlockOptin
                                                                   : p.sharedMemPerBlock;
  return l;
}

// checkLaunch(...).ok() for a device whose limits are all non-zero, in one branch-light pass.
inline bool withinLaunchLimits(const LaunchLimits& l, const dim3& grid, const dim3& block,
                               size_t sharedMemBytes) {
  // Same product as checkLaunch: when a dimension is out of range the product may wrap, but the
  // dimension check already fails then.
  const uint64_t threads = uint64_t{block.x} * block.y * block.z;
#if defined(__SSE2__)
  uint64_t gridXY, blockXY;
  std::memcpy(&gridXY, &grid, sizeof gridXY);
  std::memcpy(&blockXY, &block, sizeof blockXY);
  const __m128i bias = _mm_set1_epi32(0x7fffffff);
  const __m128i xy = _mm_unpacklo_epi64(_mm_cvtsi64_si128(static_cast<long long>(gridXY)),
                                        _mm_cvtsi64_si128(static_cast<long long>(blockXY)));
  const __m128i z = _mm_unpacklo_epi32(_mm_cvtsi32_si128(static_cast<int>(grid.z)),
                                       _mm_cvtsi32_si128(static_cast<int>(block.z)));
  const __m128i over = _mm_or_si128(
      _mm_cmpgt_epi32(_mm_add_epi32(xy, bias), _mm_load_si128(reinterpret_cast<const __m128i*>(l.xy))),
      _mm_cmpgt_epi32(_mm_add_epi32(z, bias), _mm_load_si128(reinterpret_cast<const __m128i*>(l.z))));
  const bool dimensionsOk = _mm_movemask_epi8(over) == 0;
#else
  auto inside = [](uint32_t n, int32_t bound) {
    return static_cast<int32_t>(n + 0x7fffffffu) <= bound;
  };
  const bool dimensionsOk = inside(grid.x, l.xy[0]) & inside(grid.y, l.xy[1]) &
                            inside(block.x, l.xy[2]) & inside(block.y, l.xy[3]) &
                            inside(grid.z, l.z[0]) & inside(block.z, l.z[1]);
#endif
  return dimensionsOk && threads <= l.maxThreadsPerBlock && sharedMemBytes <= l.maxSharedMem;
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
