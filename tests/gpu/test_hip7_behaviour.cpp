// HIP 7's behaviour changes on a real device (docs/hip-version.md): hipFree of stream-ordered
// memory does not wait for the device, hipFreeAsync(NULL), pointer attributes of memory HIP does
// not know, the two last-error functions and the launch codes.
#include <chrono>

#include "gpu_test_support.h"
#include "kernels.h"

namespace {

// About 200 ms of GPU time at ~2 GHz: far longer than a hipFree that does not wait.
constexpr long long kSpinCycles = 400'000'000;

}  // namespace

TEST_CASE("hip7: hipFree of pool memory returns before the device's work ends", "[hip7]") {
  int pools = 0;
  HIP_REQUIRE(hipDeviceGetAttribute(&pools, hipDeviceAttributeMemoryPoolsSupported, 0));
  if (pools == 0) {
    WARN("the device has no memory pools");
    return;
  }
  hipStream_t s = nullptr;
  HIP_REQUIRE(hipStreamCreate(&s));  // blocking: the null stream's free waits for it on the GPU
  int* p = nullptr;
  HIP_REQUIRE(hipMallocAsync(reinterpret_cast<void**>(&p), sizeof(int), s));
  HIP_REQUIRE(launchSpinThenWrite(kSpinCycles, p, 42, s));
  REQUIRE(hipStreamQuery(s) == hipErrorNotReady);
  const auto t0 = std::chrono::steady_clock::now();
  HIP_REQUIRE(hipFree(p));
  const double ms =
      std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
  CHECK(hipStreamQuery(s) == hipErrorNotReady);  // the kernel still runs
  CHECK(ms < 50.0);
  HIP_REQUIRE(hipStreamSynchronize(s));
  HIP_REQUIRE(hipDeviceSynchronize());
  HIP_REQUIRE(hipStreamDestroy(s));
  CHECK(hipGetLastError() == hipSuccess);
}

TEST_CASE("hip7: hipFreeAsync(NULL), pointer attributes of unknown memory, last errors",
          "[hip7]") {
  hipStream_t s = nullptr;
  HIP_REQUIRE(hipStreamCreate(&s));
  CHECK(hipFreeAsync(nullptr, s) == hipSuccess);
  int onStack = 0;
  hipPointerAttribute_t attr{};
  CHECK(hipPointerGetAttributes(&attr, &onStack) == hipSuccess);
  CHECK(attr.type == hipMemoryTypeUnregistered);
  CHECK(attr.device == hipInvalidDeviceId);
  CHECK(hipPointerGetAttributes(&attr, nullptr) == hipSuccess);
  CHECK(attr.type == hipMemoryTypeUnregistered);
  CHECK(hipGetLastError() == hipSuccess);

  // A failing launch, then a success: hipGetLastError keeps the failure, hipExtGetLastError has
  // the success.
  const void* k = vectorAddHostFunction();
  void* args[4] = {};
  CHECK(hipLaunchKernel(k, dim3(0), dim3(1), args, 0, s) == hipErrorInvalidValue);
  HIP_CHECK(hipStreamSynchronize(s));
  CHECK(hipExtGetLastError() == hipSuccess);
  CHECK(hipGetLastError() == hipErrorInvalidValue);
  CHECK(hipGetLastError() == hipSuccess);
  CHECK(hipLaunchKernel(k, dim3(1), dim3(4096), args, 0, s) == hipErrorInvalidConfiguration);
  CHECK(hipExtGetLastError() == hipErrorInvalidConfiguration);
  CHECK(hipExtGetLastError() == hipSuccess);
  CHECK(hipGetLastError() == hipErrorInvalidConfiguration);
  HIP_REQUIRE(hipStreamDestroy(s));
  CHECK(hipLaunchKernel(k, dim3(1), dim3(1), args, 0, s) == hipErrorContextIsDestroyed);
  (void)hipGetLastError();
}
