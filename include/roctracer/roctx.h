/* roctx: AMD's code-annotation API (markers and ranges), as ROCm's roctracer declares it
 * (interface 4.1, library libroctx64.so.4, symbol version ROCTX_4.1). unihip's libroctx64 puts
 * the ranges and marks into unihip's timeline trace (UNIHIP_TRACE, docs/trace.md) and, built
 * with NVTX's headers, forwards them to NVTX (nsys and other NVTX tools). */
#ifndef ROCTX_H_
#define ROCTX_H_ 1

#include <stdint.h>

#if !defined(ROCTX_API)
#if defined(__GNUC__)
#define ROCTX_API __attribute__((visibility("default")))
#else
#define ROCTX_API
#endif
#endif

/* Every function has the symbol version "ROCTX_4.1" (for dlvsym). */
#define ROCTX_VERSION_4_1

#define ROCTX_VERSION_MAJOR 4
#define ROCTX_VERSION_MINOR 1

#if defined(__cplusplus)
extern "C" {
#endif

/* The installed library's interface version. */
ROCTX_API uint32_t roctx_version_major(void) ROCTX_VERSION_4_1;
ROCTX_API uint32_t roctx_version_minor(void) ROCTX_VERSION_4_1;

/* An instant event with `message`. */
ROCTX_API void roctxMarkA(const char* message) ROCTX_VERSION_4_1;
#define roctxMark(message) roctxMarkA(message)

/* Nested ranges, a stack per thread. Push returns the level the new range starts at (0 for the
 * outermost); Pop ends the innermost and returns the level it was started at, or -1 when the
 * thread has no open range. */
ROCTX_API int roctxRangePushA(const char* message) ROCTX_VERSION_4_1;
#define roctxRangePush(message) roctxRangePushA(message)
ROCTX_API int roctxRangePop(void) ROCTX_VERSION_4_1;

/* Process ranges: may overlap and end on another thread; Start returns the range's id (unique,
 * from 1), Stop ends the range with that id. */
typedef uint64_t roctx_range_id_t;
ROCTX_API roctx_range_id_t roctxRangeStartA(const char* message) ROCTX_VERSION_4_1;
#define roctxRangeStart(message) roctxRangeStartA(message)
ROCTX_API void roctxRangeStop(roctx_range_id_t id) ROCTX_VERSION_4_1;

#if defined(__cplusplus)
} /* extern "C" */
#endif

#endif /* ROCTX_H_ */
