// hipStreamWaitValue*/hipStreamWriteValue* on the HSA backend (built-in one-work-item kernels
// on the stream), on the fake ROCr: a wait holds back what follows it on its stream until the
// word satisfies the comparison, with CLR's semantics for each flag; writes land in order.
// What this cannot show: a real GPU's polling of host memory (system-scope atomics).
#include <catch2/catch.hpp>

#include <atomic>
#include <chrono>
#include <cstdlib>
#include <thread>

#include "backend.h"
#include "hip/hip_runtime_api.h"
#include "test_support.h"

using namespace unihip;
using unihip::hsa::test::fakeBackend;

namespace {

// Queues wait(flags, value, mask) then a write of 1 to `done`; the write must not happen until
// the watched word is set to `release` (and not for `hold`).
void checkWait(Backend& b, NativeStream s, uint64_t* word, uint64_t* done, unsigned flags,
               uint64_t value, uint64_t mask, uint64_t hold, uint64_t release, bool is64) {
  INFO("flags " << flags << " value " << value << " mask " << mask << " is64 " << is64);
  auto* w32 = reinterpret_cast<std::atomic<uint32_t>*>(word);
  auto* w64 = reinterpret_cast<std::atomic<uint64_t>*>(word);
  if (is64) w64->store(hold);
  else w32->store(static_cast<uint32_t>(hold));
  reinterpret_cast<std::atomic<uint64_t>*>(done)->store(0);
  REQUIRE(b.streamWaitValue(0, s, word, value, mask, flags, is64).ok());
  REQUIRE(b.streamWriteValue(0, s, done, 1, true).ok());
  std::this_thread::sleep_for(std::chrono::milliseconds(20));
  CHECK(reinterpret_cast<std::atomic<uint64_t>*>(done)->load() == 0);
  CHECK(b.streamQuery(0, s) == hipErrorNotReady);
  if (is64) w64->store(release);
  else w32->store(static_cast<uint32_t>(release));
  REQUIRE(b.streamSynchronize(0, s).ok());
  CHECK(reinterpret_cast<std::atomic<uint64_t>*>(done)->load() == 1);
}

}  // namespace

TEST_CASE("fake ROCr: stream wait/write value", "[hsa][streammemop]") {
  auto b = fakeBackend();
  int attribute = 0;
  REQUIRE(b->attribute(0, hipDeviceAttributeCanUseStreamWaitValue, &attribute).ok());
  CHECK(attribute == 1);
  void* host = nullptr;
  REQUIRE(b->hostMalloc(0, 64, 0, &host).ok());
  auto* word = static_cast<uint64_t*>(host);
  auto* done = word + 1;
  NativeStream s = nullptr;
  REQUIRE(b->streamCreate(0, 0, 0, &s).ok());

  // Gte (unsigned), Eq, And, Nor; 32-bit compares only the low word.
  checkWait(*b, s, word, done, hipStreamWaitValueGte, 5, ~0ull, 4, 5, false);
  checkWait(*b, s, word, done, hipStreamWaitValueGte, 5, ~0ull, 4, 0xFFFFFFFFu, false);
  checkWait(*b, s, word, done, hipStreamWaitValueEq, 0x12, 0xFF, 0x13, 0xAB12, false);
  checkWait(*b, s, word, done, hipStreamWaitValueAnd, 0x4, ~0ull, 0x3, 0x6, false);
  // Nor: done once ~(word | value) has a bit inside the mask.
  checkWait(*b, s, word, done, hipStreamWaitValueNor, 0xF0, 0xFF, 0x0F, 0x07, false);
  checkWait(*b, s, word, done, hipStreamWaitValueGte, 1ull << 40, ~0ull, 1ull << 39, 1ull << 41,
            true);
  checkWait(*b, s, word, done, hipStreamWaitValueEq, 1ull << 33, ~0ull, 1, 1ull << 33, true);

  // Writes: 32-bit leaves the neighbouring word alone; in order after earlier work.
  *word = 0;
  REQUIRE(b->streamWriteValue(0, s, word, 0xDEADBEEFCAFEull, false).ok());
  REQUIRE(b->streamSynchronize(0, s).ok());
  CHECK(*word == 0xBEEFCAFEull);
  REQUIRE(b->streamWriteValue(0, s, word, 0x0123456789ABCDEFull, true).ok());
  REQUIRE(b->streamSynchronize(0, nullptr).ok());  // other streams unaffected
  REQUIRE(b->streamSynchronize(0, s).ok());
  CHECK(*word == 0x0123456789ABCDEFull);
  // The legacy stream too.
  REQUIRE(b->streamWriteValue(0, nullptr, word, 9, true).ok());
  REQUIRE(b->streamSynchronize(0, nullptr).ok());
  CHECK(*word == 9);

  REQUIRE(b->streamDestroy(0, s).ok());
  REQUIRE(b->hostFree(0, host).ok());
}
