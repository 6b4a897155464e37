// Device basics, the last-error variant and the linear copy entry points that were implemented
// with the surface: each with its negative cases, on the fake backend and with no device.
#include <cstring>
#include <thread>

#include "api_cases.h"
#include "install_fake.h"

using namespace unihip::testing;

TEST_CASE("hipInit, hipDeviceGet, name, capability, total memory") {
  installFake(2, "gfx90a");
  hipDevice_t dev = -1;
  int major = -1, minor = -1;
  size_t total = 0;
  char name[64];
  char tiny[5];
  checkCases({
      {"hipInit(0)", [] { return hipInit(0); }, hipSuccess},
      {"hipInit flags", [] { return hipInit(1); }, hipErrorInvalidValue},
      {"hipDeviceGet null", [] { return hipDeviceGet(nullptr, 0); }, hipErrorInvalidValue},
      {"hipDeviceGet -1", [&] { return hipDeviceGet(&dev, -1); }, hipErrorInvalidDevice},
      {"hipDeviceGet 2", [&] { return hipDeviceGet(&dev, 2); }, hipErrorInvalidDevice},
      {"hipDeviceGet 1", [&] { return hipDeviceGet(&dev, 1); }, hipSuccess},
      {"capability null major", [&] { return hipDeviceComputeCapability(nullptr, &minor, 0); }, hipErrorInvalidValue},
      {"capability null minor", [&] { return hipDeviceComputeCapability(&major, nullptr, 0); }, hipErrorInvalidValue},
      {"capability bad device", [&] { return hipDeviceComputeCapability(&major, &minor, 7); }, hipErrorInvalidDevice},
      {"capability", [&] { return hipDeviceComputeCapability(&major, &minor, 1); }, hipSuccess},
      {"name null", [&] { return hipDeviceGetName(nullptr, 64, 0); }, hipErrorInvalidValue},
      {"name len 0", [&] { return hipDeviceGetName(name, 0, 0); }, hipErrorInvalidValue},
      {"name len -1", [&] { return hipDeviceGetName(name, -1, 0); }, hipErrorInvalidValue},
      {"name bad device", [&] { return hipDeviceGetName(name, 64, 2); }, hipErrorInvalidDevice},
      {"name", [&] { return hipDeviceGetName(name, 64, 0); }, hipSuccess},
      {"name truncated", [&] { return hipDeviceGetName(tiny, sizeof tiny, 0); }, hipSuccess},
      {"total mem null", [&] { return hipDeviceTotalMem(nullptr, 0); }, hipErrorInvalidValue},
      {"total mem bad device", [&] { return hipDeviceTotalMem(&total, -3); }, hipErrorInvalidDevice},
      {"total mem", [&] { return hipDeviceTotalMem(&total, 0); }, hipSuccess},
  });
  CHECK(dev == 1);
  CHECK(major == 9);
  CHECK(minor == 0);
  CHECK(std::strcmp(name, "unihip fake device") == 0);
  CHECK(std::strcmp(tiny, "unih") == 0);  // cut to fit, always terminated
  CHECK(total == size_t{1} << 30);
}

TEST_CASE("hipSetDeviceFlags / hipGetDeviceFlags: per device, one scheduling mode") {
  installFake(2);
  unsigned flags = 99;
  checkCases({
      {"get null", [] { return hipGetDeviceFlags(nullptr); }, hipErrorInvalidValue},
      {"unknown bit", [] { return hipSetDeviceFlags(0x100); }, hipErrorInvalidValue},
      {"spin + yield", [] { return hipSetDeviceFlags(hipDeviceScheduleSpin | hipDeviceScheduleYield); }, hipErrorInvalidValue},
      {"yield + blocking", [] { return hipSetDeviceFlags(hipDeviceScheduleYield | hipDeviceScheduleBlockingSync); }, hipErrorInvalidValue},
      {"blocking + map host", [] { return hipSetDeviceFlags(hipDeviceScheduleBlockingSync | hipDeviceMapHost); }, hipSuccess},
      {"get", [&] { return hipGetDeviceFlags(&flags); }, hipSuccess},
  });
  CHECK(flags == hipDeviceScheduleBlockingSync);  // AMD keeps the scheduling bits only
  REQUIRE(hipSetDeviceFlags(hipDeviceScheduleYield | hipDeviceMapHost | hipDeviceLmemResizeToMax) ==
          hipSuccess);
  REQUIRE(hipGetDeviceFlags(&flags) == hipSuccess);
  CHECK(flags == hipDeviceScheduleYield);
  REQUIRE(hipSetDeviceFlags(hipDeviceScheduleBlockingSync | hipDeviceMapHost) == hipSuccess);
  // Another device keeps its own flags; the first device's are seen from any thread.
  REQUIRE(hipSetDevice(1) == hipSuccess);
  REQUIRE(hipSetDeviceFlags(hipDeviceScheduleSpin) == hipSuccess);
  REQUIRE(hipGetDeviceFlags(&flags) == hipSuccess);
  CHECK(flags == hipDeviceScheduleSpin);
  REQUIRE(hipSetDevice(0) == hipSuccess);
  REQUIRE(hipGetDeviceFlags(&flags) == hipSuccess);
  CHECK(flags == hipDeviceScheduleBlockingSync);
  REQUIRE(hipSetDeviceFlags(hipDeviceScheduleAuto) == hipSuccess);
}

// hip-tests' hipDeviceReset.cc (Positive_Basic, Positive_Threaded): a reset puts the device's
// flags back to what they were before hipSetDeviceFlags (AMD's Device::Reset resets flags_),
// from any thread, and leaves the other devices' flags alone.
TEST_CASE("hipDeviceReset puts the device flags back to their start value") {
  installFake(2);
  unsigned before = 99, after = 99, other = 99;
  REQUIRE(hipGetDeviceFlags(&before) == hipSuccess);
  REQUIRE(hipSetDevice(1) == hipSuccess);
  REQUIRE(hipSetDeviceFlags(hipDeviceScheduleYield) == hipSuccess);
  REQUIRE(hipSetDevice(0) == hipSuccess);
  REQUIRE(hipSetDeviceFlags(hipDeviceScheduleBlockingSync) == hipSuccess);
  std::thread([] {
    CHECK(hipSetDevice(0) == hipSuccess);
    CHECK(hipDeviceReset() == hipSuccess);
  }).join();
  REQUIRE(hipGetDeviceFlags(&after) == hipSuccess);
  CHECK(after == before);
  REQUIRE(hipSetDevice(1) == hipSuccess);
  REQUIRE(hipGetDeviceFlags(&other) == hipSuccess);
  CHECK(other == hipDeviceScheduleYield);
  REQUIRE(hipSetDeviceFlags(hipDeviceScheduleAuto) == hipSuccess);
  REQUIRE(hipSetDevice(0) == hipSuccess);
}

TEST_CASE("hipCtxCreate's flags are the device's, kept whole (AMD's hipCtxCreate)") {
  installFake(1);
  const unsigned all = hipDeviceScheduleYield | hipDeviceMapHost | hipDeviceLmemResizeToMax;
  hipCtx_t ctx = nullptr;
  CHECK(hipCtxCreate(&ctx, hipDeviceScheduleSpin | hipDeviceScheduleYield, 0) ==
        hipErrorInvalidValue);
  CHECK(hipCtxCreate(&ctx, 0x100, 0) == hipErrorInvalidValue);
  REQUIRE(hipCtxCreate(&ctx, all, 0) == hipSuccess);
  unsigned flags = 0;
  REQUIRE(hipGetDeviceFlags(&flags) == hipSuccess);
  CHECK(flags == all);
  REQUIRE(hipCtxPopCurrent(&ctx) == hipSuccess);
  REQUIRE(hipCtxDestroy(ctx) == hipSuccess);
  REQUIRE(hipSetDeviceFlags(hipDeviceScheduleAuto) == hipSuccess);
}

TEST_CASE("device basics without a device: hipErrorNoDevice") {
  installNoBackend();
  hipDevice_t dev;
  int major, minor;
  size_t total;
  char name[8];
  unsigned flags;
  checkCases({
      {"hipInit", [] { return hipInit(0); }, hipErrorNoDevice},
      {"hipDeviceGet", [&] { return hipDeviceGet(&dev, 0); }, hipErrorNoDevice},
      {"capability", [&] { return hipDeviceComputeCapability(&major, &minor, 0); }, hipErrorNoDevice},
      {"name", [&] { return hipDeviceGetName(name, 8, 0); }, hipErrorNoDevice},
      {"total mem", [&] { return hipDeviceTotalMem(&total, 0); }, hipErrorNoDevice},
      {"set flags", [] { return hipSetDeviceFlags(0); }, hipErrorNoDevice},
      {"get flags", [&] { return hipGetDeviceFlags(&flags); }, hipErrorNoDevice},
  });
}

TEST_CASE("hip7: hipGetLastError keeps the last failure across later successes (CUDA's rule)",
          "[hip7][errors]") {
  installFake();
  (void)hipGetLastError();
  CHECK(hipGetLastError() == hipSuccess);
  CHECK(hipDeviceGet(nullptr, 0) == hipErrorInvalidValue);
  int d = -1;
  CHECK(hipSetDevice(0) == hipSuccess);  // a success does not clear the record
  CHECK(hipGetDevice(&d) == hipSuccess);
  CHECK(hipPeekAtLastError() == hipErrorInvalidValue);
  CHECK(hipGetLastError() == hipErrorInvalidValue);
  CHECK(hipGetLastError() == hipSuccess);  // read once, then reset
  CHECK(hipPeekAtLastError() == hipSuccess);
  // hipErrorNotReady is an answer, not an error.
  hipStream_t s = nullptr;
  REQUIRE(hipStreamCreate(&s) == hipSuccess);
  (void)hipStreamQuery(s);
  CHECK(hipGetLastError() == hipSuccess);
  REQUIRE(hipStreamDestroy(s) == hipSuccess);
}

TEST_CASE("hip7: hipExtGetLastError returns the previous call's answer, success included, and "
          "clears it (HIP 6's hipGetLastError)",
          "[hip7][errors]") {
  installFake();
  (void)hipGetLastError();
  (void)hipExtGetLastError();
  CHECK(hipExtGetLastError() == hipSuccess);
  CHECK(hipDeviceGet(nullptr, 0) == hipErrorInvalidValue);
  CHECK(hipExtGetLastError() == hipErrorInvalidValue);
  CHECK(hipExtGetLastError() == hipSuccess);
  // A later success replaces the failure for hipExtGetLastError, not for hipGetLastError.
  CHECK(hipDeviceGet(nullptr, 0) == hipErrorInvalidValue);
  CHECK(hipSetDevice(0) == hipSuccess);
  CHECK(hipExtGetLastError() == hipSuccess);
  CHECK(hipGetLastError() == hipErrorInvalidValue);
  // hipGetLastError does not touch the last call's answer; hipPeekAtLastError sets it to its own.
  CHECK(hipDeviceGet(nullptr, 0) == hipErrorInvalidValue);
  CHECK(hipGetLastError() == hipErrorInvalidValue);
  CHECK(hipExtGetLastError() == hipErrorInvalidValue);
  CHECK(hipDeviceGet(nullptr, 0) == hipErrorInvalidValue);
  CHECK(hipSetDevice(0) == hipSuccess);
  CHECK(hipPeekAtLastError() == hipErrorInvalidValue);
  CHECK(hipExtGetLastError() == hipErrorInvalidValue);
  (void)hipGetLastError();
  // hipErrorNotReady is the last call's answer too.
  hipStream_t s = nullptr;
  REQUIRE(hipStreamCreate(&s) == hipSuccess);
  const hipError_t q = hipStreamQuery(s);
  CHECK(hipExtGetLastError() == q);
  REQUIRE(hipStreamDestroy(s) == hipSuccess);
  // Per thread.
  CHECK(hipDeviceGet(nullptr, 0) == hipErrorInvalidValue);
  hipError_t other = hipErrorUnknown;
  std::thread([&] { other = hipExtGetLastError(); }).join();
  CHECK(other == hipSuccess);
  CHECK(hipExtGetLastError() == hipErrorInvalidValue);
  (void)hipGetLastError();
}

TEST_CASE("hipMallocHost, hipMemcpyHtoD / DtoH / DtoD") {
  installFake();
  void* host = nullptr;
  void* dev = nullptr;
  void* dev2 = nullptr;
  REQUIRE(hipMallocHost(&host, 64) == hipSuccess);
  REQUIRE(host != nullptr);
  REQUIRE(hipMalloc(&dev, 64) == hipSuccess);
  REQUIRE(hipMalloc(&dev2, 64) == hipSuccess);
  std::memset(host, 0x5a, 64);
  char back[64] = {};
  checkCases({
      {"hipMallocHost null", [] { return hipMallocHost(nullptr, 64); }, hipErrorInvalidValue},
      {"HtoD null dst", [&] { return hipMemcpyHtoD(nullptr, host, 64); }, hipErrorInvalidValue},
      {"HtoD null src", [&] { return hipMemcpyHtoD(dev, nullptr, 64); }, hipErrorInvalidValue},
      {"HtoD empty", [&] { return hipMemcpyHtoD(nullptr, nullptr, 0); }, hipSuccess},
      {"HtoD", [&] { return hipMemcpyHtoD(dev, host, 64); }, hipSuccess},
      {"DtoD null dst", [&] { return hipMemcpyDtoD(nullptr, dev, 64); }, hipErrorInvalidValue},
      {"DtoD null src", [&] { return hipMemcpyDtoD(dev2, nullptr, 64); }, hipErrorInvalidValue},
      {"DtoD", [&] { return hipMemcpyDtoD(dev2, dev, 64); }, hipSuccess},
      {"DtoH null dst", [&] { return hipMemcpyDtoH(nullptr, dev2, 64); }, hipErrorInvalidValue},
      {"DtoH null src", [&] { return hipMemcpyDtoH(back, nullptr, 64); }, hipErrorInvalidValue},
      {"DtoH", [&] { return hipMemcpyDtoH(back, dev2, 64); }, hipSuccess},
  });
  for (char c : back) CHECK(c == 0x5a);
  CHECK(hipFree(dev) == hipSuccess);
  CHECK(hipFree(dev2) == hipSuccess);
  CHECK(hipFreeHost(host) == hipSuccess);
  installNoBackend();
  CHECK(hipMallocHost(&host, 64) == hipErrorNoDevice);
  CHECK(hipMemcpyHtoD(back, back, 4) == hipErrorNoDevice);
  (void)hipGetLastError();
}
