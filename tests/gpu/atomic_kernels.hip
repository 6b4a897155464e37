// See atomic_kernels.h.
#include <hip/hip_runtime.h>

#include "atomic_kernels.h"

namespace {

template <typename T>
__global__ void exchangeChain(T* mem, T* olds, unsigned width, unsigned rounds) {
  const unsigned t = blockIdx.x * blockDim.x + threadIdx.x;
  for (unsigned r = 0; r < rounds; ++r) {
    const unsigned i = t * rounds + r;
    olds[i] = atomicExch_system(mem + (t + r) % width, static_cast<T>(width + i));
  }
}

template <typename T>
__device__ T applyFp(T* word, T value, FpAtomicOp op, FpAtomicScope scope) {
  const bool min = op == FpAtomicOp::kMin;
  switch (scope) {
    case FpAtomicScope::kBlock:
      return min ? atomicMin_block(word, value) : atomicMax_block(word, value);
    case FpAtomicScope::kSystem:
      return min ? atomicMin_system(word, value) : atomicMax_system(word, value);
    default:
      return min ? atomicMin(word, value) : atomicMax(word, value);
  }
}

template <typename T>
__global__ void fpMinMax(T* word, const T* vals, T* olds, T* blockFinals, T init, FpAtomicOp op,
                         FpAtomicScope scope) {
  const unsigned t = blockIdx.x * blockDim.x + threadIdx.x;
  if (scope == FpAtomicScope::kBlock) {
    __shared__ T shared;
    if (threadIdx.x == 0) shared = init;
    __syncthreads();
    olds[t] = applyFp(&shared, vals[t], op, scope);
    __syncthreads();
    if (threadIdx.x == 0) blockFinals[blockIdx.x] = shared;
  } else {
    olds[t] = applyFp(word, vals[t], op, scope);
  }
}

}  // namespace

#define UNIHIP_EXCHANGE_CHAIN_LAUNCH(T)                                                            \
  hipError_t launchExchangeChain(T* mem, T* olds, unsigned width, unsigned rounds,                 \
                                 unsigned blocks, unsigned threads, hipStream_t stream) {          \
    hipLaunchKernelGGL(exchangeChain<T>, dim3(blocks), dim3(threads), 0, stream, mem, olds, width, \
                       rounds);                                                                    \
    return hipGetLastError();                                                                      \
  }
UNIHIP_EXCHANGE_CHAIN_LAUNCH(int)
UNIHIP_EXCHANGE_CHAIN_LAUNCH(unsigned int)
UNIHIP_EXCHANGE_CHAIN_LAUNCH(unsigned long)
UNIHIP_EXCHANGE_CHAIN_LAUNCH(unsigned long long)
UNIHIP_EXCHANGE_CHAIN_LAUNCH(float)
UNIHIP_EXCHANGE_CHAIN_LAUNCH(double)
#undef UNIHIP_EXCHANGE_CHAIN_LAUNCH

hipError_t launchFpMinMax(float* word, const float* vals, float* olds, float* blockFinals,
                          float init, unsigned blocks, unsigned threads, FpAtomicOp op,
                          FpAtomicScope scope, hipStream_t stream) {
  hipLaunchKernelGGL(fpMinMax<float>, dim3(blocks), dim3(threads), 0, stream, word, vals, olds,
                     blockFinals, init, op, scope);
  return hipGetLastError();
}
hipError_t launchFpMinMax(double* word, const double* vals, double* olds, double* blockFinals,
                          double init, unsigned blocks, unsigned threads, FpAtomicOp op,
                          FpAtomicScope scope, hipStream_t stream) {
  hipLaunchKernelGGL(fpMinMax<double>, dim3(blocks), dim3(threads), 0, stream, word, vals, olds,
                     blockFinals, init, op, scope);
  return hipGetLastError();
}
