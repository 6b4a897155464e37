// Host code against unihip::host only: the API links and the device count is queried.
#include <hip/hip_runtime.h>

#include <cstdio>

int main() {
  int count = -1;
  hipError_t err = hipGetDeviceCount(&count);
  std::printf("host_only: hipGetDeviceCount -> %s, %d device(s)\n", hipGetErrorName(err), count);
  return (err == hipSuccess || err == hipErrorNoDevice) ? 0 : 1;
}
