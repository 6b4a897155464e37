// HIP 7's declarations and behaviour changes that are not one family's (docs/hip-version.md):
// the version macros, the changed signatures, hipMemsetParams' field order, the launch codes.
// The families' own changes are tested with them (last errors: test_device_basics.cpp, pointer
// attributes: test_unified_memory.cpp, hipFree/hipFreeAsync: test_mempool.cpp).
#include <catch2/catch.hpp>

#include <cstddef>
#include <type_traits>

#include <hip/hiprtc.h>

#include "api_cases.h"
#include "install_fake.h"

using namespace unihip::testing;

TEST_CASE("hip7: the version is HIP 7.16 everywhere it is reported", "[hip7]") {
  STATIC_REQUIRE(HIP_VERSION_MAJOR == 7);
  STATIC_REQUIRE(HIP_VERSION_MINOR == 16);
  STATIC_REQUIRE(HIP_VERSION == 71600000);
  installFake();
  int v = 0;
  REQUIRE(hipRuntimeGetVersion(&v) == hipSuccess);
  CHECK(v == HIP_VERSION);
  v = 0;
  REQUIRE(hipDriverGetVersion(&v) == hipSuccess);
  CHECK(v == HIP_VERSION);  // AMD's runtime answers HIP_VERSION for the driver too
  CHECK(hipRuntimeGetVersion(nullptr) == hipErrorInvalidValue);
  CHECK(hipDriverGetVersion(nullptr) == hipErrorInvalidValue);
  (void)hipGetLastError();
}

TEST_CASE("hip7: the signatures AMD's HIP 7 headers changed", "[hip7]") {
  STATIC_REQUIRE(std::is_same_v<decltype(&hipMemcpyHtoD),
                                hipError_t (*)(hipDeviceptr_t, void*, size_t)>);
  STATIC_REQUIRE(std::is_same_v<decltype(&hipMemcpyHtoDAsync),
                                hipError_t (*)(hipDeviceptr_t, void*, size_t, hipStream_t)>);
  STATIC_REQUIRE(std::is_same_v<decltype(&hipCtxGetApiVersion),
                                hipError_t (*)(hipCtx_t, unsigned int*)>);
  STATIC_REQUIRE(std::is_same_v<decltype(&hiprtcCompileProgram),
                                hiprtcResult (*)(hiprtcProgram, int, const char* const*)>);
  STATIC_REQUIRE(std::is_same_v<decltype(&hiprtcCreateProgram),
                                hiprtcResult (*)(hiprtcProgram*, const char*, const char*, int,
                                                 const char* const*, const char* const*)>);
}

TEST_CASE("hip7: hipMemsetParams has CUDA's field order", "[hip7][graph]") {
  STATIC_REQUIRE(offsetof(hipMemsetParams, dst) == 0);
  STATIC_REQUIRE(offsetof(hipMemsetParams, pitch) == 8);
  STATIC_REQUIRE(offsetof(hipMemsetParams, value) == 16);
  STATIC_REQUIRE(offsetof(hipMemsetParams, elementSize) == 20);
  STATIC_REQUIRE(offsetof(hipMemsetParams, width) == 24);
  STATIC_REQUIRE(offsetof(hipMemsetParams, height) == 32);
  STATIC_REQUIRE(sizeof(hipMemsetParams) == 40);
  // Positional initialisation follows the new order.
  int x = 0;
  hipMemsetParams p = {&x, 64, 7u, 4u, 16, 2};
  CHECK(p.pitch == 64);
  CHECK(p.value == 7u);
  CHECK(p.elementSize == 4u);
  CHECK(p.width == 16);
  CHECK(p.height == 2);
}

TEST_CASE("hip7: launch codes: zero dimensions, oversized blocks, shared memory, bad streams",
          "[hip7][launch]") {
  installFake(1, "gfx90a");
  extern const void* scaleHostFunction();
  const void* k = scaleHostFunction();
  float* x = nullptr;
  float a = 1;
  void* args[] = {&x, &a};
  hipStream_t dead = nullptr;
  REQUIRE(hipStreamCreate(&dead) == hipSuccess);
  REQUIRE(hipStreamDestroy(dead) == hipSuccess);
  checkCases({
      {"zero grid", [&] { return hipLaunchKernel(k, dim3(0), dim3(1), args, 0, nullptr); },
       hipErrorInvalidValue},
      {"zero grid z", [&] { return hipLaunchKernel(k, dim3(1, 1, 0), dim3(1), args, 0, nullptr); },
       hipErrorInvalidValue},
      {"zero block", [&] { return hipLaunchKernel(k, dim3(1), dim3(0), args, 0, nullptr); },
       hipErrorInvalidValue},
      {"zero block, per-thread",
       [&] { return hipLaunchKernel_spt(k, dim3(1), dim3(1, 0), args, 0, nullptr); },
       hipErrorInvalidValue},
      {"too many threads", [&] { return hipLaunchKernel(k, dim3(1), dim3(2048), args, 0, nullptr); },
       hipErrorInvalidConfiguration},
      {"too much shared memory",
       [&] { return hipLaunchKernel(k, dim3(1), dim3(1), args, 1 << 24, nullptr); },
       hipErrorInvalidValue},
      {"destroyed stream", [&] { return hipLaunchKernel(k, dim3(1), dim3(1), args, 0, dead); },
       hipErrorContextIsDestroyed},
  });
  (void)hipGetLastError();
}
