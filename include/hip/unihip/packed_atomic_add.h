/* unihip device side: atomicAdd / unsafeAtomicAdd of a pair of 16-bit lanes (__half2,
 * __hip_bfloat162), as HIP declares them: a 32-bit compare-and-swap loop, device scope, relaxed,
 * returning the old pair; the same on both vendors. hip_fp16.h and hip_bf16.h instantiate it. */
#ifndef UNIHIP_DEVICE_PACKED_ATOMIC_ADD_H
#define UNIHIP_DEVICE_PACKED_ATOMIC_ADD_H

#define UNIHIP_PACKED_ATOMIC_ADD(T, add)                                                        \
  __device__ inline T atomicAdd(T* address, T value) {                                          \
    unsigned int* word = reinterpret_cast<unsigned int*>(address);                              \
    unsigned int old = __hip_atomic_load(word, __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_AGENT);     \
    while (!__hip_atomic_compare_exchange_strong(                                               \
        word, &old, __builtin_bit_cast(unsigned int, add(__builtin_bit_cast(T, old), value)),   \
        __ATOMIC_RELAXED, __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_AGENT)) {                        \
    }                                                                                           \
    return __builtin_bit_cast(T, old);                                                          \
  }                                                                                             \
  __device__ inline T unsafeAtomicAdd(T* address, T value) { return atomicAdd(address, value); }

#endif /* UNIHIP_DEVICE_PACKED_ATOMIC_ADD_H */
