// Shared by the samples: error checks, the no-GPU skip, and the PASSED/FAILED verdict.
// Exit codes: 0 passed, 1 failed, 77 skipped (no GPU; ctest's SKIP_RETURN_CODE).
#pragma once

#include <hip/hip_runtime.h>

#include <cstdio>
#include <cstdlib>

constexpr int kSampleSkipped = 77;

#define SAMPLE_CHECK(call)                                                               \
  do {                                                                                   \
    hipError_t sample_err_ = (call);                                                     \
    if (sample_err_ != hipSuccess) {                                                     \
      std::fprintf(stderr, "%s:%d: %s returned %s: %s\n", __FILE__, __LINE__, #call,     \
                   hipGetErrorName(sample_err_), hipGetErrorString(sample_err_));        \
      std::printf("FAILED\n");                                                           \
      std::exit(1);                                                                      \
    }                                                                                    \
  } while (0)

// Exits with kSampleSkipped when the machine has no GPU; prints the device used otherwise.
inline void skipWithoutGpu(const char* sample) {
  int count = 0;
  hipError_t err = hipGetDeviceCount(&count);
  if (err == hipErrorNoDevice || (err == hipSuccess && count == 0)) {
    std::printf("%s: SKIPPED: no GPU found (hipGetDeviceCount: %s)\n", sample,
                hipGetErrorName(err));
    std::exit(kSampleSkipped);
  }
  SAMPLE_CHECK(err);
  hipDeviceProp_t prop;
  SAMPLE_CHECK(hipGetDeviceProperties(&prop, 0));
  std::printf("%s: device 0 of %d: %s (%s)\n", sample, count, prop.name,
              unihipGetDeviceBackendName(0));
}

// Prints the verdict and returns the exit code.
inline int verdict(bool passed) {
  std::printf("%s\n", passed ? "PASSED" : "FAILED");
  return passed ? 0 : 1;
}
