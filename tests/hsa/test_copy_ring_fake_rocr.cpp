// Async copies through a stream's copy ring (backends/hsa/copy_ring.h) on the fake ROCr: stream
// order with fills around each copy, more copies in flight than the ring holds (the pool's path
// takes over and both mix), copies from several threads at once, events and stream destroy while
// copies wait.
#include <catch2/catch.hpp>

#include <atomic>
#include <chrono>
#include <cstring>
#include <thread>
#include <vector>

#include "backend.h"
#include "copy_ring.h"
#include "test_support.h"

using namespace unihip;
using unihip::hsa::test::fakeBackend;

namespace {

// A host function that holds the stream until `open` is set, so everything queued behind it is
// still pending while the test looks.
void gate(void* p) {
  while (!static_cast<std::atomic<bool>*>(p)->load()) std::this_thread::yield();
}

constexpr int kCopies = 3 * hsa::CopyRing::kSlots + 5;  // wraps the ring while all are pending

}  // namespace

TEST_CASE("fake ROCr: copies beyond the ring's size stay in stream order", "[hsa][copy-ring]") {
  auto b = fakeBackend();
  NativeStream s = nullptr;
  REQUIRE(b->streamCreate(0, 0, 0, &s).ok());
  void *d = nullptr, *out = nullptr;
  REQUIRE(b->malloc(0, 64, &d).ok());
  REQUIRE(b->hostMalloc(0, size_t{kCopies} * 64, 0, &out).ok());
  std::memset(out, 0xEE, size_t{kCopies} * 64);
  std::atomic<bool> open{false};
  REQUIRE(b->launchHostFunc(0, s, gate, &open).ok());
  auto* bytes = static_cast<uint8_t*>(out);
  for (int i = 0; i < kCopies; ++i) {  // each copy between the fill before and the fill after it
    REQUIRE(b->memsetAsync(0, d, static_cast<uint8_t>(i), 64, s).ok());
    REQUIRE(b->memcpyAsync(0, bytes + i * 64, d, 64, CopyDirection::DeviceToHost, s).ok());
  }
  std::this_thread::sleep_for(std::chrono::milliseconds(10));
  CHECK(b->streamQuery(0, s) == hipErrorNotReady);
  CHECK(bytes[0] == 0xEE);  // nothing overtook the gate
  open = true;
  REQUIRE(b->streamSynchronize(0, s).ok());
  CHECK(b->streamQuery(0, s).ok());
  int wrong = 0;
  for (int i = 0; i < kCopies; ++i)
    for (int j = 0; j < 64; ++j) wrong += bytes[i * 64 + j] != static_cast<uint8_t>(i);
  CHECK(wrong == 0);

  // A copy alone on a stream (no earlier work) and one right behind it: both land.
  std::vector<uint8_t> host(64, 0);
  REQUIRE(b->memsetAsync(0, d, 0x42, 64, s).ok());
  REQUIRE(b->memcpyAsync(0, host.data(), d, 64, CopyDirection::DeviceToHost, s).ok());
  REQUIRE(b->streamSynchronize(0, s).ok());
  CHECK(host[63] == 0x42);

  REQUIRE(b->hostFree(0, out).ok());
  REQUIRE(b->free(0, d).ok());
  REQUIRE(b->streamDestroy(0, s).ok());
}

TEST_CASE("fake ROCr: copies from several threads on one stream", "[hsa][copy-ring]") {
  auto b = fakeBackend();
  NativeStream s = nullptr;
  REQUIRE(b->streamCreate(0, 0, 0, &s).ok());
  constexpr int kThreads = 4, kEach = 100;
  void *src = nullptr, *dst = nullptr, *dev = nullptr;
  REQUIRE(b->hostMalloc(0, kThreads * kEach * 16, 0, &src).ok());
  REQUIRE(b->hostMalloc(0, kThreads * kEach * 16, 0, &dst).ok());
  REQUIRE(b->malloc(0, kThreads * kEach * 16, &dev).ok());
  for (int i = 0; i < kThreads * kEach * 16; ++i)
    static_cast<uint8_t*>(src)[i] = static_cast<uint8_t>(i * 7);
  std::memset(dst, 0, kThreads * kEach * 16);
  std::atomic<int> failures{0};
  std::vector<std::thread> threads;
  for (int t = 0; t < kThreads; ++t)
    threads.emplace_back([&, t] {
      for (int i = 0; i < kEach; ++i) {
        const size_t at = (static_cast<size_t>(t) * kEach + i) * 16;
        auto* d = static_cast<uint8_t*>(dev) + at;
        // H2D then D2H of the same bytes: the second must see the first (one thread's order).
        failures += !b->memcpyAsync(0, d, static_cast<uint8_t*>(src) + at, 16,
                                    CopyDirection::HostToDevice, s).ok();
        failures += !b->memcpyAsync(0, static_cast<uint8_t*>(dst) + at, d, 16,
                                    CopyDirection::DeviceToHost, s).ok();
      }
    });
  for (auto& t : threads) t.join();
  CHECK(failures == 0);
  REQUIRE(b->streamSynchronize(0, s).ok());
  CHECK(b->streamQuery(0, s).ok());
  CHECK(std::memcmp(src, dst, kThreads * kEach * 16) == 0);
  REQUIRE(b->free(0, dev).ok());
  REQUIRE(b->hostFree(0, src).ok());
  REQUIRE(b->hostFree(0, dst).ok());
  REQUIRE(b->streamDestroy(0, s).ok());
}

TEST_CASE("fake ROCr: events after ring copies; destroying a stream waits for its copies",
          "[hsa][copy-ring]") {
  auto b = fakeBackend();
  NativeStream s = nullptr, other = nullptr;
  REQUIRE(b->streamCreate(0, 0, 0, &s).ok());
  REQUIRE(b->streamCreate(0, 0, 0, &other).ok());
  NativeEvent e = nullptr;
  REQUIRE(b->eventCreate(0, 0, &e).ok());
  void *d = nullptr, *pinned = nullptr, *late = nullptr;
  REQUIRE(b->malloc(0, 256, &d).ok());
  REQUIRE(b->hostMalloc(0, 256, 0, &pinned).ok());
  REQUIRE(b->hostMalloc(0, 256, 0, &late).ok());
  std::memset(pinned, 0x31, 256);
  std::memset(late, 0, 256);
  std::atomic<bool> open{false};
  REQUIRE(b->launchHostFunc(0, s, gate, &open).ok());
  REQUIRE(b->memcpyAsync(0, d, pinned, 256, CopyDirection::HostToDevice, s).ok());
  REQUIRE(b->eventRecord(0, e, s).ok());
  // Another stream waits for the event, then copies what the first stream's copy wrote.
  REQUIRE(b->streamWaitEvent(0, other, e).ok());
  REQUIRE(b->memcpyAsync(0, late, d, 256, CopyDirection::DeviceToHost, other).ok());
  std::this_thread::sleep_for(std::chrono::milliseconds(10));
  CHECK(b->eventQuery(0, e) == hipErrorNotReady);
  CHECK(b->streamQuery(0, other) == hipErrorNotReady);
  std::thread opener([&] {
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
    open = true;
  });
  REQUIRE(b->streamDestroy(0, s).ok());  // waits for the gate, the copy and the record
  opener.join();
  CHECK(b->eventQuery(0, e).ok());
  REQUIRE(b->streamSynchronize(0, other).ok());
  CHECK(static_cast<uint8_t*>(late)[0] == 0x31);
  CHECK(static_cast<uint8_t*>(late)[255] == 0x31);
  REQUIRE(b->eventDestroy(0, e).ok());
  REQUIRE(b->free(0, d).ok());
  REQUIRE(b->hostFree(0, pinned).ok());
  REQUIRE(b->hostFree(0, late).ok());
  REQUIRE(b->streamDestroy(0, other).ok());
}
