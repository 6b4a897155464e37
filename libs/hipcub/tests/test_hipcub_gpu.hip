// hipCUB's primitives on the GPU against host references, over several sizes (0, and ones
// that are not multiples of the block or tile). `queries` runs only the temporary-storage
// protocol's host-side checks (no GPU needed); without a GPU the rest skips (77).
#include <hipcub/hipcub.hpp>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <numeric>
#include <random>
#include <string>
#include <vector>

// libstdc++'s stable_sort uses get_temporary_buffer, deprecated in C++23.
#pragma clang diagnostic ignored "-Wdeprecated-declarations"

static int failures = 0;
static int checks = 0;
#define EXPECT(cond, ...)                             \
  do {                                                \
    ++checks;                                         \
    if (!(cond)) {                                    \
      ++failures;                                     \
      std::printf("FAIL %s:%d: ", __FILE__, __LINE__); \
      std::printf(__VA_ARGS__);                       \
      std::printf("\n");                              \
    }                                                 \
  } while (0)
#define HIP_OK(e)                                                                  \
  do {                                                                             \
    hipError_t err_ = (e);                                                         \
    if (err_ != hipSuccess) {                                                      \
      std::printf("FAIL %s:%d: %s: %s\n", __FILE__, __LINE__, #e, hipGetErrorString(err_)); \
      std::exit(1);                                                                \
    }                                                                              \
  } while (0)

template <class T>
struct Dev {
  T* p = nullptr;
  std::size_t n = 0;
  explicit Dev(std::size_t count) : n(count) { HIP_OK(hipMalloc(&p, sizeof(T) * (count ? count : 1))); }
  Dev(const std::vector<T>& h) : Dev(h.size()) {
    if (n) HIP_OK(hipMemcpy(p, h.data(), sizeof(T) * n, hipMemcpyHostToDevice));
  }
  ~Dev() { (void)hipFree(p); }
  std::vector<T> get() const {
    std::vector<T> h(n);
    if (n) HIP_OK(hipMemcpy(h.data(), p, sizeof(T) * n, hipMemcpyDeviceToHost));
    return h;
  }
};

static std::vector<int> random_ints(std::size_t n, int lo, int hi, unsigned seed) {
  std::mt19937 g(seed);
  std::uniform_int_distribution<int> d(lo, hi);
  std::vector<int> v(n);
  for (auto& x : v) x = d(g);
  return v;
}

struct MaxOp {
  __host__ __device__ int operator()(int a, int b) const { return a > b ? a : b; }
};
struct Square {
  __host__ __device__ long long operator()(int x) const { return (long long)x * x; }
};

// ---------------- warp ----------------
template <int LW>
__global__ void warp_kernel(const int* in, int* reduce_out, int* max_out, int* incl, int* excl,
                            int* excl_init, int* aggr, int* bcast, int valid) {
  typedef hipcub::WarpReduce<int, LW> WR;
  typedef hipcub::WarpScan<int, LW> WS;
  __shared__ typename WR::TempStorage wr_storage;
  __shared__ typename WS::TempStorage ws_storage;
  const int tid = threadIdx.x, lane = tid % LW, w = tid / LW;
  int x = in[tid];
  int s = WR(wr_storage).Sum(x, valid);
  int m = WR(wr_storage).Reduce(x, MaxOp());
  if (lane == 0) {
    reduce_out[w] = s;
    max_out[w] = m;
  }
  int a;
  WS(ws_storage).InclusiveSum(x, incl[tid], a);
  WS(ws_storage).ExclusiveSum(x, excl[tid]);
  WS(ws_storage).ExclusiveScan(x, excl_init[tid], 100, MaxOp());
  aggr[tid] = a;
  bcast[tid] = WS(ws_storage).Broadcast(x, LW - 1);
}
__global__ void default_width_kernel(const int* in, int* out, int* width) {
  int r = hipcub::WarpReduce<int>().Sum(in[threadIdx.x]);
  if (threadIdx.x % HIPCUB_DEVICE_WARP_THREADS == 0) out[threadIdx.x / HIPCUB_DEVICE_WARP_THREADS] = r;
  if (threadIdx.x == 0) *width = HIPCUB_DEVICE_WARP_THREADS;
}

template <int LW>
static void test_warp(int threads) {
  auto in = random_ints(threads, -50, 50, 1 + LW);
  const int warps = threads / LW;
  for (int valid : {LW, LW - 1, 1, LW / 2 + 1}) {
    Dev<int> d_in(in), r(warps), m(warps), incl(threads), excl(threads), exi(threads), ag(threads),
        bc(threads);
    warp_kernel<LW><<<1, threads>>>(d_in.p, r.p, m.p, incl.p, excl.p, exi.p, ag.p, bc.p, valid);
    HIP_OK(hipDeviceSynchronize());
    auto hr = r.get(), hm = m.get(), hi = incl.get(), he = excl.get(), hx = exi.get(), ha = ag.get(),
         hb = bc.get();
    for (int w = 0; w < warps; ++w) {
      int sum = 0, mx = in[w * LW], run = 0, total = 0, runmax = 100;
      for (int l = 0; l < valid; ++l) sum += in[w * LW + l];
      for (int l = 0; l < LW; ++l) total += in[w * LW + l], mx = std::max(mx, in[w * LW + l]);
      EXPECT(hr[w] == sum, "WarpReduce<%d>::Sum valid=%d warp %d: %d != %d", LW, valid, w, hr[w], sum);
      EXPECT(hm[w] == mx, "WarpReduce<%d>::Reduce(max) warp %d: %d != %d", LW, w, hm[w], mx);
      for (int l = 0; l < LW; ++l) {
        int t = w * LW + l;
        EXPECT(he[t] == run, "WarpScan<%d>::ExclusiveSum t=%d: %d != %d", LW, t, he[t], run);
        EXPECT(hx[t] == runmax, "WarpScan<%d>::ExclusiveScan(init) t=%d: %d != %d", LW, t, hx[t], runmax);
        run += in[t];
        runmax = std::max(runmax, in[t]);
        EXPECT(hi[t] == run, "WarpScan<%d>::InclusiveSum t=%d: %d != %d", LW, t, hi[t], run);
        EXPECT(ha[t] == total, "WarpScan<%d> aggregate t=%d: %d != %d", LW, t, ha[t], total);
        EXPECT(hb[t] == in[w * LW + LW - 1], "WarpScan<%d>::Broadcast t=%d", LW, t);
      }
    }
  }
}

// ---------------- block reduce / scan ----------------
template <int B, int N>
__global__ void block_reduce_kernel(const int* in, int* sum_out, int* max_out, int valid) {
  typedef hipcub::BlockReduce<int, B> BR;
  __shared__ typename BR::TempStorage storage;
  int items[N];
  hipcub::LoadDirectBlocked(threadIdx.x, in + blockIdx.x * B * N, items);
  int s = BR(storage).Sum(items);
  __syncthreads();
  int m = BR(storage).Reduce(items[0], MaxOp(), valid);
  if (threadIdx.x == 0) {
    sum_out[blockIdx.x] = s;
    max_out[blockIdx.x] = m;
  }
}

struct RunningPrefix {
  int total;
  __device__ int operator()(int block_aggregate) {
    int old = total;
    total += block_aggregate;
    return old;
  }
};

template <int B, int N>
__global__ void block_scan_kernel(const int* in, int* excl, int* incl, int* exmax, int* aggr,
                                  int* running, int tiles) {
  typedef hipcub::BlockScan<int, B> BS;
  __shared__ typename BS::TempStorage storage;
  const int base = blockIdx.x * B * N;
  int items[N], out[N];
  hipcub::LoadDirectBlocked(threadIdx.x, in + base, items);
  int a;
  BS(storage).ExclusiveSum(items, out, a);
  hipcub::StoreDirectBlocked(threadIdx.x, excl + base, out);
  __syncthreads();
  BS(storage).InclusiveSum(items, out);
  hipcub::StoreDirectBlocked(threadIdx.x, incl + base, out);
  __syncthreads();
  int one;
  BS(storage).ExclusiveScan(items[0], one, -1000, MaxOp());
  exmax[blockIdx.x * B + threadIdx.x] = one;
  if (threadIdx.x == 0) aggr[blockIdx.x] = a;
  // CUB's running-prefix example: one block scans `tiles` tiles of B items in turn
  if (blockIdx.x == 0) {
    RunningPrefix prefix{0};
    for (int t = 0; t < tiles; ++t) {
      __syncthreads();
      int x = in[t * B + threadIdx.x], y;
      BS(storage).InclusiveSum(x, y, prefix);
      running[t * B + threadIdx.x] = y;
    }
  }
}

template <int B, int N>
static void test_block() {
  const int blocks = 3, total = blocks * B * N;
  auto in = random_ints(total, -20, 20, B * 7 + N);
  for (int valid : {B, B - 1, 1, B / 3 + 1}) {
    Dev<int> d_in(in), s(blocks), m(blocks);
    block_reduce_kernel<B, N><<<blocks, B>>>(d_in.p, s.p, m.p, valid);
    HIP_OK(hipDeviceSynchronize());
    auto hs = s.get(), hm = m.get();
    for (int b = 0; b < blocks; ++b) {
      int sum = 0, mx = in[b * B * N];
      for (int i = 0; i < B * N; ++i) sum += in[b * B * N + i];
      for (int t = 0; t < valid; ++t) mx = std::max(mx, in[b * B * N + t * N]);
      EXPECT(hs[b] == sum, "BlockReduce<%d>::Sum[%d] block %d: %d != %d", B, N, b, hs[b], sum);
      EXPECT(hm[b] == mx, "BlockReduce<%d>::Reduce valid=%d block %d: %d != %d", B, valid, b, hm[b], mx);
    }
  }
  const int tiles = blocks * N;  // the running-prefix test reuses the input as tiles of B
  Dev<int> d_in(in), ex(total), inc(total), exm(blocks * B), ag(blocks), run(tiles * B);
  block_scan_kernel<B, N><<<blocks, B>>>(d_in.p, ex.p, inc.p, exm.p, ag.p, run.p, tiles);
  HIP_OK(hipDeviceSynchronize());
  auto he = ex.get(), hi = inc.get(), hx = exm.get(), ha = ag.get(), hr = run.get();
  int bad = 0;
  for (int b = 0; b < blocks; ++b) {
    int acc = 0;
    for (int i = 0; i < B * N; ++i) {
      int k = b * B * N + i;
      if (he[k] != acc) ++bad;
      acc += in[k];
      if (hi[k] != acc) ++bad;
    }
    EXPECT(ha[b] == acc, "BlockScan<%d> aggregate block %d: %d != %d", B, b, ha[b], acc);
    int mx = -1000;
    for (int t = 0; t < B; ++t) {
      if (hx[b * B + t] != mx) ++bad;
      mx = std::max(mx, in[b * B * N + t * N]);
    }
  }
  EXPECT(bad == 0, "BlockScan<%d,%d> exclusive/inclusive/scan(init): %d wrong", B, N, bad);
  int acc = 0;
  bad = 0;
  for (int k = 0; k < tiles * B; ++k) {
    acc += in[k];
    if (hr[k] != acc) ++bad;
  }
  EXPECT(bad == 0, "BlockScan<%d> prefix callback: %d wrong", B, bad);
}

// ---------------- load / store / exchange ----------------
template <int B, int N, hipcub::BlockLoadAlgorithm L, hipcub::BlockStoreAlgorithm S>
__global__ void load_store_kernel(const int* in, int* out, int* blocked_out, int valid) {
  typedef hipcub::BlockLoad<int, B, N, L> Load;
  typedef hipcub::BlockStore<int, B, N, S> Store;
  __shared__ union {
    typename Load::TempStorage load;
    typename Store::TempStorage store;
  } storage;
  int items[N];
  Load(storage.load).Load(in, items, valid, -7);
  __syncthreads();
  // the arrangement each algorithm promises: striped for STRIPED, blocked otherwise
  if (L == hipcub::BLOCK_LOAD_STRIPED)
    hipcub::StoreDirectStriped<B>(threadIdx.x, blocked_out, items);
  else
    hipcub::StoreDirectBlocked(threadIdx.x, blocked_out, items);
  Store(storage.store).Store(out, items, valid);
}

template <int B, int N, hipcub::BlockLoadAlgorithm L, hipcub::BlockStoreAlgorithm S>
static void test_load_store(const char* name) {
  auto in = random_ints(B * N, 0, 1000, 3);
  for (int valid : {B * N, B * N - 1, 1, 0, B + 3}) {
    Dev<int> d_in(in), out(std::vector<int>(B * N, -1)), arr(B * N);
    load_store_kernel<B, N, L, S><<<1, B>>>(d_in.p, out.p, arr.p, valid);
    HIP_OK(hipDeviceSynchronize());
    auto ho = out.get(), ha = arr.get();
    int bad = 0;
    for (int i = 0; i < B * N; ++i) {
      if (ho[i] != (i < valid ? in[i] : -1)) ++bad;
      if (ha[i] != (i < valid ? in[i] : -7)) ++bad;
    }
    EXPECT(bad == 0, "BlockLoad/BlockStore %s valid=%d: %d wrong", name, valid, bad);
  }
}

template <int B, int N>
__global__ void exchange_kernel(const int* in, int* out1, int* out2, int* out3) {
  typedef hipcub::BlockExchange<int, B, N> X;
  __shared__ typename X::TempStorage storage;
  int items[N], tmp[N];
  hipcub::LoadDirectStriped<B>(threadIdx.x, in, items);
  X(storage).StripedToBlocked(items, tmp);
  hipcub::StoreDirectBlocked(threadIdx.x, out1, tmp);
  __syncthreads();
  X(storage).BlockedToStriped(tmp, items);
  hipcub::StoreDirectStriped<B>(threadIdx.x, out2, items);
  __syncthreads();
  // reverse the tile by ranks
  int ranks[N];
  for (int i = 0; i < N; ++i) ranks[i] = B * N - 1 - (int)(threadIdx.x * N + i);
  X(storage).ScatterToBlocked(tmp, items, ranks);
  hipcub::StoreDirectBlocked(threadIdx.x, out3, items);
}

static void test_exchange() {
  constexpr int B = 128, N = 4;
  auto in = random_ints(B * N, 0, 1 << 20, 9);
  Dev<int> d_in(in), o1(B * N), o2(B * N), o3(B * N);
  exchange_kernel<B, N><<<1, B>>>(d_in.p, o1.p, o2.p, o3.p);
  HIP_OK(hipDeviceSynchronize());
  auto h1 = o1.get(), h2 = o2.get(), h3 = o3.get();
  int bad = 0;
  for (int i = 0; i < B * N; ++i) {
    if (h1[i] != in[i]) ++bad;
    if (h2[i] != in[i]) ++bad;
    if (h3[i] != in[B * N - 1 - i]) ++bad;
  }
  EXPECT(bad == 0, "BlockExchange: %d wrong", bad);
}

// ---------------- device-wide ----------------
static const std::vector<long long> kSizes = {0, 1, 255, 256, 2047, 2048, 2049, 100003, (1 << 20) + 7};

template <class F>
static hipError_t two_phase(F f) {
  std::size_t bytes = 0;
  hipError_t e = f(nullptr, bytes);
  if (e != hipSuccess) return e;
  void* temp = nullptr;
  HIP_OK(hipMalloc(&temp, bytes));
  e = f(temp, bytes);
  HIP_OK(hipDeviceSynchronize());
  (void)hipFree(temp);
  return e;
}

static void test_device_reduce() {
  for (long long n : kSizes) {
    auto in = random_ints(n, -1000, 1000, (unsigned)n + 11);
    Dev<int> d_in(in), out(1);
    Dev<long long> out_ll(1);
    Dev<hipcub::KeyValuePair<int, int>> kv(1);
    long long sum = 0;
    for (int x : in) sum += x;
    int mn = std::numeric_limits<int>::max(), mx = std::numeric_limits<int>::lowest(), imn = 1, imx = 1;
    for (long long i = 0; i < n; ++i) {
      if (in[i] < mn || i == 0) mn = in[i], imn = (int)i;
      if (in[i] > mx || i == 0) mx = in[i], imx = (int)i;
    }
    auto run = [&](auto call) { return two_phase(call); };
    EXPECT(run([&](void* t, std::size_t& b) { return hipcub::DeviceReduce::Sum(t, b, d_in.p, out.p, n); }) == hipSuccess, "Sum");
    EXPECT(out.get()[0] == (int)sum, "DeviceReduce::Sum n=%lld: %d != %lld", n, out.get()[0], sum);
    EXPECT(run([&](void* t, std::size_t& b) { return hipcub::DeviceReduce::Min(t, b, d_in.p, out.p, n); }) == hipSuccess, "Min");
    EXPECT(out.get()[0] == mn, "DeviceReduce::Min n=%lld: %d != %d", n, out.get()[0], mn);
    EXPECT(run([&](void* t, std::size_t& b) { return hipcub::DeviceReduce::Max(t, b, d_in.p, out.p, n); }) == hipSuccess, "Max");
    EXPECT(out.get()[0] == mx, "DeviceReduce::Max n=%lld: %d != %d", n, out.get()[0], mx);
    EXPECT(run([&](void* t, std::size_t& b) { return hipcub::DeviceReduce::Reduce(t, b, d_in.p, out.p, n, MaxOp(), 500); }) == hipSuccess, "Reduce");
    EXPECT(out.get()[0] == std::max(mx, 500), "DeviceReduce::Reduce(max, 500) n=%lld: %d", n, out.get()[0]);
    EXPECT(run([&](void* t, std::size_t& b) { return hipcub::DeviceReduce::ArgMin(t, b, d_in.p, kv.p, n); }) == hipSuccess, "ArgMin");
    auto a = kv.get()[0];
    EXPECT(a.key == imn && a.value == mn, "DeviceReduce::ArgMin n=%lld: {%d,%d} != {%d,%d}", n, a.key, a.value, imn, mn);
    EXPECT(run([&](void* t, std::size_t& b) { return hipcub::DeviceReduce::ArgMax(t, b, d_in.p, kv.p, n); }) == hipSuccess, "ArgMax");
    a = kv.get()[0];
    EXPECT(a.key == imx && a.value == mx, "DeviceReduce::ArgMax n=%lld: {%d,%d} != {%d,%d}", n, a.key, a.value, imx, mx);
    // fancy iterators: sum of i for i < n, of 3s, and of squares
    hipcub::CountingInputIterator<long long> count(0);
    EXPECT(run([&](void* t, std::size_t& b) { return hipcub::DeviceReduce::Sum(t, b, count, out_ll.p, n); }) == hipSuccess, "Sum counting");
    EXPECT(out_ll.get()[0] == n * (n - 1) / 2, "DeviceReduce::Sum(CountingInputIterator) n=%lld", n);
    hipcub::ConstantInputIterator<int> three(3);
    EXPECT(run([&](void* t, std::size_t& b) { return hipcub::DeviceReduce::Sum(t, b, three, out.p, n); }) == hipSuccess, "Sum constant");
    EXPECT(out.get()[0] == (int)(3 * n), "DeviceReduce::Sum(ConstantInputIterator) n=%lld", n);
    hipcub::TransformInputIterator<long long, Square, const int*> sq(d_in.p, Square());
    long long sqsum = 0;
    for (int x : in) sqsum += (long long)x * x;
    EXPECT(run([&](void* t, std::size_t& b) { return hipcub::DeviceReduce::Sum(t, b, sq, out_ll.p, n); }) == hipSuccess, "Sum transform");
    EXPECT(out_ll.get()[0] == sqsum, "DeviceReduce::Sum(TransformInputIterator) n=%lld", n);
  }
}

static void test_device_scan() {
  for (long long n : kSizes) {
    auto in = random_ints(n, -100, 100, (unsigned)n + 5);
    Dev<int> d_in(in), out(n);
    std::vector<int> ref(n);
    auto check = [&](const char* what) {
      auto h = out.get();
      long long bad = 0, first = -1;
      for (long long i = 0; i < n; ++i)
        if (h[i] != ref[i]) { if (first < 0) first = i; ++bad; }
      EXPECT(bad == 0, "DeviceScan::%s n=%lld: %lld wrong, first at %lld", what, n, bad, first);
    };
    std::partial_sum(in.begin(), in.end(), ref.begin());
    EXPECT(two_phase([&](void* t, std::size_t& b) { return hipcub::DeviceScan::InclusiveSum(t, b, d_in.p, out.p, n); }) == hipSuccess, "InclusiveSum");
    check("InclusiveSum");
    int acc = 0;
    for (long long i = 0; i < n; ++i) ref[i] = acc, acc += in[i];
    EXPECT(two_phase([&](void* t, std::size_t& b) { return hipcub::DeviceScan::ExclusiveSum(t, b, d_in.p, out.p, n); }) == hipSuccess, "ExclusiveSum");
    check("ExclusiveSum");
    int m = std::numeric_limits<int>::lowest();
    for (long long i = 0; i < n; ++i) m = std::max(m, in[i]), ref[i] = m;
    EXPECT(two_phase([&](void* t, std::size_t& b) { return hipcub::DeviceScan::InclusiveScan(t, b, d_in.p, out.p, MaxOp(), n); }) == hipSuccess, "InclusiveScan");
    check("InclusiveScan(max)");
    acc = 5;
    for (long long i = 0; i < n; ++i) ref[i] = acc, acc += in[i];
    EXPECT(two_phase([&](void* t, std::size_t& b) { return hipcub::DeviceScan::ExclusiveScan(t, b, d_in.p, out.p, hipcub::Sum(), 5, n); }) == hipSuccess, "ExclusiveScan");
    check("ExclusiveScan(sum, 5)");
    hipcub::CountingInputIterator<int> count(1);
    for (long long i = 0; i < n; ++i) ref[i] = (int)((i + 1) * (i + 2) / 2);
    EXPECT(two_phase([&](void* t, std::size_t& b) { return hipcub::DeviceScan::InclusiveSum(t, b, count, out.p, n); }) == hipSuccess, "InclusiveSum counting");
    check("InclusiveSum(CountingInputIterator)");
  }
}

template <class K>
static std::vector<K> random_keys(std::size_t n, unsigned seed) {
  std::mt19937_64 g(seed);
  std::vector<K> v(n);
  for (auto& x : v) {
    if constexpr (std::is_floating_point_v<K>)
      x = (K)((double)(g() % 2000001) - 1000000.0) / (K)7;
    else
      x = (K)g();
  }
  return v;
}

template <class K>
static void test_radix_keys(const char* name) {
  for (long long n : kSizes) {
    auto keys = random_keys<K>(n, (unsigned)n + 17);
    Dev<K> d_in(keys), out(n);
    auto ref = keys;
    std::stable_sort(ref.begin(), ref.end());
    EXPECT(two_phase([&](void* t, std::size_t& b) { return hipcub::DeviceRadixSort::SortKeys(t, b, d_in.p, out.p, n); }) == hipSuccess, "SortKeys");
    EXPECT(out.get() == ref, "DeviceRadixSort::SortKeys<%s> n=%lld", name, n);
    std::stable_sort(ref.begin(), ref.end(), [](K a, K b) { return b < a; });
    EXPECT(two_phase([&](void* t, std::size_t& b) { return hipcub::DeviceRadixSort::SortKeysDescending(t, b, d_in.p, out.p, n); }) == hipSuccess, "SortKeysDescending");
    EXPECT(out.get() == ref, "DeviceRadixSort::SortKeysDescending<%s> n=%lld", name, n);
  }
}

static void test_radix_pairs() {
  for (long long n : kSizes) {
    auto keys = random_keys<unsigned>(n, (unsigned)n + 3);
    std::vector<int> vals(n);
    std::iota(vals.begin(), vals.end(), 0);
    Dev<unsigned> d_k(keys), k_out(n);
    Dev<int> d_v(vals), v_out(n);
    // bits [4, 12) only: the sort must be stable to match
    std::vector<int> order(n);
    std::iota(order.begin(), order.end(), 0);
    auto field = [](unsigned k) { return (k >> 4) & 0xffu; };
    std::stable_sort(order.begin(), order.end(), [&](int a, int b) { return field(keys[a]) < field(keys[b]); });
    EXPECT(two_phase([&](void* t, std::size_t& b) { return hipcub::DeviceRadixSort::SortPairs(t, b, d_k.p, k_out.p, d_v.p, v_out.p, n, 4, 12); }) == hipSuccess, "SortPairs");
    auto hk = k_out.get();
    auto hv = v_out.get();
    long long bad = 0;
    for (long long i = 0; i < n; ++i)
      if (hv[i] != order[i] || hk[i] != keys[order[i]]) ++bad;
    EXPECT(bad == 0, "DeviceRadixSort::SortPairs bits [4,12) n=%lld: %lld wrong", n, bad);
    // descending pairs through DoubleBuffers, all bits
    std::stable_sort(order.begin(), order.end(), [&](int a, int b) { return keys[a] > keys[b]; });
    Dev<unsigned> k2(keys), k2alt(n);
    Dev<int> v2(vals), v2alt(n);
    hipcub::DoubleBuffer<unsigned> dk(k2.p, k2alt.p);
    hipcub::DoubleBuffer<int> dv(v2.p, v2alt.p);
    std::size_t bytes = 0;
    EXPECT(hipcub::DeviceRadixSort::SortPairsDescending(nullptr, bytes, dk, dv, n) == hipSuccess, "query");
    void* temp;
    HIP_OK(hipMalloc(&temp, bytes));
    EXPECT(hipcub::DeviceRadixSort::SortPairsDescending(temp, bytes, dk, dv, n) == hipSuccess, "SortPairsDescending");
    HIP_OK(hipDeviceSynchronize());
    (void)hipFree(temp);
    std::vector<unsigned> hk2(n);
    std::vector<int> hv2(n);
    if (n) {
      HIP_OK(hipMemcpy(hk2.data(), dk.Current(), n * 4, hipMemcpyDeviceToHost));
      HIP_OK(hipMemcpy(hv2.data(), dv.Current(), n * 4, hipMemcpyDeviceToHost));
    }
    bad = 0;
    for (long long i = 0; i < n; ++i)
      if (hv2[i] != order[i] || hk2[i] != keys[order[i]]) ++bad;
    EXPECT(bad == 0, "DeviceRadixSort::SortPairsDescending(DoubleBuffer) n=%lld: %lld wrong", n, bad);
    // keys only through a DoubleBuffer, an odd number of passes (bits [0, 20))
    Dev<unsigned> k3(keys), k3alt(n);
    hipcub::DoubleBuffer<unsigned> db(k3.p, k3alt.p);
    bytes = 0;
    EXPECT(hipcub::DeviceRadixSort::SortKeys(nullptr, bytes, db, n, 0, 20) == hipSuccess, "query");
    HIP_OK(hipMalloc(&temp, bytes));
    EXPECT(hipcub::DeviceRadixSort::SortKeys(temp, bytes, db, n, 0, 20) == hipSuccess, "SortKeys(DoubleBuffer)");
    HIP_OK(hipDeviceSynchronize());
    (void)hipFree(temp);
    std::vector<unsigned> hk3(n), ref = keys;
    std::stable_sort(ref.begin(), ref.end(), [](unsigned a, unsigned b) { return (a & 0xfffffu) < (b & 0xfffffu); });
    if (n) HIP_OK(hipMemcpy(hk3.data(), db.Current(), n * 4, hipMemcpyDeviceToHost));
    EXPECT(hk3 == ref, "DeviceRadixSort::SortKeys(DoubleBuffer, bits [0,20)) n=%lld", n);
  }
}

// Onesweep paths: sizes around its tiles (3840 items of 4-byte keys, 2816 of 8-byte), key
// patterns whose digits are all equal or run backwards, bit ranges, pairs that must stay stable.
template <class K>
static std::vector<K> pattern_keys(std::size_t n, int pattern, unsigned seed) {
  std::vector<K> v = random_keys<K>(n, seed);
  for (std::size_t i = 0; i < n; ++i) {
    if (pattern == 1) v[i] = (K)42;                         // all equal
    if (pattern == 2) v[i] = (K)(n - i);                    // descending
    if (pattern == 3) v[i] = (K)(i % 7);                    // few distinct: stability
  }
  return v;
}

template <class K>
static void test_onesweep_keys(const char* name) {
  typedef typename hipcub::detail::UnsignedOf<sizeof(K)>::type U;
  const long long sizes[] = {0, 1, 2, 2815, 2816, 2817, 3839, 3840, 3841, 2 * 3840 + 1, 65 * 3840 - 3, 300007};
  const int bits = (int)sizeof(K) * 8;
  const int ranges[][2] = {{0, bits}, {0, bits / 2}, {bits / 4, bits - 1}, {3, 3 + (bits > 8 ? 9 : 4)}, {5, 5}};
  for (long long n : sizes) {
    for (int pattern = 0; pattern < 4; ++pattern) {
      auto keys = pattern_keys<K>(n, pattern, (unsigned)(n * 4 + pattern));
      std::vector<int> vals(n);
      std::iota(vals.begin(), vals.end(), 0);
      Dev<K> d_k(keys), k_out(n);
      Dev<int> d_v(vals), v_out(n);
      for (auto& r : ranges) {
        const int lo = r[0], hi = r[1];
        auto field = [&](K k) {
          U u;
          std::memcpy(&u, &k, sizeof(K));
          const U m = hi - lo >= (int)sizeof(U) * 8 ? (U)~U(0) : (U)((U(1) << (hi - lo)) - 1);
          return (U)((u >> lo) & m);  // unsigned keys only: the fields' order is the bits'
        };
        for (int desc = 0; desc < 2; ++desc) {
          std::vector<int> order(n);
          std::iota(order.begin(), order.end(), 0);
          std::stable_sort(order.begin(), order.end(), [&](int a, int b) {
            return desc ? field(keys[a]) > field(keys[b]) : field(keys[a]) < field(keys[b]);
          });
          hipError_t e = desc ? two_phase([&](void* t, std::size_t& b) {
            return hipcub::DeviceRadixSort::SortPairsDescending(t, b, d_k.p, k_out.p, d_v.p, v_out.p, n, lo, hi); })
                              : two_phase([&](void* t, std::size_t& b) {
            return hipcub::DeviceRadixSort::SortPairs(t, b, d_k.p, k_out.p, d_v.p, v_out.p, n, lo, hi); });
          EXPECT(e == hipSuccess, "SortPairs<%s>", name);
          auto hk = k_out.get();
          auto hv = v_out.get();
          long long bad = 0;
          for (long long i = 0; i < n; ++i)
            if (hv[i] != order[i] || std::memcmp(&hk[i], &keys[order[i]], sizeof(K)) != 0) ++bad;
          EXPECT(bad == 0, "onesweep SortPairs%s<%s> n=%lld pattern %d bits [%d,%d): %lld wrong",
                 desc ? "Descending" : "", name, n, pattern, lo, hi, bad);
          // keys only, into the same output
          e = desc ? two_phase([&](void* t, std::size_t& b) {
            return hipcub::DeviceRadixSort::SortKeysDescending(t, b, d_k.p, k_out.p, n, lo, hi); })
                   : two_phase([&](void* t, std::size_t& b) {
            return hipcub::DeviceRadixSort::SortKeys(t, b, d_k.p, k_out.p, n, lo, hi); });
          hk = k_out.get();
          bad = 0;
          for (long long i = 0; i < n; ++i)
            if (std::memcmp(&hk[i], &keys[order[i]], sizeof(K)) != 0) ++bad;
          EXPECT(e == hipSuccess && bad == 0, "onesweep SortKeys%s<%s> n=%lld pattern %d bits [%d,%d): %lld wrong",
                 desc ? "Descending" : "", name, n, pattern, lo, hi, bad);
        }
      }
    }
  }
}

/* 64-bit values (a tile of 2816) and more than one launch's portion (2^28 items, one 8-bit
 * place of u8 keys: a stable counting sort is the reference). */
static void test_onesweep_large() {
  {
    const long long n = 123457;
    auto keys = random_keys<unsigned>(n, 5);
    for (auto& k : keys) k &= 0xfff0ffffu;
    std::vector<unsigned long long> vals(n);
    for (long long i = 0; i < n; ++i) vals[i] = (unsigned long long)i << 20 | 7;
    std::vector<int> order(n);
    std::iota(order.begin(), order.end(), 0);
    std::stable_sort(order.begin(), order.end(), [&](int a, int b) { return keys[a] < keys[b]; });
    Dev<unsigned> d_k(keys), k_out(n);
    Dev<unsigned long long> d_v(vals), v_out(n);
    EXPECT(two_phase([&](void* t, std::size_t& b) { return hipcub::DeviceRadixSort::SortPairs(t, b, d_k.p, k_out.p, d_v.p, v_out.p, n); }) == hipSuccess, "SortPairs u64 values");
    auto hk = k_out.get();
    auto hv = v_out.get();
    long long bad = 0;
    for (long long i = 0; i < n; ++i)
      if (hv[i] != vals[order[i]] || hk[i] != keys[order[i]]) ++bad;
    EXPECT(bad == 0, "onesweep SortPairs<unsigned, u64> n=%lld: %lld wrong", n, bad);
  }
  const long long n = (1ll << 28) + 5003;
  std::vector<unsigned char> keys(n);
  std::mt19937 g(9);
  for (auto& k : keys) k = (unsigned char)(g() >> 13);
  std::vector<unsigned> vals(n);
  std::iota(vals.begin(), vals.end(), 0u);
  Dev<unsigned char> d_k(keys), k_out(n);
  Dev<unsigned> d_v(vals), v_out(n);
  EXPECT(two_phase([&](void* t, std::size_t& b) { return hipcub::DeviceRadixSort::SortPairs(t, b, d_k.p, k_out.p, d_v.p, v_out.p, n); }) == hipSuccess, "SortPairs 2^28+");
  std::vector<long long> start(257, 0);
  for (long long i = 0; i < n; ++i) ++start[keys[i] + 1];
  for (int d = 0; d < 256; ++d) start[d + 1] += start[d];
  std::vector<unsigned> expect(n);
  for (long long i = 0; i < n; ++i) expect[start[keys[i]]++] = (unsigned)i;
  auto hv = v_out.get();
  auto hk = k_out.get();
  long long bad = 0;
  for (long long i = 0; i < n; ++i)
    if (hv[i] != expect[i] || hk[i] != keys[expect[i]]) ++bad;
  EXPECT(bad == 0, "onesweep SortPairs<u8> n=2^28+5003 (two portions): %lld wrong", bad);
}

// Many-items-per-thread reduce: sizes around its tiles (4096 items of 4 bytes, 2048 of 8),
// past 2048 tiles (blocks stride), 16-byte loads from aligned and unaligned pointers, repeatable
// floating-point sums.
static void test_device_reduce_tiles() {
  const long long sizes[] = {1, 4095, 4096, 4097, 2047, 2049, 3 * 4096 + 17, 2048ll * 4096 + 5, 9000011};
  for (long long n : sizes) {
    auto in = random_ints(n + 1, -1000, 1000, (unsigned)n + 23);
    Dev<int> d_in(in);
    Dev<long long> out_ll(1);
    Dev<int> out(1);
    for (int shift = 0; shift < 2; ++shift) {  // shift 1: not 16-byte aligned
      long long sum = 0;
      for (long long i = 0; i < n; ++i) sum += in[i + shift];
      EXPECT(two_phase([&](void* t, std::size_t& b) { return hipcub::DeviceReduce::Sum(t, b, d_in.p + shift, out.p, n); }) == hipSuccess, "Sum");
      EXPECT(out.get()[0] == (int)sum, "DeviceReduce::Sum(int, offset %d) n=%lld: %d != %lld", shift, n, out.get()[0], sum);
      int mn = in[shift];
      for (long long i = 0; i < n; ++i) mn = std::min(mn, in[i + shift]);
      EXPECT(two_phase([&](void* t, std::size_t& b) { return hipcub::DeviceReduce::Min(t, b, d_in.p + shift, out.p, n); }) == hipSuccess, "Min");
      EXPECT(out.get()[0] == mn, "DeviceReduce::Min(offset %d) n=%lld", shift, n);
    }
    std::vector<long long> ll(in.begin(), in.end());
    Dev<long long> d_ll(ll);
    long long sum = 0;
    for (long long i = 0; i < n; ++i) sum += ll[i + 1];
    EXPECT(two_phase([&](void* t, std::size_t& b) { return hipcub::DeviceReduce::Sum(t, b, d_ll.p + 1, out_ll.p, n); }) == hipSuccess, "Sum ll");
    EXPECT(out_ll.get()[0] == sum, "DeviceReduce::Sum(long long, offset 1) n=%lld", n);
    std::vector<signed char> c(n);
    long long csum = 0;
    for (long long i = 0; i < n; ++i) c[i] = (signed char)(in[i] % 100), csum += c[i];
    Dev<signed char> d_c(c);
    EXPECT(two_phase([&](void* t, std::size_t& b) { return hipcub::DeviceReduce::Sum(t, b, d_c.p, out.p, n); }) == hipSuccess, "Sum char->int");
    EXPECT(out.get()[0] == (int)csum, "DeviceReduce::Sum(signed char -> int) n=%lld", n);
    std::vector<float> f(n);
    double fsum = 0;
    for (long long i = 0; i < n; ++i) f[i] = (float)in[i] / 7.0f, fsum += f[i];
    Dev<float> d_f(f), out_f(1);
    EXPECT(two_phase([&](void* t, std::size_t& b) { return hipcub::DeviceReduce::Sum(t, b, d_f.p, out_f.p, n); }) == hipSuccess, "Sum float");
    const float first = out_f.get()[0];
    EXPECT(two_phase([&](void* t, std::size_t& b) { return hipcub::DeviceReduce::Sum(t, b, d_f.p, out_f.p, n); }) == hipSuccess, "Sum float");
    const float second = out_f.get()[0];
    EXPECT(std::memcmp(&first, &second, 4) == 0 && std::fabs(first - fsum) <= 1e-3 * (std::fabs(fsum) + n),
           "DeviceReduce::Sum(float) n=%lld: %g then %g, host %g", n, first, second, fsum);
  }
}

struct Widen {
  __host__ __device__ unsigned long long operator()(unsigned x) const { return x; }
};

/* x -> a*x + b, composed left to right: associative, not commutative. */
struct Affine {
  unsigned a, b;
};
struct ComposeOp {
  HIPCUB_HOST_DEVICE Affine operator()(const Affine& f, const Affine& g) const {
    return Affine{f.a * g.a, f.b * g.a + g.b};
  }
};

// Look-back scan: sizes around its tiles (3840 items of 4 bytes, 2304 of 8), tens of thousands
// of tiles, a non-commutative operator on an 8-byte type, 64-bit sums.
static void test_device_scan_lookback() {
  const long long sizes[] = {1, 3839, 3840, 3841, 2303, 2304, 2305, 65 * 3840 + 1, (1 << 24) + 3, 50000017};
  for (long long n : sizes) {
    std::vector<Affine> in(n);
    std::mt19937 g((unsigned)n);
    for (auto& f : in) f = Affine{(unsigned)(g() % 5) * 2 + 1, (unsigned)(g() % 1000)};
    Dev<Affine> d_in(in), out(n);
    EXPECT(two_phase([&](void* t, std::size_t& b) { return hipcub::DeviceScan::InclusiveScan(t, b, d_in.p, out.p, ComposeOp(), n); }) == hipSuccess, "InclusiveScan affine");
    auto h = out.get();
    long long bad = 0, first = -1;
    Affine acc = in[0];
    for (long long i = 0; i < n; ++i) {
      if (i) acc = ComposeOp()(acc, in[i]);
      if (h[i].a != acc.a || h[i].b != acc.b) { if (first < 0) first = i; ++bad; }
    }
    EXPECT(bad == 0, "DeviceScan::InclusiveScan(compose) n=%lld: %lld wrong, first at %lld", n, bad, first);
    EXPECT(two_phase([&](void* t, std::size_t& b) { return hipcub::DeviceScan::ExclusiveScan(t, b, d_in.p, out.p, ComposeOp(), Affine{3, 4}, n); }) == hipSuccess, "ExclusiveScan affine");
    h = out.get();
    bad = 0, first = -1;
    acc = Affine{3, 4};
    for (long long i = 0; i < n; ++i) {
      if (h[i].a != acc.a || h[i].b != acc.b) { if (first < 0) first = i; ++bad; }
      acc = ComposeOp()(acc, in[i]);
    }
    EXPECT(bad == 0, "DeviceScan::ExclusiveScan(compose, {3,4}) n=%lld: %lld wrong, first at %lld", n, bad, first);
    std::vector<unsigned> u(n);
    for (auto& x : u) x = g();
    Dev<unsigned> d_u(u);
    Dev<unsigned long long> out_ll(n);
    hipcub::TransformInputIterator<unsigned long long, Widen, const unsigned*> wide(d_u.p, Widen());
    EXPECT(two_phase([&](void* t, std::size_t& b) { return hipcub::DeviceScan::ExclusiveSum(t, b, wide, out_ll.p, n); }) == hipSuccess, "ExclusiveSum u64");
    auto hl = out_ll.get();
    bad = 0, first = -1;
    unsigned long long s = 0;
    for (long long i = 0; i < n; ++i) {
      if (hl[i] != s) { if (first < 0) first = i; ++bad; }
      s += u[i];
    }
    EXPECT(bad == 0, "DeviceScan::ExclusiveSum(u64) n=%lld: %lld wrong, first at %lld", n, bad, first);
  }
}


// ---------------- block radix sort ----------------
template <int B, int N, bool DESC, bool STRIPED>
__global__ void block_sort_kernel(const int* keys_in, const int* vals_in, int* keys_out, int* vals_out,
                                  int begin_bit, int end_bit) {
  typedef hipcub::BlockRadixSort<int, B, N, int> S;
  __shared__ typename S::TempStorage storage;
  int k[N], v[N];
  const int base = blockIdx.x * B * N;
  hipcub::LoadDirectBlocked(threadIdx.x, keys_in + base, k);
  hipcub::LoadDirectBlocked(threadIdx.x, vals_in + base, v);
  if (DESC && STRIPED)
    S(storage).SortDescendingBlockedToStriped(k, v, begin_bit, end_bit);
  else if (DESC)
    S(storage).SortDescending(k, v, begin_bit, end_bit);
  else if (STRIPED)
    S(storage).SortBlockedToStriped(k, v, begin_bit, end_bit);
  else
    S(storage).Sort(k, v, begin_bit, end_bit);
  if (STRIPED) {
    hipcub::StoreDirectStriped<B>(threadIdx.x, keys_out + base, k);
    hipcub::StoreDirectStriped<B>(threadIdx.x, vals_out + base, v);
  } else {
    hipcub::StoreDirectBlocked(threadIdx.x, keys_out + base, k);
    hipcub::StoreDirectBlocked(threadIdx.x, vals_out + base, v);
  }
}

template <int B, int N, bool DESC, bool STRIPED>
static void test_block_sort(int begin_bit, int end_bit) {
  const int blocks = 2, tile = B * N;
  auto keys = random_ints(blocks * tile, std::numeric_limits<int>::min(), std::numeric_limits<int>::max(), tile + begin_bit);
  std::vector<int> vals(blocks * tile);
  std::iota(vals.begin(), vals.end(), 0);
  Dev<int> dk(keys), dv(vals), ko(blocks * tile), vo(blocks * tile);
  block_sort_kernel<B, N, DESC, STRIPED><<<blocks, B>>>(dk.p, dv.p, ko.p, vo.p, begin_bit, end_bit);
  HIP_OK(hipDeviceSynchronize());
  auto hk = ko.get(), hv = vo.get();
  const unsigned long long width_mask = end_bit - begin_bit >= 32 ? ~0ull : ((1ull << (end_bit - begin_bit)) - 1);
  auto field = [&](int k) { return (((unsigned long long)((unsigned)k ^ 0x80000000u)) >> begin_bit) & width_mask; };
  int bad = 0;
  for (int b = 0; b < blocks; ++b) {
    std::vector<int> order(tile);
    std::iota(order.begin(), order.end(), b * tile);
    std::stable_sort(order.begin(), order.end(), [&](int x, int y) {
      return DESC ? field(keys[x]) > field(keys[y]) : field(keys[x]) < field(keys[y]);
    });
    for (int i = 0; i < tile; ++i)
      if (hv[b * tile + i] != order[i] || hk[b * tile + i] != keys[order[i]]) ++bad;
  }
  EXPECT(bad == 0, "BlockRadixSort<%d,%d> desc=%d striped=%d bits [%d,%d): %d wrong", B, N, DESC, STRIPED,
         begin_bit, end_bit, bad);
}

// ---------------- segmented reduce, select, run-length, histogram ----------------
struct IsOdd {
  __host__ __device__ bool operator()(int x) const { return (x & 1) != 0; }
};

static void test_segmented_reduce() {
  const std::vector<int> offsets = {0, 0, 1, 5, 260, 260, 3000, 3001, 70000};  // empty ones too
  const int segs = (int)offsets.size() - 1;
  auto in = random_ints(offsets.back(), -500, 500, 21);
  Dev<int> d_in(in), d_off(offsets), out(segs);
  Dev<hipcub::KeyValuePair<int, int>> kv(segs);
  EXPECT(two_phase([&](void* t, std::size_t& b) { return hipcub::DeviceSegmentedReduce::Sum(t, b, d_in.p, out.p, segs, d_off.p, d_off.p + 1); }) == hipSuccess, "segmented Sum");
  auto hs = out.get();
  EXPECT(two_phase([&](void* t, std::size_t& b) { return hipcub::DeviceSegmentedReduce::Max(t, b, d_in.p, out.p, segs, d_off.p, d_off.p + 1); }) == hipSuccess, "segmented Max");
  auto hm = out.get();
  EXPECT(two_phase([&](void* t, std::size_t& b) { return hipcub::DeviceSegmentedReduce::Reduce(t, b, d_in.p, out.p, segs, d_off.p, d_off.p + 1, MaxOp(), 100); }) == hipSuccess, "segmented Reduce");
  auto hr = out.get();
  EXPECT(two_phase([&](void* t, std::size_t& b) { return hipcub::DeviceSegmentedReduce::ArgMin(t, b, d_in.p, kv.p, segs, d_off.p, d_off.p + 1); }) == hipSuccess, "segmented ArgMin");
  auto ha = kv.get();
  for (int s = 0; s < segs; ++s) {
    int sum = 0, mx = std::numeric_limits<int>::lowest(), mn = std::numeric_limits<int>::max(), imn = 1;
    for (int i = offsets[s]; i < offsets[s + 1]; ++i) {
      sum += in[i];
      mx = std::max(mx, in[i]);
      if (in[i] < mn || i == offsets[s]) mn = in[i], imn = i - offsets[s];
    }
    EXPECT(hs[s] == sum, "DeviceSegmentedReduce::Sum segment %d: %d != %d", s, hs[s], sum);
    EXPECT(hm[s] == mx, "DeviceSegmentedReduce::Max segment %d: %d != %d", s, hm[s], mx);
    EXPECT(hr[s] == std::max(mx, 100), "DeviceSegmentedReduce::Reduce segment %d", s);
    EXPECT(ha[s].key == imn && ha[s].value == mn, "DeviceSegmentedReduce::ArgMin segment %d: {%d,%d} != {%d,%d}", s,
           ha[s].key, ha[s].value, imn, mn);
  }
}

static void test_select_rle_histogram() {
  for (long long n : kSizes) {
    auto in = random_ints(n, 0, 6, (unsigned)n + 31);  // small values: long runs, many repeats
    auto flags = random_ints(n, 0, 1, (unsigned)n + 32);
    Dev<int> d_in(in), d_flags(flags), out(n), num(1), counts(n);
    std::vector<int> ref;
    for (int x : in) if (x & 1) ref.push_back(x);
    EXPECT(two_phase([&](void* t, std::size_t& b) { return hipcub::DeviceSelect::If(t, b, d_in.p, out.p, num.p, n, IsOdd()); }) == hipSuccess, "If");
    auto h = out.get();
    int got = num.get()[0];
    EXPECT(got == (int)ref.size() && std::equal(ref.begin(), ref.end(), h.begin()), "DeviceSelect::If n=%lld: %d selected, %zu expected", n, got, ref.size());
    ref.clear();
    for (long long i = 0; i < n; ++i) if (flags[i]) ref.push_back(in[i]);
    EXPECT(two_phase([&](void* t, std::size_t& b) { return hipcub::DeviceSelect::Flagged(t, b, d_in.p, d_flags.p, out.p, num.p, n); }) == hipSuccess, "Flagged");
    h = out.get();
    got = num.get()[0];
    EXPECT(got == (int)ref.size() && std::equal(ref.begin(), ref.end(), h.begin()), "DeviceSelect::Flagged n=%lld: %d selected, %zu expected", n, got, ref.size());
    ref.clear();
    std::vector<int> lengths;
    for (long long i = 0; i < n; ++i) {
      if (i == 0 || in[i] != in[i - 1]) ref.push_back(in[i]), lengths.push_back(0);
      ++lengths.back();
    }
    EXPECT(two_phase([&](void* t, std::size_t& b) { return hipcub::DeviceSelect::Unique(t, b, d_in.p, out.p, num.p, n); }) == hipSuccess, "Unique");
    h = out.get();
    got = num.get()[0];
    EXPECT(got == (int)ref.size() && std::equal(ref.begin(), ref.end(), h.begin()), "DeviceSelect::Unique n=%lld: %d, %zu expected", n, got, ref.size());
    EXPECT(two_phase([&](void* t, std::size_t& b) { return hipcub::DeviceRunLengthEncode::Encode(t, b, d_in.p, out.p, counts.p, num.p, n); }) == hipSuccess, "Encode");
    h = out.get();
    auto hc = counts.get();
    got = num.get()[0];
    EXPECT(got == (int)ref.size() && std::equal(ref.begin(), ref.end(), h.begin()) &&
               std::equal(lengths.begin(), lengths.end(), hc.begin()),
           "DeviceRunLengthEncode::Encode n=%lld: %d runs, %zu expected", n, got, ref.size());
    // HistogramEven: 5 bins over [0, 10) of values in [-3, 12] (some outside)
    auto samples = random_ints(n, -3, 12, (unsigned)n + 33);
    Dev<int> d_s(samples);
    for (int levels : {6, 3000}) {
      const int bins = levels - 1, hi = levels == 6 ? 10 : 3000;
      Dev<int> hist(bins);
      std::vector<int> href(bins, 0);
      for (int x : samples)
        if (x >= 0 && x < hi) ++href[(long long)x * bins / hi];
      EXPECT(two_phase([&](void* t, std::size_t& b) { return hipcub::DeviceHistogram::HistogramEven(t, b, d_s.p, hist.p, levels, 0, hi, n); }) == hipSuccess, "HistogramEven");
      EXPECT(hist.get() == href, "DeviceHistogram::HistogramEven n=%lld levels=%d", n, levels);
    }
  }
}


// ---------------- discontinuity, block histogram, partition, more iterators ----------------
struct NotEqual {
  __host__ __device__ bool operator()(int a, int b) const { return a != b; }
};

template <int B, int N>
__global__ void discontinuity_kernel(const int* in, int* heads, int* tails, int* heads_pred,
                                     int* tails_succ, unsigned* hist) {
  typedef hipcub::BlockDiscontinuity<int, B> D;
  typedef hipcub::BlockHistogram<int, B, N, 16> H;
  __shared__ typename D::TempStorage storage;
  __shared__ typename H::TempStorage hstorage;
  __shared__ unsigned bins[16];
  int items[N], f[N];
  hipcub::LoadDirectBlocked(threadIdx.x, in, items);
  D(storage).FlagHeads(f, items, NotEqual());
  hipcub::StoreDirectBlocked(threadIdx.x, heads, f);
  __syncthreads();
  D(storage).FlagTails(f, items, NotEqual());
  hipcub::StoreDirectBlocked(threadIdx.x, tails, f);
  __syncthreads();
  D(storage).FlagHeads(f, items, NotEqual(), items[0]);  // every thread passes its own; thread 0's counts
  hipcub::StoreDirectBlocked(threadIdx.x, heads_pred, f);
  __syncthreads();
  D(storage).FlagTails(f, items, NotEqual(), -1);
  hipcub::StoreDirectBlocked(threadIdx.x, tails_succ, f);
  int b[N];
  for (int i = 0; i < N; ++i) b[i] = items[i] & 15;
  H(hstorage).Histogram(b, bins);
  __syncthreads();
  if (threadIdx.x < 16) hist[threadIdx.x] = bins[threadIdx.x];
}

static void test_discontinuity_histogram() {
  constexpr int B = 128, N = 3, T = B * N;
  auto in = random_ints(T, 0, 2, 41);
  Dev<int> d_in(in), h(T), t(T), hp(T), ts(T);
  Dev<unsigned> hist(16);
  discontinuity_kernel<B, N><<<1, B>>>(d_in.p, h.p, t.p, hp.p, ts.p, hist.p);
  HIP_OK(hipDeviceSynchronize());
  auto hh = h.get(), ht = t.get(), hhp = hp.get(), hts = ts.get();
  auto hb = hist.get();
  int bad = 0;
  for (int i = 0; i < T; ++i) {
    if (hh[i] != (i == 0 ? 1 : in[i] != in[i - 1])) ++bad;
    if (ht[i] != (i == T - 1 ? 1 : in[i] != in[i + 1])) ++bad;
    if (hhp[i] != (i == 0 ? 0 : in[i] != in[i - 1])) ++bad;
    if (hts[i] != (i == T - 1 ? 1 : in[i] != in[i + 1])) ++bad;
  }
  EXPECT(bad == 0, "BlockDiscontinuity: %d wrong", bad);
  std::vector<unsigned> ref(16, 0);
  for (int x : in) ++ref[x & 15];
  EXPECT(hb == ref, "BlockHistogram");
}

static void test_partition_iterators() {
  for (long long n : kSizes) {
    auto in = random_ints(n, 0, 1000, (unsigned)n + 51);
    Dev<int> d_in(in), out(n), num(1);
    std::vector<int> ref, rejected;
    for (int x : in) (x & 1 ? ref : rejected).push_back(x);
    const int selected = (int)ref.size();
    ref.insert(ref.end(), rejected.rbegin(), rejected.rend());
    EXPECT(two_phase([&](void* t, std::size_t& b) { return hipcub::DevicePartition::If(t, b, d_in.p, out.p, num.p, n, IsOdd()); }) == hipSuccess, "Partition");
    EXPECT(num.get()[0] == selected && out.get() == ref, "DevicePartition::If n=%lld", n);
    hipcub::DiscardOutputIterator<> discard;
    EXPECT(two_phase([&](void* t, std::size_t& b) { return hipcub::DeviceSelect::If(t, b, d_in.p, discard, num.p, n, IsOdd()); }) == hipSuccess, "If discard");
    EXPECT(num.get()[0] == selected, "DeviceSelect::If(DiscardOutputIterator) n=%lld", n);
    typedef hipcub::KeyValuePair<std::ptrdiff_t, int> KV;
    hipcub::ArgIndexInputIterator<const int*> arg(d_in.p);
    Dev<KV> kv(1);
    EXPECT(two_phase([&](void* t, std::size_t& b) { return hipcub::DeviceReduce::Reduce(t, b, arg, kv.p, n, hipcub::ArgMax(), KV(std::numeric_limits<std::ptrdiff_t>::max(), -1)); }) == hipSuccess, "Reduce arg");
    KV r = kv.get()[0];
    long long imx = -1;
    for (long long i = 0; i < n; ++i) if (imx < 0 || in[i] > in[imx]) imx = i;
    if (n == 0)
      EXPECT(r.value == -1, "DeviceReduce::Reduce(ArgIndexInputIterator) n=0");
    else
      EXPECT(r.key == imx && r.value == in[imx], "DeviceReduce::Reduce(ArgIndexInputIterator, ArgMax) n=%lld: {%lld,%d}", n, (long long)r.key, r.value);
    hipcub::CacheModifiedInputIterator<hipcub::LOAD_LDG, int> ldg(d_in.p);
    Dev<long long> sum(1);
    long long s = 0;
    for (int x : in) s += x;
    EXPECT(two_phase([&](void* t, std::size_t& b) { return hipcub::DeviceReduce::Sum(t, b, ldg, sum.p, n); }) == hipSuccess, "Sum ldg");
    EXPECT(sum.get()[0] == s, "DeviceReduce::Sum(CacheModifiedInputIterator) n=%lld", n);
  }
}

// ---------------- the temporary-storage protocol (host only) ----------------
static void test_queries() {
  int* none = nullptr;
  std::size_t bytes = 0;
  EXPECT(hipcub::DeviceReduce::Sum(nullptr, bytes, none, none, 1000) == hipSuccess && bytes > 0, "Sum query");
  std::size_t small = 1;
  EXPECT(hipcub::DeviceReduce::Sum((void*)&small, small, none, none, 1 << 20) == hipErrorInvalidValue,
         "Sum: storage too small -> hipErrorInvalidValue");
  EXPECT(hipcub::DeviceReduce::Sum(nullptr, bytes, none, none, -1) == hipErrorInvalidValue, "Sum: n < 0");
  bytes = 0;
  EXPECT(hipcub::DeviceReduce::ArgMin(nullptr, bytes, none, (hipcub::KeyValuePair<int, int>*)nullptr, 0) == hipSuccess && bytes > 0,
         "ArgMin query for 0 items");
  bytes = 0;
  EXPECT(hipcub::DeviceScan::InclusiveSum(nullptr, bytes, none, none, 0) == hipSuccess && bytes > 0, "InclusiveSum query n=0");
  std::size_t b1 = 0, b2 = 0;
  EXPECT(hipcub::DeviceScan::ExclusiveSum(nullptr, b1, none, none, 1000) == hipSuccess, "query");
  EXPECT(hipcub::DeviceScan::ExclusiveSum(nullptr, b2, none, none, 1 << 24) == hipSuccess, "query");
  EXPECT(b2 > b1, "ExclusiveSum query grows with n (%zu, %zu)", b1, b2);
  small = 1;
  EXPECT(hipcub::DeviceScan::ExclusiveScan((void*)&small, small, none, none, hipcub::Sum(), 0, 1 << 20) == hipErrorInvalidValue,
         "ExclusiveScan: storage too small");
  unsigned* k = nullptr;
  bytes = 0;
  EXPECT(hipcub::DeviceRadixSort::SortKeys(nullptr, bytes, k, k, 1000) == hipSuccess && bytes > 1000 * 4,
         "SortKeys query holds a spare key buffer");
  std::size_t db_bytes = 0;
  hipcub::DoubleBuffer<unsigned> dbuf(k, k);
  EXPECT(hipcub::DeviceRadixSort::SortKeys(nullptr, db_bytes, dbuf, 1000) == hipSuccess && db_bytes < bytes,
         "SortKeys(DoubleBuffer) query needs no spare buffer");
  EXPECT(hipcub::DeviceRadixSort::SortKeys(nullptr, bytes, k, k, 1000, 8, 4) == hipErrorInvalidValue,
         "SortKeys: begin_bit > end_bit");
  EXPECT(hipcub::DeviceRadixSort::SortKeys(nullptr, bytes, k, k, 1000, 0, 33) == hipErrorInvalidValue,
         "SortKeys: end_bit past the key");
  bytes = 0;
  EXPECT(hipcub::DeviceSelect::If(nullptr, bytes, none, none, none, 1000, IsOdd()) == hipSuccess && bytes > 1000 * 4,
         "DeviceSelect::If query");
  bytes = 0;
  EXPECT(hipcub::DeviceRunLengthEncode::Encode(nullptr, bytes, none, none, none, none, 0) == hipSuccess && bytes > 0,
         "Encode query for 0 items");
  bytes = 0;
  EXPECT(hipcub::DeviceSegmentedReduce::Sum(nullptr, bytes, none, none, 4, none, none) == hipSuccess && bytes > 0,
         "DeviceSegmentedReduce::Sum query");
  EXPECT(hipcub::DeviceSegmentedReduce::Sum(nullptr, bytes, none, none, -1, none, none) == hipErrorInvalidValue,
         "DeviceSegmentedReduce: negative segments");
  bytes = 0;
  EXPECT(hipcub::DeviceHistogram::HistogramEven(nullptr, bytes, none, none, 6, 0, 10, 1000) == hipSuccess && bytes > 0,
         "HistogramEven query");
  EXPECT(hipcub::DeviceHistogram::HistogramEven(nullptr, bytes, none, none, 1, 0, 10, 1000) == hipErrorInvalidValue,
         "HistogramEven: fewer than 2 levels");
  EXPECT(hipcub::DeviceHistogram::HistogramEven(nullptr, bytes, none, none, 6, 10, 0, 1000) == hipErrorInvalidValue,
         "HistogramEven: lower >= upper");
  small = 1;
  EXPECT(hipcub::DeviceRadixSort::SortPairs((void*)&small, small, k, k, k, k, 1000) == hipErrorInvalidValue,
         "SortPairs: storage too small");
}

int main(int argc, char** argv) {
  test_queries();
  if (argc > 1 && std::string(argv[1]) == "queries") {
    std::printf("hipcub queries: %d checks, %d failed\n", checks, failures);
    return failures ? 1 : 0;
  }
  int count = 0;
  if (hipGetDeviceCount(&count) != hipSuccess || count == 0) {
    std::printf("hipcub GPU test: SKIPPED: no GPU\n");
    return 77;
  }
  hipDeviceProp_t prop;
  HIP_OK(hipGetDeviceProperties(&prop, 0));
  const int ws = prop.warpSize;
  {
    std::vector<int> in = random_ints(256, -9, 9, 77);
    Dev<int> d_in(in), out(256 / ws), width(1);
    default_width_kernel<<<1, 256>>>(d_in.p, out.p, width.p);
    HIP_OK(hipDeviceSynchronize());
    EXPECT(width.get()[0] == ws, "HIPCUB_DEVICE_WARP_THREADS %d != warpSize %d", width.get()[0], ws);
    auto h = out.get();
    for (int w = 0; w < 256 / ws; ++w) {
      int s = 0;
      for (int l = 0; l < ws; ++l) s += in[w * ws + l];
      EXPECT(h[w] == s, "WarpReduce<int> (default width) warp %d", w);
    }
  }
  test_warp<32>(128);
  test_warp<16>(128);
  test_warp<4>(64);
  if (ws == 64) test_warp<64>(256);
  test_block<128, 1>();
  test_block<128, 4>();
  test_block<256, 3>();
  test_block<100, 2>();  // a partial last warp
  test_block<1024, 1>();
  test_load_store<128, 4, hipcub::BLOCK_LOAD_DIRECT, hipcub::BLOCK_STORE_DIRECT>("DIRECT");
  test_load_store<128, 4, hipcub::BLOCK_LOAD_STRIPED, hipcub::BLOCK_STORE_STRIPED>("STRIPED");
  test_load_store<128, 4, hipcub::BLOCK_LOAD_VECTORIZE, hipcub::BLOCK_STORE_VECTORIZE>("VECTORIZE");
  test_load_store<128, 4, hipcub::BLOCK_LOAD_TRANSPOSE, hipcub::BLOCK_STORE_TRANSPOSE>("TRANSPOSE");
  test_load_store<128, 4, hipcub::BLOCK_LOAD_WARP_TRANSPOSE, hipcub::BLOCK_STORE_WARP_TRANSPOSE>("WARP_TRANSPOSE");
  test_load_store<256, 7, hipcub::BLOCK_LOAD_TRANSPOSE, hipcub::BLOCK_STORE_WARP_TRANSPOSE>("TRANSPOSE/WARP_TRANSPOSE 7");
  test_exchange();
  test_device_reduce();
  test_device_scan();
  test_device_reduce_tiles();
  test_device_scan_lookback();
  test_radix_keys<unsigned>("unsigned");
  test_radix_keys<int>("int");
  test_radix_keys<float>("float");
  test_radix_keys<unsigned long long>("u64");
  test_radix_keys<unsigned char>("u8");
  test_radix_pairs();
  test_onesweep_keys<unsigned char>("u8");
  test_onesweep_keys<unsigned short>("u16");
  test_onesweep_keys<unsigned>("u32");
  test_onesweep_keys<unsigned long long>("u64");
  test_onesweep_large();
  test_block_sort<128, 4, false, false>(0, 32);
  test_block_sort<128, 4, true, false>(0, 32);
  test_block_sort<256, 3, false, true>(4, 13);
  test_block_sort<100, 5, true, true>(0, 32);
  test_block_sort<64, 2, false, false>(8, 8);
  test_segmented_reduce();
  test_select_rle_histogram();
  test_discontinuity_histogram();
  test_partition_iterators();
  std::printf("hipcub GPU test: %d checks, %d failed (warpSize %d)\n", checks, failures, ws);
  return failures ? 1 : 0;
}
