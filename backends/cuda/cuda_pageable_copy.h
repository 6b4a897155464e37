// Large copies between pageable host memory and the device, pipelined through pinned staging
// buffers with the host side copied by several threads (staged_copy.h). The driver's own path
// for pageable memory copies with one thread and reaches 10-20 GB/s; this one approaches the
// link's pinned rate (bench/README.md has the figures).
//
// Thread safety: one engine per device; a copy holds its mutex. A thread that finds the engine
// busy falls back to the driver's path rather than wait.
#pragma once

#include <memory>
#include <mutex>

#include "base/parallel_memcpy.h"
#include "cuda/cuda_driver.h"
#include "cuda/staged_copy.h"

namespace unihip::cu {

class PageableCopyEngine {
 public:
  // Copies below this size keep the driver's path: its latency is lower.
  static constexpr size_t kMinBytes = size_t{4} << 20;

  // Allocates the staging buffers in the current context; nullptr when that fails.
  static std::unique_ptr<PageableCopyEngine> create(const DriverApi& api);

  // False, with nothing copied, when another thread is using the engine.
  bool tryToDevice(CUdeviceptr dst, const void* src, size_t bytes, CUresult* result);
  bool tryToHost(void* dst, CUdeviceptr src, size_t bytes, CUresult* result);
  // At process exit: frees the pinned buffers unless a copy is using them; later copies take
  // the driver's path. The engine itself stays (another thread may still hold it).
  void releaseIfIdle();

 private:
  explicit PageableCopyEngine(const DriverApi& api);

  std::mutex mutex_;
  ParallelMemcpy hostCopy_;
  StagedCopier<DriverApi> copier_;
};

// True for host memory the driver does not know (neither pinned, registered nor managed).
bool isPageableHostMemory(const DriverApi& api, const void* ptr);

}  // namespace unihip::cu
