#include "signal_pool.h"

#include "hsa_status.h"

namespace unihip::hsa {

SignalPool::~SignalPool() {
  for (auto& [handle, entry] : entries_) api_.hsa_signal_destroy(hsa_signal_t{handle});
}

bool SignalPool::reusable(Entry& entry, hsa_signal_t signal) {
  if (entry.references > 0 || api_.hsa_signal_load_scacquire(signal) != 0) return false;
  std::erase_if(entry.guards, [&](hsa_signal_t g) { return api_.hsa_signal_load_scacquire(g) == 0; });
  return entry.guards.empty();
}

Status SignalPool::acquire(hsa_signal_value_t initial, hsa_signal_t* signal) {
  std::lock_guard lock(mutex_);
  for (size_t i = 0; i < unreferenced_.size(); ++i) {
    const hsa_signal_t s = unreferenced_[i];
    Entry& entry = entries_[s.handle];
    if (!reusable(entry, s)) continue;
    unreferenced_[i] = unreferenced_.back();
    unreferenced_.pop_back();
    entry.references = 1;
    api_.hsa_signal_store_relaxed(s, initial);
    *signal = s;
    return kOk;
  }
  hsa_signal_t s{0};
  // No consumer list: any agent may wait on it (events cross devices).
  UNIHIP_HSA_TRY(api_, hsa_signal_create(initial, 0, nullptr, &s));
  entries_[s.handle].references = 1;
  *signal = s;
  return kOk;
}

void SignalPool::retain(hsa_signal_t signal) {
  std::lock_guard lock(mutex_);
  ++entries_[signal.handle].references;
}

void SignalPool::release(hsa_signal_t signal) {
  std::lock_guard lock(mutex_);
  auto it = entries_.find(signal.handle);
  if (it == entries_.end() || it->second.references == 0) return;
  if (--it->second.references == 0) unreferenced_.push_back(signal);
}

void SignalPool::addGuard(hsa_signal_t signal, hsa_signal_t guard) {
  std::lock_guard lock(mutex_);
  // The guard is not retained: if it is reused meanwhile, it reads non-zero again, which only
  // delays the reuse of `signal` (the safe direction).
  entries_[signal.handle].guards.push_back(guard);
}

size_t SignalPool::created() const {
  std::lock_guard lock(mutex_);
  return entries_.size();
}

}  // namespace unihip::hsa
