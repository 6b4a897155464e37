// Stream-ordered allocation figures (issue 13): hipMallocAsync + hipFreeAsync on a warm default
// pool (release threshold at its maximum, so freed memory stays in the pool) against hipMalloc +
// hipFree of the same size, in both runtimes.
#include <cstdint>
#include <string>

#include "bench_stats.h"
#include "gpu_api.h"
#include "runtime_bench.h"

namespace bench {

void poolBenchmarks() {
  gpuStream_t s;
  GPU_CHECK(gpuStreamCreate(&s));
  gpuMemPool_t pool;
  GPU_CHECK(gpuDeviceGetDefaultMemPool(&pool, 0));
  uint64_t keep = UINT64_MAX;
  GPU_CHECK(gpuMemPoolSetAttribute(pool, gpuMemPoolAttrReleaseThreshold, &keep));
  for (size_t size : {size_t{4} << 10, size_t{1} << 20, size_t{64} << 20}) {
    const std::string n = std::to_string(size >> 10) + "k";
    int calls = 0;
    report("malloc_free_async_" + n, "pool_alloc", static_cast<double>(size),
           timeEach(20, 1000, [&] {
             void* p = nullptr;
             GPU_CHECK(gpuMallocAsync(&p, size, s));
             GPU_CHECK(gpuFreeAsync(p, s));
             if (++calls % 100 == 0) GPU_CHECK(gpuStreamSynchronize(s));  // keep the queue short
           }));
    report("malloc_free_" + n, "pool_alloc", static_cast<double>(size), timeEach(3, 100, [&] {
             void* p = nullptr;
             GPU_CHECK(gpuMalloc(&p, size));
             GPU_CHECK(gpuFree(p));
           }));
  }
  GPU_CHECK(gpuStreamSynchronize(s));
  GPU_CHECK(gpuStreamDestroy(s));
}

}  // namespace bench
