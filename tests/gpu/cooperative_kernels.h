// Kernels of the cooperative-launch and packed-argument tests (cooperative_kernels.hip).
#pragma once

#include <hip/hip_runtime_api.h>

// Host functions of the kernels, for the launch APIs that take one.
// gridExchange(volatile int* slots, int* out, int rounds): every round, each block publishes a
// value, the grid syncs, and each block adds its right neighbour's; out[b] = rounds * ((b+1) % n).
const void* gridExchangeHostFunction();
// gridIsValid(int* out): *out = this_grid().is_valid().
const void* gridIsValidHostFunction();
// packedSum(int* out, int a, double b, char c): *out = a + (int)b + c.
const void* packedSumHostFunction();
