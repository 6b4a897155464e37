// Memory figures through the driver API, timed like runtime/memory_bench.cpp: each copy sample
// is the blocking copy plus a sync of the legacy default stream.
#include <cstdlib>
#include <cstring>
#include <string>

#include "bench_stats.h"
#include "driver_bench.h"

namespace bench {

namespace {

enum class Dir { HtoD, DtoH, DtoD };

struct Series {
  const char* name;
  Dir dir;
  void* host;  // null for DtoD
};

void copy(const Series& s, CUdeviceptr a, CUdeviceptr b, size_t bytes) {
  switch (s.dir) {
    case Dir::HtoD: CU_CHECK(cuMemcpyHtoD(a, s.host, bytes)); break;
    case Dir::DtoH: CU_CHECK(cuMemcpyDtoH(s.host, a, bytes)); break;
    case Dir::DtoD: CU_CHECK(cuMemcpyDtoD(b, a, bytes)); break;
  }
  CU_CHECK(cuStreamSynchronize(nullptr));
}

}  // namespace

void driverMemoryBenchmarks(size_t maxBytes) {
  CUdeviceptr devA = 0, devB = 0;
  void* pinned = nullptr;
  CU_CHECK(cuMemAlloc(&devA, maxBytes));
  CU_CHECK(cuMemAlloc(&devB, maxBytes));
  CU_CHECK(cuMemHostAlloc(&pinned, maxBytes, CU_MEMHOSTALLOC_PORTABLE | CU_MEMHOSTALLOC_DEVICEMAP));
  void* pageable = std::aligned_alloc(4096, maxBytes);
  if (pageable == nullptr) {
    std::fprintf(stderr, "bench_driver: cannot allocate %zu pageable bytes\n", maxBytes);
    std::exit(1);
  }
  std::memset(pageable, 1, maxBytes);
  std::memset(pinned, 1, maxBytes);
  CU_CHECK(cuMemsetD8(devA, 0, maxBytes));
  CU_CHECK(cuMemsetD8(devB, 0, maxBytes));
  CU_CHECK(cuCtxSynchronize());

  const Series series[] = {
      {"h2d_pinned", Dir::HtoD, pinned},   {"h2d_pageable", Dir::HtoD, pageable},
      {"d2h_pinned", Dir::DtoH, pinned},   {"d2h_pageable", Dir::DtoH, pageable},
      {"d2d", Dir::DtoD, nullptr},
  };
  for (const Series& s : series) {
    for (size_t bytes : copySizes(maxBytes)) {
      Summary sum = timeEach(bytes >= (size_t{256} << 20) ? 1 : 3, copyReps(bytes),
                             [&] { copy(s, devA, devB, bytes); });
      std::string group = std::string("copy_") + s.name;
      report(group + "_" + std::to_string(bytes), group, static_cast<double>(bytes), sum,
             static_cast<double>(bytes));
    }
  }

  for (size_t bytes : {size_t{4}, size_t{64} << 10, size_t{1} << 20, size_t{64} << 20, maxBytes}) {
    if (bytes > maxBytes) continue;
    Summary s = timeEach(3, copyReps(bytes), [&] {
      CU_CHECK(cuMemsetD8(devA, 0, bytes));
      CU_CHECK(cuStreamSynchronize(nullptr));
    });
    report("memset_" + std::to_string(bytes), "memset", static_cast<double>(bytes), s,
           static_cast<double>(bytes));
  }

  for (size_t bytes : {size_t{1} << 20, size_t{64} << 20}) {
    Summary s = timeEach(5, 200, [&] {
      CUdeviceptr p = 0;
      CU_CHECK(cuMemAlloc(&p, bytes));
      CU_CHECK(cuMemFree(p));
    });
    report("malloc_free_" + std::to_string(bytes >> 20) + "MiB", "malloc_free",
           static_cast<double>(bytes), s);
  }

  std::free(pageable);
  CU_CHECK(cuMemFreeHost(pinned));
  CU_CHECK(cuMemFree(devB));
  CU_CHECK(cuMemFree(devA));
}

}  // namespace bench
