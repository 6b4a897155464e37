// bench_driver: the floor, the CUDA driver API called directly (cuda.h, libcuda).
#pragma once

#include <cuda.h>

#include <cstdio>
#include <cstdlib>

#include "cu_check.h"

namespace bench {

// The primary context of device 0, made current on the calling thread.
CUcontext driverContext();
// driver_memory.cpp: the same copy, memset and malloc/free figures as runtime/memory_bench.cpp.
void driverMemoryBenchmarks(size_t maxCopyBytes);

}  // namespace bench
