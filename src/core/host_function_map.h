// Host-function pointer -> kernel record, for hipLaunchKernel.
//
// Thread safety: find() is lock-free and wait-free apart from probing; insert()/erase() take a
// mutex (registration is not on the hot path). Memory ordering: a slot's value is stored before
// its key is release-stored, so a reader that acquires the key sees the value. Tables replaced on
// growth are retired, never freed, so a reader holding an old table stays safe.
#pragma once

#include <atomic>
#include <cstdint>
#include <memory>
#include <mutex>
#include <vector>

namespace unihip {

template <typename Value>
class HostFunctionMap {
 public:
  HostFunctionMap() { table_.store(newTable(64), std::memory_order_release); }

  Value* find(const void* key) const {
    const Table* t = table_.load(std::memory_order_acquire);
    for (size_t i = slotOf(key, t->mask);; i = (i + 1) & t->mask) {
      const void* k = t->slots[i].key.load(std::memory_order_acquire);
      if (k == key) return t->slots[i].value.load(std::memory_order_acquire);
      if (k == nullptr) return nullptr;
    }
  }

  // Inserts or replaces.
  void insert(const void* key, Value* value) {
    std::lock_guard<std::mutex> lock(mutex_);
    Table* t = table_.load(std::memory_order_relaxed);
    if ((used_ + 1) * 2 > t->mask + 1) t = grow(t, (t->mask + 1) * 2);
    if (place(t, key, value)) ++used_;
  }

  // insert() of `count` pairs in order, `pairOf(i)` giving the i-th, under one lock and with at
  // most one growth (the registry indexes a program's kernels at once).
  template <typename PairOf>
  void insertMany(size_t count, PairOf pairOf) {
    std::lock_guard<std::mutex> lock(mutex_);
    Table* t = table_.load(std::memory_order_relaxed);
    size_t capacity = t->mask + 1;
    while ((used_ + count) * 2 > capacity) capacity *= 2;
    if (capacity != t->mask + 1) t = grow(t, capacity);
    for (size_t i = 0; i < count; ++i) {
      auto [key, value] = pairOf(i);
      if (place(t, key, value)) ++used_;
    }
  }

  // Leaves the key as a tombstone with a null value.
  void erase(const void* key) {
    std::lock_guard<std::mutex> lock(mutex_);
    Table* t = table_.load(std::memory_order_relaxed);
    for (size_t i = slotOf(key, t->mask);; i = (i + 1) & t->mask) {
      const void* k = t->slots[i].key.load(std::memory_order_relaxed);
      if (k == nullptr) return;
      if (k == key) {
        t->slots[i].value.store(nullptr, std::memory_order_release);
        return;
      }
    }
  }

 private:
  struct Slot {
    std::atomic<const void*> key{nullptr};
    std::atomic<Value*> value{nullptr};
  };
  struct Table {
    size_t mask;
    std::unique_ptr<Slot[]> slots;
  };

  static size_t slotOf(const void* key, size_t mask) {
    // Fibonacci hashing of the address; low bits of code addresses are poorly distributed.
    return static_cast<size_t>((reinterpret_cast<uintptr_t>(key) * 0x9E3779B97F4A7C15ull) >> 20) &
           mask;
  }

  Table* newTable(size_t capacity) {
    auto table = std::make_unique<Table>();
    table->mask = capacity - 1;
    table->slots = std::make_unique<Slot[]>(capacity);
    Table* raw = table.get();
    tables_.push_back(std::move(table));
    return raw;
  }

  // Returns true when a new key was added.
  static bool place(Table* t, const void* key, Value* value) {
    for (size_t i = slotOf(key, t->mask);; i = (i + 1) & t->mask) {
      const void* k = t->slots[i].key.load(std::memory_order_relaxed);
      if (k == key) {
        t->slots[i].value.store(value, std::memory_order_release);
        return false;
      }
      if (k == nullptr) {
        t->slots[i].value.store(value, std::memory_order_relaxed);
        t->slots[i].key.store(key, std::memory_order_release);
        return true;
      }
    }
  }

  Table* grow(Table* old, size_t capacity) {
    Table* t = newTable(capacity);
    for (size_t i = 0; i <= old->mask; ++i) {
      const void* k = old->slots[i].key.load(std::memory_order_relaxed);
      if (k) place(t, k, old->slots[i].value.load(std::memory_order_relaxed));
    }
    table_.store(t, std::memory_order_release);
    return t;
  }

  std::atomic<Table*> table_{nullptr};
  std::mutex mutex_;
  size_t used_ = 0;
  std::vector<std::unique_ptr<Table>> tables_;  // current and retired tables
};

}  // namespace unihip
