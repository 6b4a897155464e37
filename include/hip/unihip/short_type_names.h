/* unihip device language: the short unsigned type names HIP's clang headers define at global
 * scope (AMD: device_library_decls.h, which hip_runtime.h brings in): uchar, ushort, uint,
 * ulong, ullong. glibc's <sys/types.h> has the same typedefs for three of them. */
#ifndef UNIHIP_DEVICE_SHORT_TYPE_NAMES_H
#define UNIHIP_DEVICE_SHORT_TYPE_NAMES_H

typedef unsigned char uchar;
typedef unsigned short ushort;
typedef unsigned int uint;
typedef unsigned long ulong;
typedef unsigned long long ullong;

#endif /* UNIHIP_DEVICE_SHORT_TYPE_NAMES_H */
