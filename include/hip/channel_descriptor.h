/* unihip: HIP's channel_descriptor.h -- hipCreateChannelDesc(x, y, z, w, kind) and, in C++,
 * hipCreateChannelDesc<T>() for the scalar, vector and half types, with HIP's results. */
#ifndef UNIHIP_CHANNEL_DESCRIPTOR_H
#define UNIHIP_CHANNEL_DESCRIPTOR_H

#include "hip/driver_types.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Bits per channel and the channels' kind, gathered into a descriptor. */
__attribute__((visibility("default"))) struct hipChannelFormatDesc hipCreateChannelDesc(
    int x, int y, int z, int w, enum hipChannelFormatKind f);

#ifdef __cplusplus
} /* extern "C" */
#endif

#ifdef __cplusplus
#include "hip/hip_vector_types.h"

/* Declared here so the half specializations need not pull in hip_fp16.h. */
struct __half;
struct __half2;

static inline hipChannelFormatDesc hipCreateChannelDescHalf() {
  return hipCreateChannelDesc(16, 0, 0, 0, hipChannelFormatKindFloat);
}
static inline hipChannelFormatDesc hipCreateChannelDescHalf1() {
  return hipCreateChannelDesc(16, 0, 0, 0, hipChannelFormatKindFloat);
}
static inline hipChannelFormatDesc hipCreateChannelDescHalf2() {
  return hipCreateChannelDesc(16, 16, 0, 0, hipChannelFormatKindFloat);
}
static inline hipChannelFormatDesc hipCreateChannelDescHalf4() {
  return hipCreateChannelDesc(16, 16, 16, 16, hipChannelFormatKindFloat);
}

/* A type without a channel format: no channels, kind None. */
template <typename T>
static inline hipChannelFormatDesc hipCreateChannelDesc() {
  return hipCreateChannelDesc(0, 0, 0, 0, hipChannelFormatKindNone);
}

/* T has n channels of element E, of kind K. */
#define UNIHIP_CHANNEL_DESC(T, E, n, K)                                            \
  template <>                                                                      \
  inline hipChannelFormatDesc hipCreateChannelDesc<T>() {                          \
    const int e = static_cast<int>(sizeof(E)) * 8;                                 \
    return hipCreateChannelDesc(e, (n) > 1 ? e : 0, (n) > 2 ? e : 0, (n) > 3 ? e : 0, \
                                hipChannelFormatKind##K);                          \
  }
#define UNIHIP_CHANNEL_DESC_VECTORS(P, E, K) \
  UNIHIP_CHANNEL_DESC(P##1, E, 1, K)         \
  UNIHIP_CHANNEL_DESC(P##2, E, 2, K)         \
  UNIHIP_CHANNEL_DESC(P##3, E, 3, K)         \
  UNIHIP_CHANNEL_DESC(P##4, E, 4, K)

UNIHIP_CHANNEL_DESC(char, char, 1, Signed)
UNIHIP_CHANNEL_DESC(signed char, signed char, 1, Signed)
UNIHIP_CHANNEL_DESC(unsigned char, unsigned char, 1, Unsigned)
UNIHIP_CHANNEL_DESC(signed short, signed short, 1, Signed)
UNIHIP_CHANNEL_DESC(unsigned short, unsigned short, 1, Unsigned)
UNIHIP_CHANNEL_DESC(signed int, signed int, 1, Signed)
UNIHIP_CHANNEL_DESC(unsigned int, unsigned int, 1, Unsigned)
UNIHIP_CHANNEL_DESC(float, float, 1, Float)
UNIHIP_CHANNEL_DESC_VECTORS(char, signed char, Signed)
UNIHIP_CHANNEL_DESC_VECTORS(uchar, unsigned char, Unsigned)
UNIHIP_CHANNEL_DESC_VECTORS(short, signed short, Signed)
UNIHIP_CHANNEL_DESC_VECTORS(ushort, unsigned short, Unsigned)
UNIHIP_CHANNEL_DESC_VECTORS(int, signed int, Signed)
UNIHIP_CHANNEL_DESC_VECTORS(uint, unsigned int, Unsigned)
UNIHIP_CHANNEL_DESC_VECTORS(float, float, Float)
UNIHIP_CHANNEL_DESC(__half, unsigned short, 1, Float)
UNIHIP_CHANNEL_DESC(__half2, unsigned short, 2, Float)
#if !defined(__LP64__)
/* long is 32 bits only here, as in HIP (64-bit channels do not exist). */
UNIHIP_CHANNEL_DESC(signed long, signed long, 1, Signed)
UNIHIP_CHANNEL_DESC(unsigned long, unsigned long, 1, Unsigned)
UNIHIP_CHANNEL_DESC_VECTORS(long, signed long, Signed)
UNIHIP_CHANNEL_DESC_VECTORS(ulong, unsigned long, Unsigned)
#endif

#undef UNIHIP_CHANNEL_DESC_VECTORS
#undef UNIHIP_CHANNEL_DESC
#endif /* __cplusplus */

#endif /* UNIHIP_CHANNEL_DESCRIPTOR_H */
