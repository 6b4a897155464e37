// Reusable ROCr signals for completion tracking (events, copies, stream markers).
//
// A signal may only be reset for a new use once nothing can still read it: its own work is done
// (value 0), every holder has released it, and every packet or copy that named it as a
// dependency has finished. Two ways to say the latter: a "guard" (addGuard: a signal that
// completes after that consumer), or a "hold" (hold: the consumer's own completion signal keeps
// a reference to the dependency until it is itself reused, which needs it to read 0). Without
// them, hipEventDestroy right after hipStreamWaitEvent could hand the signal to new work queued
// behind the waiting barrier, which would then wait on itself.
//
// Lock-free (event record and stream wait are hot paths): entries live in chunks that never
// move, addressed by a 32-bit index; references are atomic counts; released entries go on a
// Treiber stack (index + ABA tag in one word). Acquiring looks at the few most recently released
// entries only and pushes the busy ones back, so it costs the same however many signals exist.
// Locks remain where no hot path goes: creating a signal (warm-up), guards, and the lookup of an
// Entry by handle (the handle-based methods; hot paths keep the Entry).
#pragma once

#include <hsa/hsa.h>

#include <atomic>
#include <memory>
#include <mutex>
#include <unordered_map>
#include <vector>

#include "base/status.h"
#include "hsa_loader.h"

namespace unihip::hsa {

class SignalPool {
 public:
  struct Entry {
    hsa_signal_t signal{0};
    SignalPool* pool = nullptr;
    uint32_t index = 0;
    std::atomic<int> references{0};
    std::atomic<uint32_t> next{0};        // free stack: index + 1 of the entry below, 0 = none
    std::atomic<int> guardCount{0};       // guards not yet seen at 0 (they sit in guards_)
    std::atomic<Entry*> held{nullptr};    // a dependency released when this entry is reused
  };

  explicit SignalPool(const HsaApi& api) : api_(api) {}
  ~SignalPool();
  SignalPool(const SignalPool&) = delete;
  SignalPool& operator=(const SignalPool&) = delete;

  // A signal holding `initial`, with one reference held by the caller.
  Status acquire(hsa_signal_value_t initial, hsa_signal_t* signal);
  Status acquire(hsa_signal_value_t initial, Entry** entry);
  // Another holder (a stream's last marker keeps its signal this way). The caller must know the
  // signal referenced meanwhile.
  void retain(hsa_signal_t signal);
  static void retain(Entry* e) { e->references.fetch_add(1, std::memory_order_relaxed); }
  // A reference only if one is still held by someone (false: it may be recycled already).
  static bool retainIfReferenced(Entry* e);
  // Drops one reference.
  void release(hsa_signal_t signal);
  static void release(Entry* e);
  // `signal` stays unusable until `guard` reads 0.
  void addGuard(hsa_signal_t signal, hsa_signal_t guard);
  void addGuard(Entry* e, hsa_signal_t guard);
  // `consumer` keeps the caller's reference to `dependency` until `consumer` is reused (it reads
  // 0 then: the packet that read `dependency` finished). One per consumer.
  static void hold(Entry* consumer, Entry* dependency) {
    consumer->held.store(dependency, std::memory_order_release);
  }

  // The entry of a signal of this pool; null for any other handle.
  Entry* find(hsa_signal_t signal) const;
  Entry* entry(uint32_t index) const;

  // Signals created so far (tests and logs).
  size_t created() const;

 private:
  // Released entries looked at per acquire before a new one is created.
  static constexpr int kReuseScan = 4;
  static constexpr uint32_t kFirstChunk = 64;  // chunk c holds kFirstChunk << c entries
  static constexpr int kChunks = 26;

  void push(Entry* e);
  Entry* pop();
  bool reusable(Entry& e);
  Status create(hsa_signal_value_t initial, Entry** out);

  const HsaApi& api_;
  std::atomic<uint64_t> free_{0};  // tag << 32 | (index + 1) of the top entry, 0 = empty
  std::atomic<Entry*> chunks_[kChunks] = {};
  std::atomic<uint32_t> count_{0};
  mutable std::mutex mutex_;  // creation, byHandle_
  std::unordered_map<uint64_t, Entry*> byHandle_;
  std::mutex guardMutex_;  // guards_
  std::unordered_map<Entry*, std::vector<hsa_signal_t>> guards_;
};

}  // namespace unihip::hsa
