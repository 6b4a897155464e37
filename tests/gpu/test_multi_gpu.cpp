// Several GPUs (issue 19): peer access and its errors, peer copies, a kernel on one device
// reading and writing another's memory, per-thread devices, and a multi-device cooperative
// launch. Skips (with a message) on a machine with one GPU.
#include <dlfcn.h>

#include <cstdlib>
#include <thread>
#include <vector>

#include "cooperative_kernels.h"
#include "gpu_test_support.h"
#include "graph_kernels.h"

namespace {

int deviceCount() {
  int n = 0;
  return hipGetDeviceCount(&n) == hipSuccess ? n : 0;
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
      int* p = nullptr;
      if (hipMalloc(&p, 4096) != hipSuccess) return;
      hipPointerAttribute_t a{};
      if (hipPointerGetAttributes(&a, p) == hipSuccess) seen[d] = a.device;
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
  if (devices < 2) {
    WARN("one GPU: the collective case does not apply");
    return;
  }
  void* nccl = dlopen("libnccl.so.2", RTLD_NOW | RTLD_LOCAL);
  if (nccl == nullptr) nccl = dlopen("libnccl.so", RTLD_NOW | RTLD_LOCAL);
  if (nccl == nullptr) {
    WARN("no libnccl here: the collective case is skipped");
    return;
  }
  setenv("NCCL_NVLS_ENABLE", "0", 1);  // no NVLink multicast on shared machines
  // nccl.h's entry points and constants (ncclFloat = 7, ncclSum = 0).
  using Comm = void*;
  auto initAll = reinterpret_cast<int (*)(Comm*, int, const int*)>(dlsym(nccl, "ncclCommInitAll"));
  auto allReduce = reinterpret_cast<int (*)(const void*, void*, size_t, int, int, Comm, void*)>(
      dlsym(nccl, "ncclAllReduce"));
  auto groupStart = reinterpret_cast<int (*)()>(dlsym(nccl, "ncclGroupStart"));
  auto groupEnd = reinterpret_cast<int (*)()>(dlsym(nccl, "ncclGroupEnd"));
  auto destroy = reinterpret_cast<int (*)(Comm)>(dlsym(nccl, "ncclCommDestroy"));
  REQUIRE(initAll);
  REQUIRE(allReduce);
  REQUIRE(groupStart);
  REQUIRE(groupEnd);
  REQUIRE(destroy);

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
    for (size_t i = 0; i < n; ++i) host[i] = static_cast<float>((d + 1) * (i % 100));
    HIP_REQUIRE(hipMemcpy(send[d], host.data(), n * sizeof(float), hipMemcpyHostToDevice));
  }
  REQUIRE(groupStart() == 0);
  for (int d = 0; d < devices; ++d) {
    void* native = nullptr;
    HIP_REQUIRE(unihipStreamGetNativeHandle(streams[d], &native));
    REQUIRE(allReduce(send[d], recv[d], n, 7, 0, comms[d], native) == 0);
  }
  REQUIRE(groupEnd() == 0);
  const float scale = devices * (devices + 1) / 2.0f;  // 1 + 2 + ... + devices
  for (int d = 0; d < devices; ++d) {
    HIP_REQUIRE(hipSetDevice(d));
    HIP_REQUIRE(hipStreamSynchronize(streams[d]));
    HIP_REQUIRE(hipMemcpy(host.data(), recv[d], n * sizeof(float), hipMemcpyDeviceToHost));
    size_t wrong = 0;
    for (size_t i = 0; i < n; ++i) wrong += host[i] != scale * static_cast<float>(i % 100);
    CHECK(wrong == 0);
    HIP_CHECK(hipStreamDestroy(streams[d]));
    HIP_CHECK(hipFree(send[d]));
    HIP_CHECK(hipFree(recv[d]));
  }
  for (Comm c : comms) CHECK(destroy(c) == 0);
  HIP_REQUIRE(hipSetDevice(0));
}
