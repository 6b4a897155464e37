// Teardown while other threads work (issue 17): hipDeviceReset under streams, events and
// launches of other threads, and a fat binary unregistered while another thread launches its
// kernels. Run under TSan by scripts/run-sanitizers.sh ([threads]); the fake backend stands in
// for the vendor. What is checked: no crash, no race, and only HIP's answers for a handle that
// died under the caller (never success for work that was not done).
#include <catch2/catch.hpp>

#include <atomic>
#include <chrono>
#include <fstream>
#include <iterator>
#include <string>
#include <thread>
#include <vector>

#include "api/hip_register.h"
#include "build_files.h"
#include "core/registry.h"
#include "install_fake.h"

using namespace unihip;
using unihip::testing::installFake;

hipError_t launchScale(float* x, float a, dim3 grid, dim3 block, hipStream_t stream);

namespace {

// What a call may answer when another thread reset the device under it.
bool deadHandleAnswer(hipError_t e) {
  return e == hipErrorContextIsDestroyed || e == hipErrorInvalidHandle ||
         e == hipErrorInvalidResourceHandle || e == hipErrorInvalidValue;
}

}  // namespace

TEST_CASE("hipDeviceReset while other threads create, use and destroy streams and events",
          "[threads][teardown]") {
  auto* fake = installFake(1, "gfx90a");
  constexpr int kWorkers = 4;
  std::atomic<bool> stop{false};
  std::atomic<long> completed{0}, unexpected{0};
  std::vector<std::thread> workers;
  for (int t = 0; t < kWorkers; ++t) {
    workers.emplace_back([&] {
      float x = 1.0f;
      while (!stop.load()) {
        hipStream_t s = nullptr;
        hipEvent_t e = nullptr;
        if (hipStreamCreate(&s) != hipSuccess || hipEventCreate(&e) != hipSuccess) {
          ++unexpected;
          break;
        }
        hipError_t steps[] = {launchScale(&x, 1.0f, dim3(1), dim3(1), s), hipEventRecord(e, s),
                              hipStreamSynchronize(s), hipEventSynchronize(e),
                              hipEventDestroy(e), hipStreamDestroy(s)};
        bool allOk = true;
        for (hipError_t r : steps) {
          if (r != hipSuccess) allOk = false;
          if (r != hipSuccess && !deadHandleAnswer(r)) ++unexpected;
        }
        if (allOk) ++completed;
        (void)hipGetLastError();
      }
    });
  }
  int resets = 0;
  for (; resets < 20; ++resets) {
    std::this_thread::sleep_for(std::chrono::milliseconds(2));
    REQUIRE(hipDeviceReset() == hipSuccess);
  }
  stop = true;
  for (auto& w : workers) w.join();
  CHECK(unexpected == 0);
  CHECK(completed > 0);
  // The device still works, and the launches that were reported done reached the backend.
  CHECK(fake->launches >= completed);
  hipStream_t s = nullptr;
  REQUIRE(hipStreamCreate(&s) == hipSuccess);
  float x = 1.0f;
  CHECK(launchScale(&x, 2.0f, dim3(1), dim3(1), s) == hipSuccess);
  CHECK(hipStreamSynchronize(s) == hipSuccess);
  CHECK(hipStreamDestroy(s) == hipSuccess);
  (void)hipGetLastError();
}

TEST_CASE("a fat binary unregistered while another thread launches its kernel",
          "[threads][teardown]") {
  installFake(1, "gfx90a");
  std::ifstream in(unihip::testing::buildFilePath(UNIHIP_TEST_FATBIN), std::ios::binary);
  std::vector<char> bytes{std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
  REQUIRE(bytes.size() > 64);
  std::vector<uint64_t> bundle(bytes.size() / 8 + 1);  // 8-byte aligned, as a linker places it
  std::memcpy(bundle.data(), bytes.data(), bytes.size());
  const FatBinaryWrapper wrapper{kFatBinaryWrapperMagic, 1, bundle.data(), nullptr};
  static char stub;  // the host-side stub a compiler would register for the kernel

  for (int round = 0; round < 10; ++round) {
    void** handle = __hipRegisterFatBinary(&wrapper);
    REQUIRE(handle != nullptr);
    __hipRegisterFunction(handle, &stub, nullptr, "_Z5scalePff", ~0u, nullptr, nullptr, nullptr,
                          nullptr, nullptr);
    std::atomic<bool> registered{true}, started{false};
    std::atomic<long> launched{0}, unexpected{0}, afterUnregister{0};
    std::thread launcher([&] {
      float x = 1.0f, a = 2.0f;
      float* px = &x;  // scale(float* x, float a)
      void* args[] = {&px, &a};
      for (int i = 0; i < 2000; ++i) {
        bool wasRegistered = registered.load();
        hipError_t r = hipLaunchKernel(&stub, dim3(1), dim3(1), args, 0, nullptr);
        started = true;
        if (r == hipSuccess) {
          ++launched;
          if (!wasRegistered) ++afterUnregister;
        } else if (r != hipErrorInvalidDeviceFunction) {
          ++unexpected;
        }
      }
      (void)hipGetLastError();
    });
    while (!started.load()) std::this_thread::yield();
    __hipUnregisterFatBinary(handle);
    registered = false;
    launcher.join();
    CHECK(unexpected == 0);
    CHECK(launched > 0);
    CHECK(afterUnregister == 0);  // a launch that began after the unregistration never succeeds
    CHECK(Registry::get().findKernel(&stub) == nullptr);
  }
  (void)hipGetLastError();
}
