// Timing and reporting shared by every benchmark executable (unihip, cudart, driver, staging).
//
// Each result is one JSON line on stdout:
//   {"bench":"launch_0args","impl":"unihip","group":"launch_enqueue","x":0,
//    "median_us":2.41,"min_us":2.30,"p90_us":2.60,"reps":200}
// `group` and `x` place the figure on a plot (x = argument bytes, copy bytes, ...); copies add
// "gbps" (bytes / median time). bench/report.py reads these lines.
#pragma once

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include <sys/resource.h>

namespace bench {

using Clock = std::chrono::steady_clock;

inline double nowUs() {
  return std::chrono::duration<double, std::micro>(Clock::now().time_since_epoch()).count();
}

// Samples in microseconds; summary by order statistics (robust to the odd preempted sample).
struct Summary {
  double median = 0, min = 0, p90 = 0;
  size_t reps = 0;
};

inline Summary summarize(std::vector<double> samples) {
  Summary s;
  if (samples.empty()) return s;
  std::sort(samples.begin(), samples.end());
  size_t n = samples.size();
  s.median = n % 2 ? samples[n / 2] : 0.5 * (samples[n / 2 - 1] + samples[n / 2]);
  s.min = samples.front();
  s.p90 = samples[std::min(n - 1, static_cast<size_t>(0.9 * static_cast<double>(n)))];
  s.reps = n;
  return s;
}

// Which implementation this executable measures ("unihip", "cudart", "driver", ...).
inline const char*& implName() {
  static const char* name = "unknown";
  return name;
}

// Prints one result line. `bytes` > 0 adds a bandwidth field computed from the median.
inline void report(const std::string& bench, const std::string& group, double x,
                   const Summary& s, double bytes = 0) {
  std::printf("{\"bench\":\"%s\",\"impl\":\"%s\",\"group\":\"%s\",\"x\":%.17g,"
              "\"median_us\":%.4f,\"min_us\":%.4f,\"p90_us\":%.4f,\"reps\":%zu",
              bench.c_str(), implName(), group.c_str(), x, s.median, s.min, s.p90, s.reps);
  if (bytes > 0 && s.median > 0) std::printf(",\"gbps\":%.4f", bytes / (s.median * 1e3));
  std::printf("}\n");
  std::fflush(stdout);
}

// Page faults of the process so far (minor and major): what the time of a one-off event (a
// first launch) may be made of besides instructions; the kernel's work, which callgrind does
// not see.
inline long pageFaults() {
  rusage u{};
  getrusage(RUSAGE_SELF, &u);
  return u.ru_minflt + u.ru_majflt;
}

// A count beside the figures, as a JSON line (report.py keeps the median per bench and impl).
inline void reportCount(const std::string& bench, long value) {
  std::printf("{\"count\":\"%s\",\"impl\":\"%s\",\"value\":%ld}\n", bench.c_str(),
              implName(), value);
  std::fflush(stdout);
}

// Times `reps` calls of `body` one by one, after `warmup` untimed calls.
template <typename Body>
Summary timeEach(int warmup, int reps, Body&& body) {
  for (int i = 0; i < warmup; ++i) body();
  std::vector<double> samples;
  samples.reserve(reps);
  for (int i = 0; i < reps; ++i) {
    double t0 = nowUs();
    body();
    samples.push_back(nowUs() - t0);
  }
  return summarize(std::move(samples));
}

// Enqueue cost: each sample is the wall time of `batch` calls of `enqueue` divided by `batch`;
// `drain` (a stream sync) runs between samples, untimed, so the queue never fills and every
// sample starts from an idle GPU.
template <typename Enqueue, typename Drain>
Summary timeBatched(int samples, int batch, Enqueue&& enqueue, Drain&& drain) {
  for (int i = 0; i < batch * 4; ++i) enqueue();  // warm up
  drain();
  std::vector<double> out;
  out.reserve(samples);
  for (int s = 0; s < samples; ++s) {
    double t0 = nowUs();
    for (int i = 0; i < batch; ++i) enqueue();
    out.push_back((nowUs() - t0) / batch);
    drain();
  }
  return summarize(std::move(out));
}

// Copy sizes: 4 B to 1 GiB in steps of 4x.
inline std::vector<size_t> copySizes(size_t maxBytes) {
  std::vector<size_t> sizes;
  for (size_t n = 4; n <= maxBytes; n *= 4) sizes.push_back(n);
  return sizes;
}

// Repetitions per copy size: many for latency-bound sizes, a few for the largest.
inline int copyReps(size_t bytes) {
  if (bytes <= (size_t{1} << 20)) return 200;
  if (bytes <= (size_t{16} << 20)) return 30;
  if (bytes <= (size_t{256} << 20)) return 8;
  return 3;
}

inline constexpr size_t kMaxCopyBytes = size_t{1} << 30;
inline constexpr int kNoGpuExit = 77;  // like the samples: "skipped"

// Launch figures, with the kernels' argument bytes as the plot's x.
inline constexpr int kLaunchSamples = 300;
inline constexpr int kLaunchBatch = 100;
inline constexpr int kSyncReps = 3000;

// The one-process pair benchmarks' only option, `--rounds N`, into *rounds; false, after the
// usage line, for anything else.
inline bool parseRounds(int argc, char** argv, int* rounds) {
  for (int i = 1; i < argc; ++i) {
    if (std::strcmp(argv[i], "--rounds") == 0 && i + 1 < argc) {
      *rounds = std::atoi(argv[++i]);
    } else {
      std::fprintf(stderr, "usage: %s [--rounds N]\n", argv[0]);
      return false;
    }
  }
  return true;
}

// Parses --instruction-loop=<kind>:<batches> (count_gpu_instructions.sh). False when `arg` is
// another option; *ok false when it is this one, malformed.
inline bool parseInstructionLoop(const char* arg, std::string* kind, int* batches, bool* ok) {
  constexpr char kPrefix[] = "--instruction-loop=";
  if (std::strncmp(arg, kPrefix, sizeof kPrefix - 1) != 0) return false;
  const char* spec = arg + sizeof kPrefix - 1;
  const char* colon = std::strchr(spec, ':');
  *ok = colon != nullptr && colon != spec && (*batches = std::atoi(colon + 1)) > 0;
  if (*ok) kind->assign(spec, colon);
  return true;
}

// The --instruction-loop body (count_gpu_instructions.sh): 4 warm-up batches, then `batches`,
// the stream drained after each outside the collected batch; true when no operation failed.
template <typename Batch, typename Drain>
bool runInstructionBatches(const char* impl, int batches, Batch batch, Drain drain) {
  int failures = 0;
  for (int i = 0; i < batches + 4; ++i) {
    failures += batch();
    drain();
  }
  if (failures != 0) std::fprintf(stderr, "bench_%s: %d operations failed\n", impl, failures);
  return failures == 0;
}

}  // namespace bench
