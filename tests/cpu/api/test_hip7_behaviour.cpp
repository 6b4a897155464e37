// HIP 7's declarations and behaviour changes that are not one family's (docs/hip-version.md):
// the version macros, the changed signatures, hipMemsetParams' field order, the launch codes.
// The families' own changes are tested with them (last errors: test_device_basics.cpp, pointer
// attributes: test_unified_memory.cpp, hipFree/hipFreeAsync: test_mempool.cpp).
#include <catch2/catch.hpp>

#include <cstddef>
#include <functional>
#include <thread>
#include <type_traits>
#include <utility>
#include <vector>

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

TEST_CASE("hip7: hipLaunchCooperativeKernel on an invalid stream is hipErrorInvalidHandle",
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
  CHECK(hipLaunchCooperativeKernel(k, dim3(1), dim3(1), args, 0, dead) == hipErrorInvalidHandle);
  CHECK(hipLaunchCooperativeKernel_spt(k, dim3(1), dim3(1), args, 0, dead) ==
        hipErrorInvalidHandle);
  CHECK(hipGetLastError() == hipErrorInvalidHandle);
}

TEST_CASE("hip7: calls that are unsafe during a capture follow the capture modes",
          "[hip7][capture]") {
  installFake();
  hipStream_t s = nullptr;
  REQUIRE(hipStreamCreate(&s) == hipSuccess);
  hipStreamCaptureStatus status = hipStreamCaptureStatusNone;
  hipGraph_t g = nullptr;
  void* managed = nullptr;
  hipMemPoolProps props{};
  props.allocType = hipMemAllocationTypePinned;
  props.location = {hipMemLocationTypeDevice, 0};
  hipMemPool_t pool = nullptr;
  int x = 0;
  hipStream_t nb = nullptr;  // not the legacy stream, which a capturing stream would join
  REQUIRE(hipStreamCreateWithFlags(&nb, hipStreamNonBlocking) == hipSuccess);
  // Ends a capture that the allowed call itself may have ended (the fake's own refusals).
  auto endAny = [&] {
    g = nullptr;
    (void)hipStreamEndCapture(s, &g);
    if (g != nullptr) REQUIRE(hipGraphDestroy(g) == hipSuccess);
    (void)hipGetLastError();
  };
  const std::vector<std::pair<const char*, std::function<hipError_t()>>> unsafe = {
      {"hipMallocManaged", [&] { return hipMallocManaged(&managed, 64, hipMemAttachGlobal); }},
      {"hipMemAdvise", [&] { return hipMemAdvise(&x, 4, hipMemAdviseSetReadMostly, 0); }},
      {"hipMemPoolCreate", [&] { return hipMemPoolCreate(&pool, &props); }},
      {"hipMemPoolDestroy", [&] { return hipMemPoolDestroy(pool); }},
      {"hipDeviceSetMemPool", [&] { return hipDeviceSetMemPool(0, pool); }},
      {"hipDeviceSetCacheConfig", [&] { return hipDeviceSetCacheConfig(hipFuncCachePreferNone); }},
      {"hipDeviceSetSharedMemConfig",
       [&] { return hipDeviceSetSharedMemConfig(hipSharedMemBankSizeDefault); }},
      {"hipMemcpyWithStream",
       [&] { return hipMemcpyWithStream(&x, &x, 4, hipMemcpyHostToHost, nb); }},
  };
  for (const auto& [name, call] : unsafe) {
    INFO(name);
    // Global (and thread-local) capture in this thread: refused, the capture invalidated.
    for (auto mode : {hipStreamCaptureModeGlobal, hipStreamCaptureModeThreadLocal}) {
      REQUIRE(hipStreamBeginCapture(s, mode) == hipSuccess);
      CHECK(call() == hipErrorStreamCaptureUnsupported);
      REQUIRE(hipStreamIsCapturing(s, &status) == hipSuccess);
      CHECK(status == hipStreamCaptureStatusInvalidated);
      CHECK(hipStreamEndCapture(s, &g) == hipErrorStreamCaptureInvalidated);
    }
    // A relaxed capture allows it, and so does a thread in relaxed mode.
    REQUIRE(hipStreamBeginCapture(s, hipStreamCaptureModeRelaxed) == hipSuccess);
    CHECK(call() != hipErrorStreamCaptureUnsupported);
    endAny();
    REQUIRE(hipStreamBeginCapture(s, hipStreamCaptureModeGlobal) == hipSuccess);
    hipStreamCaptureMode m = hipStreamCaptureModeRelaxed;
    REQUIRE(hipThreadExchangeStreamCaptureMode(&m) == hipSuccess);
    CHECK(call() != hipErrorStreamCaptureUnsupported);
    REQUIRE(hipThreadExchangeStreamCaptureMode(&m) == hipSuccess);
    endAny();
    REQUIRE(hipStreamBeginCapture(s, hipStreamCaptureModeGlobal) == hipSuccess);
    // Another thread's global capture refuses a global-mode thread, not a thread-local one.
    std::thread([&] {
      CHECK(call() == hipErrorStreamCaptureUnsupported);
    }).join();
    CHECK(hipStreamEndCapture(s, &g) == hipErrorStreamCaptureInvalidated);
    REQUIRE(hipStreamBeginCapture(s, hipStreamCaptureModeGlobal) == hipSuccess);
    std::thread([&] {
      hipStreamCaptureMode mine = hipStreamCaptureModeThreadLocal;
      CHECK(hipThreadExchangeStreamCaptureMode(&mine) == hipSuccess);
      CHECK(call() != hipErrorStreamCaptureUnsupported);
    }).join();
    endAny();
    if (managed != nullptr) REQUIRE(hipFree(managed) == hipSuccess);
    managed = nullptr;
    if (pool != nullptr) (void)hipMemPoolDestroy(pool);
    pool = nullptr;
    (void)hipGetLastError();
  }
  // hipEventQuery: only global-mode captures refuse it.
  hipEvent_t e = nullptr;
  REQUIRE(hipEventCreate(&e) == hipSuccess);
  REQUIRE(hipStreamBeginCapture(s, hipStreamCaptureModeThreadLocal) == hipSuccess);
  CHECK(hipEventQuery(e) == hipSuccess);
  REQUIRE(hipStreamEndCapture(s, &g) == hipSuccess);
  REQUIRE(hipGraphDestroy(g) == hipSuccess);
  REQUIRE(hipStreamBeginCapture(s, hipStreamCaptureModeGlobal) == hipSuccess);
  CHECK(hipEventQuery(e) == hipErrorStreamCaptureUnsupported);
  CHECK(hipStreamEndCapture(s, &g) == hipErrorStreamCaptureInvalidated);
  // No capture: nothing refused.
  CHECK(hipEventQuery(e) == hipSuccess);
  CHECK(hipDeviceSetCacheConfig(hipFuncCachePreferNone) == hipSuccess);
  REQUIRE(hipEventDestroy(e) == hipSuccess);
  REQUIRE(hipStreamDestroy(nb) == hipSuccess);
  REQUIRE(hipStreamDestroy(s) == hipSuccess);
  (void)hipGetLastError();
}
