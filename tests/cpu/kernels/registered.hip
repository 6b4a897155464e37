// Kernels whose fat binary the CPU tests register through clang's real host-side ABI. Built
// without hip_runtime.h on purpose: only the registration ABI is under test here.
#include "hip/hip_runtime_api.h"

#define __global__ __attribute__((global))
#define __device__ __attribute__((device))

#if defined(__UNIHIP_CUDA_MODE__) /* clang CUDA mode: hip_common.h then defines __HIP__ */
// clang's CUDA front end parses <<<>>> in host code against this declaration.
extern "C" int cudaConfigureCall(dim3 grid, dim3 block, size_t shmem = 0, void* stream = 0);
#else
extern "C" hipError_t __hipPushCallConfiguration(dim3 grid, dim3 block, size_t shmem,
                                                 hipStream_t stream);
#endif

__global__ void scale(float* x, float a) { x[0] *= a; }
__global__ void addOne(int* p) { *p += 1; }
__device__ int deviceCounter;
// clang's HIP mode registers it with __hipRegisterManagedVar (CUDA mode ignores the attribute).
__attribute__((managed)) int managedCounter = 42;

hipError_t launchScale(float* x, float a, dim3 grid, dim3 block, hipStream_t stream) {
  scale<<<grid, block, 0, stream>>>(x, a);
  return hipGetLastError();
}
const void* scaleHostFunction() { return reinterpret_cast<const void*>(&scale); }
const void* addOneHostFunction() { return reinterpret_cast<const void*>(&addOne); }
void* deviceCounterHostAddress() { return &deviceCounter; }
int* managedCounterAddress() { return &managedCounter; }
