// Kernels of the device services suite (see device_services_kernels.h).
#include <hip/hip_runtime.h>

#include "device_services_kernels.h"

namespace {

__global__ void servicesPrintf(const char* tag, int* ret) {
  const int t = static_cast<int>(threadIdx.x);
  ret[t] = printf("svc t=%d tag=%s x=%.2f %%\n", t, tag, t / 4.0);
}

__global__ void servicesMalloc(unsigned bytes, int* ok) {
  const int t = static_cast<int>(blockIdx.x * blockDim.x + threadIdx.x);
  auto* p = static_cast<unsigned char*>(malloc(bytes));
  if (p == nullptr) {
    ok[t] = 0;
    return;
  }
  for (unsigned i = 0; i < bytes; ++i) p[i] = static_cast<unsigned char>(t + i);
  int good = 1;
  for (unsigned i = 0; i < bytes; ++i) good &= p[i] == static_cast<unsigned char>(t + i);
  free(p);
  ok[t] = good;
}

}  // namespace

hipError_t launchServicesPrintf(int threads, const char* tag, int* ret) {
  (void)hipGetLastError();
  servicesPrintf<<<1, threads>>>(tag, ret);
  return hipGetLastError();
}

hipError_t launchServicesMalloc(int blocks, int threads, unsigned bytes, int* ok) {
  (void)hipGetLastError();
  servicesMalloc<<<blocks, threads>>>(bytes, ok);
  return hipGetLastError();
}
