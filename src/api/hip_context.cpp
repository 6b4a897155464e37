// The (deprecated) context API over the primary-context model, as AMD's runtime implements it:
// each device has exactly one context, its primary context; a thread's context stack selects
// the current device. hipCtxCreate therefore hands out the primary context.
#include <atomic>
#include <cstdint>
#include <functional>
#include <vector>

#include "api/api_boundary.h"
#include "api/arg_checks.h"
#include "base/enum_value.h"
#include "api/device_lookup.h"

struct ihipCtx_t {
  int reserved;  // identity only: the device is the context's index in g_contexts
};

using namespace unihip;

namespace {

ihipCtx_t g_contexts[kMaxDevices];
std::atomic<int> g_retains[kMaxDevices];
thread_local std::vector<hipCtx_t> t_contextStack;

hipCtx_t primaryContext(int ordinal) { return &g_contexts[ordinal]; }

// The device of a context handle; hipErrorInvalidContext for anything but a primary context of
// an existing device.
Status contextDevice(hipCtx_t ctx, Device** device) {
  std::less_equal<const ihipCtx_t*> le;
  if (ctx == nullptr || !le(&g_contexts[0], ctx) || !le(ctx, &g_contexts[kMaxDevices - 1]))
    return hipErrorInvalidContext;
  Device* d = Runtime::get().device(static_cast<int>(ctx - g_contexts));
  if (d == nullptr) return hipErrorInvalidContext;
  *device = d;
  return kOk;
}

void makeCurrent(hipCtx_t ctx) { Runtime::setCurrentDevice(static_cast<int>(ctx - g_contexts)); }

Status fromHip(hipError_t e) { return e; }

}  // namespace

Status unihip::deviceOfContext(hipCtx_t ctx, Device** device) { return contextDevice(ctx, device); }
hipCtx_t unihip::primaryContextOf(int ordinal) { return primaryContext(ordinal); }

UNIHIP_EXPORT hipError_t hipCtxCreate(hipCtx_t* ctx, unsigned int flags, hipDevice_t device) {
  UNIHIP_TRACE_hipCtxCreate(ctx, flags, device);
  if (ctx == nullptr) UNIHIP_RETURN(hipErrorInvalidValue);
  Device* d = nullptr;
  UNIHIP_RETURN_IF_FAILED(lookupDevice(device, &d));
  UNIHIP_RETURN_IF_FAILED(setContextFlags(*d, flags));
  *ctx = primaryContext(d->ordinal);
  g_retains[d->ordinal].fetch_add(1, std::memory_order_relaxed);
  t_contextStack.push_back(*ctx);
  makeCurrent(*ctx);
  UNIHIP_RETURN(kOk);
}

UNIHIP_EXPORT hipError_t hipCtxDestroy(hipCtx_t ctx) {
  UNIHIP_TRACE_hipCtxDestroy(ctx);
  if (ctx == nullptr) UNIHIP_RETURN(hipErrorInvalidValue);
  Device* d = nullptr;
  UNIHIP_RETURN_IF_FAILED(contextDevice(ctx, &d));
  // The primary context lives on; it only leaves this thread's stack.
  if (!t_contextStack.empty() && t_contextStack.back() == ctx) t_contextStack.pop_back();
  int retained = g_retains[d->ordinal].load(std::memory_order_relaxed);
  while (retained > 0 && !g_retains[d->ordinal].compare_exchange_weak(retained, retained - 1)) {
  }
  UNIHIP_RETURN(kOk);
}

UNIHIP_EXPORT hipError_t hipCtxPushCurrent(hipCtx_t ctx) {
  UNIHIP_TRACE_hipCtxPushCurrent(ctx);
  Device* d = nullptr;
  UNIHIP_RETURN_IF_FAILED(contextDevice(ctx, &d));
  t_contextStack.push_back(ctx);
  makeCurrent(ctx);
  UNIHIP_RETURN(kOk);
}

UNIHIP_EXPORT hipError_t hipCtxPopCurrent(hipCtx_t* ctx) {
  UNIHIP_TRACE_hipCtxPopCurrent(ctx);
  if (t_contextStack.empty()) UNIHIP_RETURN(hipErrorInvalidContext);
  if (ctx != nullptr) *ctx = t_contextStack.back();
  t_contextStack.pop_back();
  if (!t_contextStack.empty()) makeCurrent(t_contextStack.back());
  UNIHIP_RETURN(kOk);
}

UNIHIP_EXPORT hipError_t hipCtxSetCurrent(hipCtx_t ctx) {
  UNIHIP_TRACE_hipCtxSetCurrent(ctx);
  if (ctx == nullptr) {  // unbinds: the thread's top context leaves the stack
    if (!t_contextStack.empty()) t_contextStack.pop_back();
    UNIHIP_RETURN(kOk);
  }
  Device* d = nullptr;
  UNIHIP_RETURN_IF_FAILED(contextDevice(ctx, &d));
  if (t_contextStack.empty()) {
    t_contextStack.push_back(ctx);
  } else {
    t_contextStack.back() = ctx;
  }
  makeCurrent(ctx);
  UNIHIP_RETURN(kOk);
}

UNIHIP_EXPORT hipError_t hipCtxGetCurrent(hipCtx_t* ctx) {
  UNIHIP_TRACE_hipCtxGetCurrent(ctx);
  if (ctx == nullptr) UNIHIP_RETURN(hipErrorInvalidValue);
  if (!t_contextStack.empty()) {
    *ctx = t_contextStack.back();
    UNIHIP_RETURN(kOk);
  }
  Device* d = nullptr;
  UNIHIP_RETURN_IF_FAILED(currentDevice(&d));
  *ctx = primaryContext(d->ordinal);
  UNIHIP_RETURN(kOk);
}

UNIHIP_EXPORT hipError_t hipCtxGetDevice(hipDevice_t* device) {
  UNIHIP_TRACE_hipCtxGetDevice(device);
  if (device == nullptr) UNIHIP_RETURN(hipErrorInvalidValue);
  Device* d = nullptr;
  UNIHIP_RETURN_IF_FAILED(currentDevice(&d));
  *device = d->ordinal;
  UNIHIP_RETURN(kOk);
}

UNIHIP_EXPORT hipError_t hipCtxGetApiVersion(hipCtx_t ctx, unsigned int* apiVersion) {
  UNIHIP_TRACE_hipCtxGetApiVersion(ctx, apiVersion);
  if (apiVersion == nullptr) UNIHIP_RETURN(hipErrorInvalidValue);
  Device* d = nullptr;
  UNIHIP_RETURN_IF_FAILED(ctx == nullptr ? currentDevice(&d) : contextDevice(ctx, &d));
  *apiVersion = 4;  // HIP's documented approximation
  UNIHIP_RETURN(kOk);
}

UNIHIP_EXPORT hipError_t hipCtxGetCacheConfig(hipFuncCache_t* cacheConfig) {
  UNIHIP_TRACE_hipCtxGetCacheConfig(cacheConfig);
  UNIHIP_RETURN(getCacheConfig(cacheConfig));
}

UNIHIP_EXPORT hipError_t hipCtxSetCacheConfig(hipFuncCache_t cacheConfig) {
  UNIHIP_TRACE_hipCtxSetCacheConfig(cacheConfig);
  UNIHIP_RETURN(setCacheConfig(enumValue(cacheConfig)));
}

UNIHIP_EXPORT hipError_t hipCtxGetSharedMemConfig(hipSharedMemConfig* pConfig) {
  UNIHIP_TRACE_hipCtxGetSharedMemConfig(pConfig);
  UNIHIP_RETURN(getSharedMemConfig(pConfig));
}

UNIHIP_EXPORT hipError_t hipCtxSetSharedMemConfig(hipSharedMemConfig config) {
  UNIHIP_TRACE_hipCtxSetSharedMemConfig(config);
  UNIHIP_RETURN(setSharedMemConfig(enumValue(config)));
}

UNIHIP_EXPORT hipError_t hipCtxSynchronize(void) {
  UNIHIP_TRACE_hipCtxSynchronize();
  Device* d = nullptr;
  UNIHIP_RETURN_IF_FAILED(currentDevice(&d));
  UNIHIP_RETURN(d->backend->deviceSynchronize(d->local));
}

UNIHIP_EXPORT hipError_t hipCtxGetFlags(unsigned int* flags) {
  UNIHIP_TRACE_hipCtxGetFlags(flags);
  if (flags == nullptr) UNIHIP_RETURN(hipErrorInvalidValue);
  UNIHIP_RETURN(fromHip(hipGetDeviceFlags(flags)));
}

// Peer access between contexts is peer access between their devices (hip_peer.cpp).
UNIHIP_EXPORT hipError_t hipCtxEnablePeerAccess(hipCtx_t peerCtx, unsigned int flags) {
  UNIHIP_TRACE_hipCtxEnablePeerAccess(peerCtx, flags);
  if (flags != 0) UNIHIP_RETURN(hipErrorInvalidValue);
  Device* d = nullptr;
  Status s = contextDevice(peerCtx, &d);
  if (!s.ok()) UNIHIP_RETURN(s);
  // A context is its device's primary context: peer access of the current device to that one.
  return hipDeviceEnablePeerAccess(d->ordinal, flags);
}

UNIHIP_EXPORT hipError_t hipCtxDisablePeerAccess(hipCtx_t peerCtx) {
  UNIHIP_TRACE_hipCtxDisablePeerAccess(peerCtx);
  Device* d = nullptr;
  Status s = contextDevice(peerCtx, &d);
  if (!s.ok()) UNIHIP_RETURN(s);
  return hipDeviceDisablePeerAccess(d->ordinal);
}

UNIHIP_EXPORT hipError_t hipDevicePrimaryCtxGetState(hipDevice_t dev, unsigned int* flags,
                                                     int* active) {
  UNIHIP_TRACE_hipDevicePrimaryCtxGetState(dev, flags, active);
  if (flags == nullptr || active == nullptr) UNIHIP_RETURN(hipErrorInvalidValue);
  Device* d = nullptr;
  UNIHIP_RETURN_IF_FAILED(lookupDevice(dev, &d));
  UNIHIP_RETURN_IF_FAILED(fromHip(hipGetDeviceFlags(flags)));
  *active = 1;  // the runtime keeps every device's primary context for the process
  UNIHIP_RETURN(kOk);
}

UNIHIP_EXPORT hipError_t hipDevicePrimaryCtxRetain(hipCtx_t* pctx, hipDevice_t dev) {
  UNIHIP_TRACE_hipDevicePrimaryCtxRetain(pctx, dev);
  if (pctx == nullptr) UNIHIP_RETURN(hipErrorInvalidValue);
  Device* d = nullptr;
  UNIHIP_RETURN_IF_FAILED(lookupDevice(dev, &d));
  g_retains[d->ordinal].fetch_add(1, std::memory_order_relaxed);
  *pctx = primaryContext(d->ordinal);
  UNIHIP_RETURN(kOk);
}

UNIHIP_EXPORT hipError_t hipDevicePrimaryCtxRelease(hipDevice_t dev) {
  UNIHIP_TRACE_hipDevicePrimaryCtxRelease(dev);
  Device* d = nullptr;
  UNIHIP_RETURN_IF_FAILED(lookupDevice(dev, &d));
  int retained = g_retains[d->ordinal].load(std::memory_order_relaxed);
  while (retained > 0 && !g_retains[d->ordinal].compare_exchange_weak(retained, retained - 1)) {
  }
  UNIHIP_RETURN(kOk);
}

// hipDeviceReset of `dev`, from whichever device is current.
UNIHIP_EXPORT hipError_t hipDevicePrimaryCtxReset(hipDevice_t dev) {
  UNIHIP_TRACE_hipDevicePrimaryCtxReset(dev);
  Device* d = nullptr;
  UNIHIP_RETURN_IF_FAILED(lookupDevice(dev, &d));
  int saved = Runtime::currentDevice();
  Runtime::setCurrentDevice(dev);
  Status s = fromHip(hipDeviceReset());
  Runtime::setCurrentDevice(saved);
  UNIHIP_RETURN(s);
}

// AMD's answer: the primary context is always active, so its flags can no longer change.
UNIHIP_EXPORT hipError_t hipDevicePrimaryCtxSetFlags(hipDevice_t dev, unsigned int flags) {
  UNIHIP_TRACE_hipDevicePrimaryCtxSetFlags(dev, flags);
  Device* d = nullptr;
  UNIHIP_RETURN_IF_FAILED(lookupDevice(dev, &d));
  constexpr unsigned kKnown = hipDeviceScheduleMask | hipDeviceMapHost | hipDeviceLmemResizeToMax;
  if ((flags & ~kKnown) != 0) UNIHIP_RETURN(hipErrorInvalidValue);
  UNIHIP_RETURN(hipErrorContextAlreadyInUse);
}
