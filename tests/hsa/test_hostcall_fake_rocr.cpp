// The hostcall service of HsaBackend on the fake ROCr: the host thread answering a device that
// this test plays in host code exactly as __ockl_hostcall does (tests/hsa/hostcall_device.h),
// printf output on stdout/stderr, devmem allocation and free, teardown with the thread running,
// the PCIe-atomics refusal, and a clang-19 code object with printf/malloc whose launch must
// carry the buffer and the heap in its hidden arguments. What this cannot show: that a real
// GPU's doorbell interrupt wakes the thread and that real waves see the replies.
#include <catch2/catch.hpp>

#include <dlfcn.h>
#include <fcntl.h>
#include <hsa/hsa.h>
#include <unistd.h>

#include <cstdio>
#include <fstream>
#include <iterator>
#include <string>
#include <thread>
#include <vector>

#include "call_counters.h"
#include "code_object.h"
#include "hip/hip_runtime_api.h"
#include "hostcall_device.h"
#include "hsa_backend.h"
#include "test_support.h"

using namespace unihip;
using namespace unihip::hsa;
using test::PrintfPiece;

namespace {

void* fakeLibrary() {
  void* lib = dlopen(UNIHIP_FAKE_HSA_LIBRARY, RTLD_NOW | RTLD_NOLOAD);
  REQUIRE(lib != nullptr);
  return lib;
}
template <typename F>
F fakeSymbol(const char* name) {
  void* lib = fakeLibrary();
  auto f = reinterpret_cast<F>(dlsym(lib, name));
  dlclose(lib);
  REQUIRE(f != nullptr);
  return f;
}
int kernelErrors() { return fakeSymbol<int (*)(int)>("fake_hsa_stats")(3); }
void setHostAtomics(bool on) { fakeSymbol<void (*)(int)>("fake_hsa_set_host_atomics")(on ? 1 : 0); }

// What the device's __ockl_hsa_signal_add does to the doorbell, through the fake's signals.
struct Ring {
  hsa_signal_t doorbell;
  void operator()() const {
    fakeSymbol<void (*)(hsa_signal_t, hsa_signal_value_t)>("hsa_signal_add_relaxed")(doorbell, 1);
  }
};

// Captures what is written to file descriptor `fd` (1 or 2) while alive.
class Capture {
 public:
  explicit Capture(int fd) : fd_(fd) {
    std::fflush(nullptr);
    REQUIRE(pipe(pipe_) == 0);
    fcntl(pipe_[0], F_SETFL, O_NONBLOCK);
    saved_ = dup(fd_);
    dup2(pipe_[1], fd_);
  }
  ~Capture() { restore(); }
  std::string text() {
    restore();
    std::string all;
    char buf[4096];
    for (ssize_t n; (n = read(pipe_[0], buf, sizeof buf)) > 0;) all.append(buf, static_cast<size_t>(n));
    return all;
  }

 private:
  void restore() {
    if (saved_ < 0) return;
    std::fflush(nullptr);
    dup2(saved_, fd_);
    close(saved_);
    close(pipe_[1]);
    saved_ = -1;
  }
  int fd_, saved_ = -1, pipe_[2] = {-1, -1};
};

HsaBackend& hsaOf(Backend& b) { return static_cast<HsaBackend&>(b); }

uint64_t makeBuffer(Backend& b) {
  uint64_t address = 0;
  REQUIRE(hsaOf(b).hostcall().buffer(0, &address).ok());
  REQUIRE(address != 0);
  CHECK(hsaOf(b).hostcall().bufferFast(0) == address);
  return address;
}

std::vector<uint8_t> readFile(const char* path) {
  std::ifstream in(path, std::ios::binary);
  INFO("reading " << path);
  REQUIRE(in.good());
  return std::vector<uint8_t>(std::istreambuf_iterator<char>(in), {});
}

uint32_t hiddenOffset(const std::vector<uint8_t>& image, const char* kernel, ArgKind kind) {
  CodeObjectInfo info;
  REQUIRE(parseCodeObject(image.data(), image.size(), &info).ok());
  const KernelInfo* k = info.findKernel(kernel);
  REQUIRE(k != nullptr);
  for (const KernelArg& a : k->args)
    if (a.kind == kind) return a.offset;
  FAIL("no such hidden argument");
  return 0;
}

}  // namespace

TEST_CASE("hostcall service: printf from several work-items of one packet", "[hostcall][fake-rocr]") {
  auto b = test::fakeBackend();
  void* buffer = reinterpret_cast<void*>(makeBuffer(*b));
  const Ring ring{hsaOf(*b).hostcall().doorbell()};
  std::vector<std::vector<PrintfPiece>> message(64);
  const uint64_t lanes = 0b1011;  // lanes 0, 1, 3
  for (uint32_t l : {0u, 1u, 3u})
    message[l] = {PrintfPiece::str("lane %d: int %d long %ld double %.3f str %s ptr %p %%\n"),
                  PrintfPiece::u64(l), PrintfPiece::u64(static_cast<uint32_t>(-7)),
                  PrintfPiece::u64(1ull << 40), PrintfPiece::f64(2.5 + l),
                  PrintfPiece::str(l == 1 ? "a string of more than fifty-six bytes, sent in two chunks"
                                          : "short"),
                  PrintfPiece::u64(0xABC0 + l)};
  Capture out(1);
  const std::vector<int> n = test::devicePrintf(buffer, lanes, 0, message, ring);
  const std::string text = out.text();
  const std::string l0 = "lane 0: int -7 long 1099511627776 double 2.500 str short ptr 0xabc0 %\n";
  const std::string l1 =
      "lane 1: int -7 long 1099511627776 double 3.500 str a string of more than fifty-six bytes, "
      "sent in two chunks ptr 0xabc1 %\n";
  const std::string l3 = "lane 3: int -7 long 1099511627776 double 5.500 str short ptr 0xabc3 %\n";
  CHECK(n[0] == static_cast<int>(l0.size()));
  CHECK(n[1] == static_cast<int>(l1.size()));
  CHECK(n[3] == static_cast<int>(l3.size()));
  // Lane 1's longer string took an extra packet; all three end in the last one, in lane order.
  CHECK(text == l0 + l1 + l3);
}

TEST_CASE("hostcall service: fprintf(stderr) and consecutive messages in order", "[hostcall][fake-rocr]") {
  auto b = test::fakeBackend();
  void* buffer = reinterpret_cast<void*>(makeBuffer(*b));
  const Ring ring{hsaOf(*b).hostcall().doorbell()};
  std::vector<std::vector<PrintfPiece>> message(64);
  {
    Capture err(2);
    message[0] = {PrintfPiece::str("assert-like %s:%d\n"), PrintfPiece::str("file.hip"), PrintfPiece::u64(12)};
    CHECK(test::devicePrintf(buffer, 1, 1, message, ring)[0] == 24);
    CHECK(err.text() == "assert-like file.hip:12\n");
  }
  Capture out(1);
  for (int i = 0; i < 5; ++i) {
    message[0] = {PrintfPiece::str("line %d\n"), PrintfPiece::u64(static_cast<uint64_t>(i))};
    CHECK(test::devicePrintf(buffer, 1, 0, message, ring)[0] == 7);
  }
  message[0] = {PrintfPiece::str("no arguments\n")};
  CHECK(test::devicePrintf(buffer, 1, 0, message, ring)[0] == 13);
  CHECK(out.text() == "line 0\nline 1\nline 2\nline 3\nline 4\nno arguments\n");
}

TEST_CASE("hostcall service: waves racing for packets", "[hostcall][fake-rocr]") {
  auto b = test::fakeBackend();
  void* buffer = reinterpret_cast<void*>(makeBuffer(*b));
  const Ring ring{hsaOf(*b).hostcall().doorbell()};
  Capture out(1);
  std::vector<std::thread> waves;
  for (int w = 0; w < 4; ++w)
    waves.emplace_back([&, w] {
      std::vector<std::vector<PrintfPiece>> message(64);
      for (int i = 0; i < 25; ++i) {
        message[0] = {PrintfPiece::str("w%d i%d\n"), PrintfPiece::u64(static_cast<uint64_t>(w)),
                      PrintfPiece::u64(static_cast<uint64_t>(i))};
        test::devicePrintf(buffer, 1, 0, message, ring);
      }
    });
  for (auto& t : waves) t.join();
  const std::string text = out.text();
  size_t lines = 0;
  for (char c : text) lines += c == '\n';
  CHECK(lines == 100);
  CHECK(text.find("w3 i24\n") != std::string::npos);
  // Every packet came back: the free list still holds them all.
  const auto* h = static_cast<const hostcall::BufferHeader*>(buffer);
  const auto* headers = reinterpret_cast<const hostcall::PacketHeader*>(h->headers);
  size_t free = 0;
  for (uint64_t t = h->freeStack; t != 0 && free < 1u << 20; t = headers[t & h->indexMask].next) ++free;
  const hipDeviceProp_t& p = b->properties(0);
  CHECK(free == static_cast<size_t>(p.multiProcessorCount) * (p.maxThreadsPerMultiProcessor / p.warpSize));
}

TEST_CASE("hostcall service: devmem allocates aligned device memory and frees it", "[hostcall][fake-rocr]") {
  auto b = test::fakeBackend();
  void* buffer = reinterpret_cast<void*>(makeBuffer(*b));
  const Ring ring{hsaOf(*b).hostcall().doorbell()};
  uint64_t args[64][8] = {}, reply[64][2] = {};
  // Lane 0: a 2 MiB slab; lane 1: a 6 KiB block; lane 2: a non-slab 8000-byte block.
  args[0][1] = 2 << 20;
  args[1][1] = 6144;
  args[2][1] = 8000;
  test::deviceHostcall(buffer, hostcall::kServiceDevmem, 0b111, args, reply, ring);
  const uint64_t slab = reply[0][0], small = reply[1][0], big = reply[2][0];
  REQUIRE(slab != 0);
  REQUIRE(small != 0);
  REQUIRE(big != 0);
  CHECK(slab % (2 << 20) == 0);
  CHECK(small % 4096 == 0);
  CHECK(big % 4096 == 0);
  CHECK(hsaOf(*b).hostcall().devmemLive() == 3);
  std::memset(reinterpret_cast<void*>(slab), 1, 2 << 20);  // all of it is there
  // Free two of them (addr != 0, size 0); the third is freed at teardown.
  std::memset(args, 0, sizeof args);
  args[0][0] = slab;
  args[1][0] = small;
  test::deviceHostcall(buffer, hostcall::kServiceDevmem, 0b11, args, reply, ring);
  CHECK(hsaOf(*b).hostcall().devmemLive() == 1);
  // A free of an address it never handed out changes nothing.
  test::LogCapture log;
  args[0][0] = 0x1000;
  test::deviceHostcall(buffer, hostcall::kServiceDevmem, 1, args, reply, ring);
  CHECK(hsaOf(*b).hostcall().devmemLive() == 1);
  CHECK(log.text().find("unknown address") != std::string::npos);
  // A size the pool cannot give: 0 (the device's malloc returns NULL).
  args[0][0] = 0;
  args[0][1] = uint64_t{1} << 62;
  test::deviceHostcall(buffer, hostcall::kServiceDevmem, 1, args, reply, ring);
  CHECK(reply[0][0] == 0);
  CHECK(hsaOf(*b).hostcall().devmemLive() == 1);
}

TEST_CASE("hostcall service: unknown services answer 0", "[hostcall][fake-rocr]") {
  auto b = test::fakeBackend();
  void* buffer = reinterpret_cast<void*>(makeBuffer(*b));
  const Ring ring{hsaOf(*b).hostcall().doorbell()};
  test::LogCapture log;
  uint64_t args[64][8] = {}, reply[64][2] = {{7, 7}};
  args[0][0] = 0x1234;  // service 1 would call this host address: refused
  test::deviceHostcall(buffer, hostcall::kServiceFunctionCall, 1, args, reply, ring);
  CHECK(reply[0][0] == 0);
  test::deviceHostcall(buffer, 99, 1, args, reply, ring);
  CHECK(reply[0][0] == 0);
  CHECK(log.text().find("service 99 is not provided") != std::string::npos);
}

TEST_CASE("hostcall service: teardown with the thread running does not hang", "[hostcall][fake-rocr]") {
  for (int i = 0; i < 3; ++i) {
    auto b = test::fakeBackend();
    makeBuffer(*b);
    hsaOf(*b).hostcall().stop();  // stop twice: the second is a no-op
    hsaOf(*b).hostcall().stop();
  }
  auto b = test::fakeBackend();
  makeBuffer(*b);
  b.reset();  // joins the thread, frees the buffer
  SUCCEED();
}

TEST_CASE("hostcall: a device without PCIe atomics refuses hostcall kernels (hipErrorIllegalState)",
          "[hostcall][fake-rocr]") {
  if (std::string(UNIHIP_HSA_HOSTCALL_CODE_OBJECT).empty()) {
    WARN("no ROCm device libraries: skipped");
    return;
  }
  setHostAtomics(false);
  struct Restore {
    ~Restore() { setHostAtomics(true); }
  } restore;
  auto b = test::fakeBackend();
  uint64_t address = 1;
  test::LogCapture log;
  CHECK(hsaOf(*b).hostcall().buffer(0, &address).code() == hipErrorIllegalState);
  CHECK(log.text().find("PCIe atomics") != std::string::npos);
  std::vector<uint8_t> image = readFile(UNIHIP_HSA_HOSTCALL_CODE_OBJECT);
  NativeModule module = test::loadGfx90aModule(*b, image);
  NativeFunction f = nullptr;
  REQUIRE(b->getFunction(0, module, "hostcall_printf", &f).ok());
  std::vector<int> out(4);
  int* outPtr = out.data();
  double d = 1;
  const char* s = "x";
  void* args[] = {&outPtr, &d, &s};
  LaunchConfig c;
  c.grid = {1, 1, 1};
  c.block = {4, 1, 1};
  CHECK(b->launch(0, f, c, args).code() == hipErrorIllegalState);
  CHECK(b->launch(0, f, c, args).code() == hipErrorIllegalState);  // still refused, no retry
  CHECK(hsaOf(*b).hostcall().bufferFast(0) == 0);
  REQUIRE(b->unloadModule(0, module).ok());
}

TEST_CASE("hostcall: a clang-19 printf/malloc code object gets the buffer and the heap",
          "[hostcall][fake-rocr]") {
  if (std::string(UNIHIP_HSA_HOSTCALL_CODE_OBJECT).empty()) {
    WARN("no ROCm device libraries: skipped");
    return;
  }
  std::vector<uint8_t> image = readFile(UNIHIP_HSA_HOSTCALL_CODE_OBJECT);
  // The code object asks for both, where the fake's stand-ins look for them.
  CHECK(hiddenOffset(image, "hostcall_printf", ArgKind::HiddenHostcallBuffer) == 104);
  CHECK(hiddenOffset(image, "hostcall_printf", ArgKind::HiddenHeapV1) == 120);
  CHECK(hiddenOffset(image, "hostcall_malloc", ArgKind::HiddenHostcallBuffer) == 88);
  CHECK(hiddenOffset(image, "hostcall_malloc", ArgKind::HiddenHeapV1) == 104);
  // assert prints through hostcall fprintf(stderr) before it traps, as AMD's HIP.
  CHECK(hiddenOffset(image, "hostcall_assert", ArgKind::HiddenHostcallBuffer) == 88);
  const std::string bytes(image.begin(), image.end());
  CHECK(bytes.find("%s:%u: %s: Device-side assertion `%s' failed.\n") != std::string::npos);
  auto b = test::fakeBackend();
  const int errorsBefore = kernelErrors();
  NativeModule module = test::loadGfx90aModule(*b, image);
  NativeFunction printfKernel = nullptr, mallocKernel = nullptr;
  REQUIRE(b->getFunction(0, module, "hostcall_printf", &printfKernel).ok());
  REQUIRE(b->getFunction(0, module, "hostcall_malloc", &mallocKernel).ok());
  CHECK(hsaOf(*b).hostcall().bufferFast(0) == 0);  // nothing before the first such launch

  std::vector<int> out(4, -100);
  int* outPtr = out.data();
  double d = 0.25;
  const char* s = "from the device";
  void* args[] = {&outPtr, &d, &s};
  LaunchConfig c;
  c.grid = {1, 1, 1};
  c.block = {4, 1, 1};
  std::string text;
  {
    Capture capture(1);
    REQUIRE(b->launch(0, printfKernel, c, args).ok());
    REQUIRE(b->streamSynchronize(0, nullptr).ok());
    text = capture.text();
  }
  const uint64_t buffer = hsaOf(*b).hostcall().bufferFast(0);
  REQUIRE(buffer != 0);
  uint8_t packet[64], kernarg[256];
  fakeSymbol<void (*)(void*, void*, size_t)>("fake_hsa_last_dispatch")(packet, kernarg, sizeof kernarg);
  uint64_t hidden = 0, heap = 0;
  std::memcpy(&hidden, kernarg + 104, 8);
  std::memcpy(&heap, kernarg + 120, 8);
  CHECK(hidden == buffer);
  CHECK(heap != 0);
  CHECK(kernelErrors() == errorsBefore);  // the stand-in found both (and the heap zeroed)
  char ptr[32];
  std::snprintf(ptr, sizeof ptr, "%p", static_cast<void*>(outPtr));
  std::string expected;
  for (int t = 0; t < 4; ++t) {
    const std::string line = "tid " + std::to_string(t) + " 0 0.250000 from the device " + ptr + " %\n";
    expected += line;
    CHECK(out[t] == static_cast<int>(line.size()));
  }
  CHECK(text == expected);

  // malloc: the same buffer and heap; a 2 MiB-aligned slab from devmem, back at the end.
  std::vector<unsigned long long> addresses(8, 0);
  unsigned long long* aPtr = addresses.data();
  void* margs[] = {&aPtr};
  c.block = {8, 1, 1};
  REQUIRE(b->launch(0, mallocKernel, c, margs).ok());
  REQUIRE(b->streamSynchronize(0, nullptr).ok());
  fakeSymbol<void (*)(void*, void*, size_t)>("fake_hsa_last_dispatch")(packet, kernarg, sizeof kernarg);
  uint64_t mHidden = 0, mHeap = 0;
  std::memcpy(&mHidden, kernarg + 88, 8);
  std::memcpy(&mHeap, kernarg + 104, 8);
  CHECK(mHidden == buffer);
  CHECK(mHeap == heap);  // one heap per device, zeroed once
  CHECK(kernelErrors() == errorsBefore);
  REQUIRE(addresses[0] != 0);
  CHECK(addresses[0] % (2 << 20) == 0);
  CHECK(addresses[7] == addresses[0] + 7 * 64);
  CHECK(hsaOf(*b).hostcall().devmemLive() == 0);

  // A kernel without hostcall launches as before (no buffer involved).
  REQUIRE(b->unloadModule(0, module).ok());
}

TEST_CASE("hostcall: once the buffer and heap exist, launches take no lock and no allocation",
          "[hostcall][fake-rocr][hot-path]") {
  if (std::string(UNIHIP_HSA_HOSTCALL_CODE_OBJECT).empty() || !test::CallCounter::available()) {
    WARN("no ROCm device libraries or a sanitizer build: skipped");
    return;
  }
  std::vector<uint8_t> image = readFile(UNIHIP_HSA_HOSTCALL_CODE_OBJECT);
  auto b = test::fakeBackend();
  NativeModule module = test::loadGfx90aModule(*b, image);
  NativeFunction f = nullptr;
  REQUIRE(b->getFunction(0, module, "hostcall_malloc", &f).ok());
  NativeStream stream = nullptr;
  REQUIRE(b->streamCreate(0, 0, 0, &stream).ok());
  std::vector<unsigned long long> addresses(64, 0);
  unsigned long long* aPtr = addresses.data();
  void* args[] = {&aPtr};
  LaunchConfig c;
  c.grid = {1, 1, 1};
  c.block = {64, 1, 1};
  c.stream = stream;
  REQUIRE(b->launch(0, f, c, args).ok());  // creates the buffer, the thread and the heap
  REQUIRE(b->streamSynchronize(0, stream).ok());
  constexpr int kLaunches = 16;
  Status results[kLaunches];
  int allocations = -1, locks = -1;
  {
    test::CallCounter counter;
    for (Status& r : results) r = b->launch(0, f, c, args);
    allocations = counter.allocations();
    locks = counter.locks();
  }
  for (const Status& r : results) CHECK(r.ok());
  REQUIRE(b->streamSynchronize(0, stream).ok());
  CHECK(allocations == 0);
  CHECK(locks == 0);
  CHECK(addresses[63] == addresses[0] + 63 * 64);
  REQUIRE(b->streamDestroy(0, stream).ok());
  REQUIRE(b->unloadModule(0, module).ok());
}

TEST_CASE("hostcall: a cooperative launch gets the buffer and the heap too", "[hostcall][fake-rocr]") {
  if (std::string(UNIHIP_HSA_HOSTCALL_CODE_OBJECT).empty()) {
    WARN("no ROCm device libraries: skipped");
    return;
  }
  std::vector<uint8_t> image = readFile(UNIHIP_HSA_HOSTCALL_CODE_OBJECT);
  auto b = test::fakeBackend();
  const int errorsBefore = kernelErrors();
  NativeModule module = test::loadGfx90aModule(*b, image);
  NativeFunction f = nullptr;
  REQUIRE(b->getFunction(0, module, "hostcall_malloc", &f).ok());
  std::vector<unsigned long long> addresses(16, 0);
  unsigned long long* aPtr = addresses.data();
  void* args[] = {&aPtr};
  LaunchConfig c;
  c.grid = {1, 1, 1};
  c.block = {16, 1, 1};
  REQUIRE(b->launchCooperative(0, f, c, args).ok());
  REQUIRE(b->deviceSynchronize(0).ok());
  uint8_t packet[64], kernarg[256];
  fakeSymbol<void (*)(void*, void*, size_t)>("fake_hsa_last_dispatch")(packet, kernarg, sizeof kernarg);
  uint64_t hidden = 0, heap = 0;
  std::memcpy(&hidden, kernarg + 88, 8);
  std::memcpy(&heap, kernarg + 104, 8);
  CHECK(hidden == hsaOf(*b).hostcall().bufferFast(0));
  CHECK(hidden != 0);
  CHECK(heap != 0);
  CHECK(kernelErrors() == errorsBefore);
  CHECK(addresses[0] % (2 << 20) == 0);
  CHECK(addresses[15] == addresses[0] + 15 * 64);
  REQUIRE(b->unloadModule(0, module).ok());
}
