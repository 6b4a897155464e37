// Device resources and execution (green) contexts (HIP 7; CUDA's green contexts): a device's SM
// resource, its splits into groups, descriptors of groups, contexts made of them, and unihip
// streams created in a context. Checks in AMD's order and with AMD's codes; the vendor does the
// work through the optional seam family ExecutionCtxOps (hipErrorNotSupported without it, as on
// HSA today). Handles are unihip's and checked against a registry before use: a garbage or
// destroyed context is hipErrorInvalidContext (CUDA's answer for a green context), a garbage
// descriptor hipErrorInvalidValue (CUDA's for cuGreenCtxCreate).
#include <algorithm>
#include <atomic>
#include <memory>
#include <mutex>
#include <unordered_map>
#include <unordered_set>
#include <utility>
#include <vector>

#include "api/api_boundary.h"
#include "api/arg_checks.h"
#include "api/device_lookup.h"
#include "core/handles.h"
#include "core/launch_generation.h"
#include "core/runtime.h"
#include "core/stream_ids.h"
#include "seam/execution_ctx_ops.h"

using namespace unihip;

struct ihipExecutionCtx_t {
  int device = 0;  // HIP ordinal
  Backend* backend = nullptr;
  NativeExecCtx native = nullptr;  // null: the device's primary context
  bool primary = false;
  unsigned long long id = 0;
  // Streams created in the context, with their ids: a destroyed or recycled handle no longer
  // matches its id, so the list needs no hook in hipStreamDestroy.
  std::vector<std::pair<ihipStream_t*, unsigned long long>> streams;
};

struct ihipDevResourceDesc_t {
  Backend* backend = nullptr;
  int local = 0;  // the backend-local device its resources came from
  NativeResourceDesc native = nullptr;
};

namespace {

// Live contexts and descriptors. Thread safety: one mutex; no entry point holds it across a
// driver call that waits for the device.
struct CtxRegistry {
  std::mutex mutex;
  std::unordered_set<ihipExecutionCtx_t*> contexts;
  std::unordered_set<ihipDevResourceDesc_t*> descriptors;  // never destroyed (no HIP call does)
  std::unordered_map<int, ihipExecutionCtx_t*> primaries;  // by HIP ordinal
  std::atomic<unsigned long long> nextId{1};
};
CtxRegistry& registry() {
  static CtxRegistry* r = new CtxRegistry();  // never destroyed: streams outlive statics
  return *r;
}

bool liveStream(const std::pair<ihipStream_t*, unsigned long long>& s) {
  return isLive(s.first) && s.first->id == s.second;
}

// The family on a device, hipErrorNotSupported where its vendor lacks it.
Status familyOf(const Device* d, ExecutionCtxOps** ops) {
  *ops = d->backend->executionContexts();
  return *ops ? kOk : Status(hipErrorNotSupported);
}

// The family for calls that name no device (splits, descriptors): a resource's device is in its
// vendor's internal bytes, so the first backend with the family answers (only CUDA has it).
Status anyFamily(Backend** backend, ExecutionCtxOps** ops) {
  Runtime& rt = Runtime::get();
  for (int i = 0; i < rt.deviceCount(); ++i) {
    Device* d = rt.device(i);
    if (d && d->backend->executionContexts()) {
      *backend = d->backend;
      *ops = d->backend->executionContexts();
      return kOk;
    }
  }
  return rt.deviceCount() == 0 ? Status(hipErrorNoDevice) : Status(hipErrorNotSupported);
}

bool knownType(hipDevResourceType type) {
  return type == hipDevResourceTypeSm || type == hipDevResourceTypeWorkqueueConfig ||
         type == hipDevResourceTypeWorkqueue;
}

// A copy of a live context's fields, taken under the registry's lock.
struct CtxView {
  ihipExecutionCtx_t* ctx = nullptr;
  Device* device = nullptr;
  ExecutionCtxOps* ops = nullptr;
  NativeExecCtx native = nullptr;
};

// null: hipErrorInvalidValue (AMD); not a live context: hipErrorInvalidContext.
Status lookupCtx(hipExecutionCtx_t handle, CtxView* view) {
  if (handle == nullptr) return hipErrorInvalidValue;
  CtxRegistry& r = registry();
  std::lock_guard<std::mutex> lock(r.mutex);
  if (r.contexts.count(handle) == 0) return hipErrorInvalidContext;
  Device* d = Runtime::get().device(handle->device);
  // A runtime reset since the context was made (tests) leaves it without its device.
  if (d == nullptr || d->backend != handle->backend) return hipErrorInvalidContext;
  view->ctx = handle;
  view->device = d;
  view->native = handle->native;
  return familyOf(d, &view->ops);
}

// An event of the context's backend: hipErrorInvalidHandle otherwise (AMD's code; CUDA's for an
// event of another context).
Status contextEvent(hipEvent_t event, const CtxView& view, NativeEvent* native) {
  if (event == nullptr || !isLive(event)) return hipErrorInvalidHandle;
  Device* d = Runtime::get().device(event->device);
  if (d == nullptr || d->backend != view.device->backend) return hipErrorInvalidHandle;
  *native = event->native;
  return kOk;
}

// A unihip stream over a native stream made in a context, filled as hipStreamCreate fills one.
Status newStream(const CtxView& view, unsigned flags, int priority, hipStream_t* out) {
  Device* d = view.device;
  ihipStream_t* s = streamTable().create();
  s->device = d->ordinal;
  s->flags = flags;
  s->priority = priority;
  s->id = nextStreamId();
  s->syncPolicy = hipSyncPolicyAuto;
  s->native = nullptr;
  NativeStream native = nullptr;
  Status status = view.native == nullptr
                      ? d->backend->streamCreate(d->local, flags, priority, &native)
                      : view.ops->ctxStreamCreate(d->local, view.native, flags, priority, &native);
  s->native = native;
  HandleTable<ihipStream_t>::publish(s);
  if (!status.ok()) {
    streamTable().retire(s);
    return status;
  }
  *out = s;
  return kOk;
}

}  // namespace

UNIHIP_EXPORT hipError_t hipDeviceGetDevResource(hipDevice_t device, hipDevResource* resource,
                                                 hipDevResourceType type) {
  UNIHIP_TRACE_hipDeviceGetDevResource(device, resource, type);
  if (resource == nullptr) UNIHIP_RETURN(hipErrorInvalidValue);
  if (!knownType(type)) UNIHIP_RETURN(hipErrorInvalidResourceType);
  Device* d = nullptr;
  UNIHIP_RETURN_IF_FAILED(lookupDevice(device, &d));
  ExecutionCtxOps* ops = nullptr;
  UNIHIP_RETURN_IF_FAILED(familyOf(d, &ops));
  UNIHIP_RETURN(ops->deviceResource(d->local, type, resource));
}

UNIHIP_EXPORT hipError_t hipDevSmResourceSplitByCount(hipDevResource* result,
                                                      unsigned int* nbGroups,
                                                      const hipDevResource* input,
                                                      hipDevResource* remainder,
                                                      unsigned int flags, unsigned int minCount) {
  UNIHIP_TRACE_hipDevSmResourceSplitByCount(result, nbGroups, input, remainder, flags, minCount);
  if (nbGroups == nullptr || input == nullptr) UNIHIP_RETURN(hipErrorInvalidValue);
  if (input->type != hipDevResourceTypeSm) UNIHIP_RETURN(hipErrorInvalidResourceType);
  constexpr unsigned kFlags =
      hipDevSmResourceSplitIgnoreSmCoscheduling | hipDevSmResourceSplitMaxPotentialClusterSize;
  if ((flags & ~kFlags) != 0) UNIHIP_RETURN(hipErrorInvalidValue);
  if (result != nullptr && *nbGroups == 0) UNIHIP_RETURN(hipErrorInvalidValue);
  Backend* b = nullptr;
  ExecutionCtxOps* ops = nullptr;
  UNIHIP_RETURN_IF_FAILED(anyFamily(&b, &ops));
  UNIHIP_RETURN(ops->smResourceSplitByCount(result, nbGroups, input, remainder, flags, minCount));
}

UNIHIP_EXPORT hipError_t hipDevSmResourceSplit(hipDevResource* result, unsigned int nbGroups,
                                               const hipDevResource* input,
                                               hipDevResource* remainder, unsigned int flags,
                                               hipDevSmResourceGroupParams* groupParams) {
  UNIHIP_TRACE_hipDevSmResourceSplit(result, nbGroups, input, remainder, flags, groupParams);
  if (input == nullptr || groupParams == nullptr) UNIHIP_RETURN(hipErrorInvalidValue);
  if (input->type != hipDevResourceTypeSm) UNIHIP_RETURN(hipErrorInvalidResourceType);
  if (flags != 0) UNIHIP_RETURN(hipErrorInvalidValue);
  for (unsigned i = 0; i < nbGroups; ++i) {
    if ((groupParams[i].flags & ~static_cast<unsigned>(hipDevSmResourceGroupBackfill)) != 0)
      UNIHIP_RETURN(hipErrorInvalidValue);
  }
  Backend* b = nullptr;
  ExecutionCtxOps* ops = nullptr;
  UNIHIP_RETURN_IF_FAILED(anyFamily(&b, &ops));
  UNIHIP_RETURN(ops->smResourceSplit(result, nbGroups, input, remainder, flags, groupParams));
}

UNIHIP_EXPORT hipError_t hipDevResourceGenerateDesc(hipDevResourceDesc_t* phDesc,
                                                    hipDevResource* resources,
                                                    unsigned int nbResources) {
  UNIHIP_TRACE_hipDevResourceGenerateDesc(phDesc, resources, nbResources);
  UNIHIP_RETURN(([&]() -> Status {
    if (phDesc == nullptr || resources == nullptr || nbResources == 0)
      return hipErrorInvalidValue;
    for (unsigned i = 0; i < nbResources; ++i) {
      if (!knownType(resources[i].type)) return hipErrorInvalidResourceType;
    }
    Backend* b = nullptr;
    ExecutionCtxOps* ops = nullptr;
    UNIHIP_TRY(anyFamily(&b, &ops));
    auto desc = std::make_unique<ihipDevResourceDesc_t>();
    desc->backend = b;
    UNIHIP_TRY(ops->generateDesc(resources, nbResources, &desc->native, &desc->local));
    CtxRegistry& r = registry();
    std::lock_guard<std::mutex> lock(r.mutex);
    *phDesc = desc.get();
    r.descriptors.insert(desc.release());
    return kOk;
  })());
}

// flags must be 0 (AMD); the descriptor's resources must come from `device`.
UNIHIP_EXPORT hipError_t hipGreenCtxCreate(hipExecutionCtx_t* ctx, hipDevResourceDesc_t desc,
                                           int device, unsigned int flags) {
  UNIHIP_TRACE_hipGreenCtxCreate(ctx, desc, device, flags);
  UNIHIP_RETURN(([&]() -> Status {
    if (ctx == nullptr || desc == nullptr || flags != 0) return hipErrorInvalidValue;
    Device* d = nullptr;
    UNIHIP_TRY(lookupDevice(device, &d));
    CtxRegistry& r = registry();
    ihipDevResourceDesc_t copy;
    {
      std::lock_guard<std::mutex> lock(r.mutex);
      if (r.descriptors.count(desc) == 0) return hipErrorInvalidValue;
      copy = *desc;
    }
    // A descriptor whose device the driver does not say (local -1) is the driver's to check.
    if (copy.backend != d->backend || (copy.local >= 0 && copy.local != d->local))
      return hipErrorInvalidDevice;
    ExecutionCtxOps* ops = nullptr;
    UNIHIP_TRY(familyOf(d, &ops));
    auto c = std::make_unique<ihipExecutionCtx_t>();
    c->device = d->ordinal;
    c->backend = d->backend;
    UNIHIP_TRY(ops->greenCtxCreate(d->local, copy.native, &c->native));
    c->id = r.nextId.fetch_add(1, std::memory_order_relaxed);
    std::lock_guard<std::mutex> lock(r.mutex);
    *ctx = c.get();
    r.contexts.insert(c.release());
    return kOk;
  })());
}

// The device's primary context: one per device, never destroyed.
UNIHIP_EXPORT hipError_t hipDeviceGetExecutionCtx(hipExecutionCtx_t* ctx, hipDevice_t device) {
  UNIHIP_TRACE_hipDeviceGetExecutionCtx(ctx, device);
  UNIHIP_RETURN(([&]() -> Status {
    if (ctx == nullptr) return hipErrorInvalidValue;
    Device* d = nullptr;
    UNIHIP_TRY(lookupDevice(device, &d));
    ExecutionCtxOps* ops = nullptr;
    UNIHIP_TRY(familyOf(d, &ops));
    CtxRegistry& r = registry();
    std::lock_guard<std::mutex> lock(r.mutex);
    ihipExecutionCtx_t*& primary = r.primaries[d->ordinal];
    if (primary == nullptr || primary->backend != d->backend) {
      if (primary != nullptr) r.contexts.erase(primary);  // a runtime reset's leftover (tests)
      primary = new ihipExecutionCtx_t();
      primary->device = d->ordinal;
      primary->backend = d->backend;
      primary->primary = true;
      primary->id = r.nextId.fetch_add(1, std::memory_order_relaxed);
      r.contexts.insert(primary);
    }
    *ctx = primary;
    return kOk;
  })());
}

// Streams still in the context outlive it, as in AMD's runtime, but keep working: each is
// synchronized and moved onto an ordinary stream of the device (CUDA's streams of a destroyed
// green context would fail every later call, hipStreamDestroy included).
UNIHIP_EXPORT hipError_t hipExecutionCtxDestroy(hipExecutionCtx_t ctx) {
  UNIHIP_TRACE_hipExecutionCtxDestroy(ctx);
  UNIHIP_RETURN(([&]() -> Status {
    CtxView v;
    UNIHIP_TRY(lookupCtx(ctx, &v));
    if (ctx->primary) return hipErrorInvalidValue;  // AMD: the primary context is the device's
    CtxRegistry& r = registry();
    std::vector<std::pair<ihipStream_t*, unsigned long long>> streams;
    {
      std::lock_guard<std::mutex> lock(r.mutex);
      if (r.contexts.erase(ctx) == 0) return hipErrorInvalidContext;  // a racing destroy
      streams.swap(ctx->streams);
    }
    Device* d = v.device;
    Status result = kOk;
    for (const auto& s : streams) {
      if (!liveStream(s)) continue;
      ihipStream_t* stream = s.first;
      NativeStream old = stream->native;
      NativeStream moved = nullptr;
      Status st = d->backend->streamSynchronize(d->local, old);
      if (st.ok()) st = d->backend->streamCreate(d->local, stream->flags, stream->priority, &moved);
      if (st.ok()) {
        stream->native = moved;
        invalidateLaunchCaches();  // the caches remember the stream's native handle
        st = d->backend->streamDestroy(d->local, old);
      }
      if (!st.ok() && result.ok()) result = st;
    }
    Status destroyed = v.ops->greenCtxDestroy(d->local, v.native);
    delete ctx;
    return result.ok() ? destroyed : result;
  })());
}

// flags hipStreamDefault or hipStreamNonBlocking; either makes a non-blocking stream (AMD: "the
// default stream flag behaves like hipStreamNonBlocking"; CUDA requires it). The priority is
// clamped to the device's range.
UNIHIP_EXPORT hipError_t hipExecutionCtxStreamCreate(hipStream_t* stream, hipExecutionCtx_t ctx,
                                                     unsigned int flags, int priority) {
  UNIHIP_TRACE_hipExecutionCtxStreamCreate(stream, ctx, flags, priority);
  UNIHIP_RETURN(([&]() -> Status {
    if (stream == nullptr || ctx == nullptr) return hipErrorInvalidValue;
    if (flags != hipStreamDefault && flags != hipStreamNonBlocking) return hipErrorInvalidValue;
    CtxView v;
    UNIHIP_TRY(lookupCtx(ctx, &v));
    int least = 0, greatest = 0;
    UNIHIP_TRY(v.device->backend->streamPriorityRange(v.device->local, &least, &greatest));
    priority = std::clamp(priority, std::min(least, greatest), std::max(least, greatest));
    hipStream_t s = nullptr;
    UNIHIP_TRY(newStream(v, hipStreamNonBlocking, priority, &s));
    CtxRegistry& r = registry();
    std::lock_guard<std::mutex> lock(r.mutex);
    if (r.contexts.count(ctx) != 0) {
      auto& list = ctx->streams;
      list.erase(std::remove_if(list.begin(), list.end(),
                                [](const auto& e) { return !liveStream(e); }),
                 list.end());
      list.emplace_back(s, s->id.get());
    }
    *stream = s;
    return kOk;
  })());
}

UNIHIP_EXPORT hipError_t hipExecutionCtxGetDevResource(hipExecutionCtx_t ctx,
                                                       hipDevResource* resource,
                                                       hipDevResourceType type) {
  UNIHIP_TRACE_hipExecutionCtxGetDevResource(ctx, resource, type);
  if (ctx == nullptr || resource == nullptr) UNIHIP_RETURN(hipErrorInvalidValue);
  CtxView v;
  UNIHIP_RETURN_IF_FAILED(lookupCtx(ctx, &v));
  if (!knownType(type)) UNIHIP_RETURN(hipErrorInvalidResourceType);
  UNIHIP_RETURN(v.ops->ctxResource(v.device->local, v.native, type, resource));
}

UNIHIP_EXPORT hipError_t hipExecutionCtxGetDevice(hipDevice_t* device, hipExecutionCtx_t ctx) {
  UNIHIP_TRACE_hipExecutionCtxGetDevice(device, ctx);
  if (device == nullptr || ctx == nullptr) UNIHIP_RETURN(hipErrorInvalidValue);
  CtxView v;
  UNIHIP_RETURN_IF_FAILED(lookupCtx(ctx, &v));
  *device = v.device->ordinal;
  UNIHIP_RETURN(kOk);
}

// unihip's own id, unique for the process (AMD numbers its contexts the same way).
UNIHIP_EXPORT hipError_t hipExecutionCtxGetId(hipExecutionCtx_t ctx, unsigned long long* ctxId) {
  UNIHIP_TRACE_hipExecutionCtxGetId(ctx, ctxId);
  if (ctx == nullptr || ctxId == nullptr) UNIHIP_RETURN(hipErrorInvalidValue);
  CtxView v;
  UNIHIP_RETURN_IF_FAILED(lookupCtx(ctx, &v));
  *ctxId = ctx->id;
  UNIHIP_RETURN(kOk);
}

UNIHIP_EXPORT hipError_t hipExecutionCtxRecordEvent(hipExecutionCtx_t ctx, hipEvent_t event) {
  UNIHIP_TRACE_hipExecutionCtxRecordEvent(ctx, event);
  if (ctx == nullptr) UNIHIP_RETURN(hipErrorInvalidValue);
  if (event == nullptr || !isLive(event)) UNIHIP_RETURN(hipErrorInvalidHandle);
  CtxView v;
  UNIHIP_RETURN_IF_FAILED(lookupCtx(ctx, &v));
  // CUDA: the event and the context must be of one device.
  if (event->device != v.device->ordinal) UNIHIP_RETURN(hipErrorInvalidHandle);
  NativeEvent e = nullptr;
  UNIHIP_RETURN_IF_FAILED(contextEvent(event, v, &e));
  UNIHIP_RETURN_IF_FAILED(v.ops->ctxRecordEvent(v.device->local, v.native, e));
  event->recorded.store(true, std::memory_order_release);
  UNIHIP_RETURN(kOk);
}

// The event may be of another device of the same vendor (CUDA's rule).
UNIHIP_EXPORT hipError_t hipExecutionCtxWaitEvent(hipExecutionCtx_t ctx, hipEvent_t event) {
  UNIHIP_TRACE_hipExecutionCtxWaitEvent(ctx, event);
  if (ctx == nullptr) UNIHIP_RETURN(hipErrorInvalidValue);
  if (event == nullptr || !isLive(event)) UNIHIP_RETURN(hipErrorInvalidHandle);
  CtxView v;
  UNIHIP_RETURN_IF_FAILED(lookupCtx(ctx, &v));
  NativeEvent e = nullptr;
  UNIHIP_RETURN_IF_FAILED(contextEvent(event, v, &e));
  UNIHIP_RETURN(v.ops->ctxWaitEvent(v.device->local, v.native, e));
}

UNIHIP_EXPORT hipError_t hipExecutionCtxSynchronize(hipExecutionCtx_t ctx) {
  UNIHIP_TRACE_hipExecutionCtxSynchronize(ctx);
  CtxView v;
  UNIHIP_RETURN_IF_FAILED(lookupCtx(ctx, &v));
  UNIHIP_RETURN(v.ops->ctxSynchronize(v.device->local, v.native));
}

// A stream carries an SM resource only (AMD). The null, legacy and per-thread streams, and
// streams made with hipStreamCreate*, have their device's; a stream made in a context has the
// context's. A garbage or destroyed stream: hipErrorInvalidHandle (AMD).
UNIHIP_EXPORT hipError_t hipStreamGetDevResource(hipStream_t stream, hipDevResource* resource,
                                                 hipDevResourceType type) {
  UNIHIP_TRACE_hipStreamGetDevResource(stream, resource, type);
  UNIHIP_RETURN(([&]() -> Status {
    if (resource == nullptr) return hipErrorInvalidValue;
    if (type != hipDevResourceTypeSm) return hipErrorInvalidResourceType;
    Device* d = nullptr;
    NativeExecCtx native = nullptr;
    if (stream == nullptr || stream == hipStreamLegacy || stream == hipStreamPerThread) {
      UNIHIP_TRY(currentDevice(&d));
    } else {
      if (!isLive(stream)) return hipErrorInvalidHandle;
      d = Runtime::get().device(stream->device);
      if (d == nullptr) return hipErrorInvalidHandle;
      const unsigned long long id = stream->id;
      CtxRegistry& r = registry();
      std::lock_guard<std::mutex> lock(r.mutex);
      for (ihipExecutionCtx_t* c : r.contexts) {
        if (c->backend != d->backend) continue;
        for (const auto& s : c->streams) {
          if (s.first == stream && s.second == id) native = c->native;
        }
      }
    }
    ExecutionCtxOps* ops = nullptr;
    UNIHIP_TRY(familyOf(d, &ops));
    return native == nullptr ? ops->deviceResource(d->local, type, resource)
                             : ops->ctxResource(d->local, native, type, resource);
  })());
}
