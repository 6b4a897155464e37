#include "base/allocation_map.h"

#include <mutex>

namespace unihip {

namespace {

uintptr_t addressOf(const void* p) { return reinterpret_cast<uintptr_t>(p); }

}  // namespace

AllocationMap& AllocationMap::get() {
  // Never destroyed: frees may run from atexit handlers.
  static auto* map = new AllocationMap();
  return *map;
}

void AllocationMap::insert(const Allocation& a) {
  const uintptr_t begin = addressOf(a.base);
  const uintptr_t end = begin + (a.size ? a.size : 1);
  std::unique_lock lock(mutex_);
  auto it = byBase_.lower_bound(begin);
  if (it != byBase_.begin()) {
    auto prev = std::prev(it);
    if (prev->first + prev->second.size > begin) it = prev;
  }
  while (it != byBase_.end() && it->first < end) it = byBase_.erase(it);
  auto placed = byBase_.emplace(begin, a).first;
  if (placed->second.id == 0) placed->second.id = ++lastId_;
}

bool AllocationMap::take(const void* base, Allocation* out) {
  std::unique_lock lock(mutex_);
  auto it = byBase_.find(addressOf(base));
  if (it == byBase_.end()) return false;
  *out = it->second;
  byBase_.erase(it);
  return true;
}

bool AllocationMap::find(const void* p, Allocation* out) const {
  const uintptr_t address = addressOf(p);
  std::shared_lock lock(mutex_);
  auto it = byBase_.upper_bound(address);
  if (it == byBase_.begin()) return false;
  --it;
  if (address - it->first >= it->second.size) return false;
  *out = it->second;
  return true;
}

// The allocation containing `p`, changed by `change` under the write lock; false if none.
template <class Change>
bool AllocationMap::update(const void* p, Change change) {
  const uintptr_t address = addressOf(p);
  std::unique_lock lock(mutex_);
  auto it = byBase_.upper_bound(address);
  if (it == byBase_.begin()) return false;
  --it;
  if (address - it->first >= it->second.size) return false;
  change(it->second);
  return true;
}

bool AllocationMap::setSyncMemops(const void* p, bool sync) {
  return update(p, [sync](Allocation& a) { a.syncMemops = sync; });
}

bool AllocationMap::setCoarseGrain(const void* p, bool coarse) {
  return update(p, [coarse](Allocation& a) { a.coarseGrain = coarse; });
}

bool AllocationMap::overlaps(const void* p, size_t size) const {
  const uintptr_t begin = addressOf(p);
  std::shared_lock lock(mutex_);
  auto it = byBase_.lower_bound(begin);  // first allocation starting at or after p
  if (it != byBase_.end() && it->first - begin < size) return true;
  if (it == byBase_.begin()) return false;
  --it;  // the last one starting before p
  return begin - it->first < it->second.size;
}

bool AllocationMap::containsRange(const void* p, size_t size) const {
  Allocation a;
  if (!find(p, &a)) return false;
  const size_t offset = addressOf(p) - addressOf(a.base);
  return size <= a.size - offset;
}

std::vector<Allocation> AllocationMap::takeDevice(int device) {
  std::vector<Allocation> out;
  std::unique_lock lock(mutex_);
  for (auto it = byBase_.begin(); it != byBase_.end();) {
    if (it->second.device == device) {
      out.push_back(it->second);
      it = byBase_.erase(it);
    } else {
      ++it;
    }
  }
  return out;
}

size_t AllocationMap::size() const {
  std::shared_lock lock(mutex_);
  return byBase_.size();
}

}  // namespace unihip
