// AMD's launch codes where a kernel's own limits are passed (hip-tests' launchBounds/,
// executionControl/ and module/ negative cases): a block above __launch_bounds__ is
// hipErrorLaunchFailure, dynamic shared memory past the kernel's limit (no opt-in) is
// hipErrorOutOfMemory for hipLaunchKernel, a launch too large for hipLaunchCooperativeKernel and
// hipErrorInvalidValue for the module API. Nothing runs on such a launch.
#include "gpu_test_support.h"
#include "launch_conformance_kernels.h"

TEST_CASE("a block above the kernel's launch bounds is hipErrorLaunchFailure") {
  DeviceBuffer<int> sum(1);
  HIP_REQUIRE(hipMemset(sum.ptr, 0, sizeof(int)));
  CHECK(launchBoundedChevrons(256, sum.ptr) == hipErrorLaunchFailure);
  void* args[] = {&sum.ptr};
  CHECK(hipLaunchKernel(boundedSumHostFunction(), dim3(1), dim3(129), args, 0, nullptr) ==
        hipErrorLaunchFailure);
  hipFunction_t f = nullptr;
  HIP_REQUIRE(hipGetFuncBySymbol(&f, boundedSumHostFunction()));
  CHECK(hipModuleLaunchKernel(f, 1, 1, 1, 129, 1, 1, 0, nullptr, args, nullptr) ==
        hipErrorLaunchFailure);
  HIP_REQUIRE(launchBoundedChevrons(128, sum.ptr));
  HIP_REQUIRE(hipDeviceSynchronize());
  int v = 0;
  HIP_REQUIRE(hipMemcpy(&v, sum.ptr, sizeof v, hipMemcpyDeviceToHost));
  CHECK(v == 128);
  (void)hipGetLastError();
}

TEST_CASE("shared memory past the kernel's limit gets each family's code") {
  DeviceBuffer<int> sum(1);
  HIP_REQUIRE(hipMemset(sum.ptr, 0, sizeof(int)));
  int perBlock = 0;
  HIP_REQUIRE(hipDeviceGetAttribute(&perBlock, hipDeviceAttributeMaxSharedMemoryPerBlock, 0));
  const unsigned over = static_cast<unsigned>(perBlock) + 1;
  void* args[] = {&sum.ptr};
  const void* k = plainSumHostFunction();
  hipFuncAttributes attr{};
  HIP_REQUIRE(hipFuncGetAttributes(&attr, k));
  if (static_cast<size_t>(attr.maxDynamicSharedSizeBytes) >= over) {
    WARN("this device lets the kernel take more than the per-block figure");
    return;
  }
  CHECK(hipLaunchKernel(k, dim3(1), dim3(1), args, over, nullptr) == hipErrorOutOfMemory);
  CHECK(hipExtLaunchKernel(k, dim3(1), dim3(1), args, over, nullptr, nullptr, nullptr, 0) ==
        hipErrorOutOfMemory);
  hipFunction_t f = nullptr;
  HIP_REQUIRE(hipGetFuncBySymbol(&f, k));
  CHECK(hipModuleLaunchKernel(f, 1, 1, 1, 1, 1, 1, over, nullptr, args, nullptr) ==
        hipErrorInvalidValue);
  int coop = 0;
  HIP_REQUIRE(hipDeviceGetAttribute(&coop, hipDeviceAttributeCooperativeLaunch, 0));
  if (coop) {
    CHECK(hipLaunchCooperativeKernel(k, dim3(1), dim3(1), args, over, nullptr) ==
          hipErrorCooperativeLaunchTooLarge);
    CHECK(hipModuleLaunchCooperativeKernel(f, 1, 1, 1, 1, 1, 1, over, nullptr, args) ==
          hipErrorInvalidValue);
    CHECK(hipLaunchCooperativeKernel(k, dim3(0), dim3(1), args, 0, nullptr) ==
          hipErrorInvalidConfiguration);
  }
  HIP_REQUIRE(hipDeviceSynchronize());
  int v = 1;
  HIP_REQUIRE(hipMemcpy(&v, sum.ptr, sizeof v, hipMemcpyDeviceToHost));
  CHECK(v == 0);
  (void)hipGetLastError();
}
