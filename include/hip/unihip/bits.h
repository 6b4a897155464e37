/* unihip device side: integer intrinsics (__popc, __clz, __ffs, __brev, __mulhi, ...).
 *
 * Written with clang's generic builtins, which both targets lower to their native instructions,
 * so the results are identical on NVIDIA and AMD (including the zero cases: __clz(0) == 32,
 * __ffs(0) == 0). */
#ifndef UNIHIP_DEVICE_BITS_H
#define UNIHIP_DEVICE_BITS_H

#include "hip/unihip/qualifiers.h"

#if defined(UNIHIP_OFFLOAD_LANGUAGE)

UNIHIP_DEVICE_INLINE int __popc(unsigned int x) { return __builtin_popcount(x); }
UNIHIP_DEVICE_INLINE int __popcll(unsigned long long x) { return __builtin_popcountll(x); }
UNIHIP_DEVICE_INLINE int __clz(int x) { return __builtin_clzg((unsigned int)x, 32); }
UNIHIP_DEVICE_INLINE int __clzll(long long x) { return __builtin_clzg((unsigned long long)x, 64); }
UNIHIP_DEVICE_INLINE int __ffs(int x) { return __builtin_ffs(x); }
UNIHIP_DEVICE_INLINE int __ffs(unsigned int x) { return __builtin_ffs((int)x); }
UNIHIP_DEVICE_INLINE int __ffsll(long long x) { return __builtin_ffsll(x); }
UNIHIP_DEVICE_INLINE int __ffsll(unsigned long long x) { return __builtin_ffsll((long long)x); }
UNIHIP_DEVICE_INLINE unsigned int __brev(unsigned int x) { return __builtin_bitreverse32(x); }
UNIHIP_DEVICE_INLINE unsigned long long __brevll(unsigned long long x) {
  return __builtin_bitreverse64(x);
}
/* Position of the n-th set bit is target specific in CUDA (__fns); not provided. */

UNIHIP_DEVICE_INLINE int __mulhi(int a, int b) { return (int)(((long long)a * b) >> 32); }
UNIHIP_DEVICE_INLINE unsigned int __umulhi(unsigned int a, unsigned int b) {
  return (unsigned int)(((unsigned long long)a * b) >> 32);
}
UNIHIP_DEVICE_INLINE long long __mul64hi(long long a, long long b) {
  return (long long)(((__int128)a * b) >> 64);
}
UNIHIP_DEVICE_INLINE unsigned long long __umul64hi(unsigned long long a, unsigned long long b) {
  return (unsigned long long)(((unsigned __int128)a * b) >> 64);
}
/* 24-bit multiplies: the low 24 bits of each operand (sign-extended for __mul24). */
UNIHIP_DEVICE_INLINE int __mul24(int a, int b) {
  return ((int)((unsigned int)a << 8) >> 8) * ((int)((unsigned int)b << 8) >> 8);
}
UNIHIP_DEVICE_INLINE unsigned int __umul24(unsigned int a, unsigned int b) {
  return (a & 0xffffffu) * (b & 0xffffffu);
}
UNIHIP_DEVICE_INLINE unsigned int __sad(int a, int b, unsigned int c) {
  return c + (a > b ? (unsigned int)(a - b) : (unsigned int)(b - a));
}
UNIHIP_DEVICE_INLINE unsigned int __usad(unsigned int a, unsigned int b, unsigned int c) {
  return c + (a > b ? a - b : b - a);
}
/* Byte i of the result is byte (s >> 4i) & 7 of the 8-byte value {y, x}. */
UNIHIP_DEVICE_INLINE unsigned int __byte_perm(unsigned int x, unsigned int y, unsigned int s) {
  unsigned long long bytes = ((unsigned long long)y << 32) | x;
  unsigned int r = 0;
  for (int i = 0; i < 4; ++i) r |= (unsigned int)((bytes >> (8 * ((s >> (4 * i)) & 7))) & 0xff) << (8 * i);
  return r;
}

#endif /* UNIHIP_OFFLOAD_LANGUAGE */

#endif /* UNIHIP_DEVICE_BITS_H */
