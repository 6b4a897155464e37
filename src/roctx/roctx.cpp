// libroctx64: roctx's markers and ranges (include/roctracer/roctx.h). Each goes to unihip's
// timeline trace when libunihip is in the process (found with dlsym, so libroctx64 needs no HIP
// runtime, as AMD's does not), and to NVTX when built with its headers: NVTX's own code loads
// the tool named by NVTX_INJECTION64_PATH (what nsys sets) and does nothing without one.
// Thread safety: push/pop levels are per thread; the start/stop id map takes a lock.
#include "roctracer/roctx.h"

#include <dlfcn.h>

#include <atomic>
#include <mutex>
#include <unordered_map>

#if defined(UNIHIP_ROCTX_NVTX)
#include <nvtx3/nvToolsExt.h>
#endif

namespace {

using TraceFn = void (*)(int op, const char* message, uint64_t id);
enum Op { kMark = 0, kPush = 1, kPop = 2, kStart = 3, kStop = 4 };  // unihipTraceRoctx's ops

TraceFn traceFn() {
  // Resolved once: libunihip is loaded with the program that traces.
  static const TraceFn fn =
      reinterpret_cast<TraceFn>(dlsym(RTLD_DEFAULT, "unihipTraceRoctx"));
  return fn;
}

void report(int op, const char* message, uint64_t id) {
  if (TraceFn fn = traceFn()) fn(op, message, id);
}

thread_local int t_level = 0;
std::atomic<roctx_range_id_t> g_nextId{1};

#if defined(UNIHIP_ROCTX_NVTX)
std::mutex g_nvtxMutex;
std::unordered_map<roctx_range_id_t, nvtxRangeId_t>& nvtxRanges() {
  static auto* ranges = new std::unordered_map<roctx_range_id_t, nvtxRangeId_t>();
  return *ranges;
}
#endif

}  // namespace

extern "C" {

uint32_t roctx_version_major(void) { return ROCTX_VERSION_MAJOR; }
uint32_t roctx_version_minor(void) { return ROCTX_VERSION_MINOR; }

void roctxMarkA(const char* message) {
  report(kMark, message, 0);
#if defined(UNIHIP_ROCTX_NVTX)
  nvtxMarkA(message != nullptr ? message : "");
#endif
}

int roctxRangePushA(const char* message) {
  report(kPush, message, 0);
#if defined(UNIHIP_ROCTX_NVTX)
  nvtxRangePushA(message != nullptr ? message : "");
#endif
  return t_level++;
}

int roctxRangePop(void) {
  if (t_level == 0) return -1;
  report(kPop, nullptr, 0);
#if defined(UNIHIP_ROCTX_NVTX)
  nvtxRangePop();
#endif
  return --t_level;
}

roctx_range_id_t roctxRangeStartA(const char* message) {
  const roctx_range_id_t id = g_nextId.fetch_add(1, std::memory_order_relaxed);
  report(kStart, message, id);
#if defined(UNIHIP_ROCTX_NVTX)
  const nvtxRangeId_t nvtxId = nvtxRangeStartA(message != nullptr ? message : "");
  if (nvtxId != 0) {
    std::lock_guard<std::mutex> lock(g_nvtxMutex);
    nvtxRanges()[id] = nvtxId;
  }
#endif
  return id;
}

void roctxRangeStop(roctx_range_id_t id) {
  report(kStop, nullptr, id);
#if defined(UNIHIP_ROCTX_NVTX)
  nvtxRangeId_t nvtxId = 0;
  {
    std::lock_guard<std::mutex> lock(g_nvtxMutex);
    auto it = nvtxRanges().find(id);
    if (it == nvtxRanges().end()) return;
    nvtxId = it->second;
    nvtxRanges().erase(it);
  }
  nvtxRangeEnd(nvtxId);
#endif
}

}  // extern "C"
