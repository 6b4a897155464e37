// Launch wrappers around the GPU suite's kernels (kernels.hip, built by unihipcc), so the
// Catch2 tests compile with the ordinary host compiler.
#pragma once

#include <hip/hip_runtime_api.h>

// Each launches through the syntax its name says and returns the launch's own status.
hipError_t launchVectorAddChevrons(const float* a, const float* b, float* c, int n,
                                   hipStream_t stream);
hipError_t launchVectorAddGGL(const float* a, const float* b, float* c, int n,
                              hipStream_t stream);
hipError_t launchVectorAddArgs(const float* a, const float* b, float* c, int n,
                               hipStream_t stream);
hipError_t launchWithGeometry(dim3 grid, dim3 block, size_t shmem, hipStream_t stream, int* out);
// Reverses n ints (n <= block size) in dynamic shared memory.
hipError_t launchReverseDynamicShared(int* data, int n);
// Sums 1..n into *sum with atomicAdd (int) and into *fsum (float).
hipError_t launchAtomicSum(int* sum, float* fsum, int n);
// Writes the 3-D coordinates of every thread: out[i] = packed (blockIdx, threadIdx, dims).
hipError_t launchCoordinates(dim3 grid, dim3 block, unsigned* out);
// Spins for about `cycles` GPU clock cycles, then writes `value` to *flag.
hipError_t launchSpinThenWrite(long long cycles, int* flag, int value, hipStream_t stream);
// Copies *flag into *out (to observe ordering between streams).
hipError_t launchCopyFlag(const int* flag, int* out, hipStream_t stream);
// Host-function pointer of a registered kernel, for hipLaunchKernel with a bad geometry.
const void* vectorAddHostFunction();
// A __device__ int the symbol API reads and writes (initial value 41).
const void* surfaceSymbol();
