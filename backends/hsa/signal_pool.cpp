#include "signal_pool.h"

#include <algorithm>
#include <bit>

#include "hsa_status.h"

namespace unihip::hsa {

SignalPool::~SignalPool() {
  const uint32_t n = count_.load();
  for (uint32_t i = 0; i < n; ++i) api_.hsa_signal_destroy(entry(i)->signal);
  for (auto& c : chunks_) delete[] c.load();
}

SignalPool::Entry* SignalPool::entry(uint32_t index) const {
  const uint32_t q = index / kFirstChunk + 1;
  const int c = std::bit_width(q) - 1;
  return chunks_[c].load(std::memory_order_acquire) + (index - kFirstChunk * ((1u << c) - 1));
}

SignalPool::Entry* SignalPool::find(hsa_signal_t signal) const {
  std::lock_guard lock(mutex_);
  auto it = byHandle_.find(signal.handle);
  return it == byHandle_.end() ? nullptr : it->second;
}

void SignalPool::push(Entry* e) {
  uint64_t top = free_.load(std::memory_order_relaxed);
  uint64_t mine = 0;
  do {
    e->next.store(static_cast<uint32_t>(top), std::memory_order_relaxed);
    mine = ((top >> 32) + 1) << 32 | (e->index + 1);
  } while (!free_.compare_exchange_weak(top, mine, std::memory_order_release,
                                        std::memory_order_relaxed));
}

// The tag makes a pop that read `next` of an entry popped and pushed again meanwhile fail.
SignalPool::Entry* SignalPool::pop() {
  uint64_t top = free_.load(std::memory_order_acquire);
  while (static_cast<uint32_t>(top) != 0) {
    Entry* e = entry(static_cast<uint32_t>(top) - 1);
    const uint64_t below = ((top >> 32) + 1) << 32 | e->next.load(std::memory_order_relaxed);
    if (free_.compare_exchange_weak(top, below, std::memory_order_acquire,
                                    std::memory_order_acquire))
      return e;
  }
  return nullptr;
}

bool SignalPool::reusable(Entry& e) {
  if (e.references.load(std::memory_order_acquire) != 0 ||
      api_.hsa_signal_load_scacquire(e.signal) != 0)
    return false;
  if (e.guardCount.load(std::memory_order_acquire) == 0) return true;
  std::lock_guard lock(guardMutex_);
  auto it = guards_.find(&e);
  if (it == guards_.end()) return true;
  std::erase_if(it->second, [&](hsa_signal_t g) { return api_.hsa_signal_load_scacquire(g) == 0; });
  e.guardCount.store(static_cast<int>(it->second.size()), std::memory_order_release);
  return it->second.empty();
}

Status SignalPool::acquire(hsa_signal_value_t initial, Entry** out) {
  Entry* busy[kReuseScan];
  int busyCount = 0;
  Entry* found = nullptr;
  for (int i = 0; i < kReuseScan; ++i) {
    Entry* e = pop();
    if (e == nullptr) break;
    if (e->references.load(std::memory_order_acquire) != 0) continue;  // retained: off the stack
    if (reusable(*e)) {
      found = e;
      break;
    }
    busy[busyCount++] = e;
  }
  while (busyCount > 0) push(busy[--busyCount]);
  if (found == nullptr) return create(initial, out);
  if (Entry* held = found->held.exchange(nullptr, std::memory_order_acquire)) release(held);
  found->references.store(1, std::memory_order_relaxed);
  api_.hsa_signal_store_relaxed(found->signal, initial);
  *out = found;
  return kOk;
}

Status SignalPool::acquire(hsa_signal_value_t initial, hsa_signal_t* signal) {
  Entry* e = nullptr;
  UNIHIP_TRY(acquire(initial, &e));
  *signal = e->signal;
  return kOk;
}

Status SignalPool::create(hsa_signal_value_t initial, Entry** out) {
  std::lock_guard lock(mutex_);
  const uint32_t index = count_.load(std::memory_order_relaxed);
  const int c = std::bit_width(index / kFirstChunk + 1) - 1;
  if (c >= kChunks) return hipErrorOutOfMemory;
  hsa_signal_t s{0};
  // No consumer list: any agent may wait on it (events cross devices).
  UNIHIP_HSA_TRY(api_, hsa_signal_create(initial, 0, nullptr, &s));
  if (chunks_[c].load(std::memory_order_relaxed) == nullptr)
    chunks_[c].store(new Entry[size_t{kFirstChunk} << c], std::memory_order_release);
  Entry* e = entry(index);
  e->signal = s;
  e->pool = this;
  e->index = index;
  e->references.store(1, std::memory_order_relaxed);
  byHandle_.emplace(s.handle, e);
  count_.store(index + 1, std::memory_order_release);
  *out = e;
  return kOk;
}

bool SignalPool::retainIfReferenced(Entry* e) {
  int r = e->references.load(std::memory_order_relaxed);
  do {
    if (r <= 0) return false;
  } while (!e->references.compare_exchange_weak(r, r + 1, std::memory_order_acquire,
                                                std::memory_order_relaxed));
  return true;
}

void SignalPool::release(Entry* e) {
  int r = e->references.load(std::memory_order_relaxed);
  do {
    if (r <= 0) return;
  } while (!e->references.compare_exchange_weak(r, r - 1, std::memory_order_acq_rel,
                                                std::memory_order_relaxed));
  if (r == 1) e->pool->push(e);
}

void SignalPool::retain(hsa_signal_t signal) {
  if (Entry* e = find(signal)) (void)retainIfReferenced(e);
}

void SignalPool::release(hsa_signal_t signal) {
  if (Entry* e = find(signal)) release(e);
}

void SignalPool::addGuard(Entry* e, hsa_signal_t guard) {
  // The guard is not retained: if it is reused meanwhile, it reads non-zero again, which only
  // delays the reuse of `e` (the safe direction).
  std::lock_guard lock(guardMutex_);
  std::vector<hsa_signal_t>& list = guards_[e];
  list.push_back(guard);
  e->guardCount.store(static_cast<int>(list.size()), std::memory_order_release);
}

void SignalPool::addGuard(hsa_signal_t signal, hsa_signal_t guard) {
  if (Entry* e = find(signal)) addGuard(e, guard);
}

size_t SignalPool::created() const { return count_.load(std::memory_order_acquire); }

}  // namespace unihip::hsa
