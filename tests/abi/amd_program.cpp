// abi.amd_program: a host program built with AMD's own HIP headers and linked against AMD's
// libamdhip64.so.5 (so its references carry AMD's version nodes), run on unihip. With devices it
// round-trips a buffer; without, each call must give HIP's no-device answer.
#include <hip/hip_runtime_api.h>

#include <cstdio>
#include <cstring>

static int failures = 0;

static void expect(bool ok, const char* what) {
  if (!ok) {
    std::printf("FAILED: %s\n", what);
    ++failures;
  }
}

int main() {
  int count = -1;
  hipError_t status = hipGetDeviceCount(&count);
  std::printf("hipGetDeviceCount: %d (%s), %d devices\n", status, hipGetErrorString(status), count);
  void* device = nullptr;
  if (count > 0) {
    expect(status == hipSuccess, "hipGetDeviceCount succeeds");
    char in[64], out[64] = {};
    for (int i = 0; i < 64; ++i) in[i] = static_cast<char>(i * 3);
    expect(hipMalloc(&device, sizeof in) == hipSuccess, "hipMalloc");
    expect(hipMemcpy(device, in, sizeof in, hipMemcpyHostToDevice) == hipSuccess, "hipMemcpy H2D");
    expect(hipMemcpy(out, device, sizeof in, hipMemcpyDeviceToHost) == hipSuccess, "hipMemcpy D2H");
    expect(std::memcmp(in, out, sizeof in) == 0, "the round trip keeps the data");
    expect(hipFree(device) == hipSuccess, "hipFree");
  } else {
    expect(status == hipErrorNoDevice && count == 0, "hipGetDeviceCount: hipErrorNoDevice, 0");
    expect(std::strcmp(hipGetErrorString(hipErrorNoDevice), "no ROCm-capable device is detected") == 0,
           "hipGetErrorString(hipErrorNoDevice) is HIP's text");
    status = hipMalloc(&device, 64);
    std::printf("hipMalloc: %d (%s)\n", status, hipGetErrorString(status));
    expect(status == hipErrorNoDevice && device == nullptr, "hipMalloc: hipErrorNoDevice");
    char a[8] = "unihip", b[8] = {};
    status = hipMemcpy(b, a, sizeof a, hipMemcpyHostToHost);
    std::printf("hipMemcpy host to host: %d (%s)\n", status, hipGetErrorString(status));
    expect(status == hipErrorNoDevice, "hipMemcpy: hipErrorNoDevice");
  }
  std::printf(failures ? "FAILED\n" : "PASSED\n");
  return failures ? 1 : 0;
}
