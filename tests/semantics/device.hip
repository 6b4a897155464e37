// Device-side behaviour: printf ordering and buffer limits, assert, device malloc limits,
// __syncthreads in divergent code (undefined: reported, not judged), warp size and lane masks,
// atomics' visibility between blocks and to the host (mapped and managed memory).
#include "sem.h"

#include <chrono>
#include <thread>

#include <unistd.h>

namespace {

__global__ void devPrintOne(int v) { printf("SEMLINE one %d\n", v); }
__global__ void devPrintOrdered() {
  printf("SEMLINE first\n");
  printf("SEMLINE second\n");
}
__global__ void devPrintEach() { printf("SEMLINE t%u\n", blockIdx.x * blockDim.x + threadIdx.x); }
__global__ void devPrintFormats(const char* s) {
  printf("SEMLINE %d %u %x %lld %.3f %c %s %5d|%-3d|\n", -5, 7u, 255, -1234567890123ll, 3.14159,
         'Z', s, 42, 1);
}
__global__ void devPrintReturn(int* out) { *out = printf("SEMLINE ret %d\n", 1); }
__global__ void devPrintMany(int lines) {
  for (int i = 0; i < lines; ++i) printf("SEMLINE many %07d %u.......................\n", i, threadIdx.x);
}

std::string printRun(const std::function<void()>& launch, sem::Obs& o) {
  std::string text = sem::captureStdout([&] {
    launch();
    o.err("launch", hipGetLastError()).err("sync", hipDeviceSynchronize());
  });
  return text;
}

}  // namespace

SEM_CASE(device, printf_one_line, "device printf prints at the next synchronisation") {
  sem::Obs o;
  std::string t = printRun([] { devPrintOne<<<1, 1>>>(42); }, o);
  return o.val("found", t.find("SEMLINE one 42\n") != std::string::npos);
}
SEM_CASE(device, printf_before_sync,
         "printf output is not guaranteed before a sync point (lines seen before sync)") {
  sem::Obs o;
  std::string before = sem::captureStdout([] {
    devPrintOne<<<1, 1>>>(1);
    std::this_thread::sleep_for(std::chrono::milliseconds(300));
  });
  std::string after = sem::captureStdout([] { (void)hipDeviceSynchronize(); });
  return o.val("before", sem::countLines(before, "SEMLINE")).val("after", sem::countLines(after, "SEMLINE"));
}
SEM_CASE(device, printf_order_within_thread, "one thread's printf calls print in program order") {
  sem::Obs o;
  std::string t = printRun([] { devPrintOrdered<<<1, 1>>>(); }, o);
  size_t a = t.find("SEMLINE first"), b = t.find("SEMLINE second");
  return o.str("order", a == std::string::npos || b == std::string::npos ? "missing"
                        : a < b                                         ? "program"
                                                                        : "reversed");
}
SEM_CASE(device, printf_all_threads, "256 threads' printf each print one line") {
  sem::Obs o;
  std::string t = printRun([] { devPrintEach<<<4, 64>>>(); }, o);
  return o.val("lines", sem::countLines(t, "SEMLINE t"));
}
SEM_CASE(device, printf_formats, "printf conversions %d %u %x %lld %.3f %c %s and widths") {
  char* s = nullptr;
  (void)hipMalloc(&s, 8);
  (void)hipMemcpy(s, "dev", 4, hipMemcpyHostToDevice);
  sem::Obs o;
  std::string t = printRun([s] { devPrintFormats<<<1, 1>>>(s); }, o);
  size_t p = t.find("SEMLINE ");
  std::string line = p == std::string::npos ? "" : t.substr(p, t.find('\n', p) - p);
  bool exact = line == "SEMLINE -5 7 ff -1234567890123 3.142 Z dev    42|1  |";
  return o.str("line", exact ? "exact" : "differs").note(line);
}
SEM_CASE(device, printf_return_value,
         "device printf's return value (observe: CUDA documents the number of arguments parsed)") {
  int* d = nullptr;
  (void)hipMalloc(&d, sizeof(int));
  sem::Obs o;
  printRun([d] { devPrintReturn<<<1, 1>>>(d); }, o);
  int h = -99;
  (void)hipMemcpy(&h, d, sizeof h, hipMemcpyDeviceToHost);
  return o.val("ret", h);
}
SEM_CASE(device, printf_fifo_default, "hipDeviceGetLimit(hipLimitPrintfFifoSize)") {
  size_t v = 0;
  hipError_t e = hipDeviceGetLimit(&v, hipLimitPrintfFifoSize);
  return sem::Obs().err("status", e).val("bytes", static_cast<long long>(v));
}
SEM_CASE(device, printf_overflow_default_fifo,
         "more printf output than the FIFO holds: the excess is dropped (lines counted)") {
  sem::Obs o;
  std::string t = printRun([] { devPrintMany<<<8, 32>>>(400); }, o);  // 102400 lines, ~6 MB of text
  return o.val("lines", sem::countLines(t, "SEMLINE many"));
}
SEM_CASE(device, printf_fifo_raised,
         "hipDeviceSetLimit(PrintfFifoSize, 64 MiB) then the same output fits") {
  sem::Obs o;
  o.err("set", hipDeviceSetLimit(hipLimitPrintfFifoSize, size_t(64) << 20));
  std::string t = printRun([] { devPrintMany<<<8, 32>>>(400); }, o);
  return o.val("lines", sem::countLines(t, "SEMLINE many"));
}
SEM_CASE(device, printf_fifo_set_after_launch,
         "hipDeviceSetLimit(PrintfFifoSize) after a launch (CUDA: still allowed?)") {
  devPrintOne<<<1, 1>>>(0);
  (void)hipDeviceSynchronize();
  return sem::Obs().err("set", hipDeviceSetLimit(hipLimitPrintfFifoSize, size_t(4) << 20));
}

// assert
__global__ void devAssertTrue(int* out) {
  assert(out != nullptr);
  *out = 5;
}
__global__ void devAssertOneThread(int* out) {
  assert(threadIdx.x != 17);
  atomicAdd(out, 1);
}
SEM_CASE(device, assert_true_no_effect, "a passing assert has no effect") {
  int* d = nullptr;
  (void)hipMalloc(&d, sizeof(int));
  devAssertTrue<<<1, 1>>>(d);
  sem::Obs o;
  o.err("sync", hipDeviceSynchronize());
  int h = 0;
  (void)hipMemcpy(&h, d, sizeof h, hipMemcpyDeviceToHost);
  return o.val("out", h);
}
SEM_CASE(device, assert_message, "a failing assert prints a message naming the condition") {
  int* d = nullptr;
  (void)hipMalloc(&d, sizeof(int));
  sem::Obs o;
  // The message may go to stderr: capture fd 2 as well by pointing it at stdout.
  int saved = dup(2);
  std::string t = sem::captureStdout([&] {
    dup2(1, 2);
    devAssertOneThread<<<1, 32>>>(d);
    o.err("sync", hipDeviceSynchronize());
    fflush(stderr);
  });
  dup2(saved, 2);
  return o.val("mentions_condition", t.find("threadIdx.x != 17") != std::string::npos);
}

// Device malloc.
#if !defined(SEM_NO_DEVICE_MALLOC)
__global__ void devMalloc(size_t bytes, int* out) {
  char* p = static_cast<char*>(malloc(bytes));
  out[0] = p != nullptr;
  if (p) {
    p[0] = 1;
    p[bytes ? bytes - 1 : 0] = 2;
    free(p);
  }
}
__global__ void devMallocMany(int* ok) {
  int* p = static_cast<int*>(malloc(64));
  if (p) {
    *p = 1;
    atomicAdd(ok, *p);
    free(p);
  }
}
__global__ void devFreeNull(int* out) {
  free(nullptr);
  *out = 1;
}
#endif
sem::Obs mallocCase(size_t bytes, size_t heap) {
#if defined(SEM_NO_DEVICE_MALLOC)
  (void)bytes;
  (void)heap;
  return sem::Obs().str("result", "no-device-malloc").note("malloc/free not declared for kernels");
#else
  sem::Obs o;
  if (heap) o.err("set_heap", hipDeviceSetLimit(hipLimitMallocHeapSize, heap));
  int* d = nullptr;
  (void)hipMalloc(&d, sizeof(int));
  devMalloc<<<1, 1>>>(bytes, d);
  o.err("launch", hipGetLastError()).err("sync", hipDeviceSynchronize());
  int h = -1;
  (void)hipMemcpy(&h, d, sizeof h, hipMemcpyDeviceToHost);
  return o.val("non_null", h);
#endif
}
SEM_CASE(device, malloc_small, "device malloc(64) returns memory") { return mallocCase(64, 0); }
SEM_CASE(device, malloc_zero, "device malloc(0): null or a unique pointer (observe)") {
  return mallocCase(0, 0);
}
SEM_CASE(device, malloc_over_default_heap,
         "device malloc larger than the default heap (8 MiB): returns null") {
  return mallocCase(size_t(64) << 20, 0);
}
SEM_CASE(device, malloc_after_heap_raised,
         "after hipDeviceSetLimit(MallocHeapSize, 256 MiB), malloc(64 MiB) succeeds") {
  return mallocCase(size_t(64) << 20, size_t(256) << 20);
}
SEM_CASE(device, malloc_heap_limit_default, "hipDeviceGetLimit(hipLimitMallocHeapSize)") {
  size_t v = 0;
  hipError_t e = hipDeviceGetLimit(&v, hipLimitMallocHeapSize);
  return sem::Obs().err("status", e).val("bytes", static_cast<long long>(v));
}
SEM_CASE(device, malloc_many_threads, "64 KiB threads each malloc(64): every one succeeds") {
#if defined(SEM_NO_DEVICE_MALLOC)
  return sem::Obs().str("result", "no-device-malloc");
#else
  int* d = nullptr;
  (void)hipMalloc(&d, sizeof(int));
  (void)hipMemset(d, 0, sizeof(int));
  devMallocMany<<<256, 256>>>(d);
  sem::Obs o;
  o.err("sync", hipDeviceSynchronize());
  int h = 0;
  (void)hipMemcpy(&h, d, sizeof h, hipMemcpyDeviceToHost);
  return o.val("ok", h);
#endif
}
SEM_CASE(device, free_null, "device free(nullptr) is a no-op") {
#if defined(SEM_NO_DEVICE_MALLOC)
  return sem::Obs().str("result", "no-device-malloc");
#else
  int* d = nullptr;
  (void)hipMalloc(&d, sizeof(int));
  devFreeNull<<<1, 1>>>(d);
  sem::Obs o;
  o.err("sync", hipDeviceSynchronize());
  int h = 0;
  (void)hipMemcpy(&h, d, sizeof h, hipMemcpyDeviceToHost);
  return o.val("out", h);
#endif
}

// __syncthreads in divergent code: undefined in HIP and CUDA; report what happens.
__global__ void devDivergentSync(int* out) {
  if (threadIdx.x < 16) {
    __syncthreads();
    atomicAdd(out, 1);
  } else {
    atomicAdd(out, 100);
  }
}
__global__ void devDivergentSyncWarps(int* out) {
  if (threadIdx.x < 64) __syncthreads();  // only the first two warps reach the barrier
  atomicAdd(out, 1);
}
static sem::Obs divergent(void (*k)(int*), unsigned threads) {
  int* d = nullptr;
  (void)hipMalloc(&d, sizeof(int));
  (void)hipMemset(d, 0, sizeof(int));
  k<<<1, threads>>>(d);
  sem::Obs o;
  o.err("launch", hipGetLastError()).err("sync", hipDeviceSynchronize());
  int h = -1;
  (void)hipMemcpy(&h, d, sizeof h, hipMemcpyDeviceToHost);
  return o.val("sum", h);
}
SEM_CASE(device, syncthreads_divergent_in_warp,
         "undefined (HIP/CUDA): __syncthreads reached by half a warp; report") {
  return divergent(devDivergentSync, 32);
}
SEM_CASE(device, syncthreads_divergent_warps,
         "undefined (HIP/CUDA): __syncthreads reached by 2 of 4 warps; report (may hang)") {
  return divergent(devDivergentSyncWarps, 128);
}

// Warp size and lane masks.
__global__ void devWarpInfo(unsigned long long* out) {
  unsigned lane = threadIdx.x % warpSize;
  if (threadIdx.x == 5) {
    out[0] = warpSize;
    out[1] = __lanemask_lt();
    out[2] = __lane_id();
  }
  unsigned long long b = __ballot(lane < 3);
  if (threadIdx.x == 0) out[3] = b;
  if (threadIdx.x < 8) {
    unsigned long long m = __activemask();
    if (threadIdx.x == 0) out[4] = m;
  }
  int v = __shfl_down(static_cast<int>(threadIdx.x), 1);
  if (threadIdx.x == 0) out[5] = v;
}
static unsigned long long warpInfo(int i) {
  unsigned long long* d = nullptr;
  (void)hipMalloc(&d, 8 * sizeof(unsigned long long));
  (void)hipMemset(d, 0xff, 8 * sizeof(unsigned long long));
  devWarpInfo<<<1, 64>>>(d);
  (void)hipDeviceSynchronize();
  unsigned long long h[8];
  (void)hipMemcpy(h, d, sizeof h, hipMemcpyDeviceToHost);
  return h[i];
}
SEM_CASE(device, warp_size_device, "warpSize in a kernel equals the device attribute") {
  return sem::Obs().val("device", static_cast<long long>(warpInfo(0))).val("host", sem::deviceAttr(hipDeviceAttributeWarpSize));
}
SEM_CASE(device, lanemask_lt_lane5, "__lanemask_lt() in lane 5 = 0x1f") {
  return sem::Obs().val("mask", static_cast<long long>(warpInfo(1)));
}
SEM_CASE(device, lane_id_lane5, "__lane_id() in lane 5 = 5") {
  return sem::Obs().val("lane", static_cast<long long>(warpInfo(2)));
}
SEM_CASE(device, ballot_low3, "__ballot(lane < 3) = 0x7 (64-bit in HIP)") {
  return sem::Obs().val("ballot", static_cast<long long>(warpInfo(3)));
}
SEM_CASE(device, activemask_divergent, "__activemask() inside if (lane < 8) = 0xff") {
  return sem::Obs().val("mask", static_cast<long long>(warpInfo(4)));
}
SEM_CASE(device, shfl_down_lane0, "__shfl_down(tid, 1) in lane 0 = 1") {
  return sem::Obs().val("value", static_cast<long long>(warpInfo(5)));
}

// Atomics between blocks and to the host.
__global__ void devAtomicCount(unsigned* c) { atomicAdd(c, 1u); }
__global__ void devMessagePass(volatile int* data, volatile int* flag, int* out, long long limit) {
  if (blockIdx.x == 0) {
    data[0] = 42;
    __threadfence();
    atomicExch(const_cast<int*>(flag), 1);
  } else {
    long long start = clock64();
    while (atomicAdd(const_cast<int*>(flag), 0) == 0 && clock64() - start < limit) {
    }
    __threadfence();
    out[0] = data[0];
  }
}
// Kernel and host handshake: the kernel raises `ping`, waits for the host's `pong`.
__global__ void devHandshake(volatile int* ping, volatile int* pong, int* result, long long limit) {
  atomicExch_system(const_cast<int*>(ping), 1);
  long long start = clock64();
  while (*pong == 0 && clock64() - start < limit) {
  }
  *result = *pong == 0 ? 2 : 1;  // 1: saw the host's write, 2: timed out
}
static sem::Obs handshake(int* ping, int* pong, int* result) {
  *ping = 0;
  *pong = 0;
  *result = 0;
  devHandshake<<<1, 1>>>(ping, pong, result, sem::cyclesForMs(2000));
  sem::Obs o;
  o.err("launch", hipGetLastError());
  auto start = std::chrono::steady_clock::now();
  bool seen = false;
  while (std::chrono::steady_clock::now() - start < std::chrono::seconds(3)) {
    if (__atomic_load_n(ping, __ATOMIC_SEQ_CST)) {
      seen = true;
      break;
    }
  }
  __atomic_store_n(pong, 1, __ATOMIC_SEQ_CST);
  o.err("sync", hipDeviceSynchronize());
  o.val("host_saw_kernel", seen).val("kernel_saw_host", *result == 1);
  return o;
}


SEM_CASE(device, atomics_between_blocks, "atomicAdd from 4096 blocks x 256 threads counts all") {
  unsigned* d = nullptr;
  (void)hipMalloc(&d, sizeof(unsigned));
  (void)hipMemset(d, 0, sizeof(unsigned));
  devAtomicCount<<<4096, 256>>>(d);
  sem::Obs o;
  o.err("sync", hipDeviceSynchronize());
  unsigned h = 0;
  (void)hipMemcpy(&h, d, sizeof h, hipMemcpyDeviceToHost);
  return o.val("count", h);
}
SEM_CASE(device, threadfence_message_passing,
         "data written before __threadfence + flag is visible to a block that sees the flag") {
  int* d = nullptr;
  (void)hipMalloc(&d, 3 * sizeof(int));
  (void)hipMemset(d, 0, 3 * sizeof(int));
  devMessagePass<<<2, 1>>>(d, d + 1, d + 2, sem::cyclesForMs(2000));
  sem::Obs o;
  o.err("sync", hipDeviceSynchronize());
  int h = 0;
  (void)hipMemcpy(&h, d + 2, sizeof h, hipMemcpyDeviceToHost);
  return o.val("seen", h);
}
SEM_CASE(device, atomics_visible_mapped_host,
         "mapped pinned memory: host and a running kernel see each other's writes") {
  int* h = nullptr;
  (void)hipHostMalloc(&h, 3 * sizeof(int), hipHostMallocMapped | hipHostMallocCoherent);
  return handshake(h, h + 1, h + 2);
}
SEM_CASE(device, atomics_visible_managed,
         "managed memory: host and a running kernel see each other's writes "
         "(needs concurrentManagedAccess)") {
  int* m = nullptr;
  sem::Obs pre;
  hipError_t e = hipMallocManaged(&m, 3 * sizeof(int), hipMemAttachGlobal);
  if (e != hipSuccess) return pre.err("alloc", e);
  sem::Obs o = handshake(m, m + 1, m + 2);
  return o.note("concurrentManagedAccess=" +
                std::to_string(sem::deviceAttr(hipDeviceAttributeConcurrentManagedAccess)));
}
__global__ void devAtomicSystemAdd(int* p, int n) {
  for (int i = 0; i < n; ++i) atomicAdd_system(p, 1);
}
SEM_CASE(device, atomic_system_with_host,
         "atomicAdd_system on mapped memory interleaved with host atomics: no lost update") {
  int* h = nullptr;
  (void)hipHostMalloc(&h, sizeof(int), hipHostMallocMapped | hipHostMallocCoherent);
  *h = 0;
  devAtomicSystemAdd<<<4, 32>>>(h, 100);
  for (int i = 0; i < 12800; ++i) __atomic_fetch_add(h, 1, __ATOMIC_SEQ_CST);
  sem::Obs o;
  o.err("sync", hipDeviceSynchronize());
  // Host and device atomics on one word are atomic together only where the device has native
  // atomics with the host; the count lost otherwise varies run to run, so only its presence is
  // compared.
  const int expected = 12800 + 4 * 32 * 100;
  return o.val("no_lost_update", *h == expected)
      .note("total=" + std::to_string(*h) + " of " + std::to_string(expected) +
            ", hostNativeAtomicSupported=" +
            std::to_string(sem::deviceAttr(hipDeviceAttributeHostNativeAtomicSupported)));
}
__device__ int devGlobalInit = 41;
__constant__ int devConstInit[4] = {1, 2, 3, 4};
__global__ void devReadGlobals(int* out) {
  out[0] = devGlobalInit;
  out[1] = devConstInit[3];
}
SEM_CASE(device, globals_initialised, "__device__ and __constant__ initialisers hold at first use") {
  int* d = nullptr;
  (void)hipMalloc(&d, 2 * sizeof(int));
  devReadGlobals<<<1, 1>>>(d);
  sem::Obs o;
  o.err("sync", hipDeviceSynchronize());
  int h[2] = {};
  (void)hipMemcpy(h, d, sizeof h, hipMemcpyDeviceToHost);
  return o.val("global", h[0]).val("constant", h[1]);
}
SEM_CASE(device, constant_written_by_symbol, "hipMemcpyToSymbol into __constant__ is seen") {
  int v[4] = {9, 9, 9, 99};
  sem::Obs o;
  o.err("to_symbol", hipMemcpyToSymbol(HIP_SYMBOL(devConstInit), v, sizeof v, 0,
                                       hipMemcpyHostToDevice));
  int* d = nullptr;
  (void)hipMalloc(&d, 2 * sizeof(int));
  devReadGlobals<<<1, 1>>>(d);
  (void)hipDeviceSynchronize();
  int h[2] = {};
  (void)hipMemcpy(h, d, sizeof h, hipMemcpyDeviceToHost);
  return o.val("constant", h[1]);
}
__global__ void devSyncCount(int* out) {
  int c = __syncthreads_count(threadIdx.x % 3 == 0);
  int a = __syncthreads_and(threadIdx.x < 1000);
  int r = __syncthreads_or(threadIdx.x == 77);
  if (threadIdx.x == 0) {
    out[0] = c;
    out[1] = a;
    out[2] = r;
  }
}
SEM_CASE(device, syncthreads_count_and_or, "__syncthreads_count/and/or over 256 threads") {
  int* d = nullptr;
  (void)hipMalloc(&d, 3 * sizeof(int));
  devSyncCount<<<1, 256>>>(d);
  sem::Obs o;
  o.err("sync", hipDeviceSynchronize());
  int h[3] = {};
  (void)hipMemcpy(h, d, sizeof h, hipMemcpyDeviceToHost);
  return o.val("count", h[0]).val("and", h[1]).val("or", h[2]);
}
__global__ void devAtomicCas64(unsigned long long* p) {
  unsigned long long old = *p, assumed;
  do {
    assumed = old;
    old = atomicCAS(p, assumed, assumed + 3);
  } while (old != assumed);
}
SEM_CASE(device, atomic_cas64, "64-bit atomicCAS loop from 1024 threads") {
  unsigned long long* d = nullptr;
  (void)hipMalloc(&d, sizeof *d);
  (void)hipMemset(d, 0, sizeof *d);
  devAtomicCas64<<<4, 256>>>(d);
  sem::Obs o;
  o.err("sync", hipDeviceSynchronize());
  unsigned long long h = 0;
  (void)hipMemcpy(&h, d, sizeof h, hipMemcpyDeviceToHost);
  return o.val("value", static_cast<long long>(h));
}
