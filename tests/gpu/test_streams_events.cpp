// Streams, events and their ordering on real hardware.
#include <atomic>
#include <chrono>
#include <cstring>
#include <thread>
#include <vector>

#include "first_launch_kernels.h"
#include "gpu_test_support.h"
#include "kernels.h"

namespace {

// About 20 ms of GPU time at ~2 GHz: long enough to observe "not ready".
constexpr long long kSpinCycles = 40'000'000;

}  // namespace

TEST_CASE("stream and event queries see pending work, then completion") {
  hipStream_t s = nullptr;
  HIP_REQUIRE(hipStreamCreateWithFlags(&s, hipStreamNonBlocking));
  hipEvent_t start = nullptr, stop = nullptr;
  HIP_REQUIRE(hipEventCreate(&start));
  HIP_REQUIRE(hipEventCreate(&stop));
  DeviceBuffer<int> flag(1);
  HIP_REQUIRE(hipMemset(flag.ptr, 0, sizeof(int)));
  HIP_REQUIRE(hipEventRecord(start, s));
  HIP_REQUIRE(launchSpinThenWrite(kSpinCycles, flag.ptr, 42, s));
  HIP_REQUIRE(hipEventRecord(stop, s));
  CHECK(hipStreamQuery(s) == hipErrorNotReady);
  CHECK(hipEventQuery(stop) == hipErrorNotReady);
  float ms = 0;
  CHECK(hipEventElapsedTime(&ms, start, stop) == hipErrorNotReady);
  CHECK(hipPeekAtLastError() == hipSuccess);  // "not ready" is an answer, not an error
  HIP_REQUIRE(hipEventSynchronize(stop));
  CHECK(hipEventQuery(stop) == hipSuccess);
  HIP_REQUIRE(hipEventElapsedTime(&ms, start, stop));
  CHECK(ms > 1.0f);
  CHECK(ms < 5000.0f);
  HIP_REQUIRE(hipStreamSynchronize(s));
  CHECK(hipStreamQuery(s) == hipSuccess);
  int v = 0;
  HIP_REQUIRE(hipMemcpy(&v, flag.ptr, sizeof v, hipMemcpyDeviceToHost));
  CHECK(v == 42);
  HIP_CHECK(hipEventDestroy(start));
  HIP_CHECK(hipEventDestroy(stop));
  HIP_CHECK(hipStreamDestroy(s));
}

TEST_CASE("hipStreamWaitEvent orders work across streams") {
  hipStream_t producer = nullptr, consumer = nullptr;
  HIP_REQUIRE(hipStreamCreateWithFlags(&producer, hipStreamNonBlocking));
  HIP_REQUIRE(hipStreamCreateWithFlags(&consumer, hipStreamNonBlocking));
  hipEvent_t ready = nullptr;
  HIP_REQUIRE(hipEventCreateWithFlags(&ready, hipEventDisableTiming));
  DeviceBuffer<int> flag(1), out(1);
  HIP_REQUIRE(hipMemset(flag.ptr, 0, sizeof(int)));
  HIP_REQUIRE(hipMemset(out.ptr, 0, sizeof(int)));
  HIP_REQUIRE(launchSpinThenWrite(kSpinCycles, flag.ptr, 7, producer));
  HIP_REQUIRE(hipEventRecord(ready, producer));
  HIP_REQUIRE(hipStreamWaitEvent(consumer, ready, 0));
  HIP_REQUIRE(launchCopyFlag(flag.ptr, out.ptr, consumer));
  HIP_REQUIRE(hipStreamSynchronize(consumer));
  int v = 0;
  HIP_REQUIRE(hipMemcpy(&v, out.ptr, sizeof v, hipMemcpyDeviceToHost));
  CHECK(v == 7);  // without the wait the copy would have read 0
  HIP_CHECK(hipEventDestroy(ready));
  HIP_CHECK(hipStreamDestroy(producer));
  HIP_CHECK(hipStreamDestroy(consumer));
}

TEST_CASE("hipLaunchHostFunc runs after earlier work; later work waits for it") {
  hipStream_t s = nullptr;
  HIP_REQUIRE(hipStreamCreateWithFlags(&s, hipStreamNonBlocking));
  int* pinned = nullptr;  // [0]: copied from the GPU before the call; [1]: written by the call
  HIP_REQUIRE(hipHostMalloc(reinterpret_cast<void**>(&pinned), 2 * sizeof(int), 0));
  pinned[0] = pinned[1] = 0;
  DeviceBuffer<int> flag(1);
  HIP_REQUIRE(hipMemset(flag.ptr, 0, sizeof(int)));
  struct Call {
    int* pinned;
    int seen = -1;
    std::atomic<bool> ran{false};
  } call{pinned};
  auto fn = [](void* p) {
    auto* c = static_cast<Call*>(p);
    c->seen = c->pinned[0];
    c->pinned[1] = 99;  // the copy queued after this call must read it
    c->ran = true;
  };
  HIP_REQUIRE(launchSpinThenWrite(kSpinCycles, flag.ptr, 42, s));
  HIP_REQUIRE(hipMemcpyAsync(&pinned[0], flag.ptr, sizeof(int), hipMemcpyDeviceToHost, s));
  HIP_REQUIRE(hipLaunchHostFunc(s, fn, &call));
  HIP_REQUIRE(hipMemcpyAsync(flag.ptr, &pinned[1], sizeof(int), hipMemcpyHostToDevice, s));
  CHECK_FALSE(call.ran);  // the ~20 ms spin is still running
  CHECK(hipStreamQuery(s) == hipErrorNotReady);
  HIP_REQUIRE(hipStreamSynchronize(s));
  CHECK(call.ran);
  CHECK(call.seen == 42);
  int v = 0;
  HIP_REQUIRE(hipMemcpy(&v, flag.ptr, sizeof v, hipMemcpyDeviceToHost));
  CHECK(v == 99);
  CHECK(hipLaunchHostFunc(s, nullptr, nullptr) == hipErrorInvalidValue);
  HIP_CHECK(hipStreamDestroy(s));
  CHECK(hipLaunchHostFunc(s, fn, &call) == hipErrorContextIsDestroyed);
  HIP_CHECK(hipHostFree(pinned));
}

TEST_CASE("hipStreamAddCallback gets the user's stream, hipSuccess and its data") {
  struct Seen {
    hipStream_t stream = nullptr;
    hipError_t status = hipErrorUnknown;
    std::atomic<int> calls{0};
  };
  auto record = [](hipStream_t stream, hipError_t status, void* p) {
    auto* seen = static_cast<Seen*>(p);
    seen->stream = stream;
    seen->status = status;
    ++seen->calls;
  };
  hipStream_t s = nullptr;
  HIP_REQUIRE(hipStreamCreate(&s));
  DeviceBuffer<int> flag(1);
  Seen onStream, onNull;
  HIP_REQUIRE(launchSpinThenWrite(kSpinCycles / 4, flag.ptr, 1, s));
  HIP_REQUIRE(hipStreamAddCallback(s, record, &onStream, 0));
  HIP_REQUIRE(hipStreamAddCallback(nullptr, record, &onNull, 0));
  CHECK(hipStreamAddCallback(s, record, &onStream, 1) == hipErrorInvalidValue);
  HIP_REQUIRE(hipStreamSynchronize(s));
  HIP_REQUIRE(hipStreamSynchronize(nullptr));
  CHECK(onStream.calls == 1);
  CHECK(onStream.stream == s);
  CHECK(onStream.status == hipSuccess);
  CHECK(onNull.calls == 1);
  CHECK(onNull.stream == nullptr);
  CHECK(onNull.status == hipSuccess);
  HIP_CHECK(hipStreamDestroy(s));
}

TEST_CASE("async copies with pinned memory on two streams, timed by events") {
  const size_t n = 1 << 22;
  float* host = nullptr;
  HIP_REQUIRE(hipHostMalloc(reinterpret_cast<void**>(&host), 2 * n * sizeof(float), 0));
  for (size_t i = 0; i < 2 * n; ++i) host[i] = static_cast<float>(i % 1000);
  DeviceBuffer<float> a(n), b(n);
  hipStream_t s[2];
  hipEvent_t done[2];
  for (int i = 0; i < 2; ++i) {
    HIP_REQUIRE(hipStreamCreate(&s[i]));
    HIP_REQUIRE(hipEventCreate(&done[i]));
  }
  HIP_REQUIRE(hipMemcpyAsync(a.ptr, host, n * sizeof(float), hipMemcpyHostToDevice, s[0]));
  HIP_REQUIRE(hipMemcpyAsync(b.ptr, host + n, n * sizeof(float), hipMemcpyDefault, s[1]));
  HIP_REQUIRE(hipMemsetAsync(host, 0, 0, s[0]));  // zero bytes: a no-op
  HIP_REQUIRE(hipEventRecord(done[0], s[0]));
  HIP_REQUIRE(hipEventRecord(done[1], s[1]));
  HIP_REQUIRE(hipEventSynchronize(done[0]));
  HIP_REQUIRE(hipEventSynchronize(done[1]));
  std::vector<float> back(2 * n, -1.0f);
  HIP_REQUIRE(hipMemcpyAsync(back.data(), a.ptr, n * sizeof(float), hipMemcpyDeviceToHost, s[0]));
  HIP_REQUIRE(hipMemcpyAsync(back.data() + n, b.ptr, n * sizeof(float), hipMemcpyDeviceToHost, s[1]));
  HIP_REQUIRE(hipDeviceSynchronize());
  size_t wrong = 0;
  for (size_t i = 0; i < 2 * n; ++i) wrong += back[i] != static_cast<float>(i % 1000);
  CHECK(wrong == 0);
  for (int i = 0; i < 2; ++i) {
    HIP_CHECK(hipEventDestroy(done[i]));
    HIP_CHECK(hipStreamDestroy(s[i]));
  }
  HIP_CHECK(hipHostFree(host));
}

TEST_CASE("memset and device-to-device copies; the per-thread stream") {
  const size_t n = 1 << 20;
  DeviceBuffer<unsigned char> a(n), b(n);
  HIP_REQUIRE(hipMemset(a.ptr, 0xab, n));
  HIP_REQUIRE(hipMemcpy(b.ptr, a.ptr, n, hipMemcpyDeviceToDevice));
  HIP_REQUIRE(hipMemsetAsync(a.ptr, 0x11, n / 2, hipStreamPerThread));
  HIP_REQUIRE(hipStreamSynchronize(hipStreamPerThread));
  std::vector<unsigned char> ha(n), hb(n);
  HIP_REQUIRE(hipMemcpy(ha.data(), a.ptr, n, hipMemcpyDefault));
  HIP_REQUIRE(hipMemcpy(hb.data(), b.ptr, n, hipMemcpyDeviceToHost));
  size_t wrong = 0;
  for (size_t i = 0; i < n; ++i) {
    wrong += hb[i] != 0xab;
    wrong += ha[i] != (i < n / 2 ? 0x11 : 0xab);
  }
  CHECK(wrong == 0);
  HIP_REQUIRE(hipMemsetD32(reinterpret_cast<hipDeviceptr_t>(a.ptr), 0x01020304, n / 4));
  unsigned word = 0;
  HIP_REQUIRE(hipMemcpy(&word, a.ptr + 4, 4, hipMemcpyDeviceToHost));
  CHECK(word == 0x01020304u);
}

TEST_CASE("destroyed handles and bad arguments on real hardware") {
  hipStream_t s = nullptr;
  HIP_REQUIRE(hipStreamCreate(&s));
  HIP_REQUIRE(hipStreamDestroy(s));
  CHECK(hipStreamSynchronize(s) == hipErrorContextIsDestroyed);
  DeviceBuffer<float> d(16);
  // HIP 7 answers a launch on a destroyed stream with hipErrorContextIsDestroyed.
  CHECK(launchVectorAddArgs(d.ptr, d.ptr, d.ptr, 16, s) == hipErrorContextIsDestroyed);
  hipEvent_t e = nullptr;
  HIP_REQUIRE(hipEventCreate(&e));
  HIP_REQUIRE(hipEventDestroy(e));
  CHECK(hipEventRecord(e, nullptr) == hipErrorInvalidHandle);
  void* p = nullptr;
  CHECK(hipMalloc(&p, size_t{1} << 52) == hipErrorOutOfMemory);
  CHECK(p == nullptr);
  CHECK(hipGetLastError() == hipErrorOutOfMemory);
  CHECK(hipGetLastError() == hipSuccess);
}

TEST_CASE("hipDeviceReset destroys the device's state; kernels reload afterwards") {
  hipStream_t s = nullptr;
  HIP_REQUIRE(hipStreamCreate(&s));
  HIP_REQUIRE(hipDeviceReset());
  CHECK(hipStreamSynchronize(s) == hipErrorContextIsDestroyed);
  CHECK(hipGetLastError() == hipErrorContextIsDestroyed);  // the launch wrapper reads it below
  const int n = 4096;
  std::vector<float> a(n, 2.0f), c(n, 0.0f);
  DeviceBuffer<float> da(n), dc(n);
  HIP_REQUIRE(hipMemcpy(da.ptr, a.data(), n * sizeof(float), hipMemcpyHostToDevice));
  HIP_REQUIRE(launchVectorAddChevrons(da.ptr, da.ptr, dc.ptr, n, nullptr));
  HIP_REQUIRE(hipMemcpy(c.data(), dc.ptr, n * sizeof(float), hipMemcpyDeviceToHost));
  CHECK(c[0] == 4.0f);
  CHECK(c[n - 1] == 4.0f);
  (void)hipGetLastError();
}

TEST_CASE("large pageable copies (the staged path) keep every byte") {
  const size_t n = (size_t{64} << 20) + 12345;  // not a multiple of the staging chunk
  std::vector<unsigned char> up(n), down(n, 0);
  for (size_t i = 0; i < n; ++i) up[i] = static_cast<unsigned char>((i * 2654435761u) >> 13);
  DeviceBuffer<unsigned char> d(n);
  HIP_REQUIRE(hipMemset(d.ptr, 0, n));
  HIP_REQUIRE(hipMemcpy(d.ptr, up.data(), n, hipMemcpyHostToDevice));
  HIP_REQUIRE(hipMemcpy(down.data(), d.ptr, n, hipMemcpyDeviceToHost));
  CHECK(std::memcmp(up.data(), down.data(), n) == 0);
  // A copy right after a kernel on the null stream sees the kernel's result.
  HIP_REQUIRE(hipMemset(d.ptr, 0x7e, n));
  HIP_REQUIRE(hipMemcpy(down.data(), d.ptr, n, hipMemcpyDeviceToHost));
  size_t wrong = 0;
  for (size_t i = 0; i < n; ++i) wrong += down[i] != 0x7e;
  CHECK(wrong == 0);
}

// hip-tests' Unit_hipMemsetDSync: the synchronous 8/16/32-bit fills of device memory return while
// earlier work still runs (CUDA's and AMD's); of pinned host memory, once done.
TEST_CASE("synchronous fills wait only for host memory") {
  DeviceBuffer<int> flag(1);
  DeviceBuffer<uint32_t> dev(1024);
  uint32_t* host = nullptr;
  HIP_REQUIRE(hipHostMalloc(reinterpret_cast<void**>(&host), 1024 * sizeof(uint32_t)));
  for (int width : {1, 2, 4}) {
    CAPTURE(width);
    auto fill = [&](void* p) {
      const auto d = reinterpret_cast<hipDeviceptr_t>(p);
      if (width == 1) return hipMemsetD8(d, 7, 1024);
      return width == 2 ? hipMemsetD16(d, 7, 1024) : hipMemsetD32(d, 7, 1024);
    };
    HIP_REQUIRE(launchSpinThenWrite(kSpinCycles, flag.ptr, 1, nullptr));
    HIP_REQUIRE(fill(dev.ptr));
    CHECK(hipStreamQuery(nullptr) == hipErrorNotReady);
    HIP_REQUIRE(hipDeviceSynchronize());
    HIP_REQUIRE(launchSpinThenWrite(kSpinCycles, flag.ptr, 2, nullptr));
    HIP_REQUIRE(fill(host));
    CHECK(hipStreamQuery(nullptr) == hipSuccess);
    CHECK(reinterpret_cast<unsigned char*>(host)[0] == 7);
  }
  HIP_CHECK(hipHostFree(host));
}

// hipStreamWaitValue's mask: CUDA's driver has none, so masked Gte/Eq/Nor waits run as a polling
// kernel. Each wait must hold later work back until the host makes the masked word match, and
// release it then. Signal memory (hipMallocSignalMemory) is host-written, as AMD's is.
TEST_CASE("masked stream waits hold work until the masked word matches; signal memory") {
  struct Case {
    unsigned flags;
    uint64_t mask, wait, fail, pass;
  };
  const Case cases[] = {
      {hipStreamWaitValueGte, 0xF, 0x4, 0x3, 0x6},
      {hipStreamWaitValueEq, 0x0000FFFF, 0x1, 0x0FFF0000, 0x0FFF0001},
      {hipStreamWaitValueNor, 0xFF, 0xF0, 0xFF0F, 0xFF00},  // ~(w | 0xF0) & 0xFF != 0
  };
  uint64_t* signal = nullptr;
  HIP_REQUIRE(hipExtMallocWithFlags(reinterpret_cast<void**>(&signal), 8, hipMallocSignalMemory));
  *signal = 0;  // host-accessible, as on AMD
  uint32_t* word = nullptr;
  HIP_REQUIRE(hipHostMalloc(reinterpret_cast<void**>(&word), 2 * sizeof(uint32_t)));
  hipStream_t s = nullptr;
  HIP_REQUIRE(hipStreamCreateWithFlags(&s, hipStreamNonBlocking));
  for (const Case& c : cases) {
    for (const bool wide : {false, true}) {
      INFO("flags " << c.flags << (wide ? " 64-bit on signal memory" : " 32-bit"));
      word[1] = 0;
      if (wide) *signal = c.fail; else word[0] = static_cast<uint32_t>(c.fail);
      HIP_CHECK(wide ? hipStreamWaitValue64(s, signal, c.wait, c.flags, c.mask)
                     : hipStreamWaitValue32(s, word, static_cast<uint32_t>(c.wait), c.flags,
                                            static_cast<uint32_t>(c.mask)));
      HIP_CHECK(hipStreamWriteValue32(s, word + 1, 7, 0));
      std::this_thread::sleep_for(std::chrono::milliseconds(20));
      CHECK(hipStreamQuery(s) == hipErrorNotReady);
      CHECK(__atomic_load_n(&word[1], __ATOMIC_ACQUIRE) == 0u);
      if (wide) __atomic_store_n(signal, c.pass, __ATOMIC_RELEASE);
      else __atomic_store_n(&word[0], static_cast<uint32_t>(c.pass), __ATOMIC_RELEASE);
      HIP_CHECK(hipStreamSynchronize(s));
      CHECK(word[1] == 7u);
    }
  }
  HIP_CHECK(hipStreamDestroy(s));
  HIP_CHECK(hipHostFree(word));
  HIP_CHECK(hipFree(signal));  // hipFree releases signal memory, as AMD's runtime does
}

// hip-tests' BlockingContext: a callback holds the stream on the host until the test lets it go,
// and a kernel is launched behind it. A launch that loads its module then waits for the held
// stream (the driver's module load does) would never return; here the callback gives up after
// 10 s so a failure is an assertion, not a hang. Run alone, this launch is its module's first.
TEST_CASE("a kernel's first launch behind a callback that holds the stream returns") {
  struct Hold {
    std::atomic<bool> release{false};
    std::atomic<bool> gaveUp{false};
  } hold;
  auto holdStream = [](hipStream_t, hipError_t, void* p) {
    auto* h = static_cast<Hold*>(p);
    const auto end = std::chrono::steady_clock::now() + std::chrono::seconds(10);
    while (!h->release.load()) {
      if (std::chrono::steady_clock::now() > end) {
        h->gaveUp = true;
        return;
      }
      std::this_thread::yield();
    }
  };
  DeviceBuffer<int> out(1);
  HIP_REQUIRE(hipMemset(out.ptr, 0, sizeof(int)));
  HIP_REQUIRE(hipDeviceSynchronize());
  HIP_REQUIRE(hipStreamAddCallback(nullptr, holdStream, &hold, 0));
  HIP_REQUIRE(launchFirstLaunchStore(out.ptr, 7, nullptr));
  const bool launchedWhileHeld = !hold.gaveUp.load();
  CHECK(hipStreamQuery(nullptr) == hipErrorNotReady);  // still held
  hold.release = true;
  HIP_REQUIRE(hipDeviceSynchronize());
  CHECK(launchedWhileHeld);
  int v = 0;
  HIP_REQUIRE(hipMemcpy(&v, out.ptr, sizeof v, hipMemcpyDeviceToHost));
  CHECK(v == 7);
}
