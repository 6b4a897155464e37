// Several GPUs (issue 19): peer copy bandwidth between devices 0 and 1, and an NCCL all-reduce
// across every GPU on this runtime's memory and streams, in both runtimes. Prints nothing on a
// machine with one GPU, and skips the all-reduce where libnccl is absent. NVLink multicast stays
// off (NCCL_NVLS_ENABLE=0): on shared hosts it can take the GPUs out of service.
#include <dlfcn.h>

#include <cstdint>
#include <cstdlib>
#include <string>
#include <vector>

#include "bench_stats.h"
#include "gpu_api.h"
#include "runtime_bench.h"

#if defined(BENCH_IMPL_UNIHIP)
#define gpuMemcpyPeerAsync hipMemcpyPeerAsync
#define gpuDeviceCanAccessPeer hipDeviceCanAccessPeer
#define gpuDeviceEnablePeerAccess hipDeviceEnablePeerAccess
namespace {
void* nativeStream(hipStream_t s) {
  void* native = nullptr;
  GPU_CHECK(unihipStreamGetNativeHandle(s, &native));
  return native;
}
}  // namespace
#else
#define gpuMemcpyPeerAsync cudaMemcpyPeerAsync
#define gpuDeviceCanAccessPeer cudaDeviceCanAccessPeer
#define gpuDeviceEnablePeerAccess cudaDeviceEnablePeerAccess
namespace {
void* nativeStream(cudaStream_t s) { return s; }  // a cudaStream_t is the driver's CUstream
}  // namespace
#endif

namespace bench {

namespace {

void peerCopies() {
  int canAccess = 0;
  GPU_CHECK(gpuDeviceCanAccessPeer(&canAccess, 0, 1));
  if (canAccess) {
    GPU_CHECK(gpuSetDevice(0));
    GPU_CHECK(gpuDeviceEnablePeerAccess(1, 0));
    GPU_CHECK(gpuSetDevice(1));
    GPU_CHECK(gpuDeviceEnablePeerAccess(0, 0));
  }
  constexpr size_t kMax = size_t{256} << 20;
  void* d0 = nullptr;
  void* d1 = nullptr;
  GPU_CHECK(gpuSetDevice(0));
  GPU_CHECK(gpuMalloc(&d0, kMax));
  GPU_CHECK(gpuMemset(d0, 1, kMax));
  gpuStream_t s;
  GPU_CHECK(gpuStreamCreate(&s));
  GPU_CHECK(gpuSetDevice(1));
  GPU_CHECK(gpuMalloc(&d1, kMax));
  GPU_CHECK(gpuMemset(d1, 2, kMax));
  GPU_CHECK(gpuSetDevice(0));
  for (size_t size : {size_t{1} << 20, size_t{64} << 20, kMax}) {
    const std::string n = std::to_string(size >> 20) + "M";
    const int reps = size >= (size_t{64} << 20) ? 20 : 200;
    report("peer_copy_0to1_" + n, "peer", static_cast<double>(size), timeEach(3, reps, [&] {
             GPU_CHECK(gpuMemcpyPeerAsync(d1, 1, d0, 0, size, s));
             GPU_CHECK(gpuStreamSynchronize(s));
           }), static_cast<double>(size));
    report("peer_copy_1to0_" + n, "peer", static_cast<double>(size), timeEach(3, reps, [&] {
             GPU_CHECK(gpuMemcpyPeerAsync(d0, 0, d1, 1, size, s));
             GPU_CHECK(gpuStreamSynchronize(s));
           }), static_cast<double>(size));
  }
  GPU_CHECK(gpuStreamDestroy(s));
  GPU_CHECK(gpuFree(d0));
  GPU_CHECK(gpuSetDevice(1));
  GPU_CHECK(gpuFree(d1));
  GPU_CHECK(gpuSetDevice(0));
}

// nccl.h's entry points (ncclFloat = 7, ncclSum = 0), loaded at run time.
struct Nccl {
  using Comm = void*;
  int (*initAll)(Comm*, int, const int*) = nullptr;
  int (*allReduce)(const void*, void*, size_t, int, int, Comm, void*) = nullptr;
  int (*groupStart)() = nullptr;
  int (*groupEnd)() = nullptr;
  int (*destroy)(Comm) = nullptr;

  bool load() {
    void* h = dlopen("libnccl.so.2", RTLD_NOW | RTLD_LOCAL);
    if (h == nullptr) h = dlopen("libnccl.so", RTLD_NOW | RTLD_LOCAL);
    if (h == nullptr) return false;
    initAll = reinterpret_cast<decltype(initAll)>(dlsym(h, "ncclCommInitAll"));
    allReduce = reinterpret_cast<decltype(allReduce)>(dlsym(h, "ncclAllReduce"));
    groupStart = reinterpret_cast<decltype(groupStart)>(dlsym(h, "ncclGroupStart"));
    groupEnd = reinterpret_cast<decltype(groupEnd)>(dlsym(h, "ncclGroupEnd"));
    destroy = reinterpret_cast<decltype(destroy)>(dlsym(h, "ncclCommDestroy"));
    return initAll && allReduce && groupStart && groupEnd && destroy;
  }
};

void allReduce(int devices) {
  Nccl nccl;
  if (!nccl.load()) {
    std::fprintf(stderr, "bench_%s: no libnccl: all-reduce skipped\n", BENCH_IMPL);
    return;
  }
  setenv("NCCL_NVLS_ENABLE", "0", 1);
  std::vector<Nccl::Comm> comms(devices);
  std::vector<int> list(devices);
  for (int d = 0; d < devices; ++d) list[d] = d;
  if (nccl.initAll(comms.data(), devices, list.data()) != 0) {
    std::fprintf(stderr, "bench_%s: ncclCommInitAll failed: all-reduce skipped\n", BENCH_IMPL);
    return;
  }
  constexpr size_t kMax = size_t{256} << 20;
  std::vector<void*> send(devices), recv(devices), native(devices);
  std::vector<gpuStream_t> streams(devices);
  for (int d = 0; d < devices; ++d) {
    GPU_CHECK(gpuSetDevice(d));
    GPU_CHECK(gpuMalloc(&send[d], kMax));
    GPU_CHECK(gpuMalloc(&recv[d], kMax));
    GPU_CHECK(gpuMemset(send[d], 0, kMax));
    GPU_CHECK(gpuStreamCreate(&streams[d]));
    native[d] = nativeStream(streams[d]);
  }
  for (size_t size : {size_t{1} << 20, size_t{64} << 20, kMax}) {
    const std::string n = std::to_string(size >> 20) + "M";
    const int reps = size >= (size_t{64} << 20) ? 20 : 100;
    // Bus bandwidth, as nccl-tests reports it: bytes * 2 (n - 1) / n per all-reduce.
    const double busBytes = static_cast<double>(size) * 2.0 * (devices - 1) / devices;
    report("nccl_allreduce_" + n, "nccl", static_cast<double>(size), timeEach(3, reps, [&] {
             if (nccl.groupStart() != 0) std::exit(1);
             for (int d = 0; d < devices; ++d)
               if (nccl.allReduce(send[d], recv[d], size / sizeof(float), 7, 0, comms[d],
                                  native[d]) != 0)
                 std::exit(1);
             if (nccl.groupEnd() != 0) std::exit(1);
             for (int d = 0; d < devices; ++d) GPU_CHECK(gpuStreamSynchronize(streams[d]));
           }), busBytes);
  }
  for (int d = 0; d < devices; ++d) {
    GPU_CHECK(gpuSetDevice(d));
    GPU_CHECK(gpuStreamDestroy(streams[d]));
    GPU_CHECK(gpuFree(send[d]));
    GPU_CHECK(gpuFree(recv[d]));
  }
  for (auto c : comms) nccl.destroy(c);
  GPU_CHECK(gpuSetDevice(0));
}

}  // namespace

void peerBenchmarks() {
  int devices = 0;
  GPU_CHECK(gpuGetDeviceCount(&devices));
  if (devices < 2) {
    std::fprintf(stderr, "bench_%s: one GPU: peer figures skipped\n", BENCH_IMPL);
    return;
  }
  peerCopies();
  allReduce(devices);
}

}  // namespace bench
