// unihip_soak: T host threads, each with its own stream, for S seconds. Each iteration:
// hipEventCreate, hipMalloc (a size that varies), hipMemcpyAsync host to device (pinned or
// pageable host memory, alternating; now and then above the 4 MiB staging threshold), a kernel
// that transforms the data, hipMemcpyAsync device to host, hipEventRecord, hipEventSynchronize,
// a check of every element, hipFree, hipEventDestroy; every 64 iterations the thread's stream is
// destroyed and created again.
//
// At the end, checked: every result was right and every call succeeded; no device memory leaked
// (hipMemGetInfo's free memory is back to its value before the soak, within 64 MiB); no handle
// leaked. unihip has no API that counts live handles, so handle leaks are checked through the
// handle recycling that unihip documents (docs/behaviour.md: "Handles are recycled after destroy"; a
// destroyed handle's object goes on a free list and the next create takes it): when every
// destroyed event and stream is recycled, the number of distinct handle values ever returned
// equals the most that were alive at once (at most T streams and T events here), whatever the
// number of iterations; a leak would make it grow with them. After the soak, T new events and T
// new streams must also come from handles already seen.
//
//   unihip_soak [--seconds S] [--threads T]     (or UNIHIP_SOAK_SECONDS / UNIHIP_SOAK_THREADS)
// Defaults: 60 s, 8 threads. Exit 0 pass, 1 fail, 77 without a GPU.
#include <hip/hip_runtime_api.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <mutex>
#include <random>
#include <set>
#include <string>
#include <thread>
#include <vector>

#include "fault_kernels.h"

namespace {

struct ThreadResult {
  long iterations = 0;
  long wrongElements = 0;
  long failedCalls = 0;
  long streamsCreated = 0;
  unsigned long long bytes = 0;
  std::set<uintptr_t> events;
  std::set<uintptr_t> streams;
  std::string firstError;
};

void noteError(ThreadResult* r, const char* what, hipError_t e) {
  ++r->failedCalls;
  if (r->firstError.empty()) r->firstError = std::string(what) + ": " + hipGetErrorName(e);
}

#define SOAK_CALL(result, call)                          \
  do {                                                   \
    hipError_t soak_e = (call);                          \
    if (soak_e != hipSuccess) noteError(result, #call, soak_e); \
  } while (0)

constexpr size_t kMaxElements = size_t{3} << 20;  // 12 MiB of uint32_t: above the 4 MiB threshold

void soakThread(int index, std::chrono::steady_clock::time_point end, ThreadResult* r) {
  std::mt19937 rng(1234u + static_cast<unsigned>(index));
  std::vector<uint32_t> pageableIn(kMaxElements), pageableOut(kMaxElements);
  uint32_t* pinnedIn = nullptr;
  uint32_t* pinnedOut = nullptr;
  SOAK_CALL(r, hipHostMalloc(reinterpret_cast<void**>(&pinnedIn), kMaxElements * 4, 0));
  SOAK_CALL(r, hipHostMalloc(reinterpret_cast<void**>(&pinnedOut), kMaxElements * 4, 0));
  if (!pinnedIn || !pinnedOut) return;
  hipStream_t stream = nullptr;
  SOAK_CALL(r, hipStreamCreate(&stream));
  ++r->streamsCreated;
  r->streams.insert(reinterpret_cast<uintptr_t>(stream));

  for (long it = 0; std::chrono::steady_clock::now() < end; ++it) {
    // Mostly small and medium sizes; one iteration in 16 is large (the staged pageable path).
    size_t n = (it % 16 == 15) ? kMaxElements - (rng() % 1024)
                               : 1 + rng() % ((it % 4 == 0) ? (size_t{1} << 18) : 4096);
    const bool pinned = (it & 1) != 0;
    uint32_t* in = pinned ? pinnedIn : pageableIn.data();
    uint32_t* out = pinned ? pinnedOut : pageableOut.data();
    const uint32_t seed = static_cast<uint32_t>(rng());
    const uint32_t salt = static_cast<uint32_t>(it * 131 + index);
    for (size_t i = 0; i < n; ++i) in[i] = seed + static_cast<uint32_t>(i) * 2246822519u;
    std::memset(out, 0, n * 4);

    hipEvent_t event = nullptr;
    SOAK_CALL(r, hipEventCreate(&event));
    r->events.insert(reinterpret_cast<uintptr_t>(event));
    uint32_t* d = nullptr;
    SOAK_CALL(r, hipMalloc(reinterpret_cast<void**>(&d), n * 4));
    if (d != nullptr && event != nullptr) {
      SOAK_CALL(r, hipMemcpyAsync(d, in, n * 4, hipMemcpyHostToDevice, stream));
      SOAK_CALL(r, launchTransform(d, d, n, salt, stream));
      SOAK_CALL(r, hipMemcpyAsync(out, d, n * 4, hipMemcpyDeviceToHost, stream));
      SOAK_CALL(r, hipEventRecord(event, stream));
      SOAK_CALL(r, hipEventSynchronize(event));
      for (size_t i = 0; i < n; ++i) {
        if (out[i] != transformed(in[i], salt)) ++r->wrongElements;
      }
      r->bytes += 2 * n * 4;
    }
    SOAK_CALL(r, hipFree(d));
    SOAK_CALL(r, hipEventDestroy(event));
    ++r->iterations;
    if (it % 64 == 63) {
      SOAK_CALL(r, hipStreamDestroy(stream));
      stream = nullptr;
      SOAK_CALL(r, hipStreamCreate(&stream));
      ++r->streamsCreated;
      r->streams.insert(reinterpret_cast<uintptr_t>(stream));
    }
  }
  SOAK_CALL(r, hipStreamDestroy(stream));
  SOAK_CALL(r, hipHostFree(pinnedIn));
  SOAK_CALL(r, hipHostFree(pinnedOut));
  // Failures are recorded per thread; none is expected.
  SOAK_CALL(r, hipGetLastError());
}

double argOrEnv(int argc, char** argv, const char* flag, const char* env, double fallback) {
  for (int i = 1; i + 1 < argc; ++i)
    if (std::strcmp(argv[i], flag) == 0) return std::atof(argv[i + 1]);
  if (const char* v = std::getenv(env)) return std::atof(v);
  return fallback;
}

}  // namespace

int main(int argc, char** argv) {
  const double seconds = argOrEnv(argc, argv, "--seconds", "UNIHIP_SOAK_SECONDS", 60);
  const int threads = std::max(1, static_cast<int>(argOrEnv(argc, argv, "--threads",
                                                            "UNIHIP_SOAK_THREADS", 8)));
  int count = 0;
  hipError_t err = hipGetDeviceCount(&count);
  if (err != hipSuccess || count == 0) {
    std::printf("unihip soak: SKIPPED: no GPU found (hipGetDeviceCount: %s)\n",
                hipGetErrorName(err));
    return 77;
  }
  std::printf("unihip soak: %d threads, %.0f s, device 0 (%s backend)\n", threads, seconds,
              unihipGetDeviceBackendName(0));
  int failures = 0;
  auto check = [&](const char* what, bool ok) {
    std::printf("  %-70s %s\n", what, ok ? "ok" : "FAILED");
    if (!ok) ++failures;
  };

  // Warm-up: context, module load, staging engine; then the baseline.
  {
    ThreadResult warm;
    soakThread(-1, std::chrono::steady_clock::now() + std::chrono::milliseconds(300), &warm);
    if (warm.failedCalls || warm.wrongElements) {
      std::printf("unihip soak: FAILED in the warm-up: %s, %ld wrong elements\n",
                  warm.firstError.c_str(), warm.wrongElements);
      return 1;
    }
  }
  size_t freeBefore = 0, total = 0;
  if (hipDeviceSynchronize() != hipSuccess || hipMemGetInfo(&freeBefore, &total) != hipSuccess) {
    std::printf("unihip soak: FAILED: hipMemGetInfo\n");
    return 1;
  }

  const auto start = std::chrono::steady_clock::now();
  const auto end = start + std::chrono::milliseconds(static_cast<long>(seconds * 1000));
  std::vector<ThreadResult> results(threads);
  std::vector<std::thread> pool;
  for (int t = 0; t < threads; ++t) pool.emplace_back(soakThread, t, end, &results[t]);
  for (auto& th : pool) th.join();
  const double elapsed =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();

  size_t freeAfter = 0;
  const bool synced = hipDeviceSynchronize() == hipSuccess;
  const bool info = hipMemGetInfo(&freeAfter, nullptr) == hipSuccess;

  long iterations = 0, wrong = 0, failed = 0, streamsCreated = 0;
  unsigned long long bytes = 0;
  std::set<uintptr_t> events, streams;
  for (int t = 0; t < threads; ++t) {
    const ThreadResult& r = results[t];
    std::printf("  thread %d: %ld iterations, %ld wrong elements, %ld failed calls%s%s\n", t,
                r.iterations, r.wrongElements, r.failedCalls, r.firstError.empty() ? "" : "; first: ",
                r.firstError.c_str());
    iterations += r.iterations;
    wrong += r.wrongElements;
    failed += r.failedCalls;
    streamsCreated += r.streamsCreated;
    bytes += r.bytes;
    events.insert(r.events.begin(), r.events.end());
    streams.insert(r.streams.begin(), r.streams.end());
  }
  std::printf("  %ld iterations in %.1f s (%.0f per second), %.1f GiB copied, %ld events and "
              "%ld streams created\n",
              iterations, elapsed, iterations / elapsed, bytes / double(1ull << 30), iterations,
              streamsCreated);
  std::printf("  distinct handles returned: %zu events, %zu streams\n", events.size(),
              streams.size());
  std::printf("  free device memory: %zu MiB before, %zu MiB after (of %zu MiB)\n",
              freeBefore >> 20, freeAfter >> 20, total >> 20);

  check("every thread iterated", std::all_of(results.begin(), results.end(),
                                             [](const ThreadResult& r) { return r.iterations > 0; }));
  check("every result correct", wrong == 0);
  check("every call succeeded", failed == 0);
  check("hipDeviceSynchronize and hipMemGetInfo after the soak", synced && info);
  const size_t tolerance = size_t{64} << 20;
  check("no device memory leaked (free memory back within 64 MiB)",
        freeAfter + tolerance >= freeBefore);
  // At most `threads` events and `threads` streams are alive at once (one per thread), plus the
  // warm-up's, which were destroyed before: recycled handles keep the distinct count there.
  const size_t bound = static_cast<size_t>(threads) + 2;
  check("destroyed events are recycled: distinct event handles <= threads + 2",
        events.size() <= bound);
  check("destroyed streams are recycled: distinct stream handles <= threads + 2",
        streams.size() <= bound);
  // New handles after the soak come from the free lists, not new objects.
  std::vector<hipEvent_t> newEvents(threads);
  std::vector<hipStream_t> newStreams(threads);
  // (Where fewer than T were ever alive at once, the rest are new objects.)
  bool created = true;
  size_t newEventObjects = 0, newStreamObjects = 0;
  for (int t = 0; t < threads; ++t) {
    created &= hipEventCreate(&newEvents[t]) == hipSuccess;
    created &= hipStreamCreate(&newStreams[t]) == hipSuccess;
    newEventObjects += events.count(reinterpret_cast<uintptr_t>(newEvents[t])) == 0;
    newStreamObjects += streams.count(reinterpret_cast<uintptr_t>(newStreams[t])) == 0;
  }
  const size_t T = static_cast<size_t>(threads);
  const bool recycled = newEventObjects <= T - std::min(T, events.size()) &&
                        newStreamObjects <= T - std::min(T, streams.size());
  for (int t = 0; t < threads; ++t) {
    created &= hipEventDestroy(newEvents[t]) == hipSuccess;
    created &= hipStreamDestroy(newStreams[t]) == hipSuccess;
  }
  check("handles created after the soak reuse the soak's handles", created && recycled);

  std::printf("unihip soak: %s: %ld iterations, %d failed checks\n", failures ? "FAILED" : "PASSED",
              iterations, failures);
  return failures ? 1 : 0;
}
