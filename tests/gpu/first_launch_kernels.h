// A kernel in a fat binary of its own that no other test launches, so its first launch is the
// one that loads its module (test_streams_events.cpp).
#pragma once

#include <hip/hip_runtime_api.h>

// *p = value, one thread.
hipError_t launchFirstLaunchStore(int* p, int value, hipStream_t stream);
