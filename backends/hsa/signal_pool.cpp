#include "signal_pool.h"

#include <algorithm>

#include "hsa_status.h"

namespace unihip::hsa {

SignalPool::~SignalPool() {
  for (auto& [handle, entry] : entries_) api_.hsa_signal_destroy(hsa_signal_t{handle});
}

SignalPool::Entry* SignalPool::find(hsa_signal_t signal) {
  auto it = entries_.find(signal.handle);
  return it == entries_.end() ? nullptr : it->second.get();
}

bool SignalPool::reusable(Entry& entry) {
  if (entry.references > 0 || api_.hsa_signal_load_scacquire(entry.signal) != 0) return false;
  std::erase_if(entry.guards, [&](hsa_signal_t g) { return api_.hsa_signal_load_scacquire(g) == 0; });
  return entry.guards.empty();
}

Status SignalPool::acquire(hsa_signal_value_t initial, hsa_signal_t* signal) {
  std::lock_guard lock(mutex_);
  const size_t scan = std::min(unreferenced_.size(), kReuseScan);
  for (size_t i = 0; i < scan; ++i) {
    Entry* entry = unreferenced_.front();
    unreferenced_.erase(unreferenced_.begin());
    if (!reusable(*entry)) {
      unreferenced_.push_back(entry);  // still busy: look at the next-oldest
      continue;
    }
    entry->references = 1;
    api_.hsa_signal_store_relaxed(entry->signal, initial);
    *signal = entry->signal;
    return kOk;
  }
  hsa_signal_t s{0};
  // No consumer list: any agent may wait on it (events cross devices).
  UNIHIP_HSA_TRY(api_, hsa_signal_create(initial, 0, nullptr, &s));
  auto entry = std::make_unique<Entry>();
  entry->signal = s;
  entry->references = 1;
  entries_.emplace(s.handle, std::move(entry));
  unreferenced_.reserve(entries_.size());  // release() then never allocates
  *signal = s;
  return kOk;
}

void SignalPool::retain(hsa_signal_t signal) {
  std::lock_guard lock(mutex_);
  if (Entry* e = find(signal)) ++e->references;
}

void SignalPool::release(hsa_signal_t signal) {
  std::lock_guard lock(mutex_);
  Entry* e = find(signal);
  if (e == nullptr || e->references == 0) return;
  if (--e->references == 0) unreferenced_.push_back(e);
}

void SignalPool::addGuard(hsa_signal_t signal, hsa_signal_t guard) {
  std::lock_guard lock(mutex_);
  // The guard is not retained: if it is reused meanwhile, it reads non-zero again, which only
  // delays the reuse of `signal` (the safe direction).
  if (Entry* e = find(signal)) e->guards.push_back(guard);
}

size_t SignalPool::created() const {
  std::lock_guard lock(mutex_);
  return entries_.size();
}

}  // namespace unihip::hsa
