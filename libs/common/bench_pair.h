// What the libraries' pair benchmarks share (libs/<lib>/bench): a HIP library's call against the
// vendor library's, called directly, in one process, on the same stream and memory. Rounds
// alternate the two, the order rotating; the figure is the median of the per-round ratios
// (unihip / vendor) with a distribution-free 95% interval for it, as bench/report.py's
// median_interval computes.
#pragma once

#include <hip/hip_runtime_api.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

namespace unihip::libs::bench {

inline constexpr int kSkipped = 77;  // ctest's and the samples' "skipped"

inline void checkStatus(int status, int success, const char* what, const char* file, int line) {
  if (status == success) return;
  std::fprintf(stderr, "%s:%d: %s: status %d\n", file, line, what, status);
  std::exit(1);
}

// Any library's status (success named), or a hipError_t.
#define BENCH_CHECK_STATUS(e, success)                                                      \
  ::unihip::libs::bench::checkStatus(static_cast<int>(e), static_cast<int>(success), #e, \
                                     __FILE__, __LINE__)
#define BENCH_CHECK_HIP(e) BENCH_CHECK_STATUS(e, hipSuccess)

// The middle value; the mean of the two middle ones for an even count.
inline double median(std::vector<double> v) {
  if (v.empty()) return 0;
  std::sort(v.begin(), v.end());
  const size_t n = v.size();
  return n % 2 ? v[n / 2] : 0.5 * (v[n / 2 - 1] + v[n / 2]);
}

// [x(k), x(n+1-k)] of the sorted values with the largest k whose binomial coverage is at least
// `confidence`; k = 1 ([min, max], its lower coverage given) when n is too small for it.
struct Interval {
  double median = 0, low = 0, high = 0, coverage = 0;
};

inline Interval medianInterval(std::vector<double> v, double confidence = 0.95) {
  Interval r;
  if (v.empty()) return r;
  std::sort(v.begin(), v.end());
  const size_t n = v.size();
  r.median = median(v);
  r.low = v.front();
  r.high = v.back();
  if (n == 1) return r;
  // cdf[j] = P(Binomial(n, 1/2) <= j), the pmf built term by term.
  std::vector<double> cdf(n);
  double pmf = 1, sum = 0;
  for (size_t i = 0; i < n; ++i) pmf /= 2;
  for (size_t j = 0; j < n; ++j) {
    sum += pmf;
    cdf[j] = sum;
    pmf = pmf * static_cast<double>(n - j) / static_cast<double>(j + 1);
  }
  size_t k = 1;
  for (size_t cand = 1; cand <= n / 2; ++cand)
    if (cdf[cand - 1] * 2 <= 1 - confidence) k = cand;
  r.low = v[k - 1];
  r.high = v[n - k];
  r.coverage = 1 - 2 * cdf[k - 1];
  return r;
}

// One batch's GPU time (events around it) and host time (the enqueueing loop), per call.
struct Timing {
  double gpuUs = 0, hostUs = 0;
};

// Events on one stream, around batches of calls.
class EventTimer {
 public:
  explicit EventTimer(hipStream_t stream) : stream_(stream) {
    BENCH_CHECK_HIP(hipEventCreate(&start_));
    BENCH_CHECK_HIP(hipEventCreate(&stop_));
  }
  ~EventTimer() {
    (void)hipEventDestroy(start_);
    (void)hipEventDestroy(stop_);
  }
  EventTimer(const EventTimer&) = delete;
  EventTimer& operator=(const EventTimer&) = delete;

  // `calls` calls of `run`, after `reset` (outside the events: a fresh input).
  template <class Run, class Reset>
  Timing time(int calls, Run run, Reset reset) {
    reset();
    BENCH_CHECK_HIP(hipEventRecord(start_, stream_));
    const auto t0 = std::chrono::steady_clock::now();
    for (int i = 0; i < calls; ++i) run();
    const auto t1 = std::chrono::steady_clock::now();
    BENCH_CHECK_HIP(hipEventRecord(stop_, stream_));
    BENCH_CHECK_HIP(hipEventSynchronize(stop_));
    float ms = 0;
    BENCH_CHECK_HIP(hipEventElapsedTime(&ms, start_, stop_));
    const double hostUs = std::chrono::duration<double, std::micro>(t1 - t0).count();
    return {1000.0 * ms / calls, hostUs / calls};
  }
  template <class Run>
  Timing time(int calls, Run run) {
    return time(calls, run, [] {});
  }

  // `calls` calls of `run`, each after `reset` and timed alone (an input each call consumes).
  template <class Run, class Reset>
  Timing timeEach(int calls, Run run, Reset reset) {
    Timing sum;
    for (int i = 0; i < calls; ++i) {
      const Timing one = time(1, run, reset);
      sum.gpuUs += one.gpuUs / calls;
      sum.hostUs += one.hostUs / calls;
    }
    return sum;
  }

 private:
  hipStream_t stream_;
  hipEvent_t start_ = nullptr, stop_ = nullptr;
};

// Calls a batch so that one batch takes about `targetUs` of GPU time, from one call's time.
// Capped so the enqueueing loop does not wait on a full launch queue.
inline int callsFor(double usPerCall, double targetUs = 10000, int fewest = 3, int most = 500) {
  const double c = usPerCall > 0 ? targetUs / usPerCall : most;
  return std::clamp(static_cast<int>(c), fewest, most);
}

// Every round's figures of both sides.
struct PairRounds {
  std::vector<double> hipGpu, vendorGpu, hipHost, vendorHost, ratio;
};

// One warm-up batch each, then `rounds` rounds of one batch each, who goes first alternating.
template <class Hip, class Vendor>
PairRounds alternate(int rounds, Hip timeHip, Vendor timeVendor) {
  timeHip();
  timeVendor();
  PairRounds p;
  for (int r = 0; r < rounds; ++r) {
    Timing th, tv;
    if (r % 2 == 0) {
      th = timeHip();
      tv = timeVendor();
    } else {
      tv = timeVendor();
      th = timeHip();
    }
    p.hipGpu.push_back(th.gpuUs);
    p.vendorGpu.push_back(tv.gpuUs);
    p.hipHost.push_back(th.hostUs);
    p.vendorHost.push_back(tv.hostUs);
    p.ratio.push_back(th.gpuUs / tv.gpuUs);
  }
  return p;
}

// `alternate` over batches that `timeBatch(calls, run)` times, `*calls` chosen from the vendor's
// time for one call, measured after one call of each (first-use costs: module loads, plans).
template <class Batch, class Hip, class Vendor>
PairRounds timePair(int rounds, int* calls, Batch timeBatch, Hip viaHip, Vendor viaVendor) {
  timeBatch(1, viaHip);
  timeBatch(1, viaVendor);
  *calls = callsFor(timeBatch(1, viaVendor).gpuUs);
  const int n = *calls;
  return alternate(rounds, [&] { return timeBatch(n, viaHip); },
                   [&] { return timeBatch(n, viaVendor); });
}

// Both sides' output, `bytes` at device `out`, after one call each, `reset` before each: true
// when they are the same bit for bit.
template <class Hip, class Vendor, class Reset>
bool sameOutput(hipStream_t stream, const void* out, size_t bytes, Hip viaHip, Vendor viaVendor,
                Reset reset) {
  std::vector<unsigned char> a(bytes), b(bytes);
  for (auto* host : {&a, &b}) {
    reset();
    if (host == &a) {
      viaHip();
    } else {
      viaVendor();
    }
    BENCH_CHECK_HIP(hipStreamSynchronize(stream));
    BENCH_CHECK_HIP(hipMemcpy(host->data(), out, bytes, hipMemcpyDeviceToHost));
  }
  return std::memcmp(a.data(), b.data(), bytes) == 0;
}

// The figures' lines under a caller's heading: GPU time per call (medians; `rate` the work per
// call in `rateUnit` per second of the vendor's median, left out when 0), the ratio with its
// interval, host time per call, and whether both wrote the same result.
inline void printPair(const char* hipName, const char* vendorName, const PairRounds& p, double rate,
                      const char* rateUnit, bool same) {
  const double hg = median(p.hipGpu), vg = median(p.vendorGpu);
  std::printf("  gpu us/call   %s %.2f  %s %.2f", hipName, hg, vendorName, vg);
  if (rate > 0) std::printf("  (%s %.1f %s)", vendorName, rate / (vg / 1e6), rateUnit);
  std::printf("\n");
  const Interval r = medianInterval(p.ratio);
  std::printf("  ratio %s/%s %.4f  95%% CI [%.4f, %.4f]  (coverage %.3f, %zu rounds)\n", hipName,
              vendorName, r.median, r.low, r.high, r.coverage, p.ratio.size());
  const double hh = median(p.hipHost), vh = median(p.vendorHost);
  std::printf("  host us/call  %s %.2f  %s %.2f  difference %+.2f\n", hipName, hh, vendorName, vh,
              hh - vh);
  std::printf("  results %s\n", same ? "identical" : "DIFFER");
  std::fflush(stdout);
}

// [--rounds N] [size ...]: false, after the usage line, for anything else.
inline bool parseArgs(int argc, char** argv, int* rounds, std::vector<long>* sizes) {
  bool ok = true;
  for (int i = 1; ok && i < argc; ++i) {
    if (std::strcmp(argv[i], "--rounds") == 0 && i + 1 < argc) {
      *rounds = std::atoi(argv[++i]);
      ok = *rounds >= 1 && *rounds <= 1000;
    } else {
      char* end = nullptr;
      const long v = std::strtol(argv[i], &end, 10);
      ok = v > 0 && *end == '\0';
      if (ok) sizes->push_back(v);
    }
  }
  if (!ok) std::fprintf(stderr, "usage: %s [--rounds N (1..1000)] [size ...]\n", argv[0]);
  return ok;
}

// False, with a line saying so, when there is no GPU.
inline bool haveGpu(const char* name) {
  int count = 0;
  if (hipGetDeviceCount(&count) == hipSuccess && count > 0) return true;
  std::printf("%s: no GPU: skipped\n", name);
  return false;
}

}  // namespace unihip::libs::bench
