// See first_launch_kernels.h.
#include <hip/hip_runtime.h>

#include "first_launch_kernels.h"

namespace {

__global__ void firstLaunchStore(int* p, int value) { *p = value; }

}  // namespace

hipError_t launchFirstLaunchStore(int* p, int value, hipStream_t stream) {
  hipLaunchKernelGGL(firstLaunchStore, dim3(1), dim3(1), 0, stream, p, value);
  return hipGetLastError();
}
