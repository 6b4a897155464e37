#include "aql_queue.h"

#include <thread>

namespace unihip::hsa {

uint64_t reserveSlot(const HsaApi& api, hsa_queue_t* queue) {
  const uint64_t index = api.hsa_queue_add_write_index_screlease(queue, 1);
  // The slot is reusable once the packet processor has consumed the packet `size` behind it.
  while (index - api.hsa_queue_load_read_index_scacquire(queue) >= queue->size)
    std::this_thread::yield();
  return index;
}

uint64_t reserveSlots(const HsaApi& api, hsa_queue_t* queue, uint64_t count) {
  const uint64_t index = api.hsa_queue_add_write_index_screlease(queue, count);
  while (index + count - 1 - api.hsa_queue_load_read_index_scacquire(queue) >= queue->size)
    std::this_thread::yield();
  return index;
}

void* slotAddress(const hsa_queue_t* queue, uint64_t index) {
  constexpr size_t kPacketBytes = 64;
  return static_cast<uint8_t*>(queue->base_address) + (index & (queue->size - 1)) * kPacketBytes;
}

void publishSlot(const HsaApi& api, hsa_queue_t* queue, uint64_t index, uint32_t headerWord) {
  __atomic_store_n(static_cast<uint32_t*>(slotAddress(queue, index)), headerWord, __ATOMIC_RELEASE);
  api.hsa_signal_store_screlease(queue->doorbell_signal, static_cast<hsa_signal_value_t>(index));
}

}  // namespace unihip::hsa
