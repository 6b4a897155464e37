// Cooperative launches (grid-wide barriers over every resident block) and hipModuleLaunchKernel's
// packed argument buffer, on the device.
#include <vector>

#include "cooperative_kernels.h"
#include "gpu_test_support.h"

namespace {

// The largest grid that can be resident at once for `kernel` with `block` threads.
int residentBlocks(const void* kernel, int block) {
  int perSm = 0, sms = 0;
  HIP_REQUIRE(hipOccupancyMaxActiveBlocksPerMultiprocessor(&perSm, kernel, block, 0));
  HIP_REQUIRE(hipDeviceGetAttribute(&sms, hipDeviceAttributeMultiprocessorCount, 0));
  return perSm * sms;
}

}  // namespace

TEST_CASE("a cooperative launch syncs the whole grid", "[cooperative]") {
  int supported = 0;
  HIP_REQUIRE(hipDeviceGetAttribute(&supported, hipDeviceAttributeCooperativeLaunch, 0));
  REQUIRE(supported == 1);
  const void* k = gridExchangeHostFunction();
  const int block = 128;
  const int blocks = residentBlocks(k, block);
  REQUIRE(blocks > 1);
  int* slots = nullptr;
  int* out = nullptr;
  HIP_REQUIRE(hipMalloc(&slots, blocks * sizeof(int)));
  HIP_REQUIRE(hipMalloc(&out, blocks * sizeof(int)));
  HIP_REQUIRE(hipMemset(out, 0xff, blocks * sizeof(int)));
  int rounds = 50;
  void* args[] = {&slots, &out, &rounds};
  HIP_REQUIRE(hipLaunchCooperativeKernel(k, dim3(blocks), dim3(block), args, 0, nullptr));
  HIP_REQUIRE(hipDeviceSynchronize());
  std::vector<int> host(blocks);
  HIP_REQUIRE(hipMemcpy(host.data(), out, blocks * sizeof(int), hipMemcpyDeviceToHost));
  int wrong = 0;
  for (int b = 0; b < blocks; ++b) wrong += host[b] != rounds * ((b + 1) % blocks);
  CHECK(wrong == 0);

  // The module form, on a stream, and the multi-device form with this one device.
  hipFunction_t f = nullptr;
  HIP_REQUIRE(hipGetFuncBySymbol(&f, k));
  hipStream_t s = nullptr;
  HIP_REQUIRE(hipStreamCreate(&s));
  rounds = 7;
  HIP_REQUIRE(hipMemsetAsync(out, 0, blocks * sizeof(int), s));
  HIP_CHECK(hipModuleLaunchCooperativeKernel(f, blocks, 1, 1, block, 1, 1, 0, s, args));
  HIP_REQUIRE(hipStreamSynchronize(s));
  HIP_REQUIRE(hipMemcpy(host.data(), out, blocks * sizeof(int), hipMemcpyDeviceToHost));
  wrong = 0;
  for (int b = 0; b < blocks; ++b) wrong += host[b] != rounds * ((b + 1) % blocks);
  CHECK(wrong == 0);

  rounds = 3;
  hipLaunchParams lp{};
  lp.func = const_cast<void*>(k);
  lp.gridDim = dim3(blocks);
  lp.blockDim = dim3(block);
  lp.args = args;
  lp.stream = s;
  HIP_REQUIRE(hipMemsetAsync(out, 0, blocks * sizeof(int), s));
  HIP_CHECK(hipLaunchCooperativeKernelMultiDevice(&lp, 1, 0));
  HIP_REQUIRE(hipStreamSynchronize(s));
  HIP_REQUIRE(hipMemcpy(host.data(), out, blocks * sizeof(int), hipMemcpyDeviceToHost));
  wrong = 0;
  for (int b = 0; b < blocks; ++b) wrong += host[b] != rounds * ((b + 1) % blocks);
  CHECK(wrong == 0);

  // More blocks than can be resident: refused, and nothing is left broken.
  CHECK(hipLaunchCooperativeKernel(k, dim3(blocks + 1), dim3(block), args, 0, nullptr) ==
        hipErrorCooperativeLaunchTooLarge);
  CHECK(hipGetLastError() == hipErrorCooperativeLaunchTooLarge);
  CHECK(hipLaunchCooperativeKernel(k, dim3(0), dim3(block), args, 0, nullptr) ==
        hipErrorInvalidConfiguration);  // AMD's cooperative rules: a zero dimension
  (void)hipGetLastError();
  HIP_CHECK(hipStreamDestroy(s));
  HIP_CHECK(hipFree(slots));
  HIP_CHECK(hipFree(out));
}

TEST_CASE("grid_group::is_valid is true in a cooperative launch", "[cooperative]") {
  // Only this direction is asserted: the driver's workspace registers persist on a hardware
  // channel after a cooperative launch, so a later plain launch may see them (CUDA's own
  // is_valid() reads the same registers).
  int* out = nullptr;
  HIP_REQUIRE(hipMalloc(&out, sizeof(int)));
  HIP_REQUIRE(hipMemset(out, 0xff, sizeof(int)));
  int value = -1;
  void* args[] = {&out};
  HIP_REQUIRE(hipLaunchCooperativeKernel(gridIsValidHostFunction(), dim3(2), dim3(32), args, 0,
                                         nullptr));
  HIP_REQUIRE(hipMemcpy(&value, out, sizeof(int), hipMemcpyDeviceToHost));
  CHECK(value == 1);
  HIP_CHECK(hipFree(out));
}

TEST_CASE("hipModuleLaunchKernel with a packed argument buffer (extra)", "[cooperative][extra]") {
  hipFunction_t f = nullptr;
  HIP_REQUIRE(hipGetFuncBySymbol(&f, packedSumHostFunction()));
  int* out = nullptr;
  HIP_REQUIRE(hipMalloc(&out, sizeof(int)));
  struct {  // the kernel's parameters at their natural offsets: 0, 8, 16, 24
    int* out;
    int a;
    double b;
    char c;
  } packed{out, 40, 1.9, 2};
  size_t size = sizeof packed;
  void* extra[] = {HIP_LAUNCH_PARAM_BUFFER_POINTER, &packed, HIP_LAUNCH_PARAM_BUFFER_SIZE, &size,
                   HIP_LAUNCH_PARAM_END};
  // sizeof the struct (32) is padded past the last parameter (25 bytes), as AMD's runtime accepts.
  HIP_REQUIRE(hipModuleLaunchKernel(f, 1, 1, 1, 1, 1, 1, 0, nullptr, nullptr, extra));
  int value = 0;
  HIP_REQUIRE(hipMemcpy(&value, out, sizeof(int), hipMemcpyDeviceToHost));
  CHECK(value == 43);
  size = 25;  // exactly the parameters
  HIP_REQUIRE(hipMemset(out, 0, sizeof(int)));
  HIP_REQUIRE(hipModuleLaunchKernel(f, 1, 1, 1, 1, 1, 1, 0, nullptr, nullptr, extra));
  HIP_REQUIRE(hipMemcpy(&value, out, sizeof(int), hipMemcpyDeviceToHost));
  CHECK(value == 43);
  void* bad[] = {HIP_LAUNCH_PARAM_BUFFER_POINTER, &packed, HIP_LAUNCH_PARAM_END};
  CHECK(hipModuleLaunchKernel(f, 1, 1, 1, 1, 1, 1, 0, nullptr, nullptr, bad) ==
        hipErrorInvalidValue);
  (void)hipGetLastError();
  HIP_CHECK(hipFree(out));
}
