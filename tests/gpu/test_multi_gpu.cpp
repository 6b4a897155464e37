// Several GPUs (issue 19): peer access and its errors, peer copies, a kernel on one device
// reading and writing another's memory, peer attributes, per-thread devices, multi-device
// launches, pools shared with a peer, HIP_VISIBLE_DEVICES / CUDA_VISIBLE_DEVICES in a fresh
// process, and NCCL all-reduces (one process for all GPUs, one process per GPU). Skips (with a
// message) on a machine with one GPU.
#include <dlfcn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <thread>
#include <vector>

#include "cooperative_kernels.h"
#include "gpu_test_support.h"
#include "graph_kernels.h"
#include "pool_kernels.h"

namespace {

int deviceCount() {
  int n = 0;
  return hipGetDeviceCount(&n) == hipSuccess ? n : 0;
}

std::string busId(int device) {
  char id[64] = {};
  return hipDeviceGetPCIBusId(id, sizeof id, device) == hipSuccess ? id : "?";
}

// Runs this suite's hidden case `tag` in a fresh process with `env` added ("NAME=value" each);
// its exit status (0 when every check passed).
int runChild(const char* tag, const std::vector<std::string>& env) {
  const pid_t pid = fork();
  if (pid < 0) return -1;
  if (pid == 0) {
    for (const std::string& e : env) {
      const size_t eq = e.find('=');
      setenv(e.substr(0, eq).c_str(), e.substr(eq + 1).c_str(), 1);
    }
    execl("/proc/self/exe", "unihip_gpu_tests", tag, static_cast<char*>(nullptr));
    _exit(127);
  }
  int status = -1;
  if (waitpid(pid, &status, 0) != pid) return -1;
  return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}

// nccl.h's entry points and constants (ncclFloat = 7, ncclSum = 0), loaded at run time.
struct Nccl {
  using Comm = void*;
  struct UniqueId {
    char internal[128];
  };
  int (*getUniqueId)(UniqueId*) = nullptr;
  int (*initRank)(Comm*, int, UniqueId, int) = nullptr;
  int (*initAll)(Comm*, int, const int*) = nullptr;
  int (*allReduce)(const void*, void*, size_t, int, int, Comm, void*) = nullptr;
  int (*groupStart)() = nullptr;
  int (*groupEnd)() = nullptr;
  int (*destroy)(Comm) = nullptr;

  bool load() {
    void* h = dlopen("libnccl.so.2", RTLD_NOW | RTLD_LOCAL);
    if (h == nullptr) h = dlopen("libnccl.so", RTLD_NOW | RTLD_LOCAL);
    if (h == nullptr) return false;
    getUniqueId = reinterpret_cast<decltype(getUniqueId)>(dlsym(h, "ncclGetUniqueId"));
    initRank = reinterpret_cast<decltype(initRank)>(dlsym(h, "ncclCommInitRank"));
    initAll = reinterpret_cast<decltype(initAll)>(dlsym(h, "ncclCommInitAll"));
    allReduce = reinterpret_cast<decltype(allReduce)>(dlsym(h, "ncclAllReduce"));
    groupStart = reinterpret_cast<decltype(groupStart)>(dlsym(h, "ncclGroupStart"));
    groupEnd = reinterpret_cast<decltype(groupEnd)>(dlsym(h, "ncclGroupEnd"));
    destroy = reinterpret_cast<decltype(destroy)>(dlsym(h, "ncclCommDestroy"));
    setenv("NCCL_NVLS_ENABLE", "0", 1);  // no NVLink multicast on shared machines
    return getUniqueId && initRank && initAll && allReduce && groupStart && groupEnd && destroy;
  }
};

// Two GPUs or more and a libnccl to load, else a warning saying which is missing.
bool collectiveApplies(int devices, Nccl* nccl) {
  if (devices < 2) {
    WARN("one GPU: the collective case does not apply");
    return false;
  }
  if (!nccl->load()) {
    WARN("no libnccl here: the collective case is skipped");
    return false;
  }
  return true;
}

// Rank `rank`'s contribution: (rank + 1) * (i % 100); the sum over `ranks` ranks is checked.
void fillContribution(std::vector<float>& host, int rank) {
  for (size_t i = 0; i < host.size(); ++i) host[i] = static_cast<float>((rank + 1) * (i % 100));
}
size_t wrongSums(const std::vector<float>& host, int ranks) {
  const float scale = ranks * (ranks + 1) / 2.0f;  // 1 + 2 + ... + ranks
  size_t wrong = 0;
  for (size_t i = 0; i < host.size(); ++i) wrong += host[i] != scale * static_cast<float>(i % 100);
  return wrong;
}

}  // namespace

TEST_CASE("peer access, peer copies and peer kernels between two GPUs", "[multigpu]") {
  if (deviceCount() < 2) {
    WARN("one GPU: the multi-GPU case does not apply");
    return;
  }
  int canAccess = -1;
  HIP_REQUIRE(hipDeviceCanAccessPeer(&canAccess, 1, 0));
  INFO("hipDeviceCanAccessPeer(1, 0) = " << canAccess);
  constexpr int n = 1 << 20;
  std::vector<int> host(n);
  for (int i = 0; i < n; ++i) host[i] = i;
  int* d0 = nullptr;
  int* d1 = nullptr;
  HIP_REQUIRE(hipSetDevice(0));
  HIP_REQUIRE(hipMalloc(&d0, n * sizeof(int)));
  HIP_REQUIRE(hipMemcpy(d0, host.data(), n * sizeof(int), hipMemcpyHostToDevice));
  HIP_REQUIRE(hipSetDevice(1));
  HIP_REQUIRE(hipMalloc(&d1, n * sizeof(int)));

  // Peer copies work with or without peer access.
  HIP_REQUIRE(hipMemcpyPeer(d1, 1, d0, 0, n * sizeof(int)));
  std::vector<int> back(n, -1);
  HIP_REQUIRE(hipMemcpy(back.data(), d1, n * sizeof(int), hipMemcpyDeviceToHost));
  CHECK(back == host);
  hipStream_t s1 = nullptr;
  HIP_REQUIRE(hipStreamCreate(&s1));
  HIP_REQUIRE(launchAddInts(d1, n, 5, s1));
  HIP_REQUIRE(hipMemcpyPeerAsync(d0, 0, d1, 1, n * sizeof(int), s1));
  HIP_REQUIRE(hipStreamSynchronize(s1));
  HIP_REQUIRE(hipMemcpy(back.data(), d0, n * sizeof(int), hipMemcpyDefault));
  int wrong = 0;
  for (int i = 0; i < n; ++i) wrong += back[i] != i + 5;
  CHECK(wrong == 0);
  // hipMemcpyDefault between devices: the runtime finds both devices from the pointers.
  HIP_REQUIRE(hipMemcpy(d1, d0, n * sizeof(int), hipMemcpyDefault));
  HIP_REQUIRE(hipMemcpy(back.data(), d1, n * sizeof(int), hipMemcpyDefault));
  wrong = 0;
  for (int i = 0; i < n; ++i) wrong += back[i] != i + 5;
  CHECK(wrong == 0);

  // Peer access from device 1 to device 0: its errors, then a kernel on 1 writing 0's memory.
  CHECK(hipDeviceDisablePeerAccess(0) == hipErrorPeerAccessNotEnabled);
  CHECK(hipDeviceEnablePeerAccess(1, 0) == hipErrorInvalidDevice);  // not its own peer
  if (canAccess) {
    HIP_REQUIRE(hipDeviceEnablePeerAccess(0, 0));
    CHECK(hipDeviceEnablePeerAccess(0, 0) == hipErrorPeerAccessAlreadyEnabled);
    (void)hipGetLastError();
    HIP_REQUIRE(launchAddInts(d0, n, 10, s1));  // device 1's kernel on device 0's memory
    HIP_REQUIRE(hipStreamSynchronize(s1));
    HIP_REQUIRE(hipMemcpy(back.data(), d0, n * sizeof(int), hipMemcpyDeviceToHost));
    wrong = 0;
    for (int i = 0; i < n; ++i) wrong += back[i] != i + 15;
    CHECK(wrong == 0);
    HIP_CHECK(hipDeviceDisablePeerAccess(0));
  }
  HIP_CHECK(hipStreamDestroy(s1));
  HIP_CHECK(hipFree(d1));
  HIP_REQUIRE(hipSetDevice(0));
  HIP_CHECK(hipFree(d0));
  (void)hipGetLastError();
}

TEST_CASE("one host thread per device, and a multi-device cooperative launch", "[multigpu]") {
  const int devices = deviceCount();
  if (devices < 2) {
    WARN("one GPU: the multi-GPU case does not apply");
    return;
  }
  // Each thread selects its own device; the current device is per thread.
  std::vector<int> seen(devices, -1);
  std::vector<std::thread> threads;
  for (int d = 0; d < devices; ++d) {
    threads.emplace_back([d, &seen] {
      if (hipSetDevice(d) != hipSuccess) return;
      void* p = nullptr;
      if (hipMalloc(&p, 4096) != hipSuccess) return;
      hipPointerAttribute_t a{};
      if (hipPointerGetAttributes(&a, p) != hipSuccess) return;
      // The per-thread default stream is this thread's, on this thread's device.
      int value = -1;
      if (hipMemsetAsync(p, 0, 4096, hipStreamPerThread) != hipSuccess ||
          launchAddInts(static_cast<int*>(p), 1024, d + 1, hipStreamPerThread) != hipSuccess ||
          hipMemcpyAsync(&value, static_cast<int*>(p) + 1023, sizeof value,
                         hipMemcpyDeviceToHost, hipStreamPerThread) != hipSuccess ||
          hipStreamSynchronize(hipStreamPerThread) != hipSuccess)
        return;
      if (value == d + 1) seen[d] = a.device;
      (void)hipFree(p);
    });
  }
  for (auto& t : threads) t.join();
  for (int d = 0; d < devices; ++d) CHECK(seen[d] == d);

  // One grid-syncing kernel per device, each on a stream of its device.
  const int block = 128;
  int rounds = 5;
  std::vector<int*> slots(devices), outs(devices);
  std::vector<hipStream_t> streams(devices);
  std::vector<hipLaunchParams> params(devices);
  std::vector<std::vector<void*>> args(devices);
  std::vector<int> blocks(devices);
  for (int d = 0; d < devices; ++d) {
    HIP_REQUIRE(hipSetDevice(d));
    int perSm = 0, sms = 0;
    HIP_REQUIRE(hipOccupancyMaxActiveBlocksPerMultiprocessor(&perSm, gridExchangeHostFunction(),
                                                             block, 0));
    HIP_REQUIRE(hipDeviceGetAttribute(&sms, hipDeviceAttributeMultiprocessorCount, d));
    blocks[d] = perSm * sms;
    HIP_REQUIRE(hipMalloc(&slots[d], blocks[d] * sizeof(int)));
    HIP_REQUIRE(hipMalloc(&outs[d], blocks[d] * sizeof(int)));
    HIP_REQUIRE(hipStreamCreate(&streams[d]));
    args[d] = {&slots[d], &outs[d], &rounds};
    params[d].func = const_cast<void*>(gridExchangeHostFunction());
    params[d].gridDim = dim3(blocks[d]);
    params[d].blockDim = dim3(block);
    params[d].args = args[d].data();
    params[d].sharedMem = 0;
    params[d].stream = streams[d];
  }
  HIP_REQUIRE(hipSetDevice(0));
  HIP_REQUIRE(hipLaunchCooperativeKernelMultiDevice(params.data(), devices, 0));
  for (int d = 0; d < devices; ++d) {
    HIP_REQUIRE(hipStreamSynchronize(streams[d]));
    std::vector<int> out(blocks[d]);
    HIP_REQUIRE(hipMemcpy(out.data(), outs[d], blocks[d] * sizeof(int), hipMemcpyDeviceToHost));
    int wrong = 0;
    for (int b = 0; b < blocks[d]; ++b) wrong += out[b] != rounds * ((b + 1) % blocks[d]);
    CHECK(wrong == 0);
  }
  // Two entries on one device are refused.
  params[1] = params[0];
  CHECK(hipLaunchCooperativeKernelMultiDevice(params.data(), 2, 0) == hipErrorInvalidDevice);
  (void)hipGetLastError();
  for (int d = 0; d < devices; ++d) {
    HIP_REQUIRE(hipSetDevice(d));
    HIP_CHECK(hipStreamDestroy(streams[d]));
    HIP_CHECK(hipFree(slots[d]));
    HIP_CHECK(hipFree(outs[d]));
  }
  HIP_REQUIRE(hipSetDevice(0));
}

TEST_CASE("NCCL all-reduce across every GPU on unihip's memory and streams", "[multigpu][nccl]") {
  const int devices = deviceCount();
  Nccl nccl;
  if (!collectiveApplies(devices, &nccl)) return;
  using Comm = Nccl::Comm;
  auto initAll = nccl.initAll;
  auto allReduce = nccl.allReduce;
  auto groupStart = nccl.groupStart;
  auto groupEnd = nccl.groupEnd;
  auto destroy = nccl.destroy;
  constexpr size_t n = 1 << 20;
  std::vector<Comm> comms(devices);
  std::vector<int> list(devices);
  for (int d = 0; d < devices; ++d) list[d] = d;
  REQUIRE(initAll(comms.data(), devices, list.data()) == 0);
  std::vector<float*> send(devices), recv(devices);
  std::vector<hipStream_t> streams(devices);
  std::vector<float> host(n);
  for (int d = 0; d < devices; ++d) {
    HIP_REQUIRE(hipSetDevice(d));
    HIP_REQUIRE(hipMalloc(&send[d], n * sizeof(float)));
    HIP_REQUIRE(hipMalloc(&recv[d], n * sizeof(float)));
    HIP_REQUIRE(hipStreamCreate(&streams[d]));
    fillContribution(host, d);
    HIP_REQUIRE(hipMemcpy(send[d], host.data(), n * sizeof(float), hipMemcpyHostToDevice));
  }
  REQUIRE(groupStart() == 0);
  for (int d = 0; d < devices; ++d) {
    void* native = nullptr;
    HIP_REQUIRE(unihipStreamGetNativeHandle(streams[d], &native));
    REQUIRE(allReduce(send[d], recv[d], n, 7, 0, comms[d], native) == 0);
  }
  REQUIRE(groupEnd() == 0);
  for (int d = 0; d < devices; ++d) {
    HIP_REQUIRE(hipSetDevice(d));
    HIP_REQUIRE(hipStreamSynchronize(streams[d]));
    HIP_REQUIRE(hipMemcpy(host.data(), recv[d], n * sizeof(float), hipMemcpyDeviceToHost));
    CHECK(wrongSums(host, devices) == 0);
    HIP_CHECK(hipStreamDestroy(streams[d]));
    HIP_CHECK(hipFree(send[d]));
    HIP_CHECK(hipFree(recv[d]));
  }
  for (Comm c : comms) CHECK(destroy(c) == 0);
  HIP_REQUIRE(hipSetDevice(0));
}

// One rank of a one-process-per-GPU all-reduce (hidden; started by the case below). The rank
// sees only its own GPU (CUDA_VISIBLE_DEVICES / HIP_VISIBLE_DEVICES set by the parent), so it
// works on device 0 of its process.
TEST_CASE("nccl rank: one process of a per-GPU all-reduce", "[.][nccl-rank]") {
  const char* id = std::getenv("UNIHIP_TEST_NCCL_ID");
  const char* rankText = std::getenv("UNIHIP_TEST_NCCL_RANK");
  const char* ranksText = std::getenv("UNIHIP_TEST_NCCL_RANKS");
  REQUIRE(id != nullptr);
  REQUIRE(rankText != nullptr);
  REQUIRE(ranksText != nullptr);
  const int rank = std::atoi(rankText), ranks = std::atoi(ranksText);
  Nccl nccl;
  REQUIRE(nccl.load());
  Nccl::UniqueId uid{};
  REQUIRE(std::strlen(id) == 2 * sizeof uid.internal);
  for (size_t i = 0; i < sizeof uid.internal; ++i) {
    unsigned byte = 0;
    REQUIRE(std::sscanf(id + 2 * i, "%2x", &byte) == 1);
    uid.internal[i] = static_cast<char>(byte);
  }
  REQUIRE(deviceCount() == 1);
  HIP_REQUIRE(hipSetDevice(0));
  constexpr size_t n = 1 << 20;
  std::vector<float> host(n);
  fillContribution(host, rank);
  float* buffer = nullptr;
  hipStream_t s = nullptr;
  HIP_REQUIRE(hipMalloc(&buffer, n * sizeof(float)));
  HIP_REQUIRE(hipStreamCreateWithFlags(&s, hipStreamNonBlocking));
  HIP_REQUIRE(hipMemcpyAsync(buffer, host.data(), n * sizeof(float), hipMemcpyHostToDevice, s));
  void* native = nullptr;
  HIP_REQUIRE(unihipStreamGetNativeHandle(s, &native));
  // NCCL finds its GPU through the CUDA runtime, which follows the context unihip made current
  // (this process's device 0 may be any physical GPU).
  Nccl::Comm comm = nullptr;
  REQUIRE(nccl.initRank(&comm, ranks, uid, rank) == 0);
  REQUIRE(nccl.allReduce(buffer, buffer, n, 7, 0, comm, native) == 0);  // in place
  HIP_REQUIRE(hipMemcpyAsync(host.data(), buffer, n * sizeof(float), hipMemcpyDeviceToHost, s));
  HIP_REQUIRE(hipStreamSynchronize(s));
  CHECK(wrongSums(host, ranks) == 0);
  CHECK(nccl.destroy(comm) == 0);
  HIP_CHECK(hipStreamDestroy(s));
  HIP_CHECK(hipFree(buffer));
}

TEST_CASE("NCCL all-reduce with one process per GPU", "[multigpu][nccl]") {
  const int devices = deviceCount();
  Nccl nccl;
  if (!collectiveApplies(devices, &nccl)) return;
  Nccl::UniqueId uid{};
  REQUIRE(nccl.getUniqueId(&uid) == 0);
  std::string id;
  for (char c : uid.internal) {
    char hex[3];
    std::snprintf(hex, sizeof hex, "%02x", static_cast<unsigned char>(c));
    id += hex;
  }
  // Every rank starts at once (ncclCommInitRank waits for all); each sees only its GPU, named by
  // HIP_VISIBLE_DEVICES (unihip's filter, over every device the driver shows).
  std::vector<pid_t> pids;
  for (int r = 0; r < devices; ++r) {
    const pid_t pid = fork();
    REQUIRE(pid >= 0);
    if (pid == 0) {
      setenv("UNIHIP_TEST_NCCL_ID", id.c_str(), 1);
      setenv("UNIHIP_TEST_NCCL_RANK", std::to_string(r).c_str(), 1);
      setenv("UNIHIP_TEST_NCCL_RANKS", std::to_string(devices).c_str(), 1);
      setenv("HIP_VISIBLE_DEVICES", std::to_string(r).c_str(), 1);
      execl("/proc/self/exe", "unihip_gpu_tests", "[nccl-rank]", static_cast<char*>(nullptr));
      _exit(127);
    }
    pids.push_back(pid);
  }
  for (int r = 0; r < devices; ++r) {
    int status = -1;
    REQUIRE(waitpid(pids[r], &status, 0) == pids[r]);
    INFO("rank " << r);
    CHECK(WIFEXITED(status));
    CHECK(WEXITSTATUS(status) == 0);
  }
}

// A fresh process under a visibility variable (hidden; started by the case below): checks that
// HIP ordinal i is the device with bus id expected[i].
TEST_CASE("visible devices child: checks its ordinals", "[.][visible-child]") {
  const char* expected = std::getenv("UNIHIP_TEST_EXPECT_BUS_IDS");
  REQUIRE(expected != nullptr);
  std::vector<std::string> ids;
  std::string text = expected;
  for (size_t pos = 0; pos < text.size();) {
    size_t comma = text.find(',', pos);
    if (comma == std::string::npos) comma = text.size();
    ids.push_back(text.substr(pos, comma - pos));
    pos = comma + 1;
  }
  int n = -1;
  const hipError_t e = hipGetDeviceCount(&n);
  HIP_REQUIRE(e);
  REQUIRE(n == static_cast<int>(ids.size()));
  for (int d = 0; d < n; ++d) {
    INFO("ordinal " << d);
    CHECK(busId(d) == ids[d]);
  }
  // Work runs on the device the ordinal names.
  HIP_REQUIRE(hipSetDevice(n - 1));
  int* p = nullptr;
  HIP_REQUIRE(hipMalloc(&p, 4096));
  hipPointerAttribute_t a{};
  HIP_REQUIRE(hipPointerGetAttributes(&a, p));
  CHECK(a.device == n - 1);
  HIP_REQUIRE(launchAddInts(p, 1024, 1, nullptr));
  HIP_REQUIRE(hipDeviceSynchronize());
  HIP_CHECK(hipFree(p));
  CHECK(hipSetDevice(n) == hipErrorInvalidDevice);
}

TEST_CASE("HIP_VISIBLE_DEVICES and CUDA_VISIBLE_DEVICES narrow and reorder the GPUs",
          "[multigpu]") {
  const int devices = deviceCount();
  if (devices < 2) {
    WARN("one GPU: the visibility case does not apply");
    return;
  }
  const std::string b0 = busId(0), b1 = busId(1);
  REQUIRE(b0 != b1);
  auto child = [](const std::string& variable, const std::string& expected) {
    return runChild("[visible-child]",
                    {variable, "UNIHIP_TEST_EXPECT_BUS_IDS=" + expected});
  };
  CHECK(child("HIP_VISIBLE_DEVICES=1,0", b1 + "," + b0) == 0);
  CHECK(child("HIP_VISIBLE_DEVICES=1", b1) == 0);
  CHECK(child("HIP_VISIBLE_DEVICES=0,7,1", b0) == 0);  // the list ends at a device that is not
  // No device: the suite's main exits 77 ("skipped") when hipGetDeviceCount says hipErrorNoDevice.
  CHECK(child("HIP_VISIBLE_DEVICES=-1", "") == 77);
  CHECK(child("CUDA_VISIBLE_DEVICES=1", b1) == 0);      // the driver's filter, on NVIDIA
  CHECK(child("CUDA_VISIBLE_DEVICES=1,0", b1 + "," + b0) == 0);
}

TEST_CASE("peer attributes between two GPUs", "[multigpu]") {
  if (deviceCount() < 2) {
    WARN("one GPU: the multi-GPU case does not apply");
    return;
  }
  int canAccess = -1, access = -1, rank = -1, atomics = -1, arrays = -1;
  HIP_REQUIRE(hipDeviceCanAccessPeer(&canAccess, 0, 1));
  HIP_REQUIRE(hipDeviceGetP2PAttribute(&access, hipDevP2PAttrAccessSupported, 0, 1));
  HIP_REQUIRE(hipDeviceGetP2PAttribute(&rank, hipDevP2PAttrPerformanceRank, 0, 1));
  HIP_REQUIRE(hipDeviceGetP2PAttribute(&atomics, hipDevP2PAttrNativeAtomicSupported, 0, 1));
  HIP_REQUIRE(
      hipDeviceGetP2PAttribute(&arrays, hipDevP2PAttrHipArrayAccessSupported, 0, 1));
  INFO("access " << access << " rank " << rank << " atomics " << atomics << " arrays " << arrays);
  CHECK(access == canAccess);
  CHECK(rank >= 0);
  CHECK((atomics == 0 || atomics == 1));
  CHECK((arrays == 0 || arrays == 1));
  int symmetric = -1;
  HIP_REQUIRE(hipDeviceGetP2PAttribute(&symmetric, hipDevP2PAttrAccessSupported, 1, 0));
  CHECK(symmetric == access);
  CHECK(hipDeviceGetP2PAttribute(&access, hipDevP2PAttrAccessSupported, 0, 0) ==
        hipErrorInvalidDevice);
  CHECK(hipDeviceGetP2PAttribute(&access, hipDevP2PAttrAccessSupported, 0, deviceCount()) ==
        hipErrorInvalidDevice);
  (void)hipGetLastError();
}

TEST_CASE("hipExtLaunchMultiKernelMultiDevice runs one kernel per GPU", "[multigpu]") {
  const int devices = deviceCount();
  if (devices < 2) {
    WARN("one GPU: the multi-GPU case does not apply");
    return;
  }
  int n = 1 << 16;
  std::vector<int*> data(devices);
  std::vector<int> values(devices);
  std::vector<hipStream_t> streams(devices);
  std::vector<hipLaunchParams> params(devices);
  std::vector<std::vector<void*>> args(devices);
  for (int d = 0; d < devices; ++d) {
    HIP_REQUIRE(hipSetDevice(d));
    HIP_REQUIRE(hipMalloc(&data[d], n * sizeof(int)));
    HIP_REQUIRE(hipMemset(data[d], 0, n * sizeof(int)));
    HIP_REQUIRE(hipStreamCreate(&streams[d]));
    values[d] = 10 + d;
    args[d] = {&data[d], &n, &values[d]};
    params[d].func = const_cast<void*>(d % 2 ? scaleIntsKernel() : addIntsKernel());
    params[d].gridDim = graphGridFor(n);
    params[d].blockDim = dim3(256);
    params[d].args = args[d].data();
    params[d].sharedMem = 0;
    params[d].stream = streams[d];
  }
  HIP_REQUIRE(hipSetDevice(0));
  HIP_REQUIRE(hipExtLaunchMultiKernelMultiDevice(params.data(), devices, 0));
  for (int d = 0; d < devices; ++d) {
    HIP_REQUIRE(hipStreamSynchronize(streams[d]));
    std::vector<int> out(n, -1);
    HIP_REQUIRE(hipMemcpy(out.data(), data[d], n * sizeof(int), hipMemcpyDeviceToHost));
    const int expect = d % 2 ? 0 : values[d];  // scaling zeros leaves zeros
    int wrong = 0;
    for (int v : out) wrong += v != expect;
    INFO("device " << d);
    CHECK(wrong == 0);
  }
  // A stream of another device than the entry's position is still its own device: two entries
  // on one device are refused, as is a null list.
  params[1].stream = streams[0];
  CHECK(hipExtLaunchMultiKernelMultiDevice(params.data(), 2, 0) == hipErrorInvalidDevice);
  CHECK(hipExtLaunchMultiKernelMultiDevice(nullptr, 2, 0) == hipErrorInvalidValue);
  CHECK(hipExtLaunchMultiKernelMultiDevice(params.data(), devices + 1, 0) ==
        hipErrorInvalidValue);
  (void)hipGetLastError();
  for (int d = 0; d < devices; ++d) {
    HIP_REQUIRE(hipSetDevice(d));
    HIP_CHECK(hipStreamDestroy(streams[d]));
    HIP_CHECK(hipFree(data[d]));
  }
  HIP_REQUIRE(hipSetDevice(0));
}

TEST_CASE("a stream-ordered pool shared with a peer GPU (hipMemPoolSetAccess)", "[multigpu]") {
  if (deviceCount() < 2) {
    WARN("one GPU: the multi-GPU case does not apply");
    return;
  }
  int canAccess = 0;
  HIP_REQUIRE(hipDeviceCanAccessPeer(&canAccess, 1, 0));
  if (!canAccess) {
    WARN("device 1 cannot access device 0: the pool case does not apply");
    return;
  }
  HIP_REQUIRE(hipSetDevice(0));
  hipMemPoolProps props{};
  props.allocType = hipMemAllocationTypePinned;
  props.location = {hipMemLocationTypeDevice, 0};
  hipMemPool_t pool = nullptr;
  HIP_REQUIRE(hipMemPoolCreate(&pool, &props));
  hipMemLocation peer{hipMemLocationTypeDevice, 1};
  hipMemAccessFlags flags = hipMemAccessFlagsProtReadWrite;
  HIP_REQUIRE(hipMemPoolGetAccess(&flags, pool, &peer));
  CHECK(flags == hipMemAccessFlagsProtNone);  // a pool is its own device's until shared
  hipMemLocation owner{hipMemLocationTypeDevice, 0};
  HIP_REQUIRE(hipMemPoolGetAccess(&flags, pool, &owner));
  CHECK(flags == hipMemAccessFlagsProtReadWrite);

  hipStream_t s0 = nullptr, s1 = nullptr;
  HIP_REQUIRE(hipStreamCreate(&s0));
  constexpr size_t n = 1 << 18;
  unsigned* p = nullptr;
  HIP_REQUIRE(hipMallocFromPoolAsync(reinterpret_cast<void**>(&p), n * sizeof(unsigned), pool, s0));
  HIP_REQUIRE(launchPoolFill(p, n, 77, s0));
  HIP_REQUIRE(hipStreamSynchronize(s0));

  // Granting device 1 read-write access lets its kernels use the pool's memory.
  hipMemAccessDesc grant{peer, hipMemAccessFlagsProtReadWrite};
  HIP_REQUIRE(hipMemPoolSetAccess(pool, &grant, 1));
  HIP_REQUIRE(hipMemPoolGetAccess(&flags, pool, &peer));
  CHECK(flags == hipMemAccessFlagsProtReadWrite);
  HIP_REQUIRE(hipSetDevice(1));
  HIP_REQUIRE(hipStreamCreate(&s1));
  unsigned* wrong = nullptr;
  HIP_REQUIRE(hipMalloc(reinterpret_cast<void**>(&wrong), sizeof(unsigned)));
  HIP_REQUIRE(hipMemsetAsync(wrong, 0, sizeof(unsigned), s1));
  HIP_REQUIRE(launchPoolCheck(p, n, 77, wrong, s1));     // device 1 reads device 0's pool
  HIP_REQUIRE(launchPoolIncrement(p, n, s1));            // and writes it
  unsigned result = 12345;
  HIP_REQUIRE(hipMemcpyAsync(&result, wrong, sizeof result, hipMemcpyDeviceToHost, s1));
  HIP_REQUIRE(hipStreamSynchronize(s1));
  CHECK(result == 0);
  HIP_REQUIRE(hipSetDevice(0));
  HIP_REQUIRE(hipMemsetAsync(wrong, 0, sizeof(unsigned), s0));  // device 0 checks 1's writes
  HIP_REQUIRE(launchPoolCheck(p, n, 78, wrong, s0));
  HIP_REQUIRE(hipMemcpyAsync(&result, wrong, sizeof result, hipMemcpyDeviceToHost, s0));
  HIP_REQUIRE(hipStreamSynchronize(s0));
  CHECK(result == 0);

  // The owner's own access cannot be taken away; bad locations are refused.
  hipMemAccessDesc revokeOwner{owner, hipMemAccessFlagsProtNone};
  CHECK(hipMemPoolSetAccess(pool, &revokeOwner, 1) != hipSuccess);
  hipMemAccessDesc bad{{hipMemLocationTypeDevice, deviceCount()}, hipMemAccessFlagsProtReadWrite};
  CHECK(hipMemPoolSetAccess(pool, &bad, 1) == hipErrorInvalidDevice);
  (void)hipGetLastError();

  HIP_CHECK(hipFreeAsync(p, s0));
  HIP_CHECK(hipStreamSynchronize(s0));
  HIP_CHECK(hipMemPoolDestroy(pool));
  HIP_CHECK(hipStreamDestroy(s0));
  HIP_REQUIRE(hipSetDevice(1));
  HIP_CHECK(hipStreamDestroy(s1));
  HIP_CHECK(hipFree(wrong));
  HIP_REQUIRE(hipSetDevice(0));
}
