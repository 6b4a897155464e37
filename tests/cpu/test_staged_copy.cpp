// The pinned staging of pageable copies (backends/cuda/staged_copy.h) against a driver stand-in
// whose "device" is host memory: data arrives intact in both directions for sizes around the
// chunk size, and release() hands every buffer and event back (what happens at process exit).
#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <numeric>
#include <vector>

#include "cuda/cuda_driver_types.h"  // staged_copy.h takes the driver types from its includer
#include "cuda/staged_copy.h"

namespace {

using namespace unihip::cu;

struct HostDriver {
  mutable int buffers = 0, events = 0;
  CUresult cuMemHostAlloc(void** p, size_t n, unsigned) const {
    *p = std::malloc(n);
    ++buffers;
    return CUDA_SUCCESS;
  }
  CUresult cuMemFreeHost(void* p) const {
    std::free(p);
    --buffers;
    return CUDA_SUCCESS;
  }
  CUresult cuEventCreate(CUevent* e, unsigned) const {
    *e = reinterpret_cast<CUevent>(new int);
    ++events;
    return CUDA_SUCCESS;
  }
  CUresult cuEventDestroy(CUevent e) const {
    delete reinterpret_cast<int*>(e);
    --events;
    return CUDA_SUCCESS;
  }
  CUresult cuEventRecord(CUevent, CUstream) const { return CUDA_SUCCESS; }
  CUresult cuEventSynchronize(CUevent) const { return CUDA_SUCCESS; }
  CUresult cuStreamSynchronize(CUstream) const { return CUDA_SUCCESS; }
  CUresult cuMemcpyHtoDAsync(CUdeviceptr d, const void* s, size_t n, CUstream) const {
    std::memcpy(reinterpret_cast<void*>(d), s, n);
    return CUDA_SUCCESS;
  }
  CUresult cuMemcpyDtoHAsync(void* d, CUdeviceptr s, size_t n, CUstream) const {
    std::memcpy(d, reinterpret_cast<const void*>(s), n);
    return CUDA_SUCCESS;
  }
};

}  // namespace

TEST_CASE("staged copies keep every byte; release() returns buffers and events", "[cuda][staging]") {
  HostDriver driver;
  unihip::ParallelMemcpy pool(2);
  // Plain chunks, and chunks ramping up from 1 KiB (1, 2, then 4 KiB each).
  // Device to host with streaming stores too.
  const StagingConfig config =
      GENERATE(StagingConfig{4096, 3}, StagingConfig{4096, 3, 1024}, StagingConfig{4096, 3, 1024, true});
  INFO("first chunk " << config.firstChunkBytes);
  {
    StagedCopier<HostDriver> copier(driver, config, pool);
    REQUIRE(copier.init() == CUDA_SUCCESS);
    CHECK(driver.buffers == 3);
    CHECK(driver.events == 3);
    CHECK_FALSE(copier.released());
    for (size_t bytes : {size_t{1}, size_t{1024}, size_t{3071}, size_t{3072}, size_t{4095},
                         size_t{4096}, size_t{4097}, size_t{5 * 4096 + 7}}) {
      INFO(bytes);
      std::vector<unsigned char> src(bytes), device(bytes), back(bytes);
      std::iota(src.begin(), src.end(), static_cast<unsigned char>(bytes));
      REQUIRE(copier.toDevice(reinterpret_cast<CUdeviceptr>(device.data()), src.data(), bytes,
                              nullptr) == CUDA_SUCCESS);
      CHECK(device == src);
      REQUIRE(copier.toHost(back.data(), reinterpret_cast<CUdeviceptr>(device.data()), bytes,
                            nullptr) == CUDA_SUCCESS);
      CHECK(back == src);
    }
    copier.release();
    CHECK(copier.released());
    CHECK(driver.buffers == 0);
    CHECK(driver.events == 0);
    copier.release();  // twice is harmless
  }
  CHECK(driver.buffers == 0);  // the destructor frees nothing twice
  CHECK(driver.events == 0);
}

TEST_CASE("parallel memcpy with streaming stores keeps every byte at any alignment", "[staging]") {
  unihip::ParallelMemcpy pool(3);
  const size_t bytes = (size_t{1} << 20) + 4099;  // above the size copied on one thread
  std::vector<unsigned char> src(bytes + 64), dst(bytes + 64);
  std::iota(src.begin(), src.end(), static_cast<unsigned char>(7));
  for (size_t dstOffset : {0, 1, 15, 17}) {
    for (size_t srcOffset : {0, 3}) {
      INFO(dstOffset << " " << srcOffset);
      std::fill(dst.begin(), dst.end(), 0);
      pool.copy(dst.data() + dstOffset, src.data() + srcOffset, bytes, true);
      CHECK(std::equal(dst.begin() + dstOffset, dst.begin() + dstOffset + bytes,
                       src.begin() + srcOffset));
      CHECK(dst[dstOffset + bytes] == 0);  // nothing written past the end
      if (dstOffset > 0) CHECK(dst[dstOffset - 1] == 0);
    }
  }
}
