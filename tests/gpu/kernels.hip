#include <hip/hip_runtime.h>

#include "kernels.h"

__global__ void vectorAdd(const float* a, const float* b, float* c, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) c[i] = a[i] + b[i];
}

__global__ void writeGeometry(int* out) {
  if (threadIdx.x == 0 && blockIdx.x == 0) out[0] = static_cast<int>(gridDim.x * blockDim.x);
}

__global__ void reverseDynamicShared(int* data, int n) {
  HIP_DYNAMIC_SHARED(int, buffer)
  int t = threadIdx.x;
  if (t < n) buffer[t] = data[t];
  __syncthreads();
  if (t < n) data[t] = buffer[n - 1 - t];
}

__global__ void atomicSum(int* sum, float* fsum, int n) {
  __shared__ int blockTotal;
  if (threadIdx.x == 0) blockTotal = 0;
  __syncthreads();
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    atomicAdd(&blockTotal, i + 1);
    atomicAdd(fsum, 1.0f);
  }
  __syncthreads();
  if (threadIdx.x == 0) atomicAdd(sum, blockTotal);
}

__global__ void coordinates(unsigned* out) {
  unsigned block = blockIdx.x + gridDim.x * (blockIdx.y + gridDim.y * blockIdx.z);
  unsigned thread = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  unsigned index = block * blockDim.x * blockDim.y * blockDim.z + thread;
  out[index] = (blockIdx.x << 24) | (blockIdx.y << 20) | (blockIdx.z << 16) | (threadIdx.x << 8) |
               (threadIdx.y << 4) | threadIdx.z;
}

// The GPU's cycle counter (the suite does not rely on the device library's clock64).
__device__ static long long cycleCounter() {
#if defined(__NVPTX__)
  return __nvvm_read_ptx_sreg_clock64();
#else
  return static_cast<long long>(__builtin_readcyclecounter());
#endif
}

__global__ void spinThenWrite(long long cycles, int* flag, int value) {
  long long start = cycleCounter();
  while (cycleCounter() - start < cycles) {
  }
  *flag = value;
}

__global__ void copyFlag(const int* flag, int* out) { *out = *flag; }

static dim3 blocksFor(int n) { return dim3((n + 255) / 256); }

// The wrappers report a launch's own status through hipGetLastError, so a failure left by an
// earlier call (tests provoke many on purpose) is cleared first.
static void clearStaleError() { (void)hipGetLastError(); }

hipError_t launchVectorAddChevrons(const float* a, const float* b, float* c, int n,
                                   hipStream_t stream) {
  clearStaleError();
  vectorAdd<<<blocksFor(n), 256, 0, stream>>>(a, b, c, n);
  return hipGetLastError();
}

hipError_t launchVectorAddGGL(const float* a, const float* b, float* c, int n,
                              hipStream_t stream) {
  clearStaleError();
  hipLaunchKernelGGL(vectorAdd, blocksFor(n), dim3(256), 0, stream, a, b, c, n);
  return hipGetLastError();
}

hipError_t launchVectorAddArgs(const float* a, const float* b, float* c, int n,
                               hipStream_t stream) {
  void* args[] = {&a, &b, &c, &n};
  return hipLaunchKernel(reinterpret_cast<const void*>(&vectorAdd), blocksFor(n), dim3(256), args,
                         0, stream);
}

hipError_t launchWithGeometry(dim3 grid, dim3 block, size_t shmem, hipStream_t stream, int* out) {
  void* args[] = {&out};
  return hipLaunchKernel(reinterpret_cast<const void*>(&writeGeometry), grid, block, args, shmem,
                         stream);
}

hipError_t launchReverseDynamicShared(int* data, int n) {
  clearStaleError();
  reverseDynamicShared<<<1, 1024, n * sizeof(int)>>>(data, n);
  return hipGetLastError();
}

hipError_t launchAtomicSum(int* sum, float* fsum, int n) {
  clearStaleError();
  atomicSum<<<blocksFor(n), 256>>>(sum, fsum, n);
  return hipGetLastError();
}

hipError_t launchCoordinates(dim3 grid, dim3 block, unsigned* out) {
  clearStaleError();
  coordinates<<<grid, block>>>(out);
  return hipGetLastError();
}

hipError_t launchSpinThenWrite(long long cycles, int* flag, int value, hipStream_t stream) {
  clearStaleError();
  spinThenWrite<<<1, 1, 0, stream>>>(cycles, flag, value);
  return hipGetLastError();
}

hipError_t launchCopyFlag(const int* flag, int* out, hipStream_t stream) {
  clearStaleError();
  copyFlag<<<1, 1, 0, stream>>>(flag, out);
  return hipGetLastError();
}

const void* vectorAddHostFunction() { return reinterpret_cast<const void*>(&vectorAdd); }

__device__ int surfaceValue = 41;

const void* surfaceSymbol() { return reinterpret_cast<const void*>(&surfaceValue); }
