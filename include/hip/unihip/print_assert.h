/* unihip device side: printf and assert in kernels.
 *
 * printf: declared as a device function; clang lowers each call itself. NVIDIA: to vprintf
 * with an argument buffer, which the CUDA driver prints at the next synchronization. AMD:
 * clang emits the device libraries' hostcall printf (__ockl_printf_*); the runtime answers it
 * through the buffer behind the code object's hidden_hostcall_buffer (a host thread prints).
 *
 * assert: <assert.h>'s macro calls __assert_fail; we give it a device overload. NVIDIA: the
 * driver's __assertfail prints "file:line: function: Assertion `expr` failed." and stops the
 * kernel (the context then reports hipErrorAssert / cudaErrorAssert). AMD, as AMD's HIP:
 * "file:line: function: Device-side assertion `expr' failed." on stderr through hostcall (so
 * the kernel asks for the hostcall buffer), then the wavefront traps (s_trap), which the
 * runtime reports as a failed launch.
 *
 * abort: a device overload that traps (as in AMD's headers): the launch fails, the context
 * reports the fault.
 *
 * malloc/free: device overloads. NVIDIA: the driver's device heap (its size is
 * hipDeviceSetLimit(hipLimitMallocHeapSize)), as CUDA's malloc. AMD: the device libraries'
 * allocator (__ockl_dm_alloc/__ockl_dm_dealloc, as clang's own HIP wrapper maps them), whose
 * state lives behind hidden_heap_v1 and whose memory the runtime hands out through hostcall.
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
/* AMD: as AMD's HIP, the message goes to stderr through the device libraries' hostcall
 * fprintf, then the wave traps. */
__device__ unsigned long long __ockl_fprintf_stderr_begin(void);
__device__ unsigned long long __ockl_printf_append_string_n(unsigned long long message,
                                                            const char* data,
                                                            unsigned long long length,
                                                            unsigned int isLast);
__device__ unsigned long long __ockl_printf_append_args(
    unsigned long long message, unsigned int count, unsigned long long a0, unsigned long long a1,
    unsigned long long a2, unsigned long long a3, unsigned long long a4, unsigned long long a5,
    unsigned long long a6, unsigned int isLast);
__device__ static inline unsigned long long __unihip_strlen(const char* s) {
  unsigned long long n = 0;
  while (s[n] != '\0') ++n;
  return n;
}
__device__ inline __attribute__((noinline, cold)) void __assert_fail(
    const char* message, const char* file, unsigned int line, const char* function) {
  const char format[] = "%s:%u: %s: Device-side assertion `%s' failed.\n";
  unsigned long long m = __ockl_fprintf_stderr_begin();
  m = __ockl_printf_append_string_n(m, format, sizeof format, 0);
  m = __ockl_printf_append_string_n(m, file, __unihip_strlen(file) + 1, 0);
  m = __ockl_printf_append_args(m, 1, line, 0, 0, 0, 0, 0, 0, 0);
  m = __ockl_printf_append_string_n(m, function, __unihip_strlen(function) + 1, 0);
  (void)__ockl_printf_append_string_n(m, message, __unihip_strlen(message) + 1, 1);
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
__device__ unsigned long long __ockl_dm_alloc(unsigned long long size);
__device__ void __ockl_dm_dealloc(unsigned long long address);
__device__ static inline __attribute__((always_inline)) void* malloc(size_t size) {
  return (void*)__ockl_dm_alloc(size);
}
__device__ static inline __attribute__((always_inline)) void free(void* ptr) {
  __ockl_dm_dealloc((unsigned long long)ptr);
}
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
