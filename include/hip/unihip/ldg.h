/* unihip device side: __ldg, a load through the read-only data path.
 *
 * HIP declares __ldg for its scalar and vector types; one template covers all of them (and
 * __half, __half2, bf16, fp8 and complex types). NVIDIA: naturally aligned objects of 1, 2, 4, 8
 * or 16 bytes load with ld.global.nc (clang's __nvvm_ldg builtins); others are plain loads. AMD
 * has no separate read-only path: a plain load, as in HIP. As with CUDA's __ldg, the pointer
 * must point to global memory that the kernel does not write. */
#ifndef UNIHIP_DEVICE_LDG_H
#define UNIHIP_DEVICE_LDG_H

#include "hip/unihip/qualifiers.h"

#if defined(UNIHIP_OFFLOAD_LANGUAGE) && defined(__cplusplus)

template <class T>
UNIHIP_DEVICE_INLINE T __ldg(const T* ptr) {
#if defined(UNIHIP_DEVICE_NVPTX)
  typedef unsigned int unihip_u32x4 __attribute__((ext_vector_type(4)));
  constexpr bool aligned = alignof(T) >= sizeof(T);
  if constexpr (aligned && sizeof(T) == 1) {
    unsigned char v = __nvvm_ldg_uc((const unsigned char*)ptr);
    return __builtin_bit_cast(T, v);
  } else if constexpr (aligned && sizeof(T) == 2) {
    unsigned short v = __nvvm_ldg_us((const unsigned short*)ptr);
    return __builtin_bit_cast(T, v);
  } else if constexpr (aligned && sizeof(T) == 4) {
    unsigned int v = __nvvm_ldg_ui((const unsigned int*)ptr);
    return __builtin_bit_cast(T, v);
  } else if constexpr (aligned && sizeof(T) == 8) {
    unsigned long long v = __nvvm_ldg_ull((const unsigned long long*)ptr);
    return __builtin_bit_cast(T, v);
  } else if constexpr (aligned && sizeof(T) == 16) {
    unihip_u32x4 v = __nvvm_ldg_ui4((const unihip_u32x4*)ptr);
    return __builtin_bit_cast(T, v);
  } else {
    return *ptr;
  }
#else
  return *ptr;
#endif
}

#endif /* UNIHIP_OFFLOAD_LANGUAGE && __cplusplus */

#endif /* UNIHIP_DEVICE_LDG_H */
