// Helpers shared by the HSA backend tests: an HSA backend over the fake ROCr, reading the code
// objects the build compiled, and capturing unihip's log lines.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "backend.h"

namespace unihip::hsa::test {

// unihip's HSA backend over the fake ROCr library (fails the test when it does not come up).
std::unique_ptr<Backend> fakeBackend();
// `image` (a gfx90a code object) loaded on device 0 of `b` (fails the test when it does not load).
NativeModule loadGfx90aModule(Backend& b, const std::vector<uint8_t>& image);
// While alive, the HIP API runs on one device: an HSA backend over the fake ROCr (current device 0).
struct FakeRuntime {
  FakeRuntime();
  ~FakeRuntime();
  FakeRuntime(const FakeRuntime&) = delete;
  FakeRuntime& operator=(const FakeRuntime&) = delete;
};
// The fake ROCr's counter number `which` (fake_hsa_stats; the numbers are in fake_hsa_runtime.cpp).
int fakeStat(int which);
// Calls the fake ROCr's switch `name` (a fake_hsa_set_* function) with `value`.
void fakeSwitch(const char* name, int value);
// While alive, the fake ROCr has `gpus` GPU agents (1 or 2) and reports SVM support or not;
// back to one GPU without SVM afterwards. Make it before the backend or FakeRuntime.
struct FakeSystem {
  FakeSystem(int gpus, bool svm);
  ~FakeSystem();
  FakeSystem(const FakeSystem&) = delete;
  FakeSystem& operator=(const FakeSystem&) = delete;
};
// Whether an hsa_amd_agents_allow_access call named GPU `gpu` (0 or 1) for the allocation at `ptr`.
bool fakeAllowed(const void* ptr, int gpu);

// Bytes of code_objects/signatures-<variant>.co (fails the test when missing).
std::vector<uint8_t> readCodeObject(const std::string& variant);

// While alive, unihip's log lines (info level and up) go to a ring buffer instead of stderr.
class LogCapture {
 public:
  LogCapture();
  ~LogCapture();
  // All lines captured so far, joined by '\n'.
  std::string text() const;

 private:
  // spdlog stays out of this header: every HSA test includes it.
  struct State;
  std::unique_ptr<State> state_;
};

}  // namespace unihip::hsa::test
