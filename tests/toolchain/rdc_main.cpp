// -fgpu-rdc check, host side: runs rdcKernel (rdc_a.cpp) whose device code calls into rdc_b.cpp,
// then reads rdc_b.cpp's __device__ counter through its own kernel, then rdc_a.cpp's static
// kernel overwrites the first 32 results. Exit 77 without a GPU.
#include <hip/hip_runtime.h>

#include <cstdio>
#include <vector>

hipError_t launchRdc(int* out, int n);
hipError_t readRdcCounter(unsigned* out);
hipError_t launchStatic(int* out);

int main() {
  int devices = 0;
  hipError_t err = hipGetDeviceCount(&devices);
  if (err == hipErrorNoDevice || (err == hipSuccess && devices == 0)) {
    std::printf("rdc: SKIPPED: no GPU (%s)\n", hipGetErrorName(err));
    return 77;
  }
  const int n = 300;
  int* out = nullptr;
  unsigned* counter = nullptr;
  if (hipMalloc(reinterpret_cast<void**>(&out), n * sizeof(int)) != hipSuccess ||
      hipMalloc(reinterpret_cast<void**>(&counter), sizeof(unsigned)) != hipSuccess ||
      launchRdc(out, n) != hipSuccess || readRdcCounter(counter) != hipSuccess) {
    std::printf("rdc: FAILED: setup or launch\n");
    return 1;
  }
  std::vector<int> host(n);
  unsigned count = 0;
  if (hipMemcpy(host.data(), out, n * sizeof(int), hipMemcpyDeviceToHost) != hipSuccess ||
      hipMemcpy(&count, counter, sizeof count, hipMemcpyDeviceToHost) != hipSuccess) {
    std::printf("rdc: FAILED: copy back\n");
    return 1;
  }
  int errors = 0;
  for (int i = 0; i < n; ++i) errors += host[i] != 3 * i + 1;
  if (launchStatic(out) != hipSuccess || hipDeviceSynchronize() != hipSuccess ||
      hipMemcpy(host.data(), out, 32 * sizeof(int), hipMemcpyDeviceToHost) != hipSuccess) {
    std::printf("rdc: FAILED: the static kernel (%s)\n", hipGetErrorName(hipGetLastError()));
    return 1;
  }
  for (int i = 0; i < 32; ++i) errors += host[i] != -7;
  const bool ok = errors == 0 && count == static_cast<unsigned>(n);
  std::printf("rdc: %s (%d mismatches, counter %u of %d)\n", ok ? "PASSED" : "FAILED", errors,
              count, n);
  return ok ? 0 : 1;
}
