/* unihip device side: clock64(), clock(), wall_clock64() and __nanosleep().
 *
 *   clock64()      the GPU's free-running cycle counter. NVIDIA: %clock64 (SM clock). AMD gfx9:
 *                  s_memtime (64-bit); gfx11: SHADER_CYCLES, which is only 20 bits wide (it
 *                  wraps about every million cycles: measure short intervals only).
 *   wall_clock64() a constant-rate counter. NVIDIA: %globaltimer, in nanoseconds (1 GHz);
 *                  AMD: the 100 MHz "realtime" counter (s_memrealtime / s_sendmsg_rtn).
 *                  hipDeviceAttributeWallClockRate reports the rate in kHz.
 *   __nanosleep(n) suspends the thread for about n ns (a hint, as in CUDA). NVIDIA: nanosleep
 *                  (sm_70+); AMD: s_sleep in a loop on wall_clock64, assuming 100 MHz. */
#ifndef UNIHIP_DEVICE_CLOCK_H
#define UNIHIP_DEVICE_CLOCK_H

#include <time.h>

#include "hip/unihip/qualifiers.h"

#if defined(UNIHIP_OFFLOAD_LANGUAGE)

#if defined(UNIHIP_DEVICE_NVPTX)
UNIHIP_DEVICE_INLINE long long clock64() { return (long long)__nvvm_read_ptx_sreg_clock64(); }
UNIHIP_DEVICE_INLINE long long wall_clock64() {
  return (long long)__nvvm_read_ptx_sreg_globaltimer();
}
UNIHIP_DEVICE_INLINE void __nanosleep(unsigned int ns) { __nvvm_nanosleep(ns); }
#else
UNIHIP_DEVICE_INLINE long long clock64() { return (long long)__builtin_readcyclecounter(); }
UNIHIP_DEVICE_INLINE long long wall_clock64() { return (long long)__builtin_readsteadycounter(); }
UNIHIP_DEVICE_INLINE void __nanosleep(unsigned int ns) {
  const long long ticks = (ns + 9) / 10;  // 100 MHz: 10 ns per tick
  const long long start = wall_clock64();
  while (wall_clock64() - start < ticks) __builtin_amdgcn_s_sleep(1);
}
#endif
UNIHIP_DEVICE_INLINE clock_t clock() { return (clock_t)clock64(); }
/* HIP's underscored names of the same counter. */
UNIHIP_DEVICE_INLINE long long __clock64() { return clock64(); }
UNIHIP_DEVICE_INLINE long long __clock() { return clock64(); }

#endif /* UNIHIP_OFFLOAD_LANGUAGE */

#endif /* UNIHIP_DEVICE_CLOCK_H */
