// The AMD path's hot calls on the fake ROCr: a kernel launch and an async copy take no heap
// allocation and no lock once warm (issue 16, item 7). CallCounter (call_counters.h) counts both
// on the calling thread, leaving out the fake ROCr's own work (real ROCr does these with atomics).
// A hidden test case runs the same calls in a loop for bench/count_instructions.sh (callgrind).
#include <catch2/catch.hpp>

#include <cstdlib>
#include <fstream>
#include <iterator>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "backend.h"
#include "call_counters.h"
#include "test_support.h"

using namespace unihip;
using unihip::hsa::test::fakeBackend;
namespace test = unihip::hsa::test;

namespace {

// A loaded axpy kernel, its buffers, a stream and pinned host memory.
struct HotPath {
  std::unique_ptr<Backend> b = fakeBackend();
  std::vector<uint8_t> image = test::readCodeObject("gfx90a");
  NativeModule module = nullptr;
  NativeFunction axpy = nullptr;
  NativeStream stream = nullptr;
  static constexpr int n = 256;
  void *dx = nullptr, *dy = nullptr, *pinned = nullptr;
  float a = 1.0f;
  int count = n;
  void* args[4] = {&a, &dx, &dy, &count};
  LaunchConfig config;

  HotPath() {
    BundleEntry entry;
    entry.id = "hipv4-amdgcn-amd-amdhsa--gfx90a";
    entry.kind = ImageKind::AmdCodeObject;
    entry.data = image.data();
    entry.size = image.size();
    REQUIRE(b->loadModule(0, entry, &module).ok());
    REQUIRE(b->getFunction(0, module, "axpy", &axpy).ok());
    REQUIRE(b->malloc(0, n * sizeof(float), &dx).ok());
    REQUIRE(b->malloc(0, n * sizeof(float), &dy).ok());
    REQUIRE(b->hostMalloc(0, n * sizeof(float), 0, &pinned).ok());
    REQUIRE(b->streamCreate(0, 0, 0, &stream).ok());
    config.grid = dim3(1);
    config.block = dim3(n);
    config.stream = stream;
  }
  ~HotPath() {
    b->streamSynchronize(0, stream);
    b->streamDestroy(0, stream);
    b->free(0, dx);
    b->free(0, dy);
    b->hostFree(0, pinned);
    b->unloadModule(0, module);
  }
  [[gnu::noinline]] Status launch() { return b->launch(0, axpy, config, args); }
  [[gnu::noinline]] Status copy() {
    return b->memcpyAsync(0, dy, pinned, n * sizeof(float), CopyDirection::HostToDevice, stream);
  }
  [[gnu::noinline]] Status copyOnDevice() {
    return b->memcpyAsync(0, dx, dy, n * sizeof(float), CopyDirection::DeviceToDevice, stream);
  }
};

}  // namespace

TEST_CASE("fake ROCr: the counters see an allocation and a lock", "[hsa][hot-path]") {
  if (!test::CallCounter::available()) {
    WARN("sanitizer build: the interposers are off, nothing counted");
    return;
  }
  std::mutex m;
  test::CallCounter counter;
  auto p = std::make_unique<int>(1);
  m.lock();
  m.unlock();
  CHECK(counter.allocations() == 1);
  CHECK(counter.locks() == 1);
}

namespace {

// Allocations and locks of `calls` calls of `call` (after one warm-up call and a sync).
template <typename Call>
void countCalls(HotPath& h, Call call, int* allocations, int* locks) {
  REQUIRE(call().ok());
  REQUIRE(h.b->streamSynchronize(0, h.stream).ok());
  constexpr int kCalls = 32;
  Status results[kCalls];
  {
    test::CallCounter counter;
    for (Status& r : results) r = call();
    *allocations = counter.allocations();
    *locks = counter.locks();
  }
  for (const Status& r : results) REQUIRE(r.ok());
  REQUIRE(h.b->streamSynchronize(0, h.stream).ok());
}

}  // namespace

TEST_CASE("fake ROCr: a kernel launch takes no allocation and no lock", "[hsa][hot-path]") {
  if (!test::CallCounter::available()) {
    WARN("sanitizer build: the interposers are off, nothing counted");
    return;
  }
  HotPath h;
  int allocations = -1, locks = -1;
  countCalls(h, [&] { return h.launch(); }, &allocations, &locks);
  CHECK(allocations == 0);
  CHECK(locks == 0);
}

// Copies take their completion signals from the stream's copy ring (copy_ring.h), not the pool.
TEST_CASE("fake ROCr: an async copy takes no allocation and no lock", "[hsa][hot-path]") {
  if (!test::CallCounter::available()) {
    WARN("sanitizer build: the interposers are off, nothing counted");
    return;
  }
  HotPath h;
  int allocations = -1, locks = -1;
  countCalls(h, [&] { return h.copy(); }, &allocations, &locks);
  INFO("H2D from pinned memory: " << allocations << " allocations, " << locks << " locks");
  CHECK(allocations == 0);
  CHECK(locks == 0);
  countCalls(h, [&] { return h.copyOnDevice(); }, &allocations, &locks);
  INFO("D2D: " << allocations << " allocations, " << locks << " locks");
  CHECK(allocations == 0);
  CHECK(locks == 0);
}

// For bench/count_instructions.sh: UNIHIP_HSA_CALLS launches and as many async copies, after a
// warm-up; callgrind collects inside HsaBackend::launch / memcpyAsync. With
// UNIHIP_HSA_PRINTF_RUNNING=1 a printing kernel runs first, so the hostcall buffer, its service
// thread and the device heap exist while axpy (which does not print) is launched: issue 12's
// "the printf service adds no work to launches of kernels that do not print".
TEST_CASE("fake ROCr: hot path loop for the instruction count", "[.hsa-instructions]") {
  const char* calls = std::getenv("UNIHIP_HSA_CALLS");
  const int n = calls ? std::atoi(calls) : 1000;
  HotPath h;
  NativeModule printing = nullptr;
  if (const char* v = std::getenv("UNIHIP_HSA_PRINTF_RUNNING"); v != nullptr && *v == '1') {
    std::ifstream in(UNIHIP_HSA_HOSTCALL_CODE_OBJECT, std::ios::binary);
    std::vector<uint8_t> image((std::istreambuf_iterator<char>(in)), {});
    REQUIRE(!image.empty());
    printing = test::loadGfx90aModule(*h.b, image);
    NativeFunction f = nullptr;
    REQUIRE(h.b->getFunction(0, printing, "hostcall_printf", &f).ok());
    std::vector<int> out(1);
    int* outPtr = out.data();
    double d = 0.5;
    const char* text = "printf service running";
    void* args[] = {&outPtr, &d, &text};
    LaunchConfig c;
    c.grid = dim3(1);
    c.block = dim3(1);
    c.stream = h.stream;
    REQUIRE(h.b->launch(0, f, c, args).ok());
    REQUIRE(h.b->streamSynchronize(0, h.stream).ok());
    REQUIRE(out[0] > 0);  // printf's return value: the service answered
  }
  REQUIRE(h.launch().ok());
  REQUIRE(h.copy().ok());
  REQUIRE(h.b->streamSynchronize(0, h.stream).ok());
  int failures = 0;
  for (int i = 0; i < n; ++i) {
    failures += !h.launch().ok();
    failures += !h.copy().ok();
    if (i % 64 == 63) failures += !h.b->streamSynchronize(0, h.stream).ok();
  }
  CHECK(failures == 0);
  REQUIRE(h.b->streamSynchronize(0, h.stream).ok());
  if (printing != nullptr) CHECK(h.b->unloadModule(0, printing).ok());
}
