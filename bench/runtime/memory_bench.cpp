// Memory figures: blocking copies in every direction (pinned and pageable host memory, 4 B up
// to maxCopyBytes), memset, malloc/free. Each copy sample is the wall time of the copy plus a
// sync of the legacy default stream, so that every runtime and direction is timed to completion
// (cudaMemcpy may return before a device-to-device copy, or a small pageable one, lands).
#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <string>

#include "bench_stats.h"
#include "gpu_api.h"
#include "runtime_bench.h"

namespace bench {

namespace {

struct Series {
  const char* name;
  void* dst;
  const void* src;
  decltype(gpuMemcpyHostToDevice) kind;
};

void copyFigures(const Series& series, size_t maxBytes) {
  for (size_t bytes : copySizes(maxBytes)) {
    Summary s = timeEach(bytes >= (size_t{256} << 20) ? 1 : 3, copyReps(bytes), [&] {
      GPU_CHECK(gpuMemcpy(series.dst, series.src, bytes, series.kind));
      GPU_CHECK(gpuStreamSynchronize(0));
    });
    std::string group = std::string("copy_") + series.name;
    report(group + "_" + std::to_string(bytes), group, static_cast<double>(bytes), s,
           static_cast<double>(bytes));
  }
}

// Issue 11's figures. Pitched 2-D copies: rows of 4 KiB taken every 8 KiB (a real strided
// copy), to the pitched layout's total of `bytes`, in each direction; bandwidth of the bytes
// moved. Then a pointer-attribute query on device memory and registering pageable memory,
// copying it to the device and unregistering it.
void issue11Figures(void* devA, void* devB, void* pinned, void* pageable, size_t maxBytes) {
  constexpr size_t kWidth = 4096, kPitch = 2 * kWidth;
  struct Direction {
    const char* name;
    void* dst;
    const void* src;
    decltype(gpuMemcpyHostToDevice) kind;
  } directions[] = {{"h2d", devA, pinned, gpuMemcpyHostToDevice},
                    {"d2h", pinned, devA, gpuMemcpyDeviceToHost},
                    {"d2d", devB, devA, gpuMemcpyDeviceToDevice}};
  for (const Direction& d : directions) {
    for (size_t bytes : {size_t{1} << 20, size_t{16} << 20, size_t{256} << 20}) {
      if (2 * bytes > maxBytes) continue;
      const size_t rows = bytes / kWidth;
      Summary s = timeEach(2, copyReps(bytes), [&] {
        GPU_CHECK(gpuMemcpy2D(d.dst, kPitch, d.src, kPitch, kWidth, rows, d.kind));
        GPU_CHECK(gpuStreamSynchronize(0));
      });
      std::string group = std::string("copy2d_") + d.name;
      report(group + "_" + std::to_string(bytes), group, static_cast<double>(bytes), s,
             static_cast<double>(bytes));
    }
  }
  gpuPointerAttributes attributes;
  report("pointer_attributes", "pointer_attributes", 0, timeEach(200, 20000, [&] {
           GPU_CHECK(gpuPointerGetAttributes(&attributes, devA));
         }));
  const size_t registered = std::min(maxBytes, size_t{64} << 20);
  report("host_register_copy_64MiB", "host_register", static_cast<double>(registered),
         timeEach(2, 20, [&] {
           GPU_CHECK(gpuHostRegister(pageable, registered, gpuHostRegisterDefault));
           GPU_CHECK(gpuMemcpy(devA, pageable, registered, gpuMemcpyHostToDevice));
           GPU_CHECK(gpuHostUnregister(pageable));
         }),
         static_cast<double>(registered));
}

}  // namespace

void memoryBenchmarks(size_t maxBytes) {
  void *devA = nullptr, *devB = nullptr, *pinned = nullptr;
  GPU_CHECK(gpuMalloc(&devA, maxBytes));
  GPU_CHECK(gpuMalloc(&devB, maxBytes));
  GPU_CHECK(gpuMallocHost(&pinned, maxBytes));
  // Pageable memory as applications have it: allocated and touched.
  void* pageable = std::aligned_alloc(4096, maxBytes);
  if (pageable == nullptr) {
    std::fprintf(stderr, "bench_%s: cannot allocate %zu pageable bytes\n", BENCH_IMPL, maxBytes);
    std::exit(1);
  }
  std::memset(pageable, 1, maxBytes);
  std::memset(pinned, 1, maxBytes);
  GPU_CHECK(gpuMemset(devA, 0, maxBytes));
  GPU_CHECK(gpuMemset(devB, 0, maxBytes));
  GPU_CHECK(gpuDeviceSynchronize());

  const Series series[] = {
      {"h2d_pinned", devA, pinned, gpuMemcpyHostToDevice},
      {"h2d_pageable", devA, pageable, gpuMemcpyHostToDevice},
      {"d2h_pinned", pinned, devA, gpuMemcpyDeviceToHost},
      {"d2h_pageable", pageable, devA, gpuMemcpyDeviceToHost},
      {"d2d", devB, devA, gpuMemcpyDeviceToDevice},
  };
  for (const Series& s : series) copyFigures(s, maxBytes);
  issue11Figures(devA, devB, pinned, pageable, maxBytes);

  for (size_t bytes : {size_t{4}, size_t{64} << 10, size_t{1} << 20, size_t{64} << 20, maxBytes}) {
    if (bytes > maxBytes) continue;
    Summary s = timeEach(3, copyReps(bytes), [&] {
      GPU_CHECK(gpuMemset(devA, 0, bytes));
      GPU_CHECK(gpuStreamSynchronize(0));
    });
    report("memset_" + std::to_string(bytes), "memset", static_cast<double>(bytes), s,
           static_cast<double>(bytes));
  }

  for (size_t bytes : {size_t{1} << 20, size_t{64} << 20}) {
    void* p = nullptr;
    Summary s = timeEach(5, 200, [&] {
      GPU_CHECK(gpuMalloc(&p, bytes));
      GPU_CHECK(gpuFree(p));
    });
    report("malloc_free_" + std::to_string(bytes >> 20) + "MiB", "malloc_free",
           static_cast<double>(bytes), s);
  }

  std::free(pageable);
  GPU_CHECK(gpuFreeHost(pinned));
  GPU_CHECK(gpuFree(devB));
  GPU_CHECK(gpuFree(devA));
}

}  // namespace bench
