// Launch validation against AMD's codes (hip-tests' executionControl/ and module/ negative cases):
// a kernel's own limits (launch bounds, dynamic shared memory) checked before the backend with
// each family's code, and the cooperative launch's codes for zero dimensions and shared memory.
// The fake device has NVIDIA's limits (blocks of 1024 threads, 48 KiB shared memory per block,
// 227 KiB opt-in); with allFunctionAttributes the fake kernel allows 256 threads per block and
// 108 bytes of dynamic shared memory (tests/support/fake_backend.h).
#include <catch2/catch.hpp>

#include "hip/hip_ext.h"
#include "install_fake.h"

using namespace unihip::testing;

const void* scaleHostFunction();

namespace {

constexpr unsigned kDeviceOptin = 227 * 1024;

}  // namespace

// AMD's ihipLaunchKernel_validate: "Launch params ... are larger than launch bounds" is
// hipErrorLaunchFailure from the launch itself, for every family (launchBounds/launch_bounds.cc
// reads it back with hipGetLastError).
TEST_CASE("launch conformance: a block above the kernel's launch bounds is hipErrorLaunchFailure") {
  auto* fake = installFake(1, "gfx90a");
  fake->cooperative = true;
  fake->allFunctionAttributes = true;
  const void* k = scaleHostFunction();
  float x = 1.0f;
  float* px = &x;
  void* args[] = {&px, &x};
  const int before = fake->launches;
  // Within the bounds first: the launch cache then holds this kernel, and must not let a larger
  // block past the full launch's check.
  REQUIRE(hipLaunchKernel(k, dim3(1), dim3(256), args, 0, nullptr) == hipSuccess);
  REQUIRE(hipLaunchKernel(k, dim3(2), dim3(256), args, 0, nullptr) == hipSuccess);
  CHECK(hipLaunchKernel(k, dim3(1), dim3(257), args, 0, nullptr) == hipErrorLaunchFailure);
  CHECK(hipGetLastError() == hipErrorLaunchFailure);
  CHECK(hipLaunchKernel(k, dim3(1), dim3(16, 16, 2), args, 0, nullptr) == hipErrorLaunchFailure);
  CHECK(hipExtLaunchKernel(k, dim3(1), dim3(257), args, 0, nullptr, nullptr, nullptr, 0) ==
        hipErrorLaunchFailure);
  CHECK(hipLaunchCooperativeKernel(k, dim3(1), dim3(257), args, 0, nullptr) ==
        hipErrorLaunchFailure);
  hipFunction_t f = nullptr;
  REQUIRE(hipGetFuncBySymbol(&f, k) == hipSuccess);
  REQUIRE(hipModuleLaunchKernel(f, 1, 1, 1, 256, 1, 1, 0, nullptr, args, nullptr) == hipSuccess);
  CHECK(hipModuleLaunchKernel(f, 1, 1, 1, 257, 1, 1, 0, nullptr, args, nullptr) ==
        hipErrorLaunchFailure);
  CHECK(hipModuleLaunchCooperativeKernel(f, 1, 1, 1, 257, 1, 1, 0, nullptr, args) ==
        hipErrorLaunchFailure);
  CHECK(hipExtModuleLaunchKernel(f, 257, 1, 1, 257, 1, 1, 0, nullptr, args, nullptr) ==
        hipErrorLaunchFailure);
  // Above the device's limit the device's code comes first.
  CHECK(hipLaunchKernel(k, dim3(1), dim3(1025), args, 0, nullptr) == hipErrorInvalidConfiguration);
  CHECK(fake->launches == before + 3);
  fake->allFunctionAttributes = false;
  (void)hipGetLastError();
}

// Shared memory the device allows a block but the kernel may not take: AMD's argument capture
// fails with hipErrorOutOfMemory for hipLaunchKernel and hipExtLaunchKernel
// (executionControl/hipLaunchKernel.cc, hipExtLaunchKernel.cc); the cooperative form reports a
// launch too large (hipLaunchCooperativeKernel.cc), the module API hipErrorInvalidValue
// (module/hipModuleLaunchCooperativeKernel.cc, hip_module_launch_kernel_common.hh).
TEST_CASE("launch conformance: dynamic shared memory past the kernel's limit, each family's code") {
  auto* fake = installFake(1, "gfx90a");
  fake->cooperative = true;
  fake->allFunctionAttributes = true;  // 108 bytes of dynamic shared memory
  const void* k = scaleHostFunction();
  float x = 1.0f;
  float* px = &x;
  void* args[] = {&px, &x};
  hipFunction_t f = nullptr;
  REQUIRE(hipGetFuncBySymbol(&f, k) == hipSuccess);
  const int before = fake->launches;
  REQUIRE(hipLaunchKernel(k, dim3(1), dim3(1), args, 108, nullptr) == hipSuccess);
  CHECK(hipLaunchKernel(k, dim3(1), dim3(1), args, 109, nullptr) == hipErrorOutOfMemory);
  CHECK(hipExtLaunchKernel(k, dim3(1), dim3(1), args, 109, nullptr, nullptr, nullptr, 0) ==
        hipErrorOutOfMemory);
  CHECK(hipLaunchCooperativeKernel(k, dim3(1), dim3(1), args, 109, nullptr) ==
        hipErrorCooperativeLaunchTooLarge);
  CHECK(hipModuleLaunchKernel(f, 1, 1, 1, 1, 1, 1, 109, nullptr, args, nullptr) ==
        hipErrorInvalidValue);
  CHECK(hipModuleLaunchCooperativeKernel(f, 1, 1, 1, 1, 1, 1, 109, nullptr, args) ==
        hipErrorInvalidValue);
  CHECK(hipExtModuleLaunchKernel(f, 1, 1, 1, 1, 1, 1, 109, nullptr, args, nullptr) ==
        hipErrorInvalidValue);
  // More than any block may opt into: the device's check, AMD's hipErrorInvalidValue for
  // hipLaunchKernel, a launch too large for the cooperative form.
  CHECK(hipLaunchKernel(k, dim3(1), dim3(1), args, kDeviceOptin + 1, nullptr) ==
        hipErrorInvalidValue);
  CHECK(hipLaunchCooperativeKernel(k, dim3(1), dim3(1), args, kDeviceOptin + 1, nullptr) ==
        hipErrorCooperativeLaunchTooLarge);
  CHECK(fake->launches == before + 1);
  // Without the kernel's figure the backend's launch has the last word.
  fake->allFunctionAttributes = false;
  CHECK(hipLaunchKernel(k, dim3(1), dim3(1), args, 109, nullptr) == hipSuccess);
  (void)hipGetLastError();
}

// The launch cache holds only the device's limits: a cached kernel whose own limit changed
// (hipFuncSetAttribute) and that the driver then refuses still answers the family's code.
TEST_CASE("launch conformance: a cached kernel past its changed limit gets the family's code") {
  auto* fake = installFake(1, "gfx90a");
  const void* k = scaleHostFunction();
  float x = 1.0f;
  float* px = &x;
  void* args[] = {&px, &x};
  REQUIRE(hipLaunchKernel(k, dim3(1), dim3(512), args, 0, nullptr) == hipSuccess);
  fake->allFunctionAttributes = true;  // the kernel's limit drops to 256 threads
  REQUIRE(hipFuncSetAttribute(k, hipFuncAttributeMaxDynamicSharedMemorySize, 100) == hipSuccess);
  CHECK(hipLaunchKernel(k, dim3(1), dim3(512), args, 0, nullptr) == hipErrorLaunchFailure);
  fake->allFunctionAttributes = false;
  (void)hipGetLastError();
}

// AMD's hipLaunchCooperativeKernel_common and ihipLaunchKernel_validate (kZeroGlobal, kZeroBlock):
// a zero grid or block dimension is hipErrorInvalidConfiguration for the cooperative launch
// (executionControl/hipLaunchCooperativeKernel.cc); hipLaunchKernel keeps hipErrorInvalidValue
// (executionControl/hipLaunchKernel.cc).
TEST_CASE("launch conformance: cooperative zero dimensions are hipErrorInvalidConfiguration") {
  auto* fake = installFake(1, "gfx90a");
  fake->cooperative = true;
  const void* k = scaleHostFunction();
  void* args[2] = {};
  const dim3 zeros[] = {dim3(0, 1, 1), dim3(1, 0, 1), dim3(1, 1, 0)};
  for (const dim3& z : zeros) {
    INFO("zero at " << z.x << "," << z.y << "," << z.z);
    CHECK(hipLaunchCooperativeKernel(k, z, dim3(1), args, 0, nullptr) ==
          hipErrorInvalidConfiguration);
    CHECK(hipLaunchCooperativeKernel(k, dim3(1), z, args, 0, nullptr) ==
          hipErrorInvalidConfiguration);
    CHECK(hipLaunchCooperativeKernel_spt(k, z, dim3(1), args, 0, nullptr) ==
          hipErrorInvalidConfiguration);
    CHECK(hipLaunchKernel(k, z, dim3(1), args, 0, nullptr) == hipErrorInvalidValue);
    CHECK(hipLaunchKernel(k, dim3(1), z, args, 0, nullptr) == hipErrorInvalidValue);
  }
  CHECK(hipLaunchCooperativeKernel(k, dim3(1), dim3(1025), args, 0, nullptr) ==
        hipErrorInvalidConfiguration);
  CHECK(fake->launches == 0);
  (void)hipGetLastError();
}
