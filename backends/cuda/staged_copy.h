// Pageable host <-> device copies pipelined through pinned staging buffers: the CUDA backend's
// hipMemcpy on pageable memory (bench/staging measured it against the alternatives).
//
// A copy is cut into chunks. Host to device: chunk i is copied into staging buffer i % N by a
// ParallelMemcpy (several threads) while the DMA engine still moves chunk i-1 from another buffer;
// a buffer is reused once the event recorded after its DMA has fired. Device to host: DMAs for
// the first N chunks are queued at once; each time one lands, its buffer is drained to the
// user's memory and refilled with chunk i+N. Either way the host copy and the PCIe transfer
// overlap, and the host copy runs on several cores.
//
// `Api` is a table of driver entry points named as in cuda.h (a struct of function pointers, like
// the backend's cu::DriverApi). CUresult, CUdeviceptr, CUstream, CUevent, CUDA_SUCCESS,
// CU_EVENT_DISABLE_TIMING and CU_MEMHOSTALLOC_PORTABLE come from cuda_driver_types.h, or from
// cuda.h for the benchmark that uses this with libcuda directly.
//
// Thread safety: one copy at a time per StagedCopier (the backend holds one per device behind a
// mutex). Copies are synchronous: they return once the data landed.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <vector>

#include "base/parallel_memcpy.h"

namespace unihip::cu {

struct StagingConfig {
  size_t chunkBytes = size_t{8} << 20;
  int buffers = 3;
  // The first chunk's size, doubling up to chunkBytes (0: every chunk is chunkBytes). The first
  // host copy and the last DMA overlap nothing; small first chunks shorten that.
  size_t firstChunkBytes = 0;
  // Device to host: write the user's memory with streaming stores.
  bool streamingDrain = false;
};

template <typename Api>
class StagedCopier {
 public:
  StagedCopier(const Api& api, StagingConfig config, ParallelMemcpy& pool)
      : api_(api), config_(config), pool_(pool) {}
  ~StagedCopier() { release(); }
  // Frees the buffers and events; the copier then copies nothing (callers check released()).
  void release() {
    for (CUevent e : events_) api_.cuEventDestroy(e);
    for (void* b : buffers_) api_.cuMemFreeHost(b);
    events_.clear();
    buffers_.clear();
  }
  bool released() const { return buffers_.empty(); }
  StagedCopier(const StagedCopier&) = delete;
  StagedCopier& operator=(const StagedCopier&) = delete;

  // Allocates the pinned buffers and their events (in the current context).
  CUresult init() {
    for (int i = 0; i < config_.buffers; ++i) {
      void* b = nullptr;
      CUresult r = api_.cuMemHostAlloc(&b, config_.chunkBytes, CU_MEMHOSTALLOC_PORTABLE);
      if (r != CUDA_SUCCESS) return r;
      buffers_.push_back(b);
      CUevent e = nullptr;
      r = api_.cuEventCreate(&e, CU_EVENT_DISABLE_TIMING);
      if (r != CUDA_SUCCESS) return r;
      events_.push_back(e);
    }
    return CUDA_SUCCESS;
  }

  // Ordered after earlier work on `stream`; returns when the data is on the device.
  CUresult toDevice(CUdeviceptr dst, const void* src, size_t bytes, CUstream stream) {
    const char* from = static_cast<const char*>(src);
    const size_t n = buffers_.size();
    CUresult r = CUDA_SUCCESS;
    for (size_t i = 0, offset = 0; offset < bytes && r == CUDA_SUCCESS; offset += span(i, bytes).len, ++i) {
      size_t b = i % n, len = span(i, bytes).len;
      if (i >= n) r = api_.cuEventSynchronize(events_[b]);  // buffer b's previous DMA is done
      if (r != CUDA_SUCCESS) break;
      pool_.copy(buffers_[b], from + offset, len);
      r = api_.cuMemcpyHtoDAsync(dst + offset, buffers_[b], len, stream);
      if (r == CUDA_SUCCESS) r = api_.cuEventRecord(events_[b], stream);
    }
    // Even after a failure no DMA may still read a buffer when we return.
    CUresult s = api_.cuStreamSynchronize(stream);
    return r != CUDA_SUCCESS ? r : s;
  }

  // Ordered after earlier work on `stream`; returns when the data is in `dst`.
  CUresult toHost(void* dst, CUdeviceptr src, size_t bytes, CUstream stream) {
    char* to = static_cast<char*>(dst);
    const size_t n = buffers_.size();
    const size_t chunks = chunkCount(bytes);
    auto enqueue = [&](size_t i) {
      Span c = span(i, bytes);
      size_t b = i % n;
      CUresult r = api_.cuMemcpyDtoHAsync(buffers_[b], src + c.offset, c.len, stream);
      return r == CUDA_SUCCESS ? api_.cuEventRecord(events_[b], stream) : r;
    };
    CUresult r = CUDA_SUCCESS;
    for (size_t i = 0; i < std::min(n, chunks) && r == CUDA_SUCCESS; ++i) r = enqueue(i);
    for (size_t i = 0; i < chunks && r == CUDA_SUCCESS; ++i) {
      size_t b = i % n;
      Span c = span(i, bytes);
      r = api_.cuEventSynchronize(events_[b]);
      if (r != CUDA_SUCCESS) break;
      // The user's buffer is not read back soon; the staging buffer is (by the next DMA).
      pool_.copy(to + c.offset, buffers_[b], c.len, config_.streamingDrain);
      if (i + n < chunks) r = enqueue(i + n);
    }
    CUresult s = api_.cuStreamSynchronize(stream);
    return r != CUDA_SUCCESS ? r : s;
  }

 private:
  struct Span {
    size_t offset, len;
  };
  // Chunk i of a `bytes` copy: ramp chunks first (first, 2 first, ... below chunkBytes), then
  // chunkBytes each; the last one is cut at `bytes`.
  Span span(size_t i, size_t bytes) const {
    size_t offset = 0, len = config_.chunkBytes, ramp = config_.firstChunkBytes;
    for (size_t k = 0; ramp != 0 && ramp < config_.chunkBytes; ramp *= 2, ++k) {
      if (k == i) {
        len = ramp;
        break;
      }
      offset += ramp;
    }
    if (len == config_.chunkBytes) offset += (i - rampChunks()) * config_.chunkBytes;
    if (offset >= bytes) return {bytes, 0};
    return {offset, std::min(len, bytes - offset)};
  }
  size_t rampChunks() const {
    size_t k = 0;
    for (size_t r = config_.firstChunkBytes; r != 0 && r < config_.chunkBytes; r *= 2) ++k;
    return k;
  }
  size_t chunkCount(size_t bytes) const {
    size_t i = 0;
    while (span(i, bytes).len != 0) ++i;
    return i;
  }

  const Api& api_;
  StagingConfig config_;
  ParallelMemcpy& pool_;
  std::vector<void*> buffers_;
  std::vector<CUevent> events_;
};

}  // namespace unihip::cu
