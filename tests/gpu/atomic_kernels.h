// Launch wrappers around atomic_kernels.hip: atomicExch_system chains that host threads join
// (hip-tests' atomicExch_system Host_And_GPU) and float/double atomicMin/Max on special values
// and under same-address contention (test_atomics_extra.cpp). All asynchronous on `stream`.
#pragma once

#include <hip/hip_runtime_api.h>

// Thread t of blocks x threads makes `rounds` exchanges: round r puts width + t * rounds + r
// into mem[(t + r) % width] with atomicExch_system and writes what it got to
// olds[t * rounds + r].
#define UNIHIP_EXCHANGE_CHAIN_LAUNCH(T)                                            \
  hipError_t launchExchangeChain(T* mem, T* olds, unsigned width, unsigned rounds, \
                                 unsigned blocks, unsigned threads, hipStream_t stream);
UNIHIP_EXCHANGE_CHAIN_LAUNCH(int)
UNIHIP_EXCHANGE_CHAIN_LAUNCH(unsigned int)
UNIHIP_EXCHANGE_CHAIN_LAUNCH(unsigned long)
UNIHIP_EXCHANGE_CHAIN_LAUNCH(unsigned long long)
UNIHIP_EXCHANGE_CHAIN_LAUNCH(float)
UNIHIP_EXCHANGE_CHAIN_LAUNCH(double)
#undef UNIHIP_EXCHANGE_CHAIN_LAUNCH

enum class FpAtomicOp : int { kMin, kMax };
// kDevice: atomicMin/Max; kBlock: atomicMin/Max_block; kSystem: atomicMin/Max_system.
enum class FpAtomicScope : int { kDevice, kBlock, kSystem };

// Thread t of blocks x threads applies `op` at `scope` with vals[t] and writes the value it got
// to olds[t]. kDevice and kSystem act on *word (set by the caller); kBlock on a __shared__ word
// per block that starts as `init` and ends in blockFinals[block] (unused otherwise).
hipError_t launchFpMinMax(float* word, const float* vals, float* olds, float* blockFinals,
                          float init, unsigned blocks, unsigned threads, FpAtomicOp op,
                          FpAtomicScope scope, hipStream_t stream);
hipError_t launchFpMinMax(double* word, const double* vals, double* olds, double* blockFinals,
                          double init, unsigned blocks, unsigned threads, FpAtomicOp op,
                          FpAtomicScope scope, hipStream_t stream);
