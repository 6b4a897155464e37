// DeviceRadixSort::SortPairs (32-bit keys, all 32 bits, and 32-bit values) under candidate
// onesweep policies (tile shape, resident tiles, ranking, when the values are loaded), side by side,
// on uniformly random keys (mt19937, seed 1, as bench_hipcub.hip) and values 0..n-1.
//
//   hipcub_radix_sweep [log2 max, default 28] [log2 min, default 24] [runs, default 11] [candidates]
//
// (candidates: their numbers, as "0,6,7"; default all.)
//
// Per size, the library's default policy sorts first; its result is checked in full (sorted,
// stable, each value's own key) and every other candidate's must equal it. The candidates then
// run interleaved (one sort of each per round, so drift reaches all alike), with the caller's
// temporary storage. One line per (policy, size): the median and the smallest of the runs, and
// the median of a sort of bits [0, 8) (the histogram and one pass); then the histogram kernel
// alone.
#include <hipcub/hipcub.hpp>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <random>
#include <string>
#include <vector>

#define HIP_OK(e)                                                                          \
  do {                                                                                     \
    hipError_t err_ = (e);                                                                 \
    if (err_ != hipSuccess) {                                                              \
      std::printf("error %s: %s\n", #e, hipGetErrorString(err_));                         \
      std::exit(1);                                                                        \
    }                                                                                      \
  } while (0)

namespace d = hipcub::detail;
using Values = d::OnesweepValues;
using Ranking = d::OnesweepRanking;
template <int T, int I, int M, Values Val, Ranking R = Ranking::kDefault>
using Policy = d::OnesweepPolicy<T, I, M, Val, R>;
constexpr Values kBefore = Values::kBeforeKeyScatter, kAfter = Values::kAfterKeyScatter;

typedef hipError_t (*SortFn)(void* temp, std::size_t& bytes, const unsigned* keys, unsigned* keys_out,
                             const unsigned* vals, unsigned* vals_out, long long n, int end_bit);

template <class P>
hipError_t Sort(void* temp, std::size_t& bytes, const unsigned* keys, unsigned* keys_out, const unsigned* vals,
                unsigned* vals_out, long long n, int end_bit) {
  return d::RadixSortDispatch<unsigned, unsigned, P>(temp, bytes, keys, keys_out, vals, vals_out, nullptr, nullptr,
                                                     nullptr, n, 0, end_bit, false, 0, false);
}

struct Candidate {
  std::string name;
  SortFn sort;
};

template <class P>
Candidate Make(const char* note = "") {
  constexpr int items = d::OneShape<unsigned, unsigned, P>::kItems;
  const char* values = P::kValues == kBefore ? "before" : "after";
  const char* ranking = P::kRanking == Ranking::kBallots ? "ballots" : "masks";
  char b[96];
  std::snprintf(b, sizeof b, "%dx%d m%d %s %s%s", P::kThreads, items, P::kMinBlocks, values, ranking, note);
  return {b, Sort<P>};
}

// values 0..n-1 sorted by their keys: key order, equal keys in value order, each value's own key
__global__ void CheckSorted(const unsigned* keys_in, const unsigned* keys, const unsigned* vals, long long n,
                            unsigned long long* bad) {
  for (long long j = blockIdx.x * (long long)blockDim.x + threadIdx.x; j < n; j += (long long)gridDim.x * blockDim.x) {
    const unsigned k = keys[j], v = vals[j];
    bool ok = v < n && keys_in[v] == k;
    if (ok && j > 0) ok = keys[j - 1] < k || (keys[j - 1] == k && vals[j - 1] < v);
    if (!ok) atomicAdd(bad, 1ull);
  }
}

__global__ void CountDiff(const unsigned* a, const unsigned* b, const unsigned* c, const unsigned* e, long long n,
                          unsigned long long* bad) {
  for (long long j = blockIdx.x * (long long)blockDim.x + threadIdx.x; j < n; j += (long long)gridDim.x * blockDim.x)
    if (a[j] != b[j] || c[j] != e[j]) atomicAdd(bad, 1ull);
}

int main(int argc, char** argv) {
  int count = 0;
  if (hipGetDeviceCount(&count) != hipSuccess || count == 0) {
    std::printf("radix sweep: SKIPPED: no GPU\n");
    return 77;
  }
  const int top = argc > 1 ? std::atoi(argv[1]) : 28;
  const int bottom = argc > 2 ? std::atoi(argv[2]) : 24;  // sizes 2^bottom, 2^(bottom+2)... 2^top
  const int runs = argc > 3 ? std::atoi(argv[3]) : 11;

  // the default first: the reference
  const std::vector<Candidate> all = {
      Make<d::OnesweepPairsPolicy>(" (default)"),
      Make<Policy<384, 16, 2, kBefore>>(" (earlier default)"),
      Make<Policy<384, 16, 2, kAfter>>(),
      Make<Policy<384, 16, 2, kBefore, Ranking::kBallots>>(),
      Make<Policy<384, 20, 2, kBefore>>(),
      Make<Policy<384, 20, 2, kAfter>>(),
      Make<Policy<384, 21, 2, kAfter>>(),
      Make<Policy<384, 23, 2, kAfter>>(" (CUB's shape, order)"),
      Make<Policy<384, 23, 2, kAfter, Ranking::kBallots>>(" (CUB's method)"),
      Make<Policy<384, 23, 2, kBefore>>(),
      Make<Policy<384, 23, 1, kAfter>>(),
      Make<Policy<384, 24, 2, kAfter>>(),
      Make<Policy<256, 23, 3, kAfter>>(),
      Make<Policy<448, 20, 2, kAfter>>(),
      Make<Policy<512, 16, 2, kAfter>>(),
  };
  // optional: the candidates to run, by their numbers in `all` ("0,6,7"); the default always runs
  std::vector<Candidate> cands = {all[0]};
  std::vector<int> number = {0};
  for (std::size_t i = 1; i < all.size(); ++i) {
    bool pick = argc <= 4;
    if (!pick) {
      const std::string list = std::string(",") + argv[4] + ",";
      pick = list.find("," + std::to_string(i) + ",") != std::string::npos;
    }
    if (pick) {
      cands.push_back(all[i]);
      number.push_back((int)i);
    }
  }

  hipDeviceProp_t prop;
  HIP_OK(hipGetDeviceProperties(&prop, 0));
  std::printf("radix sweep on %s (%d SMs), sizes 2^%d..2^%d, %d runs\n", prop.name, prop.multiProcessorCount, bottom,
              top, runs);
  const long long max_n = 1ll << top;
  std::vector<unsigned> h(max_n), idx(max_n);
  std::mt19937 g(1);
  for (auto& x : h) x = g();
  for (long long i = 0; i < max_n; ++i) idx[i] = (unsigned)i;
  unsigned *keys, *vals, *keys_out, *vals_out, *ref_keys, *ref_vals;
  unsigned long long* bad;
  HIP_OK(hipMalloc(&keys, max_n * 4));
  HIP_OK(hipMalloc(&vals, max_n * 4));
  HIP_OK(hipMalloc(&keys_out, max_n * 4));
  HIP_OK(hipMalloc(&vals_out, max_n * 4));
  HIP_OK(hipMalloc(&ref_keys, max_n * 4));
  HIP_OK(hipMalloc(&ref_vals, max_n * 4));
  HIP_OK(hipMalloc(&bad, sizeof(unsigned long long)));
  HIP_OK(hipMemcpy(keys, h.data(), max_n * 4, hipMemcpyHostToDevice));
  HIP_OK(hipMemcpy(vals, idx.data(), max_n * 4, hipMemcpyHostToDevice));
  hipEvent_t a, b;
  HIP_OK(hipEventCreate(&a));
  HIP_OK(hipEventCreate(&b));

  for (int lg = bottom; lg <= top; lg += 2) {
    const long long n = 1ll << lg;
    std::size_t bytes = 0;
    for (const auto& c : cands) {
      std::size_t cb = 0;
      HIP_OK(c.sort(nullptr, cb, keys, keys_out, vals, vals_out, n, 32));
      bytes = std::max(bytes, cb);
    }
    void* temp;
    HIP_OK(hipMalloc(&temp, bytes));
    // the reference: the default's result, checked in full
    std::vector<bool> ok(cands.size(), true);
    for (std::size_t i = 0; i < cands.size(); ++i) {
      HIP_OK(hipMemset(bad, 0, sizeof(unsigned long long)));
      HIP_OK(hipMemset(keys_out, 0xff, n * 4));
      HIP_OK(hipMemset(vals_out, 0xff, n * 4));
      std::size_t tb = bytes;
      HIP_OK(cands[i].sort(temp, tb, keys, keys_out, vals, vals_out, n, 32));
      if (i == 0) {
        hipLaunchKernelGGL(CheckSorted, dim3(1024), dim3(256), 0, 0, keys, keys_out, vals_out, n, bad);
        HIP_OK(hipMemcpy(ref_keys, keys_out, n * 4, hipMemcpyDeviceToDevice));
        HIP_OK(hipMemcpy(ref_vals, vals_out, n * 4, hipMemcpyDeviceToDevice));
      } else {
        hipLaunchKernelGGL(CountDiff, dim3(1024), dim3(256), 0, 0, keys_out, ref_keys, vals_out, ref_vals, n, bad);
      }
      HIP_OK(hipGetLastError());
      unsigned long long nbad = 0;
      HIP_OK(hipMemcpy(&nbad, bad, sizeof nbad, hipMemcpyDeviceToHost));
      if (nbad != 0) {
        ok[i] = false;
        std::printf("sweep %2d %-36s n=2^%-2d MISMATCH: %llu items differ from %s\n", number[i], cands[i].name.c_str(), lg, nbad,
                    i == 0 ? "a stable sort" : "the default's result");
      }
    }
    // interleaved runs: a warm-up round, then `runs` rounds of one sort per candidate
    std::vector<std::vector<float>> t(cands.size()), t8(cands.size());
    for (int r = -1; r < runs; ++r) {
      for (std::size_t i = 0; i < cands.size(); ++i) {
        for (int end_bit : {32, 8}) {
          std::size_t tb = bytes;
          HIP_OK(hipEventRecord(a, 0));
          HIP_OK(cands[i].sort(temp, tb, keys, keys_out, vals, vals_out, n, end_bit));
          HIP_OK(hipEventRecord(b, 0));
          HIP_OK(hipEventSynchronize(b));
          float ms;
          HIP_OK(hipEventElapsedTime(&ms, a, b));
          if (r >= 0) (end_bit == 32 ? t : t8)[i].push_back(ms);
        }
      }
    }
    for (std::size_t i = 0; i < cands.size(); ++i) {
      std::sort(t[i].begin(), t[i].end());
      std::sort(t8[i].begin(), t8[i].end());
      const double med = t[i][t[i].size() / 2], med8 = t8[i][t8[i].size() / 2];
      std::printf("sweep %2d %-36s n=2^%-2d %9.3f ms (min %8.3f) %7.2f Gitems/s  bits[0,8) %8.3f ms  %s\n",
                  number[i], cands[i].name.c_str(), lg, med, t[i][0], n / med / 1e6, med8, ok[i] ? "ok" : "WRONG");
    }
    // the histogram kernel alone, launched as RadixSortDispatch launches it: 4 places, 1 place
    for (int end_bit : {32, 8}) {
      unsigned long long* hist = static_cast<unsigned long long*>(temp);
      const long long blocks = (n + d::kOneDigits * 16 - 1) / (d::kOneDigits * 16);
      std::vector<float> th;
      for (int r = -1; r < runs; ++r) {
        HIP_OK(hipEventRecord(a, 0));
        hipLaunchKernelGGL(d::OnesweepHistogramKernel<unsigned>, dim3(blocks < 1024 ? blocks : 1024),
                           dim3(d::kOneDigits), 0, 0, keys, n, 0, end_bit, false, hist);
        HIP_OK(hipGetLastError());
        HIP_OK(hipEventRecord(b, 0));
        HIP_OK(hipEventSynchronize(b));
        float ms;
        HIP_OK(hipEventElapsedTime(&ms, a, b));
        if (r >= 0) th.push_back(ms);
      }
      std::sort(th.begin(), th.end());
      std::printf("sweep -- histogram kernel, %d place%s %*s n=2^%-2d %9.3f ms\n", end_bit / 8, end_bit > 8 ? "s" : " ",
                  13, "", lg, th[th.size() / 2]);
    }
    std::fflush(stdout);
    HIP_OK(hipFree(temp));
  }
  return 0;
}
