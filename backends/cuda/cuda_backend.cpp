// The CUDA-driver backend (cuda_backend.h): construction, the primary contexts, the driver's
// results, and the device family (attributes, limits, reset, profiler control).
#include "cuda/cuda_backend.h"

#include <cstdlib>
#include <cstring>

#include "base/log.h"
#include "cuda/cuda_device_properties.h"

namespace unihip::cuda_backend {

bool stagingEnabled() {
  static const bool enabled = [] {
    const char* v = std::getenv("UNIHIP_PAGEABLE_STAGING");
    return v == nullptr || std::strcmp(v, "0") != 0;
  }();
  return enabled;
}

constinit UNIHIP_HOT_TLS CUcontext t_context = nullptr;
constinit UNIHIP_HOT_TLS uint32_t t_contextEpoch = 0;

std::atomic<CudaBackend*> g_stagingOwner{nullptr};

void releaseStagingAtExit() {
  if (CudaBackend* b = g_stagingOwner.load()) b->releaseStaging();
}

void CudaBackend::fillCapabilities() {
  for (auto& d : devices_) {
    DeviceCapabilities& c = d->caps;
    c.pitchedCopies = api_->cuMemcpy3DAsync != nullptr;
    c.pitchedFills = api_->cuMemsetD2D8Async != nullptr;
    c.batchCopies = api_->cuMemcpyBatchAsync != nullptr;
    c.batchMemOps = api_->cuStreamBatchMemOp != nullptr;
    c.cooperativeLaunch = api_->cuLaunchCooperativeKernel != nullptr && d->props.cooperativeLaunch;
    c.managedMemory = api_->cuMemAllocManaged != nullptr && d->props.managedMemory;
    c.graphs = graphs_ != nullptr;
    c.memoryPools = memoryPools_ != nullptr;
    c.images = images_ != nullptr;
    c.executionContexts = executionContexts_ != nullptr;
    c.deviceMemoryIsUncached = true;
  }
}

void CudaBackend::releaseStaging() {
  for (size_t i = 0; i < devices_.size(); ++i) {
    CudaDevice& d = *devices_[i];
    std::lock_guard<std::mutex> lock(d.stagingMutex);
    if (d.staging && makeCurrent(static_cast<int>(i)).ok()) d.staging->releaseIfIdle();
  }
}

Status CudaBackend::attribute(int device, hipDeviceAttribute_t attr, int* value) {
  return queryDeviceAttribute(*api_, deviceHandle(device), devices_[device]->props,
                              static_cast<int>(attr), memoryPools_ != nullptr, value);
}

Status CudaBackend::driverVersion(int* version) {
  return check(api_->cuDriverGetVersion(version), "cuDriverGetVersion");
}

Status CudaBackend::vendorContextHandle(int device, void** handle) {
  UNIHIP_TRY(makeCurrent(device));  // retains the primary context
  *handle = devices_[device]->context.load(std::memory_order_relaxed);
  return kOk;
}

Status CudaBackend::bindVendorContext(int device) {
  return bindContext(device, resetEpoch_.load(std::memory_order_acquire));
}

Status CudaBackend::profilerControl(int device, bool start) {
  auto call = start ? api_->cuProfilerStart : api_->cuProfilerStop;
  if (call == nullptr) return hipErrorNotSupported;
  UNIHIP_TRY(makeCurrent(device));
  return check(call(), start ? "cuProfilerStart" : "cuProfilerStop");
}

Status CudaBackend::deviceSynchronizeImpl(int device) {
  UNIHIP_TRY(makeCurrent(device));
  return check(api_->cuCtxSynchronize(), "cuCtxSynchronize");
}

Status CudaBackend::getLimit(int device, hipLimit_t limit, size_t* value) {
  UNIHIP_TRY(makeCurrent(device));
  return check(api_->cuCtxGetLimit(value, static_cast<int>(limit)), "cuCtxGetLimit");
}

Status CudaBackend::setLimit(int device, hipLimit_t limit, size_t value) {
  UNIHIP_TRY(makeCurrent(device));
  return check(api_->cuCtxSetLimit(static_cast<int>(limit), value), "cuCtxSetLimit");
}

Status CudaBackend::deviceReset(int device) {
  UNIHIP_TRY(makeCurrent(device));
  CudaDevice& d = *devices_[device];
  {
    // Its pinned buffers belong to the context about to go.
    std::lock_guard<std::mutex> lock(d.stagingMutex);
    d.staging.reset();
    d.stagingFailed = false;
  }
  // Drop our reference first: a context still retained is not re-created by a later retain.
  (void)check(api_->cuCtxSetCurrent(nullptr), "cuCtxSetCurrent");
  (void)check(api_->cuDevicePrimaryCtxRelease(d.handle), "cuDevicePrimaryCtxRelease");
  UNIHIP_TRY(check(api_->cuDevicePrimaryCtxReset(d.handle), "cuDevicePrimaryCtxReset"));
  // Retain a fresh context, and have every thread make it current again (the epoch tells
  // them).
  CUcontext fresh = nullptr;
  const Status retained =
      check(api_->cuDevicePrimaryCtxRetain(&fresh, d.handle), "cuDevicePrimaryCtxRetain");
  // After a sticky fault (an illegal address, a trap) CUDA keeps refusing contexts for the
  // rest of the process; every later call then answers that fault, not a stale context.
  d.contextStatus = retained;
  d.context.store(retained.ok() ? fresh : nullptr, std::memory_order_relaxed);
  resetEpoch_.fetch_add(1, std::memory_order_release);
  t_context = nullptr;
  UNIHIP_TRY(retained);
  return makeCurrent(device);
}

Status CudaBackend::failed(CUresult r, const char* call) const {
  if (r != CUDA_ERROR_NOT_READY) {
    const char* name = nullptr;
    if (api_->cuGetErrorName(r, &name) != CUDA_SUCCESS) name = "unknown";
    UNIHIP_LOG_DEBUG("cuda: {} failed: {} ({})", call, name, r);
  }
  return toHipError(r);
}

Status CudaBackend::bindContext(int device, uint32_t epoch) {
  CudaDevice& d = *devices_[device];
  std::call_once(d.contextOnce, [&] {
    CUcontext retained = nullptr;
    d.contextStatus = check(api_->cuDevicePrimaryCtxRetain(&retained, d.handle),
                            "cuDevicePrimaryCtxRetain");
    d.context.store(retained, std::memory_order_relaxed);
  });
  UNIHIP_TRY(d.contextStatus);
  const CUcontext context = d.context.load(std::memory_order_relaxed);
  UNIHIP_TRY(check(api_->cuCtxSetCurrent(context), "cuCtxSetCurrent"));
  t_context = context;
  t_contextEpoch = epoch;
  return kOk;
}

}  // namespace unihip::cuda_backend

namespace unihip {

using cuda_backend::CudaBackend;
using cuda_backend::CudaDevice;
using namespace cu;

std::unique_ptr<Backend> createCudaBackend(std::string* reason) {
  std::string why;
  auto api = loadDriver(&why);
  if (!api) {
    *reason = why;
    return nullptr;
  }
  CUresult r = api->cuInit(0);
  if (r != CUDA_SUCCESS) {
    const char* name = nullptr;
    if (api->cuGetErrorName(r, &name) != CUDA_SUCCESS) name = "unknown";
    *reason = std::string("cuInit failed: ") + name + " (" + std::to_string(r) + ")";
    return nullptr;
  }
  int count = 0;
  r = api->cuDeviceGetCount(&count);
  if (r != CUDA_SUCCESS || count == 0) {
    *reason = "no CUDA device (cuDeviceGetCount: " + std::to_string(r) + ")";
    return nullptr;
  }
  std::vector<std::unique_ptr<CudaDevice>> devices;
  for (int i = 0; i < count; ++i) {
    auto d = std::make_unique<CudaDevice>();
    if (api->cuDeviceGet(&d->handle, i) != CUDA_SUCCESS) continue;
    Status s = queryDeviceProperties(*api, d->handle, &d->props);
    if (!s.ok()) {
      UNIHIP_LOG_WARN("cuda: skipping device {}: properties unreadable", i);
      continue;
    }
    devices.push_back(std::move(d));
  }
  if (devices.empty()) {
    *reason = "no usable CUDA device";
    return nullptr;
  }
  return std::make_unique<CudaBackend>(std::move(api), std::move(devices));
}

}  // namespace unihip
