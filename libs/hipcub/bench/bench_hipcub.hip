// hipCUB's DeviceReduce::Sum, DeviceScan::ExclusiveSum and DeviceRadixSort::SortKeys/SortPairs
// on 32-bit keys, 2^20..2^28 items (argument: largest log2, default 28). One line per case:
// name, items, milliseconds (median of the runs after a warm-up), items per second.
#include <hipcub/hipcub.hpp>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <random>
#include <vector>

#define HIP_OK(e)                                                                          \
  do {                                                                                     \
    hipError_t err_ = (e);                                                                 \
    if (err_ != hipSuccess) {                                                              \
      std::printf("error %s: %s\n", #e, hipGetErrorString(err_));                         \
      std::exit(1);                                                                        \
    }                                                                                      \
  } while (0)

template <class F>
static double time_ms(F f, int runs) {
  hipEvent_t a, b;
  HIP_OK(hipEventCreate(&a));
  HIP_OK(hipEventCreate(&b));
  f();
  HIP_OK(hipDeviceSynchronize());
  std::vector<float> t;
  for (int i = 0; i < runs; ++i) {
    HIP_OK(hipEventRecord(a, 0));
    f();
    HIP_OK(hipEventRecord(b, 0));
    HIP_OK(hipEventSynchronize(b));
    float ms;
    HIP_OK(hipEventElapsedTime(&ms, a, b));
    t.push_back(ms);
  }
  std::sort(t.begin(), t.end());
  return t[t.size() / 2];
}

static void report(const char* name, long long n, double ms) {
  std::printf("hipcub %-28s n=2^%-2d %10.3f ms %8.2f Gitems/s\n", name, __builtin_ctzll(n), ms,
              n / ms / 1e6);
}

int main(int argc, char** argv) {
  int count = 0;
  if (hipGetDeviceCount(&count) != hipSuccess || count == 0) {
    std::printf("hipcub bench: SKIPPED: no GPU\n");
    return 77;
  }
  const int top = argc > 1 ? std::atoi(argv[1]) : 28;
  const int bottom = argc > 2 ? std::atoi(argv[2]) : 20;  // sizes 2^bottom, 2^(bottom+2)... 2^top
  const long long max_n = 1ll << top;
  std::vector<unsigned> h(max_n);
  std::mt19937 g(1);
  for (auto& x : h) x = g();
  unsigned *keys, *keys_out, *vals, *vals_out, *sum;
  HIP_OK(hipMalloc(&keys, max_n * 4));
  HIP_OK(hipMalloc(&keys_out, max_n * 4));
  HIP_OK(hipMalloc(&vals, max_n * 4));
  HIP_OK(hipMalloc(&vals_out, max_n * 4));
  HIP_OK(hipMalloc(&sum, 4));
  HIP_OK(hipMemcpy(keys, h.data(), max_n * 4, hipMemcpyHostToDevice));
  HIP_OK(hipMemcpy(vals, h.data(), max_n * 4, hipMemcpyHostToDevice));
  for (int lg = bottom; lg <= top; lg += 2) {
    const long long n = 1ll << lg;
    const int runs = lg >= 26 ? 5 : 10;
    std::size_t bytes = 0, b;
    b = 0; HIP_OK(hipcub::DeviceReduce::Sum(nullptr, b, keys, sum, n)); bytes = std::max(bytes, b);
    b = 0; HIP_OK(hipcub::DeviceScan::ExclusiveSum(nullptr, b, keys, keys_out, n)); bytes = std::max(bytes, b);
    b = 0; HIP_OK(hipcub::DeviceRadixSort::SortPairs(nullptr, b, keys, keys_out, vals, vals_out, n)); bytes = std::max(bytes, b);
    void* temp;
    HIP_OK(hipMalloc(&temp, bytes));
    report("DeviceReduce::Sum", n, time_ms([&] { HIP_OK(hipcub::DeviceReduce::Sum(temp, bytes, keys, sum, n)); }, runs));
    report("DeviceScan::ExclusiveSum", n, time_ms([&] { HIP_OK(hipcub::DeviceScan::ExclusiveSum(temp, bytes, keys, keys_out, n)); }, runs));
    report("DeviceRadixSort::SortKeys", n, time_ms([&] { HIP_OK(hipcub::DeviceRadixSort::SortKeys(temp, bytes, keys, keys_out, n)); }, runs));
    report("DeviceRadixSort::SortPairs", n, time_ms([&] { HIP_OK(hipcub::DeviceRadixSort::SortPairs(temp, bytes, keys, keys_out, vals, vals_out, n)); }, runs));
    HIP_OK(hipFree(temp));
  }
  return 0;
}
