// What a thread's last full launch resolved, for its next launch of the same kernel on the same
// stream: <<<>>> and hipLaunchKernel key it by host function (api/hip_launch.cpp),
// hipModuleLaunchKernel by hipFunction_t (api/hip_module.cpp). While the generation
// (core/launch_generation.h) and the current device are unchanged, the kernel lookup, the
// stream's liveness and device, and the native function would all resolve the same again; the
// geometry is checked on every launch. Filled only while no API trace is written: the trace
// state never changes once it is 0, so a launch the cache answers has no trace to write.
#pragma once

#include <cstdint>

#include "core/launch_check.h"
#include "core/launch_generation.h"
#include "base/log.h"
#include "core/runtime.h"

namespace unihip {

struct LaunchCache {
  const void* key;
  hipStream_t stream;
  uint64_t generation;
  const Device* device;
  NativeStream native;
  NativeFunction function;
  int currentDevice;  // null, hipStreamLegacy and hipStreamPerThread follow it

  // True when a launch of `key` on `s` with this geometry may take the cached resolution.
  [[gnu::always_inline]] bool answers(const void* k, hipStream_t s, const dim3& grid,
                                      const dim3& block, size_t sharedMemBytes) const {
    return key == k && stream == s && generation == launchGeneration() &&
           currentDevice == Runtime::currentDevice() &&
           withinLaunchLimits(device->launchLimits, grid, block, sharedMemBytes);
  }
};

// Whether a full launch may fill a cache: no trace is written, and the stream resolved (a
// per-thread stream the backend could not create, null, is asked for again next time).
inline bool mayFillLaunchCache(hipStream_t stream, NativeStream native) {
  return log::g_traceState.load(std::memory_order_relaxed) == 0 &&
         (stream != hipStreamPerThread || native != nullptr);
}

}  // namespace unihip
