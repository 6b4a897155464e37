/* A host-only source (no offload language): the runtime and driver headers in C and C++ with the
 * plain host compiler, as a program that calls cudart from .c/.cpp files does. */
#include <cuda_runtime_api.h>
#include <cuda.h>

#if defined(__CUDACC__) || defined(__CUDA_ARCH__)
#error a plain host compiler sees neither __CUDACC__ nor __CUDA_ARCH__
#endif

int host_api(void) {
  void* p = 0;
  cudaError_t e = cudaMalloc(&p, 16);
  cudaEvent_t ev;
  e = cudaEventCreate(&ev);
  cudaStream_t s;
  e = cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking);
  CUdeviceptr d;
  CUresult r = cuMemAlloc(&d, 4);
  return (int)e + (int)r + (CUDART_VERSION == 13000) + (CUDA_VERSION == 13000);
}
