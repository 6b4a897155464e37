/* unihip device side: integer intrinsics (__popc, __clz, __ffs, __brev, __mulhi, ...).
 *
 * Written with clang's generic builtins, which both targets lower to their native instructions,
 * so the results are identical on NVIDIA and AMD (including the zero cases: __clz(0) == 32,
 * __ffs(0) == 0). */
#ifndef UNIHIP_DEVICE_BITS_H
#define UNIHIP_DEVICE_BITS_H

#include "hip/hip_vector_types.h"
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

/* HIP's bit-field and funnel-shift functions (AMD's definitions, portable to both targets).
 * Offsets and widths are taken modulo the type's width, as in HIP. */
UNIHIP_DEVICE_INLINE unsigned int __bitextract_u32(unsigned int src0, unsigned int src1,
                                                   unsigned int src2) {
  unsigned int offset = src1 & 31, width = src2 & 31;
  return width == 0 ? 0 : (src0 << ((32 - offset - width) & 31)) >> (32 - width);
}
UNIHIP_DEVICE_INLINE unsigned long long __bitextract_u64(unsigned long long src0, unsigned int src1,
                                                         unsigned int src2) {
  unsigned long long offset = src1 & 63, width = src2 & 63;
  return width == 0 ? 0 : (src0 << ((64 - offset - width) & 63)) >> (64 - width);
}
UNIHIP_DEVICE_INLINE unsigned int __bitinsert_u32(unsigned int src0, unsigned int src1,
                                                  unsigned int src2, unsigned int src3) {
  unsigned int offset = src2 & 31, width = src3 & 31;
  unsigned int mask = (1u << width) - 1;
  return (src0 & ~(mask << offset)) | ((src1 & mask) << offset);
}
UNIHIP_DEVICE_INLINE unsigned long long __bitinsert_u64(unsigned long long src0,
                                                        unsigned long long src1, unsigned int src2,
                                                        unsigned int src3) {
  unsigned long long offset = src2 & 63, width = src3 & 63;
  unsigned long long mask = (1ull << width) - 1;
  return (src0 & ~(mask << offset)) | ((src1 & mask) << offset);
}
/* Index of the lowest set bit, (unsigned)-1 for 0. */
UNIHIP_DEVICE_INLINE unsigned int __lastbit_u32_u64(unsigned long long input) {
  return input == 0 ? ~0u : (unsigned int)__builtin_ctzll(input);
}
/* High (l) or low (r) 32 bits of the 64-bit {hi, lo} shifted; shift mod 32, or clamped to 32
 * in the c forms. */
UNIHIP_DEVICE_INLINE unsigned int __funnelshift_l(unsigned int lo, unsigned int hi,
                                                  unsigned int shift) {
  return (unsigned int)(((((unsigned long long)hi << 32) | lo) << (shift & 31)) >> 32);
}
UNIHIP_DEVICE_INLINE unsigned int __funnelshift_lc(unsigned int lo, unsigned int hi,
                                                   unsigned int shift) {
  unsigned int s = shift >= 32 ? 32 : shift;
  return (unsigned int)(((((unsigned long long)hi << 32) | lo) << s) >> 32);
}
UNIHIP_DEVICE_INLINE unsigned int __funnelshift_r(unsigned int lo, unsigned int hi,
                                                  unsigned int shift) {
  return (unsigned int)((((unsigned long long)hi << 32) | lo) >> (shift & 31));
}
UNIHIP_DEVICE_INLINE unsigned int __funnelshift_rc(unsigned int lo, unsigned int hi,
                                                   unsigned int shift) {
  return shift >= 32 ? hi : (unsigned int)((((unsigned long long)hi << 32) | lo) >> shift);
}

/* Halving adds (the r forms round up), without intermediate overflow. */
UNIHIP_DEVICE_INLINE int __hadd(int x, int y) { return (int)(((long long)x + y) >> 1); }
UNIHIP_DEVICE_INLINE int __rhadd(int x, int y) { return (int)(((long long)x + y + 1) >> 1); }
UNIHIP_DEVICE_INLINE unsigned int __uhadd(unsigned int x, unsigned int y) {
  return (unsigned int)(((unsigned long long)x + y) >> 1);
}
UNIHIP_DEVICE_INLINE unsigned int __urhadd(unsigned int x, unsigned int y) {
  return (unsigned int)(((unsigned long long)x + y + 1) >> 1);
}

/* HCC's packed byte arithmetic: each of the four lanes wraps modulo 256 (AMD's headers define
 * only lane w; the other lanes follow the same rule here). */
#define UNIHIP_PACKED8(name, op)                                                   \
  UNIHIP_DEVICE_INLINE char4 name(char4 a, char4 b) {                              \
    char4 r;                                                                       \
    r.x = (signed char)(unsigned char)((unsigned)a.x op (unsigned)b.x);            \
    r.y = (signed char)(unsigned char)((unsigned)a.y op (unsigned)b.y);            \
    r.z = (signed char)(unsigned char)((unsigned)a.z op (unsigned)b.z);            \
    r.w = (signed char)(unsigned char)((unsigned)a.w op (unsigned)b.w);            \
    return r;                                                                      \
  }
UNIHIP_PACKED8(__hip_hc_add8pk, +)
UNIHIP_PACKED8(__hip_hc_sub8pk, -)
UNIHIP_PACKED8(__hip_hc_mul8pk, *)
#undef UNIHIP_PACKED8

#endif /* UNIHIP_OFFLOAD_LANGUAGE */

#endif /* UNIHIP_DEVICE_BITS_H */
