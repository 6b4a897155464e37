// hipfftPlan2d + hipfftExecC2C against cufftPlan2d + cufftExecC2C called directly: n x n
// single-precision complex, forward, in place, the same data and stream, rounds alternating
// (libs/common/bench_pair.h). Each call transforms a fresh copy of the input (copied before its
// events: repeated unnormalized transforms would overflow). Per n: GPU time per call (medians
// over rounds), the ratio hipFFT / cuFFT (median of the per-round ratios, distribution-free 95%
// interval), host time per call, and whether both wrote the same spectrum, bit for bit (the
// same cuFFT plan kernels run).
// Usage: hipfft_bench_c2c [--rounds N (15)] [n ... (1024 4096)]. Exits 77 without a GPU.
#include <hipfft/hipfft.h>

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <string>
#include <vector>

#include "bench_pair.h"
#include "cufft_direct.h"

namespace {

namespace b = unihip::libs::bench;
#define CHECK_FFT(e) BENCH_CHECK_STATUS(e, HIPFFT_SUCCESS)

bool bench(hipStream_t stream, b::EventTimer& timer, int rounds, int n) {
  const size_t count = size_t(n) * n, bytes = count * sizeof(hipfftComplex);
  std::vector<hipfftComplex> h(count);
  uint64_t state = 12345 + n;
  auto next = [&] {
    state = state * 6364136223846793005ull + 1442695040888963407ull;
    return static_cast<float>((state >> 40) % 2001) / 1000.0f - 1.0f;
  };
  for (auto& v : h) v = hipfftComplex{next(), next()};
  hipfftComplex *input = nullptr, *data = nullptr;
  BENCH_CHECK_HIP(hipMalloc(&input, bytes));
  BENCH_CHECK_HIP(hipMalloc(&data, bytes));
  BENCH_CHECK_HIP(hipMemcpy(input, h.data(), bytes, hipMemcpyHostToDevice));

  hipfftHandle plan;
  CHECK_FFT(hipfftPlan2d(&plan, n, n, HIPFFT_C2C));  // makes unihip's context current
  CHECK_FFT(hipfftSetStream(plan, stream));
  void* cuStream = nullptr;
  BENCH_CHECK_HIP(unihipStreamGetNativeHandle(stream, &cuStream));
  std::string why;
  DirectFft* direct = directFftCreate(cuStream, n, n, &why);
  if (direct == nullptr) {
    std::fprintf(stderr, "cuFFT directly: %s\n", why.c_str());
    std::exit(1);
  }

  auto viaHip = [&] { CHECK_FFT(hipfftExecC2C(plan, data, data, HIPFFT_FORWARD)); };
  auto viaCu = [&] { BENCH_CHECK_STATUS(directFftForward(direct, data), true); };
  auto fresh = [&] {
    BENCH_CHECK_HIP(hipMemcpyAsync(data, input, bytes, hipMemcpyDeviceToDevice, stream));
  };
  int calls = 0;
  auto batch = [&](int c, auto run) { return timer.timeEach(c, run, fresh); };
  const b::PairRounds p = b::timePair(rounds, &calls, batch, viaHip, viaCu);
  const bool same = b::sameOutput(stream, data, bytes, viaHip, viaCu, fresh);

  // The usual count for a complex FFT: 5 N log2 N.
  const double flop = 5.0 * double(count) * std::log2(double(count));
  std::printf("c2c 2d n=%d forward in-place calls=%d\n", n, calls);
  b::printPair("hipfft", "cufft", p, flop / 1e9, "GFLOP/s", same);

  directFftDestroy(direct);
  CHECK_FFT(hipfftDestroy(plan));
  BENCH_CHECK_HIP(hipFree(input));
  BENCH_CHECK_HIP(hipFree(data));
  return same;
}

}  // namespace

int main(int argc, char** argv) {
  int rounds = 15;
  std::vector<long> sizes;
  if (!b::parseArgs(argc, argv, &rounds, &sizes)) return 2;
  if (sizes.empty()) sizes = {1024, 4096};
  if (!b::haveGpu("hipfft_bench_c2c")) return b::kSkipped;
  hipStream_t stream;
  BENCH_CHECK_HIP(hipStreamCreate(&stream));
  bool ok = true;
  {
    b::EventTimer timer(stream);
    for (long n : sizes) ok = bench(stream, timer, rounds, static_cast<int>(n)) && ok;
  }
  BENCH_CHECK_HIP(hipStreamDestroy(stream));
  return ok ? 0 : 1;
}
