// HIP_VISIBLE_DEVICES / CUDA_VISIBLE_DEVICES: which devices a process sees and in which order,
// against fake backends (the parser alone, then the runtime's ordinals built from it).
#include <catch2/catch.hpp>

#include <cstdlib>
#include <memory>
#include <vector>

#include "core/visible_devices.h"
#include "install_fake.h"

using namespace unihip;
using namespace unihip::testing;

namespace {

std::vector<DeviceUuid> uuids(int n) {
  std::vector<DeviceUuid> u(n);
  for (int i = 0; i < n; ++i) {
    u[i].fill(0);
    u[i][0] = static_cast<uint8_t>(0xa0 + i);
    u[i][15] = static_cast<uint8_t>(i);
  }
  return u;
}

// Sets an environment variable for one scope.
class ScopedEnv {
 public:
  ScopedEnv(const char* name, const char* value) : name_(name) {
    if (const char* old = std::getenv(name)) {
      had_ = true;
      old_ = old;
    }
    if (value != nullptr)
      setenv(name, value, 1);
    else
      unsetenv(name);
  }
  ~ScopedEnv() {
    if (had_)
      setenv(name_, old_.c_str(), 1);
    else
      unsetenv(name_);
  }

 private:
  const char* name_;
  bool had_ = false;
  std::string old_;
};

// The backend-local index of each HIP ordinal after installing `devices` fake devices.
std::vector<int> ordinalsAfterInstall(int devices) {
  auto fake = std::make_unique<FakeBackend>(devices, "gfx90a");
  for (int i = 0; i < devices; ++i) fake->mutableProperties(i).uuid.bytes[0] = char(0xa0 + i);
  std::vector<std::unique_ptr<Backend>> backends;
  backends.push_back(std::move(fake));
  Runtime::get().resetForTesting(std::move(backends));
  std::vector<int> locals;
  for (int i = 0; i < Runtime::get().deviceCount(); ++i) {
    CHECK(Runtime::get().device(i)->ordinal == i);
    locals.push_back(Runtime::get().device(i)->local);
  }
  return locals;
}

}  // namespace

TEST_CASE("visible devices: the list's rules") {
  const auto u = uuids(4);
  using V = std::vector<int>;
  CHECK(visibleDevices("0,1,2,3", u) == V{0, 1, 2, 3});
  CHECK(visibleDevices("2,0", u) == V{2, 0});
  CHECK(visibleDevices(" 3 , 1 ", u) == V{3, 1});
  CHECK(visibleDevices("", u).empty());
  CHECK(visibleDevices("-1", u).empty());
  CHECK(visibleDevices("1,7,0", u) == V{1});    // ends at the first device that does not exist
  CHECK(visibleDevices("1,1,0", u) == V{1});    // or at a repeated one
  CHECK(visibleDevices("1,x,0", u) == V{1});    // or at something that is not a device
  CHECK(visibleDevices("0,", u) == V{0});
  CHECK(visibleDevices("99999999999999", u).empty());
  CHECK(uuidString(u[2]) == "GPU-a2000000-0000-0000-0000-000000000002");
  CHECK(visibleDevices("GPU-a2,GPU-a0000000-0000-0000-0000-000000000000", u) == V{2, 0});
  CHECK(visibleDevices("GPU-a", u).empty());    // a prefix of several UUIDs names none
  CHECK(visibleDevices("GPU-ff", u).empty());
  CHECK(visibleDevices("GPU-", u).empty());
}

TEST_CASE("visible devices: HIP_VISIBLE_DEVICES narrows and reorders the runtime's devices") {
  {
    ScopedEnv cuda("CUDA_VISIBLE_DEVICES", nullptr);
    ScopedEnv hip("HIP_VISIBLE_DEVICES", "2,0");
    CHECK(ordinalsAfterInstall(3) == std::vector<int>{2, 0});
    int n = -1;
    CHECK(hipGetDeviceCount(&n) == hipSuccess);
    CHECK(n == 2);
    CHECK(hipSetDevice(2) == hipErrorInvalidDevice);
    CHECK(hipSetDevice(1) == hipSuccess);
    int device = -1;
    CHECK(hipGetDevice(&device) == hipSuccess);
    CHECK(device == 1);
    // The reverse map: a hidden device has no ordinal.
    Backend* b = Runtime::get().device(0)->backend;
    CHECK(Runtime::get().ordinalOf(b, 2) == 0);
    CHECK(Runtime::get().ordinalOf(b, 0) == 1);
    CHECK(Runtime::get().ordinalOf(b, 1) == -1);
    CHECK(hipSetDevice(0) == hipSuccess);
  }
  {
    ScopedEnv hip("HIP_VISIBLE_DEVICES", "-1");
    CHECK(ordinalsAfterInstall(2).empty());
    int n = -1;
    CHECK(hipGetDeviceCount(&n) == hipErrorNoDevice);
    CHECK(hipSetDevice(0) == hipErrorNoDevice);
  }
  {
    // CUDA_VISIBLE_DEVICES is the driver's business on NVIDIA; unihip applies it only to AMD's
    // devices (as AMD's runtime does), so the fake backend keeps all of its devices.
    ScopedEnv hip("HIP_VISIBLE_DEVICES", nullptr);
    ScopedEnv cuda("CUDA_VISIBLE_DEVICES", "1");
    CHECK(ordinalsAfterInstall(2) == std::vector<int>{0, 1});
  }
  (void)hipGetLastError();
  installFake();
}
