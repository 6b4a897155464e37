// Launch wrappers around the memory pools suites' kernels (pool_kernels.hip), for the pools, IPC
// and virtual memory tests. Each returns the launch's own status.
#pragma once

#include <hip/hip_runtime_api.h>

#include <cstddef>

// p[i] = seed + i for i < n.
hipError_t launchPoolFill(unsigned* p, size_t n, unsigned seed, hipStream_t stream);
// p[i] += 1 for i < n.
hipError_t launchPoolIncrement(unsigned* p, size_t n, hipStream_t stream);
// *wrong += the number of i < n with p[i] != seed + i (atomically; *wrong is not cleared).
hipError_t launchPoolCheck(const unsigned* p, size_t n, unsigned seed, unsigned* wrong,
                           hipStream_t stream);
