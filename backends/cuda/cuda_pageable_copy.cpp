#include "cuda/cuda_pageable_copy.h"

#include <algorithm>
#include <thread>

namespace unihip::cu {

namespace {

// Measured best on an H200 host (bench_pageable_staging): 8 MiB chunks, 3 buffers, 8 threads.
constexpr StagingConfig kStaging{size_t{8} << 20, 3};

int hostCopyThreads() {
  int cores = static_cast<int>(std::thread::hardware_concurrency());
  return std::clamp(cores / 2, 1, 8);
}

}  // namespace

PageableCopyEngine::PageableCopyEngine(const DriverApi& api)
    : hostCopy_(hostCopyThreads()), copier_(api, kStaging, hostCopy_) {}

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
