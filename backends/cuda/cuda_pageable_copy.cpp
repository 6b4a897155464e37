#include "cuda/cuda_pageable_copy.h"

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <thread>

namespace unihip::cu {

namespace {

// Measured best on an H200 host (bench_pageable_staging): 8 MiB chunks, 3 buffers, 8 threads.
// UNIHIP_STAGING_CHUNK_KIB, UNIHIP_STAGING_FIRST_KIB, UNIHIP_STAGING_BUFFERS and
// UNIHIP_STAGING_THREADS override them (for tuning on another host).
size_t fromEnv(const char* name, size_t fallback, size_t scale = 1) {
  const char* v = std::getenv(name);
  if (v == nullptr || *v == '\0') return fallback;
  char* end = nullptr;
  unsigned long long n = std::strtoull(v, &end, 10);
  return *end == '\0' && n > 0 ? static_cast<size_t>(n) * scale : fallback;
}

StagingConfig stagingConfig() {
  StagingConfig c{size_t{8} << 20, 3, size_t{1} << 20};
  c.chunkBytes = fromEnv("UNIHIP_STAGING_CHUNK_KIB", c.chunkBytes, 1024);
  c.firstChunkBytes = fromEnv("UNIHIP_STAGING_FIRST_KIB", c.firstChunkBytes, 1024);
  c.buffers = static_cast<int>(std::min<size_t>(fromEnv("UNIHIP_STAGING_BUFFERS", 3), 16));
  const char* streaming = std::getenv("UNIHIP_STAGING_STREAMING");
  c.streamingDrain = streaming == nullptr || std::strcmp(streaming, "0") != 0;
  return c;
}

int hostCopyThreads() {
  int cores = static_cast<int>(std::thread::hardware_concurrency());
  size_t threads = fromEnv("UNIHIP_STAGING_THREADS", static_cast<size_t>(std::clamp(cores / 2, 1, 8)));
  return static_cast<int>(std::min<size_t>(threads, 64));
}

}  // namespace

PageableCopyEngine::PageableCopyEngine(const DriverApi& api)
    : hostCopy_(hostCopyThreads()), copier_(api, stagingConfig(), hostCopy_) {}

std::unique_ptr<PageableCopyEngine> PageableCopyEngine::create(const DriverApi& api) {
  std::unique_ptr<PageableCopyEngine> engine(new PageableCopyEngine(api));
  if (engine->copier_.init() != CUDA_SUCCESS) return nullptr;
  return engine;
}

bool PageableCopyEngine::tryToDevice(CUdeviceptr dst, const void* src, size_t bytes,
                                     CUresult* result) {
  std::unique_lock<std::mutex> lock(mutex_, std::try_to_lock);
  if (!lock.owns_lock() || copier_.released()) return false;
  // The legacy default stream: hipMemcpy is ordered after the work queued there.
  *result = copier_.toDevice(dst, src, bytes, nullptr);
  return true;
}

bool PageableCopyEngine::tryToHost(void* dst, CUdeviceptr src, size_t bytes, CUresult* result) {
  std::unique_lock<std::mutex> lock(mutex_, std::try_to_lock);
  if (!lock.owns_lock() || copier_.released()) return false;
  *result = copier_.toHost(dst, src, bytes, nullptr);
  return true;
}

void PageableCopyEngine::releaseIfIdle() {
  std::unique_lock<std::mutex> lock(mutex_, std::try_to_lock);
  if (!lock.owns_lock()) return;  // a copy is running: its buffers stay
  copier_.release();
}

bool isPageableHostMemory(const DriverApi& api, const void* ptr) {
  // cuPointerGetAttributes leaves the type 0 for memory the driver does not know, without the
  // CUDA_ERROR_INVALID_VALUE that cuPointerGetAttribute reports (and sanitizers flag) there.
  unsigned int type = 0;
  int attribute = CU_POINTER_ATTRIBUTE_MEMORY_TYPE;
  void* data[] = {&type};
  const CUresult r =
      api.cuPointerGetAttributes(1, &attribute, data, reinterpret_cast<CUdeviceptr>(ptr));
  return r == CUDA_SUCCESS && type == 0;
}

}  // namespace unihip::cu
