// hiprandGenerateUniform against curandGenerateUniform called directly: the default pseudo
// generator (XORWOW) and Philox4x32-10, the same seed, output buffer and stream, rounds
// alternating (libs/common/bench_pair.h). Per generator: GPU time per call (medians over
// rounds), the ratio hipRAND / cuRAND (median of the per-round ratios, distribution-free 95%
// interval), host time per call, and whether both wrote the same numbers, bit for bit (both
// restarted from the seed; the same cuRAND kernels run).
// Usage: hiprand_bench_uniform [--rounds N (15)] [Mi floats ... (64: 256 MiB)]. Exits 77
// without a GPU.
#include <hiprand/hiprand.h>

#include <cstdio>
#include <string>
#include <vector>

#include "bench_pair.h"
#include "curand_direct.h"

namespace {

namespace b = unihip::libs::bench;
#define CHECK_RAND(e) BENCH_CHECK_STATUS(e, HIPRAND_STATUS_SUCCESS)

constexpr unsigned long long kSeed = 1234;

bool bench(hipStream_t stream, b::EventTimer& timer, int rounds, bool philox, size_t count) {
  const size_t bytes = count * sizeof(float);
  float* out = nullptr;
  BENCH_CHECK_HIP(hipMalloc(&out, bytes));
  hiprandGenerator_t g;
  CHECK_RAND(hiprandCreateGenerator(
      &g, philox ? HIPRAND_RNG_PSEUDO_PHILOX4_32_10 : HIPRAND_RNG_PSEUDO_DEFAULT));
  CHECK_RAND(hiprandSetStream(g, stream));
  void* cuStream = nullptr;
  BENCH_CHECK_HIP(unihipStreamGetNativeHandle(stream, &cuStream));
  std::string why;
  DirectRand* direct = directRandCreate(cuStream, philox, &why);
  if (direct == nullptr) {
    std::fprintf(stderr, "cuRAND directly: %s\n", why.c_str());
    std::exit(1);
  }
  auto restart = [&] {
    CHECK_RAND(hiprandSetPseudoRandomGeneratorSeed(g, kSeed));
    CHECK_RAND(hiprandSetGeneratorOffset(g, 0));
    BENCH_CHECK_STATUS(directRandRestart(direct, kSeed), true);
  };
  restart();

  auto viaHip = [&] { CHECK_RAND(hiprandGenerateUniform(g, out, count)); };
  auto viaCu = [&] { BENCH_CHECK_STATUS(directRandUniform(direct, out, count), true); };
  int calls = 0;
  auto batch = [&](int c, auto run) { return timer.time(c, run); };
  const b::PairRounds p = b::timePair(rounds, &calls, batch, viaHip, viaCu);
  const bool same = b::sameOutput(stream, out, bytes, viaHip, viaCu, [&] {
    BENCH_CHECK_HIP(hipMemsetAsync(out, 0xff, bytes, stream));
    restart();
  });

  std::printf("uniform %s floats=%zu (%zu MiB) calls=%d\n",
              philox ? "philox4_32_10" : "default(xorwow)", count, bytes >> 20, calls);
  b::printPair("hiprand", "curand", p, double(bytes) / 1e9, "GB/s", same);

  directRandDestroy(direct);
  CHECK_RAND(hiprandDestroyGenerator(g));
  BENCH_CHECK_HIP(hipFree(out));
  return same;
}

}  // namespace

int main(int argc, char** argv) {
  int rounds = 15;
  std::vector<long> sizes;
  if (!b::parseArgs(argc, argv, &rounds, &sizes)) return 2;
  if (sizes.empty()) sizes = {64};
  if (!b::haveGpu("hiprand_bench_uniform")) return b::kSkipped;
  hipStream_t stream;
  BENCH_CHECK_HIP(hipStreamCreate(&stream));
  bool ok = true;
  {
    b::EventTimer timer(stream);
    for (long mi : sizes)
      for (bool philox : {false, true})
        ok = bench(stream, timer, rounds, philox, static_cast<size_t>(mi) << 20) && ok;
  }
  BENCH_CHECK_HIP(hipStreamDestroy(stream));
  return ok ? 0 : 1;
}
