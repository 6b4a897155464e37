// Bad input answered as AMD's runtime (ROCm/clr hipamd/src) answers it, checked against the fake
// backend: garbage and destroyed handles (never dereferenced: no crash), pointers unihip never
// allocated (never handed to the driver), unknown enum values (no undefined behaviour), bad
// launch geometry. Each row names the call and the code AMD's runtime returns; where AMD's
// runtime itself crashes or has no check, the row says so and expects our documented answer.
#include <catch2/catch.hpp>

#include <atomic>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <string>
#include <thread>
#include <vector>

#include "base/allocation_map.h"
#include "core/handles.h"
#include "install_fake.h"

using namespace unihip::testing;

namespace {

struct Row {
  std::string what;
  hipError_t expected;
  std::function<hipError_t()> call;
};

void checkRows(const std::vector<Row>& rows) {
  int exact = 0;
  for (const Row& r : rows) {
    const hipError_t got = r.call();
    INFO(r.what << ": got " << hipGetErrorName(got) << ", expected "
                << hipGetErrorName(r.expected));
    CHECK(got == r.expected);
    if (got == r.expected) ++exact;
  }
  (void)hipGetLastError();
  WARN(exact << " of " << rows.size() << " rows exact");
}

// Pointers that were never handles: a small integer, a stack address, a heap block of something
// else, and addresses just inside and just past a real handle (not at an object boundary).
template <typename H>
std::vector<std::pair<std::string, H>> garbage(void* stackAddress, void* heapBlock) {
  return {{"(H)0xFFFF", reinterpret_cast<H>(uintptr_t{0xFFFF})},
          {"a stack address", static_cast<H>(stackAddress)},
          {"a heap block", static_cast<H>(heapBlock)},
          {"(H)-1", reinterpret_cast<H>(~uintptr_t{0})}};
}

}  // namespace

TEST_CASE("garbage stream, event, module and function handles: rejected, never dereferenced",
          "[bad-input][handles]") {
  installFake();
  long long stackWord[8] = {};
  void* heap = std::malloc(256);
  std::memset(heap, 0xff, 256);
  std::vector<Row> rows;
  for (auto& [name, s] : garbage<hipStream_t>(stackWord, heap)) {
    rows.push_back({"hipStreamQuery(" + name + ")", hipErrorContextIsDestroyed,
                    [s = s] { return hipStreamQuery(s); }});
    rows.push_back({"hipStreamSynchronize(" + name + ")", hipErrorContextIsDestroyed,
                    [s = s] { return hipStreamSynchronize(s); }});
    rows.push_back({"hipStreamDestroy(" + name + ")", hipErrorContextIsDestroyed,
                    [s = s] { return hipStreamDestroy(s); }});
    rows.push_back({"hipStreamGetFlags(" + name + ")", hipErrorContextIsDestroyed, [s = s] {
                      unsigned f = 0;
                      return hipStreamGetFlags(s, &f);
                    }});
    rows.push_back({"hipStreamGetPriority(" + name + ")", hipErrorContextIsDestroyed, [s = s] {
                      int p = 0;
                      return hipStreamGetPriority(s, &p);
                    }});
    rows.push_back({"hipStreamGetDevice(" + name + ")", hipErrorContextIsDestroyed, [s = s] {
                      hipDevice_t d = 0;
                      return hipStreamGetDevice(s, &d);
                    }});
    rows.push_back({"hipMemcpyAsync(.., " + name + ")", hipErrorContextIsDestroyed, [s = s] {
                      int a = 0, b = 0;
                      return hipMemcpyAsync(&a, &b, 4, hipMemcpyHostToHost, s);
                    }});
    rows.push_back({"hipLaunchHostFunc(" + name + ")", hipErrorContextIsDestroyed,
                    [s = s] { return hipLaunchHostFunc(s, [](void*) {}, nullptr); }});
    // AMD's stream-ordered allocator and hipStreamWaitEvent answer hipErrorInvalidHandle.
    rows.push_back({"hipMallocAsync(.., " + name + ")", hipErrorInvalidHandle, [s = s] {
                      void* p = nullptr;
                      return hipMallocAsync(&p, 16, s);
                    }});
    rows.push_back({"hipStreamWaitEvent(" + name + ", e)", hipErrorInvalidHandle, [s = s] {
                      hipEvent_t e = nullptr;
                      REQUIRE(hipEventCreate(&e) == hipSuccess);
                      hipError_t r = hipStreamWaitEvent(s, e, 0);
                      REQUIRE(hipEventDestroy(e) == hipSuccess);
                      return r;
                    }});
    rows.push_back({"hipEventRecord(e, " + name + ")", hipErrorContextIsDestroyed, [s = s] {
                      hipEvent_t e = nullptr;
                      REQUIRE(hipEventCreate(&e) == hipSuccess);
                      hipError_t r = hipEventRecord(e, s);
                      REQUIRE(hipEventDestroy(e) == hipSuccess);
                      return r;
                    }});
  }
  for (auto& [name, e] : garbage<hipEvent_t>(stackWord, heap)) {
    // AMD's runtime dereferences these (no validation); ours answers as for a destroyed event.
    rows.push_back({"hipEventRecord(" + name + ")", hipErrorInvalidHandle,
                    [e = e] { return hipEventRecord(e, nullptr); }});
    rows.push_back({"hipEventQuery(" + name + ")", hipErrorInvalidHandle,
                    [e = e] { return hipEventQuery(e); }});
    rows.push_back({"hipEventSynchronize(" + name + ")", hipErrorInvalidHandle,
                    [e = e] { return hipEventSynchronize(e); }});
    rows.push_back({"hipEventElapsedTime(" + name + ", " + name + ")", hipErrorInvalidHandle,
                    [e = e] {
                      float ms = 0;
                      return hipEventElapsedTime(&ms, e, e);
                    }});
    rows.push_back({"hipStreamWaitEvent(null, " + name + ")", hipErrorInvalidHandle,
                    [e = e] { return hipStreamWaitEvent(nullptr, e, 0); }});
    // AMD: not in its event set -> hipErrorContextIsDestroyed.
    rows.push_back({"hipEventDestroy(" + name + ")", hipErrorContextIsDestroyed,
                    [e = e] { return hipEventDestroy(e); }});
  }
  // Modules and functions: unihip's answers (hip_module.cpp); the point here is no crash.
  for (auto& [name, m] : garbage<hipModule_t>(stackWord, heap)) {
    // AMD: a module not in its map (unloaded, or never one) -> hipErrorNotFound.
    rows.push_back({"hipModuleUnload(" + name + ")", hipErrorNotFound,
                    [m = m] { return hipModuleUnload(m); }});
    rows.push_back({"hipModuleGetFunction(.., " + name + ")", hipErrorInvalidResourceHandle,
                    [m = m] {
                      hipFunction_t f = nullptr;
                      return hipModuleGetFunction(&f, m, "k");
                    }});
  }
  for (auto& [name, f] : garbage<hipFunction_t>(stackWord, heap)) {
    rows.push_back({"hipModuleLaunchKernel(" + name + ")", hipErrorInvalidResourceHandle,
                    [f = f] {
                      return hipModuleLaunchKernel(f, 1, 1, 1, 1, 1, 1, 0, nullptr, nullptr,
                                                   nullptr);
                    }});
  }
  checkRows(rows);
  // The garbage was never written through.
  for (long long w : stackWord) CHECK(w == 0);
  for (int i = 0; i < 256; ++i) CHECK(static_cast<unsigned char*>(heap)[i] == 0xff);
  std::free(heap);
}

TEST_CASE("a pointer inside a live handle, not at its start, is no handle", "[bad-input][handles]") {
  installFake();
  hipStream_t s = nullptr;
  hipEvent_t e = nullptr;
  REQUIRE(hipStreamCreate(&s) == hipSuccess);
  REQUIRE(hipEventCreate(&e) == hipSuccess);
  auto* inside = reinterpret_cast<hipStream_t>(reinterpret_cast<char*>(s) + 4);
  CHECK(hipStreamQuery(inside) == hipErrorContextIsDestroyed);
  CHECK(hipStreamDestroy(inside) == hipErrorContextIsDestroyed);
  auto* insideEvent = reinterpret_cast<hipEvent_t>(reinterpret_cast<char*>(e) + 8);
  CHECK(hipEventQuery(insideEvent) == hipErrorInvalidHandle);
  // A stream handle is no event handle and vice versa.
  CHECK(hipEventQuery(reinterpret_cast<hipEvent_t>(s)) == hipErrorInvalidHandle);
  CHECK(hipStreamQuery(reinterpret_cast<hipStream_t>(e)) == hipErrorContextIsDestroyed);
  CHECK(hipStreamQuery(s) == hipSuccess);
  CHECK(hipEventQuery(e) == hipSuccess);
  CHECK(hipStreamDestroy(s) == hipSuccess);
  CHECK(hipEventDestroy(e) == hipSuccess);
  (void)hipGetLastError();
}

TEST_CASE("handles: recycled after destroy, many live at once (more than one slab)",
          "[bad-input][handles]") {
  installFake();
  std::vector<hipStream_t> streams(1000);
  for (auto& s : streams) REQUIRE(hipStreamCreate(&s) == hipSuccess);
  for (auto s : streams) CHECK(hipStreamQuery(s) == hipSuccess);
  hipStream_t last = streams.back();
  REQUIRE(hipStreamDestroy(last) == hipSuccess);
  CHECK(hipStreamQuery(last) == hipErrorContextIsDestroyed);
  hipStream_t again = nullptr;
  REQUIRE(hipStreamCreate(&again) == hipSuccess);
  CHECK(again == last);  // the destroyed object is reused first
  streams.back() = again;
  for (auto s : streams) CHECK(hipStreamDestroy(s) == hipSuccess);
  for (auto s : streams) CHECK(hipStreamQuery(s) == hipErrorContextIsDestroyed);
  (void)hipGetLastError();
}

TEST_CASE("handle validation is thread-safe against concurrent create and destroy",
          "[bad-input][handles][threads]") {
  installFake();
  std::atomic<bool> stop{false};
  std::atomic<int> bad{0};
  std::thread checker([&] {
    long long local = 0;
    while (!stop.load()) {
      if (hipStreamQuery(reinterpret_cast<hipStream_t>(&local)) != hipErrorContextIsDestroyed)
        ++bad;
      if (hipStreamQuery(reinterpret_cast<hipStream_t>(uintptr_t{0xFFFF})) !=
          hipErrorContextIsDestroyed)
        ++bad;
    }
  });
  for (int i = 0; i < 2000; ++i) {
    hipStream_t s = nullptr;
    REQUIRE(hipStreamCreate(&s) == hipSuccess);
    CHECK(hipStreamQuery(s) == hipSuccess);
    REQUIRE(hipStreamDestroy(s) == hipSuccess);
  }
  stop = true;
  checker.join();
  CHECK(bad == 0);
  (void)hipGetLastError();
}

TEST_CASE("memory: pointers unihip never allocated are rejected before the driver",
          "[bad-input][memory]") {
  installFake();
  int stackInts[16] = {};
  void* heap = std::malloc(64);
  void* d = nullptr;
  REQUIRE(hipMalloc(&d, 64) == hipSuccess);
  void* h = nullptr;
  REQUIRE(hipHostMalloc(&h, 64, 0) == hipSuccess);
  void* freed = nullptr;
  REQUIRE(hipMalloc(&freed, 32) == hipSuccess);
  REQUIRE(hipFree(freed) == hipSuccess);
  size_t f = 0, t = 0;
  std::vector<Row> rows = {
      // hip_memory.cpp hipMemGetInfo: both null is success; each output is filled when given.
      {"hipMemGetInfo(null, null)", hipSuccess, [] { return hipMemGetInfo(nullptr, nullptr); }},
      {"hipMemGetInfo(&free, null)", hipSuccess, [&] { return hipMemGetInfo(&f, nullptr); }},
      {"hipMemGetInfo(null, &total)", hipSuccess, [&] { return hipMemGetInfo(nullptr, &t); }},
      // ihipMalloc: more than the device has -> hipErrorOutOfMemory.
      {"hipMalloc(2^62)", hipErrorOutOfMemory, [] {
         void* p = nullptr;
         return hipMalloc(&p, size_t{1} << 62);
       }},
      {"hipMalloc(SIZE_MAX)", hipErrorOutOfMemory, [] {
         void* p = nullptr;
         return hipMalloc(&p, SIZE_MAX);
       }},
      // ihipFree: no memory object at the pointer -> hipErrorInvalidValue.
      {"hipFree(stack)", hipErrorInvalidValue, [&] { return hipFree(stackInts); }},
      {"hipFree(malloc'd)", hipErrorInvalidValue, [&] { return hipFree(heap); }},
      {"hipFree(freed)", hipErrorInvalidValue, [&] { return hipFree(freed); }},
      {"hipFree(0xFFFF)", hipErrorInvalidValue,
       [] { return hipFree(reinterpret_cast<void*>(uintptr_t{0xFFFF})); }},
      {"hipFree(inside an allocation)", hipErrorInvalidValue,
       [&] { return hipFree(static_cast<char*>(d) + 8); }},
      {"hipHostFree(stack)", hipErrorInvalidValue, [&] { return hipHostFree(stackInts); }},
      {"hipHostFree(malloc'd)", hipErrorInvalidValue, [&] { return hipHostFree(heap); }},
      {"hipFreeHost(freed)", hipErrorInvalidValue, [&] { return hipFreeHost(freed); }},
      // ihipMemset_validate: no memory object -> hipErrorInvalidValue ("dst ptr is host ptr").
      {"hipMemset(stack)", hipErrorInvalidValue, [&] { return hipMemset(stackInts, 0, 4); }},
      {"hipMemset(malloc'd)", hipErrorInvalidValue, [&] { return hipMemset(heap, 0, 4); }},
      {"hipMemset(freed)", hipErrorInvalidValue, [&] { return hipMemset(freed, 0, 4); }},
      {"hipMemsetD8(stack)", hipErrorInvalidValue, [&] { return hipMemsetD8(stackInts, 0, 4); }},
      {"hipMemsetD32(stack)", hipErrorInvalidValue, [&] { return hipMemsetD32(stackInts, 0, 4); }},
      {"hipMemsetAsync(stack)", hipErrorInvalidValue,
       [&] { return hipMemsetAsync(stackInts, 0, 4, nullptr); }},
      {"hipMemset(0 bytes, stack)", hipSuccess, [&] { return hipMemset(stackInts, 0, 0); }},
      // Past the allocation's end: no memory object covers it.
      {"hipMemset(device, 65 of 64 bytes)", hipErrorInvalidValue, [&] { return hipMemset(d, 0, 65); }},
      {"hipMemsetD32(device, 17 words of 16)", hipErrorInvalidValue,
       [&] { return hipMemsetD32(d, 0, 17); }},
      {"hipMemset(device + 60, 4 bytes)", hipSuccess,
       [&] { return hipMemset(static_cast<char*>(d) + 60, 1, 4); }},
      {"hipMemset(pinned host)", hipSuccess, [&] { return hipMemset(h, 0, 64); }},
      {"hipMemsetAsync(device)", hipSuccess, [&] { return hipMemsetAsync(d, 2, 64, nullptr); }},
  };
  checkRows(rows);
  CHECK(f == size_t{1} << 30);
  CHECK(t == size_t{1} << 30);
  for (int v : stackInts) CHECK(v == 0);
  // AMD's hipFree and hipHostFree free either kind of allocation.
  CHECK(hipHostFree(d) == hipSuccess);
  CHECK(hipFree(h) == hipSuccess);
  CHECK(hipFree(d) == hipErrorInvalidValue);
  std::free(heap);
  (void)hipGetLastError();
}

TEST_CASE("allocation map: range lookups, exact frees, stale entries", "[bad-input][memory]") {
  using unihip::Allocation;
  using unihip::AllocationKind;
  using unihip::AllocationMap;
  AllocationMap& map = AllocationMap::get();
  alignas(64) static char arena[1024];
  const size_t before = map.size();
  map.insert({arena, 256, 0, AllocationKind::Device});
  map.insert({arena + 512, 128, 1, AllocationKind::PinnedHost});
  Allocation a;
  CHECK(map.find(arena, &a));
  CHECK((a.base == arena && a.size == 256 && a.device == 0));
  CHECK(map.find(arena + 255, &a));
  CHECK_FALSE(map.find(arena + 256, &a));
  CHECK(map.find(arena + 600, &a));
  CHECK((a.base == arena + 512 && a.kind == AllocationKind::PinnedHost && a.device == 1));
  CHECK(map.containsRange(arena + 8, 248));
  CHECK_FALSE(map.containsRange(arena + 8, 249));
  CHECK_FALSE(map.containsRange(arena + 300, 1));
  CHECK_FALSE(map.take(arena + 1, &a));
  // Memory handed out again (its old entry is stale): the new range replaces what it overlaps.
  map.insert({arena + 128, 512, 2, AllocationKind::Device});
  CHECK_FALSE(map.find(arena, &a));
  CHECK(map.find(arena + 600, &a));
  CHECK(a.device == 2);
  CHECK(map.take(arena + 128, &a));
  CHECK_FALSE(map.take(arena + 128, &a));
  CHECK(map.size() == before);
  map.insert({arena, 8, 7, AllocationKind::Device});
  map.insert({arena + 8, 8, 7, AllocationKind::PinnedHost});
  CHECK(map.takeDevice(7).size() == 2);
  CHECK(map.size() == before);
}

TEST_CASE("hipDeviceReset frees the device's allocations", "[bad-input][memory]") {
  installFake();
  void* d = nullptr;
  void* h = nullptr;
  REQUIRE(hipMalloc(&d, 16) == hipSuccess);
  REQUIRE(hipHostMalloc(&h, 16, 0) == hipSuccess);
  REQUIRE(hipDeviceReset() == hipSuccess);
  CHECK(hipFree(d) == hipErrorInvalidValue);
  CHECK(hipHostFree(h) == hipErrorInvalidValue);
  CHECK(hipMemset(d, 0, 16) == hipErrorInvalidValue);
  (void)hipGetLastError();
}

TEST_CASE("events: AMD's answers for double destroy, unrecorded and foreign events",
          "[bad-input][events]") {
  installFake(2);
  REQUIRE(hipSetDevice(0) == hipSuccess);
  hipEvent_t a = nullptr, b = nullptr, dead = nullptr;
  REQUIRE(hipEventCreate(&a) == hipSuccess);
  REQUIRE(hipEventCreate(&b) == hipSuccess);
  REQUIRE(hipEventCreate(&dead) == hipSuccess);
  REQUIRE(hipSetDevice(1) == hipSuccess);
  hipEvent_t other = nullptr;
  hipStream_t otherStream = nullptr;
  REQUIRE(hipEventCreate(&other) == hipSuccess);
  REQUIRE(hipStreamCreate(&otherStream) == hipSuccess);
  REQUIRE(hipEventRecord(other, otherStream) == hipSuccess);
  REQUIRE(hipSetDevice(0) == hipSuccess);
  REQUIRE(hipEventDestroy(dead) == hipSuccess);  // after the creates: nothing reuses it yet
  float ms = -1;
  std::vector<Row> rows = {
      // hipEventDestroy: not in the event set -> hipErrorContextIsDestroyed.
      {"hipEventDestroy(destroyed)", hipErrorContextIsDestroyed, [&] { return hipEventDestroy(dead); }},
      {"hipEventDestroy(null)", hipErrorInvalidHandle, [] { return hipEventDestroy(nullptr); }},
      // Event::elapsedTime: event_ == nullptr (never recorded) -> hipErrorInvalidHandle.
      {"hipEventElapsedTime(unrecorded, unrecorded)", hipErrorInvalidHandle,
       [&] { return hipEventElapsedTime(&ms, a, b); }},
      {"hipEventElapsedTime(same unrecorded event)", hipErrorInvalidHandle,
       [&] { return hipEventElapsedTime(&ms, a, a); }},
      {"hipEventElapsedTime(recorded, unrecorded)", hipErrorInvalidHandle, [&] {
         REQUIRE(hipEventRecord(a, nullptr) == hipSuccess);
         return hipEventElapsedTime(&ms, a, b);
       }},
      // Different devices -> hipErrorInvalidResourceHandle.
      {"hipEventElapsedTime(device 0, device 1)", hipErrorInvalidResourceHandle,
       [&] { return hipEventElapsedTime(&ms, a, other); }},
      // hipEventRecord_common: event and stream of different devices -> InvalidResourceHandle.
      {"hipEventRecord(device-0 event, device-1 stream)", hipErrorInvalidResourceHandle,
       [&] { return hipEventRecord(b, otherStream); }},
      {"hipEventElapsedTime(recorded, recorded)", hipSuccess, [&] {
         REQUIRE(hipEventRecord(b, nullptr) == hipSuccess);
         return hipEventElapsedTime(&ms, a, b);
       }},
  };
  checkRows(rows);
  CHECK(ms == 1.5f);  // only the last row reached the backend
  // A recycled event starts unrecorded again.
  REQUIRE(hipEventDestroy(b) == hipSuccess);
  hipEvent_t c = nullptr;
  REQUIRE(hipEventCreate(&c) == hipSuccess);
  CHECK(hipEventElapsedTime(&ms, a, c) == hipErrorInvalidHandle);
  CHECK(hipEventDestroy(c) == hipSuccess);
  CHECK(hipEventDestroy(a) == hipSuccess);
  REQUIRE(hipSetDevice(1) == hipSuccess);
  CHECK(hipEventDestroy(other) == hipSuccess);
  CHECK(hipStreamDestroy(otherStream) == hipSuccess);
  REQUIRE(hipSetDevice(0) == hipSuccess);
  (void)hipGetLastError();
}

TEST_CASE("device attributes: values that name no attribute are hipErrorInvalidValue",
          "[bad-input][device]") {
  installFake();
  int v = 0;
  // hipDeviceGetAttribute's switch: default -> hipErrorInvalidValue. Out-of-range values must
  // also not be loaded as the enum (UBSan).
  for (int raw : {-1, 64, 86, 93, 5000, 9999, 10001, 10003, 10004, 10021, 19999, 20000, 123456,
                  0x7fffffff}) {
    INFO("attribute " << raw);
    CHECK(hipDeviceGetAttribute(&v, static_cast<hipDeviceAttribute_t>(raw), 0) ==
          hipErrorInvalidValue);
  }
  CHECK(hipDeviceGetAttribute(&v, hipDeviceAttributeWarpSize, 0) == hipSuccess);
  CHECK(v == 32);
  CHECK(hipDeviceGetAttribute(&v, hipDeviceAttributeClockInstructionRate, 0) == hipSuccess);
  (void)hipGetLastError();
}

TEST_CASE("error names of values HIP does not define", "[bad-input][errors]") {
  for (int raw : {-1, 1000, 1055, 2047, 4096, 123456, 0x7fffffff}) {
    INFO("code " << raw);
    CHECK(std::string(hipGetErrorName(static_cast<hipError_t>(raw))) == "hipErrorUnknown");
    CHECK(std::string(hipGetErrorString(static_cast<hipError_t>(raw))) == "unknown error");
  }
}

TEST_CASE("launch geometry and streams: AMD's answers for hipLaunchKernel", "[bad-input][launch]") {
  auto* fake = installFake(1, "gfx90a");
  extern const void* scaleHostFunction();
  const void* k = scaleHostFunction();
  float* x = nullptr;
  float a = 1;
  void* args[] = {&x, &a};
  hipStream_t dead = nullptr;
  REQUIRE(hipStreamCreate(&dead) == hipSuccess);
  REQUIRE(hipStreamDestroy(dead) == hipSuccess);
  long long stackWord = 0;
  std::vector<Row> rows = {
      // ihipLaunchKernel_validate (HIP 7): a zero grid or block dimension -> hipErrorInvalidValue.
      {"grid (0,1,1)", hipErrorInvalidValue,
       [&] { return hipLaunchKernel(k, dim3(0), dim3(1), args, 0, nullptr); }},
      {"grid (1,0,1)", hipErrorInvalidValue,
       [&] { return hipLaunchKernel(k, dim3(1, 0), dim3(1), args, 0, nullptr); }},
      {"block (0,1,1)", hipErrorInvalidValue,
       [&] { return hipLaunchKernel(k, dim3(1), dim3(0), args, 0, nullptr); }},
      {"block (1,1,0)", hipErrorInvalidValue,
       [&] { return hipLaunchKernel(k, dim3(1), dim3(1, 1, 0), args, 0, nullptr); }},
      // More threads than maxWorkGroupSize -> hipErrorInvalidConfiguration.
      {"block 4096", hipErrorInvalidConfiguration,
       [&] { return hipLaunchKernel(k, dim3(1), dim3(4096), args, 0, nullptr); }},
      {"block (64,64,1)", hipErrorInvalidConfiguration,
       [&] { return hipLaunchKernel(k, dim3(1), dim3(64, 64), args, 0, nullptr); }},
      // HIP 7: an invalid stream -> hipErrorContextIsDestroyed (HIP 6: hipErrorInvalidValue).
      {"destroyed stream", hipErrorContextIsDestroyed,
       [&] { return hipLaunchKernel(k, dim3(1), dim3(1), args, 0, dead); }},
      {"garbage stream 0xFFFF", hipErrorContextIsDestroyed, [&] {
         return hipLaunchKernel(k, dim3(1), dim3(1), args, 0,
                                reinterpret_cast<hipStream_t>(uintptr_t{0xFFFF}));
       }},
      {"stack address as stream", hipErrorContextIsDestroyed, [&] {
         return hipLaunchKernel(k, dim3(1), dim3(1), args, 0,
                                reinterpret_cast<hipStream_t>(&stackWord));
       }},
      {"per-thread launch on a destroyed stream", hipErrorContextIsDestroyed,
       [&] { return hipLaunchKernel_spt(k, dim3(1), dim3(1), args, 0, dead); }},
  };
  checkRows(rows);
  CHECK(fake->launches == 0);
  CHECK(stackWord == 0);
  CHECK(hipLaunchKernel(k, dim3(1), dim3(1), args, 0, nullptr) == hipSuccess);
  CHECK(fake->launches == 1);
  (void)hipGetLastError();
}
