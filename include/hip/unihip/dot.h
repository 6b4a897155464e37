/* unihip device side: AMD's amd_mixed_dot, the packed dot products with accumulate
 * (short2, ushort2, char4, uchar4, and eight 4-bit lanes of an int / unsigned int), as HIP
 * declares them. Computed lane by lane on both vendors; with `saturate` the sum clamps to the
 * result type's range, without it wraps, as the instructions do. */
#ifndef UNIHIP_DEVICE_DOT_H
#define UNIHIP_DEVICE_DOT_H

#include "hip/unihip/qualifiers.h"
#include "hip/hip_vector_types.h"

#if defined(UNIHIP_OFFLOAD_LANGUAGE) && defined(__cplusplus)

__device__ static inline int __unihip_dot_sat_s(long long sum, bool saturate) {
  if (saturate) {
    if (sum > 2147483647LL) return 2147483647;
    if (sum < -2147483647LL - 1) return -2147483647 - 1;
  }
  return (int)(unsigned int)(unsigned long long)sum;
}
__device__ static inline unsigned int __unihip_dot_sat_u(unsigned long long sum, bool saturate) {
  if (saturate && sum > 0xffffffffull) return 0xffffffffu;
  return (unsigned int)sum;
}

__device__ static inline int amd_mixed_dot(short2 a, short2 b, int c, bool saturate) {
  return __unihip_dot_sat_s((long long)c + (long long)a.x * b.x + (long long)a.y * b.y, saturate);
}
__device__ static inline unsigned int amd_mixed_dot(ushort2 a, ushort2 b, unsigned int c,
                                                    bool saturate) {
  return __unihip_dot_sat_u((unsigned long long)c + (unsigned long long)a.x * b.x +
                                (unsigned long long)a.y * b.y,
                            saturate);
}
__device__ static inline int amd_mixed_dot(char4 a, char4 b, int c, bool saturate) {
  long long sum = (long long)c + (signed char)a.x * (signed char)b.x +
                  (signed char)a.y * (signed char)b.y + (signed char)a.z * (signed char)b.z +
                  (signed char)a.w * (signed char)b.w;
  return __unihip_dot_sat_s(sum, saturate);
}
__device__ static inline unsigned int amd_mixed_dot(uchar4 a, uchar4 b, unsigned int c,
                                                    bool saturate) {
  unsigned long long sum = (unsigned long long)c + a.x * b.x + a.y * b.y + a.z * b.z + a.w * b.w;
  return __unihip_dot_sat_u(sum, saturate);
}
/* Eight signed 4-bit lanes of each operand. */
__device__ static inline int amd_mixed_dot(int a, int b, int c, bool saturate) {
  long long sum = c;
  for (int i = 0; i < 8; ++i) {
    int x = (int)((unsigned int)a << (28 - 4 * i)) >> 28;
    int y = (int)((unsigned int)b << (28 - 4 * i)) >> 28;
    sum += x * y;
  }
  return __unihip_dot_sat_s(sum, saturate);
}
/* Eight unsigned 4-bit lanes of each operand. */
__device__ static inline unsigned int amd_mixed_dot(unsigned int a, unsigned int b,
                                                    unsigned int c, bool saturate) {
  unsigned long long sum = c;
  for (int i = 0; i < 8; ++i) sum += ((a >> (4 * i)) & 0xfu) * ((b >> (4 * i)) & 0xfu);
  return __unihip_dot_sat_u(sum, saturate);
}

#endif
#endif /* UNIHIP_DEVICE_DOT_H */
