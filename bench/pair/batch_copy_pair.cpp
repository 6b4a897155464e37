// bench_batch_copy_pair: hipMemcpyBatchAsync against cuMemcpyBatchAsync called directly, in ONE
// process, interleaved figure by figure on the same thread, context and memory (issue 32: <= 1.02x
// the driver). A batch is 1,000 copies of 256 B to 4 KiB (sizes cycling 256, 512, 1024, 2048,
// 4096) between distinct buffers: device to pinned host, pinned host to device, device to device.
// Per batch: the call alone (`batch_copy_<dir>`, 4 calls per sample, the stream drained between
// samples) and the call with the wait for its copies (`batch_copy_<dir>_sync`). The driver is
// timed through cuda.h's entry point (impl "driver", CUDA 13's) and through the CUDA 12.8 one
// unihip calls, which takes a failIdx (impl "driver_v1", a diagnostic).
//   --rounds N   rounds (default 30); each times every figure once per implementation, the
//                order rotating by round
// Prints {"round": r} and the JSON figure lines (bench_stats.h); exits 77 without a GPU.
#include <hip/hip_runtime_api.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <iterator>
#include <string>
#include <vector>

#include "batch_copy_driver.h"
#include "bench_stats.h"

namespace {

constexpr size_t kCopies = 1000;
constexpr size_t kSizes[] = {256, 512, 1024, 2048, 4096};
constexpr int kSamples = 30;
constexpr int kCallsPerSample = 4;

void check(hipError_t e, const char* what) {
  if (e == hipSuccess) return;
  std::fprintf(stderr, "bench_batch_copy_pair: %s failed: %s\n", what, hipGetErrorName(e));
  std::exit(1);
}

// The copies of one direction: each its own source and destination, 4 KiB apart.
struct Direction {
  const char* name;
  char* dstBase;
  char* srcBase;
  std::vector<void*> dsts, srcs;
  std::vector<size_t> sizes;
  size_t bytes = 0;

  Direction(const char* n, char* dst, char* src) : name(n), dstBase(dst), srcBase(src) {
    for (size_t i = 0; i < kCopies; ++i) {
      dsts.push_back(dst + i * 4096);
      srcs.push_back(src + i * 4096);
      sizes.push_back(kSizes[i % std::size(kSizes)]);
      bytes += sizes.back();
    }
  }
  pair::CopyBatch batch() { return {dsts.data(), srcs.data(), sizes.data(), kCopies}; }
};

}  // namespace

int main(int argc, char** argv) {
  int rounds = 30;
  if (!bench::parseRounds(argc, argv, &rounds)) return 2;
  int devices = 0;
  if (hipGetDeviceCount(&devices) != hipSuccess || devices == 0) {
    std::fprintf(stderr, "bench_batch_copy_pair: no GPU\n");
    return bench::kNoGpuExit;
  }
  check(hipSetDevice(0), "hipSetDevice");
  hipStream_t hs = nullptr;
  check(hipStreamCreateWithFlags(&hs, hipStreamNonBlocking), "hipStreamCreateWithFlags");
  check(hipStreamSynchronize(hs), "hipStreamSynchronize");
  pair::openBatchDriverSide();  // in the context unihip made current (the primary context)

  constexpr size_t kSpan = kCopies * 4096;
  char *devA = nullptr, *devB = nullptr, *host = nullptr;
  check(hipMalloc(reinterpret_cast<void**>(&devA), kSpan), "hipMalloc");
  check(hipMalloc(reinterpret_cast<void**>(&devB), kSpan), "hipMalloc");
  check(hipHostMalloc(reinterpret_cast<void**>(&host), kSpan, 0), "hipHostMalloc");
  check(hipMemset(devA, 1, kSpan), "hipMemset");
  std::memset(host, 2, kSpan);
  std::vector<Direction> directions;
  directions.emplace_back("batch_copy_d2h", host, devA);
  directions.emplace_back("batch_copy_h2d", devB, host);
  directions.emplace_back("batch_copy_d2d", devB, devA);

  hipMemcpyAttributes attr = {};
  attr.srcAccessOrder = hipMemcpySrcAccessOrderStream;
  size_t first = 0;
  const char* impls[] = {"driver", "unihip", "driver_v1"};
  for (int r = 0; r < rounds; ++r) {
    std::printf("{\"round\":%d}\n", r);
    for (Direction& d : directions) {
      pair::CopyBatch b = d.batch();
      auto unihipBatch = [&] {
        size_t failIdx = 0;
        check(hipMemcpyBatchAsync(b.dsts, b.srcs, b.sizes, b.count, &attr, &first, 1, &failIdx,
                                  hs),
              "hipMemcpyBatchAsync");
      };
      auto drain = [&] { check(hipStreamSynchronize(hs), "hipStreamSynchronize"); };
      for (int sync = 0; sync < 2; ++sync) {
        const std::string bench = std::string(d.name) + (sync ? "_sync" : "");
        for (int k = 0; k < 3; ++k) {
          const int which = (k + r) % 3;  // who goes first rotates by round
          bench::implName() = impls[which];
          bench::Summary s;
          if (which == 1) {
            s = sync ? bench::timeEach(3, kSamples, [&] {
              unihipBatch();
              drain();
            })
                     : bench::timeBatched(kSamples, kCallsPerSample, unihipBatch, drain);
          } else {
            s = pair::timeDriverBatches(b, kSamples, sync ? 0 : kCallsPerSample, which == 2);
          }
          bench::report(bench, "batch_copy", static_cast<double>(d.bytes), s,
                        sync ? static_cast<double>(d.bytes) : 0);
        }
      }
    }
  }
  // The copies arrived: the last d2d batch's first destination holds devA's bytes.
  char probe = 0;
  check(hipMemcpy(&probe, devB, 1, hipMemcpyDeviceToHost), "hipMemcpy");
  if (probe != 1) {
    std::fprintf(stderr, "bench_batch_copy_pair: the copies did not arrive\n");
    return 1;
  }
  check(hipFree(devA), "hipFree");
  check(hipFree(devB), "hipFree");
  check(hipHostFree(host), "hipHostFree");
  check(hipStreamDestroy(hs), "hipStreamDestroy");
  return 0;
}
