/* unihip device side: printf and assert in kernels.
 *
 * printf: declared as a device function; clang lowers each call itself. NVIDIA: to vprintf
 * with an argument buffer, which the CUDA driver prints at the next synchronization. AMD:
 * clang emits the device libraries' hostcall printf (__ockl_printf_*), which needs the runtime
 * to service the code object's hidden_hostcall_buffer; see the README for its status.
 *
 * assert: <assert.h>'s macro calls __assert_fail; we give it a device overload. NVIDIA: the
 * driver's __assertfail prints "file:line: function: Assertion `expr` failed." and stops the
 * kernel (the context then reports hipErrorAssert / cudaErrorAssert). AMD: the message is not
 * printed; the wavefront traps (s_trap), which the runtime reports as a failed launch.
 *
 * abort: a device overload that traps (as in AMD's headers): the launch fails, the context
 * reports the fault.
 *
 * malloc/free: device overloads. NVIDIA: the driver's device heap (its size is
 * hipDeviceSetLimit(hipLimitMallocHeapSize)), as CUDA's malloc. AMD: the device libraries'
 * allocator needs a heap the runtime does not provide yet, so malloc returns NULL (an allocation
 * failure, which callers must handle anyway) and free(NULL) does nothing; see the README.
 *
 * memcpy/memset: device overloads (HIP's headers have them; CUDA's are built in). */
#ifndef UNIHIP_DEVICE_PRINT_ASSERT_H
#define UNIHIP_DEVICE_PRINT_ASSERT_H

#include <stddef.h>

#include "hip/unihip/qualifiers.h"

#if defined(UNIHIP_OFFLOAD_LANGUAGE)

extern "C" {
__device__ int printf(const char* format, ...);

#if defined(UNIHIP_DEVICE_NVPTX)
__device__ void __assertfail(const char* message, const char* file, unsigned int line,
                             const char* function, size_t charSize);
__device__ static inline __attribute__((always_inline)) void __assert_fail(
    const char* message, const char* file, unsigned int line, const char* function) {
  __assertfail(message, file, line, function, sizeof(char));
}
#else
__device__ static inline __attribute__((always_inline)) void __assert_fail(
    const char* message, const char* file, unsigned int line, const char* function) {
  (void)message, (void)file, (void)line, (void)function;
  __builtin_trap();
}
#endif

__device__ static inline __attribute__((always_inline, noreturn)) void abort(void) {
  __builtin_trap();
}

#if defined(UNIHIP_DEVICE_NVPTX) || (defined(UNIHIP_OFFLOAD_LANGUAGE) && !defined(UNIHIP_DEVICE_PASS))
/* NVIDIA (and the host pass's view): resolved by the CUDA driver's device runtime. */
__device__ void* malloc(size_t size);
__device__ void free(void* ptr);
#else
__device__ static inline __attribute__((always_inline)) void* malloc(size_t size) {
  (void)size;
  return NULL;
}
__device__ static inline __attribute__((always_inline)) void free(void* ptr) { (void)ptr; }
#endif

/* memcpy/memset in kernels, as HIP's device headers provide them (both targets expand the
 * builtins inline). */
__device__ static inline __attribute__((always_inline)) void* memcpy(void* dst, const void* src,
                                                                     size_t size) {
  return __builtin_memcpy(dst, src, size);
}
__device__ static inline __attribute__((always_inline)) void* memset(void* ptr, int value,
                                                                     size_t size) {
  return __builtin_memset(ptr, value, size);
}
} /* extern "C" */

#endif /* UNIHIP_OFFLOAD_LANGUAGE */

#endif /* UNIHIP_DEVICE_PRINT_ASSERT_H */
