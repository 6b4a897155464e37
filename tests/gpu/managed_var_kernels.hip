// __managed__ variables used by kernels and host code (test_managed_vars.cpp).
#include <hip/hip_runtime.h>

#include "managed_var_kernels.h"

__managed__ int managedScalar = 5;
__managed__ float managedArray[4] = {1.0f, 2.0f, 3.0f, 4.0f};

namespace {
constexpr int kScalarInitial = 5;
}

__global__ void managedUpdate(int* out) {
  out[0] = managedScalar;
  managedScalar += 1;
  for (int i = 0; i < 4; ++i) managedArray[i] *= 2.0f;
}

__global__ void managedAtomicAdd(int value, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) atomicAdd(&managedScalar, value);
}

int* managedScalarAddress() { return &managedScalar; }
float* managedArrayAddress() { return managedArray; }
int managedScalarInitial() { return kScalarInitial; }

hipError_t launchManagedUpdate(int* out, hipStream_t stream) {
  (void)hipGetLastError();
  managedUpdate<<<1, 1, 0, stream>>>(out);
  return hipGetLastError();
}

hipError_t launchManagedAtomicAdd(int value, int n, hipStream_t stream) {
  (void)hipGetLastError();
  managedAtomicAdd<<<(n + 255) / 256, 256, 0, stream>>>(value, n);
  return hipGetLastError();
}
