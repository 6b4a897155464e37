// toolchain.cmake_cuda_toolkit: host C++ compiled by the C++ compiler (not unihip-nvcc) with the
// toolkit's include folder, linked with CUDA::cudart (libunihip under libcudart.so's name).
#include <cuda_runtime.h>

#include <cstdio>

int main() {
  int devices = 0;
  cudaError_t err = cudaGetDeviceCount(&devices);
  if (err != cudaSuccess || devices == 0) {
    std::printf("toolkit_host: SKIPPED: no GPU (%s)\n", cudaGetErrorName(err));
    return 77;
  }
  std::printf("toolkit_host: PASSED (%d devices)\n", devices);
  return 0;
}
