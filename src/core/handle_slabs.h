// Storage for handle objects that lets a handle be validated without dereferencing it.
//
// A user may pass any pointer as a hipStream_t/hipEvent_t/...: one never returned by us (a stack
// or heap address of something else, 0xFFFF) must be rejected without touching its memory. Handle
// objects therefore live in append-only slabs that are never freed; a pointer is a candidate handle
// only when it lies inside a slab at an object boundary, and only then is its magic word read.
// Slab k holds kFirstSlabObjects << k objects at power-of-two strides, so one slab (checked inline:
// a subtract, a compare, a mask) serves the common case and 40 slabs serve more handles than any
// process creates.
// Thread safety: allocate() takes a mutex (create paths only); contains() is lock-free.
#pragma once

#include <atomic>
#include <bit>
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
      const size_t bytes = capacity(n) * kStride;
      void* slab = ::operator new(bytes, std::align_val_t(kStride));
      std::memset(slab, 0, bytes);
      bases_[n].store(reinterpret_cast<uintptr_t>(slab), std::memory_order_relaxed);
      // The limit publishes the slab: a reader that sees it sees the base and the zeroed memory.
      limits_[n].store(bytes, std::memory_order_release);
      count_.store(++n, std::memory_order_release);
      used_ = 0;
    }
    return reinterpret_cast<char*>(bases_[n - 1].load(std::memory_order_relaxed)) +
           kStride * used_++;
  }

  // True when `p` is the address of one of the slabs' objects (allocated or not yet). The first
  // slab is checked inline (two loads, a subtract, two compares); the rest out of line.
  bool contains(const void* p) const {
    const auto address = reinterpret_cast<uintptr_t>(p);
    const size_t limit = limits_[0].load(std::memory_order_acquire);  // then the base: published
    const uintptr_t offset = address - bases_[0].load(std::memory_order_relaxed);
    if (offset < limit) return (offset & (kStride - 1)) == 0;
    return containsBeyondFirst(address);
  }

 private:
  // Objects sit at power-of-two strides, so a boundary check is a mask.
  static constexpr size_t kStride = std::bit_ceil(sizeof(T) < alignof(T) ? alignof(T) : sizeof(T));
  static constexpr size_t capacity(int k) { return kFirstSlabObjects << k; }

  [[gnu::noinline]] bool containsBeyondFirst(uintptr_t address) const {
    const int n = count_.load(std::memory_order_acquire);
    for (int k = 1; k < n; ++k) {
      const size_t limit = limits_[k].load(std::memory_order_relaxed);
      const uintptr_t offset = address - bases_[k].load(std::memory_order_relaxed);
      if (offset < limit) return (offset & (kStride - 1)) == 0;
    }
    return false;
  }

  std::atomic<int> count_{0};
  std::atomic<uintptr_t> bases_[kMaxSlabs] = {};
  std::atomic<size_t> limits_[kMaxSlabs] = {};  // slab size in bytes; 0 until allocated
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
