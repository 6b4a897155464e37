// Managed memory's bookkeeping on AMD (hsa_unified_memory.cpp): whether ROCr offers SVM (HMM:
// the kernel migrates pages, hsa_amd_svm_*), the live managed allocations, and, where it does not,
// unihip's own record of each range's advice and last prefetch so range attributes still answer
// as HIP does.
#pragma once

#include <cstddef>
#include <cstdint>
#include <map>
#include <mutex>

#include "range_map.h"

namespace unihip::hsa {

// What hipMemAdvise and hipMemPrefetchAsync left on a page, kept without SVM. Locations are
// backend ordinals, hipCpuDeviceId (-1) or hipInvalidDeviceId (-2, none).
struct ManagedAdvice {
  bool readMostly = false;
  int preferred = -2;
  int lastPrefetch = -2;
  uint64_t accessedBy = 0;  // bit d: device d; kCpuBit: the host
  static constexpr uint64_t kCpuBit = uint64_t{1} << 63;
};

struct HsaManaged {
  std::once_flag svmOnce;
  bool svm = false;  // ROCr has the SVM API and the system reports SVM support
  std::mutex mutex;  // guards the rest
  // Base -> size; `svm` allocations are system memory mapped by unihip (munmap on free).
  std::map<uintptr_t, size_t> allocations;
  RangeMap<ManagedAdvice> advice;  // page-granular, as ROCr's SVM ranges; without SVM only
};

}  // namespace unihip::hsa
