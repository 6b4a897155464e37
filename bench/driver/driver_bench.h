// bench_driver: the floor, the CUDA driver API called directly (cuda.h, libcuda).
#pragma once

#include <cuda.h>

#include <cstdio>
#include <cstdlib>

#define CU_CHECK(expr)                                                                   \
  do {                                                                                   \
    CUresult cu_check_r_ = (expr);                                                       \
    if (cu_check_r_ != CUDA_SUCCESS) {                                                   \
      const char* cu_check_name_ = "unknown";                                            \
      cuGetErrorName(cu_check_r_, &cu_check_name_);                                      \
      std::fprintf(stderr, "bench_driver: %s failed: %s (%d) at %s:%d\n", #expr,         \
                   cu_check_name_, static_cast<int>(cu_check_r_), __FILE__, __LINE__);   \
      std::exit(1);                                                                      \
    }                                                                                    \
  } while (0)

namespace bench {

// The primary context of device 0, made current on the calling thread.
CUcontext driverContext();
// driver_memory.cpp: the same copy, memset and malloc/free figures as runtime/memory_bench.cpp.
void driverMemoryBenchmarks(size_t maxCopyBytes);

}  // namespace bench
