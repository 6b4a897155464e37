// Reusable ROCr signals for completion tracking (events, copies, stream markers).
//
// A signal may only be reset for a new use once nothing can still read it: its own work is done
// (value 0), every holder has released it, and every packet or copy that named it as a
// dependency has finished (a "guard": a signal that completes after that consumer). Without the
// guard rule, hipEventDestroy right after hipStreamWaitEvent could hand the signal to new work
// queued behind the waiting barrier, which would then wait on itself.
//
// Reuse looks at the oldest few released signals only (those most likely done) and moves the
// busy ones it saw to the back, so acquiring costs the same however many signals exist.
//
// Thread safety: all methods lock one mutex (not on the kernel-launch path).
#pragma once

#include <hsa/hsa.h>

#include <memory>
#include <mutex>
#include <unordered_map>
#include <vector>

#include "core/status.h"
#include "hsa_loader.h"

namespace unihip::hsa {

class SignalPool {
 public:
  explicit SignalPool(const HsaApi& api) : api_(api) {}
  ~SignalPool();
  SignalPool(const SignalPool&) = delete;
  SignalPool& operator=(const SignalPool&) = delete;

  // A signal holding `initial`, with one reference held by the caller.
  Status acquire(hsa_signal_value_t initial, hsa_signal_t* signal);
  // Another holder (a stream's last marker keeps its signal this way).
  void retain(hsa_signal_t signal);
  // Drops one reference.
  void release(hsa_signal_t signal);
  // `signal` stays unusable until `guard` reads 0.
  void addGuard(hsa_signal_t signal, hsa_signal_t guard);

  // Signals created so far (tests and logs).
  size_t created() const;

 private:
  struct Entry {
    hsa_signal_t signal{0};
    int references = 0;
    std::vector<hsa_signal_t> guards;
  };
  // Released signals looked at per acquire before a new one is created.
  static constexpr size_t kReuseScan = 4;

  bool reusable(Entry& entry);
  Entry* find(hsa_signal_t signal);

  const HsaApi& api_;
  mutable std::mutex mutex_;
  // By handle; every signal ever created (entries do not move: the list below points at them).
  std::unordered_map<uint64_t, std::unique_ptr<Entry>> entries_;
  std::vector<Entry*> unreferenced_;  // references == 0, maybe still busy; oldest first
};

}  // namespace unihip::hsa
