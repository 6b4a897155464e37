// A failing device assert (its own process: the context is unusable afterwards). Passes when
// the runtime reports an error for the kernel; exit 77 without a GPU.
#include <hip/hip_runtime_api.h>

#include <cstdio>

#include "device_kernels.h"

int main() {
  int count = 0;
  if (hipGetDeviceCount(&count) != hipSuccess || count == 0) {
    std::printf("device assert test: SKIPPED: no GPU\n");
    return 77;
  }
  int* x = nullptr;
  int* out = nullptr;
  const int host[4] = {1, 2, -3, 4};
  if (hipMalloc(reinterpret_cast<void**>(&x), sizeof host) != hipSuccess ||
      hipMalloc(reinterpret_cast<void**>(&out), sizeof host) != hipSuccess ||
      hipMemcpy(x, host, sizeof host, hipMemcpyHostToDevice) != hipSuccess) {
    std::printf("FAILED: setup\n");
    return 1;
  }
  hipError_t launched = launchAssert(x, out, 4);
  hipError_t synced = hipDeviceSynchronize();
  std::printf("launch: %s, synchronize: %s\n", hipGetErrorName(launched), hipGetErrorName(synced));
  if (launched == hipSuccess && synced != hipSuccess) {
    std::printf("PASSED: the failed assertion was reported (%s)\n", hipGetErrorName(synced));
    return 0;
  }
  std::printf("FAILED: the failed assertion went unreported\n");
  return 1;
}
