// Publishing AQL packets on a ROCr queue (HSA spec "Packet submission"):
//   1. reserve a slot: index = hsa_queue_add_write_index_screlease(queue, 1);
//   2. wait until the slot is free: index - read_index < size;
//   3. write the packet body with ordinary stores (its header still says INVALID);
//   4. store header|setup as one 32-bit word with release ordering, so the packet processor
//      never sees a valid header before the body;
//   5. ring the doorbell: hsa_signal_store_screlease(doorbell, index).
//
// Thread safety: multi-producer safe without locks (the write index is an atomic fetch-add);
// each slot has one writer. All ROCr access goes through the HsaApi table, so tests drive these
// functions against a queue whose ring, indices and doorbell live in host memory.
#pragma once

#include <hsa/hsa.h>

#include <atomic>
#include <cstdint>

#include "hsa_loader.h"

namespace unihip::hsa {

// Step 2's wait, out of line: until the packet processor consumed up to `last` - size.
void waitForSlot(const HsaApi& api, hsa_queue_t* queue, uint64_t last);

// Steps 1 and 2. Spins (yielding) while the ring is full. Inline: the launch path.
inline uint64_t reserveSlot(const HsaApi& api, hsa_queue_t* queue) {
  const uint64_t index = api.hsa_queue_add_write_index_screlease(queue, 1);
  // The slot is reusable once the packet processor has consumed the packet `size` behind it.
  if (index - api.hsa_queue_load_read_index_scacquire(queue) >= queue->size) [[unlikely]]
    waitForSlot(api, queue, index);
  return index;
}
// reserveSlot with `readBound`, a read index seen earlier (read indices only grow): while the
// slot is free by it, ROCr's read index is not asked (one call less on the launch path); else
// the bound is refreshed. Release/acquire on it pass on what the read index's acquire gave.
inline uint64_t reserveSlot(const HsaApi& api, hsa_queue_t* queue,
                            std::atomic<uint64_t>& readBound) {
  const uint64_t index = api.hsa_queue_add_write_index_screlease(queue, 1);
  if (index - readBound.load(std::memory_order_acquire) >= queue->size) [[unlikely]] {
    uint64_t read = api.hsa_queue_load_read_index_scacquire(queue);
    if (index - read >= queue->size) {
      waitForSlot(api, queue, index);
      read = api.hsa_queue_load_read_index_scacquire(queue);
    }
    readBound.store(read, std::memory_order_release);  // an older value stored later: harmless
  }
  return index;
}

// `count` consecutive slots (packets that must stay together in queue order); the first index.
uint64_t reserveSlots(const HsaApi& api, hsa_queue_t* queue, uint64_t count);

// The packet at `index` (the ring wraps at queue->size, a power of two).
inline void* slotAddress(const hsa_queue_t* queue, uint64_t index) {
  constexpr size_t kPacketBytes = 64;
  return static_cast<uint8_t*>(queue->base_address) + (index & (queue->size - 1)) * kPacketBytes;
}

// Step 4 and 5 for the packet at `index` (at `slot`), whose body is already written.
inline void publishSlot(const HsaApi& api, hsa_queue_t* queue, uint64_t index, void* slot,
                        uint32_t headerWord) {
  __atomic_store_n(static_cast<uint32_t*>(slot), headerWord, __ATOMIC_RELEASE);
  api.hsa_signal_store_screlease(queue->doorbell_signal, static_cast<hsa_signal_value_t>(index));
}
inline void publishSlot(const HsaApi& api, hsa_queue_t* queue, uint64_t index,
                        uint32_t headerWord) {
  publishSlot(api, queue, index, slotAddress(queue, index), headerWord);
}

// The header a freshly reserved slot must carry until published (type INVALID), and the value
// ROCr expects slots to hold when a queue is created.
inline constexpr uint16_t kInvalidPacketHeader = HSA_PACKET_TYPE_INVALID << HSA_PACKET_HEADER_TYPE;

}  // namespace unihip::hsa
