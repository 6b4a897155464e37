#include "core/generic_graphs/graph_memory.h"

#include <algorithm>

#include "backend.h"
#include "core/allocation_map.h"
#include "core/internal_work.h"

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

void GraphMemory::begin(const std::shared_ptr<GraphAllocation>& a) {
  std::lock_guard lock(mutex_);
  if (a->live) return;
  a->live = true;
  a->self = a;
  if (a->device >= kDevices) return;
  Figures& f = figures_[a->device];
  f.used += a->size;
  f.cached -= std::min(f.cached, static_cast<uint64_t>(a->size));  // freed memory reused first
  f.usedHigh = std::max(f.usedHigh, f.used);
  f.reservedHigh = std::max(f.reservedHigh, f.used + f.cached);
}

bool GraphMemory::end(GraphAllocation& a) {
  std::shared_ptr<GraphAllocation> holder;  // dropped after the lock: it may be the last owner
  {
    std::lock_guard lock(mutex_);
    if (!a.live) return false;
    a.live = false;
    holder = std::move(a.self);
    if (a.device < kDevices) {
      Figures& f = figures_[a.device];
      f.used -= std::min(f.used, static_cast<uint64_t>(a.size));
      f.cached += a.size;
    }
  }
  return true;
}

bool GraphMemory::live(const GraphAllocation& a) {
  std::lock_guard lock(mutex_);
  return a.live;
}

Status GraphMemory::attribute(int device, int attr, uint64_t* value, bool set) {
  if (device < 0 || device >= kDevices) return hipErrorInvalidDevice;
  std::lock_guard lock(mutex_);
  Figures& f = figures_[device];
  switch (attr) {
    case hipGraphMemAttrUsedMemCurrent:
      if (set) return hipErrorInvalidValue;
      *value = f.used;
      return kOk;
    case hipGraphMemAttrReservedMemCurrent:
      if (set) return hipErrorInvalidValue;
      *value = f.used + f.cached;
      return kOk;
    case hipGraphMemAttrUsedMemHigh:
      if (set) {
        if (*value != 0) return hipErrorInvalidValue;  // a high mark is only reset
        f.usedHigh = f.used;
      } else {
        *value = f.usedHigh;
      }
      return kOk;
    case hipGraphMemAttrReservedMemHigh:
      if (set) {
        if (*value != 0) return hipErrorInvalidValue;
        f.reservedHigh = f.used + f.cached;
      } else {
        *value = f.reservedHigh;
      }
      return kOk;
    default: return hipErrorInvalidValue;
  }
}

void GraphMemory::trim(int device) {
  if (device < 0 || device >= kDevices) return;
  std::lock_guard lock(mutex_);
  figures_[device].cached = 0;
}

}  // namespace unihip::generic_graphs
