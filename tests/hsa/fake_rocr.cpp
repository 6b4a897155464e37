#include "fake_rocr.h"

#include <cstring>
#include <thread>

namespace unihip::hsa::test {

hsa_signal_t toHandle(FakeSignal* s) { return hsa_signal_t{reinterpret_cast<uint64_t>(s)}; }
FakeSignal* fromHandle(hsa_signal_t s) { return reinterpret_cast<FakeSignal*>(s.handle); }

FakeQueue::FakeQueue(uint32_t packets) : storage(size_t{packets} * 64 + 64) {
  // 64-byte aligned ring; every slot starts INVALID, as ROCr initializes a new queue.
  const auto base = reinterpret_cast<uintptr_t>(storage.data());
  uint8_t* aligned = storage.data() + ((64 - base % 64) % 64);
  queue.base_address = aligned;
  queue.size = packets;
  queue.type = HSA_QUEUE_TYPE_MULTI;
  queue.doorbell_signal = toHandle(&doorbell);
  for (uint32_t i = 0; i < packets; ++i) {
    uint16_t invalid = HSA_PACKET_TYPE_INVALID;
    std::memcpy(aligned + i * 64, &invalid, 2);
  }
}

namespace {

FakeQueue* fq(const hsa_queue_t* q) {
  return reinterpret_cast<FakeQueue*>(const_cast<hsa_queue_t*>(q));
}

uint64_t addWriteIndex(const hsa_queue_t* q, uint64_t v) { return fq(q)->writeIndex.fetch_add(v); }
uint64_t loadReadIndex(const hsa_queue_t* q) { return fq(q)->readIndex.load(std::memory_order_acquire); }

void storeRelease(hsa_signal_t s, hsa_signal_value_t v) {
  FakeSignal* f = fromHandle(s);
  {
    std::lock_guard lock(f->mutex);
    f->stores.push_back(v);
  }
  f->value.store(v, std::memory_order_release);
}
void storeRelaxed(hsa_signal_t s, hsa_signal_value_t v) {
  fromHandle(s)->value.store(v, std::memory_order_relaxed);
}
void addRelaxed(hsa_signal_t s, hsa_signal_value_t v) {
  fromHandle(s)->value.fetch_add(v, std::memory_order_relaxed);
}
hsa_signal_value_t loadAcquire(hsa_signal_t s) {
  return fromHandle(s)->value.load(std::memory_order_acquire);
}
hsa_signal_value_t waitAcquire(hsa_signal_t s, hsa_signal_condition_t condition,
                               hsa_signal_value_t compare, uint64_t, hsa_wait_state_t) {
  for (;;) {
    const int64_t v = fromHandle(s)->value.load(std::memory_order_acquire);
    const bool met = (condition == HSA_SIGNAL_CONDITION_EQ && v == compare) ||
                     (condition == HSA_SIGNAL_CONDITION_NE && v != compare) ||
                     (condition == HSA_SIGNAL_CONDITION_LT && v < compare) ||
                     (condition == HSA_SIGNAL_CONDITION_GTE && v >= compare);
    if (met) return v;
    std::this_thread::yield();
  }
}
hsa_status_t create(hsa_signal_value_t initial, uint32_t, const hsa_agent_t*, hsa_signal_t* out) {
  auto* f = new FakeSignal;
  f->value = initial;
  *out = toHandle(f);
  return HSA_STATUS_SUCCESS;
}
hsa_status_t destroy(hsa_signal_t s) {
  delete fromHandle(s);
  return HSA_STATUS_SUCCESS;
}

}  // namespace

HsaApi fakeApi() {
  HsaApi api;
  api.hsa_queue_add_write_index_screlease = addWriteIndex;
  api.hsa_queue_load_read_index_scacquire = loadReadIndex;
  api.hsa_signal_store_screlease = storeRelease;
  api.hsa_signal_store_relaxed = storeRelaxed;
  api.hsa_signal_add_relaxed = addRelaxed;
  api.hsa_signal_load_scacquire = loadAcquire;
  api.hsa_signal_wait_scacquire = waitAcquire;
  api.hsa_signal_create = create;
  api.hsa_signal_destroy = destroy;
  return api;
}

}  // namespace unihip::hsa::test
