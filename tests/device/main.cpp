// The device-feature suite's entry: skips (exit 77, ctest's SKIP_RETURN_CODE) with a clear
// message when the machine has no GPU; otherwise runs every test case on device 0.
#define CATCH_CONFIG_RUNNER
#include <catch2/catch.hpp>

#include <hip/hip_runtime_api.h>

#include <cstdio>

int main(int argc, char* argv[]) {
  int count = 0;
  hipError_t err = hipGetDeviceCount(&count);
  if (err == hipErrorNoDevice || count == 0) {
    std::printf("unihip device-feature tests: SKIPPED: no GPU found (hipGetDeviceCount: %s)\n",
                hipGetErrorName(err));
    return 77;
  }
  hipDeviceProp_t p;
  if (hipGetDeviceProperties(&p, 0) == hipSuccess)
    std::printf("unihip device-feature tests on %s (%s, warpSize %d, %s backend)\n", p.name,
                p.gcnArchName, p.warpSize, unihipGetDeviceBackendName(0));
  return Catch::Session().run(argc, argv);
}
