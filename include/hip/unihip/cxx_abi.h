/* unihip device side: the C++ ABI hooks device code refers to.
 *
 * The vtable of an abstract class holds __cxa_pure_virtual (and of a deleted virtual function
 * __cxa_deleted_virtual); neither vendor's device libraries define them, so a kernel using such
 * a class would not link. Calling one is undefined behaviour: it traps. Weak, so every
 * translation unit may carry it (-fgpu-rdc links keep one). Device passes only: the host's
 * come from the C++ runtime. */
#ifndef UNIHIP_DEVICE_CXX_ABI_H
#define UNIHIP_DEVICE_CXX_ABI_H

#include "hip/unihip/qualifiers.h"

#if defined(UNIHIP_DEVICE_PASS) && defined(__cplusplus)
extern "C" __device__ __attribute__((weak, noreturn, used)) void __cxa_pure_virtual(void) {
  __builtin_trap();
}
extern "C" __device__ __attribute__((weak, noreturn, used)) void __cxa_deleted_virtual(void) {
  __builtin_trap();
}
#endif

#endif /* UNIHIP_DEVICE_CXX_ABI_H */
