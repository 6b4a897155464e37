// Compiles only with -DUNIHIP_FROM_ENV=1, which the check passes through HIPCC_COMPILE_FLAGS_APPEND.
#if !defined(UNIHIP_FROM_ENV) || UNIHIP_FROM_ENV != 1
#error "HIPCC_COMPILE_FLAGS_APPEND did not reach the compile"
#endif
#include <hip/hip_runtime.h>
__global__ void envKernel(int* p) { *p = UNIHIP_FROM_ENV; }
int main() { return 0; }
