// How many stream captures begun through unihip have not ended. While none has, no stream is
// capturing, so hot paths (stream-ordered allocation) skip asking the vendor. Counted up before
// the vendor begins a capture and down after it ends one, so a racing reader errs towards asking.
#pragma once

#include <atomic>

namespace unihip::active_captures {

inline std::atomic<int> g_count{0};

inline bool any() { return g_count.load(std::memory_order_acquire) != 0; }
inline void begin() { g_count.fetch_add(1, std::memory_order_acq_rel); }
inline void end() { g_count.fetch_sub(1, std::memory_order_acq_rel); }

}  // namespace unihip::active_captures
