// NVIDIA's CUB on the same cases as bench_hipcub.hip, for comparison (built with nvcc, e.g.
// `nvcc -O3 -arch=sm_90 -std=c++17 cub_reference.cu -o cub_reference`). Same output format.
//   cub_reference [log2 max, default 28] [log2 min, default 20] [pairs [runs, default 11]]
// "pairs": only SortPairs, over all 32 bits and over bits [0, 8) (the histogram and one pass),
// medians of `runs`, for radix_sweep.hip's lines.
#include <cub/cub.cuh>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <random>
#include <string>
#include <vector>

#define CU_OK(e)                                                                           \
  do {                                                                                     \
    cudaError_t err_ = (e);                                                                \
    if (err_ != cudaSuccess) {                                                             \
      std::printf("error %s: %s\n", #e, cudaGetErrorString(err_));                        \
      std::exit(1);                                                                        \
    }                                                                                      \
  } while (0)

template <class F>
static double time_ms(F f, int runs) {
  cudaEvent_t a, b;
  CU_OK(cudaEventCreate(&a));
  CU_OK(cudaEventCreate(&b));
  f();
  CU_OK(cudaDeviceSynchronize());
  std::vector<float> t;
  for (int i = 0; i < runs; ++i) {
    CU_OK(cudaEventRecord(a, 0));
    f();
    CU_OK(cudaEventRecord(b, 0));
    CU_OK(cudaEventSynchronize(b));
    float ms;
    CU_OK(cudaEventElapsedTime(&ms, a, b));
    t.push_back(ms);
  }
  std::sort(t.begin(), t.end());
  return t[t.size() / 2];
}

static void report(const char* name, long long n, double ms) {
  std::printf("cub    %-28s n=2^%-2d %10.3f ms %8.2f Gitems/s\n", name, __builtin_ctzll(n), ms,
              n / ms / 1e6);
}

int main(int argc, char** argv) {
  const int top = argc > 1 ? std::atoi(argv[1]) : 28;
  const int bottom = argc > 2 ? std::atoi(argv[2]) : 20;  // sizes 2^bottom, 2^(bottom+2)... 2^top
  const bool pairs_only = argc > 3 && std::string(argv[3]) == "pairs";
  const int pairs_runs = argc > 4 ? std::atoi(argv[4]) : 11;
  const long long max_n = 1ll << top;
  std::vector<unsigned> h(max_n);
  std::mt19937 g(1);
  for (auto& x : h) x = g();
  unsigned *keys, *keys_out, *vals, *vals_out, *sum;
  CU_OK(cudaMalloc(&keys, max_n * 4));
  CU_OK(cudaMalloc(&keys_out, max_n * 4));
  CU_OK(cudaMalloc(&vals, max_n * 4));
  CU_OK(cudaMalloc(&vals_out, max_n * 4));
  CU_OK(cudaMalloc(&sum, 4));
  CU_OK(cudaMemcpy(keys, h.data(), max_n * 4, cudaMemcpyHostToDevice));
  CU_OK(cudaMemcpy(vals, h.data(), max_n * 4, cudaMemcpyHostToDevice));
  for (int lg = bottom; lg <= top; lg += 2) {
    const int n = 1 << lg;
    const int runs = lg >= 26 ? 5 : 10;
    std::size_t bytes = 0, b;
    b = 0; CU_OK(cub::DeviceReduce::Sum(nullptr, b, keys, sum, n)); bytes = std::max(bytes, b);
    b = 0; CU_OK(cub::DeviceScan::ExclusiveSum(nullptr, b, keys, keys_out, n)); bytes = std::max(bytes, b);
    b = 0; CU_OK(cub::DeviceRadixSort::SortPairs(nullptr, b, keys, keys_out, vals, vals_out, n)); bytes = std::max(bytes, b);
    void* temp;
    CU_OK(cudaMalloc(&temp, bytes));
    if (pairs_only) {
      report("DeviceRadixSort::SortPairs", n, time_ms([&] { CU_OK(cub::DeviceRadixSort::SortPairs(temp, bytes, keys, keys_out, vals, vals_out, n)); }, pairs_runs));
      report("SortPairs bits [0,8)", n, time_ms([&] { CU_OK(cub::DeviceRadixSort::SortPairs(temp, bytes, keys, keys_out, vals, vals_out, n, 0, 8)); }, pairs_runs));
      CU_OK(cudaFree(temp));
      continue;
    }
    report("DeviceReduce::Sum", n, time_ms([&] { CU_OK(cub::DeviceReduce::Sum(temp, bytes, keys, sum, n)); }, runs));
    report("DeviceScan::ExclusiveSum", n, time_ms([&] { CU_OK(cub::DeviceScan::ExclusiveSum(temp, bytes, keys, keys_out, n)); }, runs));
    report("DeviceRadixSort::SortKeys", n, time_ms([&] { CU_OK(cub::DeviceRadixSort::SortKeys(temp, bytes, keys, keys_out, n)); }, runs));
    report("DeviceRadixSort::SortPairs", n, time_ms([&] { CU_OK(cub::DeviceRadixSort::SortPairs(temp, bytes, keys, keys_out, vals, vals_out, n)); }, runs));
    CU_OK(cudaFree(temp));
  }
  return 0;
}
