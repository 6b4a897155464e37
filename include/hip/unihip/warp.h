/* unihip device side: warp (wavefront) operations.
 *
 *   __shfl, __shfl_up, __shfl_down, __shfl_xor  (+ _sync forms taking a lane mask first)
 *   __ballot, __any, __all, __activemask        (+ __ballot_sync, __any_sync, __all_sync)
 *   __lane_id, __lanemask_lt/le/gt/ge/eq, __syncwarp
 *
 * Lane masks are 64-bit (unsigned long long), as in HIP, so one type fits wave64; on NVIDIA
 * (and wave32 AMD) the upper 32 bits are zero. `width` (a power of two <= warpSize, default
 * warpSize) splits the warp into independent segments, as in CUDA.
 * _sync masks: on NVIDIA the mask's low 32 bits go to the .sync instructions, so the named
 * lanes must all reach the call. On AMD the wavefront runs its active lanes in lockstep; the
 * mask selects which lanes' votes count (ballot/any/all) and is otherwise not needed.
 * Non-sync forms on NVIDIA use the full mask 0xffffffff (HIP's choice too). */
#ifndef UNIHIP_DEVICE_WARP_H
#define UNIHIP_DEVICE_WARP_H

#include "hip/unihip/coordinates.h"
#include "hip/unihip/qualifiers.h"

#if defined(UNIHIP_OFFLOAD_LANGUAGE)

typedef unsigned long long __unihip_lanemask_t;

#if defined(UNIHIP_DEVICE_NVPTX)

#define UNIHIP_FULL_MASK 0xffffffffu
UNIHIP_DEVICE_INLINE unsigned int __lane_id() { return __nvvm_read_ptx_sreg_laneid(); }
UNIHIP_DEVICE_INLINE __unihip_lanemask_t __activemask() { return __nvvm_activemask(); }
/* The lanemask builtins return int: zero-extend, or lane 31's bit would fill the upper half. */
#define UNIHIP_LANEMASK(rel)                                       \
  UNIHIP_DEVICE_INLINE __unihip_lanemask_t __lanemask_##rel() {    \
    return (unsigned int)__nvvm_read_ptx_sreg_lanemask_##rel();    \
  }
UNIHIP_LANEMASK(lt)
UNIHIP_LANEMASK(le)
UNIHIP_LANEMASK(gt)
UNIHIP_LANEMASK(ge)
UNIHIP_LANEMASK(eq)
#undef UNIHIP_LANEMASK
UNIHIP_DEVICE_INLINE void __syncwarp(__unihip_lanemask_t mask = UNIHIP_FULL_MASK) {
  __nvvm_bar_warp_sync((unsigned int)mask);
}

UNIHIP_DEVICE_INLINE __unihip_lanemask_t __ballot_sync(__unihip_lanemask_t mask, int predicate) {
  return __nvvm_vote_ballot_sync((unsigned int)mask, predicate != 0);
}
UNIHIP_DEVICE_INLINE int __any_sync(__unihip_lanemask_t mask, int predicate) {
  return __nvvm_vote_any_sync((unsigned int)mask, predicate != 0);
}
UNIHIP_DEVICE_INLINE int __all_sync(__unihip_lanemask_t mask, int predicate) {
  return __nvvm_vote_all_sync((unsigned int)mask, predicate != 0);
}

/* shfl.sync's c operand: segment mask in bits 8-12, clamp lane in bits 0-4. */
#define UNIHIP_SHFL_C(width, clamp) (((32 - (width)) << 8) | (clamp))
UNIHIP_DEVICE_INLINE int __unihip_shfl_idx(unsigned int m, int v, int lane, int width) {
  return __nvvm_shfl_sync_idx_i32(m, v, lane, UNIHIP_SHFL_C(width, 0x1f));
}
UNIHIP_DEVICE_INLINE int __unihip_shfl_up(unsigned int m, int v, unsigned int delta, int width) {
  return __nvvm_shfl_sync_up_i32(m, v, delta, UNIHIP_SHFL_C(width, 0));
}
UNIHIP_DEVICE_INLINE int __unihip_shfl_down(unsigned int m, int v, unsigned int delta, int width) {
  return __nvvm_shfl_sync_down_i32(m, v, delta, UNIHIP_SHFL_C(width, 0x1f));
}
UNIHIP_DEVICE_INLINE int __unihip_shfl_xor(unsigned int m, int v, int laneMask, int width) {
  return __nvvm_shfl_sync_bfly_i32(m, v, laneMask, UNIHIP_SHFL_C(width, 0x1f));
}
#undef UNIHIP_SHFL_C

#else /* AMDGCN, and the host pass (parsed against the AMD aux target, never emitted) */

#define UNIHIP_FULL_MASK (~0ull)
UNIHIP_DEVICE_INLINE unsigned int __lane_id() {
  return __builtin_amdgcn_mbcnt_hi(~0u, __builtin_amdgcn_mbcnt_lo(~0u, 0u));
}
UNIHIP_DEVICE_INLINE __unihip_lanemask_t __activemask() { return __builtin_amdgcn_read_exec(); }
UNIHIP_DEVICE_INLINE __unihip_lanemask_t __lanemask_eq() { return 1ull << __lane_id(); }
UNIHIP_DEVICE_INLINE __unihip_lanemask_t __lanemask_lt() { return __lanemask_eq() - 1; }
UNIHIP_DEVICE_INLINE __unihip_lanemask_t __lanemask_le() { return (__lanemask_eq() << 1) - 1; }
UNIHIP_DEVICE_INLINE __unihip_lanemask_t __lanemask_ge() {
  return ~__lanemask_lt() & (warpSize == 64 ? ~0ull : 0xffffffffull);
}
UNIHIP_DEVICE_INLINE __unihip_lanemask_t __lanemask_gt() {
  return ~__lanemask_le() & (warpSize == 64 ? ~0ull : 0xffffffffull);
}
UNIHIP_DEVICE_INLINE void __syncwarp(__unihip_lanemask_t mask = UNIHIP_FULL_MASK) {
  (void)mask;  // lanes of a wavefront run in lockstep; order their memory operations
  __builtin_amdgcn_fence(__ATOMIC_RELEASE, "wavefront");
  __builtin_amdgcn_wave_barrier();
  __builtin_amdgcn_fence(__ATOMIC_ACQUIRE, "wavefront");
}

UNIHIP_DEVICE_INLINE __unihip_lanemask_t __ballot_sync(__unihip_lanemask_t mask, int predicate) {
  return __builtin_amdgcn_ballot_w64(predicate != 0) & mask;
}
UNIHIP_DEVICE_INLINE int __any_sync(__unihip_lanemask_t mask, int predicate) {
  return __ballot_sync(mask, predicate) != 0;
}
UNIHIP_DEVICE_INLINE int __all_sync(__unihip_lanemask_t mask, int predicate) {
  return __ballot_sync(mask, predicate) == (mask & __activemask());
}

/* ds_bpermute reads lane (address / 4); a lane outside its segment reads its own value. */
UNIHIP_DEVICE_INLINE int __unihip_bpermute(int lane, int v) {
  return __builtin_amdgcn_ds_bpermute(lane << 2, v);
}
UNIHIP_DEVICE_INLINE int __unihip_shfl_idx(__unihip_lanemask_t, int v, int lane, int width) {
  int self = (int)__lane_id();
  return __unihip_bpermute((lane & (width - 1)) + (self & ~(width - 1)), v);
}
UNIHIP_DEVICE_INLINE int __unihip_shfl_up(__unihip_lanemask_t, int v, unsigned int delta,
                                          int width) {
  int self = (int)__lane_id();
  int source = self - (int)delta;
  return __unihip_bpermute(source < (self & ~(width - 1)) ? self : source, v);
}
UNIHIP_DEVICE_INLINE int __unihip_shfl_down(__unihip_lanemask_t, int v, unsigned int delta,
                                            int width) {
  int self = (int)__lane_id();
  int source = (self & (width - 1)) + (int)delta >= width ? self : self + (int)delta;
  return __unihip_bpermute(source, v);
}
UNIHIP_DEVICE_INLINE int __unihip_shfl_xor(__unihip_lanemask_t, int v, int laneMask, int width) {
  int self = (int)__lane_id();
  int source = self ^ laneMask;
  return __unihip_bpermute(source >= ((self + width) & ~(width - 1)) ? self : source, v);
}

#endif

UNIHIP_DEVICE_INLINE __unihip_lanemask_t __ballot(int predicate) {
  return __ballot_sync(UNIHIP_FULL_MASK, predicate);
}
UNIHIP_DEVICE_INLINE int __any(int predicate) { return __any_sync(UNIHIP_FULL_MASK, predicate); }
UNIHIP_DEVICE_INLINE int __all(int predicate) { return __all_sync(UNIHIP_FULL_MASK, predicate); }

/* Each shuffle for every 32- and 64-bit scalar type: 64-bit values move as two 32-bit halves. */
#define UNIHIP_SHFL_TYPES(name, impl, Arg)                                                       \
  UNIHIP_DEVICE_INLINE int name##_sync(__unihip_lanemask_t m, int v, Arg a, int w = warpSize) {  \
    return impl(m, v, a, w);                                                                     \
  }                                                                                              \
  UNIHIP_DEVICE_INLINE unsigned int name##_sync(__unihip_lanemask_t m, unsigned int v, Arg a,   \
                                                int w = warpSize) {                             \
    return (unsigned int)impl(m, (int)v, a, w);                                                  \
  }                                                                                              \
  UNIHIP_DEVICE_INLINE float name##_sync(__unihip_lanemask_t m, float v, Arg a, int w = warpSize) { \
    return __builtin_bit_cast(float, impl(m, __builtin_bit_cast(int, v), a, w));                \
  }                                                                                              \
  UNIHIP_DEVICE_INLINE unsigned long long name##_sync(__unihip_lanemask_t m, unsigned long long v, \
                                                      Arg a, int w = warpSize) {                \
    unsigned int lo = (unsigned int)impl(m, (int)(unsigned int)v, a, w);                         \
    unsigned int hi = (unsigned int)impl(m, (int)(unsigned int)(v >> 32), a, w);                 \
    return ((unsigned long long)hi << 32) | lo;                                                  \
  }                                                                                              \
  UNIHIP_DEVICE_INLINE long long name##_sync(__unihip_lanemask_t m, long long v, Arg a,         \
                                             int w = warpSize) {                                 \
    return (long long)name##_sync(m, (unsigned long long)v, a, w);                               \
  }                                                                                              \
  UNIHIP_DEVICE_INLINE long name##_sync(__unihip_lanemask_t m, long v, Arg a, int w = warpSize) { \
    return (long)name##_sync(m, (unsigned long long)v, a, w);                                    \
  }                                                                                              \
  UNIHIP_DEVICE_INLINE unsigned long name##_sync(__unihip_lanemask_t m, unsigned long v, Arg a, \
                                                 int w = warpSize) {                             \
    return (unsigned long)name##_sync(m, (unsigned long long)v, a, w);                           \
  }                                                                                              \
  UNIHIP_DEVICE_INLINE double name##_sync(__unihip_lanemask_t m, double v, Arg a,               \
                                          int w = warpSize) {                                    \
    return __builtin_bit_cast(double, name##_sync(m, __builtin_bit_cast(unsigned long long, v), a, w)); \
  }                                                                                              \
  template <typename T>                                                                          \
  UNIHIP_DEVICE_INLINE T name(T v, Arg a, int w = warpSize) {                                    \
    return name##_sync(UNIHIP_FULL_MASK, v, a, w);                                               \
  }

UNIHIP_SHFL_TYPES(__shfl, __unihip_shfl_idx, int)
UNIHIP_SHFL_TYPES(__shfl_up, __unihip_shfl_up, unsigned int)
UNIHIP_SHFL_TYPES(__shfl_down, __unihip_shfl_down, unsigned int)
UNIHIP_SHFL_TYPES(__shfl_xor, __unihip_shfl_xor, int)
#undef UNIHIP_SHFL_TYPES

/* __match_any_sync / __match_all_sync / __reduce_<op>_sync (HIP's templates over the mask and
 * value types): every lane named in `mask` reads every other one's value through shuffles, so
 * results are the same on both vendors and for any shuffleable T; on NVIDIA (sm_70+) the match
 * instruction for 4- and 8-byte values. */
template <typename MaskT, typename T>
UNIHIP_DEVICE_INLINE unsigned long long __match_any_sync(MaskT mask, T value) {
  const __unihip_lanemask_t m = (__unihip_lanemask_t)mask & UNIHIP_FULL_MASK;  // the warp's lanes
#if defined(UNIHIP_DEVICE_NVPTX) && defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 700
  // NVIDIA's match instruction compares bits, as CUDA's __match_any_sync does
  if constexpr (sizeof(T) == 4) {
    int bits;
    __builtin_memcpy(&bits, &value, 4);
    return (unsigned int)__nvvm_match_any_sync_i32((unsigned int)m, bits);
  } else if constexpr (sizeof(T) == 8) {
    long long bits;
    __builtin_memcpy(&bits, &value, 8);
    return (unsigned int)__nvvm_match_any_sync_i64((unsigned int)m, bits);
  }
#endif
  unsigned long long result = 0;
  for (__unihip_lanemask_t rest = m; rest != 0; rest &= rest - 1) {
    int lane = __builtin_ctzll(rest);
    if (__shfl_sync(m, value, lane) == value) result |= 1ull << lane;
  }
  return result;
}
template <typename MaskT, typename T>
UNIHIP_DEVICE_INLINE unsigned long long __match_all_sync(MaskT mask, T value, int* pred) {
  const __unihip_lanemask_t m = (__unihip_lanemask_t)mask & UNIHIP_FULL_MASK;  // the warp's lanes
  const bool all = __match_any_sync(m, value) == m;
  *pred = all;
  return all ? m : 0ull;
}
#define UNIHIP_WARP_REDUCE(name, combine)                                     \
  template <typename MaskT, typename T>                                       \
  UNIHIP_DEVICE_INLINE T name(MaskT mask, T value) {                          \
    const __unihip_lanemask_t m = (__unihip_lanemask_t)mask & UNIHIP_FULL_MASK;                  \
    T acc = value;                                                            \
    bool first = true;                                                        \
    for (__unihip_lanemask_t rest = m; rest != 0; rest &= rest - 1) {         \
      T other = __shfl_sync(m, value, __builtin_ctzll(rest));                 \
      acc = first ? other : (combine);                                        \
      first = false;                                                          \
    }                                                                         \
    return acc;                                                               \
  }
UNIHIP_WARP_REDUCE(__reduce_add_sync, acc + other)
UNIHIP_WARP_REDUCE(__reduce_min_sync, other < acc ? other : acc)
UNIHIP_WARP_REDUCE(__reduce_max_sync, other > acc ? other : acc)
UNIHIP_WARP_REDUCE(__reduce_and_sync, acc & other)
UNIHIP_WARP_REDUCE(__reduce_or_sync, acc | other)
UNIHIP_WARP_REDUCE(__reduce_xor_sync, acc ^ other)
#undef UNIHIP_WARP_REDUCE

/* AMD's masked bit counts (mbcnt): popcount of the mask's bits below this lane, plus `add`;
 * _lo covers lanes 0-31, _hi lanes 32-63. __mbcnt_hi(~0u, __mbcnt_lo(~0u, 0)) is the lane id. */
UNIHIP_DEVICE_INLINE unsigned int __mbcnt_lo(unsigned int mask, unsigned int add) {
#if defined(UNIHIP_DEVICE_AMDGCN)
  return __builtin_amdgcn_mbcnt_lo(mask, add);
#else
  return (unsigned int)__builtin_popcount(mask & (unsigned int)__lanemask_lt()) + add;
#endif
}
UNIHIP_DEVICE_INLINE unsigned int __mbcnt_hi(unsigned int mask, unsigned int add) {
#if defined(UNIHIP_DEVICE_AMDGCN)
  return __builtin_amdgcn_mbcnt_hi(mask, add);
#else
  return (unsigned int)__builtin_popcount(mask & (unsigned int)(__lanemask_lt() >> 32)) + add;
#endif
}

/* Where the calling wave runs: NVIDIA %smid; AMD the CU (bits 3:0) and shader engine (5:4) of
 * HW_ID, as HIP computes it. */
UNIHIP_DEVICE_INLINE unsigned int __smid(void) {
#if defined(UNIHIP_DEVICE_AMDGCN)
  unsigned int cu = __builtin_amdgcn_s_getreg((3 << 11) | (8 << 6) | 4);
  unsigned int se = __builtin_amdgcn_s_getreg((1 << 11) | (13 << 6) | 4);
  return (se << 4) + cu;
#elif defined(UNIHIP_DEVICE_NVPTX)
  return __nvvm_read_ptx_sreg_smid();
#else
  return 0;
#endif
}

#endif /* UNIHIP_OFFLOAD_LANGUAGE */

#endif /* UNIHIP_DEVICE_WARP_H */
