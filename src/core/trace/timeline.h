// The timeline trace (UNIHIP_TRACE=out.json): every traced API call, with its text and result, on
// its thread's track, and every kernel, copy and fill with its GPU start and end on its stream's
// track, written as Chrome/Perfetto Trace Event JSON at exit or on demand (docs/trace.md).
// Off, it costs one relaxed load and a predictable branch where it hooks in; the launch fast path
// has none (tracing keeps the launch cache empty, core/launch_cache.h).
// Thread safety: every function may be called from any thread.
#pragma once

#include <fmt/format.h>

#include <atomic>
#include <cstdint>

#include "base/status.h"
#include "seam/handles.h"

namespace unihip {
struct Device;
}

namespace unihip::timeline {

// Hidden: one pc-relative load on the paths that test it.
extern __attribute__((visibility("hidden"))) std::atomic<bool> g_on;
inline bool on() { return g_on.load(std::memory_order_relaxed); }

// Starts a trace that stop() or process exit writes to `path`; false when one runs already.
// Turns the API trace path on (base/log.h) and empties the launch caches, so every launch takes it.
bool start(const char* path);
// Starts the trace UNIHIP_TRACE names, once per process; true when one runs. Called when the
// logger is created, before any API call is traced.
bool startFromEnvironment();
// Waits for the recorded GPU work, writes the trace and stops; false when none ran or the file
// could not be written.
bool stop();
// Writes what was recorded so far to `path` (the trace's own path when null), waiting for the
// GPU work recorded so far; the trace goes on. False when no trace runs or on a write error.
bool write(const char* path);

// An API call begins in C++ function `function`: `format` with `args` is its text (the API
// trace's), the name its part before '('. Called from UNIHIP_TRACE_API's cold path.
void apiBegin(const char* function, fmt::string_view format, fmt::format_args args) noexcept;
// The call returns `result` (from apiReturn, which names the API function or the C++ one).
void apiEnd(const char* function, int result) noexcept;

enum class OpKind : uint8_t { kernel, copy, fill };

// GPU work: events recorded on the stream before and after the operation; their times are read
// when the stream has passed them (at a synchronize or when the trace is written).
struct GpuMark {
  Device* device = nullptr;
  NativeStream stream = nullptr;
  NativeEvent start = nullptr;
};
GpuMark gpuBegin(Device* device, NativeStream stream) noexcept;
void gpuEnd(const GpuMark& mark, OpKind kind, const char* label, Status status) noexcept;

// Runs `op` (queues a kernel, copy or fill on `stream`), bracketed by events when tracing.
template <typename F>
inline Status onStream(OpKind kind, Device* device, NativeStream stream, const char* label,
                       F&& op) {
  if (__builtin_expect(on(), 0)) {
    const GpuMark mark = gpuBegin(device, stream);
    Status s = op();
    gpuEnd(mark, kind, label, s);
    return s;
  }
  return op();
}

// roctx (libroctx64 forwards here): ranges and marks on the calling thread's track.
enum class RoctxOp : int { mark = 0, push = 1, pop = 2, start = 3, stop = 4 };
void roctx(RoctxOp op, const char* message, uint64_t id) noexcept;

}  // namespace unihip::timeline
