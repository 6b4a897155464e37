// Storage for handle objects that lets a handle be validated without dereferencing it.
//
// A user may pass any pointer as a hipStream_t/hipEvent_t/...: one never returned by us (a stack
// or heap address of something else, 0xFFFF) must be rejected without touching its memory. Handle
// objects therefore live in append-only slabs that are never freed; a pointer is a candidate handle
// only when it lies inside a slab at an object boundary, and only then is its magic word read.
// Slab k holds kFirstSlabObjects << k objects, so one slab (one compare) serves the common case and
// 40 slabs serve more handles than any process creates.
// Thread safety: allocate() takes a mutex (create paths only); contains() is lock-free.
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <mutex>
#include <new>

namespace unihip {

template <typename T>
class HandleSlabs {
 public:
  static constexpr size_t kFirstSlabObjects = 256;
  static constexpr int kMaxSlabs = 40;

  constexpr HandleSlabs() = default;

  // Zeroed storage for one T (magic word 0: not live), never returned to the system. Throws
  // std::bad_alloc when the system or the slab table is exhausted, like operator new.
  void* allocate() {
    std::lock_guard<std::mutex> lock(mutex_);
    int n = count_.load(std::memory_order_relaxed);
    if (n == 0 || used_ == capacity(n - 1)) {
      if (n == kMaxSlabs) throw std::bad_alloc();
      const size_t bytes = capacity(n) * sizeof(T);
      void* slab = ::operator new(bytes, std::align_val_t(alignof(T)));
      std::memset(slab, 0, bytes);
      bases_[n].store(reinterpret_cast<uintptr_t>(slab), std::memory_order_relaxed);
      count_.store(++n, std::memory_order_release);  // publishes bases_[n - 1]
      used_ = 0;
    }
    return reinterpret_cast<T*>(bases_[n - 1].load(std::memory_order_relaxed)) + used_++;
  }

  // True when `p` is the address of one of the slabs' objects (allocated or not yet).
  bool contains(const void* p) const {
    const auto address = reinterpret_cast<uintptr_t>(p);
    const int n = count_.load(std::memory_order_acquire);
    for (int k = 0; k < n; ++k) {
      const uintptr_t offset = address - bases_[k].load(std::memory_order_relaxed);
      if (offset < capacity(k) * sizeof(T)) return offset % sizeof(T) == 0;
    }
    return false;
  }

 private:
  static constexpr size_t capacity(int k) { return kFirstSlabObjects << k; }

  std::atomic<int> count_{0};
  std::atomic<uintptr_t> bases_[kMaxSlabs] = {};
  std::mutex mutex_;
  size_t used_ = 0;  // objects handed out of the newest slab
};

// One slab set per handle type; constant-initialized, so reading it needs no guard.
template <typename T>
inline constinit HandleSlabs<T> g_handleSlabs{};

}  // namespace unihip

// Class-level operator new/delete routing a handle type's objects into its slabs. Delete does not
// free (slab memory is never returned); the destructor has already cleared the magic word.
#define UNIHIP_HANDLE_STORAGE(T)                                                    \
  static void* operator new(size_t) { return ::unihip::g_handleSlabs<T>.allocate(); } \
  static void operator delete(void*) noexcept {}
