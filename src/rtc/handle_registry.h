// Live hiprtc handles (programs, link states). A handle is looked up, never dereferenced, so a
// garbage or destroyed one is found absent; find() keeps the object alive for the call even if
// another thread destroys the handle meanwhile.
#pragma once

#include <memory>
#include <mutex>
#include <unordered_map>

namespace unihip::rtc {

template <typename T>
class HandleRegistry {
 public:
  std::shared_ptr<T> add(std::unique_ptr<T> object) {
    std::shared_ptr<T> p(std::move(object));
    std::lock_guard<std::mutex> lock(mutex_);
    live_.emplace(p.get(), p);
    return p;
  }
  std::shared_ptr<T> find(const void* handle) {
    if (handle == nullptr) return nullptr;
    std::lock_guard<std::mutex> lock(mutex_);
    auto it = live_.find(handle);
    return it == live_.end() ? nullptr : it->second;
  }
  bool remove(const void* handle) {
    std::shared_ptr<T> doomed;  // released after the lock
    std::lock_guard<std::mutex> lock(mutex_);
    auto it = live_.find(handle);
    if (it == live_.end()) return false;
    doomed = std::move(it->second);
    live_.erase(it);
    return true;
  }

 private:
  std::mutex mutex_;
  std::unordered_map<const void*, std::shared_ptr<T>> live_;
};

// One registry per type for the process, never destroyed (handles may be released at exit).
template <typename T>
HandleRegistry<T>& registryOf() {
  static auto* r = new HandleRegistry<T>;
  return *r;
}

}  // namespace unihip::rtc
