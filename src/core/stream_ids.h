// Stream ids (hipStreamGetId): 0 is the legacy default stream of every device, each created
// stream and each thread's per-thread stream takes the next number, never reused.
#pragma once

#include <atomic>

namespace unihip {

inline unsigned long long nextStreamId() {
  static std::atomic<unsigned long long> next{1};
  return next.fetch_add(1, std::memory_order_relaxed);
}

// The calling thread's per-thread default stream's id (one per thread, whatever the device).
inline unsigned long long perThreadStreamId() {
  thread_local const unsigned long long id = nextStreamId();
  return id;
}

}  // namespace unihip
