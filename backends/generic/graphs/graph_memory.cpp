#include "generic/graphs/graph_memory.h"

#include <algorithm>

#include "backend.h"
#include "base/allocation_map.h"
#include "base/internal_work.h"

namespace unihip::generic_graphs {

GraphAllocation::~GraphAllocation() {
  if (memory != nullptr) memory->forget(ptr);
  // The API recorded the address as graph memory (hipGraphAddMemAllocNode, a captured
  // hipMallocAsync): it names nothing once the memory goes.
  Allocation entry;
  if (ptr != nullptr && AllocationMap::get().find(ptr, &entry) && entry.base == ptr &&
      entry.kind == AllocationKind::Graph)
    AllocationMap::get().take(ptr, &entry);
  InternalWork internal;
  if (backend != nullptr && ptr != nullptr) (void)backend->free(device, ptr);
}

void GraphMemory::add(const std::shared_ptr<GraphAllocation>& a) {
  std::lock_guard lock(registryMutex_);
  byAddress_[a->ptr] = a;
}

void GraphMemory::forget(void* ptr) {
  std::lock_guard lock(registryMutex_);
  auto it = byAddress_.find(ptr);
  if (it != byAddress_.end() && it->second.expired()) byAddress_.erase(it);
}

std::shared_ptr<GraphAllocation> GraphMemory::find(void* ptr) {
  std::lock_guard lock(registryMutex_);
  auto it = byAddress_.find(ptr);
  return it == byAddress_.end() ? nullptr : it->second.lock();
}

void GraphMemory::raise(std::atomic<uint64_t>& high, uint64_t now) {
  uint64_t h = high.load(std::memory_order_relaxed);
  while (now > h && !high.compare_exchange_weak(h, now, std::memory_order_relaxed)) {
  }
}

void GraphMemory::begin(const std::shared_ptr<GraphAllocation>& a) {
  if (a->live.exchange(true, std::memory_order_acq_rel)) return;
  a->self = a;
  if (a->device >= kDevices) return;
  Figures& f = figures_[a->device];
  const uint64_t size = a->size;
  // Freed memory is reused first: what is cached shrinks by what this allocation takes of it.
  uint64_t c = f.cached.load(std::memory_order_relaxed);
  while (!f.cached.compare_exchange_weak(c, c - std::min(c, size), std::memory_order_relaxed)) {
  }
  const uint64_t used = f.used.fetch_add(size, std::memory_order_relaxed) + size;
  raise(f.usedHigh, used);
  raise(f.reservedHigh, used + f.cached.load(std::memory_order_relaxed));
}

bool GraphMemory::end(GraphAllocation& a) {
  if (!a.live.exchange(false, std::memory_order_acq_rel)) return false;
  // Moved out first: it may be the last owner, whose destructor gives the memory back.
  std::shared_ptr<GraphAllocation> holder = std::move(a.self);
  if (a.device < kDevices) {
    Figures& f = figures_[a.device];
    f.used.fetch_sub(a.size, std::memory_order_relaxed);
    f.cached.fetch_add(a.size, std::memory_order_relaxed);
  }
  return true;
}

bool GraphMemory::live(const GraphAllocation& a) {
  return a.live.load(std::memory_order_acquire);
}

Status GraphMemory::attribute(int device, int attr, uint64_t* value, bool set) {
  if (device < 0 || device >= kDevices) return hipErrorInvalidDevice;
  Figures& f = figures_[device];
  const uint64_t used = f.used.load(std::memory_order_relaxed);
  const uint64_t reserved = used + f.cached.load(std::memory_order_relaxed);
  const bool high = attr == hipGraphMemAttrUsedMemHigh || attr == hipGraphMemAttrReservedMemHigh;
  if (!high && attr != hipGraphMemAttrUsedMemCurrent && attr != hipGraphMemAttrReservedMemCurrent)
    return hipErrorInvalidValue;
  if (set) {
    if (!high || *value != 0) return hipErrorInvalidValue;  // a high mark is only reset
    if (attr == hipGraphMemAttrUsedMemHigh) f.usedHigh.store(used, std::memory_order_relaxed);
    else f.reservedHigh.store(reserved, std::memory_order_relaxed);
    return kOk;
  }
  switch (attr) {
    case hipGraphMemAttrUsedMemCurrent: *value = used; break;
    case hipGraphMemAttrReservedMemCurrent: *value = reserved; break;
    case hipGraphMemAttrUsedMemHigh: *value = f.usedHigh.load(std::memory_order_relaxed); break;
    default: *value = f.reservedHigh.load(std::memory_order_relaxed); break;
  }
  return kOk;
}

void GraphMemory::trim(int device) {
  if (device < 0 || device >= kDevices) return;
  figures_[device].cached.store(0, std::memory_order_relaxed);
}

}  // namespace unihip::generic_graphs
