// The publish protocol and the launch path against a queue in host memory (fake_rocr.h):
// packets compared bit for bit with hand-written encodings, the doorbell rung with each index,
// a full ring blocking the producer, and concurrent producers against a consumer thread that
// behaves like the packet processor.
#include <catch2/catch.hpp>

#include <chrono>
#include <cstring>
#include <set>
#include <thread>

#include "aql_queue.h"
#include "code_object.h"
#include "fake_rocr.h"
#include "hsa_stream.h"
#include "test_support.h"

using namespace unihip;
using namespace unihip::hsa;
using namespace std::chrono_literals;

namespace {

template <typename T>
T at(const void* p, size_t offset) {
  T v;
  std::memcpy(&v, static_cast<const uint8_t*>(p) + offset, sizeof v);
  return v;
}

uint16_t headerOf(const uint8_t* slot) {
  return __atomic_load_n(reinterpret_cast<const uint16_t*>(slot), __ATOMIC_ACQUIRE);
}

// A stream whose queue, kernarg ring and signals are host memory.
struct FakeStream {
  HsaApi api = test::fakeApi();
  test::FakeQueue queue;
  test::FakeSignal inflight;
  AgentInfo agent;
  SignalPool pool{api};
  std::vector<uint8_t> ring;
  HsaStream stream;

  explicit FakeStream(uint32_t packets) : queue(packets) {
    agent.properties.sharedMemPerBlock = 65536;
    ring.assign(size_t{2} * packets * kKernargSlotBytes + 256, 0);
    stream.api = &api;
    stream.pool = &pool;
    stream.agent = &agent;
    stream.queue = &queue.queue;
    stream.inflight = test::toHandle(&inflight);
    const auto base = reinterpret_cast<uintptr_t>(ring.data());
    stream.kernargRing = ring.data() + ((256 - base % 256) % 256);
    stream.kernargSlots = 2 * packets;
  }
  ~FakeStream() {
    clearLastMarker(stream);
  }
};

CodeObjectInfo parse(const std::string& variant) {
  const std::vector<uint8_t> image = test::readCodeObject(variant);
  CodeObjectInfo info;
  REQUIRE(parseCodeObject(image.data(), image.size(), &info).ok());
  return info;
}

}  // namespace

TEST_CASE("reserve, write, publish: header last, doorbell with the index", "[hsa][queue]") {
  HsaApi api = test::fakeApi();
  test::FakeQueue q(8);
  q.writeIndex = 5;  // a queue that has been used before
  q.readIndex = 5;
  const uint64_t index = reserveSlot(api, &q.queue);
  CHECK(index == 5);
  CHECK(q.writeIndex == 6);
  uint8_t* slot = static_cast<uint8_t*>(slotAddress(&q.queue, index));
  CHECK(slot == q.slot(5));
  CHECK(headerOf(slot) == kInvalidPacketHeader);
  std::memset(slot + 4, 0xAB, 60);
  publishSlot(api, &q.queue, index, 0x00011502u);
  CHECK(at<uint32_t>(slot, 0) == 0x00011502u);
  CHECK(at<uint8_t>(slot, 63) == 0xAB);
  REQUIRE(q.doorbell.stores.size() == 1);
  CHECK(q.doorbell.stores[0] == 5);
  // the ring wraps at its size
  CHECK(slotAddress(&q.queue, 13) == q.slot(5));
}

TEST_CASE("a kernel launch writes the exact packet and kernargs", "[hsa][queue]") {
  const CodeObjectInfo info = parse("gfx90a");
  const KernelInfo& axpy = *info.findKernel("axpy");
  FakeStream fs(16);
  fs.queue.writeIndex = fs.queue.readIndex = 21;  // slot 5, kernarg slot 21
  float a = 2.0f;
  void* x = reinterpret_cast<void*>(0x1000);
  void* y = reinterpret_cast<void*>(0x2000);
  int n = 77;
  void* args[] = {&a, &x, &y, &n};
  KernargContext ctx;
  ctx.gridBlocks[0] = 40, ctx.gridBlocks[1] = 3, ctx.gridBlocks[2] = 2;
  ctx.blockSize[0] = 256;
  ctx.dynamicSharedBytes = 128;
  REQUIRE(submitKernel(fs.stream, axpy, 0xDEADBEEF000ull, ctx, args).ok());

  const uint8_t* p = fs.queue.slot(21);
  const uint8_t* kernarg = fs.stream.kernargRing + 21 * kKernargSlotBytes;
  // Expected encoding, field by field (HSA kernel dispatch packet).
  CHECK(at<uint32_t>(p, 0) == 0x00031502u);  // dispatch, barrier, system scopes; 3 dims
  CHECK(at<uint16_t>(p, 4) == 256);
  CHECK(at<uint16_t>(p, 6) == 1);
  CHECK(at<uint16_t>(p, 8) == 1);
  CHECK(at<uint16_t>(p, 10) == 0);
  CHECK(at<uint32_t>(p, 12) == 10240);
  CHECK(at<uint32_t>(p, 16) == 3);
  CHECK(at<uint32_t>(p, 20) == 2);
  CHECK(at<uint32_t>(p, 24) == 0);    // private segment
  CHECK(at<uint32_t>(p, 28) == 128);  // group: static 0 + dynamic 128
  CHECK(at<uint64_t>(p, 32) == 0xDEADBEEF000ull);
  CHECK(at<uint64_t>(p, 40) == reinterpret_cast<uint64_t>(kernarg));
  CHECK(at<uint64_t>(p, 48) == 0);
  CHECK(at<uint64_t>(p, 56) == fs.stream.inflight.handle);
  // Kernargs in the ring slot.
  CHECK(at<float>(kernarg, 0) == 2.0f);
  CHECK(at<uint64_t>(kernarg, 8) == 0x1000);
  CHECK(at<uint64_t>(kernarg, 16) == 0x2000);
  CHECK(at<int>(kernarg, 24) == 77);
  CHECK(at<uint32_t>(kernarg, 32) == 40);
  CHECK(at<uint16_t>(kernarg, 96) == 3);
  // Bookkeeping: one kernel in flight, doorbell rung with the index.
  CHECK(fs.inflight.value == 1);
  CHECK(fs.queue.doorbell.stores == std::vector<int64_t>{21});
  CHECK_FALSE(streamIdle(fs.stream));
  fs.inflight.value = 0;  // the packet processor's decrement
  CHECK(streamIdle(fs.stream));
}

TEST_CASE("failed launches reserve nothing", "[hsa][queue]") {
  const CodeObjectInfo info = parse("gfx90a");
  FakeStream fs(4);
  test::LogCapture log;
  KernargContext ctx;
  ctx.blockSize[0] = 70000;  // too wide for the packet
  int n = 0;
  void* args[] = {&n, &n, &n, &n};
  CHECK(submitKernel(fs.stream, *info.findKernel("axpy"), 1, ctx, args) ==
        hipErrorInvalidConfiguration);
  ctx = KernargContext{};
  CHECK(submitKernel(fs.stream, *info.findKernel("axpy"), 1, ctx, nullptr) == hipErrorInvalidValue);
  ctx.dynamicSharedBytes = 65536;  // + 1024 static > 64 KiB
  float* out = nullptr;
  void* sharedArgs[] = {&out, &n};
  CHECK(submitKernel(fs.stream, *info.findKernel("_Z13shared_memoryPfi"), 1, ctx, sharedArgs) ==
        hipErrorInvalidValue);
  CHECK(log.text().find("needs 66560 bytes of shared memory") != std::string::npos);
  CHECK(fs.queue.writeIndex == 0);
  CHECK(fs.queue.doorbell.stores.empty());
  CHECK(fs.inflight.value == 0);
}

TEST_CASE("barrier packets for markers", "[hsa][queue]") {
  FakeStream fs(4);
  test::FakeSignal dep, done;
  const hsa_signal_t deps[] = {test::toHandle(&dep)};
  REQUIRE(submitBarrier(fs.stream, deps, test::toHandle(&done)).ok());
  const uint8_t* p = fs.queue.slot(0);
  CHECK(at<uint32_t>(p, 0) == 0x00001503u);
  CHECK(at<uint32_t>(p, 4) == 0);
  CHECK(at<uint64_t>(p, 8) == test::toHandle(&dep).handle);
  for (size_t off = 16; off < 56; off += 8) CHECK(at<uint64_t>(p, off) == 0);
  CHECK(at<uint64_t>(p, 56) == test::toHandle(&done).handle);
  CHECK(fs.queue.doorbell.stores == std::vector<int64_t>{0});
}

TEST_CASE("a full ring blocks the producer until the reader advances", "[hsa][queue][threads]") {
  FakeStream fs(4);
  test::FakeSignal done;
  for (int i = 0; i < 4; ++i) REQUIRE(submitBarrier(fs.stream, {}, test::toHandle(&done)).ok());
  std::atomic<bool> finished{false};
  std::atomic<bool> submitted{false};  // Catch assertions are not thread-safe: report back
  std::thread producer([&] {
    submitted = submitBarrier(fs.stream, {}, test::toHandle(&done)).ok();
    finished = true;
  });
  std::this_thread::sleep_for(50ms);
  CHECK_FALSE(finished.load());
  CHECK(fs.queue.doorbell.stores.size() == 4);
  fs.queue.readIndex = 1;  // the packet processor consumed packet 0
  producer.join();
  CHECK(finished.load());
  CHECK(submitted.load());
  CHECK(fs.queue.doorbell.stores.back() == 4);
  CHECK(at<uint64_t>(fs.queue.slot(4), 56) == test::toHandle(&done).handle);
}

TEST_CASE("concurrent launches against a consumer thread", "[hsa][queue][threads]") {
  // Four producers, 500 launches each, through an 8-packet queue: the consumer plays the packet
  // processor (waits for a valid header, reads the body and kernargs, invalidates the slot,
  // advances the read index, decrements the completion signal).
  const CodeObjectInfo info = parse("gfx942");
  const KernelInfo& axpy = *info.findKernel("axpy");
  FakeStream fs(8);
  constexpr int kProducers = 4, kEach = 500, kTotal = kProducers * kEach;
  std::vector<int> seen;
  std::atomic<bool> bodyMismatch{false};
  std::thread consumer([&] {
    for (uint64_t index = 0; index < kTotal; ++index) {
      uint8_t* slot = fs.queue.slot(index);
      while ((headerOf(slot) & 0xFF) == HSA_PACKET_TYPE_INVALID) std::this_thread::yield();
      const uint8_t* kernarg = reinterpret_cast<const uint8_t*>(at<uint64_t>(slot, 40));
      if (at<uint32_t>(slot, 0) != 0x00011502u || at<uint64_t>(slot, 32) != 0xC0DE ||
          kernarg != fs.stream.kernargRing + (index % fs.stream.kernargSlots) * kKernargSlotBytes ||
          at<uint64_t>(slot, 56) != fs.stream.inflight.handle || at<uint32_t>(slot, 12) != 64)
        bodyMismatch = true;
      const int n = at<int>(kernarg, 24);
      if (at<float>(kernarg, 0) != static_cast<float>(n)) bodyMismatch = true;
      seen.push_back(n);
      __atomic_store_n(reinterpret_cast<uint16_t*>(slot), kInvalidPacketHeader, __ATOMIC_RELAXED);
      fs.queue.readIndex.store(index + 1, std::memory_order_release);
      fs.inflight.value.fetch_sub(1);
    }
  });
  std::atomic<bool> submitFailed{false};
  std::vector<std::thread> producers;
  for (int t = 0; t < kProducers; ++t)
    producers.emplace_back([&, t] {
      for (int i = 0; i < kEach; ++i) {
        int n = t * kEach + i;
        float a = static_cast<float>(n);
        void* x = nullptr;
        void* args[] = {&a, &x, &x, &n};
        KernargContext ctx;
        ctx.blockSize[0] = 64;
        if (!submitKernel(fs.stream, axpy, 0xC0DE, ctx, args).ok()) submitFailed = true;
      }
    });
  for (auto& p : producers) p.join();
  REQUIRE(synchronizeStream(fs.stream, false).ok());
  consumer.join();
  CHECK_FALSE(submitFailed.load());
  CHECK_FALSE(bodyMismatch.load());
  CHECK(fs.inflight.value == 0);
  std::set<int> unique(seen.begin(), seen.end());
  CHECK(unique.size() == kTotal);
  CHECK(*unique.begin() == 0);
  CHECK(*unique.rbegin() == kTotal - 1);
  CHECK(fs.queue.doorbell.stores.size() == kTotal);
}

TEST_CASE("markers: the stream is idle only when its last marker completed", "[hsa][queue][threads]") {
  FakeStream fs(4);
  hsa_signal_t marker;
  REQUIRE(fs.pool.acquire(1, &marker).ok());
  uint64_t index = 0;
  REQUIRE(submitBarrier(fs.stream, {}, marker, &index).ok());
  setLastMarker(fs.stream, marker, index);
  fs.pool.release(marker);  // the stream still holds it
  CHECK_FALSE(streamIdle(fs.stream));
  std::thread processor([&] {
    std::this_thread::sleep_for(20ms);
    test::fromHandle(marker)->value = 0;
  });
  REQUIRE(synchronizeStream(fs.stream, false).ok());
  processor.join();
  CHECK(streamIdle(fs.stream));
}
