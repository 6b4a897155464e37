// Must fail to compile: the toolchain check expects clang's file:line diagnostic and a non-zero
// exit from unihipcc.
#include <hip/hip_runtime.h>

__global__ void broken(int* p) {
  p[threadIdx.x] = not_declared_anywhere;
}
