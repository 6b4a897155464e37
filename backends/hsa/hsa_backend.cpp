#include "hsa_backend.h"

#include <algorithm>
#include <unordered_map>

#include "base/hot_text.h"
#include "base/log.h"
#include "hsa_status.h"
#include "target_id.h"

namespace unihip {

using namespace hsa;

std::unique_ptr<Backend> createHsaBackend(std::string* reason) {
  auto unavailable = [&](std::string why) -> std::unique_ptr<Backend> {
    UNIHIP_LOG_INFO("hsa backend unavailable: {}", why);
    if (reason) *reason = std::move(why);
    return nullptr;
  };
  HsaApi api;
  std::string why;
  if (!loadHsaApi(&api, &why)) return unavailable(why);
  const hsa_status_t init = api.hsa_init();
  if (init != HSA_STATUS_SUCCESS) {
    // ROCr returns HSA_STATUS_ERROR_OUT_OF_RESOURCES when /dev/kfd is absent. The library stays
    // loaded: unloading a runtime that may have started threads is not worth the risk.
    return unavailable(fmt::format("hsa_init failed: {} (0x{:x}) using {}; no AMD GPU driver "
                                   "(/dev/kfd) on this machine?",
                                   hsaStatusName(init), static_cast<unsigned>(init),
                                   api.libraryPath));
  }
  std::vector<AgentInfo> agents;
  if (Status st = discoverAgents(api, &agents); !st.ok()) {
    api.hsa_shut_down();
    return unavailable(fmt::format("GPU agent discovery failed (hipError {})",
                                   static_cast<int>(st.code())));
  }
  if (agents.empty()) {
    api.hsa_shut_down();
    return unavailable("hsa_init succeeded but ROCr reports no usable GPU agent");
  }
  return std::make_unique<HsaBackend>(std::move(api), std::move(agents));
}

namespace hsa {

namespace {
std::atomic<uint64_t> g_nextInstance{1};
}  // namespace

HsaBackend::HsaBackend(HsaApi api, std::vector<AgentInfo> agents)
    : api_(std::move(api)), instance_(g_nextInstance.fetch_add(1)) {
  useGenericCapture(&graphs_);
  for (AgentInfo& a : agents) {
    auto d = std::make_unique<HsaDeviceState>(api_, std::move(a));
    const hipDeviceProp_t& p = d->info.properties;
    d->occupancy = occupancyDevice(d->info.target.processor,
                                   static_cast<uint32_t>(p.multiProcessorCount),
                                   static_cast<uint32_t>(p.sharedMemPerBlock),
                                   static_cast<uint32_t>(p.maxThreadsPerBlock));
    devices_.push_back(std::move(d));
  }
  std::vector<const AgentInfo*> infos;
  for (auto& d : devices_) infos.push_back(&d->info);
  hostcall_ = std::make_unique<HostcallService>(api_, std::move(infos));
  images_ = HsaImages::create(
      *this, api_, {[this](int device) { return devices_[device]->info.agent; }});
  pools_.captureWith(&graphs_);  // hipMallocAsync/hipFreeAsync in a capture become graph nodes
  graphs_.setCompiler(&graphCompiler_);  // executable graphs as pre-built AQL packets
  graphs_.setBlockingQuery([](NativeStream s) {
    return (static_cast<HsaStream*>(s)->flags & hipStreamNonBlocking) == 0;
  });
  for (auto& d : devices_) {
    const hipDeviceProp_t& p = d->info.properties;
    d->caps.cooperativeLaunch = p.cooperativeLaunch != 0;
    d->caps.managedMemory = p.managedMemory != 0;
    d->caps.graphs = true;
    d->caps.memoryPools = true;
    d->caps.images = images_ != nullptr;
  }
}

HsaBackend::~HsaBackend() {
  graphs_.releaseAll();  // while the devices are up
  if (images_) images_->releaseAll();
  pools_.releaseAll();
  pools_.releaseShared();
  for (auto& d : devices_) {
    for (auto& s : d->streams) destroyStream(std::move(s));
    for (auto& s : d->perThread) destroyStream(std::move(s));
    destroyStream(std::move(d->nullStream));
    destroyStream(std::move(d->cooperativeStream));
    hsa::unloadModule(api_, std::move(d->fill.module));
  }
  hostcall_.reset();  // after the streams drained: a waiting kernel's printf is answered
  for (auto& d : devices_)
    if (uint64_t heap = d->heap.load()) api_.hsa_amd_memory_pool_free(reinterpret_cast<void*>(heap));
  if (multiGridCounter_ != nullptr) api_.hsa_amd_memory_pool_free(multiGridCounter_);
  graphCompiler_.releaseAll();  // executable graphs' kernargs still read at their destruction
  devices_.clear();  // signal pools destroy their signals before ROCr shuts down
  api_.hsa_shut_down();
}

Status HsaBackend::attribute(int device, hipDeviceAttribute_t attr, int* value) {
  const hipDeviceProp_t& p = devices_[device]->info.properties;
  switch (attr) {
    case hipDeviceAttributeWallClockRate: {
      *value = static_cast<int>(devices_[device]->info.timestampFrequency / 1000);
      return kOk;
    }
    case hipDeviceAttributePhysicalMultiProcessorCount: *value = p.multiProcessorCount; return kOk;
    case hipDeviceAttributeFineGrainSupport: *value = 1; return kOk;
    // AMD's rule: images need ROCr's image extension and an agent that reports image limits.
    case hipDeviceAttributeImageSupport:
      *value = images_ != nullptr && p.maxTexture2D[0] > 0 ? 1 : 0;
      return kOk;
    case hipDeviceAttributeCanUseStreamWaitValue: *value = 1; return kOk;  // hsa_stream_ext.cpp
    default: return hipErrorNotSupported;
  }
}

Status HsaBackend::driverVersion(int* version) {
  uint16_t major = 0, minor = 0;
  UNIHIP_HSA_TRY(api_, hsa_system_get_info(HSA_SYSTEM_INFO_VERSION_MAJOR, &major));
  UNIHIP_HSA_TRY(api_, hsa_system_get_info(HSA_SYSTEM_INFO_VERSION_MINOR, &minor));
  *version = major * 1000 + minor * 10;  // HSA runtime API version, CUDA-style encoding
  return kOk;
}

// The usual launch (a named stream, a plain kernel without a dynamic stack) is a tail call;
// everything else goes through launchGeneral. Capture was the seam's, before this.
UNIHIP_HOT_TEXT Status HsaBackend::launchImpl(int device, NativeFunction function,
                                          const LaunchConfig& config, void** args) {
  const auto* f = static_cast<const HsaFunction*>(function);
  const KernelInfo& k = *f->info;
  if (config.stream == nullptr || !k.plainLaunch || k.usesDynamicStack)
      [[unlikely]]
    return launchGeneral(device, function, config, args);
  return submitPlainKernel(*static_cast<HsaStream*>(config.stream), k, f->kernelObject, config, 0,
                           args);
}

UNIHIP_HOT_TEXT Status HsaBackend::launchGeneral(int device, NativeFunction function,
                                                 const LaunchConfig& config, void** args) {
  const auto* f = static_cast<const HsaFunction*>(function);
  HsaStream* s = nullptr;
  UNIHIP_TRY(resolve(device, config.stream, &s));
  const KernelInfo& k = *f->info;
  if (k.plainLaunch) {  // launchContext's context without device services
    const uint32_t minPrivate =
        k.usesDynamicStack ? static_cast<uint32_t>(devices_[device]->stackSize.load()) : 0;
    return submitPlainKernel(*s, k, f->kernelObject, config, minPrivate, args);
  }
  KernargContext ctx;
  DispatchExtras extras;
  UNIHIP_TRY(launchContext(device, *f, config, *s, &ctx, &extras));
  return submitKernel(*s, k, f->kernelObject, ctx, args, extras);
}

Status HsaBackend::vendorStreamHandle(int device, NativeStream stream, void** handle) {
  HsaStream* s = nullptr;
  UNIHIP_TRY(resolve(device, stream, &s));
  *handle = s->queue;
  return kOk;
}

Status HsaBackend::vendorContextHandle(int device, void** handle) {
  *handle = reinterpret_cast<void*>(static_cast<uintptr_t>(devices_[device]->info.agent.handle));
  return kOk;
}

// The packed buffer holds the explicit arguments at their metadata offsets: point at each.
Status HsaBackend::launchPackedImpl(int device, NativeFunction function, const LaunchConfig& config,
                                const void* buffer, size_t bytes) {
  const auto* f = static_cast<const HsaFunction*>(function);
  const KernelInfo& info = *f->info;
  std::vector<void*> args(info.explicitArgCount);
  for (uint32_t i = 0; i < info.explicitArgCount; ++i) {
    const KernelArg& a = info.args[i];
    if (a.offset > bytes || a.size > bytes - a.offset) return hipErrorInvalidValue;
    args[i] = const_cast<char*>(static_cast<const char*>(buffer)) + a.offset;
  }
  return launch(device, function, config, args.data());
}

Status HsaBackend::kernelParamLayout(int, NativeFunction function,
                                     std::vector<KernelParamSlot>* slots) {
  const KernelInfo& info = *static_cast<const HsaFunction*>(function)->info;
  slots->clear();
  for (uint32_t i = 0; i < info.explicitArgCount; ++i)
    slots->push_back({info.args[i].offset, info.args[i].size});
  return kOk;
}

Status HsaBackend::resolveDefault(int device, HsaStream** out) {
  HsaDeviceState& d = *devices_[device];
  if (HsaStream* fast = d.nullStreamFast.load(std::memory_order_acquire)) {
    *out = fast;
    return kOk;
  }
  std::lock_guard lock(d.mutex);
  if (!d.nullStream) {
    UNIHIP_TRY(createStream(api_, d.pool, d.info, 0, 0, &d.nullStream));
    d.nullStreamFast.store(d.nullStream.get(), std::memory_order_release);
  }
  *out = d.nullStream.get();
  return kOk;
}

Status HsaBackend::streamCreate(int device, unsigned int hipFlags, int priority,
                                NativeStream* stream) {
  HsaDeviceState& d = *devices_[device];
  std::unique_ptr<HsaStream> s;
  UNIHIP_TRY(createStream(api_, d.pool, d.info, hipFlags, priority, &s));
  *stream = s.get();
  std::lock_guard lock(d.mutex);
  d.streams.push_back(std::move(s));
  return kOk;
}

Status HsaBackend::streamDestroy(int device, NativeStream stream) {
  graphs_.streamGone(stream);
  HsaDeviceState& d = *devices_[device];
  std::unique_ptr<HsaStream> owned;
  {
    std::lock_guard lock(d.mutex);
    auto it = std::find_if(d.streams.begin(), d.streams.end(),
                           [&](const auto& s) { return s.get() == stream; });
    if (it == d.streams.end()) return hipErrorInvalidHandle;
    owned = std::move(*it);
    d.streams.erase(it);
  }
  destroyStream(std::move(owned));
  return kOk;
}

UNIHIP_HOT_TEXT Status HsaBackend::streamSynchronizeImpl(int device, NativeStream stream) {
  HsaStream* s = nullptr;
  UNIHIP_TRY(resolve(device, stream, &s));
  return synchronizeStream(*s, false);
}

Status HsaBackend::streamQueryImpl(int device, NativeStream stream) {
  HsaStream* s = nullptr;
  UNIHIP_TRY(resolve(device, stream, &s));
  return streamIdle(*s) ? kOk : Status(hipErrorNotReady);
}

Status HsaBackend::streamWaitEventImpl(int device, NativeStream stream, NativeEvent event) {
  HsaStream* s = nullptr;
  UNIHIP_TRY(resolve(device, stream, &s));
  auto* e = static_cast<HsaEvent*>(event);
  if (e->flags & hipEventInterprocess) return ipcStreamWait(device, stream, *e);
  SignalPool::Entry* dependency = retainLatest(*e);
  if (dependency == nullptr) return kOk;  // never recorded: nothing to wait for
  Status st = kOk;
  if (api_.hsa_signal_load_scacquire(dependency->signal) != 0) {
    SignalPool::Entry* done = nullptr;
    st = s->pool->acquire(1, &done);
    if (st.ok()) {
      uint64_t index = 0;
      st = submitBarrier(*s, {&dependency->signal, 1}, done->signal, &index);
      if (st.ok()) {
        // Not reused before this barrier has run: `done` keeps our reference until it is reused.
        SignalPool::hold(done, dependency);
        dependency = nullptr;
        setLastMarker(*s, done, index);
      } else {
        api_.hsa_signal_store_relaxed(done->signal, 0);
      }
      SignalPool::release(done);
    }
  }
  if (dependency != nullptr) SignalPool::release(dependency);
  return st;
}

namespace {
// A host function waiting in a queue: ROCr's async-handler thread runs it once `reached` drops
// to 0, then opens `returned`, the dependency of the barrier that holds back later packets.
struct HostCall {
  void (*fn)(void*);
  void* userData;
  SignalPool* pool;
  void (*store)(hsa_signal_t, hsa_signal_value_t);
  hsa_signal_t reached, returned;
};

bool runHostCall(hsa_signal_value_t, void* arg) {
  auto* c = static_cast<HostCall*>(arg);
  c->fn(c->userData);
  // Release first: once `returned` is 0 a synchronize may return and the backend (pool
  // included) be destroyed, so storing 0 is the last thing this thread touches.
  c->pool->release(c->reached);
  c->pool->release(c->returned);
  const auto store = c->store;
  const hsa_signal_t returned = c->returned;
  delete c;
  store(returned, 0);
  return false;  // one call per registration
}
}  // namespace

Status HsaBackend::launchHostFuncImpl(int device, NativeStream stream, void (*fn)(void*),
                                  void* userData) {
  if (api_.hsa_amd_signal_async_handler == nullptr) {
    UNIHIP_LOG_WARN("hsa: this ROCr lacks hsa_amd_signal_async_handler; no host callbacks");
    return hipErrorNotSupported;
  }
  HsaStream* s = nullptr;
  UNIHIP_TRY(resolve(device, stream, &s));
  SignalPool& pool = devices_[device]->pool;
  hsa_signal_t reached{0}, returned{0}, after{0};
  Status st = pool.acquire(1, &reached);
  if (st.ok()) st = pool.acquire(1, &returned);
  if (st.ok()) st = pool.acquire(1, &after);
  bool queued = false;
  if (st.ok()) {
    uint64_t index = 0;
    st = submitBarrier(*s, {}, reached);  // completes after all earlier packets (barrier bit)
    if (st.ok()) st = submitBarrier(*s, {&returned, 1}, after, &index);
    if (st.ok()) {
      queued = true;
      pool.addGuard(returned, after);
      setLastMarker(*s, after, index);
    }
  }
  if (queued) {
    auto* call = new HostCall{fn, userData, &pool, api_.hsa_signal_store_screlease, reached,
                              returned};
    st = checkHsa(api_,
                  api_.hsa_amd_signal_async_handler(reached, HSA_SIGNAL_CONDITION_EQ, 0,
                                                    runHostCall, call),
                  "hsa_amd_signal_async_handler");
    if (st.ok()) {
      pool.release(after);  // the handler now owns reached and returned
      return kOk;
    }
    delete call;
    api_.hsa_signal_store_screlease(returned, 0);  // unblock the queue; fn is never called
  }
  for (hsa_signal_t sig : {reached, returned, after})
    if (sig.handle) pool.release(sig);
  return st;
}

Status HsaBackend::streamPriorityRange(int, int* least, int* greatest) {
  *least = 0;  // queue priorities are not mapped yet: every stream gets ROCr's default
  *greatest = 0;
  return kOk;
}

NativeStream HsaBackend::perThreadStream(int device) {
  thread_local std::unordered_map<uint64_t, std::vector<HsaStream*>> t_streams;
  std::vector<HsaStream*>& mine = t_streams[instance_];
  if (mine.size() < devices_.size()) mine.resize(devices_.size(), nullptr);
  if (mine[device] == nullptr) {
    HsaDeviceState& d = *devices_[device];
    std::unique_ptr<HsaStream> s;
    if (!createStream(api_, d.pool, d.info, 0, 0, &s).ok()) return nullptr;  // legacy stream
    mine[device] = s.get();
    std::lock_guard lock(d.mutex);
    d.perThread.push_back(std::move(s));  // lives until the backend goes
  }
  return mine[device];
}

Status HsaBackend::eventCreate(int, unsigned int hipFlags, NativeEvent* event) {
  auto* e = new HsaEvent;
  e->flags = hipFlags;
  *event = e;
  return kOk;
}

Status HsaBackend::eventDestroy(int device, NativeEvent event) {
  graphs_.eventGone(event);
  auto* e = static_cast<HsaEvent*>(event);
  (void)device;
  graphCompiler_.eventGone(e);  // graph nodes naming it forget it
  if (const uintptr_t latest = e->latest.exchange(0)) releaseRecord(*e, latest);
  if (SignalPool::Entry* guard = e->waitGuard.load()) SignalPool::release(guard);
  closeIpcEventSegment(api_, std::move(e->ipc));
  delete e;
  return kOk;
}

// Lock-free once warm: a pool signal, a barrier, the stream's last marker and the event's state
// swapped atomically (concurrent records on several streams: the last swap wins).
Status HsaBackend::eventRecordImpl(int device, NativeEvent event, NativeStream stream) {
  HsaStream* s = nullptr;
  UNIHIP_TRY(resolve(device, stream, &s));
  auto* e = static_cast<HsaEvent*>(event);
  if (e->flags & hipEventInterprocess) return ipcRecord(device, *e, stream);
  SignalPool::Entry* signal = nullptr;
  UNIHIP_TRY(s->pool->acquire(1, &signal));
  uint64_t index = 0;
  if (Status st = submitBarrier(*s, {}, signal->signal, &index); !st.ok()) {
    api_.hsa_signal_store_relaxed(signal->signal, 0);
    SignalPool::release(signal);
    return st;
  }
  setLastMarker(*s, signal, index);
  // The event takes our reference.
  if (const uintptr_t previous = e->latest.exchange(reinterpret_cast<uintptr_t>(signal),
                                                    std::memory_order_acq_rel))
    releaseRecord(*e, previous);
  return kOk;
}

void HsaBackend::releaseRecord(HsaEvent& e, uintptr_t latest) {
  if (latest & HsaEvent::kGraphRecord) return;  // the graph's program holds that one
  SignalPool::Entry* record = recordEntry(latest);
  if (SignalPool::Entry* guard = e.waitGuard.load(std::memory_order_acquire))
    record->pool->addGuard(record, guard->signal);
  SignalPool::release(record);
}

Status HsaBackend::eventSynchronize(int, NativeEvent event) {
  auto* e = static_cast<HsaEvent*>(event);
  if (e->flags & hipEventInterprocess) return ipcSynchronize(*e);
  SignalPool::Entry* record = retainLatest(*e);
  if (record == nullptr) return kOk;
  api_.hsa_signal_wait_scacquire(record->signal, HSA_SIGNAL_CONDITION_EQ, 0, UINT64_MAX,
                                 (e->flags & hipEventBlockingSync) ? HSA_WAIT_STATE_BLOCKED
                                                                   : HSA_WAIT_STATE_ACTIVE);
  SignalPool::release(record);
  return kOk;
}

Status HsaBackend::eventQuery(int, NativeEvent event) {
  auto* e = static_cast<HsaEvent*>(event);
  if (e->flags & hipEventInterprocess) return ipcQuery(*e);
  SignalPool::Entry* record = retainLatest(*e);
  if (record == nullptr) return kOk;
  const bool done = api_.hsa_signal_load_scacquire(record->signal) == 0;
  SignalPool::release(record);
  return done ? kOk : Status(hipErrorNotReady);
}

Status HsaBackend::eventElapsedTime(int device, NativeEvent start, NativeEvent stop, float* ms) {
  auto* a = static_cast<HsaEvent*>(start);
  auto* b = static_cast<HsaEvent*>(stop);
  if ((a->flags | b->flags) & hipEventDisableTiming) return hipErrorInvalidHandle;
  const AgentInfo& info = devices_[device]->info;
  uint64_t ends[2];
  HsaEvent* events[2] = {a, b};
  for (int i = 0; i < 2; ++i) {
    SignalPool::Entry* record = retainLatest(*events[i]);
    if (record == nullptr) return hipErrorInvalidHandle;  // never recorded
    Status st = kOk;
    hsa_amd_profiling_dispatch_time_t t{};
    if (api_.hsa_signal_load_scacquire(record->signal) != 0)
      st = hipErrorNotReady;
    else
      st = checkHsa(api_, api_.hsa_amd_profiling_get_dispatch_time(info.agent, record->signal, &t),
                    "hsa_amd_profiling_get_dispatch_time");
    SignalPool::release(record);
    UNIHIP_TRY(st);
    ends[i] = t.end;
  }
  if (info.timestampFrequency == 0) return hipErrorNotSupported;
  const double ticks = static_cast<double>(static_cast<int64_t>(ends[1] - ends[0]));
  *ms = static_cast<float>(ticks * 1000.0 / static_cast<double>(info.timestampFrequency));
  return kOk;
}

Status HsaBackend::deviceSynchronizeImpl(int device) {
  HsaDeviceState& d = *devices_[device];
  std::vector<HsaStream*> all;
  {
    std::lock_guard lock(d.mutex);
    if (d.nullStream) all.push_back(d.nullStream.get());
    for (auto& s : d.streams) all.push_back(s.get());
    for (auto& s : d.perThread) all.push_back(s.get());
  }
  for (HsaStream* s : all) UNIHIP_TRY(synchronizeStream(*s, false));
  return kOk;
}

Status HsaBackend::deviceReset(int device) {
  UNIHIP_TRY(deviceSynchronize(device));
  HsaDeviceState& d = *devices_[device];
  std::lock_guard lock(d.mutex);
  // The API layer has already invalidated the user's stream handles of this device; per-thread
  // streams stay (threads keep pointers to them) and are idle after the synchronize.
  for (auto& s : d.streams) destroyStream(std::move(s));
  d.streams.clear();
  d.nullStreamFast.store(nullptr, std::memory_order_release);
  destroyStream(std::move(d.nullStream));
  return kOk;
}

}  // namespace hsa
}  // namespace unihip
