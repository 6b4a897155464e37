/* unihip device side: atomics (atomicAdd/Sub/Exch/Min/Max/Inc/Dec/CAS/And/Or/Xor) and their
 * scoped forms (_block: the work-group, _system: the device and the host / peer devices).
 *
 * HIP semantics: relaxed ordering; each returns the old value. The unsuffixed forms are
 * device (agent) scope. Built on clang's __hip_atomic builtins with an explicit scope, except:
 *   - NVPTX system scope: LLVM 19's NVPTX backend drops the scope of atomicrmw (everything
 *     becomes .gpu), so _system uses the explicit atom.sys builtins (__nvvm_atom_sys_*).
 *   - atomicInc/atomicDec (wrap-around increment/decrement) use the targets' own builtins.
 * Types: int, unsigned int, unsigned long, unsigned long long, float and double where HIP
 * offers them;
 * every op without a native instruction becomes a CAS loop in the backend, except NVPTX's
 * float/double atomicMin/Max: AMD's loop, which skips the CAS where the value would not change
 * (below). */
#ifndef UNIHIP_DEVICE_ATOMICS_H
#define UNIHIP_DEVICE_ATOMICS_H

#include "hip/unihip/qualifiers.h"

#if defined(UNIHIP_OFFLOAD_LANGUAGE)

#define UNIHIP_RELAXED_AT(builtin, p, v, scope) builtin(p, v, __ATOMIC_RELAXED, scope)

#if defined(UNIHIP_DEVICE_NVPTX)
/* atom.sys helpers: the builtins take signed or 64-bit types; the bits are what matter. */
#define UNIHIP_NV_SYS(name, T, builtin, BT) \
  UNIHIP_DEVICE_INLINE T name(T* p, T v) { return (T)builtin((BT*)p, (BT)v); }
UNIHIP_NV_SYS(__unihip_sys_add, int, __nvvm_atom_sys_add_gen_i, int)
UNIHIP_NV_SYS(__unihip_sys_add, unsigned int, __nvvm_atom_sys_add_gen_i, int)
UNIHIP_NV_SYS(__unihip_sys_add, unsigned long long, __nvvm_atom_sys_add_gen_ll, long long)
UNIHIP_NV_SYS(__unihip_sys_add, float, __nvvm_atom_sys_add_gen_f, float)
UNIHIP_NV_SYS(__unihip_sys_add, double, __nvvm_atom_sys_add_gen_d, double)
UNIHIP_NV_SYS(__unihip_sys_and, int, __nvvm_atom_sys_and_gen_i, int)
UNIHIP_NV_SYS(__unihip_sys_and, unsigned int, __nvvm_atom_sys_and_gen_i, int)
UNIHIP_NV_SYS(__unihip_sys_and, unsigned long long, __nvvm_atom_sys_and_gen_ll, long long)
UNIHIP_NV_SYS(__unihip_sys_or, int, __nvvm_atom_sys_or_gen_i, int)
UNIHIP_NV_SYS(__unihip_sys_or, unsigned int, __nvvm_atom_sys_or_gen_i, int)
UNIHIP_NV_SYS(__unihip_sys_or, unsigned long long, __nvvm_atom_sys_or_gen_ll, long long)
UNIHIP_NV_SYS(__unihip_sys_xor, int, __nvvm_atom_sys_xor_gen_i, int)
UNIHIP_NV_SYS(__unihip_sys_xor, unsigned int, __nvvm_atom_sys_xor_gen_i, int)
UNIHIP_NV_SYS(__unihip_sys_xor, unsigned long long, __nvvm_atom_sys_xor_gen_ll, long long)
UNIHIP_NV_SYS(__unihip_sys_min, int, __nvvm_atom_sys_min_gen_i, int)
UNIHIP_NV_SYS(__unihip_sys_min, unsigned int, __nvvm_atom_sys_min_gen_ui, unsigned int)
UNIHIP_NV_SYS(__unihip_sys_min, unsigned long long, __nvvm_atom_sys_min_gen_ull, unsigned long long)
UNIHIP_NV_SYS(__unihip_sys_max, int, __nvvm_atom_sys_max_gen_i, int)
UNIHIP_NV_SYS(__unihip_sys_max, unsigned int, __nvvm_atom_sys_max_gen_ui, unsigned int)
UNIHIP_NV_SYS(__unihip_sys_max, unsigned long long, __nvvm_atom_sys_max_gen_ull, unsigned long long)
UNIHIP_NV_SYS(__unihip_sys_min, long long, __nvvm_atom_sys_min_gen_ll, long long)
UNIHIP_NV_SYS(__unihip_sys_max, long long, __nvvm_atom_sys_max_gen_ll, long long)
UNIHIP_NV_SYS(__unihip_sys_inc, unsigned int, __nvvm_atom_sys_inc_gen_ui, unsigned int)
UNIHIP_NV_SYS(__unihip_sys_dec, unsigned int, __nvvm_atom_sys_dec_gen_ui, unsigned int)
#undef UNIHIP_NV_SYS

UNIHIP_DEVICE_INLINE int __unihip_sys_xchg(int* p, int v) { return __nvvm_atom_sys_xchg_gen_i(p, v); }
UNIHIP_DEVICE_INLINE unsigned int __unihip_sys_xchg(unsigned int* p, unsigned int v) {
  return (unsigned int)__nvvm_atom_sys_xchg_gen_i((int*)p, (int)v);
}
UNIHIP_DEVICE_INLINE unsigned long long __unihip_sys_xchg(unsigned long long* p, unsigned long long v) {
  return (unsigned long long)__nvvm_atom_sys_xchg_gen_ll((long long*)p, (long long)v);
}
UNIHIP_DEVICE_INLINE float __unihip_sys_xchg(float* p, float v) {
  return __builtin_bit_cast(float, __nvvm_atom_sys_xchg_gen_i((int*)p, __builtin_bit_cast(int, v)));
}
UNIHIP_DEVICE_INLINE double __unihip_sys_xchg(double* p, double v) {
  return __builtin_bit_cast(
      double, __nvvm_atom_sys_xchg_gen_ll((long long*)p, __builtin_bit_cast(long long, v)));
}
UNIHIP_DEVICE_INLINE int __unihip_sys_cas(int* p, int c, int v) {
  return __nvvm_atom_sys_cas_gen_i(p, c, v);
}
UNIHIP_DEVICE_INLINE unsigned int __unihip_sys_cas(unsigned int* p, unsigned int c, unsigned int v) {
  return (unsigned int)__nvvm_atom_sys_cas_gen_i((int*)p, (int)c, (int)v);
}
UNIHIP_DEVICE_INLINE unsigned long long __unihip_sys_cas(unsigned long long* p, unsigned long long c,
                                                         unsigned long long v) {
  return (unsigned long long)__nvvm_atom_sys_cas_gen_ll((long long*)p, (long long)c, (long long)v);
}
/* float/double atomicMin/Max at every scope. PTX has no atom.min/max on f32 or f64 (ptxas for
 * sm_90: ".min requires .u32 or .s32 or .u64 or .s64 or .f16 or .f16x2 or .bf16 or .bf16x2"),
 * and no single integer atomic on the bits treats NaN and signed zero as AMD does, so this is
 * AMD's loop (amd_hip_atomic.h): read the word, and store `value` with a CAS only while the word
 * compares greater (min) or less (max) than it. A thread whose value would not change the word
 * does no read-modify-write at all, so under same-address contention almost every thread leaves
 * after one load instead of queueing on the CAS (the loop that stored fmin(old, value) on every
 * call ran hip-tests' safeAtomicMin/Max SameAddress cases past their time limit).
 * As AMD's: a NaN, stored or given, is never replaced or stored (comparisons with NaN are
 * false); +0.0 and -0.0 compare equal, so the zero already stored stays. Returns the value
 * replaced or, where none was, the value that made the store unnecessary. */
#define UNIHIP_NV_CAS_AT(name, scope, BITS)                                                    \
  UNIHIP_DEVICE_INLINE BITS name(BITS* p, BITS compare, BITS value) {                          \
    __hip_atomic_compare_exchange_strong(p, &compare, value, __ATOMIC_RELAXED, __ATOMIC_RELAXED, \
                                         scope);                                               \
    return compare;                                                                            \
  }
UNIHIP_NV_CAS_AT(__unihip_cas_block, __HIP_MEMORY_SCOPE_WORKGROUP, unsigned int)
UNIHIP_NV_CAS_AT(__unihip_cas_block, __HIP_MEMORY_SCOPE_WORKGROUP, unsigned long long)
UNIHIP_NV_CAS_AT(__unihip_cas_agent, __HIP_MEMORY_SCOPE_AGENT, unsigned int)
UNIHIP_NV_CAS_AT(__unihip_cas_agent, __HIP_MEMORY_SCOPE_AGENT, unsigned long long)
#undef UNIHIP_NV_CAS_AT
#define UNIHIP_NV_FP_MINMAX(fn, T, BITS, cas, replaces)                        \
  UNIHIP_DEVICE_INLINE T fn(T* address, T value) {                             \
    BITS* bits = (BITS*)address;                                               \
    const BITS first = *(volatile BITS*)bits; /* not bit_cast'ed: that drops volatile */ \
    T old = __builtin_bit_cast(T, first);                                                \
    while (replaces) {                                                         \
      const BITS expected = __builtin_bit_cast(BITS, old);                     \
      const BITS seen = cas(bits, expected, __builtin_bit_cast(BITS, value));  \
      if (seen == expected) break;                                             \
      old = __builtin_bit_cast(T, seen);                                       \
    }                                                                          \
    return old;                                                                \
  }
#define UNIHIP_NV_FP_MINMAX_SCOPES(fn, T, BITS, replaces)                \
  UNIHIP_NV_FP_MINMAX(fn, T, BITS, __unihip_cas_agent, replaces)         \
  UNIHIP_NV_FP_MINMAX(fn##_block, T, BITS, __unihip_cas_block, replaces) \
  UNIHIP_NV_FP_MINMAX(fn##_system, T, BITS, __unihip_sys_cas, replaces)
UNIHIP_NV_FP_MINMAX_SCOPES(atomicMin, float, unsigned int, old > value)
UNIHIP_NV_FP_MINMAX_SCOPES(atomicMax, float, unsigned int, old < value)
UNIHIP_NV_FP_MINMAX_SCOPES(atomicMin, double, unsigned long long, old > value)
UNIHIP_NV_FP_MINMAX_SCOPES(atomicMax, double, unsigned long long, old < value)
#undef UNIHIP_NV_FP_MINMAX_SCOPES
#undef UNIHIP_NV_FP_MINMAX
#define UNIHIP_SYSTEM_RMW(nv_helper, builtin, p, v) nv_helper(p, v)
#else
#define UNIHIP_SYSTEM_RMW(nv_helper, builtin, p, v) \
  UNIHIP_RELAXED_AT(builtin, p, v, __HIP_MEMORY_SCOPE_SYSTEM)
#endif

/* fn (device scope), fn_block and fn_system for one type. */
#define UNIHIP_ATOMIC_RMW(fn, builtin, nv_sys, T)                                     \
  UNIHIP_DEVICE_INLINE T fn(T* address, T value) {                                    \
    return UNIHIP_RELAXED_AT(builtin, address, value, __HIP_MEMORY_SCOPE_AGENT);      \
  }                                                                                   \
  UNIHIP_DEVICE_INLINE T fn##_block(T* address, T value) {                            \
    return UNIHIP_RELAXED_AT(builtin, address, value, __HIP_MEMORY_SCOPE_WORKGROUP);  \
  }                                                                                   \
  UNIHIP_DEVICE_INLINE T fn##_system(T* address, T value) {                           \
    return UNIHIP_SYSTEM_RMW(nv_sys, builtin, address, value);                        \
  }

#define UNIHIP_ATOMIC_INTEGER_TYPES(fn, builtin, nv_sys) \
  UNIHIP_ATOMIC_RMW(fn, builtin, nv_sys, int)            \
  UNIHIP_ATOMIC_RMW(fn, builtin, nv_sys, unsigned int)   \
  UNIHIP_ATOMIC_RMW(fn, builtin, nv_sys, unsigned long long)
#define UNIHIP_ATOMIC_ALL_TYPES(fn, builtin, nv_sys)  \
  UNIHIP_ATOMIC_INTEGER_TYPES(fn, builtin, nv_sys)    \
  UNIHIP_ATOMIC_RMW(fn, builtin, nv_sys, float)       \
  UNIHIP_ATOMIC_RMW(fn, builtin, nv_sys, double)

UNIHIP_ATOMIC_ALL_TYPES(atomicAdd, __hip_atomic_fetch_add, __unihip_sys_add)
UNIHIP_ATOMIC_ALL_TYPES(atomicExch, __hip_atomic_exchange, __unihip_sys_xchg)
UNIHIP_ATOMIC_INTEGER_TYPES(atomicMin, __hip_atomic_fetch_min, __unihip_sys_min)
UNIHIP_ATOMIC_INTEGER_TYPES(atomicMax, __hip_atomic_fetch_max, __unihip_sys_max)
#if !defined(UNIHIP_DEVICE_NVPTX) /* NVPTX: the loops above */
UNIHIP_ATOMIC_RMW(atomicMin, __hip_atomic_fetch_min, __unihip_sys_min, float)
UNIHIP_ATOMIC_RMW(atomicMax, __hip_atomic_fetch_max, __unihip_sys_max, float)
UNIHIP_ATOMIC_RMW(atomicMin, __hip_atomic_fetch_min, __unihip_sys_min, double)
UNIHIP_ATOMIC_RMW(atomicMax, __hip_atomic_fetch_max, __unihip_sys_max, double)
#endif
/* long long: min and max only, as in HIP and CUDA. */
UNIHIP_ATOMIC_RMW(atomicMin, __hip_atomic_fetch_min, __unihip_sys_min, long long)
UNIHIP_ATOMIC_RMW(atomicMax, __hip_atomic_fetch_max, __unihip_sys_max, long long)
UNIHIP_ATOMIC_INTEGER_TYPES(atomicAnd, __hip_atomic_fetch_and, __unihip_sys_and)
UNIHIP_ATOMIC_INTEGER_TYPES(atomicOr, __hip_atomic_fetch_or, __unihip_sys_or)
UNIHIP_ATOMIC_INTEGER_TYPES(atomicXor, __hip_atomic_fetch_xor, __unihip_sys_xor)

/* atomicSub: an add of the negation (two's complement for the unsigned types). */
#define UNIHIP_ATOMIC_SUB(T)                                                                     \
  UNIHIP_DEVICE_INLINE T atomicSub(T* address, T value) { return atomicAdd(address, (T)-value); } \
  UNIHIP_DEVICE_INLINE T atomicSub_block(T* address, T value) {                                   \
    return atomicAdd_block(address, (T)-value);                                                   \
  }                                                                                               \
  UNIHIP_DEVICE_INLINE T atomicSub_system(T* address, T value) {                                  \
    return atomicAdd_system(address, (T)-value);                                                  \
  }
UNIHIP_ATOMIC_SUB(int)
UNIHIP_ATOMIC_SUB(unsigned int)
UNIHIP_ATOMIC_SUB(unsigned long long)
UNIHIP_ATOMIC_SUB(float)
UNIHIP_ATOMIC_SUB(double)
#undef UNIHIP_ATOMIC_SUB

/* atomicCAS: returns the value found; stores `value` only where it equalled `compare`. */
#if defined(UNIHIP_DEVICE_NVPTX)
#define UNIHIP_CAS_SYSTEM(T) return __unihip_sys_cas(address, compare, value);
#else
#define UNIHIP_CAS_SYSTEM(T) UNIHIP_CAS_AT(__HIP_MEMORY_SCOPE_SYSTEM)
#endif
#define UNIHIP_CAS_AT(scope)                                                                    \
  __hip_atomic_compare_exchange_strong(address, &compare, value, __ATOMIC_RELAXED,              \
                                       __ATOMIC_RELAXED, scope);                                \
  return compare; /* on failure the builtin stored the value it found */
#define UNIHIP_ATOMIC_CAS(T)                                                                    \
  UNIHIP_DEVICE_INLINE T atomicCAS(T* address, T compare, T value) {                            \
    UNIHIP_CAS_AT(__HIP_MEMORY_SCOPE_AGENT)                                                     \
  }                                                                                             \
  UNIHIP_DEVICE_INLINE T atomicCAS_block(T* address, T compare, T value) {                      \
    UNIHIP_CAS_AT(__HIP_MEMORY_SCOPE_WORKGROUP)                                                 \
  }                                                                                             \
  UNIHIP_DEVICE_INLINE T atomicCAS_system(T* address, T compare, T value) { UNIHIP_CAS_SYSTEM(T) }
UNIHIP_ATOMIC_CAS(int)
UNIHIP_ATOMIC_CAS(unsigned int)
UNIHIP_ATOMIC_CAS(unsigned long long)
#undef UNIHIP_ATOMIC_CAS
#undef UNIHIP_CAS_AT
#undef UNIHIP_CAS_SYSTEM

/* unsigned long (AMD's headers declare it for every integer op): the 64-bit forms. */
#define UNIHIP_ATOMIC_ULONG(fn)                                                                   \
  UNIHIP_DEVICE_INLINE unsigned long fn(unsigned long* address, unsigned long value) {            \
    return (unsigned long)fn((unsigned long long*)address, (unsigned long long)value);            \
  }                                                                                               \
  UNIHIP_DEVICE_INLINE unsigned long fn##_block(unsigned long* address, unsigned long value) {    \
    return (unsigned long)fn##_block((unsigned long long*)address, (unsigned long long)value);    \
  }                                                                                               \
  UNIHIP_DEVICE_INLINE unsigned long fn##_system(unsigned long* address, unsigned long value) {   \
    return (unsigned long)fn##_system((unsigned long long*)address, (unsigned long long)value);   \
  }
static_assert(sizeof(unsigned long) == sizeof(unsigned long long), "LP64");
UNIHIP_ATOMIC_ULONG(atomicAdd)
UNIHIP_ATOMIC_ULONG(atomicSub)
UNIHIP_ATOMIC_ULONG(atomicExch)
UNIHIP_ATOMIC_ULONG(atomicMin)
UNIHIP_ATOMIC_ULONG(atomicMax)
UNIHIP_ATOMIC_ULONG(atomicAnd)
UNIHIP_ATOMIC_ULONG(atomicOr)
UNIHIP_ATOMIC_ULONG(atomicXor)
#undef UNIHIP_ATOMIC_ULONG
#define UNIHIP_ATOMIC_CAS_ULONG(fn)                                                               \
  UNIHIP_DEVICE_INLINE unsigned long fn(unsigned long* address, unsigned long compare,            \
                                        unsigned long value) {                                    \
    return (unsigned long)fn((unsigned long long*)address, (unsigned long long)compare,           \
                             (unsigned long long)value);                                          \
  }
UNIHIP_ATOMIC_CAS_ULONG(atomicCAS)
UNIHIP_ATOMIC_CAS_ULONG(atomicCAS_block)
UNIHIP_ATOMIC_CAS_ULONG(atomicCAS_system)
#undef UNIHIP_ATOMIC_CAS_ULONG

/* atomicInc: old >= limit ? 0 : old + 1.  atomicDec: (old == 0 || old > limit) ? limit : old - 1. */
#if defined(UNIHIP_DEVICE_NVPTX)
#define UNIHIP_WRAP_OP(op, scope_block, scope_device, scope_system)                           \
  UNIHIP_DEVICE_INLINE unsigned int atomic##op(unsigned int* address, unsigned int limit) {     \
    return scope_device(address, limit);                                                        \
  }                                                                                             \
  UNIHIP_DEVICE_INLINE unsigned int atomic##op##_block(unsigned int* address, unsigned int limit) { \
    return scope_block(address, limit);                                                         \
  }                                                                                             \
  UNIHIP_DEVICE_INLINE unsigned int atomic##op##_system(unsigned int* address, unsigned int limit) { \
    return scope_system(address, limit);                                                        \
  }
UNIHIP_WRAP_OP(Inc, __nvvm_atom_cta_inc_gen_ui, __nvvm_atom_inc_gen_ui, __nvvm_atom_sys_inc_gen_ui)
UNIHIP_WRAP_OP(Dec, __nvvm_atom_cta_dec_gen_ui, __nvvm_atom_dec_gen_ui, __nvvm_atom_sys_dec_gen_ui)
#else
/* AMDGCN (and the host pass, which parses device bodies against the AMD aux target). */
#define UNIHIP_WRAP_OP(op, builtin)                                                             \
  UNIHIP_DEVICE_INLINE unsigned int atomic##op(unsigned int* address, unsigned int limit) {     \
    return builtin(address, limit, __ATOMIC_RELAXED, "agent");                                  \
  }                                                                                             \
  UNIHIP_DEVICE_INLINE unsigned int atomic##op##_block(unsigned int* address, unsigned int limit) { \
    return builtin(address, limit, __ATOMIC_RELAXED, "workgroup");                              \
  }                                                                                             \
  UNIHIP_DEVICE_INLINE unsigned int atomic##op##_system(unsigned int* address, unsigned int limit) { \
    return builtin(address, limit, __ATOMIC_RELAXED, "");                                       \
  }
UNIHIP_WRAP_OP(Inc, __builtin_amdgcn_atomic_inc32)
UNIHIP_WRAP_OP(Dec, __builtin_amdgcn_atomic_dec32)
#endif
#undef UNIHIP_WRAP_OP

/* AMD's floating-point atomics of amd_hip_unsafe_atomics.h. "unsafe" allows AMD's hardware
 * float atomics (which may skip denormals or fail on fine-grained memory), "safe" forbids them;
 * both return the old value. unihip's atomicAdd/Min/Max already are the safe forms, so both map
 * to them. atomicAddNoRet: HIP's deprecated add without a result. */
#define UNIHIP_FP_ATOMIC_ALIASES(T)                                                         \
  UNIHIP_DEVICE_INLINE T unsafeAtomicAdd(T* address, T value) { return atomicAdd(address, value); } \
  UNIHIP_DEVICE_INLINE T unsafeAtomicMax(T* address, T value) { return atomicMax(address, value); } \
  UNIHIP_DEVICE_INLINE T unsafeAtomicMin(T* address, T value) { return atomicMin(address, value); } \
  UNIHIP_DEVICE_INLINE T safeAtomicAdd(T* address, T value) { return atomicAdd(address, value); }   \
  UNIHIP_DEVICE_INLINE T safeAtomicMax(T* address, T value) { return atomicMax(address, value); }   \
  UNIHIP_DEVICE_INLINE T safeAtomicMin(T* address, T value) { return atomicMin(address, value); }
UNIHIP_FP_ATOMIC_ALIASES(float)
UNIHIP_FP_ATOMIC_ALIASES(double)
#undef UNIHIP_FP_ATOMIC_ALIASES
UNIHIP_DEVICE_INLINE void atomicAddNoRet(float* address, float value) { (void)atomicAdd(address, value); }

#undef UNIHIP_ATOMIC_ALL_TYPES
#undef UNIHIP_ATOMIC_INTEGER_TYPES
#undef UNIHIP_ATOMIC_RMW
#undef UNIHIP_SYSTEM_RMW
#undef UNIHIP_RELAXED_AT

#if defined(UNIHIP_DEVICE_NVPTX) && defined(__cplusplus)
/* The __hip_atomic builtins with acquire, release or seq_cst order: LLVM 19's NVPTX backend
 * selects only relaxed atomic loads and stores ("Cannot select: AtomicLoad") and emits its
 * read-modify-writes without their order (a plain atom), so the NVIDIA pass gives each its
 * order by fences of its scope around the relaxed access (C++'s fence rules: a release fence
 * then a relaxed write releases; a relaxed read then an acquire fence acquires). Relaxed
 * accesses stay the builtin's own. */
namespace unihip_detail {
template <int Scope>
UNIHIP_DEVICE_INLINE void atomic_fence() {
  if (Scope >= __HIP_MEMORY_SCOPE_SYSTEM) {
    __nvvm_membar_sys();
  } else if (Scope == __HIP_MEMORY_SCOPE_AGENT) {
    __nvvm_membar_gl();
  } else {
    __nvvm_membar_cta();
  }
}
constexpr bool releases(int order) {
  return order == __ATOMIC_RELEASE || order == __ATOMIC_ACQ_REL || order == __ATOMIC_SEQ_CST;
}
constexpr bool acquires(int order) {
  return order == __ATOMIC_CONSUME || order == __ATOMIC_ACQUIRE || order == __ATOMIC_ACQ_REL ||
         order == __ATOMIC_SEQ_CST;
}
template <int Order, int Scope, class T>
UNIHIP_DEVICE_INLINE auto atomic_load(T* p)
    -> decltype(__hip_atomic_load(p, __ATOMIC_RELAXED, Scope)) {
  if (Order == __ATOMIC_SEQ_CST) atomic_fence<Scope>();
  auto v = __hip_atomic_load(p, __ATOMIC_RELAXED, Scope);
  if (acquires(Order)) atomic_fence<Scope>();
  return v;
}
template <int Order, int Scope, class T, class V>
UNIHIP_DEVICE_INLINE void atomic_store(T* p, V v) {
  if (releases(Order)) atomic_fence<Scope>();
  __hip_atomic_store(p, v, __ATOMIC_RELAXED, Scope);
  if (Order == __ATOMIC_SEQ_CST) atomic_fence<Scope>();
}
#define UNIHIP_ORDERED_RMW(name, builtin)                          \
  template <int Order, int Scope, class T, class V>                \
  UNIHIP_DEVICE_INLINE auto name(T* p, V v)                        \
      -> decltype(builtin(p, v, __ATOMIC_RELAXED, Scope)) {        \
    if (releases(Order)) atomic_fence<Scope>();                    \
    auto old = builtin(p, v, __ATOMIC_RELAXED, Scope);             \
    if (acquires(Order)) atomic_fence<Scope>();                    \
    return old;                                                    \
  }
UNIHIP_ORDERED_RMW(atomic_exchange, __hip_atomic_exchange)
UNIHIP_ORDERED_RMW(atomic_fetch_add, __hip_atomic_fetch_add)
UNIHIP_ORDERED_RMW(atomic_fetch_sub, __hip_atomic_fetch_sub)
UNIHIP_ORDERED_RMW(atomic_fetch_and, __hip_atomic_fetch_and)
UNIHIP_ORDERED_RMW(atomic_fetch_or, __hip_atomic_fetch_or)
UNIHIP_ORDERED_RMW(atomic_fetch_xor, __hip_atomic_fetch_xor)
UNIHIP_ORDERED_RMW(atomic_fetch_min, __hip_atomic_fetch_min)
UNIHIP_ORDERED_RMW(atomic_fetch_max, __hip_atomic_fetch_max)
#undef UNIHIP_ORDERED_RMW
#define UNIHIP_ORDERED_CAS(name, builtin)                                                 \
  template <int Success, int Failure, int Scope, class T, class E, class V>               \
  UNIHIP_DEVICE_INLINE bool name(T* p, E* expected, V desired) {                          \
    if (releases(Success)) atomic_fence<Scope>();                                         \
    const bool done =                                                                     \
        builtin(p, expected, desired, __ATOMIC_RELAXED, __ATOMIC_RELAXED, Scope);         \
    if (acquires(Success) || acquires(Failure)) atomic_fence<Scope>();                    \
    return done;                                                                          \
  }
UNIHIP_ORDERED_CAS(atomic_cas_strong, __hip_atomic_compare_exchange_strong)
UNIHIP_ORDERED_CAS(atomic_cas_weak, __hip_atomic_compare_exchange_weak)
#undef UNIHIP_ORDERED_CAS
}  // namespace unihip_detail
#define __hip_atomic_load(p, order, scope) ::unihip_detail::atomic_load<(order), (scope)>(p)
#define __hip_atomic_store(p, v, order, scope) \
  ::unihip_detail::atomic_store<(order), (scope)>((p), (v))
#define __hip_atomic_exchange(p, v, order, scope) \
  ::unihip_detail::atomic_exchange<(order), (scope)>((p), (v))
#define __hip_atomic_fetch_add(p, v, order, scope) \
  ::unihip_detail::atomic_fetch_add<(order), (scope)>((p), (v))
#define __hip_atomic_fetch_sub(p, v, order, scope) \
  ::unihip_detail::atomic_fetch_sub<(order), (scope)>((p), (v))
#define __hip_atomic_fetch_and(p, v, order, scope) \
  ::unihip_detail::atomic_fetch_and<(order), (scope)>((p), (v))
#define __hip_atomic_fetch_or(p, v, order, scope) \
  ::unihip_detail::atomic_fetch_or<(order), (scope)>((p), (v))
#define __hip_atomic_fetch_xor(p, v, order, scope) \
  ::unihip_detail::atomic_fetch_xor<(order), (scope)>((p), (v))
#define __hip_atomic_fetch_min(p, v, order, scope) \
  ::unihip_detail::atomic_fetch_min<(order), (scope)>((p), (v))
#define __hip_atomic_fetch_max(p, v, order, scope) \
  ::unihip_detail::atomic_fetch_max<(order), (scope)>((p), (v))
#define __hip_atomic_compare_exchange_strong(p, e, v, success, failure, scope) \
  ::unihip_detail::atomic_cas_strong<(success), (failure), (scope)>((p), (e), (v))
#define __hip_atomic_compare_exchange_weak(p, e, v, success, failure, scope) \
  ::unihip_detail::atomic_cas_weak<(success), (failure), (scope)>((p), (e), (v))
#endif

#endif /* UNIHIP_OFFLOAD_LANGUAGE */

#endif /* UNIHIP_DEVICE_ATOMICS_H */
