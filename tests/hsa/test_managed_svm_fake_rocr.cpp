// Managed memory on the HSA backend over the fake ROCr, through the HIP API: on a system with SVM
// (HMM) every advice becomes ROCr's SVM attribute and reads back through
// hsa_amd_svm_attributes_get, prefetches are hsa_amd_svm_prefetch_async ordered on the stream;
// without SVM, unihip's own record answers the range attributes the same way. The negative cases
// are those of tests/cpu/api/test_unified_memory.cpp, so both vendors agree.
#include <catch2/catch.hpp>

#include <atomic>
#include <chrono>
#include <cstring>
#include <thread>
#include <vector>

#include "hip/hip_runtime_api.h"
#include "test_support.h"

using unihip::hsa::test::FakeRuntime;
using unihip::hsa::test::FakeSystem;
using unihip::hsa::test::fakeStat;
using unihip::hsa::test::fakeSwitch;

namespace {

constexpr size_t kPage = 4096;
constexpr int kStatPrefetches = 15;

int attribute(hipMemRangeAttribute a, const void* p, size_t n) {
  int v = 12345;
  REQUIRE(hipMemRangeGetAttribute(&v, sizeof v, a, p, n) == hipSuccess);
  return v;
}

std::vector<int> accessedBy(const void* p, size_t n, size_t entries = 3) {
  std::vector<int> v(entries, 12345);
  REQUIRE(hipMemRangeGetAttribute(v.data(), v.size() * sizeof(int), hipMemRangeAttributeAccessedBy,
                                  p, n) == hipSuccess);
  return v;
}

// Each advice and its attribute read back, over the whole allocation and a part of it.
void adviceRoundTrips(char* p, size_t size) {
  CHECK(attribute(hipMemRangeAttributeReadMostly, p, size) == 0);
  CHECK(attribute(hipMemRangeAttributePreferredLocation, p, size) == hipInvalidDeviceId);
  CHECK(attribute(hipMemRangeAttributeLastPrefetchLocation, p, size) == hipInvalidDeviceId);
  CHECK(accessedBy(p, size) == std::vector<int>{hipInvalidDeviceId, hipInvalidDeviceId, hipInvalidDeviceId});
  CHECK(attribute(hipMemRangeAttributeCoherencyMode, p, size) == hipMemRangeCoherencyModeFineGrain);

  REQUIRE(hipMemAdvise(p, size, hipMemAdviseSetReadMostly, 0) == hipSuccess);
  CHECK(attribute(hipMemRangeAttributeReadMostly, p, size) == 1);
  REQUIRE(hipMemAdvise(p, size, hipMemAdviseUnsetReadMostly, 0) == hipSuccess);
  CHECK(attribute(hipMemRangeAttributeReadMostly, p, size) == 0);
  // A part of the range: its pages only (a query inside the first page sees it).
  REQUIRE(hipMemAdvise(p, 16, hipMemAdviseSetReadMostly, 0) == hipSuccess);
  CHECK(attribute(hipMemRangeAttributeReadMostly, p + 100, 8) == 1);
  CHECK(attribute(hipMemRangeAttributeReadMostly, p + kPage, 8) == 0);
  CHECK(attribute(hipMemRangeAttributeReadMostly, p, size) == 0);  // not every page
  REQUIRE(hipMemAdvise(p, size, hipMemAdviseUnsetReadMostly, 0) == hipSuccess);

  REQUIRE(hipMemAdvise(p, size, hipMemAdviseSetPreferredLocation, 0) == hipSuccess);
  CHECK(attribute(hipMemRangeAttributePreferredLocation, p, size) == 0);
  REQUIRE(hipMemAdvise(p, kPage, hipMemAdviseSetPreferredLocation, hipCpuDeviceId) == hipSuccess);
  CHECK(attribute(hipMemRangeAttributePreferredLocation, p, kPage) == hipCpuDeviceId);
  CHECK(attribute(hipMemRangeAttributePreferredLocation, p + kPage, kPage) == 0);
  CHECK(attribute(hipMemRangeAttributePreferredLocation, p, size) == hipInvalidDeviceId);  // mixed
  REQUIRE(hipMemAdvise(p, size, hipMemAdviseUnsetPreferredLocation, 0) == hipSuccess);
  CHECK(attribute(hipMemRangeAttributePreferredLocation, p, size) == hipInvalidDeviceId);

  REQUIRE(hipMemAdvise(p, size, hipMemAdviseSetAccessedBy, 0) == hipSuccess);
  CHECK(accessedBy(p, size) == std::vector<int>{0, hipInvalidDeviceId, hipInvalidDeviceId});
  REQUIRE(hipMemAdvise(p, size, hipMemAdviseSetAccessedBy, hipCpuDeviceId) == hipSuccess);
  CHECK(accessedBy(p, size) == std::vector<int>{0, hipCpuDeviceId, hipInvalidDeviceId});
  CHECK(accessedBy(p, size, 1) == std::vector<int>{0});  // as many as fit
  REQUIRE(hipMemAdvise(p, size, hipMemAdviseUnsetAccessedBy, 0) == hipSuccess);
  CHECK(accessedBy(p, size) == std::vector<int>{hipCpuDeviceId, hipInvalidDeviceId, hipInvalidDeviceId});
  REQUIRE(hipMemAdvise(p, size, hipMemAdviseUnsetAccessedBy, hipCpuDeviceId) == hipSuccess);
  CHECK(accessedBy(p, size)[0] == hipInvalidDeviceId);

  // Several attributes at once.
  REQUIRE(hipMemAdvise(p, size, hipMemAdviseSetReadMostly, 0) == hipSuccess);
  int readMostly = -1, preferred = -1;
  int devices[2] = {-1, -1};
  void* data[] = {&readMostly, &preferred, devices};
  size_t sizes[] = {4, 4, sizeof devices};
  hipMemRangeAttribute attrs[] = {hipMemRangeAttributeReadMostly,
                                  hipMemRangeAttributePreferredLocation,
                                  hipMemRangeAttributeAccessedBy};
  REQUIRE(hipMemRangeGetAttributes(data, sizes, attrs, 3, p, size) == hipSuccess);
  CHECK(readMostly == 1);
  CHECK(preferred == hipInvalidDeviceId);
  CHECK(devices[0] == hipInvalidDeviceId);
  CHECK(devices[1] == hipInvalidDeviceId);
}

// The calls of tests/cpu/api/test_unified_memory.cpp that must fail, with HIP's codes.
void negativeCases() {
  void* p = nullptr;
  CHECK(hipMallocManaged(nullptr, 64) == hipErrorInvalidValue);
  CHECK(hipMallocManaged(&p, 0) == hipErrorInvalidValue);
  CHECK(hipMallocManaged(&p, 64, hipMemAttachSingle) == hipErrorInvalidValue);
  REQUIRE(hipMallocManaged(&p, 256) == hipSuccess);
  void* device = nullptr;
  REQUIRE(hipMalloc(&device, 256) == hipSuccess);

  CHECK(hipMemPrefetchAsync(nullptr, 64, 0) == hipErrorInvalidValue);
  CHECK(hipMemPrefetchAsync(p, 0, 0) == hipErrorInvalidValue);
  CHECK(hipMemPrefetchAsync(p, 16, 7) == hipErrorInvalidDevice);
  CHECK(hipMemPrefetchAsync(device, 16, 0) == hipErrorInvalidValue);  // not managed memory
  CHECK(hipMemPrefetchAsync(p, 257, 0) == hipErrorInvalidValue);     // past the allocation

  CHECK(hipMemAdvise(nullptr, 16, hipMemAdviseSetReadMostly, 0) == hipErrorInvalidValue);
  CHECK(hipMemAdvise(p, 0, hipMemAdviseSetReadMostly, 0) == hipErrorInvalidValue);
  CHECK(hipMemAdvise(p, 16, static_cast<hipMemoryAdvise>(77), 0) == hipErrorInvalidValue);
  CHECK(hipMemAdvise(p, 16, hipMemAdviseSetAccessedBy, 3) == hipErrorInvalidDevice);
  CHECK(hipMemAdvise(device, 16, hipMemAdviseSetReadMostly, 0) == hipErrorInvalidValue);
  CHECK(hipMemAdvise(p, 257, hipMemAdviseSetReadMostly, 0) == hipErrorInvalidValue);

  int out = 0;
  CHECK(hipMemRangeGetAttribute(nullptr, 4, hipMemRangeAttributeReadMostly, p, 16) ==
        hipErrorInvalidValue);
  CHECK(hipMemRangeGetAttribute(&out, 4, hipMemRangeAttributeReadMostly, nullptr, 16) ==
        hipErrorInvalidValue);
  CHECK(hipMemRangeGetAttribute(&out, 4, hipMemRangeAttributeReadMostly, p, 0) ==
        hipErrorInvalidValue);
  CHECK(hipMemRangeGetAttribute(&out, 3, hipMemRangeAttributeReadMostly, p, 16) ==
        hipErrorInvalidValue);
  CHECK(hipMemRangeGetAttribute(&out, 8, hipMemRangeAttributePreferredLocation, p, 16) ==
        hipErrorInvalidValue);
  int list[2] = {};
  CHECK(hipMemRangeGetAttribute(list, 6, hipMemRangeAttributeAccessedBy, p, 16) ==
        hipErrorInvalidValue);
  CHECK(hipMemRangeGetAttribute(&out, 4, static_cast<hipMemRangeAttribute>(9), p, 16) ==
        hipErrorInvalidValue);
  CHECK(hipMemRangeGetAttribute(&out, 4, hipMemRangeAttributeReadMostly, device, 16) ==
        hipErrorInvalidValue);
  CHECK(hipMemRangeGetAttribute(&out, 4, hipMemRangeAttributeReadMostly, p, 257) ==
        hipErrorInvalidValue);

  int a = 0, b = 0;
  void* data[] = {&a, &b};
  size_t sizes[] = {4, 4};
  hipMemRangeAttribute attrs[] = {hipMemRangeAttributeReadMostly,
                                  hipMemRangeAttributeLastPrefetchLocation};
  CHECK(hipMemRangeGetAttributes(nullptr, sizes, attrs, 2, p, 16) == hipErrorInvalidValue);
  CHECK(hipMemRangeGetAttributes(data, nullptr, attrs, 2, p, 16) == hipErrorInvalidValue);
  CHECK(hipMemRangeGetAttributes(data, sizes, nullptr, 2, p, 16) == hipErrorInvalidValue);
  CHECK(hipMemRangeGetAttributes(data, sizes, attrs, 0, p, 16) == hipErrorInvalidValue);
  CHECK(hipMemRangeGetAttributes(data, sizes, attrs, 2, nullptr, 16) == hipErrorInvalidValue);
  CHECK(hipMemRangeGetAttributes(data, sizes, attrs, 2, p, 0) == hipErrorInvalidValue);
  sizes[1] = 2;
  CHECK(hipMemRangeGetAttributes(data, sizes, attrs, 2, p, 16) == hipErrorInvalidValue);
  sizes[1] = 4;
  CHECK(hipMemRangeGetAttributes(data, sizes, attrs, 2, device, 16) == hipErrorInvalidValue);
  CHECK(hipMemRangeGetAttributes(data, sizes, attrs, 2, p, 16) == hipSuccess);

  CHECK(hipStreamAttachMemAsync(nullptr, nullptr) == hipErrorInvalidValue);
  CHECK(hipStreamAttachMemAsync(nullptr, p, 0, 0x10) == hipErrorInvalidValue);
  CHECK(hipStreamAttachMemAsync(nullptr, device) == hipErrorInvalidValue);
  CHECK(hipStreamAttachMemAsync(nullptr, p) == hipSuccess);

  CHECK(hipFree(device) == hipSuccess);
  CHECK(hipFree(p) == hipSuccess);
  CHECK(hipMemPrefetchAsync(p, 16, 0) == hipErrorInvalidValue);  // freed
  CHECK(hipMemAdvise(p, 16, hipMemAdviseSetReadMostly, 0) == hipErrorInvalidValue);
  CHECK(hipMemRangeGetAttribute(&out, 4, hipMemRangeAttributeReadMostly, p, 16) ==
        hipErrorInvalidValue);
}

}  // namespace

TEST_CASE("managed memory without SVM: fine-grained memory, advice recorded by unihip",
          "[hsa][managed]") {
  FakeSystem system(1, false);
  FakeRuntime runtime;
  const size_t size = 3 * kPage;
  char* p = nullptr;
  REQUIRE(hipMallocManaged(reinterpret_cast<void**>(&p), size) == hipSuccess);
  hipPointerAttribute_t attr{};
  REQUIRE(hipPointerGetAttributes(&attr, p + 1) == hipSuccess);
  CHECK(attr.type == hipMemoryTypeManaged);
  std::memset(p, 0x5A, size);  // the host reaches it
  REQUIRE(hipMemset(p, 0x11, kPage) == hipSuccess);  // and the device
  CHECK(p[kPage - 1] == 0x11);
  CHECK(p[kPage] == 0x5A);

  adviceRoundTrips(p, size);

  // Coarse-grain advice is accepted and changes nothing: the memory stays fine-grained.
  CHECK(hipMemAdvise(p, size, hipMemAdviseSetCoarseGrain, 0) == hipSuccess);
  CHECK(attribute(hipMemRangeAttributeCoherencyMode, p, size) == hipMemRangeCoherencyModeFineGrain);
  CHECK(hipMemAdvise(p, size, hipMemAdviseUnsetCoarseGrain, 0) == hipSuccess);

  // Prefetches move nothing but are remembered, per page.
  const int before = fakeStat(kStatPrefetches);
  REQUIRE(hipMemPrefetchAsync(p, kPage, 0) == hipSuccess);
  CHECK(attribute(hipMemRangeAttributeLastPrefetchLocation, p, kPage) == 0);
  CHECK(attribute(hipMemRangeAttributeLastPrefetchLocation, p, size) == hipInvalidDeviceId);
  REQUIRE(hipMemPrefetchAsync(p, size, hipCpuDeviceId) == hipSuccess);
  CHECK(attribute(hipMemRangeAttributeLastPrefetchLocation, p, size) == hipCpuDeviceId);
  CHECK(fakeStat(kStatPrefetches) == before);  // no SVM call
  REQUIRE(hipDeviceSynchronize() == hipSuccess);

  REQUIRE(hipFree(p) == hipSuccess);
  // A new allocation starts without advice, even at the same address.
  char* q = nullptr;
  REQUIRE(hipMallocManaged(reinterpret_cast<void**>(&q), size) == hipSuccess);
  CHECK(attribute(hipMemRangeAttributeReadMostly, q, size) == 0);
  CHECK(attribute(hipMemRangeAttributeLastPrefetchLocation, q, size) == hipInvalidDeviceId);
  REQUIRE(hipFree(q) == hipSuccess);
}

TEST_CASE("managed memory with SVM: ROCr's attributes, answered as HIP's", "[hsa][managed]") {
  FakeSystem system(1, true);
  FakeRuntime runtime;
  const size_t size = 2 * kPage + 5;
  char* p = nullptr;
  REQUIRE(hipMallocManaged(reinterpret_cast<void**>(&p), size) == hipSuccess);
  CHECK(reinterpret_cast<uintptr_t>(p) % kPage == 0);
  hipPointerAttribute_t attr{};
  REQUIRE(hipPointerGetAttributes(&attr, p + 1) == hipSuccess);
  CHECK(attr.type == hipMemoryTypeManaged);
  std::memset(p, 0x5A, size);
  CHECK(p[size - 1] == 0x5A);

  adviceRoundTrips(p, size);

  // Coarse-grain advice is ROCr's global flag; mixed pages are indeterminate.
  REQUIRE(hipMemAdvise(p, size, hipMemAdviseSetCoarseGrain, 0) == hipSuccess);
  CHECK(attribute(hipMemRangeAttributeCoherencyMode, p, size) == hipMemRangeCoherencyModeCoarseGrain);
  REQUIRE(hipMemAdvise(p, kPage, hipMemAdviseUnsetCoarseGrain, 0) == hipSuccess);
  CHECK(attribute(hipMemRangeAttributeCoherencyMode, p, size) == hipMemRangeCoherencyModeIndeterminate);
  CHECK(attribute(hipMemRangeAttributeCoherencyMode, p, kPage) == hipMemRangeCoherencyModeFineGrain);
  REQUIRE(hipMemAdvise(p, size, hipMemAdviseUnsetCoarseGrain, 0) == hipSuccess);

  // A prefetch on an idle stream.
  const int before = fakeStat(kStatPrefetches);
  REQUIRE(hipMemPrefetchAsync(p, size, 0) == hipSuccess);
  REQUIRE(hipDeviceSynchronize() == hipSuccess);
  CHECK(fakeStat(kStatPrefetches) == before + 1);
  CHECK(attribute(hipMemRangeAttributeLastPrefetchLocation, p, size) == 0);
  REQUIRE(hipMemPrefetchAsync(p, kPage, hipCpuDeviceId) == hipSuccess);
  REQUIRE(hipDeviceSynchronize() == hipSuccess);
  CHECK(attribute(hipMemRangeAttributeLastPrefetchLocation, p, kPage) == hipCpuDeviceId);
  CHECK(attribute(hipMemRangeAttributeLastPrefetchLocation, p, size) == hipInvalidDeviceId);

  REQUIRE(hipFree(p) == hipSuccess);
}

TEST_CASE("SVM prefetches are ordered on their stream", "[hsa][managed]") {
  FakeSystem system(1, true);
  FakeRuntime runtime;
  char* p = nullptr;
  REQUIRE(hipMallocManaged(reinterpret_cast<void**>(&p), kPage) == hipSuccess);
  hipStream_t stream = nullptr;
  REQUIRE(hipStreamCreate(&stream) == hipSuccess);
  hipEvent_t done = nullptr;
  REQUIRE(hipEventCreate(&done) == hipSuccess);

  // After earlier work: a host function holds the stream until the gate opens.
  static std::atomic<int> gate{0};
  gate = 0;
  REQUIRE(hipLaunchHostFunc(stream, [](void*) { while (gate.load() == 0) std::this_thread::yield(); },
                            nullptr) == hipSuccess);
  const int before = fakeStat(kStatPrefetches);
  REQUIRE(hipMemPrefetchAsync(p, kPage, 0, stream) == hipSuccess);
  REQUIRE(hipEventRecord(done, stream) == hipSuccess);
  std::this_thread::sleep_for(std::chrono::milliseconds(30));
  CHECK(fakeStat(kStatPrefetches) == before);  // waits for the host function
  CHECK(hipEventQuery(done) == hipErrorNotReady);
  CHECK(attribute(hipMemRangeAttributeLastPrefetchLocation, p, kPage) == hipInvalidDeviceId);
  gate = 1;
  REQUIRE(hipEventSynchronize(done) == hipSuccess);
  CHECK(fakeStat(kStatPrefetches) == before + 1);
  CHECK(attribute(hipMemRangeAttributeLastPrefetchLocation, p, kPage) == 0);

  // Before later work: a slow prefetch holds back the event and the synchronize behind it.
  fakeSwitch("fake_hsa_set_prefetch_delay_ms", 200);
  REQUIRE(hipMemPrefetchAsync(p, kPage, hipCpuDeviceId, stream) == hipSuccess);
  REQUIRE(hipEventRecord(done, stream) == hipSuccess);
  CHECK(hipStreamQuery(stream) == hipErrorNotReady);
  REQUIRE(hipEventSynchronize(done) == hipSuccess);
  CHECK(fakeStat(kStatPrefetches) == before + 2);
  CHECK(attribute(hipMemRangeAttributeLastPrefetchLocation, p, kPage) == hipCpuDeviceId);
  REQUIRE(hipMemPrefetchAsync(p, kPage, 0, stream) == hipSuccess);
  REQUIRE(hipStreamSynchronize(stream) == hipSuccess);
  CHECK(fakeStat(kStatPrefetches) == before + 3);
  CHECK(hipStreamQuery(stream) == hipSuccess);
  fakeSwitch("fake_hsa_set_prefetch_delay_ms", 0);

  // Not during a global-mode capture (AMD's runtime refuses it; there is no prefetch node).
  REQUIRE(hipStreamBeginCapture(stream, hipStreamCaptureModeGlobal) == hipSuccess);
  CHECK(hipMemPrefetchAsync(p, kPage, 0, stream) == hipErrorStreamCaptureUnsupported);
  hipGraph_t graph = nullptr;
  CHECK(hipStreamEndCapture(stream, &graph) == hipErrorStreamCaptureInvalidated);
  CHECK(fakeStat(kStatPrefetches) == before + 3);

  REQUIRE(hipEventDestroy(done) == hipSuccess);
  REQUIRE(hipStreamDestroy(stream) == hipSuccess);
  REQUIRE(hipFree(p) == hipSuccess);
}

TEST_CASE("managed memory on two GPUs: advice and prefetches name either", "[hsa][managed]") {
  const bool svm = GENERATE(false, true);
  INFO("SVM " << svm);
  FakeSystem system(2, svm);
  FakeRuntime runtime;
  int count = 0;
  REQUIRE(hipGetDeviceCount(&count) == hipSuccess);
  REQUIRE(count == 2);
  char* p = nullptr;
  REQUIRE(hipMallocManaged(reinterpret_cast<void**>(&p), kPage) == hipSuccess);
  REQUIRE(hipMemAdvise(p, kPage, hipMemAdviseSetAccessedBy, 1) == hipSuccess);
  REQUIRE(hipMemAdvise(p, kPage, hipMemAdviseSetAccessedBy, 0) == hipSuccess);
  CHECK(accessedBy(p, kPage) == std::vector<int>{0, 1, hipInvalidDeviceId});
  REQUIRE(hipMemAdvise(p, kPage, hipMemAdviseSetPreferredLocation, 1) == hipSuccess);
  CHECK(attribute(hipMemRangeAttributePreferredLocation, p, kPage) == 1);
  REQUIRE(hipMemPrefetchAsync(p, kPage, 1) == hipSuccess);  // device 0's stream, to device 1
  REQUIRE(hipDeviceSynchronize() == hipSuccess);
  CHECK(attribute(hipMemRangeAttributeLastPrefetchLocation, p, kPage) == 1);
  CHECK(hipMemPrefetchAsync(p, kPage, 2) == hipErrorInvalidDevice);
  REQUIRE(hipFree(p) == hipSuccess);
}

TEST_CASE("managed memory: bad arguments answer HIP's codes on AMD", "[hsa][managed]") {
  const bool svm = GENERATE(false, true);
  INFO("SVM " << svm);
  FakeSystem system(1, svm);
  FakeRuntime runtime;
  negativeCases();
}
