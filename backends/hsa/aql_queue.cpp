#include "aql_queue.h"

#include <thread>

namespace unihip::hsa {

void waitForSlot(const HsaApi& api, hsa_queue_t* queue, uint64_t last) {
  while (last - api.hsa_queue_load_read_index_scacquire(queue) >= queue->size)
    std::this_thread::yield();
}

uint64_t reserveSlots(const HsaApi& api, hsa_queue_t* queue, uint64_t count) {
  const uint64_t index = api.hsa_queue_add_write_index_screlease(queue, count);
  const uint64_t last = index + count - 1;
  if (last - api.hsa_queue_load_read_index_scacquire(queue) >= queue->size) [[unlikely]]
    waitForSlot(api, queue, last);
  return index;
}

}  // namespace unihip::hsa
