/* unihip device side: the basic atomics (atomicAdd, atomicSub, atomicExch, atomicCAS,
 * atomicMin/Max, atomicAnd/Or/Xor).
 *
 * HIP semantics: relaxed ordering, device (agent) scope; each returns the old value. Built on
 * clang's __hip_atomic builtins, which lower to native atomics on both AMDGCN and NVPTX. */
#ifndef UNIHIP_DEVICE_ATOMICS_H
#define UNIHIP_DEVICE_ATOMICS_H

#include "hip/unihip/qualifiers.h"

#if defined(UNIHIP_OFFLOAD_LANGUAGE)

#define UNIHIP_ATOMIC_RMW(name, builtin, type)                                    \
  UNIHIP_DEVICE_INLINE type name(type* address, type value) {                     \
    return builtin(address, value, __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_AGENT);   \
  }

UNIHIP_ATOMIC_RMW(atomicAdd, __hip_atomic_fetch_add, int)
UNIHIP_ATOMIC_RMW(atomicAdd, __hip_atomic_fetch_add, unsigned int)
UNIHIP_ATOMIC_RMW(atomicAdd, __hip_atomic_fetch_add, unsigned long long)
UNIHIP_ATOMIC_RMW(atomicAdd, __hip_atomic_fetch_add, float)
UNIHIP_ATOMIC_RMW(atomicAdd, __hip_atomic_fetch_add, double)

UNIHIP_ATOMIC_RMW(atomicExch, __hip_atomic_exchange, int)
UNIHIP_ATOMIC_RMW(atomicExch, __hip_atomic_exchange, unsigned int)
UNIHIP_ATOMIC_RMW(atomicExch, __hip_atomic_exchange, unsigned long long)
UNIHIP_ATOMIC_RMW(atomicExch, __hip_atomic_exchange, float)

UNIHIP_ATOMIC_RMW(atomicMin, __hip_atomic_fetch_min, int)
UNIHIP_ATOMIC_RMW(atomicMin, __hip_atomic_fetch_min, unsigned int)
UNIHIP_ATOMIC_RMW(atomicMin, __hip_atomic_fetch_min, unsigned long long)
UNIHIP_ATOMIC_RMW(atomicMax, __hip_atomic_fetch_max, int)
UNIHIP_ATOMIC_RMW(atomicMax, __hip_atomic_fetch_max, unsigned int)
UNIHIP_ATOMIC_RMW(atomicMax, __hip_atomic_fetch_max, unsigned long long)

UNIHIP_ATOMIC_RMW(atomicAnd, __hip_atomic_fetch_and, int)
UNIHIP_ATOMIC_RMW(atomicAnd, __hip_atomic_fetch_and, unsigned int)
UNIHIP_ATOMIC_RMW(atomicAnd, __hip_atomic_fetch_and, unsigned long long)
UNIHIP_ATOMIC_RMW(atomicOr, __hip_atomic_fetch_or, int)
UNIHIP_ATOMIC_RMW(atomicOr, __hip_atomic_fetch_or, unsigned int)
UNIHIP_ATOMIC_RMW(atomicOr, __hip_atomic_fetch_or, unsigned long long)
UNIHIP_ATOMIC_RMW(atomicXor, __hip_atomic_fetch_xor, int)
UNIHIP_ATOMIC_RMW(atomicXor, __hip_atomic_fetch_xor, unsigned int)
UNIHIP_ATOMIC_RMW(atomicXor, __hip_atomic_fetch_xor, unsigned long long)

#undef UNIHIP_ATOMIC_RMW

UNIHIP_DEVICE_INLINE int atomicSub(int* address, int value) {
  return __hip_atomic_fetch_sub(address, value, __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_AGENT);
}
UNIHIP_DEVICE_INLINE unsigned int atomicSub(unsigned int* address, unsigned int value) {
  return __hip_atomic_fetch_sub(address, value, __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_AGENT);
}

#define UNIHIP_ATOMIC_CAS(type)                                                           \
  UNIHIP_DEVICE_INLINE type atomicCAS(type* address, type compare, type value) {          \
    __hip_atomic_compare_exchange_strong(address, &compare, value, __ATOMIC_RELAXED,      \
                                         __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_AGENT);     \
    return compare; /* on failure the builtin stored the value it found */               \
  }

UNIHIP_ATOMIC_CAS(int)
UNIHIP_ATOMIC_CAS(unsigned int)
UNIHIP_ATOMIC_CAS(unsigned long long)

#undef UNIHIP_ATOMIC_CAS

#endif /* UNIHIP_OFFLOAD_LANGUAGE */

#endif /* UNIHIP_DEVICE_ATOMICS_H */
