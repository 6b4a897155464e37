// The generation that per-thread launch caches (api/hip_launch.cpp) are tagged with.
//
// A launch cache remembers what a thread's last launch resolved: a host function's native
// function on a device, a stream's device and native stream. All of that changes only where
// invalidateLaunchCaches() is called: a kernel registered or unregistered, a device's functions
// forgotten (hipDeviceReset), a stream destroyed, the devices replaced. A cache entry is used only
// while the generation it was filled under is current.
//
// Ordering: a filler loads the generation before its lookups, a changer bumps it after its
// change. A filler that raced a change thus tags its entry with the old generation, which no
// longer matches.
#pragma once

#include <atomic>
#include <cstdint>

namespace unihip {

// Starts at 1 so that a zeroed cache never matches; 64 bits never wrap.
inline constinit std::atomic<uint64_t> g_launchGeneration{1};

inline uint64_t launchGeneration() { return g_launchGeneration.load(std::memory_order_acquire); }

inline void invalidateLaunchCaches() { g_launchGeneration.fetch_add(1, std::memory_order_acq_rel); }

}  // namespace unihip
