// The whole HsaBackend, through backends/backend.h, on the fake ROCr of fake_hsa_runtime.cpp
// (a CPU packet processor and copy engine): discovery and properties, memory, copies in every
// direction, both fill kernels (the real embedded code objects), module loading (kernels and
// variables) and a launch of a real code object's kernel, streams, events, waits and host
// functions. What this cannot show is that a real GPU accepts the same calls; tests/amd/README.md
// covers that.
#include <catch2/catch.hpp>

#include <dlfcn.h>

#include <atomic>
#include <chrono>
#include <cstdlib>
#include <cstring>
#include <numeric>
#include <thread>
#include <vector>

#include "backend.h"
#include "core/runtime.h"
#include "hip/hip_runtime_api.h"
#include "hsa_status.h"
#include "test_support.h"

using namespace unihip;
using unihip::hsa::test::fakeBackend;
using unihip::hsa::test::fakeStat;
namespace test = unihip::hsa::test;

namespace {

enum { kKernelsRun = 0, kBarriersRun = 1, kCopies = 2, kKernelErrors = 3, kLiveQueues = 4,
       kAsyncHandlersRun = 5 };

}  // namespace

TEST_CASE("fake ROCr: discovery and device properties", "[hsa][backend]") {
  auto b = fakeBackend();
  CHECK(std::string(b->name()) == "hsa");
  REQUIRE(b->deviceCount() == 1);
  const hipDeviceProp_t& p = b->properties(0);
  CHECK(std::string(p.name) == "Fake Instinct MI210");
  CHECK(std::string(p.gcnArchName) == "gfx90a:sramecc+:xnack-");
  CHECK(p.multiProcessorCount == 104);
  CHECK(p.warpSize == 64);
  CHECK(p.maxThreadsPerBlock == 1024);
  CHECK(p.maxThreadsDim[2] == 1024);
  CHECK(p.maxGridSize[0] == 0x7FFFFFFF);
  CHECK(p.clockRate == 1700000);
  CHECK(p.memoryClockRate == 1600000);
  CHECK(p.memoryBusWidth == 4096);
  CHECK(p.l2CacheSize == 8388608);
  CHECK(p.sharedMemPerBlock == 65536);
  CHECK(p.totalGlobalMem == (size_t{64} << 30));
  CHECK(p.maxThreadsPerMultiProcessor == 32 * 64);
  CHECK(p.major == 9);
  CHECK(p.minor == 0);
  CHECK(p.pciBusID == 0x43);
  CHECK(p.pciDeviceID == 2);
  CHECK(p.pciDomainID == 1);
  CHECK(p.ECCEnabled == 1);  // sramecc+
  CHECK(std::memcmp(p.uuid.bytes, "0123456789abcdef", 16) == 0);
  int value = 0;
  REQUIRE(b->attribute(0, hipDeviceAttributeWallClockRate, &value).ok());
  CHECK(value == 1000000);
  CHECK(b->attribute(0, hipDeviceAttributeMaxTexture1DWidth, &value) == hipErrorNotSupported);
  REQUIRE(b->driverVersion(&value).ok());
  CHECK(value == 1010);
}

TEST_CASE("fake ROCr: memory, copies and fills", "[hsa][backend]") {
  auto b = fakeBackend();
  const int errorsBefore = fakeStat(kKernelErrors);
  void* d = nullptr;
  REQUIRE(b->malloc(0, 4096, &d).ok());
  REQUIRE(d != nullptr);
  size_t freeBytes = 0, total = 0;
  REQUIRE(b->memGetInfo(0, &freeBytes, &total).ok());
  CHECK(total - freeBytes == 4096);

  std::vector<uint8_t> pageable(4096);
  std::iota(pageable.begin(), pageable.end(), 0);
  REQUIRE(b->memcpy(0, d, pageable.data(), 4096, CopyDirection::HostToDevice).ok());
  // Unaligned: the byte fill kernel; aligned: the word fill kernel.
  REQUIRE(b->memset(0, static_cast<uint8_t*>(d) + 3, 0xAB, 101).ok());
  REQUIRE(b->memsetD32Async(0, static_cast<uint8_t*>(d) + 1024, 0xDEADBEEF, 16, nullptr).ok());
  std::vector<uint8_t> back(4096, 0);
  REQUIRE(b->memcpy(0, back.data(), d, 4096, CopyDirection::DeviceToHost).ok());
  for (size_t i = 0; i < 4096; ++i) {
    uint8_t expected = static_cast<uint8_t>(i);
    if (i >= 3 && i < 104) expected = 0xAB;
    if (i >= 1024 && i < 1024 + 64) expected = reinterpret_cast<const uint8_t*>("\xEF\xBE\xAD\xDE")[i % 4];
    if (back[i] != expected) FAIL("byte " << i << ": " << int(back[i]) << " != " << int(expected));
  }

  // Pinned host memory, device-to-device, and async copies on a stream.
  void* pinned = nullptr;
  REQUIRE(b->hostMalloc(0, 4096, 0, &pinned).ok());
  void* d2 = nullptr;
  REQUIRE(b->malloc(0, 4096, &d2).ok());
  NativeStream s = nullptr;
  REQUIRE(b->streamCreate(0, 0, 0, &s).ok());
  REQUIRE(b->memcpyAsync(0, d2, d, 4096, CopyDirection::DeviceToDevice, s).ok());
  REQUIRE(b->memsetAsync(0, d2, 0x11, 8, s).ok());  // ordered after the copy
  REQUIRE(b->memcpyAsync(0, pinned, d2, 4096, CopyDirection::DeviceToHost, s).ok());
  REQUIRE(b->streamSynchronize(0, s).ok());
  CHECK(b->streamQuery(0, s).ok());
  const auto* pin = static_cast<const uint8_t*>(pinned);
  CHECK(pin[0] == 0x11);
  CHECK(pin[7] == 0x11);
  CHECK(pin[8] == 0xAB);
  CHECK(pin[200] == 200);
  CHECK(pin[50] == 0xAB);
  CHECK(pin[1024] == 0xEF);
  std::vector<uint8_t> hostCopy(16, 0);
  REQUIRE(b->memcpy(0, hostCopy.data(), pinned, 16, CopyDirection::HostToHost).ok());
  CHECK(hostCopy[0] == 0x11);

  REQUIRE(b->streamDestroy(0, s).ok());
  REQUIRE(b->hostFree(0, pinned).ok());
  REQUIRE(b->free(0, d2).ok());
  REQUIRE(b->free(0, d).ok());
  REQUIRE(b->memGetInfo(0, &freeBytes, &total).ok());
  CHECK(freeBytes == total);
  CHECK(fakeStat(kKernelErrors) == errorsBefore);
  CHECK(fakeStat(kCopies) >= 4);
}

TEST_CASE("fake ROCr: a real code object loaded and launched", "[hsa][backend]") {
  auto b = fakeBackend();
  const int errorsBefore = fakeStat(kKernelErrors);
  const std::vector<uint8_t> other = test::readCodeObject("gfx1100");
  const std::vector<uint8_t> mine = test::readCodeObject("gfx90a");
  BundleEntry entries[2];
  entries[0].id = "hipv4-amdgcn-amd-amdhsa--gfx1100";
  entries[0].kind = ImageKind::AmdCodeObject;
  entries[0].data = other.data();
  entries[0].size = other.size();
  entries[1] = entries[0];
  entries[1].id = "hipv4-amdgcn-amd-amdhsa--gfx90a";
  entries[1].data = mine.data();
  entries[1].size = mine.size();
  size_t index = 9;
  REQUIRE(b->selectImage(0, entries, &index).ok());
  REQUIRE(index == 1);

  NativeModule module = nullptr;
  REQUIRE(b->loadModule(0, entries[index], &module).ok());
  NativeFunction axpy = nullptr;
  REQUIRE(b->getFunction(0, module, "axpy", &axpy).ok());
  NativeFunction missing = nullptr;
  CHECK(b->getFunction(0, module, "nope", &missing) == hipErrorInvalidDeviceFunction);
  int maxThreads = 0;
  REQUIRE(b->functionMaxThreadsPerBlock(0, axpy, &maxThreads).ok());
  CHECK(maxThreads == 1024);
  // hipFuncGetAttribute's figures from the metadata and the agent.
  int attribute = -1;
  REQUIRE(b->functionAttribute(0, axpy, 0, &attribute).ok());
  CHECK(attribute == 1024);
  REQUIRE(b->functionAttribute(0, axpy, 1, &attribute).ok());  // static LDS: axpy uses none
  CHECK(attribute == 0);
  REQUIRE(b->functionAttribute(0, axpy, 3, &attribute).ok());
  CHECK(attribute >= 0);
  REQUIRE(b->functionAttribute(0, axpy, 4, &attribute).ok());  // VGPRs
  CHECK(attribute > 0);
  CHECK(attribute <= 512);
  REQUIRE(b->functionAttribute(0, axpy, 6, &attribute).ok());  // binary version: gfx90a
  CHECK(attribute == 90);
  REQUIRE(b->functionAttribute(0, axpy, 8, &attribute).ok());  // LDS left for dynamic shared
  CHECK(attribute == static_cast<int>(b->properties(0).sharedMemPerBlock));
  REQUIRE(b->functionAttribute(0, axpy, 9, &attribute).ok());
  CHECK(attribute == 0);
  CHECK(b->functionAttribute(0, axpy, 10, &attribute) == hipErrorNotSupported);
  void* address = nullptr;
  size_t size = 0;
  CHECK(b->getGlobal(0, module, "no_such_variable", &address, &size) == hipErrorNotFound);
  // Module variables: storage of the symbol's size holding its initial bytes (zeros for .bss),
  // the same address on each lookup; a kernel's name is no variable.
  REQUIRE(b->getGlobal(0, module, "initialised_table", &address, &size).ok());
  CHECK(size == 4 * sizeof(int));
  int table[4] = {};
  REQUIRE(b->memcpy(0, table, address, sizeof table, CopyDirection::DeviceToHost).ok());
  CHECK(table[0] == 11);
  CHECK(table[3] == 44);
  void* again = nullptr;
  REQUIRE(b->getGlobal(0, module, "initialised_table", &again, &size).ok());
  CHECK(again == address);
  REQUIRE(b->getGlobal(0, module, "zeroed_value", &address, &size).ok());
  CHECK(size == sizeof(double));
  const double written = 2.5;
  double read = -1;
  REQUIRE(b->memcpy(0, &read, address, sizeof read, CopyDirection::DeviceToHost).ok());
  CHECK(read == 0.0);
  REQUIRE(b->memcpy(0, address, &written, sizeof written, CopyDirection::HostToDevice).ok());
  REQUIRE(b->memcpy(0, &read, address, sizeof read, CopyDirection::DeviceToHost).ok());
  CHECK(read == written);
  CHECK(b->getGlobal(0, module, "axpy", &address, &size) == hipErrorNotFound);

  constexpr int n = 1000;
  std::vector<float> x(n), y(n);
  for (int i = 0; i < n; ++i) x[i] = float(i), y[i] = 1.0f;
  void *dx = nullptr, *dy = nullptr;
  REQUIRE(b->malloc(0, n * sizeof(float), &dx).ok());
  REQUIRE(b->malloc(0, n * sizeof(float), &dy).ok());
  REQUIRE(b->memcpy(0, dx, x.data(), n * sizeof(float), CopyDirection::HostToDevice).ok());
  REQUIRE(b->memcpy(0, dy, y.data(), n * sizeof(float), CopyDirection::HostToDevice).ok());
  float a = 2.0f;
  int count = n;
  void* args[] = {&a, &dx, &dy, &count};
  LaunchConfig config;
  config.grid = dim3(4);
  config.block = dim3(256);
  REQUIRE(b->launch(0, axpy, config, args).ok());
  REQUIRE(b->memcpy(0, y.data(), dy, n * sizeof(float), CopyDirection::DeviceToHost).ok());
  for (int i = 0; i < n; ++i)
    if (y[i] != 2.0f * i + 1.0f) FAIL("y[" << i << "] = " << y[i]);
  CHECK(fakeStat(kKernelErrors) == errorsBefore);

  test::LogCapture quiet;
  config.block = dim3(70000);
  CHECK(b->launch(0, axpy, config, args) == hipErrorInvalidConfiguration);
  REQUIRE(b->free(0, dx).ok());
  REQUIRE(b->free(0, dy).ok());
  REQUIRE(b->unloadModule(0, module).ok());

  BundleEntry corrupt = entries[1];
  std::vector<uint8_t> bad(mine.begin(), mine.begin() + 200);
  corrupt.data = bad.data();
  corrupt.size = bad.size();
  CHECK(b->loadModule(0, corrupt, &module) == hipErrorInvalidImage);
}

TEST_CASE("fake ROCr: streams, events and waits", "[hsa][backend]") {
  auto b = fakeBackend();
  NativeStream s1 = nullptr, s2 = nullptr;
  REQUIRE(b->streamCreate(0, 0, 0, &s1).ok());
  REQUIRE(b->streamCreate(0, hipStreamNonBlocking, 0, &s2).ok());
  NativeEvent start = nullptr, stop = nullptr, untimed = nullptr, never = nullptr;
  REQUIRE(b->eventCreate(0, hipEventDefault, &start).ok());
  REQUIRE(b->eventCreate(0, hipEventBlockingSync, &stop).ok());
  REQUIRE(b->eventCreate(0, hipEventDisableTiming, &untimed).ok());
  REQUIRE(b->eventCreate(0, hipEventDefault, &never).ok());

  void* d = nullptr;
  REQUIRE(b->malloc(0, 1 << 20, &d).ok());
  REQUIRE(b->eventRecord(0, start, s1).ok());
  REQUIRE(b->memsetAsync(0, d, 0x5A, 1 << 20, s1).ok());
  REQUIRE(b->eventRecord(0, stop, s1).ok());
  REQUIRE(b->eventRecord(0, untimed, s1).ok());
  REQUIRE(b->streamWaitEvent(0, s2, stop).ok());
  std::vector<uint8_t> host(16);
  REQUIRE(b->memcpyAsync(0, host.data(), d, 16, CopyDirection::DeviceToHost, s2).ok());
  REQUIRE(b->streamSynchronize(0, s2).ok());
  CHECK(host[15] == 0x5A);  // s2's copy ran after s1's memset
  REQUIRE(b->eventSynchronize(0, stop).ok());
  CHECK(b->eventQuery(0, stop).ok());
  float ms = -1;
  REQUIRE(b->eventElapsedTime(0, start, stop, &ms).ok());
  CHECK(ms >= 0.0f);
  CHECK(ms < 10000.0f);
  CHECK(b->eventElapsedTime(0, start, untimed, &ms) == hipErrorInvalidHandle);
  CHECK(b->eventElapsedTime(0, start, never, &ms) == hipErrorInvalidHandle);
  CHECK(b->eventQuery(0, never).ok());             // never recorded: complete
  CHECK(b->eventSynchronize(0, never).ok());
  CHECK(b->streamWaitEvent(0, s2, never).ok());  // nothing to wait for

  // Re-recording and destroying right after a wait (the signal-reuse hazard).
  for (int i = 0; i < 50; ++i) {
    REQUIRE(b->eventRecord(0, start, s1).ok());
    REQUIRE(b->streamWaitEvent(0, s2, start).ok());
    REQUIRE(b->memsetAsync(0, d, static_cast<uint8_t>(i), 64, s2).ok());
  }
  REQUIRE(b->deviceSynchronize(0).ok());
  CHECK(b->streamQuery(0, s1).ok());
  CHECK(b->streamQuery(0, s2).ok());

  NativeStream mine = b->perThreadStream(0);
  CHECK(mine != nullptr);
  CHECK(b->perThreadStream(0) == mine);
  NativeStream theirs = nullptr;
  std::thread([&] { theirs = b->perThreadStream(0); }).join();
  CHECK(theirs != nullptr);
  CHECK(theirs != mine);

  int least = 1, greatest = 1;
  REQUIRE(b->streamPriorityRange(0, &least, &greatest).ok());
  CHECK(least == 0);
  CHECK(greatest == 0);
  for (NativeEvent e : {start, stop, untimed, never}) REQUIRE(b->eventDestroy(0, e).ok());
  REQUIRE(b->free(0, d).ok());
  REQUIRE(b->streamDestroy(0, s1).ok());
  REQUIRE(b->streamDestroy(0, s2).ok());
  CHECK(b->streamDestroy(0, s2) == hipErrorInvalidHandle);
  REQUIRE(b->deviceReset(0).ok());
  CHECK(fakeStat(kKernelErrors) == 0);
  b.reset();
  CHECK(fakeStat(kLiveQueues) == 0);  // every queue the backend made was destroyed
}

TEST_CASE("fake ROCr: host functions run in stream order", "[hsa][backend]") {
  auto b = fakeBackend();
  const int handlersBefore = fakeStat(kAsyncHandlersRun);
  NativeStream s = nullptr;
  REQUIRE(b->streamCreate(0, 0, 0, &s).ok());
  void *d = nullptr, *seen = nullptr, *source = nullptr, *result = nullptr;
  REQUIRE(b->malloc(0, 256, &d).ok());
  for (void** p : {&seen, &source, &result}) {
    REQUIRE(b->hostMalloc(0, 256, 0, p).ok());
    std::memset(*p, 0, 256);
  }

  // A first host function holds the queue closed until the test opens it, so the order below
  // is checked while everything is still pending, not after a race was won.
  std::atomic<bool> open{false};
  auto gate = [](void* p) {
    while (!static_cast<std::atomic<bool>*>(p)->load()) std::this_thread::yield();
  };
  struct Probe {
    const uint8_t* seen;  // filled and copied by earlier work
    uint8_t* source;      // read by later work
    uint8_t firstSeen = 0;
    std::atomic<bool> ran{false};
  } probe{static_cast<const uint8_t*>(seen), static_cast<uint8_t*>(source)};
  auto callback = [](void* p) {
    auto* probe = static_cast<Probe*>(p);
    probe->firstSeen = probe->seen[255];
    std::this_thread::sleep_for(std::chrono::milliseconds(20));  // later work must not overtake
    std::memset(probe->source, 0x77, 256);
    probe->ran = true;
  };
  REQUIRE(b->launchHostFunc(0, s, gate, &open).ok());
  REQUIRE(b->memsetAsync(0, d, 0x5A, 256, s).ok());
  REQUIRE(b->memcpyAsync(0, seen, d, 256, CopyDirection::DeviceToHost, s).ok());
  REQUIRE(b->launchHostFunc(0, s, callback, &probe).ok());
  REQUIRE(b->memcpyAsync(0, d, source, 256, CopyDirection::HostToDevice, s).ok());
  REQUIRE(b->memcpyAsync(0, result, d, 256, CopyDirection::DeviceToHost, s).ok());
  std::this_thread::sleep_for(std::chrono::milliseconds(20));
  CHECK_FALSE(probe.ran);
  CHECK(b->streamQuery(0, s) == hipErrorNotReady);
  open = true;
  REQUIRE(b->streamSynchronize(0, s).ok());
  CHECK(probe.ran);
  CHECK(probe.firstSeen == 0x5A);  // ran after the fill and the copy
  const auto* r = static_cast<const uint8_t*>(result);
  CHECK(r[0] == 0x77);  // the later copy read what the callback wrote
  CHECK(r[255] == 0x77);
  CHECK(b->streamQuery(0, s).ok());
  CHECK(fakeStat(kAsyncHandlersRun) - handlersBefore == 2);

  // The legacy default stream (null) takes host functions too.
  std::atomic<int> calls{0};
  for (int i = 0; i < 20; ++i)
    REQUIRE(b->launchHostFunc(0, nullptr, [](void* p) { ++*static_cast<std::atomic<int>*>(p); },
                              &calls).ok());
  REQUIRE(b->deviceSynchronize(0).ok());
  CHECK(calls == 20);

  for (void* p : {seen, source, result}) REQUIRE(b->hostFree(0, p).ok());
  REQUIRE(b->free(0, d).ok());
  REQUIRE(b->streamDestroy(0, s).ok());
  CHECK(fakeStat(kKernelErrors) == 0);
}

// Bad input through the HIP API on the fake-ROCr device (issue 17's measurements there): what
// ROCr would accept or report as success is rejected first, with AMD's codes.
TEST_CASE("fake ROCr through the HIP API: bad input answered as AMD's runtime", "[hsa][backend]") {
  test::FakeRuntime runtime;

  // ROCr's pool allocator is not asked for what the device cannot hold.
  void* p = reinterpret_cast<void*>(0x1);
  CHECK(hipMalloc(&p, size_t{1} << 62) == hipErrorOutOfMemory);
  CHECK(p == nullptr);
  void* h = nullptr;
  CHECK(hipHostMalloc(&h, size_t{1} << 62, 0) == hipErrorOutOfMemory);
  // The backend alone: a size over the pool is refused, and ROCr's failure is out of memory.
  Backend& hsa = *Runtime::get().device(0)->backend;
  CHECK(hsa.malloc(0, size_t{1} << 62, &p) == hipErrorOutOfMemory);

  // hipMemset and hipFree of memory ROCr never allocated never reach ROCr.
  int stackInts[4] = {1, 2, 3, 4};
  CHECK(hipMemset(stackInts, 0, sizeof stackInts) == hipErrorInvalidValue);
  CHECK(hipMemsetAsync(stackInts, 0, sizeof stackInts, nullptr) == hipErrorInvalidValue);
  CHECK(hipMemsetD32(stackInts, 0, 4) == hipErrorInvalidValue);
  CHECK(stackInts[0] == 1);
  CHECK(hipFree(stackInts) == hipErrorInvalidValue);
  CHECK(hipHostFree(stackInts) == hipErrorInvalidValue);

  void* d = nullptr;
  REQUIRE(hipMalloc(&d, 4096) == hipSuccess);
  CHECK(hipMemset(d, 0x11, 4096) == hipSuccess);
  CHECK(hipMemset(d, 0x11, 4097) == hipErrorInvalidValue);
  CHECK(hipFree(static_cast<char*>(d) + 16) == hipErrorInvalidValue);
  CHECK(hipFree(d) == hipSuccess);
  CHECK(hipFree(d) == hipErrorInvalidValue);

  // Garbage handles: rejected without a crash.
  const auto garbageStream = reinterpret_cast<hipStream_t>(uintptr_t{0xFFFF});
  CHECK(hipStreamQuery(garbageStream) == hipErrorContextIsDestroyed);
  CHECK(hipStreamSynchronize(reinterpret_cast<hipStream_t>(stackInts)) ==
        hipErrorContextIsDestroyed);
  CHECK(hipStreamDestroy(garbageStream) == hipErrorContextIsDestroyed);
  CHECK(hipEventQuery(reinterpret_cast<hipEvent_t>(stackInts)) == hipErrorInvalidHandle);

  // Events: double destroy and unrecorded elapsed time, answered without ROCr.
  hipEvent_t a = nullptr, b = nullptr;
  REQUIRE(hipEventCreate(&a) == hipSuccess);
  REQUIRE(hipEventCreate(&b) == hipSuccess);
  float ms = 0;
  CHECK(hipEventElapsedTime(&ms, a, b) == hipErrorInvalidHandle);
  REQUIRE(hipEventRecord(a, nullptr) == hipSuccess);
  REQUIRE(hipEventRecord(b, nullptr) == hipSuccess);
  REQUIRE(hipEventSynchronize(b) == hipSuccess);
  CHECK(hipEventElapsedTime(&ms, a, b) == hipSuccess);
  CHECK(hipEventDestroy(a) == hipSuccess);
  CHECK(hipEventDestroy(a) == hipErrorContextIsDestroyed);
  CHECK(hipEventDestroy(b) == hipSuccess);

  size_t freeBytes = 0;
  CHECK(hipMemGetInfo(nullptr, nullptr) == hipSuccess);
  CHECK(hipMemGetInfo(&freeBytes, nullptr) == hipSuccess);
  CHECK(freeBytes > 0);
}

TEST_CASE("HSA status names and mapping: codes outside the enum are safe", "[hsa]") {
  using unihip::hsa::hipErrorFromHsa;
  using unihip::hsa::hsaStatusName;
  CHECK(std::string(hsaStatusName(HSA_STATUS_ERROR_OUT_OF_RESOURCES)) ==
        "HSA_STATUS_ERROR_OUT_OF_RESOURCES");
  CHECK(hipErrorFromHsa(HSA_STATUS_ERROR_OUT_OF_RESOURCES) == hipErrorOutOfMemory);
  for (unsigned raw : {0x7fu, 0x2fffu, 0x12345u, 0x7fffffffu}) {
    INFO("status " << raw);
    CHECK(std::string(hsaStatusName(static_cast<hsa_status_t>(raw))) == "HSA_STATUS_<unknown>");
    CHECK(hipErrorFromHsa(static_cast<hsa_status_t>(raw)) == hipErrorUnknown);
  }
}

TEST_CASE("fake ROCr: managed memory is fine-grained host memory; registration locks memory",
          "[hsa][backend]") {
  auto b = fakeBackend();
  void* p = nullptr;
  REQUIRE(b->mallocManaged(0, 256, hipMemAttachGlobal, &p).ok());
  REQUIRE(p != nullptr);
  static_cast<unsigned char*>(p)[255] = 7;  // host memory
  NativeStream stream = nullptr;
  REQUIRE(b->streamCreate(0, hipStreamDefault, 0, &stream).ok());
  CHECK(b->prefetch(0, p, 256, 0, stream).ok());  // nothing to move: success, as AMD's runtime
  CHECK(b->prefetch(0, p, 256, hipCpuDeviceId, stream).ok());
  CHECK(b->advise(0, p, 256, hipMemAdviseSetReadMostly, 0).ok());
  CHECK(b->streamAttachMemory(0, stream, p, 0, hipMemAttachSingle).ok());
  int out = 0;  // without SVM, from unihip's record (test_managed_svm_fake_rocr.cpp)
  REQUIRE(b->rangeAttribute(0, &out, 4, hipMemRangeAttributeReadMostly, p, 256).ok());
  CHECK(out == 1);
  void* base = nullptr;
  size_t size = 0;
  REQUIRE(b->memGetAddressRange(0, p, &base, &size).ok());  // a ROCr pool allocation
  CHECK(base == p);
  CHECK(b->freeManaged(0, p).ok());
  CHECK(b->streamDestroy(0, stream).ok());

  alignas(64) static int buf[64];
  void* agentPointer = nullptr;
  REQUIRE(b->hostRegister(0, buf, sizeof buf, hipHostRegisterMapped, &agentPointer).ok());
  CHECK(agentPointer == buf);  // the fake ROCr maps host memory at its own address
  CHECK(b->hostUnregister(0, buf).ok());
  CHECK(b->hostUnregister(0, buf).code() == hipErrorInvalidValue);  // no longer locked
}
