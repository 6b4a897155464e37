// The objects behind hipStream_t, hipEvent_t, hipModule_t and hipFunction_t.
//
// Liveness: objects live in append-only slabs (core/handle_slabs.h) and are never returned to the
// system; destroy clears the magic word and puts the object on a free list. A pointer is checked
// to lie at an object boundary inside a slab before its magic word is read, so a destroyed handle
// or a pointer that never was one (0xFFFF, a stack address) is rejected without dereferencing
// unknown memory, lock-free. A recycled object may answer for a stale handle, as with any runtime
// that reuses handles.
// Thread safety: create/destroy take the HandleTable's mutex; validation is lock-free.
#pragma once

#include <atomic>
#include <cstdint>
#include <mutex>
#include <string>
#include <type_traits>
#include <vector>

#include "backend.h"
#include "core/handle_slabs.h"
#include "core/launch_generation.h"
#include "base/status.h"

namespace unihip {
// A handle field that a stale handle's user may read while its slot is recycled by another
// thread (hipStreamDestroy or hipDeviceReset racing a use): relaxed atomic, so such a read is
// defined (it sees the old or the new value; liveness is the magic word's job). Relaxed loads
// are plain loads on the hot path.
template <typename T>
class HandleField {
 public:
  HandleField(T value = T{}) : value_(value) {}
  operator T() const { return value_.load(std::memory_order_relaxed); }
  T get() const { return value_.load(std::memory_order_relaxed); }
  HandleField& operator=(T value) {
    value_.store(value, std::memory_order_relaxed);
    return *this;
  }

 private:
  std::atomic<T> value_;
};
}  // namespace unihip

struct ihipStream_t {
  static constexpr uint32_t kMagic = 0x5354524du;  // "STRM"
  UNIHIP_HANDLE_STORAGE(ihipStream_t)
  std::atomic<uint32_t> magic{0};
  unihip::HandleField<int> device;  // HIP ordinal
  unihip::HandleField<unihip::NativeStream> native;
  unihip::HandleField<unsigned int> flags;
  unihip::HandleField<int> priority;
  unihip::HandleField<unsigned long long> id;  // hipStreamGetId: unique for the process
  unihip::HandleField<int> syncPolicy;         // hipStreamAttributeSynchronizationPolicy
};

struct ihipEvent_t {
  static constexpr uint32_t kMagic = 0x45564e54u;  // "EVNT"
  UNIHIP_HANDLE_STORAGE(ihipEvent_t)
  std::atomic<uint32_t> magic{0};
  unihip::HandleField<int> device;
  unihip::HandleField<unihip::NativeEvent> native;
  unihip::HandleField<unsigned int> flags;
  // Set by a successful hipEventRecord: elapsed time of an unrecorded event is answered here,
  // without the driver.
  std::atomic<bool> recorded{false};
  // The capturing native stream the last hipEventRecord recorded into, else null
  // (core/graph/capture_guard.h: hipErrorCapturedEvent).
  std::atomic<unihip::NativeStream> captureStream{nullptr};
};

struct ihipModule_t {
  static constexpr uint32_t kMagic = 0x4d4f444cu;  // "MODL"
  UNIHIP_HANDLE_STORAGE(ihipModule_t)
  std::atomic<uint32_t> magic{0};
  int device = 0;
  unihip::NativeModule native = nullptr;
  std::vector<uint8_t> image;  // owned copy: the caller may free its buffer after loading
  std::vector<struct ihipModuleSymbol_t*> functions;
  // The module's __managed__ variables: managed memory the loader allocated, which the image's
  // pointer variable `name` points at; hipModuleGetGlobal answers it, unload frees it.
  struct ManagedVariable {
    std::string name;
    void* storage = nullptr;
    size_t size = 0;
  };
  std::vector<ManagedVariable> managed;
};

struct ihipModuleSymbol_t {
  static constexpr uint32_t kMagic = 0x46554e43u;  // "FUNC"
  UNIHIP_HANDLE_STORAGE(ihipModuleSymbol_t)
  std::atomic<uint32_t> magic{0};
  int device = 0;
  ihipModule_t* module = nullptr;
  unihip::NativeFunction native = nullptr;
  std::string name;
};

namespace unihip {

// Lock-free; never dereferences a pointer outside the handle slabs.
template <typename T>
inline bool isLive(const T* handle) {
  return g_handleSlabs<T>.contains(handle) &&
         handle->magic.load(std::memory_order_acquire) == T::kMagic;
}

// Allocation, retirement and per-device enumeration of user handles.
template <typename T>
class HandleTable {
 public:
  T* create() {
    std::lock_guard<std::mutex> lock(mutex_);
    T* h;
    if (!free_.empty()) {
      h = free_.back();
      free_.pop_back();
    } else {
      h = new T();
    }
    live_.push_back(h);
    return h;
  }
  // Marks `h` live once the caller has filled it.
  static void publish(T* h) { h->magic.store(T::kMagic, std::memory_order_release); }

  // Returns false when `h` was not live (already destroyed, or never ours).
  bool retire(T* h) {
    return retire(h, [](T&) {});
  }
  // As retire(h); `taken(*h)` runs once `h` is no longer live and before it can be recycled (under
  // the table's mutex, which create() takes too), so it reads the fields the destroyed handle had.
  // Reading them after retire() returns races with a create() on another thread that reuses the
  // object. `taken` must not call back into this table.
  template <typename Fn>
  bool retire(T* h, Fn&& taken) {
    std::lock_guard<std::mutex> lock(mutex_);
    for (size_t i = 0; i < live_.size(); ++i) {
      if (live_[i] == h) {
        uint32_t expected = T::kMagic;
        if (!h->magic.compare_exchange_strong(expected, 0)) return false;
        taken(*h);
        live_[i] = live_.back();
        live_.pop_back();
        free_.push_back(h);
        // Launch caches remember a stream's device and native stream, and a module's functions
        // (core/launch_generation.h).
        if constexpr (std::is_same_v<T, ihipStream_t> || std::is_same_v<T, ihipModule_t>)
          invalidateLaunchCaches();
        return true;
      }
    }
    return false;
  }
  // The first live handle that `match` accepts, or null (a scan: for queries off the hot path).
  template <typename Match>
  T* findLive(Match match) {
    std::lock_guard<std::mutex> lock(mutex_);
    for (T* h : live_)
      if (isLive(h) && match(*h)) return h;
    return nullptr;
  }
  // Live handles of one device (for hipDeviceReset).
  std::vector<T*> liveOnDevice(int device) {
    std::lock_guard<std::mutex> lock(mutex_);
    std::vector<T*> out;
    // Liveness first: a handle still being filled by its creator (not yet published) has a
    // device field that is being written; the acquire load orders the read after publish().
    for (T* h : live_) {
      if (isLive(h) && h->device == device) out.push_back(h);
    }
    return out;
  }

 private:
  std::mutex mutex_;
  std::vector<T*> live_;
  std::vector<T*> free_;
};

HandleTable<ihipStream_t>& streamTable();
HandleTable<ihipEvent_t>& eventTable();
HandleTable<ihipModule_t>& moduleTable();

}  // namespace unihip
