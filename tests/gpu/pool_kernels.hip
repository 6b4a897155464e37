// Kernels of the memory pools, IPC and virtual memory suites (see pool_kernels.h).
#include <hip/hip_runtime.h>

#include "pool_kernels.h"

namespace {

__global__ void poolFill(unsigned* p, size_t n, unsigned seed) {
  const size_t i = blockIdx.x * size_t{blockDim.x} + threadIdx.x;
  if (i < n) p[i] = seed + static_cast<unsigned>(i);
}

__global__ void poolIncrement(unsigned* p, size_t n) {
  const size_t i = blockIdx.x * size_t{blockDim.x} + threadIdx.x;
  if (i < n) p[i] += 1;
}

__global__ void poolCheck(const unsigned* p, size_t n, unsigned seed, unsigned* wrong) {
  const size_t i = blockIdx.x * size_t{blockDim.x} + threadIdx.x;
  if (i < n && p[i] != seed + static_cast<unsigned>(i)) atomicAdd(wrong, 1u);
}

unsigned blocks(size_t n) { return static_cast<unsigned>((n + 255) / 256); }

}  // namespace

hipError_t launchPoolFill(unsigned* p, size_t n, unsigned seed, hipStream_t stream) {
  (void)hipGetLastError();
  poolFill<<<blocks(n), 256, 0, stream>>>(p, n, seed);
  return hipGetLastError();
}

hipError_t launchPoolIncrement(unsigned* p, size_t n, hipStream_t stream) {
  (void)hipGetLastError();
  poolIncrement<<<blocks(n), 256, 0, stream>>>(p, n);
  return hipGetLastError();
}

hipError_t launchPoolCheck(const unsigned* p, size_t n, unsigned seed, unsigned* wrong,
                           hipStream_t stream) {
  (void)hipGetLastError();
  poolCheck<<<blocks(n), 256, 0, stream>>>(p, n, seed, wrong);
  return hipGetLastError();
}
