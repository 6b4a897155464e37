// A host-memory stand-in for the parts of ROCr that queue publishing and signal bookkeeping
// use: signals are atomics in host memory, a queue is a ring in host memory with atomic read
// and write indices and a doorbell that records every value rung. fakeApi() fills an HsaApi
// with these functions; everything else stays null (a call to it would crash the test).
#pragma once

#include <hsa/hsa.h>

#include <atomic>
#include <cstdint>
#include <mutex>
#include <vector>

#include "hsa_loader.h"

namespace unihip::hsa::test {

struct FakeSignal {
  std::atomic<int64_t> value{0};
  std::mutex mutex;
  std::vector<int64_t> stores;  // every value stored with a release store (doorbell history)
};

// hsa_queue_t first, so the fake functions find the rest from the pointer ROCr would get.
struct FakeQueue {
  hsa_queue_t queue{};
  std::atomic<uint64_t> writeIndex{0};
  std::atomic<uint64_t> readIndex{0};
  FakeSignal doorbell;
  std::vector<uint8_t> storage;

  explicit FakeQueue(uint32_t packets);
  uint8_t* slot(uint64_t index) {
    return static_cast<uint8_t*>(queue.base_address) + (index % queue.size) * 64;
  }
};

hsa_signal_t toHandle(FakeSignal* s);
FakeSignal* fromHandle(hsa_signal_t s);

HsaApi fakeApi();

}  // namespace unihip::hsa::test
