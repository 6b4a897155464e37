#include <hip/hip_cooperative_groups.h>
#include <hip/hip_runtime.h>

#include "cooperative_kernels.h"

namespace cg = cooperative_groups;

__global__ void gridExchange(volatile int* slots, int* out, int rounds) {
  cg::grid_group grid = cg::this_grid();
  const unsigned n = gridDim.x, b = blockIdx.x;
  int sum = 0;
  for (int r = 0; r < rounds; ++r) {
    if (threadIdx.x == 0) slots[b] = r * 100000 + static_cast<int>(b);
    grid.sync();
    if (threadIdx.x == 0) sum += slots[(b + 1) % n] - r * 100000;
    grid.sync();  // nobody overwrites a slot before its reader has read it
  }
  if (threadIdx.x == 0) out[b] = sum;
}

__global__ void gridIsValid(int* out) {
  if (threadIdx.x == 0 && blockIdx.x == 0) *out = cg::this_grid().is_valid() ? 1 : 0;
}

__global__ void packedSum(int* out, int a, double b, char c) {
  *out = a + static_cast<int>(b) + c;
}

const void* gridExchangeHostFunction() { return reinterpret_cast<const void*>(&gridExchange); }
const void* gridIsValidHostFunction() { return reinterpret_cast<const void*>(&gridIsValid); }
const void* packedSumHostFunction() { return reinterpret_cast<const void*>(&packedSum); }
