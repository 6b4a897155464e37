// HIP semantics of the API layer, checked against a fake backend: bad input gets the HIP error
// code, handles are validated, the last error is per thread.
#include <catch2/catch.hpp>

#include <cstring>
#include <string>
#include <thread>
#include <vector>

#include "api/hip_register.h"
#include "core/registry.h"
#include "install_fake.h"

using namespace unihip::testing;

TEST_CASE("no device: hipGetDeviceCount answers hipErrorNoDevice with a count of 0") {
  installNoBackend();
  int n = -1;
  CHECK(hipGetDeviceCount(&n) == hipErrorNoDevice);
  CHECK(n == 0);
  void* p = nullptr;
  CHECK(hipMalloc(&p, 16) == hipErrorNoDevice);
  CHECK(hipSetDevice(0) == hipErrorNoDevice);
  int d = -1;
  CHECK(hipGetDevice(&d) == hipErrorNoDevice);
  hipStream_t s;
  CHECK(hipStreamCreate(&s) == hipErrorNoDevice);
  CHECK(hipDeviceSynchronize() == hipErrorNoDevice);
  int v = -1;
  CHECK(hipRuntimeGetVersion(&v) == hipSuccess);
  CHECK(v == HIP_VERSION);
  CHECK(hipDriverGetVersion(&v) == hipSuccess);
  CHECK(v == HIP_VERSION);  // AMD's answer, with or without a device
  CHECK(hipGetDeviceCount(nullptr) == hipErrorInvalidValue);
  (void)hipGetLastError();
}

TEST_CASE("device selection and properties") {
  installFake(2);
  int n = 0;
  REQUIRE(hipGetDeviceCount(&n) == hipSuccess);
  CHECK(n == 2);
  CHECK(hipSetDevice(1) == hipSuccess);
  int d = -1;
  CHECK(hipGetDevice(&d) == hipSuccess);
  CHECK(d == 1);
  CHECK(hipSetDevice(2) == hipErrorInvalidDevice);
  CHECK(hipSetDevice(-1) == hipErrorInvalidDevice);
  CHECK(hipGetDevice(nullptr) == hipErrorInvalidValue);
  hipDeviceProp_t p;
  CHECK(hipGetDeviceProperties(nullptr, 0) == hipErrorInvalidValue);
  CHECK(hipGetDeviceProperties(&p, 7) == hipErrorInvalidDevice);
  REQUIRE(hipGetDeviceProperties(&p, 0) == hipSuccess);
  CHECK(std::strcmp(p.name, "unihip fake device") == 0);
  int v = 0;
  CHECK(hipDeviceGetAttribute(&v, hipDeviceAttributeMaxThreadsPerBlock, 0) == hipSuccess);
  CHECK(v == 1024);
  CHECK(hipDeviceGetAttribute(&v, hipDeviceAttributeWarpSize, 1) == hipSuccess);
  CHECK(v == 32);
  CHECK(hipDeviceGetAttribute(nullptr, hipDeviceAttributeWarpSize, 0) == hipErrorInvalidValue);
  CHECK(hipDeviceGetAttribute(&v, static_cast<hipDeviceAttribute_t>(5000), 0) ==
        hipErrorInvalidValue);
  CHECK(hipDeviceGetAttribute(&v, hipDeviceAttributeWarpSize, 9) == hipErrorInvalidDevice);
  CHECK(std::strcmp(unihipGetDeviceBackendName(0), "fake") == 0);
  CHECK(unihipGetDeviceBackendName(9) == nullptr);
  (void)hipGetLastError();
}

TEST_CASE("memory: null pointers, sizes, copy directions, host-allocation flags") {
  installFake();
  void* p = reinterpret_cast<void*>(0x1);
  CHECK(hipMalloc(nullptr, 4) == hipErrorInvalidValue);
  CHECK(hipMalloc(&p, 0) == hipSuccess);
  CHECK(p == nullptr);
  CHECK(hipFree(nullptr) == hipSuccess);
  REQUIRE(hipMalloc(&p, 64) == hipSuccess);
  int src[16], dst[16];
  for (int i = 0; i < 16; ++i) src[i] = i * 3;
  CHECK(hipMemcpy(p, src, sizeof src, hipMemcpyHostToDevice) == hipSuccess);
  CHECK(hipMemcpy(dst, p, sizeof dst, hipMemcpyDeviceToHost) == hipSuccess);
  CHECK(std::memcmp(src, dst, sizeof src) == 0);
  CHECK(hipMemcpy(dst, p, 4, static_cast<hipMemcpyKind>(7)) == hipErrorInvalidMemcpyDirection);
  CHECK(hipMemcpy(nullptr, p, 4, hipMemcpyDeviceToHost) == hipErrorInvalidValue);
  CHECK(hipMemcpy(nullptr, nullptr, 0, hipMemcpyDefault) == hipSuccess);
  CHECK(hipMemcpyAsync(dst, nullptr, 4, hipMemcpyDefault, nullptr) == hipErrorInvalidValue);
  CHECK(hipMemset(p, 0x5a, 64) == hipSuccess);
  CHECK(hipMemcpy(dst, p, 4, hipMemcpyDeviceToHost) == hipSuccess);
  CHECK(static_cast<unsigned>(dst[0]) == 0x5a5a5a5au);
  CHECK(hipMemset(nullptr, 0, 4) == hipErrorInvalidValue);
  CHECK(hipMemsetD32(static_cast<char*>(p) + 1, 0, 1) == hipErrorInvalidValue);
  CHECK(hipFree(p) == hipSuccess);

  void* h = nullptr;
  CHECK(hipHostMalloc(nullptr, 16, 0) == hipErrorInvalidValue);
  CHECK(hipHostMalloc(&h, 16, 0x100) == hipErrorInvalidValue);
  CHECK(hipHostMalloc(&h, 16, hipHostMallocCoherent | hipHostMallocNonCoherent) ==
        hipErrorInvalidValue);
  REQUIRE(hipHostMalloc(&h, 16, hipHostMallocDefault) == hipSuccess);
  CHECK(h != nullptr);
  CHECK(hipHostFree(h) == hipSuccess);
  size_t free = 0, total = 0;
  CHECK(hipMemGetInfo(&free, nullptr) == hipSuccess);  // AMD fills what it is given
  CHECK(hipMemGetInfo(&free, &total) == hipSuccess);
  (void)hipGetLastError();
}

TEST_CASE("streams: flags, destroyed handles, special handles") {
  installFake();
  hipStream_t s = nullptr;
  CHECK(hipStreamCreate(nullptr) == hipErrorInvalidValue);
  CHECK(hipStreamCreateWithFlags(&s, 0x10) == hipErrorInvalidValue);
  REQUIRE(hipStreamCreateWithFlags(&s, hipStreamNonBlocking) == hipSuccess);
  unsigned flags = 0;
  CHECK(hipStreamGetFlags(s, &flags) == hipSuccess);
  CHECK(flags == hipStreamNonBlocking);
  // The null stream: AMD's hipErrorInvalidValue (hip-tests' hipStreamGetFlags.cc); the
  // special handles and the _spt form (null = per-thread) answer the default flags.
  CHECK(hipStreamGetFlags(nullptr, &flags) == hipErrorInvalidValue);
  flags = 7;
  CHECK(hipStreamGetFlags(hipStreamPerThread, &flags) == hipSuccess);
  CHECK(flags == hipStreamDefault);
  CHECK(hipStreamGetFlags_spt(nullptr, &flags) == hipSuccess);
  CHECK(hipStreamQuery(s) == hipSuccess);
  CHECK(hipStreamSynchronize(s) == hipSuccess);
  CHECK(hipStreamDestroy(s) == hipSuccess);
  // Using or destroying it again is detected, as AMD's runtime does.
  CHECK(hipStreamSynchronize(s) == hipErrorContextIsDestroyed);
  CHECK(hipStreamQuery(s) == hipErrorContextIsDestroyed);
  CHECK(hipStreamDestroy(s) == hipErrorContextIsDestroyed);
  int x = 0;
  CHECK(hipMemcpyAsync(&x, &x, 4, hipMemcpyHostToHost, s) == hipErrorContextIsDestroyed);
  CHECK(hipMemsetAsync(&x, 0, 4, s) == hipErrorContextIsDestroyed);
  CHECK(hipStreamDestroy(nullptr) == hipErrorInvalidHandle);
  CHECK(hipStreamDestroy(hipStreamPerThread) == hipErrorInvalidResourceHandle);
  CHECK(hipStreamSynchronize(nullptr) == hipSuccess);
  CHECK(hipStreamSynchronize(hipStreamPerThread) == hipSuccess);

  hipStream_t p = nullptr;
  REQUIRE(hipStreamCreateWithPriority(&p, 0, -100) == hipSuccess);
  int priority = 0;
  CHECK(hipStreamGetPriority(p, &priority) == hipSuccess);
  CHECK(priority == -5);  // clamped to the device's range
  CHECK(hipStreamDestroy(p) == hipSuccess);
  (void)hipGetLastError();
}

TEST_CASE("host callbacks: validation, the user's stream and data reach the callback") {
  installFake();
  hipStream_t s = nullptr;
  REQUIRE(hipStreamCreate(&s) == hipSuccess);
  int hostFnCalls = 0;
  auto count = [](void* p) { ++*static_cast<int*>(p); };
  CHECK(hipLaunchHostFunc(s, count, &hostFnCalls) == hipSuccess);
  CHECK(hipLaunchHostFunc(nullptr, count, &hostFnCalls) == hipSuccess);
  CHECK(hipLaunchHostFunc(hipStreamPerThread, count, &hostFnCalls) == hipSuccess);
  CHECK(hostFnCalls == 3);  // the fake backend runs them at once
  CHECK(hipLaunchHostFunc(s, nullptr, nullptr) == hipErrorInvalidValue);

  struct Seen {
    hipStream_t stream = nullptr;
    hipError_t status = hipErrorUnknown;
    int calls = 0;
  } seen;
  auto record = [](hipStream_t stream, hipError_t status, void* p) {
    auto* seen = static_cast<Seen*>(p);
    seen->stream = stream;
    seen->status = status;
    ++seen->calls;
  };
  CHECK(hipStreamAddCallback(s, record, &seen, 0) == hipSuccess);
  CHECK(seen.calls == 1);
  CHECK(seen.stream == s);  // the user's handle, not the backend's
  CHECK(seen.status == hipSuccess);
  CHECK(hipStreamAddCallback(hipStreamPerThread, record, &seen, 0) == hipSuccess);
  CHECK(seen.stream == hipStreamPerThread);
  CHECK(hipStreamAddCallback(s, record, &seen, 1) == hipErrorInvalidValue);
  CHECK(hipStreamAddCallback(s, nullptr, &seen, 0) == hipErrorInvalidValue);
  CHECK(seen.calls == 2);

  REQUIRE(hipStreamDestroy(s) == hipSuccess);
  CHECK(hipLaunchHostFunc(s, count, &hostFnCalls) == hipErrorContextIsDestroyed);
  CHECK(hipStreamAddCallback(s, record, &seen, 0) == hipErrorContextIsDestroyed);
  CHECK(hostFnCalls == 3);
  CHECK(seen.calls == 2);
  (void)hipGetLastError();
}

TEST_CASE("events: flags, timing, destroyed handles") {
  installFake();
  hipEvent_t a = nullptr, b = nullptr, untimed = nullptr;
  CHECK(hipEventCreate(nullptr) == hipErrorInvalidValue);
  CHECK(hipEventCreateWithFlags(&a, 0x100) == hipErrorInvalidValue);
  CHECK(hipEventCreateWithFlags(&a, hipEventInterprocess) == hipErrorInvalidValue);
  REQUIRE(hipEventCreate(&a) == hipSuccess);
  REQUIRE(hipEventCreate(&b) == hipSuccess);
  REQUIRE(hipEventCreateWithFlags(&untimed, hipEventDisableTiming) == hipSuccess);
  CHECK(hipEventRecord(a, nullptr) == hipSuccess);
  CHECK(hipEventRecord(b, nullptr) == hipSuccess);
  float ms = 0;
  CHECK(hipEventElapsedTime(&ms, a, b) == hipSuccess);
  CHECK(ms == 1.5f);
  CHECK(hipEventElapsedTime(nullptr, a, b) == hipErrorInvalidValue);
  CHECK(hipEventElapsedTime(&ms, nullptr, b) == hipErrorInvalidHandle);
  CHECK(hipEventElapsedTime(&ms, a, untimed) == hipErrorInvalidHandle);
  CHECK(hipEventRecord(nullptr, nullptr) == hipErrorInvalidHandle);
  CHECK(hipEventDestroy(a) == hipSuccess);
  CHECK(hipEventDestroy(a) == hipErrorContextIsDestroyed);  // as AMD's runtime
  CHECK(hipEventRecord(a, nullptr) == hipErrorInvalidHandle);
  CHECK(hipEventSynchronize(a) == hipErrorInvalidHandle);
  CHECK(hipEventQuery(a) == hipErrorInvalidHandle);
  hipStream_t s = nullptr;
  REQUIRE(hipStreamCreate(&s) == hipSuccess);
  CHECK(hipStreamWaitEvent(s, b, 0) == hipSuccess);
  CHECK(hipStreamWaitEvent(s, b, 1) == hipErrorInvalidValue);
  CHECK(hipStreamWaitEvent(s, nullptr, 0) == hipErrorInvalidHandle);
  CHECK(hipStreamDestroy(s) == hipSuccess);
  CHECK(hipEventRecord(b, s) == hipErrorContextIsDestroyed);
  CHECK(hipEventDestroy(b) == hipSuccess);
  CHECK(hipEventDestroy(untimed) == hipSuccess);
  (void)hipGetLastError();
}

TEST_CASE("launch validation") {
  auto* fake = installFake(1, "gfx90a");
  static const char unknown = 0;
  CHECK(hipLaunchKernel(&unknown, dim3(1), dim3(1), nullptr, 0, nullptr) ==
        hipErrorInvalidDeviceFunction);
  CHECK(hipLaunchKernel(nullptr, dim3(1), dim3(1), nullptr, 0, nullptr) ==
        hipErrorInvalidDeviceFunction);
  // A registered kernel (from the clang-built object) for the geometry checks.
  extern const void* scaleHostFunction();
  const void* k = scaleHostFunction();
  float* x = nullptr;
  float a = 1;
  void* args[] = {&x, &a};
  CHECK(hipLaunchKernel(k, dim3(1), dim3(1025), args, 0, nullptr) == hipErrorInvalidConfiguration);
  CHECK(hipLaunchKernel(k, dim3(1), dim3(1, 1, 65), args, 0, nullptr) ==
        hipErrorInvalidConfiguration);
  CHECK(hipLaunchKernel(k, dim3(0), dim3(1), args, 0, nullptr) == hipErrorInvalidValue);  // HIP 7
  CHECK(hipLaunchKernel(k, dim3(1, 70000), dim3(1), args, 0, nullptr) ==
        hipErrorInvalidConfiguration);
  CHECK(hipLaunchKernel(k, dim3(1), dim3(1), args, 1 << 20, nullptr) == hipErrorInvalidValue);
  CHECK(fake->launches == 0);
  CHECK(hipLaunchKernel(k, dim3(1), dim3(1024), args, 4096, nullptr) == hipSuccess);
  CHECK(fake->launches == 1);
  CHECK(fake->lastLaunch.sharedMemBytes == 4096);
  hipStream_t s = nullptr;
  REQUIRE(hipStreamCreate(&s) == hipSuccess);
  REQUIRE(hipStreamDestroy(s) == hipSuccess);
  CHECK(hipLaunchKernel(k, dim3(1), dim3(1), args, 0, s) == hipErrorContextIsDestroyed);  // HIP 7
  CHECK(fake->launches == 1);
  (void)hipGetLastError();
}

namespace {

void appendU64(std::vector<char>* out, uint64_t v) {
  out->insert(out->end(), reinterpret_cast<char*>(&v), reinterpret_cast<char*>(&v) + 8);
}

// A bundle with one gfx90a entry (the fake backend selects by target name only).
std::vector<char> gfx90aBundle() {
  const std::string id = "hip-amdgcn-amd-amdhsa--gfx90a";
  std::vector<char> out(24);
  std::memcpy(out.data(), "__CLANG_OFFLOAD_BUNDLE__", 24);
  appendU64(&out, 1);
  appendU64(&out, 24 + 8 + 24 + id.size());
  appendU64(&out, 64);
  appendU64(&out, id.size());
  out.insert(out.end(), id.begin(), id.end());
  out.resize(out.size() + 64, 0);
  return out;
}

}  // namespace

// The launch fast path answers repeated launches from a per-thread cache (api/hip_launch.cpp):
// every check must still see what changed since the launch that filled it.
TEST_CASE("launch fast path: repeated launches still see every change") {
  auto* fake = installFake(2, "gfx90a");
  extern const void* scaleHostFunction();
  const void* k = scaleHostFunction();
  float* x = nullptr;
  float a = 1;
  void* args[] = {&x, &a};
  hipStream_t s = nullptr;
  REQUIRE(hipStreamCreate(&s) == hipSuccess);
  for (int i = 0; i < 3; ++i)
    REQUIRE(hipLaunchKernel(k, dim3(2 + i), dim3(32), args, 16, s) == hipSuccess);
  CHECK(fake->launches == 3);
  CHECK(fake->lastLaunch.grid.x == 4);
  CHECK(fake->lastLaunch.sharedMemBytes == 16);

  // Geometry is checked on every launch, with the exact error.
  CHECK(hipLaunchKernel(k, dim3(1), dim3(1025), args, 0, s) == hipErrorInvalidConfiguration);
  CHECK(hipLaunchKernel(k, dim3(1), dim3(1, 1, 65), args, 0, s) == hipErrorInvalidConfiguration);
  CHECK(hipLaunchKernel(k, dim3(1), dim3(0), args, 0, s) == hipErrorInvalidValue);  // HIP 7
  CHECK(hipLaunchKernel(k, dim3(1), dim3(32, 32, 2), args, 0, s) == hipErrorInvalidConfiguration);
  CHECK(hipLaunchKernel(k, dim3(0), dim3(1), args, 0, s) == hipErrorInvalidValue);  // HIP 7
  CHECK(hipLaunchKernel(k, dim3(1, 65536), dim3(1), args, 0, s) == hipErrorInvalidConfiguration);
  CHECK(hipLaunchKernel(k, dim3(1, 1, 65536), dim3(1), args, 0, s) == hipErrorInvalidConfiguration);
  CHECK(hipLaunchKernel(k, dim3(0x80000000u), dim3(1), args, 0, s) ==
        hipErrorInvalidConfiguration);
  CHECK(hipLaunchKernel(k, dim3(1), dim3(1), args, 227 * 1024 + 1, s) == hipErrorInvalidValue);
  CHECK(hipGetLastError() == hipErrorInvalidValue);
  CHECK(fake->launches == 3);
  // The limits themselves pass.
  CHECK(hipLaunchKernel(k, dim3(0x7fffffff, 65535, 65535), dim3(1024), args, 227 * 1024, s) ==
        hipSuccess);
  CHECK(hipLaunchKernel(k, dim3(1), dim3(16, 1, 64), args, 0, s) == hipSuccess);
  CHECK(fake->launches == 5);

  // A destroyed stream, even one the last launch used.
  REQUIRE(hipStreamDestroy(s) == hipSuccess);
  CHECK(hipLaunchKernel(k, dim3(1), dim3(1), args, 0, s) == hipErrorContextIsDestroyed);
  CHECK(fake->launches == 5);

  // The null stream follows the current device: device 1 loads its own module.
  REQUIRE(hipLaunchKernel(k, dim3(1), dim3(1), args, 0, nullptr) == hipSuccess);
  REQUIRE(hipLaunchKernel(k, dim3(1), dim3(1), args, 0, nullptr) == hipSuccess);
  const int loads = fake->moduleLoads;
  REQUIRE(hipSetDevice(1) == hipSuccess);
  REQUIRE(hipLaunchKernel(k, dim3(1), dim3(1), args, 0, nullptr) == hipSuccess);
  CHECK(fake->moduleLoads == loads + 1);
  // A device reset forgets the device's functions: the next launch loads again.
  REQUIRE(hipDeviceReset() == hipSuccess);
  REQUIRE(hipLaunchKernel(k, dim3(1), dim3(1), args, 0, nullptr) == hipSuccess);
  CHECK(fake->moduleLoads == loads + 2);
  REQUIRE(hipSetDevice(0) == hipSuccess);

  // Per-thread streams, through hipLaunchKernel_spt's null stream too.
  REQUIRE(hipLaunchKernel(k, dim3(7), dim3(1), args, 0, hipStreamPerThread) == hipSuccess);
  REQUIRE(hipLaunchKernel_spt(k, dim3(8), dim3(1), args, 0, nullptr) == hipSuccess);
  CHECK(fake->lastLaunch.grid.x == 8);
  CHECK(fake->lastLaunch.stream == reinterpret_cast<void*>(0x2));
  CHECK(hipLaunchKernel_spt(k, dim3(8), dim3(2048), args, 0, nullptr) ==
        hipErrorInvalidConfiguration);

  // An unregistered kernel is no device function, even right after it launched.
  static std::vector<char> bundle = gfx90aBundle();
  static const unihip::FatBinaryWrapper wrapper{unihip::kFatBinaryWrapperMagic, 1, bundle.data(),
                                                nullptr};
  static const char ownKernel = 0;
  void** handle = __hipRegisterFatBinary(&wrapper);
  REQUIRE(handle != nullptr);
  __hipRegisterFunction(handle, &ownKernel, const_cast<char*>("own"), "own",
                        static_cast<unsigned>(-1), nullptr, nullptr, nullptr, nullptr, nullptr);
  REQUIRE(hipLaunchKernel(&ownKernel, dim3(1), dim3(1), args, 0, nullptr) == hipSuccess);
  REQUIRE(hipLaunchKernel(&ownKernel, dim3(1), dim3(1), args, 0, nullptr) == hipSuccess);
  __hipUnregisterFatBinary(handle);
  CHECK(hipLaunchKernel(&ownKernel, dim3(1), dim3(1), args, 0, nullptr) ==
        hipErrorInvalidDeviceFunction);

  // Another thread has its own cache and its own current device.
  REQUIRE(hipLaunchKernel(k, dim3(1), dim3(1), args, 0, nullptr) == hipSuccess);
  hipError_t other = hipErrorUnknown;
  std::thread([&] {
    other = hipLaunchKernel(k, dim3(1), dim3(2048), args, 0, nullptr);
  }).join();
  CHECK(other == hipErrorInvalidConfiguration);
  (void)hipGetLastError();
}

TEST_CASE("call configuration stack") {
  dim3 g, b;
  size_t shmem = 1;
  hipStream_t st = reinterpret_cast<hipStream_t>(0x1);
  CHECK(__hipPopCallConfiguration(&g, &b, &shmem, &st) == hipErrorMissingConfiguration);
  REQUIRE(__hipPushCallConfiguration(dim3(4, 5, 6), dim3(7), 99, nullptr) == hipSuccess);
  REQUIRE(__hipPushCallConfiguration(dim3(1), dim3(2), 3, hipStreamPerThread) == hipSuccess);
  REQUIRE(__hipPopCallConfiguration(&g, &b, &shmem, &st) == hipSuccess);
  CHECK((b.x == 2 && shmem == 3 && st == hipStreamPerThread));
  REQUIRE(__hipPopCallConfiguration(&g, &b, &shmem, &st) == hipSuccess);
  CHECK((g.x == 4 && g.y == 5 && g.z == 6 && b.x == 7 && shmem == 99 && st == nullptr));
  (void)hipGetLastError();
}

TEST_CASE("call configuration stack: 16 levels, popped in reverse order") {
  dim3 g, b;
  size_t shmem = 0;
  hipStream_t st = nullptr;
  for (unsigned i = 1; i <= 16; ++i)
    REQUIRE(__hipPushCallConfiguration(dim3(i, i + 1, i + 2), dim3(i + 3), i * 10, nullptr) ==
            hipSuccess);
  CHECK(__hipPushCallConfiguration(dim3(99), dim3(99), 0, nullptr) == hipErrorInvalidConfiguration);
  for (unsigned i = 16; i >= 1; --i) {
    REQUIRE(__hipPopCallConfiguration(&g, &b, &shmem, &st) == hipSuccess);
    CHECK((g.x == i && g.y == i + 1 && g.z == i + 2 && b.x == i + 3 && shmem == i * 10));
  }
  CHECK(__hipPopCallConfiguration(&g, &b, &shmem, &st) == hipErrorMissingConfiguration);
  // Null out-pointers are skipped.
  REQUIRE(__hipPushCallConfiguration(dim3(5), dim3(6), 7, nullptr) == hipSuccess);
  REQUIRE(__hipPopCallConfiguration(nullptr, &b, nullptr, nullptr) == hipSuccess);
  CHECK(b.x == 6);
  (void)hipGetLastError();
}

TEST_CASE("the last error is per thread; get clears it, peek does not, success keeps it", "[threads]") {
  installFake();
  (void)hipGetLastError();
  CHECK(hipMalloc(nullptr, 1) == hipErrorInvalidValue);
  void* p = nullptr;
  CHECK(hipMalloc(&p, 8) == hipSuccess);
  CHECK(hipFree(p) == hipSuccess);
  CHECK(hipPeekAtLastError() == hipErrorInvalidValue);
  CHECK(hipPeekAtLastError() == hipErrorInvalidValue);
  hipError_t other = hipSuccess;
  std::thread([&] { other = hipPeekAtLastError(); }).join();
  CHECK(other == hipSuccess);
  CHECK(hipGetLastError() == hipErrorInvalidValue);
  CHECK(hipGetLastError() == hipSuccess);
}

TEST_CASE("hipDeviceReset retires the device's streams and events") {
  installFake();
  hipStream_t s = nullptr;
  hipEvent_t e = nullptr;
  REQUIRE(hipStreamCreate(&s) == hipSuccess);
  REQUIRE(hipEventCreate(&e) == hipSuccess);
  REQUIRE(hipDeviceReset() == hipSuccess);
  CHECK(hipStreamSynchronize(s) == hipErrorContextIsDestroyed);
  CHECK(hipEventRecord(e, nullptr) == hipErrorInvalidHandle);
  (void)hipGetLastError();
}
