// Device atomics where hip-tests found trouble: atomicExch_system chains that host threads join
// (hip-tests' atomicExch_system Host_And_GPU), and float/double atomicMin/Max, whose special
// values follow AMD's loop (NaN never stored or replaced, +0.0 and -0.0 equal) and which finish
// quickly with a million threads on one word (a CAS on every call ran hip-tests' SameAddress
// cases past their time limit).
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <random>
#include <sstream>
#include <string>
#include <thread>
#include <type_traits>
#include <utility>
#include <vector>

#include "atomic_kernels.h"
#include "gpu_test_support.h"

namespace {

int deviceAttribute(hipDeviceAttribute_t attribute) {
  int v = 0;
  HIP_REQUIRE(hipDeviceGetAttribute(&v, attribute, 0));
  return v;
}

// A stream of its own, so the host threads run while the kernel does.
struct TestStream {
  hipStream_t s = nullptr;
  // A non-blocking stream is not ordered after the legacy stream's fills and copies that set up
  // the buffers (a late hipMemset of `olds` duplicated zeros on a shared GPU): wait for them.
  TestStream() {
    HIP_REQUIRE(hipStreamCreateWithFlags(&s, hipStreamNonBlocking));
    HIP_REQUIRE(hipDeviceSynchronize());
  }
  ~TestStream() { (void)hipStreamDestroy(s); }
};

// hip-tests' check (atomicExch_common.hh): the initial words, every value an exchange got back
// and the final words are together each of 0 .. total-1 once. Returns "" or what went wrong.
template <typename T>
std::string checkExchangeUnion(std::vector<T> all) {
  std::sort(all.begin(), all.end());
  for (size_t i = 0; i < all.size(); ++i) {
    if (all[i] != static_cast<T>(i)) {
      std::ostringstream out;
      out << "sorted union[" << i << "] = " << +all[i] << ", expected " << i << " (" << all.size()
          << " values): an exchange lost or duplicated a value";
      return out.str();
    }
  }
  return "";
}

// GPU threads (and, with hostThreads > 0, host threads at the same time) exchange distinct
// values into `width` words of `mem`, which the host can read and write.
template <typename T>
void exchangeChain(T* mem, unsigned width, unsigned hostThreads) {
  constexpr unsigned kBlocks = 64, kThreads = 256, kRounds = 16, kHostIters = 1024;
  const unsigned gpuValues = kBlocks * kThreads * kRounds;
  for (unsigned i = 0; i < width; ++i) mem[i] = static_cast<T>(i);
  DeviceBuffer<T> olds(gpuValues);
  TestStream stream;
  HIP_REQUIRE(launchExchangeChain(mem, olds.ptr, width, kRounds, kBlocks, kThreads, stream.s));
  std::vector<T> hostOlds(size_t(hostThreads) * kHostIters);
  std::vector<std::thread> pool;
  for (unsigned h = 0; h < hostThreads; ++h) {
    pool.emplace_back([&, h] {
      for (unsigned i = 0; i < kHostIters; ++i) {
        const size_t k = size_t(h) * kHostIters + i;
        T value = static_cast<T>(width + gpuValues + k);
        T old;
        __atomic_exchange(mem + (h + i) % width, &value, &old, __ATOMIC_RELAXED);
        hostOlds[k] = old;
      }
    });
  }
  for (std::thread& t : pool) t.join();
  HIP_REQUIRE(hipStreamSynchronize(stream.s));
  std::vector<T> all = olds.read();
  all.insert(all.end(), hostOlds.begin(), hostOlds.end());
  all.insert(all.end(), mem, mem + width);
  const std::string error = checkExchangeUnion(std::move(all));
  INFO("width " << width << ", " << hostThreads << " host threads");
  CHECK(error == "");
}

template <typename T>
struct HostPinned {
  T* ptr = nullptr;
  explicit HostPinned(size_t n) {
    HIP_REQUIRE(hipHostMalloc(reinterpret_cast<void**>(&ptr), n * sizeof(T), hipHostMallocDefault));
  }
  ~HostPinned() { (void)hipHostFree(ptr); }
};

template <typename T>
struct Managed {
  T* ptr = nullptr;
  explicit Managed(size_t n) {
    HIP_REQUIRE(
        hipMallocManaged(reinterpret_cast<void**>(&ptr), n * sizeof(T), hipMemAttachGlobal));
  }
  ~Managed() { (void)hipFree(ptr); }
};

}  // namespace

// CUDA's rule (libcu++'s cuda::atomic, "Concurrency Restrictions"): a system-scope atomic is
// atomic with the host's on managed memory where concurrentManagedAccess is 1, and on host
// memory only where hostNativeAtomicSupported is 1 (NVLink-C2C; a PCIe-attached H100/H200 has
// 0, and there the host's and the GPU's read-modify-writes of one word race, with CUDA too:
// docs/semantics-report.md, device.atomic_system_with_host).
TEMPLATE_TEST_CASE("atomicExch_system: a chain shared with host threads on managed memory",
                   "[atomics]", int, unsigned int, unsigned long, unsigned long long, float,
                   double) {
  if (deviceAttribute(hipDeviceAttributeConcurrentManagedAccess) == 0) {
    WARN("concurrentManagedAccess is 0: the host may not touch managed memory during a kernel");
    return;
  }
  Managed<TestType> mem(32);
  exchangeChain(mem.ptr, 1, 4);
  exchangeChain(mem.ptr, 32, 4);
}

TEMPLATE_TEST_CASE("atomicExch_system: a GPU-only chain on hipHostMalloc memory", "[atomics]", int,
                   unsigned int, unsigned long, unsigned long long, float, double) {
  HostPinned<TestType> mem(32);
  exchangeChain(mem.ptr, 1, 0);
  exchangeChain(mem.ptr, 32, 0);
}

TEMPLATE_TEST_CASE("atomicExch_system: a chain shared with host threads on hipHostMalloc memory",
                   "[atomics]", int, unsigned int, unsigned long, unsigned long long, float,
                   double) {
  if (deviceAttribute(hipDeviceAttributeHostNativeAtomicSupported) == 0) {
    WARN(
        "hostNativeAtomicSupported is 0: GPU and host atomics on host memory are not atomic "
        "together (hip-tests' Unit_atomicExch_system_Positive_Host_And_GPU expects them to be)");
    return;
  }
  HostPinned<TestType> mem(32);
  exchangeChain(mem.ptr, 1, 4);
  exchangeChain(mem.ptr, 32, 4);
}

namespace {

template <typename T>
using Bits = std::conditional_t<sizeof(T) == 4, uint32_t, uint64_t>;

template <typename T>
Bits<T> bitsOf(T v) {
  Bits<T> b;
  std::memcpy(&b, &v, sizeof b);
  return b;
}

// AMD's rule (amd_hip_atomic.h): `value` replaces `old` only where it compares strictly less
// (min) or greater (max).
template <typename T>
bool replaces(T value, T old, FpAtomicOp op) {
  return op == FpAtomicOp::kMin ? old > value : old < value;
}

const char* opName(FpAtomicOp op) { return op == FpAtomicOp::kMin ? "Min" : "Max"; }
const char* scopeName(FpAtomicScope s) {
  return s == FpAtomicScope::kBlock ? "_block" : s == FpAtomicScope::kSystem ? "_system" : "";
}

// One word, init, and the values its threads applied, with what each got back. The threads
// whose value replaced the old one form a chain from init to the final word (each replaced
// the value the previous one stored); every other thread got a value the word held. Returns ""
// or what went wrong.
template <typename T>
std::string checkMinMaxWord(T init, const T* vals, const T* olds, size_t n, T last, FpAtomicOp op) {
  std::ostringstream out;
  out.precision(std::numeric_limits<T>::max_digits10);
  T reference = init;
  for (size_t i = 0; i < n; ++i)
    if (replaces(vals[i], reference, op)) reference = vals[i];
  if (!(last == reference)) {
    out << "final " << last << ", host reference " << reference;
    return out.str();
  }
  std::vector<std::pair<T, T>> chain;  // (old, value) of the threads that stored
  for (size_t i = 0; i < n; ++i)
    if (replaces(vals[i], olds[i], op)) chain.emplace_back(olds[i], vals[i]);
  std::sort(chain.begin(), chain.end(), [op](const auto& a, const auto& b) {
    return op == FpAtomicOp::kMin ? a.first > b.first : a.first < b.first;
  });
  T current = init;
  std::vector<Bits<T>> held{bitsOf(init)};
  for (const auto& [old, value] : chain) {
    if (bitsOf(old) != bitsOf(current)) {
      out << "a thread replaced " << old << " while the word held " << current;
      return out.str();
    }
    current = value;
    held.push_back(bitsOf(value));
  }
  if (bitsOf(current) != bitsOf(last)) {
    out << "the chain of stores ends at " << current << ", the word at " << last;
    return out.str();
  }
  std::sort(held.begin(), held.end());
  for (size_t i = 0; i < n; ++i) {
    if (!std::binary_search(held.begin(), held.end(), bitsOf(olds[i]))) {
      out << "thread " << i << " got " << olds[i] << ", which the word never held";
      return out.str();
    }
  }
  return "";
}

// Runs op at scope over vals (blocks x threads of them) on one word per kernel (per block for
// kBlock) starting at init; checks every word and returns the kernel's time in ms.
template <typename T>
float runMinMax(const std::vector<T>& vals, T init, unsigned threads, FpAtomicOp op,
                FpAtomicScope scope, T* hostWord = nullptr) {
  const unsigned blocks = static_cast<unsigned>(vals.size() / threads);
  DeviceBuffer<T> d_vals(vals);
  DeviceBuffer<T> olds(vals.size());
  DeviceBuffer<T> finals(blocks);
  DeviceBuffer<T> deviceWord(std::vector<T>{init});
  T* word = hostWord ? hostWord : deviceWord.ptr;
  TestStream stream;
  // Once to load the module and warm up, then timed.
  for (int pass = 0; pass < 2; ++pass) {
    if (hostWord) *hostWord = init;
    HIP_REQUIRE(hipMemcpy(deviceWord.ptr, &init, sizeof init, hipMemcpyHostToDevice));
    hipEvent_t start, stop;
    HIP_REQUIRE(hipEventCreate(&start));
    HIP_REQUIRE(hipEventCreate(&stop));
    HIP_REQUIRE(hipEventRecord(start, stream.s));
    HIP_REQUIRE(launchFpMinMax(word, d_vals.ptr, olds.ptr, finals.ptr, init, blocks, threads, op,
                               scope, stream.s));
    HIP_REQUIRE(hipEventRecord(stop, stream.s));
    HIP_REQUIRE(hipEventSynchronize(stop));
    float ms = 0;
    HIP_REQUIRE(hipEventElapsedTime(&ms, start, stop));
    (void)hipEventDestroy(start);
    (void)hipEventDestroy(stop);
    const std::vector<T> got = olds.read();
    if (scope == FpAtomicScope::kBlock) {
      const std::vector<T> ends = finals.read();
      for (unsigned b = 0; b < blocks; ++b) {
        const size_t at = size_t(b) * threads;
        const std::string error =
            checkMinMaxWord(init, vals.data() + at, got.data() + at, threads, ends[b], op);
        INFO("block " << b);
        REQUIRE(error == "");
      }
    } else {
      const T last = hostWord ? *hostWord : deviceWord.read()[0];
      const std::string error =
          checkMinMaxWord(init, vals.data(), got.data(), vals.size(), last, op);
      REQUIRE(error == "");
    }
    if (pass == 1) return ms;
  }
  return 0;
}

// hip-tests' min_max_common.hh pattern: every thread the same value, which beats the start.
template <typename T>
std::vector<T> sameValues(size_t n, FpAtomicOp op) {
  return std::vector<T>(n, op == FpAtomicOp::kMin ? T(3.5) : T(7.5));
}

// Each thread's value beats the one before (a store from nearly every thread when they run in
// order), across zero, with -0.0 and +0.0 in the middle and negatives after.
template <typename T>
std::vector<T> monotoneValues(size_t n, FpAtomicOp op) {
  std::vector<T> v(n);
  const long long half = static_cast<long long>(n / 2);
  for (size_t i = 0; i < n; ++i) {
    const long long k = half - static_cast<long long>(i);
    v[i] = T(op == FpAtomicOp::kMin ? k : -k) * T(0.25);
  }
  v[n / 2] = op == FpAtomicOp::kMin ? T(-0.0) : T(0.0);
  v[n / 2 + 1] = op == FpAtomicOp::kMin ? T(0.0) : T(-0.0);
  return v;
}

template <typename T>
std::vector<T> randomValues(size_t n) {
  std::mt19937 gen(12345);
  std::uniform_int_distribution<int> dist(-4000, 4000);
  std::vector<T> v(n);
  for (T& x : v) x = T(dist(gen)) * T(0.5);
  v[n / 3] = T(-0.0);
  return v;
}

}  // namespace

TEMPLATE_TEST_CASE(
    "float/double atomicMin/Max: signed zeros, NaN, infinities and negatives as AMD's", "[atomics]",
    float, double) {
  using T = TestType;
  const T nan = std::numeric_limits<T>::quiet_NaN();
  const T inf = std::numeric_limits<T>::infinity();
  struct Case {
    FpAtomicOp op;
    T init, value, expected;
  };
  const Case cases[] = {
      // min
      {FpAtomicOp::kMin, T(0.0), T(-0.0), T(0.0)},  // equal: the stored zero stays
      {FpAtomicOp::kMin, T(-0.0), T(0.0), T(-0.0)},
      {FpAtomicOp::kMin, nan, T(1), nan},   // a stored NaN is never replaced
      {FpAtomicOp::kMin, T(1), nan, T(1)},  // a NaN value is never stored
      {FpAtomicOp::kMin, T(1), T(-1), T(-1)},
      {FpAtomicOp::kMin, T(-1), T(-2), T(-2)},
      {FpAtomicOp::kMin, T(-2), T(-1), T(-2)},
      {FpAtomicOp::kMin, T(-0.0), T(-1), T(-1)},
      {FpAtomicOp::kMin, T(1), T(0.0), T(0.0)},
      {FpAtomicOp::kMin, T(1), T(-0.0), T(-0.0)},
      {FpAtomicOp::kMin, inf, -inf, -inf},
      {FpAtomicOp::kMin, T(-1e30), T(1e30), T(-1e30)},
      // max
      {FpAtomicOp::kMax, T(0.0), T(-0.0), T(0.0)},
      {FpAtomicOp::kMax, T(-0.0), T(0.0), T(-0.0)},
      {FpAtomicOp::kMax, nan, T(1), nan},
      {FpAtomicOp::kMax, T(1), nan, T(1)},
      {FpAtomicOp::kMax, T(-1), T(1), T(1)},
      {FpAtomicOp::kMax, T(-2), T(-1), T(-1)},
      {FpAtomicOp::kMax, T(-1), T(-2), T(-1)},
      {FpAtomicOp::kMax, T(-1), T(-0.0), T(-0.0)},
      {FpAtomicOp::kMax, T(-1), T(0.0), T(0.0)},
      {FpAtomicOp::kMax, -inf, inf, inf},
      {FpAtomicOp::kMax, T(1e30), T(-1e30), T(1e30)},
  };
  for (FpAtomicScope scope :
       {FpAtomicScope::kDevice, FpAtomicScope::kBlock, FpAtomicScope::kSystem}) {
    for (const Case& c : cases) {
      DeviceBuffer<T> word(std::vector<T>{c.init});
      DeviceBuffer<T> value(std::vector<T>{c.value});
      DeviceBuffer<T> old(1), blockWord(1);
      LAUNCH_AND_WAIT(launchFpMinMax(word.ptr, value.ptr, old.ptr, blockWord.ptr, c.init, 1, 1,
                                     c.op, scope, nullptr));
      const T end = scope == FpAtomicScope::kBlock ? blockWord.read()[0] : word.read()[0];
      const T got = old.read()[0];
      INFO("atomic" << opName(c.op) << scopeName(scope) << "(word = " << c.init << ", " << c.value
                    << ") left " << end << " and returned " << got);
      CHECK(bitsOf(end) == bitsOf(c.expected));
      CHECK(bitsOf(got) == bitsOf(c.init));
    }
  }
}

// 2^20 threads on one word: with a CAS only where the value changes, milliseconds; the loop that
// stored on every call serialised them all on that word (hip-tests' safeAtomicMin/Max
// SameAddress ran past their time limit). The bound is generous: 2 s of kernel time.
TEMPLATE_TEST_CASE(
    "float/double atomicMin/Max: 2^20 threads on one word, host reference, bounded time",
    "[atomics]", float, double) {
  using T = TestType;
  constexpr size_t kThreads = size_t(1) << 20;
  constexpr unsigned kBlockSize = 256;
  constexpr float kBoundMs = 2000.0f;
  for (FpAtomicOp op : {FpAtomicOp::kMin, FpAtomicOp::kMax}) {
    const T init = op == FpAtomicOp::kMin ? T(1e30) : T(-1e30);
    for (FpAtomicScope scope :
         {FpAtomicScope::kDevice, FpAtomicScope::kBlock, FpAtomicScope::kSystem}) {
      const std::pair<const char*, std::vector<T>> patterns[] = {
          {"same value", sameValues<T>(kThreads, op)},
          {"monotone", monotoneValues<T>(kThreads, op)},
          {"random", randomValues<T>(kThreads)},
      };
      for (const auto& [name, vals] : patterns) {
        INFO("atomic" << opName(op) << scopeName(scope) << ", " << name << " values");
        const T start = name == std::string("same value") ? T(5.5) : init;
        const float ms = runMinMax(vals, start, kBlockSize, op, scope);
        INFO("kernel time " << ms << " ms");
        CHECK(ms < kBoundMs);
      }
    }
  }
}

// The same on one word of hipHostMalloc memory at system scope (each atomic crosses PCIe), as
// hip-tests' SameAddress cases do: 2^18 threads, 10 s bound.
TEMPLATE_TEST_CASE(
    "float/double atomicMin/Max_system: 2^18 threads on one word of hipHostMalloc memory",
    "[atomics]", float, double) {
  using T = TestType;
  constexpr size_t kThreads = size_t(1) << 18;
  HostPinned<T> word(1);
  for (FpAtomicOp op : {FpAtomicOp::kMin, FpAtomicOp::kMax}) {
    INFO("atomic" << opName(op) << "_system");
    const float ms =
        runMinMax(sameValues<T>(kThreads, op), T(5.5), 256, op, FpAtomicScope::kSystem, word.ptr);
    INFO("kernel time " << ms << " ms");
    CHECK(ms < 10000.0f);
  }
}
