// main() of the startup benchmark programs (startup_unihip, startup_cudart). Prints
//   startup_ns=<process start to first kernel completion> static_init_ns=<static constructors>
// Process start is BENCH_T0_NS, the CLOCK_MONOTONIC time bench_startup_runner read just before
// fork+exec. Static construction runs from the earliest constructor of this executable (priority
// 101) to main(): there clang's and nvcc's module constructors register every kernel.
#include <time.h>

#include <cstdint>
#include <string>

#include "gpu_api.h"

void startup_launch_0(float* p, int n);  // defined in generated unit 0

namespace {

uint64_t monotonicNs() {
  timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return static_cast<uint64_t>(ts.tv_sec) * 1000000000ull + static_cast<uint64_t>(ts.tv_nsec);
}

uint64_t g_earliest = 0;
__attribute__((constructor(101))) void markEarliest() { g_earliest = monotonicNs(); }

}  // namespace

int main() {
  uint64_t atMain = monotonicNs();
  startup_launch_0(nullptr, 0);
  if (gpuGetLastError() != gpuSuccess) {
    int count = 0;
    if (gpuGetDeviceCount(&count) != gpuSuccess || count == 0) {
      std::fprintf(stderr, "startup benchmark (%s): no GPU\n", BENCH_IMPL);
      return 77;
    }
    std::fprintf(stderr, "startup benchmark (%s): the first launch failed\n", BENCH_IMPL);
    return 1;
  }
  GPU_CHECK(gpuDeviceSynchronize());
  uint64_t done = monotonicNs();
  const char* t0 = std::getenv("BENCH_T0_NS");
  if (t0 == nullptr) {
    std::fprintf(stderr, "startup benchmark: run through bench_startup_runner (BENCH_T0_NS)\n");
    return 2;
  }
  std::printf("startup_ns=%llu static_init_ns=%llu\n",
              static_cast<unsigned long long>(done - std::stoull(t0)),
              static_cast<unsigned long long>(atMain - g_earliest));
  return 0;
}
