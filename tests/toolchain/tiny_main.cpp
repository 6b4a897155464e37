// Host-only half of the link check (compiled by unihipcc as plain C++): runs tinyKernel when a
// GPU exists, exits 77 otherwise.
#include <hip/hip_runtime.h>

#include <cstdio>
#include <vector>

hipError_t launchTiny(float* out, unsigned* count, int n);

int main() {
  int devices = 0;
  hipError_t err = hipGetDeviceCount(&devices);
  if (err == hipErrorNoDevice || (err == hipSuccess && devices == 0)) {
    std::printf("tiny: SKIPPED: no GPU (%s)\n", hipGetErrorName(err));
    return 77;
  }
  const int n = 1000;
  float* out = nullptr;
  unsigned* count = nullptr;
  if (hipMalloc(reinterpret_cast<void**>(&out), n * sizeof(float)) != hipSuccess ||
      hipMalloc(reinterpret_cast<void**>(&count), sizeof(unsigned)) != hipSuccess ||
      hipMemset(count, 0, sizeof(unsigned)) != hipSuccess || launchTiny(out, count, n) != hipSuccess) {
    std::printf("tiny: FAILED: setup or launch\n");
    return 1;
  }
  std::vector<float> host(n);
  unsigned done = 0;
  if (hipMemcpy(host.data(), out, n * sizeof(float), hipMemcpyDeviceToHost) != hipSuccess ||
      hipMemcpy(&done, count, sizeof done, hipMemcpyDeviceToHost) != hipSuccess) {
    std::printf("tiny: FAILED: copy back\n");
    return 1;
  }
  int errors = 0;
  for (int i = 0; i < n; ++i) {
    const int block = i / 64, lane = i % 64;
    if (host[i] != static_cast<float>(block * 64 + (63 - lane)) + 1.0f) ++errors;
  }
  std::printf("tiny: %s (%d mismatches, %u of %d counted)\n",
              errors == 0 && done == static_cast<unsigned>(n) ? "PASSED" : "FAILED", errors, done, n);
  return errors == 0 && done == static_cast<unsigned>(n) ? 0 : 1;
}
