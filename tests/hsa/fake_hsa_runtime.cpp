// libunihip_fake_hsa: a stand-in for ROCr (libhsa-runtime64) that runs on the CPU, loaded by
// the backend tests through UNIHIP_HSA_LIBRARY. It lets the whole HsaBackend run without an AMD
// GPU: one CPU and one "gfx90a" GPU agent (two with fake_hsa_set_gpu_count), "device memory" in
// host memory, queues whose packets
// a packet-processor thread consumes (barrier-AND waits, kernel dispatches executed by host
// implementations of the few kernels the tests use), copies on a copy thread honouring
// dependency signals, and profiling timestamps from the host clock. SVM (hsa_amd_svm_*) keeps
// its attributes per page range and prefetches on the copy thread; fake_hsa_set_svm says whether
// the system reports SVM support.
//
// It models ROCr's interface, not its implementation: passing here proves the backend issues
// the right calls and packets in the right order, not that a real GPU accepts them.
// Kernels of a program's own run nothing (their dispatches complete); the product name begins
// with "Fake " so that a program can tell (tests/cuda/cuda_check.h skips its checks of kernel
// results on it).
#include <elf.h>
#include <hsa/hsa.h>
#include <hsa/hsa_ext_amd.h>
#include <hsa/hsa_ext_image.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdlib>
#include <cstring>
#include <deque>
#include <functional>
#include <map>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "hostcall_device.h"
#include "range_map.h"
#include "hsa_vmem_api.h"

#define EXPORT extern "C" __attribute__((visibility("default")))

namespace {

constexpr uint64_t kCpuAgent = 1, kGpuAgent = 2, kGpuAgent2 = 3;
constexpr uint64_t kDevicePool = 10, kGroupPool = 11, kDevicePool2 = 12, kGroupPool2 = 13,
                   kFinePool = 20, kKernargPool = 21;

// Switches the tests set before creating a backend (fake_hsa_set_*).
std::atomic<int> g_gpuCount{1};        // 1 or 2 GPU agents
std::atomic<bool> g_svm{false};        // HSA_AMD_SYSTEM_INFO_SVM_SUPPORTED
std::atomic<bool> g_peerPools{true};   // a GPU may reach the other GPU's device pool
std::atomic<int> g_prefetchDelayMs{0};  // how long each SVM prefetch takes

bool isGpu(uint64_t agent) { return agent == kGpuAgent || (agent == kGpuAgent2 && g_gpuCount == 2); }
bool isDevicePool(uint64_t pool) { return pool == kDevicePool || pool == kDevicePool2; }
bool isGroupPool(uint64_t pool) { return pool == kGroupPool || pool == kGroupPool2; }
// The GPU agent owning a device or group pool.
uint64_t poolOwner(uint64_t pool) {
  return pool == kDevicePool2 || pool == kGroupPool2 ? kGpuAgent2 : kGpuAgent;
}
constexpr uint64_t kIsa = 0x90a;
constexpr char kIsaName[] = "amdgcn-amd-amdhsa--gfx90a:sramecc+:xnack-";

uint64_t nowNs() {
  return std::chrono::duration_cast<std::chrono::nanoseconds>(
             std::chrono::steady_clock::now().time_since_epoch())
      .count();
}

struct Signal {
  std::atomic<int64_t> value{0};
  bool doorbell = false;  // a queue's doorbell: its release stores are counted
  std::atomic<uint64_t> start{0}, end{0};  // profiling timestamps of the last packet
};
Signal* sig(hsa_signal_t s) { return reinterpret_cast<Signal*>(s.handle); }

void waitUntilZero(hsa_signal_t s) {
  while (sig(s)->value.load(std::memory_order_acquire) != 0) std::this_thread::yield();
}

bool conditionMet(hsa_signal_condition_t c, int64_t v, hsa_signal_value_t compare) {
  return (c == HSA_SIGNAL_CONDITION_EQ && v == compare) || (c == HSA_SIGNAL_CONDITION_NE && v != compare) ||
         (c == HSA_SIGNAL_CONDITION_LT && v < compare) || (c == HSA_SIGNAL_CONDITION_GTE && v >= compare);
}

struct Allocation {
  size_t size;
  uint64_t pool;
  bool locked;
};
std::mutex g_memMutex;
std::map<uintptr_t, Allocation> g_allocations;
std::map<uintptr_t, int> g_ipcAttached;       // IPC attachments by address, refcounted
std::map<uintptr_t, size_t> g_interopMaps;    // interop (dma-buf) mappings and their sizes
// hsa_amd_agents_allow_access: the agents named for each allocation (cleared when it is freed).
std::map<uintptr_t, std::vector<uint64_t>> g_allowed;
std::atomic<int> g_allowAccessCalls{0};

// SVM attributes of a page range, as KFD keeps them.
struct SvmPage {
  uint64_t globalFlag = HSA_AMD_SVM_GLOBAL_FLAG_FINE_GRAINED;
  bool readMostly = false;
  uint64_t preferred = 0, prefetched = 0;  // agent handles, 0 = none
  std::map<uint64_t, uint64_t> access;     // agent -> AGENT_ACCESSIBLE / _IN_PLACE / NO_ACCESS
};
std::mutex g_svmMutex;
unihip::hsa::RangeMap<SvmPage> g_svmPages;
std::atomic<int> g_prefetches{0};

// Statistics the tests read through fake_hsa_stats().
std::atomic<int> g_kernelsRun{0}, g_barriersRun{0}, g_copies{0}, g_kernelErrors{0}, g_liveQueues{0},
    g_asyncHandlersRun{0}, g_cooperativeQueues{0}, g_gwsInitValue{-1}, g_gwsInits{0},
    g_doorbellRings{0};

// The latest kernel dispatch of any kernel: its packet and the first bytes of its kernarg
// segment (tests read hidden arguments from it).
std::mutex g_dispatchMutex;
hsa_kernel_dispatch_packet_t g_lastPacket{};
uint8_t g_lastKernarg[1024];
// The headers of the latest packets processed (any queue), oldest first once it wraps.
uint16_t g_recentHeaders[256];
uint64_t g_headersSeen = 0;

// PCIe atomics from the GPU to host memory (hostcall needs them); tests switch them off.
std::atomic<bool> g_hostAtomics{true};
// The driver's virtual memory API (HSA_AMD_SYSTEM_INFO_VIRTUAL_MEM_API_SUPPORTED).
std::atomic<bool> g_vmemSupported{true};
// Pointer info of a reserved or mapped virtual address (call with g_memMutex held); false if none.
bool vmemPointerInfo(uintptr_t p, hsa_amd_pointer_info_t* info);
// Live vmem handles (17), mappings (18), reservations (19) (call with g_memMutex held).
int vmemCount(int which);

// The image extension: counts of live images and samplers, and of image copies.
std::atomic<int> g_liveImages{0}, g_liveSamplers{0}, g_imageCopies{0};

// Kernels: a kernel object is the address of one of these.
struct KernelImpl {
  const char* symbol;
  void (*run)(const hsa_kernel_dispatch_packet_t&, const uint8_t* kernarg);
};
template <typename T>
T arg(const uint8_t* k, size_t offset) {
  T v;
  std::memcpy(&v, k + offset, sizeof v);
  return v;
}
void runFill(const hsa_kernel_dispatch_packet_t& p, const uint8_t* k, bool words) {
  auto* dst = arg<uint8_t*>(k, 0);
  const uint32_t value = arg<uint32_t>(k, 8);
  const uint64_t count = arg<uint64_t>(k, 16), stride = arg<uint64_t>(k, 24);
  // v5 hidden block: block count x at 32, group size x at 44 (checked against the packet).
  if (arg<uint16_t>(k, 44) != p.workgroup_size_x ||
      arg<uint32_t>(k, 32) * p.workgroup_size_x != p.grid_size_x || stride != p.grid_size_x)
    ++g_kernelErrors;
  for (uint64_t t = 0; t < p.grid_size_x; ++t)
    for (uint64_t i = t; i < count; i += stride) {
      if (words) std::memcpy(dst + 4 * i, &value, 4);
      else dst[i] = static_cast<uint8_t>(value);
    }
}
// __unihip_copy_u8/u32/u128(dst, src, width, height, depth, dpitch, dslice, spitch, sslice,
// stride), sizes in `unit`-byte elements; the v5 hidden block starts at 80.
void runCopy(const hsa_kernel_dispatch_packet_t& p, const uint8_t* k, size_t unit) {
  auto* dst = arg<uint8_t*>(k, 0);
  const auto* src = arg<const uint8_t*>(k, 8);
  uint64_t v[8];
  for (int i = 0; i < 8; ++i) v[i] = arg<uint64_t>(k, 16 + 8 * i);
  const uint64_t width = v[0], height = v[1], depth = v[2], stride = v[7];
  if (arg<uint16_t>(k, 92) != p.workgroup_size_x ||
      arg<uint32_t>(k, 80) * p.workgroup_size_x != p.grid_size_x || stride != p.grid_size_x ||
      reinterpret_cast<uintptr_t>(dst) % unit != 0 || reinterpret_cast<uintptr_t>(src) % unit != 0)
    ++g_kernelErrors;
  for (uint64_t z = 0; z < depth; ++z)
    for (uint64_t y = 0; y < height; ++y)
      std::memmove(dst + (z * v[4] + y * v[3]) * unit, src + (z * v[6] + y * v[5]) * unit,
                   width * unit);
}
// axpy(float a, const float* x, float* y, int n) from tests/hsa/kernels/signatures.hip.
void runAxpy(const hsa_kernel_dispatch_packet_t& p, const uint8_t* k) {
  const float a = arg<float>(k, 0);
  const auto* x = arg<const float*>(k, 8);
  auto* y = arg<float*>(k, 16);
  const int n = arg<int>(k, 24);
  if (arg<uint16_t>(k, 44) != p.workgroup_size_x || arg<uint16_t>(k, 96) != (p.setup & 3))
    ++g_kernelErrors;
  for (uint32_t i = 0; i < p.grid_size_x && static_cast<int>(i) < n; ++i) y[i] = a * x[i] + y[i];
}
// __unihip_gws_init(unsigned value): one work-item, records the GWS value.
void runGwsInit(const hsa_kernel_dispatch_packet_t& p, const uint8_t* k) {
  if (p.grid_size_x != 1 || p.workgroup_size_x != 1) ++g_kernelErrors;
  g_gwsInitValue = static_cast<int>(arg<uint32_t>(k, 0));
  ++g_gwsInits;
}
// __unihip_stream_wait(uint* p32, u64* p64, u64 value, u64 flags, u64 mask): polls the word
// as the device kernel does; __unihip_stream_write(p32, p64, value) stores it.
void runStreamWait(const hsa_kernel_dispatch_packet_t& p, const uint8_t* k) {
  if (p.grid_size_x != 1) ++g_kernelErrors;
  auto* p32 = arg<std::atomic<uint32_t>*>(k, 0);
  auto* p64 = arg<std::atomic<uint64_t>*>(k, 8);
  uint64_t value = arg<uint64_t>(k, 16), mask = arg<uint64_t>(k, 32);
  const uint64_t flags = arg<uint64_t>(k, 24);
  if (p32 != nullptr) value &= 0xFFFFFFFFu, mask &= 0xFFFFFFFFu;
  for (;;) {
    const uint64_t v = p32 != nullptr ? p32->load() : p64->load();
    const bool done = flags == 0   ? (v & mask) >= value
                      : flags == 1 ? (v & mask) == value
                      : flags == 2 ? ((v & mask) & value) != 0
                                   : ((v | value) & mask) != mask;
    if (done) return;
    std::this_thread::yield();
  }
}
void runStreamWrite(const hsa_kernel_dispatch_packet_t& p, const uint8_t* k) {
  if (p.grid_size_x != 1) ++g_kernelErrors;
  auto* p32 = arg<std::atomic<uint32_t>*>(k, 0);
  auto* p64 = arg<std::atomic<uint64_t>*>(k, 8);
  const uint64_t value = arg<uint64_t>(k, 16);
  if (p32 != nullptr) p32->store(static_cast<uint32_t>(value));
  else p64->store(value);
}
// Stand-ins for kernels/hostcall.hip: one wave plays what the device libraries do, through
// the buffer behind hidden_hostcall_buffer; a null buffer or heap is a kernel error (a fault).
void ringDoorbell(uint64_t handle) {
  reinterpret_cast<Signal*>(handle)->value.fetch_add(1, std::memory_order_release);
}
bool servicesPresent(const uint8_t* k, size_t hostcallOffset, size_t heapOffset) {
  const auto* buffer = arg<const unihip::hsa::hostcall::BufferHeader*>(k, hostcallOffset);
  const auto* heap = arg<const uint8_t*>(k, heapOffset);
  if (buffer == nullptr || heap == nullptr) return false;
  for (size_t i = 0; i < 4096; ++i)  // the device library needs its heap state zeroed
    if (heap[i] != 0) return false;
  return true;
}
uint64_t waveLanes(const hsa_kernel_dispatch_packet_t& p) {
  const uint32_t n = p.workgroup_size_x < 64 ? p.workgroup_size_x : 64;
  return n == 64 ? ~uint64_t{0} : (uint64_t{1} << n) - 1;
}
// hostcall_printf(int* out, double d, const char* s): hostcall buffer at 104, heap at 120.
void runHostcallPrintf(const hsa_kernel_dispatch_packet_t& p, const uint8_t* k) {
  using unihip::hsa::test::PrintfPiece;
  if (!servicesPresent(k, 104, 120)) {
    ++g_kernelErrors;
    return;
  }
  auto* out = arg<int*>(k, 0);
  const double d = arg<double>(k, 8);
  const char* s = arg<const char*>(k, 16);
  auto* buffer = arg<void*>(k, 104);
  const uint64_t lanes = waveLanes(p);
  std::vector<std::vector<PrintfPiece>> message(64);
  for (uint32_t l = 0; l < 64; ++l)
    message[l] = {PrintfPiece::str("tid %d %ld %f %s %p %%\n"), PrintfPiece::u64(l),
                  PrintfPiece::u64(0), PrintfPiece::f64(d),
                  s ? PrintfPiece::str(s) : PrintfPiece::nul(),
                  PrintfPiece::u64(reinterpret_cast<uint64_t>(out))};
  const uint64_t doorbell = static_cast<unihip::hsa::hostcall::BufferHeader*>(buffer)->doorbell;
  const std::vector<int> n = unihip::hsa::test::devicePrintf(buffer, lanes, 0, message,
                                                             [&] { ringDoorbell(doorbell); });
  for (uint32_t l = 0; l < 64; ++l)
    if (lanes & (uint64_t{1} << l)) out[l] = n[l];
}
// hostcall_malloc(u64* out): hostcall buffer at 88, heap at 104. Lane 0 asks for a 2 MiB slab
// (devmem service, as __ockl_dm_alloc's first malloc), every lane takes 64 bytes of it, writes
// its index, then the slab goes back.
void runHostcallMalloc(const hsa_kernel_dispatch_packet_t& p, const uint8_t* k) {
  if (!servicesPresent(k, 88, 104)) {
    ++g_kernelErrors;
    return;
  }
  auto* out = arg<uint64_t*>(k, 0);
  auto* buffer = arg<unihip::hsa::hostcall::BufferHeader*>(k, 88);
  uint64_t args[64][8] = {}, reply[64][2] = {};
  args[0][1] = uint64_t{2} << 20;
  unihip::hsa::test::deviceHostcall(buffer, 3, 1, args, reply, [&] { ringDoorbell(buffer->doorbell); });
  const uint64_t slab = reply[0][0];
  const uint64_t lanes = waveLanes(p);
  for (uint32_t l = 0; l < 64; ++l)
    if (lanes & (uint64_t{1} << l)) {
      out[l] = slab == 0 ? 0 : slab + 64 * l;
      if (slab != 0) std::memcpy(reinterpret_cast<void*>(slab + 64 * l), &l, 4);
    }
  if (slab == 0) return;
  args[0][0] = slab, args[0][1] = 0;
  unihip::hsa::test::deviceHostcall(buffer, 3, 1, args, reply, [&] { ringDoorbell(buffer->doorbell); });
}
const KernelImpl kKernels[] = {
    {"hostcall_printf.kd", runHostcallPrintf},
    {"hostcall_malloc.kd", runHostcallMalloc},
    {"__unihip_stream_wait.kd", runStreamWait},
    {"__unihip_stream_write.kd", runStreamWrite},
    {"__unihip_fill_u8.kd", [](auto& p, auto* k) { runFill(p, k, false); }},
    {"__unihip_fill_u32.kd", [](auto& p, auto* k) { runFill(p, k, true); }},
    {"__unihip_gws_init.kd", runGwsInit},
    {"__unihip_copy_u8.kd", [](auto& p, auto* k) { runCopy(p, k, 1); }},
    {"__unihip_copy_u32.kd", [](auto& p, auto* k) { runCopy(p, k, 4); }},
    {"__unihip_copy_u128.kd", [](auto& p, auto* k) { runCopy(p, k, 16); }},
    {"axpy.kd", runAxpy},
    // Runs nothing; lets tests dispatch a kernel with every hidden argument.
    {"_Z17hidden_everythingPyi.kd", [](auto&, auto*) {}},
    {"grid_sum.kd", [](auto&, auto*) {}},
    {"multi_grid_ranks.kd", [](auto&, auto*) {}},
};

struct Queue {
  hsa_queue_t q{};
  std::atomic<uint64_t> write{0}, read{0};
  Signal doorbell;
  std::vector<uint8_t> ring;
  bool profiling = false;
  std::atomic<bool> stop{false};
  std::thread processor;

  void run() {
    while (!stop.load()) {
      const uint64_t index = read.load();
      auto* slot = static_cast<uint8_t*>(q.base_address) + (index % q.size) * 64;
      const uint16_t header = __atomic_load_n(reinterpret_cast<uint16_t*>(slot), __ATOMIC_ACQUIRE);
      const unsigned type = header & 0xFF;
      if (type == HSA_PACKET_TYPE_INVALID) {
        std::this_thread::yield();
        continue;
      }
      const uint64_t start = nowNs();
      {
        std::lock_guard lock(g_dispatchMutex);
        g_recentHeaders[g_headersSeen++ % 256] = header;
      }
      hsa_signal_t completion{0};
      if (type == HSA_PACKET_TYPE_BARRIER_AND) {
        hsa_barrier_and_packet_t p;
        std::memcpy(&p, slot, sizeof p);
        for (hsa_signal_t d : p.dep_signal)
          if (d.handle) waitUntilZero(d);
        completion = p.completion_signal;
        ++g_barriersRun;
      } else if (type == HSA_PACKET_TYPE_KERNEL_DISPATCH) {
        hsa_kernel_dispatch_packet_t p;
        std::memcpy(&p, slot, sizeof p);
        {
          std::lock_guard lock(g_dispatchMutex);
          g_lastPacket = p;
          // As much of the segment as its allocation holds (a graph's kernarg blocks share one).
          size_t n = sizeof g_lastKernarg;
          {
            std::lock_guard memLock(g_memMutex);
            const auto at = reinterpret_cast<uintptr_t>(p.kernarg_address);
            auto it = g_allocations.upper_bound(at);
            if (it != g_allocations.begin() && at < (--it)->first + it->second.size)
              n = std::min(n, it->first + it->second.size - at);
          }
          std::memset(g_lastKernarg, 0, sizeof g_lastKernarg);
          std::memcpy(g_lastKernarg, p.kernarg_address, n);
        }
        bool known = false;
        for (const KernelImpl& k : kKernels)
          if (p.kernel_object == reinterpret_cast<uint64_t>(&k)) {
            k.run(p, static_cast<const uint8_t*>(p.kernarg_address));
            known = true;
          }
        if (!known) ++g_kernelErrors;
        completion = p.completion_signal;
        ++g_kernelsRun;
      } else {
        ++g_kernelErrors;
      }
      if (completion.handle) {
        if (profiling) sig(completion)->start = start, sig(completion)->end = nowNs();
        sig(completion)->value.fetch_sub(1, std::memory_order_release);
      }
      __atomic_store_n(reinterpret_cast<uint16_t*>(slot), uint16_t{HSA_PACKET_TYPE_INVALID},
                       __ATOMIC_RELAXED);
      read.store(index + 1, std::memory_order_release);
    }
  }
};
Queue* fq(const hsa_queue_t* q) { return reinterpret_cast<Queue*>(const_cast<hsa_queue_t*>(q)); }

// The copy engine: one thread, jobs in submission order, each waiting for its dependencies.
struct CopyJob {
  void* dst;
  const void* src;
  size_t size;
  std::vector<hsa_signal_t> deps;
  hsa_signal_t completion;
  std::function<void()> action;  // instead of the copy (an SVM prefetch)
};
// Never destroyed: the detached engine thread still waits on them while the process exits
// (glibc's pthread_cond_destroy would wait for it forever).
struct CopyQueue {
  std::mutex mutex;
  std::condition_variable ready;
  std::deque<CopyJob> jobs;
};
CopyQueue& g_copy = *new CopyQueue;
std::once_flag g_copyThreadOnce;
void copyEngine() {
  for (;;) {
    std::unique_lock lock(g_copy.mutex);
    g_copy.ready.wait(lock, [] { return !g_copy.jobs.empty(); });
    CopyJob job = g_copy.jobs.front();
    g_copy.jobs.pop_front();
    lock.unlock();
    for (hsa_signal_t d : job.deps) waitUntilZero(d);
    if (job.action) {
      job.action();
    } else {
      std::memmove(job.dst, job.src, job.size);
      ++g_copies;
    }
    if (job.completion.handle) sig(job.completion)->value.fetch_sub(1, std::memory_order_release);
  }
}

template <typename T>
hsa_status_t put(void* out, T v) {
  std::memcpy(out, &v, sizeof v);
  return HSA_STATUS_SUCCESS;
}

}  // namespace

EXPORT int fake_hsa_stats(int which) {
  switch (which) {
    case 0: return g_kernelsRun;
    case 1: return g_barriersRun;
    case 2: return g_copies;
    case 3: return g_kernelErrors;
    case 4: return g_liveQueues;
    case 5: return g_asyncHandlersRun;
    case 6: return g_cooperativeQueues;
    case 7: return g_gwsInitValue;
    case 8: return g_gwsInits;
    case 9: {  // live IPC attachments
      std::lock_guard lock(g_memMutex);
      int n = 0;
      for (auto& [address, count] : g_ipcAttached) n += count;
      return n;
    }
    case 14: return g_doorbellRings;
    case 10: {  // live interop mappings
      std::lock_guard lock(g_memMutex);
      return static_cast<int>(g_interopMaps.size());
    }
    case 11: return g_liveImages;
    case 12: return g_liveSamplers;
    case 13: return g_imageCopies;  // import, export and image-to-image copies
    case 15: return g_prefetches;   // SVM prefetches completed
    case 16: return g_allowAccessCalls;
    case 17: case 18: case 19: {  // live vmem handles, mappings, reservations
      std::lock_guard lock(g_memMutex);
      return vmemCount(which);
    }
    default: return -1;
  }
}
// Copies the headers of the latest `n` <= 256 packets processed into `out`, oldest first; returns
// how many it copied (fewer when fewer were processed).
EXPORT size_t fake_hsa_recent_headers(uint16_t* out, size_t n) {
  std::lock_guard lock(g_dispatchMutex);
  if (n > 256) n = 256;
  if (n > g_headersSeen) n = g_headersSeen;
  for (size_t i = 0; i < n; ++i) out[i] = g_recentHeaders[(g_headersSeen - n + i) % 256];
  return n;
}
// Copies the latest dispatch packet (64 bytes) and `n` <= 1024 bytes of its kernargs.
EXPORT void fake_hsa_last_dispatch(void* packet, void* kernarg, size_t n) {
  std::lock_guard lock(g_dispatchMutex);
  std::memcpy(packet, &g_lastPacket, sizeof g_lastPacket);
  std::memcpy(kernarg, g_lastKernarg, n < sizeof g_lastKernarg ? n : sizeof g_lastKernarg);
}

EXPORT void fake_hsa_set_gpu_count(int n) { g_gpuCount = n == 2 ? 2 : 1; }
EXPORT void fake_hsa_set_svm(int on) { g_svm = on != 0; }
EXPORT void fake_hsa_set_peer_pools(int on) { g_peerPools = on != 0; }
EXPORT void fake_hsa_set_prefetch_delay_ms(int ms) { g_prefetchDelayMs = ms; }
// Forgets every SVM range (KFD drops a range when its pages are unmapped; the fake cannot see
// munmap, so each test starts from here).
EXPORT void fake_hsa_svm_reset(int) {
  std::lock_guard lock(g_svmMutex);
  g_svmPages = unihip::hsa::RangeMap<SvmPage>{};
}
// 1 when an hsa_amd_agents_allow_access call on the allocation at `ptr` named GPU `gpu` (0, 1).
EXPORT int fake_hsa_allowed(const void* ptr, int gpu) {
  std::lock_guard lock(g_memMutex);
  auto it = g_allowed.find(reinterpret_cast<uintptr_t>(ptr));
  if (it == g_allowed.end()) return 0;
  const uint64_t agent = gpu == 0 ? kGpuAgent : kGpuAgent2;
  return std::count(it->second.begin(), it->second.end(), agent) != 0 ? 1 : 0;
}

EXPORT hsa_status_t hsa_init() { return HSA_STATUS_SUCCESS; }
EXPORT hsa_status_t hsa_shut_down() { return HSA_STATUS_SUCCESS; }
EXPORT hsa_status_t hsa_status_string(hsa_status_t, const char** text) {
  *text = "fake ROCr status";
  return HSA_STATUS_SUCCESS;
}
EXPORT hsa_status_t hsa_system_get_info(hsa_system_info_t attribute, void* value) {
  int code;  // AMD's attributes lie outside hsa_system_info_t's range: no enum load
  std::memcpy(&code, &attribute, sizeof code);
  if (code == 0x205) return put<bool>(value, g_vmemSupported);  // VIRTUAL_MEM_API_SUPPORTED
  switch (attribute) {
    case HSA_SYSTEM_INFO_TIMESTAMP_FREQUENCY: return put<uint64_t>(value, 1000000000);
    case HSA_SYSTEM_INFO_VERSION_MAJOR: return put<uint16_t>(value, 1);
    case HSA_SYSTEM_INFO_VERSION_MINOR: return put<uint16_t>(value, 1);
    case HSA_AMD_SYSTEM_INFO_SVM_SUPPORTED:
    case HSA_AMD_SYSTEM_INFO_SVM_ACCESSIBLE_BY_DEFAULT: return put<bool>(value, g_svm.load());
    default: return HSA_STATUS_ERROR_INVALID_ARGUMENT;
  }
}
EXPORT hsa_status_t hsa_iterate_agents(hsa_status_t (*cb)(hsa_agent_t, void*), void* data) {
  for (uint64_t a : {kCpuAgent, kGpuAgent, kGpuAgent2}) {
    if (a == kGpuAgent2 && g_gpuCount != 2) continue;
    hsa_status_t s = cb(hsa_agent_t{a}, data);
    if (s != HSA_STATUS_SUCCESS) return s;
  }
  return HSA_STATUS_SUCCESS;
}
EXPORT hsa_status_t hsa_agent_get_info(hsa_agent_t agent, hsa_agent_info_t attribute, void* value) {
  const bool gpu = isGpu(agent.handle);
  int code;  // AMD's extension attributes lie outside hsa_agent_info_t's range: no enum load
  std::memcpy(&code, &attribute, sizeof code);
  switch (code) {
    case HSA_AGENT_INFO_DEVICE: return put(value, gpu ? HSA_DEVICE_TYPE_GPU : HSA_DEVICE_TYPE_CPU);
    case HSA_AGENT_INFO_NAME: std::strcpy(static_cast<char*>(value), gpu ? "gfx90a" : "FakeCPU"); return HSA_STATUS_SUCCESS;
    case HSA_AMD_AGENT_INFO_PRODUCT_NAME: std::strcpy(static_cast<char*>(value), "Fake Instinct MI210"); return HSA_STATUS_SUCCESS;
    case HSA_AMD_AGENT_INFO_UUID: std::strcpy(static_cast<char*>(value), "GPU-0123456789abcdef"); return HSA_STATUS_SUCCESS;
    case HSA_AGENT_INFO_WAVEFRONT_SIZE: return put<uint32_t>(value, 64);
    case HSA_AMD_AGENT_INFO_COMPUTE_UNIT_COUNT: return put<uint32_t>(value, 104);
    case HSA_AMD_AGENT_INFO_MAX_WAVES_PER_CU: return put<uint32_t>(value, 32);
    case HSA_AGENT_INFO_WORKGROUP_MAX_SIZE: return put<uint16_t>(value, 1024);
    case HSA_AGENT_INFO_WORKGROUP_MAX_DIM: {
      const uint16_t dims[3] = {1024, 1024, 1024};
      std::memcpy(value, dims, sizeof dims);
      return HSA_STATUS_SUCCESS;
    }
    case HSA_AGENT_INFO_GRID_MAX_DIM: return put(value, hsa_dim3_t{0xFFFFFFFFu, 0xFFFFFFFFu, 0xFFFFFFFFu});
    case HSA_AGENT_INFO_CACHE_SIZE: {
      const uint32_t caches[4] = {16384, 8388608, 0, 0};
      std::memcpy(value, caches, sizeof caches);
      return HSA_STATUS_SUCCESS;
    }
    case HSA_AMD_AGENT_INFO_MAX_CLOCK_FREQUENCY: return put<uint32_t>(value, 1700);
    case HSA_AMD_AGENT_INFO_MEMORY_MAX_FREQUENCY: return put<uint32_t>(value, 1600);
    case HSA_AMD_AGENT_INFO_MEMORY_WIDTH: return put<uint32_t>(value, 4096);
    case HSA_AMD_AGENT_INFO_BDFID:
      return put<uint32_t>(value, ((agent.handle == kGpuAgent2 ? 0x44 : 0x43) << 8) | (2 << 3));
    case HSA_AMD_AGENT_INFO_DOMAIN: return put<uint32_t>(value, 1);
    case HSA_AMD_AGENT_INFO_ASIC_REVISION: return put<uint32_t>(value, 2);
    case HSA_AGENT_INFO_QUEUE_MAX_SIZE: return put<uint32_t>(value, 131072);
    // The image extension's limits (gfx9's): the fake's images check the same ones.
    case HSA_EXT_AGENT_INFO_IMAGE_1D_MAX_ELEMENTS:
    case HSA_EXT_AGENT_INFO_IMAGE_1DA_MAX_ELEMENTS: return put<size_t>(value, 16384);
    case HSA_EXT_AGENT_INFO_IMAGE_1DB_MAX_ELEMENTS: return put<size_t>(value, size_t{1} << 27);
    case HSA_EXT_AGENT_INFO_IMAGE_2D_MAX_ELEMENTS:
    case HSA_EXT_AGENT_INFO_IMAGE_2DA_MAX_ELEMENTS: {
      const size_t dims[2] = {16384, 16384};
      std::memcpy(value, dims, sizeof dims);
      return HSA_STATUS_SUCCESS;
    }
    case HSA_EXT_AGENT_INFO_IMAGE_3D_MAX_ELEMENTS: {
      const size_t dims[3] = {2048, 2048, 2048};
      std::memcpy(value, dims, sizeof dims);
      return HSA_STATUS_SUCCESS;
    }
    case HSA_EXT_AGENT_INFO_IMAGE_ARRAY_MAX_LAYERS: return put<size_t>(value, 2048);
    case HSA_AMD_AGENT_INFO_COOPERATIVE_QUEUES: return put<bool>(value, gpu);
    default: return HSA_STATUS_ERROR_INVALID_ARGUMENT;
  }
}
EXPORT hsa_status_t hsa_agent_iterate_isas(hsa_agent_t agent, hsa_status_t (*cb)(hsa_isa_t, void*),
                                           void* data) {
  if (!isGpu(agent.handle)) return HSA_STATUS_SUCCESS;
  hsa_status_t s = cb(hsa_isa_t{kIsa}, data);
  return s == HSA_STATUS_INFO_BREAK ? HSA_STATUS_SUCCESS : s;
}
EXPORT hsa_status_t hsa_isa_get_info_alt(hsa_isa_t, hsa_isa_info_t attribute, void* value) {
  if (attribute == HSA_ISA_INFO_NAME_LENGTH) return put<uint32_t>(value, sizeof kIsaName);
  if (attribute == HSA_ISA_INFO_NAME) {
    std::memcpy(value, kIsaName, sizeof kIsaName);
    return HSA_STATUS_SUCCESS;
  }
  return HSA_STATUS_ERROR_INVALID_ARGUMENT;
}
EXPORT hsa_status_t hsa_amd_agent_iterate_memory_pools(
    hsa_agent_t agent, hsa_status_t (*cb)(hsa_amd_memory_pool_t, void*), void* data) {
  const std::vector<uint64_t> pools = agent.handle == kGpuAgent ? std::vector<uint64_t>{kDevicePool, kGroupPool}
                                      : isGpu(agent.handle)     ? std::vector<uint64_t>{kDevicePool2, kGroupPool2}
                                                                : std::vector<uint64_t>{kFinePool, kKernargPool};
  for (uint64_t p : pools) {
    hsa_status_t s = cb(hsa_amd_memory_pool_t{p}, data);
    if (s != HSA_STATUS_SUCCESS) return s;
  }
  return HSA_STATUS_SUCCESS;
}
EXPORT hsa_status_t hsa_amd_memory_pool_get_info(hsa_amd_memory_pool_t pool,
                                                 hsa_amd_memory_pool_info_t attribute, void* value) {
  int code;
  std::memcpy(&code, &attribute, sizeof code);
  if (code == 18)  // HSA_AMD_MEMORY_POOL_INFO_RUNTIME_ALLOC_REC_GRANULE
    return put<size_t>(value, isDevicePool(pool.handle) ? size_t{2} << 20 : isGroupPool(pool.handle) ? 0 : 4096);
  switch (attribute) {
    case HSA_AMD_MEMORY_POOL_INFO_SEGMENT:
      return put(value, isGroupPool(pool.handle) ? HSA_AMD_SEGMENT_GROUP : HSA_AMD_SEGMENT_GLOBAL);
    case HSA_AMD_MEMORY_POOL_INFO_SIZE:
      return put<size_t>(value, isGroupPool(pool.handle) ? 65536 : size_t{64} << 30);
    case HSA_AMD_MEMORY_POOL_INFO_RUNTIME_ALLOC_ALLOWED: return put<bool>(value, !isGroupPool(pool.handle));
    // 4 KiB pages; ROCm >= 6's recommended granule (18): 2 MiB for device memory.
    case HSA_AMD_MEMORY_POOL_INFO_RUNTIME_ALLOC_GRANULE:
      return put<size_t>(value, isGroupPool(pool.handle) ? 0 : 4096);
    case HSA_AMD_MEMORY_POOL_INFO_GLOBAL_FLAGS:
      return put<uint32_t>(value, isDevicePool(pool.handle) ? HSA_AMD_MEMORY_POOL_GLOBAL_FLAG_COARSE_GRAINED
                                  : pool.handle == kFinePool ? HSA_AMD_MEMORY_POOL_GLOBAL_FLAG_FINE_GRAINED
                                                             : HSA_AMD_MEMORY_POOL_GLOBAL_FLAG_FINE_GRAINED |
                                                                   HSA_AMD_MEMORY_POOL_GLOBAL_FLAG_KERNARG_INIT);
    default: return HSA_STATUS_ERROR_INVALID_ARGUMENT;
  }
}

// GPU -> pool links: its own device memory is local (0 hops); host pools are one PCIe hop
// away, with atomics unless a test switched them off (fake_hsa_set_host_atomics); the other
// GPU's device memory is one xGMI hop away, reachable once allowed (never with
// fake_hsa_set_peer_pools(0)).
EXPORT void fake_hsa_set_host_atomics(int on) { g_hostAtomics = on != 0; }
EXPORT hsa_status_t hsa_amd_agent_memory_pool_get_info(hsa_agent_t agent, hsa_amd_memory_pool_t pool,
                                                       hsa_amd_agent_memory_pool_info_t attribute,
                                                       void* value) {
  const bool gpu = isGpu(agent.handle);
  const bool own = gpu && (isDevicePool(pool.handle) || isGroupPool(pool.handle)) &&
                   poolOwner(pool.handle) == agent.handle;
  const bool peer = gpu && isDevicePool(pool.handle) && !own;
  const bool remote = gpu ? !own : isDevicePool(pool.handle);
  switch (attribute) {
    case HSA_AMD_AGENT_MEMORY_POOL_INFO_ACCESS:
      if (peer)
        return put(value, g_peerPools ? HSA_AMD_MEMORY_POOL_ACCESS_DISALLOWED_BY_DEFAULT
                                      : HSA_AMD_MEMORY_POOL_ACCESS_NEVER_ALLOWED);
      return put(value, HSA_AMD_MEMORY_POOL_ACCESS_ALLOWED_BY_DEFAULT);
    case HSA_AMD_AGENT_MEMORY_POOL_INFO_NUM_LINK_HOPS:
      return put<uint32_t>(value, remote && !(peer && !g_peerPools) ? 1 : 0);
    case HSA_AMD_AGENT_MEMORY_POOL_INFO_LINK_INFO: {
      if (!remote) return HSA_STATUS_SUCCESS;
      hsa_amd_memory_pool_link_info_t link{};
      link.link_type = peer ? HSA_AMD_LINK_INFO_TYPE_XGMI : HSA_AMD_LINK_INFO_TYPE_PCIE;
      link.atomic_support_32bit = link.atomic_support_64bit = g_hostAtomics.load();
      link.numa_distance = 20;
      return put(value, link);
    }
    default: return HSA_STATUS_ERROR_INVALID_ARGUMENT;
  }
}
EXPORT hsa_status_t hsa_amd_memory_pool_allocate(hsa_amd_memory_pool_t pool, size_t size, uint32_t,
                                                 void** ptr) {
  if (size == 0) return HSA_STATUS_ERROR_INVALID_ARGUMENT;
  // As ROCr: a size the pool cannot hold fails (no overflow in the rounding below).
  if (size > (size_t{64} << 30)) return HSA_STATUS_ERROR_OUT_OF_RESOURCES;
  *ptr = std::aligned_alloc(4096, (size + 4095) / 4096 * 4096);
  if (*ptr == nullptr) return HSA_STATUS_ERROR_OUT_OF_RESOURCES;
  std::lock_guard lock(g_memMutex);
  g_allocations[reinterpret_cast<uintptr_t>(*ptr)] = {size, pool.handle, false};
  return HSA_STATUS_SUCCESS;
}
EXPORT hsa_status_t hsa_amd_memory_pool_free(void* ptr) {
  std::lock_guard lock(g_memMutex);
  if (g_allocations.erase(reinterpret_cast<uintptr_t>(ptr)) == 0) return HSA_STATUS_ERROR_INVALID_ARGUMENT;
  g_allowed.erase(reinterpret_cast<uintptr_t>(ptr));
  std::free(ptr);
  return HSA_STATUS_SUCCESS;
}
// As ROCr: the agents must exist and `ptr` must be the start of a pool allocation.
EXPORT hsa_status_t hsa_amd_agents_allow_access(uint32_t n, const hsa_agent_t* agents, const uint32_t*,
                                                const void* ptr) {
  if (n == 0 || agents == nullptr) return HSA_STATUS_ERROR_INVALID_ARGUMENT;
  for (uint32_t i = 0; i < n; ++i)
    if (agents[i].handle != kCpuAgent && !isGpu(agents[i].handle)) return HSA_STATUS_ERROR_INVALID_AGENT;
  std::lock_guard lock(g_memMutex);
  const auto p = reinterpret_cast<uintptr_t>(ptr);
  if (g_allocations.count(p) == 0) return HSA_STATUS_ERROR_INVALID_ARGUMENT;
  ++g_allowAccessCalls;
  for (uint32_t i = 0; i < n; ++i) g_allowed[p].push_back(agents[i].handle);
  return HSA_STATUS_SUCCESS;
}
EXPORT hsa_status_t hsa_amd_pointer_info(const void* ptr, hsa_amd_pointer_info_t* info,
                                         void* (*)(size_t), uint32_t*, hsa_agent_t**) {
  const auto p = reinterpret_cast<uintptr_t>(ptr);
  std::lock_guard lock(g_memMutex);
  if (vmemPointerInfo(p, info)) return HSA_STATUS_SUCCESS;
  auto it = g_allocations.upper_bound(p);
  info->type = HSA_EXT_POINTER_TYPE_UNKNOWN;
  if (it != g_allocations.begin() && p < (--it)->first + it->second.size) {
    info->type = it->second.locked ? HSA_EXT_POINTER_TYPE_LOCKED : HSA_EXT_POINTER_TYPE_HSA;
    info->agentBaseAddress = reinterpret_cast<void*>(it->first);
    info->hostBaseAddress = reinterpret_cast<void*>(it->first);
    info->sizeInBytes = it->second.size;
    info->agentOwner = hsa_agent_t{isDevicePool(it->second.pool) ? poolOwner(it->second.pool) : kCpuAgent};
  }
  return HSA_STATUS_SUCCESS;
}
EXPORT hsa_status_t hsa_amd_memory_lock(void* host, size_t size, hsa_agent_t*, int, void** agentPtr) {
  std::lock_guard lock(g_memMutex);
  g_allocations[reinterpret_cast<uintptr_t>(host)] = {size, kFinePool, true};
  *agentPtr = host;
  return HSA_STATUS_SUCCESS;
}
EXPORT hsa_status_t hsa_amd_memory_unlock(void* host) {
  std::lock_guard lock(g_memMutex);
  auto it = g_allocations.find(reinterpret_cast<uintptr_t>(host));
  if (it == g_allocations.end() || !it->second.locked) return HSA_STATUS_ERROR_INVALID_ARGUMENT;
  g_allocations.erase(it);
  return HSA_STATUS_SUCCESS;
}
// IPC memory: a handle names the allocation (its address) and the length shared; an attach in
// this process maps the same memory (a real ROCr maps the exporter's pages at a new address).
// Attachments are refcounted per address, as ROCr's.
constexpr uint32_t kIpcMagic = 0x1bc0ffee;
EXPORT hsa_status_t hsa_amd_ipc_memory_create(void* ptr, size_t len, hsa_amd_ipc_memory_t* handle) {
  if (ptr == nullptr || handle == nullptr) return HSA_STATUS_ERROR_INVALID_ARGUMENT;
  std::lock_guard lock(g_memMutex);
  auto it = g_allocations.find(reinterpret_cast<uintptr_t>(ptr));
  // As ROCr: the start of an allocation, and its whole (page-rounded) length.
  if (it == g_allocations.end() || it->second.locked ||
      len != (it->second.size + 4095) / 4096 * 4096)
    return HSA_STATUS_ERROR_INVALID_ARGUMENT;
  *handle = {};
  const auto address = reinterpret_cast<uintptr_t>(ptr);
  std::memcpy(&handle->handle[0], &address, sizeof address);
  std::memcpy(&handle->handle[2], &len, sizeof len);
  handle->handle[4] = kIpcMagic;
  return HSA_STATUS_SUCCESS;
}
EXPORT hsa_status_t hsa_amd_ipc_memory_attach(const hsa_amd_ipc_memory_t* handle, size_t len, uint32_t,
                                              const hsa_agent_t*, void** mapped) {
  if (handle == nullptr || mapped == nullptr || handle->handle[4] != kIpcMagic)
    return HSA_STATUS_ERROR_INVALID_ARGUMENT;
  uintptr_t address = 0;
  size_t shared = 0;
  std::memcpy(&address, &handle->handle[0], sizeof address);
  std::memcpy(&shared, &handle->handle[2], sizeof shared);
  std::lock_guard lock(g_memMutex);
  if (g_allocations.count(address) == 0 || len != shared) return HSA_STATUS_ERROR_INVALID_ARGUMENT;
  ++g_ipcAttached[address];
  *mapped = reinterpret_cast<void*>(address);
  return HSA_STATUS_SUCCESS;
}
EXPORT hsa_status_t hsa_amd_ipc_memory_detach(void* mapped) {
  std::lock_guard lock(g_memMutex);
  auto it = g_ipcAttached.find(reinterpret_cast<uintptr_t>(mapped));
  if (it == g_ipcAttached.end()) return HSA_STATUS_ERROR_INVALID_ARGUMENT;
  if (--it->second == 0) g_ipcAttached.erase(it);
  return HSA_STATUS_SUCCESS;
}

// Interop (dma-buf) import: the descriptor is mapped shared, so what the test writes through the
// file is what the "device" sees. Its size is the file's.
EXPORT hsa_status_t hsa_amd_interop_map_buffer(uint32_t numAgents, hsa_agent_t* agents, int fd, uint32_t flags,
                                               size_t* size, void** ptr, size_t* metadataSize,
                                               const void** metadata) {
  if (numAgents == 0 || agents == nullptr || flags != 0 || size == nullptr || ptr == nullptr)
    return HSA_STATUS_ERROR_INVALID_ARGUMENT;
  struct stat st {};
  if (fd < 0 || fstat(fd, &st) != 0 || st.st_size <= 0) return HSA_STATUS_ERROR_INVALID_ARGUMENT;
  void* p = mmap(nullptr, static_cast<size_t>(st.st_size), PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
  if (p == MAP_FAILED) return HSA_STATUS_ERROR_INVALID_ARGUMENT;
  std::lock_guard lock(g_memMutex);
  g_interopMaps[reinterpret_cast<uintptr_t>(p)] = static_cast<size_t>(st.st_size);
  *size = static_cast<size_t>(st.st_size);
  *ptr = p;
  if (metadataSize != nullptr) *metadataSize = 0;
  if (metadata != nullptr) *metadata = nullptr;
  return HSA_STATUS_SUCCESS;
}
EXPORT hsa_status_t hsa_amd_interop_unmap_buffer(void* ptr) {
  std::lock_guard lock(g_memMutex);
  auto it = g_interopMaps.find(reinterpret_cast<uintptr_t>(ptr));
  if (it == g_interopMaps.end()) return HSA_STATUS_ERROR_INVALID_ARGUMENT;
  munmap(ptr, it->second);
  g_interopMaps.erase(it);
  return HSA_STATUS_SUCCESS;
}

// ROCr's virtual memory API (ROCm >= 6; hsa_vmem_api.h). A reservation is a PROT_NONE range of
// this process's address space; a physical handle is a memfd of its size; a mapping maps that
// memfd over the reserved pages, so what is mapped is real memory the test (and the copy thread)
// reads and writes, with the pages' protection following the access granted (ROCr: none until
// hsa_amd_vmem_set_access). Sizes and addresses are in 4 KiB pages, refused otherwise as ROCr
// refuses them (HSA_STATUS_ERROR_INVALID_ARGUMENT); an unknown handle is
// HSA_STATUS_ERROR_INVALID_ALLOCATION. A handle released while mapped lives until its last
// unmap, as ROCr's. fake_hsa_set_vmem(0) makes the driver say it has no virtual memory API.
namespace {
constexpr size_t kVmemPage = 4096;
struct VmemHandle {
  int fd = -1;
  size_t size = 0;
  uint64_t pool = 0;
  hsa_amd_memory_type_t type = MEMORY_TYPE_NONE;
  int references = 1;  // create/import/retain add one, release drops one
  int mappings = 0;
  bool imported = false;
};
struct VmemMapping {
  size_t size = 0;
  uint64_t handle = 0;
  std::map<uint64_t, hsa_access_permission_t> access;  // by agent
};
uint64_t g_nextVmemHandle = 0x7000;
std::map<uint64_t, VmemHandle> g_vmemHandles;      // under g_memMutex, as the rest below
std::map<uintptr_t, size_t> g_vmemReservations;    // base -> size
std::map<uintptr_t, VmemMapping> g_vmemMappings;   // base -> mapping

bool pageMultiple(uint64_t v) { return v % kVmemPage == 0; }
// The reservation holding [p, p + size), or end().
std::map<uintptr_t, size_t>::iterator reservationOf(uintptr_t p, size_t size) {
  auto it = g_vmemReservations.upper_bound(p);
  if (it == g_vmemReservations.begin()) return g_vmemReservations.end();
  --it;
  return p + size <= it->first + it->second ? it : g_vmemReservations.end();
}
// The mapping holding p, or end().
std::map<uintptr_t, VmemMapping>::iterator mappingOf(uintptr_t p) {
  auto it = g_vmemMappings.upper_bound(p);
  if (it == g_vmemMappings.begin()) return g_vmemMappings.end();
  --it;
  return p < it->first + it->second.size ? it : g_vmemMappings.end();
}
void dropIfUnused(std::map<uint64_t, VmemHandle>::iterator it) {
  if (it->second.references > 0 || it->second.mappings > 0) return;
  ::close(it->second.fd);
  g_vmemHandles.erase(it);
}
// A live handle (referenced: a released one that is still mapped is not).
VmemHandle* liveVmem(uint64_t h) {
  auto it = g_vmemHandles.find(h);
  return it != g_vmemHandles.end() && it->second.references > 0 ? &it->second : nullptr;
}
// The pages' protection: the widest access any agent has.
int protectionOf(const VmemMapping& m) {
  int prot = PROT_NONE;
  for (const auto& [agent, perm] : m.access) {
    if (perm == HSA_ACCESS_PERMISSION_RO || perm == HSA_ACCESS_PERMISSION_RW) prot |= PROT_READ;
    if (perm == HSA_ACCESS_PERMISSION_WO || perm == HSA_ACCESS_PERMISSION_RW) prot |= PROT_WRITE;
  }
  return prot;
}
int vmemCount(int which) {
  return static_cast<int>(which == 17 ? g_vmemHandles.size()
                          : which == 18 ? g_vmemMappings.size() : g_vmemReservations.size());
}
// ROCm >= 6: HSA_EXT_POINTER_TYPE_HSA_VMEM (6) for mapped memory, owned by the pool's agent;
// HSA_EXT_POINTER_TYPE_RESERVED_ADDR (5) for a reserved range with nothing mapped there.
bool vmemPointerInfo(uintptr_t p, hsa_amd_pointer_info_t* info) {
  if (auto m = mappingOf(p); m != g_vmemMappings.end()) {
    auto h = g_vmemHandles.find(m->second.handle);
    info->type = static_cast<hsa_amd_pointer_type_t>(6);
    info->agentBaseAddress = info->hostBaseAddress = reinterpret_cast<void*>(m->first);
    info->sizeInBytes = m->second.size;
    const uint64_t pool = h != g_vmemHandles.end() ? h->second.pool : 0;
    info->agentOwner = hsa_agent_t{pool == kFinePool ? kCpuAgent : poolOwner(pool)};
    return true;
  }
  if (auto r = reservationOf(p, 1); r != g_vmemReservations.end()) {
    info->type = static_cast<hsa_amd_pointer_type_t>(5);
    info->agentBaseAddress = nullptr;
    info->hostBaseAddress = reinterpret_cast<void*>(r->first);
    info->sizeInBytes = r->second;
    info->agentOwner = hsa_agent_t{0};
    return true;
  }
  return false;
}
hsa_status_t reserve(void** va, size_t size, uint64_t address, uint64_t alignment, uint64_t flags) {
  if (va == nullptr || size == 0 || !pageMultiple(size) || (flags & ~uint64_t{1}) != 0 ||
      (alignment & (alignment - 1)) != 0 || !pageMultiple(alignment))
    return HSA_STATUS_ERROR_INVALID_ARGUMENT;
  const size_t align = alignment > kVmemPage ? alignment : kVmemPage;
  // Over-reserve, then trim to the alignment; the requested address is a hint.
  void* p = mmap(reinterpret_cast<void*>(address), size + align, PROT_NONE,
                 MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
  if (p == MAP_FAILED) return HSA_STATUS_ERROR_OUT_OF_RESOURCES;
  const auto raw = reinterpret_cast<uintptr_t>(p);
  const uintptr_t base = (raw + align - 1) / align * align;
  if (base > raw) munmap(p, base - raw);
  if (raw + size + align > base + size) munmap(reinterpret_cast<void*>(base + size), raw + size + align - (base + size));
  std::lock_guard lock(g_memMutex);
  g_vmemReservations[base] = size;
  *va = reinterpret_cast<void*>(base);
  return HSA_STATUS_SUCCESS;
}
}  // namespace

EXPORT void fake_hsa_set_vmem(int on) { g_vmemSupported = on != 0; }

EXPORT hsa_status_t hsa_amd_vmem_address_reserve(void** va, size_t size, uint64_t address, uint64_t flags) {
  return reserve(va, size, address, 0, flags);
}
EXPORT hsa_status_t hsa_amd_vmem_address_reserve_align(void** va, size_t size, uint64_t address,
                                                       uint64_t alignment, uint64_t flags) {
  return reserve(va, size, address, alignment, flags);
}
EXPORT hsa_status_t hsa_amd_vmem_address_free(void* va, size_t size) {
  const auto p = reinterpret_cast<uintptr_t>(va);
  std::lock_guard lock(g_memMutex);
  auto it = g_vmemReservations.find(p);
  if (it == g_vmemReservations.end() || it->second != size) return HSA_STATUS_ERROR_INVALID_ARGUMENT;
  // Memory still mapped in it keeps the range.
  auto m = g_vmemMappings.lower_bound(p);
  if (m != g_vmemMappings.end() && m->first < p + size) return HSA_STATUS_ERROR_RESOURCE_FREE;
  munmap(va, size);
  g_vmemReservations.erase(it);
  return HSA_STATUS_SUCCESS;
}
EXPORT hsa_status_t hsa_amd_vmem_handle_create(hsa_amd_memory_pool_t pool, size_t size,
                                               hsa_amd_memory_type_t type, uint64_t flags,
                                               hsa_amd_vmem_alloc_handle_t* out) {
  if (out == nullptr || size == 0 || !pageMultiple(size) || flags != 0 ||
      (type != MEMORY_TYPE_NONE && type != MEMORY_TYPE_PINNED) ||
      (!isDevicePool(pool.handle) && pool.handle != kFinePool))
    return HSA_STATUS_ERROR_INVALID_ARGUMENT;
  const int fd = memfd_create("fake-rocr-vmem", MFD_CLOEXEC);
  if (fd < 0) return HSA_STATUS_ERROR_OUT_OF_RESOURCES;
  if (ftruncate(fd, static_cast<off_t>(size)) != 0) {
    ::close(fd);
    return HSA_STATUS_ERROR_OUT_OF_RESOURCES;
  }
  std::lock_guard lock(g_memMutex);
  const uint64_t h = g_nextVmemHandle++;
  VmemHandle& v = g_vmemHandles[h];
  v.fd = fd;
  v.size = size;
  v.pool = pool.handle;
  v.type = type;
  out->handle = h;
  return HSA_STATUS_SUCCESS;
}
EXPORT hsa_status_t hsa_amd_vmem_handle_release(hsa_amd_vmem_alloc_handle_t handle) {
  std::lock_guard lock(g_memMutex);
  auto it = g_vmemHandles.find(handle.handle);
  if (it == g_vmemHandles.end() || it->second.references == 0) return HSA_STATUS_ERROR_INVALID_ALLOCATION;
  --it->second.references;
  dropIfUnused(it);
  return HSA_STATUS_SUCCESS;
}
EXPORT hsa_status_t hsa_amd_vmem_map(void* va, size_t size, size_t offset, hsa_amd_vmem_alloc_handle_t handle,
                                     uint64_t flags) {
  const auto p = reinterpret_cast<uintptr_t>(va);
  if (va == nullptr || size == 0 || flags != 0 || !pageMultiple(p) || !pageMultiple(size) ||
      !pageMultiple(offset))
    return HSA_STATUS_ERROR_INVALID_ARGUMENT;
  std::lock_guard lock(g_memMutex);
  VmemHandle* h = liveVmem(handle.handle);
  if (h == nullptr) return HSA_STATUS_ERROR_INVALID_ALLOCATION;
  if (offset > h->size || size > h->size - offset || reservationOf(p, size) == g_vmemReservations.end())
    return HSA_STATUS_ERROR_INVALID_ARGUMENT;
  // Nothing mapped in the range already.
  auto next = g_vmemMappings.lower_bound(p);
  if (mappingOf(p) != g_vmemMappings.end() || (next != g_vmemMappings.end() && next->first < p + size))
    return HSA_STATUS_ERROR_INVALID_ARGUMENT;
  if (mmap(va, size, PROT_NONE, MAP_SHARED | MAP_FIXED, h->fd, static_cast<off_t>(offset)) == MAP_FAILED)
    return HSA_STATUS_ERROR_OUT_OF_RESOURCES;
  ++h->mappings;
  g_vmemMappings[p] = VmemMapping{size, handle.handle, {}};
  return HSA_STATUS_SUCCESS;
}
EXPORT hsa_status_t hsa_amd_vmem_unmap(void* va, size_t size) {
  std::lock_guard lock(g_memMutex);
  auto it = g_vmemMappings.find(reinterpret_cast<uintptr_t>(va));
  if (va == nullptr || it == g_vmemMappings.end() || it->second.size != size)
    return HSA_STATUS_ERROR_INVALID_ARGUMENT;
  // The pages go back to being reserved address space.
  mmap(va, size, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE | MAP_FIXED, -1, 0);
  auto h = g_vmemHandles.find(it->second.handle);
  g_vmemMappings.erase(it);
  if (h != g_vmemHandles.end()) {
    --h->second.mappings;
    dropIfUnused(h);
  }
  return HSA_STATUS_SUCCESS;
}
EXPORT hsa_status_t hsa_amd_vmem_set_access(void* va, size_t size, const hsa_amd_memory_access_desc_t* desc,
                                            size_t count) {
  if (va == nullptr || size == 0 || desc == nullptr || count == 0) return HSA_STATUS_ERROR_INVALID_ARGUMENT;
  for (size_t i = 0; i < count; ++i) {
    if (desc[i].agent_handle.handle != kCpuAgent && !isGpu(desc[i].agent_handle.handle))
      return HSA_STATUS_ERROR_INVALID_AGENT;
    if (static_cast<int>(desc[i].permissions) < 0 || static_cast<int>(desc[i].permissions) > 3)
      return HSA_STATUS_ERROR_INVALID_ARGUMENT;
  }
  std::lock_guard lock(g_memMutex);
  // The range is whole mappings, back to back.
  std::vector<std::map<uintptr_t, VmemMapping>::iterator> covered;
  for (uintptr_t p = reinterpret_cast<uintptr_t>(va), end = p + size; p < end;) {
    auto it = g_vmemMappings.find(p);
    if (it == g_vmemMappings.end() || p + it->second.size > end) return HSA_STATUS_ERROR_INVALID_ARGUMENT;
    covered.push_back(it);
    p += it->second.size;
  }
  for (auto it : covered) {
    for (size_t i = 0; i < count; ++i) it->second.access[desc[i].agent_handle.handle] = desc[i].permissions;
    mprotect(reinterpret_cast<void*>(it->first), it->second.size, protectionOf(it->second));
  }
  return HSA_STATUS_SUCCESS;
}
EXPORT hsa_status_t hsa_amd_vmem_get_access(void* va, hsa_access_permission_t* perms, hsa_agent_t agent) {
  if (va == nullptr || perms == nullptr) return HSA_STATUS_ERROR_INVALID_ARGUMENT;
  if (agent.handle != kCpuAgent && !isGpu(agent.handle)) return HSA_STATUS_ERROR_INVALID_AGENT;
  std::lock_guard lock(g_memMutex);
  auto it = mappingOf(reinterpret_cast<uintptr_t>(va));
  if (it == g_vmemMappings.end()) return HSA_STATUS_ERROR_INVALID_ARGUMENT;
  auto a = it->second.access.find(agent.handle);
  *perms = a != it->second.access.end() ? a->second : static_cast<hsa_access_permission_t>(0);
  return HSA_STATUS_SUCCESS;
}
EXPORT hsa_status_t hsa_amd_vmem_export_shareable_handle(int* fd, hsa_amd_vmem_alloc_handle_t handle,
                                                         uint64_t flags) {
  if (fd == nullptr || flags != 0) return HSA_STATUS_ERROR_INVALID_ARGUMENT;
  std::lock_guard lock(g_memMutex);
  VmemHandle* h = liveVmem(handle.handle);
  if (h == nullptr) return HSA_STATUS_ERROR_INVALID_ALLOCATION;
  if (h->imported) return HSA_STATUS_ERROR_INVALID_ARGUMENT;  // ROCr never re-exports an import
  *fd = ::dup(h->fd);  // the dma-buf: a descriptor of the caller's own
  return *fd >= 0 ? HSA_STATUS_SUCCESS : HSA_STATUS_ERROR_OUT_OF_RESOURCES;
}
EXPORT hsa_status_t hsa_amd_vmem_import_shareable_handle(int fd, hsa_amd_vmem_alloc_handle_t* out) {
  struct stat st {};
  if (out == nullptr || fd < 0 || fstat(fd, &st) != 0 || st.st_size <= 0 ||
      !pageMultiple(static_cast<uint64_t>(st.st_size)))
    return HSA_STATUS_ERROR_INVALID_ARGUMENT;
  const int own = ::dup(fd);  // the caller keeps its descriptor
  if (own < 0) return HSA_STATUS_ERROR_OUT_OF_RESOURCES;
  std::lock_guard lock(g_memMutex);
  // The exporter's pool when it is this process's memory (the same file), none otherwise.
  uint64_t pool = 0;
  for (const auto& [h, v] : g_vmemHandles) {
    struct stat other {};
    if (!v.imported && fstat(v.fd, &other) == 0 && other.st_ino == st.st_ino && other.st_dev == st.st_dev)
      pool = v.pool;
  }
  const uint64_t h = g_nextVmemHandle++;
  VmemHandle& v = g_vmemHandles[h];
  v.fd = own;
  v.size = static_cast<size_t>(st.st_size);
  v.pool = pool;
  v.imported = true;
  out->handle = h;
  return HSA_STATUS_SUCCESS;
}
EXPORT hsa_status_t hsa_amd_vmem_retain_alloc_handle(hsa_amd_vmem_alloc_handle_t* out, void* addr) {
  if (out == nullptr || addr == nullptr) return HSA_STATUS_ERROR_INVALID_ARGUMENT;
  std::lock_guard lock(g_memMutex);
  auto it = mappingOf(reinterpret_cast<uintptr_t>(addr));
  if (it == g_vmemMappings.end()) return HSA_STATUS_ERROR_INVALID_ARGUMENT;
  ++g_vmemHandles[it->second.handle].references;
  out->handle = it->second.handle;
  return HSA_STATUS_SUCCESS;
}
EXPORT hsa_status_t hsa_amd_vmem_get_alloc_properties_from_handle(hsa_amd_vmem_alloc_handle_t handle,
                                                                  hsa_amd_memory_pool_t* pool,
                                                                  hsa_amd_memory_type_t* type) {
  if (pool == nullptr || type == nullptr) return HSA_STATUS_ERROR_INVALID_ARGUMENT;
  std::lock_guard lock(g_memMutex);
  VmemHandle* h = liveVmem(handle.handle);
  if (h == nullptr || h->pool == 0) return HSA_STATUS_ERROR_INVALID_ALLOCATION;
  pool->handle = h->pool;
  *type = h->type;
  return HSA_STATUS_SUCCESS;
}

EXPORT hsa_status_t hsa_amd_memory_async_copy(void* dst, hsa_agent_t, const void* src, hsa_agent_t,
                                              size_t size, uint32_t numDeps, const hsa_signal_t* deps,
                                              hsa_signal_t completion) {
  std::call_once(g_copyThreadOnce, [] { std::thread(copyEngine).detach(); });
  std::lock_guard lock(g_copy.mutex);
  g_copy.jobs.push_back({dst, src, size, std::vector<hsa_signal_t>(deps, deps + numDeps), completion});
  g_copy.ready.notify_one();
  return HSA_STATUS_SUCCESS;
}

// SVM (KFD's HMM ranges): attributes per page range. Without SVM support every call fails, as
// ROCr's do on a kernel without it.
namespace {
bool svmRange(const void* ptr, size_t size, uintptr_t* begin, uintptr_t* end) {
  if (ptr == nullptr || size == 0) return false;
  const auto p = reinterpret_cast<uintptr_t>(ptr);
  *begin = p & ~uintptr_t{4095};
  *end = (p + size + 4095) & ~uintptr_t{4095};
  return true;
}
bool knownAgent(uint64_t agent) { return agent == kCpuAgent || isGpu(agent); }
}  // namespace
EXPORT hsa_status_t hsa_amd_svm_attributes_set(void* ptr, size_t size,
                                               hsa_amd_svm_attribute_pair_t* list, size_t count) {
  if (!g_svm) return HSA_STATUS_ERROR;
  uintptr_t begin = 0, end = 0;
  if (!svmRange(ptr, size, &begin, &end) || list == nullptr) return HSA_STATUS_ERROR_INVALID_ARGUMENT;
  for (size_t i = 0; i < count; ++i) {
    const uint64_t a = list[i].attribute, v = list[i].value;
    switch (a) {
      case HSA_AMD_SVM_ATTRIB_GLOBAL_FLAG:
        if (v > HSA_AMD_SVM_GLOBAL_FLAG_COARSE_GRAINED) return HSA_STATUS_ERROR_INVALID_ARGUMENT;
        break;
      case HSA_AMD_SVM_ATTRIB_READ_MOSTLY: break;
      case HSA_AMD_SVM_ATTRIB_PREFERRED_LOCATION:
        if (v != 0 && !knownAgent(v)) return HSA_STATUS_ERROR_INVALID_AGENT;
        break;
      case HSA_AMD_SVM_ATTRIB_AGENT_ACCESSIBLE:
      case HSA_AMD_SVM_ATTRIB_AGENT_ACCESSIBLE_IN_PLACE:
      case HSA_AMD_SVM_ATTRIB_AGENT_NO_ACCESS:
        if (!knownAgent(v)) return HSA_STATUS_ERROR_INVALID_AGENT;
        break;
      default: return HSA_STATUS_ERROR_INVALID_ARGUMENT;  // the query-only attributes among them
    }
  }
  std::lock_guard lock(g_svmMutex);
  g_svmPages.update(begin, end, [&](SvmPage& page) {
    for (size_t i = 0; i < count; ++i) {
      const uint64_t a = list[i].attribute, v = list[i].value;
      if (a == HSA_AMD_SVM_ATTRIB_GLOBAL_FLAG) page.globalFlag = v;
      else if (a == HSA_AMD_SVM_ATTRIB_READ_MOSTLY) page.readMostly = v != 0;
      else if (a == HSA_AMD_SVM_ATTRIB_PREFERRED_LOCATION) page.preferred = v;
      else page.access[v] = a;
    }
  });
  return HSA_STATUS_SUCCESS;
}
// Over several pieces: flags AND-ed, a location only when uniform (else 0), the global flag
// INDETERMINATE when mixed, an agent's access the weakest it has on any page.
EXPORT hsa_status_t hsa_amd_svm_attributes_get(void* ptr, size_t size,
                                               hsa_amd_svm_attribute_pair_t* list, size_t count) {
  if (!g_svm) return HSA_STATUS_ERROR;
  uintptr_t begin = 0, end = 0;
  if (!svmRange(ptr, size, &begin, &end) || list == nullptr) return HSA_STATUS_ERROR_INVALID_ARGUMENT;
  for (size_t i = 0; i < count; ++i) {
    const uint64_t a = list[i].attribute;
    if (a == HSA_AMD_SVM_ATTRIB_ACCESS_QUERY && !knownAgent(list[i].value)) return HSA_STATUS_ERROR_INVALID_AGENT;
    if (a != HSA_AMD_SVM_ATTRIB_ACCESS_QUERY && a != HSA_AMD_SVM_ATTRIB_GLOBAL_FLAG &&
        a != HSA_AMD_SVM_ATTRIB_READ_MOSTLY && a != HSA_AMD_SVM_ATTRIB_PREFERRED_LOCATION &&
        a != HSA_AMD_SVM_ATTRIB_PREFETCH_LOCATION)
      return HSA_STATUS_ERROR_INVALID_ARGUMENT;  // set-only attributes, and those the fake lacks
  }
  std::lock_guard lock(g_svmMutex);
  for (size_t i = 0; i < count; ++i) {
    const uint64_t a = list[i].attribute;
    bool first = true;
    uint64_t result = 0;
    g_svmPages.forEach(begin, end, [&](const SvmPage& page) {
      uint64_t v = 0;
      switch (a) {
        case HSA_AMD_SVM_ATTRIB_GLOBAL_FLAG: v = page.globalFlag; break;
        case HSA_AMD_SVM_ATTRIB_READ_MOSTLY: v = page.readMostly; break;
        case HSA_AMD_SVM_ATTRIB_PREFERRED_LOCATION: v = page.preferred; break;
        case HSA_AMD_SVM_ATTRIB_PREFETCH_LOCATION: v = page.prefetched; break;
        default: {  // access query: NO_ACCESS < ACCESSIBLE < ACCESSIBLE_IN_PLACE
          auto it = page.access.find(list[i].value);
          v = it == page.access.end() ? HSA_AMD_SVM_ATTRIB_AGENT_NO_ACCESS : it->second;
        }
      }
      if (first) result = v;
      else if (a == HSA_AMD_SVM_ATTRIB_READ_MOSTLY) result = result && v;
      else if (a == HSA_AMD_SVM_ATTRIB_GLOBAL_FLAG && result != v) result = HSA_AMD_SVM_GLOBAL_FLAG_INDETERMINATE;
      else if (a == HSA_AMD_SVM_ATTRIB_ACCESS_QUERY) {
        auto rank = [](uint64_t x) { return x == HSA_AMD_SVM_ATTRIB_AGENT_ACCESSIBLE_IN_PLACE ? 2 : x == HSA_AMD_SVM_ATTRIB_AGENT_ACCESSIBLE ? 1 : 0; };
        if (rank(v) < rank(result)) result = v;
      } else if (a != HSA_AMD_SVM_ATTRIB_GLOBAL_FLAG && result != v) result = 0;
      first = false;
    });
    if (a == HSA_AMD_SVM_ATTRIB_ACCESS_QUERY) list[i].attribute = result;
    else list[i].value = result;
  }
  return HSA_STATUS_SUCCESS;
}
// On the copy thread after the dependencies: the range's prefetch location becomes `agent`.
EXPORT hsa_status_t hsa_amd_svm_prefetch_async(void* ptr, size_t size, hsa_agent_t agent,
                                               uint32_t numDeps, const hsa_signal_t* deps,
                                               hsa_signal_t completion) {
  if (!g_svm) return HSA_STATUS_ERROR;
  uintptr_t begin = 0, end = 0;
  if (!svmRange(ptr, size, &begin, &end)) return HSA_STATUS_ERROR_INVALID_ARGUMENT;
  if (!knownAgent(agent.handle)) return HSA_STATUS_ERROR_INVALID_AGENT;
  std::call_once(g_copyThreadOnce, [] { std::thread(copyEngine).detach(); });
  std::lock_guard lock(g_copy.mutex);
  const uint64_t target = agent.handle;
  g_copy.jobs.push_back({nullptr, nullptr, 0, std::vector<hsa_signal_t>(deps, deps + numDeps), completion,
                         [=] {
                           if (g_prefetchDelayMs > 0)
                             std::this_thread::sleep_for(std::chrono::milliseconds(g_prefetchDelayMs.load()));
                           std::lock_guard svmLock(g_svmMutex);
                           g_svmPages.update(begin, end, [&](SvmPage& page) { page.prefetched = target; });
                           ++g_prefetches;
                         }});
  g_copy.ready.notify_one();
  return HSA_STATUS_SUCCESS;
}

EXPORT hsa_status_t hsa_queue_create(hsa_agent_t, uint32_t size, hsa_queue_type32_t type,
                                     void (*)(hsa_status_t, hsa_queue_t*, void*), void*, uint32_t,
                                     uint32_t, hsa_queue_t** out) {
  if (type == HSA_QUEUE_TYPE_COOPERATIVE) ++g_cooperativeQueues;
  auto* q = new Queue;
  q->ring.assign(size_t{size} * 64 + 64, 0);
  const auto base = reinterpret_cast<uintptr_t>(q->ring.data());
  q->q.base_address = q->ring.data() + (64 - base % 64) % 64;
  q->q.size = size;
  q->q.doorbell_signal = hsa_signal_t{reinterpret_cast<uint64_t>(&q->doorbell)};
  q->doorbell.doorbell = true;
  for (uint32_t i = 0; i < size; ++i) static_cast<uint8_t*>(q->q.base_address)[i * 64] = HSA_PACKET_TYPE_INVALID;
  q->processor = std::thread([q] { q->run(); });
  ++g_liveQueues;
  *out = &q->q;
  return HSA_STATUS_SUCCESS;
}
EXPORT hsa_status_t hsa_queue_destroy(hsa_queue_t* queue) {
  Queue* q = fq(queue);
  q->stop = true;
  q->processor.join();
  delete q;
  --g_liveQueues;
  return HSA_STATUS_SUCCESS;
}
EXPORT uint64_t hsa_queue_add_write_index_screlease(const hsa_queue_t* q, uint64_t v) {
  return fq(q)->write.fetch_add(v);
}
EXPORT uint64_t hsa_queue_load_read_index_scacquire(const hsa_queue_t* q) { return fq(q)->read.load(); }
EXPORT hsa_status_t hsa_amd_profiling_set_profiler_enabled(hsa_queue_t* q, int enable) {
  fq(q)->profiling = enable != 0;
  return HSA_STATUS_SUCCESS;
}
EXPORT hsa_status_t hsa_amd_profiling_get_dispatch_time(hsa_agent_t, hsa_signal_t s,
                                                        hsa_amd_profiling_dispatch_time_t* t) {
  t->start = sig(s)->start;
  t->end = sig(s)->end;
  return HSA_STATUS_SUCCESS;
}

EXPORT hsa_status_t hsa_signal_create(hsa_signal_value_t v, uint32_t, const hsa_agent_t*, hsa_signal_t* s) {
  auto* n = new Signal;
  n->value = v;
  s->handle = reinterpret_cast<uint64_t>(n);
  return HSA_STATUS_SUCCESS;
}
EXPORT hsa_status_t hsa_signal_destroy(hsa_signal_t s) {
  delete sig(s);
  return HSA_STATUS_SUCCESS;
}
EXPORT void hsa_signal_store_relaxed(hsa_signal_t s, hsa_signal_value_t v) { sig(s)->value.store(v); }
EXPORT void hsa_signal_store_screlease(hsa_signal_t s, hsa_signal_value_t v) {
  if (sig(s)->doorbell) ++g_doorbellRings;
  sig(s)->value.store(v);
}
EXPORT void hsa_signal_add_relaxed(hsa_signal_t s, hsa_signal_value_t v) { sig(s)->value.fetch_add(v); }
EXPORT hsa_signal_value_t hsa_signal_load_scacquire(hsa_signal_t s) { return sig(s)->value.load(); }
// As ROCr: `timeout` (in timestamp units, ns here) is a hint after which the current value comes
// back; a long wait sleeps between polls (the hostcall thread waits here all test long).
EXPORT hsa_signal_value_t hsa_signal_wait_scacquire(hsa_signal_t s, hsa_signal_condition_t c,
                                                    hsa_signal_value_t compare, uint64_t timeout,
                                                    hsa_wait_state_t) {
  const uint64_t start = nowNs();
  for (uint64_t polls = 0;; ++polls) {
    const int64_t v = sig(s)->value.load();
    if (conditionMet(c, v, compare)) return v;
    if (timeout != UINT64_MAX && nowNs() - start >= timeout) return v;
    if (polls < 1000) std::this_thread::yield();
    else std::this_thread::sleep_for(std::chrono::microseconds(20));
  }
}

// One detached watcher thread per registration (ROCr uses one shared thread; the backend cannot
// tell the difference). The handler must fire before the signal is destroyed, as in ROCr.
EXPORT hsa_status_t hsa_amd_signal_async_handler(hsa_signal_t s, hsa_signal_condition_t c,
                                                 hsa_signal_value_t compare,
                                                 hsa_amd_signal_handler handler, void* arg) {
  if (s.handle == 0 || handler == nullptr) return HSA_STATUS_ERROR_INVALID_ARGUMENT;
  std::thread([=] {
    for (bool again = true; again;) {
      int64_t v;
      while (!conditionMet(c, v = sig(s)->value.load(std::memory_order_acquire), compare))
        std::this_thread::yield();
      ++g_asyncHandlersRun;
      again = handler(v, arg);
    }
  }).detach();
  return HSA_STATUS_SUCCESS;
}

// Code objects: the "executable" finds a symbol when its name occurs in the image's bytes (its
// ELF string table), and maps kernel descriptors to the host implementations above. A variable
// (an object of the ELF symbol table) gets storage of its size in "device memory" on first lookup,
// holding its initial bytes (zero for .bss), as ROCr's loader places it; the storage goes with the
// executable.
struct Executable {
  const uint8_t* image = nullptr;
  size_t size = 0;
  bool frozen = false;
  std::mutex mutex;
  std::map<std::string, std::pair<void*, size_t>> variables;  // by symbol name
};
EXPORT hsa_status_t hsa_code_object_reader_create_from_memory(const void* data, size_t size,
                                                              hsa_code_object_reader_t* reader) {
  if (size < 4 || std::memcmp(data, "\x7f" "ELF", 4) != 0) return HSA_STATUS_ERROR_INVALID_CODE_OBJECT;
  auto* e = new Executable;
  e->image = static_cast<const uint8_t*>(data);
  e->size = size;
  reader->handle = reinterpret_cast<uint64_t>(e);
  return HSA_STATUS_SUCCESS;
}
EXPORT hsa_status_t hsa_code_object_reader_destroy(hsa_code_object_reader_t r) {
  delete reinterpret_cast<Executable*>(r.handle);
  return HSA_STATUS_SUCCESS;
}
EXPORT hsa_status_t hsa_executable_create_alt(hsa_profile_t, hsa_default_float_rounding_mode_t,
                                              const char*, hsa_executable_t* exec) {
  exec->handle = reinterpret_cast<uint64_t>(new Executable);
  return HSA_STATUS_SUCCESS;
}
EXPORT hsa_status_t hsa_executable_load_agent_code_object(hsa_executable_t exec, hsa_agent_t agent,
                                                          hsa_code_object_reader_t reader, const char*,
                                                          hsa_loaded_code_object_t*) {
  if (!isGpu(agent.handle)) return HSA_STATUS_ERROR_INVALID_AGENT;
  auto* e = reinterpret_cast<Executable*>(exec.handle);
  const auto* r = reinterpret_cast<Executable*>(reader.handle);
  e->image = r->image;
  e->size = r->size;
  return HSA_STATUS_SUCCESS;
}
EXPORT hsa_status_t hsa_executable_freeze(hsa_executable_t exec, const char*) {
  reinterpret_cast<Executable*>(exec.handle)->frozen = true;
  return HSA_STATUS_SUCCESS;
}
EXPORT hsa_status_t hsa_executable_destroy(hsa_executable_t exec) {
  auto* e = reinterpret_cast<Executable*>(exec.handle);
  for (auto& [name, storage] : e->variables) hsa_amd_memory_pool_free(storage.first);
  delete e;
  return HSA_STATUS_SUCCESS;
}
namespace {
// The object `name` of the image's symbol tables: its size and initial bytes (null: zeros).
bool findObject(const uint8_t* image, size_t size, const char* name, size_t* bytes,
                const uint8_t** init) {
  if (size < sizeof(Elf64_Ehdr)) return false;
  Elf64_Ehdr eh;
  std::memcpy(&eh, image, sizeof eh);
  if (eh.e_ident[EI_CLASS] != ELFCLASS64 || eh.e_shentsize != sizeof(Elf64_Shdr) ||
      eh.e_shoff > size || eh.e_shnum > (size - eh.e_shoff) / sizeof(Elf64_Shdr))
    return false;
  auto section = [&](size_t i) {
    Elf64_Shdr sh;
    std::memcpy(&sh, image + eh.e_shoff + i * sizeof sh, sizeof sh);
    return sh;
  };
  auto inImage = [&](const Elf64_Shdr& sh) { return sh.sh_offset <= size && sh.sh_size <= size - sh.sh_offset; };
  for (size_t i = 0; i < eh.e_shnum; ++i) {
    const Elf64_Shdr symtab = section(i);
    if ((symtab.sh_type != SHT_SYMTAB && symtab.sh_type != SHT_DYNSYM) || !inImage(symtab) ||
        symtab.sh_link >= eh.e_shnum)
      continue;
    const Elf64_Shdr strtab = section(symtab.sh_link);
    if (!inImage(strtab)) continue;
    for (size_t j = 0; j < symtab.sh_size / sizeof(Elf64_Sym); ++j) {
      Elf64_Sym sym;
      std::memcpy(&sym, image + symtab.sh_offset + j * sizeof sym, sizeof sym);
      if (ELF64_ST_TYPE(sym.st_info) != STT_OBJECT || sym.st_name >= strtab.sh_size ||
          sym.st_shndx == SHN_UNDEF || sym.st_shndx >= eh.e_shnum)
        continue;
      const auto* symName = reinterpret_cast<const char*>(image + strtab.sh_offset + sym.st_name);
      if (strnlen(symName, strtab.sh_size - sym.st_name) == strtab.sh_size - sym.st_name ||
          std::strcmp(symName, name) != 0)
        continue;
      const Elf64_Shdr home = section(sym.st_shndx);
      *bytes = sym.st_size;
      *init = nullptr;
      if (home.sh_type == SHT_PROGBITS) {
        if (!inImage(home) || sym.st_value < home.sh_addr ||
            sym.st_value - home.sh_addr > home.sh_size || sym.st_size > home.sh_size - (sym.st_value - home.sh_addr))
          return false;
        *init = image + home.sh_offset + (sym.st_value - home.sh_addr);
      }
      return true;
    }
  }
  return false;
}
}  // namespace
struct Symbol {
  const KernelImpl* kernel;
  std::string name;
  uint64_t address = 0;  // a variable's storage
  uint32_t size = 0;
};
std::mutex g_symbolMutex;
std::deque<Symbol> g_symbols;  // never freed: symbol handles stay valid
EXPORT hsa_status_t hsa_executable_get_symbol_by_name(hsa_executable_t exec, const char* name,
                                                      const hsa_agent_t*, hsa_executable_symbol_t* out) {
  auto* e = reinterpret_cast<Executable*>(exec.handle);
  if (!e->frozen) return HSA_STATUS_ERROR_INVALID_EXECUTABLE;
  const size_t n = std::strlen(name) + 1;  // with the NUL, as in a string table
  const uint8_t* end = e->image + e->size;
  if (std::search(e->image, end, name, name + n) == end) return HSA_STATUS_ERROR_INVALID_SYMBOL_NAME;
  Symbol symbol{nullptr, name};
  if (symbol.name.ends_with(".kd")) {
    for (const KernelImpl& k : kKernels)
      if (std::strcmp(k.symbol, name) == 0) symbol.kernel = &k;
  } else {
    std::lock_guard lock(e->mutex);
    auto it = e->variables.find(name);
    if (it == e->variables.end()) {
      size_t bytes = 0;
      const uint8_t* init = nullptr;
      if (!findObject(e->image, e->size, name, &bytes, &init)) return HSA_STATUS_ERROR_INVALID_SYMBOL_NAME;
      void* storage = nullptr;
      if (hsa_amd_memory_pool_allocate(hsa_amd_memory_pool_t{kDevicePool}, bytes ? bytes : 1, 0, &storage) !=
          HSA_STATUS_SUCCESS)
        return HSA_STATUS_ERROR_OUT_OF_RESOURCES;
      if (init != nullptr) std::memcpy(storage, init, bytes);
      else std::memset(storage, 0, bytes ? bytes : 1);
      it = e->variables.emplace(name, std::pair{storage, bytes}).first;
    }
    symbol.address = reinterpret_cast<uint64_t>(it->second.first);
    symbol.size = static_cast<uint32_t>(it->second.second);
  }
  std::lock_guard lock(g_symbolMutex);
  g_symbols.push_back(std::move(symbol));
  out->handle = reinterpret_cast<uint64_t>(&g_symbols.back());
  return HSA_STATUS_SUCCESS;
}
EXPORT hsa_status_t hsa_executable_symbol_get_info(hsa_executable_symbol_t s,
                                                   hsa_executable_symbol_info_t attribute, void* value) {
  const auto* sym = reinterpret_cast<Symbol*>(s.handle);
  const bool isKernel = sym->name.size() > 3 && sym->name.ends_with(".kd");
  switch (attribute) {
    case HSA_EXECUTABLE_SYMBOL_INFO_TYPE:
      return put(value, isKernel ? HSA_SYMBOL_KIND_KERNEL : HSA_SYMBOL_KIND_VARIABLE);
    case HSA_EXECUTABLE_SYMBOL_INFO_KERNEL_OBJECT:
      // Unknown kernels get a descriptor the packet processor does not know (a kernel error).
      return put<uint64_t>(value, sym->kernel ? reinterpret_cast<uint64_t>(sym->kernel) : 0xBAD);
    case HSA_EXECUTABLE_SYMBOL_INFO_VARIABLE_ADDRESS: return put<uint64_t>(value, sym->address);
    case HSA_EXECUTABLE_SYMBOL_INFO_VARIABLE_SIZE: return put<uint32_t>(value, sym->size);
    default: return HSA_STATUS_ERROR_INVALID_ARGUMENT;
  }
}

// ROCr's image extension. An image is a host struct whose first 48 bytes are its "SRD" (as in
// ROCr, the handle is the SRD's address) holding recognisable fields the tests read back from
// texture and surface objects: 'IMG0', the data address, the sizes, the geometry, the format,
// the layout and the row pitch. Texels live at the image data in a plain layout (rows of
// width * element bytes, or the given row pitch for a linear layout; a 1DA image's layers are
// its rows, a 2DA image's its slices). A sampler's 32 bytes: 'SMP0', coordinate mode, filter,
// address mode.
namespace {
struct FakeImage {
  uint32_t srd[12];
  hsa_ext_image_descriptor_t d;
  uint8_t* data;
  size_t element, rowPitch, slicePitch, rows, slices;
};
struct FakeSampler {
  uint32_t srd[8];
};

size_t elementBytes(const hsa_ext_image_format_t& f) {
  size_t channel = 0;
  switch (f.channel_type) {
    case HSA_EXT_IMAGE_CHANNEL_TYPE_SNORM_INT8:
    case HSA_EXT_IMAGE_CHANNEL_TYPE_UNORM_INT8:
    case HSA_EXT_IMAGE_CHANNEL_TYPE_SIGNED_INT8:
    case HSA_EXT_IMAGE_CHANNEL_TYPE_UNSIGNED_INT8: channel = 1; break;
    case HSA_EXT_IMAGE_CHANNEL_TYPE_SNORM_INT16:
    case HSA_EXT_IMAGE_CHANNEL_TYPE_UNORM_INT16:
    case HSA_EXT_IMAGE_CHANNEL_TYPE_SIGNED_INT16:
    case HSA_EXT_IMAGE_CHANNEL_TYPE_UNSIGNED_INT16:
    case HSA_EXT_IMAGE_CHANNEL_TYPE_HALF_FLOAT: channel = 2; break;
    case HSA_EXT_IMAGE_CHANNEL_TYPE_SIGNED_INT32:
    case HSA_EXT_IMAGE_CHANNEL_TYPE_UNSIGNED_INT32:
    case HSA_EXT_IMAGE_CHANNEL_TYPE_FLOAT: channel = 4; break;
    default: return 0;
  }
  switch (f.channel_order) {
    case HSA_EXT_IMAGE_CHANNEL_ORDER_R: return channel;
    case HSA_EXT_IMAGE_CHANNEL_ORDER_RG: return 2 * channel;
    case HSA_EXT_IMAGE_CHANNEL_ORDER_RGBA: return 4 * channel;
    default: return 0;
  }
}

// ROCr's rules for the descriptor's fields by geometry (sizes that must be 0 or not), a
// 16384-element limit per dimension, and a format the fake knows.
hsa_status_t checkDescriptor(const hsa_ext_image_descriptor_t* d, size_t* rows, size_t* slices) {
  if (d == nullptr) return HSA_STATUS_ERROR_INVALID_ARGUMENT;
  if (elementBytes(d->format) == 0) return static_cast<hsa_status_t>(HSA_EXT_STATUS_ERROR_IMAGE_FORMAT_UNSUPPORTED);
  const bool h = d->height != 0, z = d->depth != 0, a = d->array_size != 0;
  bool ok = d->width != 0;
  switch (d->geometry) {
    case HSA_EXT_IMAGE_GEOMETRY_1D:
    case HSA_EXT_IMAGE_GEOMETRY_1DB: ok = ok && !h && !z && !a; break;
    case HSA_EXT_IMAGE_GEOMETRY_2D: ok = ok && h && !z && !a; break;
    case HSA_EXT_IMAGE_GEOMETRY_3D: ok = ok && h && z && !a; break;
    case HSA_EXT_IMAGE_GEOMETRY_1DA: ok = ok && !h && !z && a; break;
    case HSA_EXT_IMAGE_GEOMETRY_2DA: ok = ok && h && !z && a; break;
    default: ok = false;
  }
  if (!ok) return HSA_STATUS_ERROR_INVALID_ARGUMENT;
  const size_t limit = d->geometry == HSA_EXT_IMAGE_GEOMETRY_1DB ? (size_t{1} << 27) : 16384;
  const size_t plane = d->geometry == HSA_EXT_IMAGE_GEOMETRY_3D ? 2048 : 16384;
  if (d->width > std::min(limit, d->depth ? size_t{2048} : limit) || d->height > plane ||
      d->depth > 2048 || d->array_size > 2048)
    return static_cast<hsa_status_t>(HSA_EXT_STATUS_ERROR_IMAGE_SIZE_UNSUPPORTED);
  *rows = d->geometry == HSA_EXT_IMAGE_GEOMETRY_1DA ? d->array_size : h ? d->height : 1;
  *slices = d->geometry == HSA_EXT_IMAGE_GEOMETRY_2DA ? d->array_size : z ? d->depth : 1;
  return HSA_STATUS_SUCCESS;
}

hsa_status_t makeImage(const hsa_ext_image_descriptor_t* d, const void* data, size_t rowPitch,
                       hsa_ext_image_data_layout_t layout, hsa_ext_image_t* out) {
  size_t rows = 0, slices = 0;
  if (const hsa_status_t s = checkDescriptor(d, &rows, &slices); s != HSA_STATUS_SUCCESS) return s;
  if (data == nullptr || out == nullptr) return HSA_STATUS_ERROR_INVALID_ARGUMENT;
  const size_t element = elementBytes(d->format);
  if (rowPitch == 0) rowPitch = d->width * element;
  if (rowPitch < d->width * element) return static_cast<hsa_status_t>(HSA_EXT_STATUS_ERROR_IMAGE_PITCH_UNSUPPORTED);
  auto* image = static_cast<FakeImage*>(std::aligned_alloc(256, (sizeof(FakeImage) + 255) / 256 * 256));
  image->d = *d;
  image->data = static_cast<uint8_t*>(const_cast<void*>(data));
  image->element = element;
  image->rowPitch = rowPitch;
  image->slicePitch = rowPitch * rows;
  image->rows = rows;
  image->slices = slices;
  const auto address = reinterpret_cast<uint64_t>(data);
  const uint32_t srd[12] = {0x30474D49 /* 'IMG0' */, static_cast<uint32_t>(address),
                            static_cast<uint32_t>(address >> 32), static_cast<uint32_t>(d->width),
                            static_cast<uint32_t>(d->height), static_cast<uint32_t>(d->depth),
                            static_cast<uint32_t>(d->array_size), static_cast<uint32_t>(d->geometry),
                            d->format.channel_type, d->format.channel_order,
                            static_cast<uint32_t>(layout), static_cast<uint32_t>(rowPitch)};
  std::memcpy(image->srd, srd, sizeof srd);
  {
    std::lock_guard lock(g_memMutex);  // ROCr's image objects are system memory it allocated
    g_allocations[reinterpret_cast<uintptr_t>(image)] = {sizeof(FakeImage), kFinePool, false};
  }
  ++g_liveImages;
  out->handle = reinterpret_cast<uint64_t>(image);
  return HSA_STATUS_SUCCESS;
}

FakeImage* image(hsa_ext_image_t i) { return reinterpret_cast<FakeImage*>(i.handle); }

// Whether `offset` + `range` lies in the image (x in elements, y in rows, z in slices).
bool inside(const FakeImage& im, const hsa_dim3_t& offset, const hsa_dim3_t& range) {
  auto fits = [](size_t at, size_t n, size_t limit) { return at <= limit && n <= limit - at; };
  return fits(offset.x, range.x, im.d.width) && fits(offset.y, range.y, im.rows) &&
         fits(offset.z, range.z, im.slices);
}

uint8_t* texel(const FakeImage& im, size_t x, size_t y, size_t z) {
  return im.data + z * im.slicePitch + y * im.rowPitch + x * im.element;
}
}  // namespace

EXPORT hsa_status_t hsa_ext_image_data_get_info(hsa_agent_t, const hsa_ext_image_descriptor_t* d,
                                                hsa_access_permission_t,
                                                hsa_ext_image_data_info_t* info) {
  size_t rows = 0, slices = 0;
  if (const hsa_status_t s = checkDescriptor(d, &rows, &slices); s != HSA_STATUS_SUCCESS) return s;
  if (info == nullptr) return HSA_STATUS_ERROR_INVALID_ARGUMENT;
  info->size = d->width * elementBytes(d->format) * rows * slices;
  info->alignment = 256;
  return HSA_STATUS_SUCCESS;
}
EXPORT hsa_status_t hsa_ext_image_create(hsa_agent_t, const hsa_ext_image_descriptor_t* d,
                                         const void* data, hsa_access_permission_t,
                                         hsa_ext_image_t* out) {
  return makeImage(d, data, 0, HSA_EXT_IMAGE_DATA_LAYOUT_OPAQUE, out);
}
EXPORT hsa_status_t hsa_ext_image_create_with_layout(hsa_agent_t, const hsa_ext_image_descriptor_t* d,
                                                     const void* data, hsa_access_permission_t,
                                                     hsa_ext_image_data_layout_t layout, size_t rowPitch,
                                                     size_t, hsa_ext_image_t* out) {
  if (layout != HSA_EXT_IMAGE_DATA_LAYOUT_LINEAR) return HSA_STATUS_ERROR_INVALID_ARGUMENT;
  return makeImage(d, data, rowPitch, layout, out);
}
EXPORT hsa_status_t hsa_ext_image_destroy(hsa_agent_t, hsa_ext_image_t i) {
  {
    std::lock_guard lock(g_memMutex);
    if (g_allocations.erase(static_cast<uintptr_t>(i.handle)) == 0) return HSA_STATUS_ERROR_INVALID_ARGUMENT;
  }
  std::free(image(i));
  --g_liveImages;
  return HSA_STATUS_SUCCESS;
}
EXPORT hsa_status_t hsa_ext_image_import(hsa_agent_t, const void* src, size_t rowPitch, size_t slicePitch,
                                         hsa_ext_image_t dst, const hsa_ext_image_region_t* r) {
  const FakeImage& im = *image(dst);
  if (src == nullptr || r == nullptr || !inside(im, r->offset, r->range) ||
      rowPitch < r->range.x * im.element || (r->range.z > 1 && slicePitch < rowPitch * r->range.y))
    return HSA_STATUS_ERROR_INVALID_ARGUMENT;
  for (uint32_t z = 0; z < r->range.z; ++z)
    for (uint32_t y = 0; y < r->range.y; ++y)
      std::memcpy(texel(im, r->offset.x, r->offset.y + y, r->offset.z + z),
                  static_cast<const uint8_t*>(src) + z * slicePitch + y * rowPitch,
                  r->range.x * im.element);
  ++g_imageCopies;
  return HSA_STATUS_SUCCESS;
}
EXPORT hsa_status_t hsa_ext_image_export(hsa_agent_t, hsa_ext_image_t src, void* dst, size_t rowPitch,
                                         size_t slicePitch, const hsa_ext_image_region_t* r) {
  const FakeImage& im = *image(src);
  if (dst == nullptr || r == nullptr || !inside(im, r->offset, r->range) ||
      rowPitch < r->range.x * im.element || (r->range.z > 1 && slicePitch < rowPitch * r->range.y))
    return HSA_STATUS_ERROR_INVALID_ARGUMENT;
  for (uint32_t z = 0; z < r->range.z; ++z)
    for (uint32_t y = 0; y < r->range.y; ++y)
      std::memcpy(static_cast<uint8_t*>(dst) + z * slicePitch + y * rowPitch,
                  texel(im, r->offset.x, r->offset.y + y, r->offset.z + z), r->range.x * im.element);
  ++g_imageCopies;
  return HSA_STATUS_SUCCESS;
}
EXPORT hsa_status_t hsa_ext_image_copy(hsa_agent_t, hsa_ext_image_t src, const hsa_dim3_t* srcOffset,
                                       hsa_ext_image_t dst, const hsa_dim3_t* dstOffset,
                                       const hsa_dim3_t* range) {
  const FakeImage& from = *image(src);
  const FakeImage& to = *image(dst);
  if (srcOffset == nullptr || dstOffset == nullptr || range == nullptr || from.element != to.element ||
      !inside(from, *srcOffset, *range) || !inside(to, *dstOffset, *range))
    return HSA_STATUS_ERROR_INVALID_ARGUMENT;
  std::vector<uint8_t> row(range->x * from.element);  // source and destination may overlap
  for (uint32_t z = 0; z < range->z; ++z)
    for (uint32_t y = 0; y < range->y; ++y) {
      std::memcpy(row.data(), texel(from, srcOffset->x, srcOffset->y + y, srcOffset->z + z), row.size());
      std::memcpy(texel(to, dstOffset->x, dstOffset->y + y, dstOffset->z + z), row.data(), row.size());
    }
  ++g_imageCopies;
  return HSA_STATUS_SUCCESS;
}
EXPORT hsa_status_t hsa_ext_sampler_create(hsa_agent_t, const hsa_ext_sampler_descriptor_t* d,
                                           hsa_ext_sampler_t* out) {
  if (d == nullptr || out == nullptr || d->coordinate_mode > HSA_EXT_SAMPLER_COORDINATE_MODE_NORMALIZED ||
      d->filter_mode > HSA_EXT_SAMPLER_FILTER_MODE_LINEAR ||
      d->address_mode > HSA_EXT_SAMPLER_ADDRESSING_MODE_MIRRORED_REPEAT)
    return HSA_STATUS_ERROR_INVALID_ARGUMENT;
  auto* s = static_cast<FakeSampler*>(std::aligned_alloc(256, 256));
  const uint32_t srd[8] = {0x30504D53 /* 'SMP0' */, d->coordinate_mode, d->filter_mode, d->address_mode,
                           0, 0, 0, 0};
  std::memcpy(s->srd, srd, sizeof srd);
  {
    std::lock_guard lock(g_memMutex);
    g_allocations[reinterpret_cast<uintptr_t>(s)] = {sizeof(FakeSampler), kFinePool, false};
  }
  ++g_liveSamplers;
  out->handle = reinterpret_cast<uint64_t>(s);
  return HSA_STATUS_SUCCESS;
}
EXPORT hsa_status_t hsa_ext_sampler_destroy(hsa_agent_t, hsa_ext_sampler_t s) {
  {
    std::lock_guard lock(g_memMutex);
    if (g_allocations.erase(static_cast<uintptr_t>(s.handle)) == 0) return HSA_STATUS_ERROR_INVALID_ARGUMENT;
  }
  std::free(reinterpret_cast<void*>(s.handle));
  --g_liveSamplers;
  return HSA_STATUS_SUCCESS;
}
