#include <hip/hip_runtime.h>

#include "launch_conformance_kernels.h"

__launch_bounds__(128) __global__ void boundedSum(int* sum) { atomicAdd(sum, 1); }

__global__ void plainSum(int* sum) { atomicAdd(sum, 1); }

hipError_t launchBoundedChevrons(unsigned threads, int* sum) {
  (void)hipGetLastError();
  boundedSum<<<1, threads>>>(sum);
  return hipGetLastError();
}

const void* boundedSumHostFunction() { return reinterpret_cast<const void*>(&boundedSum); }
const void* plainSumHostFunction() { return reinterpret_cast<const void*>(&plainSum); }
