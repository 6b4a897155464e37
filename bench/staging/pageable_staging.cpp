// Pageable-copy experiment (driver API): which way of copying pageable host memory beats the
// driver's own staging (what cudaMemcpy does) at 64 MiB and above?
//   direct      cuMemcpyHtoD/DtoH on the pageable buffer (the driver stages it itself)
//   register    cuMemHostRegister the user's pages, copy, cuMemHostUnregister, every time
//   registered  pages registered once beforehand (upper bound: a cache that always hits)
//   staged      StagedCopier: chunks through pinned buffers, host copies on a ParallelMemcpy
// A sweep at 256 MiB picks the staged chunk size and thread count per direction; the winners run
// over all sizes, and a round trip checks the staged copies move the right bytes.
//   bench_pageable_staging [--max-copy=<MiB>]
// JSON lines (bench_stats.h) with impl "staging". Exits 77 without a GPU.
#include <cuda.h>

#include <cstring>
#include <memory>
#include <string>
#include <vector>

#include "bench_stats.h"
#include "base/parallel_memcpy.h"
#include "cuda/staged_copy.h"

#include "cu_check.h"

namespace {

using namespace bench;
using unihip::ParallelMemcpy;
using unihip::cu::StagedCopier;
using unihip::cu::StagingConfig;

// The driver entry points StagedCopier uses, bound to libcuda directly.
struct DirectApi {
  decltype(&::cuMemHostAlloc) cuMemHostAlloc = &::cuMemHostAlloc;
  decltype(&::cuMemFreeHost) cuMemFreeHost = &::cuMemFreeHost;
  decltype(&::cuEventCreate) cuEventCreate = &::cuEventCreate;
  decltype(&::cuEventDestroy) cuEventDestroy = &::cuEventDestroy;
  decltype(&::cuEventRecord) cuEventRecord = &::cuEventRecord;
  decltype(&::cuEventSynchronize) cuEventSynchronize = &::cuEventSynchronize;
  decltype(&::cuMemcpyHtoDAsync) cuMemcpyHtoDAsync = &::cuMemcpyHtoDAsync;
  decltype(&::cuMemcpyDtoHAsync) cuMemcpyDtoHAsync = &::cuMemcpyDtoHAsync;
  decltype(&::cuStreamSynchronize) cuStreamSynchronize = &::cuStreamSynchronize;
};

constexpr CUstream kLegacy = nullptr;  // hipMemcpy's stream
constexpr size_t kMiB = size_t{1} << 20;

struct Buffers {
  CUdeviceptr device = 0;
  char* pageable = nullptr;
  size_t bytes = 0;
};

// Whole pages around [p, p + n): registration works on pages.
void pageSpan(const void* p, size_t n, void** base, size_t* len) {
  uintptr_t begin = reinterpret_cast<uintptr_t>(p) & ~uintptr_t{4095};
  uintptr_t end = (reinterpret_cast<uintptr_t>(p) + n + 4095) & ~uintptr_t{4095};
  *base = reinterpret_cast<void*>(begin);
  *len = end - begin;
}

void copyDirect(bool toDevice, const Buffers& b, size_t n) {
  if (toDevice)
    CU_CHECK(cuMemcpyHtoD(b.device, b.pageable, n));
  else
    CU_CHECK(cuMemcpyDtoH(b.pageable, b.device, n));
  CU_CHECK(cuStreamSynchronize(kLegacy));
}

void copyRegisterOnTheFly(bool toDevice, const Buffers& b, size_t n) {
  void* base;
  size_t len;
  pageSpan(b.pageable, n, &base, &len);
  CU_CHECK(cuMemHostRegister(base, len, 0));
  copyDirect(toDevice, b, n);
  CU_CHECK(cuMemHostUnregister(base));
}

template <typename Copy>
void series(const std::string& name, bool toDevice, const std::vector<size_t>& sizes, Copy&& copy) {
  std::string group = std::string("staging_") + (toDevice ? "h2d_" : "d2h_") + name;
  for (size_t n : sizes) {
    Summary s = timeEach(1, copyReps(n), [&] { copy(n); });
    report(group + "_" + std::to_string(n), group, static_cast<double>(n), s, static_cast<double>(n));
  }
}

struct Choice {
  size_t chunk = 8 * kMiB;
  int threads = 4;
  double gbps = 0;
};

// Sweep at `n` bytes: every chunk size and thread count, three buffers.
Choice tune(bool toDevice, const Buffers& b, size_t n, std::vector<std::unique_ptr<ParallelMemcpy>>& pools,
            const DirectApi& api) {
  Choice best;
  const char* dir = toDevice ? "h2d" : "d2h";
  for (size_t chunk : {1 * kMiB, 2 * kMiB, 4 * kMiB, 8 * kMiB, 16 * kMiB}) {
    for (auto& pool : pools) {
      StagedCopier<DirectApi> copier(api, StagingConfig{chunk, 3}, *pool);
      CU_CHECK(copier.init());
      Summary s = timeEach(1, 4, [&] {
        CU_CHECK(toDevice ? copier.toDevice(b.device, b.pageable, n, kLegacy)
                          : copier.toHost(b.pageable, b.device, n, kLegacy));
      });
      std::string name = std::string("staging_tune_") + dir + "_c" + std::to_string(chunk / kMiB) +
                         "_t" + std::to_string(pool->threads());
      report(name, std::string("staging_tune_") + dir, static_cast<double>(chunk), s,
             static_cast<double>(n));
      double gbps = static_cast<double>(n) / (s.median * 1e3);
      if (gbps > best.gbps) best = Choice{chunk, pool->threads(), gbps};
    }
  }
  std::printf("{\"staging_choice\":\"%s\",\"chunk_bytes\":%zu,\"threads\":%d,\"buffers\":3,"
              "\"gbps\":%.3f}\n", dir, best.chunk, best.threads, best.gbps);
  return best;
}

// Staged H2D of an odd-sized pattern, then staged D2H into a cleared buffer: same bytes back?
bool roundTrip(const Buffers& b, StagedCopier<DirectApi>& up, StagedCopier<DirectApi>& down) {
  size_t n = std::min(b.bytes, 64 * kMiB) - 12345;
  std::vector<char> pattern(n);
  for (size_t i = 0; i < n; ++i) pattern[i] = static_cast<char>(i * 131 + (i >> 13));
  std::memcpy(b.pageable, pattern.data(), n);
  CU_CHECK(up.toDevice(b.device, b.pageable, n, kLegacy));
  std::memset(b.pageable, 0, n);
  CU_CHECK(down.toHost(b.pageable, b.device, n, kLegacy));
  bool ok = std::memcmp(b.pageable, pattern.data(), n) == 0;
  std::printf("{\"staging_check\":\"round_trip\",\"bytes\":%zu,\"ok\":%s}\n", n, ok ? "true" : "false");
  return ok;
}

}  // namespace

int main(int argc, char** argv) {
  implName() = "staging";
  size_t maxBytes = kMaxCopyBytes;
  for (int i = 1; i < argc; ++i) {
    if (std::strncmp(argv[i], "--max-copy=", 11) == 0) {
      maxBytes = std::stoull(argv[i] + 11) << 20;
    } else {
      std::fprintf(stderr, "usage: %s [--max-copy=<MiB>]\n", argv[0]);
      return 2;
    }
  }
  int count = 0;
  CUresult r = cuInit(0);
  if (r == CUDA_SUCCESS) r = cuDeviceGetCount(&count);
  if (r != CUDA_SUCCESS || count == 0) {
    std::fprintf(stderr, "bench_pageable_staging: no GPU (CUresult %d)\n", static_cast<int>(r));
    return kNoGpuExit;
  }
  CUdevice device;
  CUcontext context;
  CU_CHECK(cuDeviceGet(&device, 0));
  CU_CHECK(cuDevicePrimaryCtxRetain(&context, device));
  CU_CHECK(cuCtxSetCurrent(context));

  Buffers b;
  b.bytes = std::max(maxBytes, 64 * kMiB);
  CU_CHECK(cuMemAlloc(&b.device, b.bytes));
  b.pageable = static_cast<char*>(std::aligned_alloc(4096, b.bytes));
  if (b.pageable == nullptr) return 1;
  std::memset(b.pageable, 1, b.bytes);  // touched, as application buffers are

  // What a runtime pays to learn that a pointer is pageable.
  report("pointer_query_pageable", "pointer_query", 0, timeEach(100, 2000, [&] {
           unsigned type = 0;
           (void)cuPointerGetAttribute(&type, CU_POINTER_ATTRIBUTE_MEMORY_TYPE,
                                       reinterpret_cast<CUdeviceptr>(b.pageable));
         }));

  std::vector<size_t> sizes;
  for (size_t n = 64 << 10; n <= maxBytes; n *= 4) sizes.push_back(n);

  DirectApi api;
  std::vector<std::unique_ptr<ParallelMemcpy>> pools;
  for (int t : {1, 2, 4, 8}) pools.push_back(std::make_unique<ParallelMemcpy>(t));
  size_t tuneBytes = std::min(maxBytes, 256 * kMiB);
  Choice up = tune(true, b, tuneBytes, pools, api);
  Choice down = tune(false, b, tuneBytes, pools, api);
  auto poolFor = [&](int threads) -> ParallelMemcpy& {
    for (auto& p : pools)
      if (p->threads() == threads) return *p;
    return *pools.back();
  };
  StagedCopier<DirectApi> upCopier(api, StagingConfig{up.chunk, 3}, poolFor(up.threads));
  StagedCopier<DirectApi> downCopier(api, StagingConfig{down.chunk, 3}, poolFor(down.threads));
  CU_CHECK(upCopier.init());
  CU_CHECK(downCopier.init());
  bool ok = roundTrip(b, upCopier, downCopier);

  for (bool toDevice : {true, false}) {
    auto& copier = toDevice ? upCopier : downCopier;
    series("direct", toDevice, sizes, [&](size_t n) { copyDirect(toDevice, b, n); });
    series("staged", toDevice, sizes, [&](size_t n) {
      CU_CHECK(toDevice ? copier.toDevice(b.device, b.pageable, n, kLegacy)
                        : copier.toHost(b.pageable, b.device, n, kLegacy));
    });
    series("register", toDevice, sizes, [&](size_t n) { copyRegisterOnTheFly(toDevice, b, n); });
  }
  // Registered once: the ceiling any registration cache could reach.
  void* base;
  size_t len;
  pageSpan(b.pageable, maxBytes, &base, &len);
  CU_CHECK(cuMemHostRegister(base, len, 0));
  for (bool toDevice : {true, false})
    series("registered", toDevice, sizes, [&](size_t n) { copyDirect(toDevice, b, n); });
  CU_CHECK(cuMemHostUnregister(base));

  std::free(b.pageable);
  CU_CHECK(cuMemFree(b.device));
  return ok ? 0 : 1;
}
