// Kernels of the fault, teardown and soak tests (tests/faults): faulting kernels (trap, an
// illegal read, a failing assert), a data transform whose result the host checks, and a
// kernel that keeps the GPU busy.
#include <hip/hip_runtime.h>

#include <assert.h>

#include "fault_kernels.h"

__global__ void trapping(int* never) {
  if (blockIdx.x == 0 && threadIdx.x == 0) __builtin_trap();
  if (never) *never = 1;
}

__global__ void illegalRead(const int* address, int* out) {
  if (blockIdx.x == 0 && threadIdx.x == 0) {
    // volatile: the load must happen even though the value is only stored.
    out[0] = *reinterpret_cast<const volatile int*>(address);
  }
}

__global__ void assertNegative(const int* x, int* out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  assert(x[i] >= 0);
  out[i] = x[i] + 1;
}

__global__ void transform(const uint32_t* in, uint32_t* out, size_t n, uint32_t salt) {
  size_t stride = static_cast<size_t>(gridDim.x) * blockDim.x;
  for (size_t i = static_cast<size_t>(blockIdx.x) * blockDim.x + threadIdx.x; i < n; i += stride)
    out[i] = in[i] * 2654435761u + salt;
}

__global__ void busy(int* out, long long nanoseconds) {
  long long start = wall_clock64();
  while (wall_clock64() - start < nanoseconds) {
  }
  if (threadIdx.x == 0) out[blockIdx.x] = 1;
}

__global__ void aborting(int* never) {
  if (blockIdx.x == 0 && threadIdx.x == 0) abort();
}

hipError_t launchAbort(hipStream_t stream) {
  aborting<<<2, 64, 0, stream>>>(nullptr);
  return hipGetLastError();
}

hipError_t launchTrap(hipStream_t stream) {
  trapping<<<2, 64, 0, stream>>>(nullptr);
  return hipGetLastError();
}
hipError_t launchIllegalRead(const int* address, int* out, hipStream_t stream) {
  illegalRead<<<1, 32, 0, stream>>>(address, out);
  return hipGetLastError();
}
hipError_t launchAssertNegative(const int* x, int* out, int n, hipStream_t stream) {
  assertNegative<<<(n + 63) / 64, 64, 0, stream>>>(x, out, n);
  return hipGetLastError();
}
hipError_t launchTransform(const uint32_t* in, uint32_t* out, size_t n, uint32_t salt,
                           hipStream_t stream) {
  size_t blocks = (n + 255) / 256;
  if (blocks > 1024) blocks = 1024;
  if (blocks == 0) blocks = 1;
  transform<<<static_cast<unsigned>(blocks), 256, 0, stream>>>(in, out, n, salt);
  return hipGetLastError();
}
hipError_t launchBusy(int* out, int blocks, long long nanoseconds, hipStream_t stream) {
  busy<<<blocks, 64, 0, stream>>>(out, nanoseconds);
  return hipGetLastError();
}
const void* transformKernelStub() { return reinterpret_cast<const void*>(&transform); }
