// A CUDA source as unihip-nvcc compiles it (toolchain.nvcc, toolchain.cmake_cuda): nvcc's macros
// are there, the kernel is launched with <<<>>>. It uses HIP's API until include/cuda-compat
// provides CUDA's headers (then: cuda_runtime.h, cudaMalloc...). Exit 77 without a GPU.
#include <hip/hip_runtime.h>

#include <cstdio>

#if !defined(__NVCC__) || !defined(__CUDACC__) || __CUDACC_VER_MAJOR__ < 12
#error "unihip-nvcc did not define nvcc's macros"
#endif
#if defined(TINY_RDC) && !defined(__CUDACC_RDC__)
#error "-rdc=true did not define __CUDACC_RDC__"
#endif

__global__ void tinySquare(int* out, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = i * i;
}

int main() {
  int devices = 0;
  hipError_t err = hipGetDeviceCount(&devices);
  if (err == hipErrorNoDevice || (err == hipSuccess && devices == 0)) {
    std::printf("tiny.cu: SKIPPED: no GPU (%s)\n", hipGetErrorName(err));
    return 77;
  }
  const int n = 256;
  int* out = nullptr;
  int host[n] = {};
  if (hipMalloc(reinterpret_cast<void**>(&out), sizeof host) != hipSuccess) {
    std::printf("tiny.cu: FAILED: hipMalloc\n");
    return 1;
  }
  tinySquare<<<(n + 63) / 64, 64>>>(out, n);
  if (hipMemcpy(host, out, sizeof host, hipMemcpyDeviceToHost) != hipSuccess) {
    std::printf("tiny.cu: FAILED: launch or copy\n");
    return 1;
  }
  for (int i = 0; i < n; ++i)
    if (host[i] != i * i) {
      std::printf("tiny.cu: FAILED: out[%d] = %d\n", i, host[i]);
      return 1;
    }
  hipFree(out);
  std::printf("tiny.cu: PASSED\n");
  return 0;
}
