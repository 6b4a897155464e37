// Kernels for test_launch_conformance.cpp: one with __launch_bounds__(128), one without.
#pragma once

#include <hip/hip_runtime_api.h>

// boundedSum<<<1, threads>>>(sum); returns hipGetLastError() after it.
hipError_t launchBoundedChevrons(unsigned threads, int* sum);
const void* boundedSumHostFunction();  // __launch_bounds__(128): atomicAdd(sum, 1) per thread
const void* plainSumHostFunction();    // no bounds: atomicAdd(sum, 1) per thread
