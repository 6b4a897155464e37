// The HSA/AQL backend: backends/backend.h implemented on ROCr for AMD GPUs.
//
// Per device: the agent's discovery record, a signal pool, the legacy default stream (created on
// first use), user and per-thread streams, the built-in fill kernels (loaded on first memset).
// Launch, async-copy, event-record and stream-wait paths: no lock, and no allocation once warm
// (hsa_stream.h, copy_ring.h, signal_pool.h).
#pragma once

#include <atomic>
#include <memory>
#include <mutex>
#include <unordered_set>
#include <vector>

#include "backend.h"
#include "generic/graphs/generic_graphs.h"
#include "generic/memory_pools.h"
#include "fill_kernels.h"
#include "hsa_discovery.h"
#include "hsa_graph_exec.h"
#include "hsa_hostcall.h"
#include "hsa_images.h"
#include "hsa_ipc_event.h"
#include "hsa_loader.h"
#include "hsa_managed.h"
#include "hsa_memory_pools.h"
#include "hsa_module.h"
#include "hsa_stream.h"
#include "occupancy.h"
#include "signal_pool.h"

namespace unihip::hsa {

// An event's state is one word, `latest`: its latest record's pool entry, which the event holds a
// reference to, or a graph's record (kGraphRecord set: the graph's program holds the reference
// and hands it over when it goes, hsa_graph_exec.h). Records, waits and queries swap and read it
// without a lock (event record and stream wait are hot paths); the previous record is released
// by whoever swapped it out, and readers take a reference only while the event still names it.
struct HsaEvent {
  static constexpr uintptr_t kGraphRecord = 1;
  unsigned flags = 0;
  std::atomic<uintptr_t> latest{0};  // 0 = never recorded
  std::mutex mutex;  // ipc and waitGuard creation (not records, waits or queries)
  // hipEventInterprocess: the shared segment, made at the first record or handle (under mutex).
  std::unique_ptr<IpcEventSegment> ipc;
  // Graph event wait nodes on this event count their barriers not yet passed here; every signal
  // the event gives up stays unused while it reads non-zero (a barrier may still read it).
  // Made at the first compile of such a node (under mutex), released with the event.
  std::atomic<SignalPool::Entry*> waitGuard{nullptr};
};

inline SignalPool::Entry* recordEntry(uintptr_t latest) {
  return reinterpret_cast<SignalPool::Entry*>(latest & ~HsaEvent::kGraphRecord);
}

// The event's latest record with a reference taken (release it), null when never recorded.
inline SignalPool::Entry* retainLatest(const HsaEvent& e) {
  for (;;) {
    const uintptr_t v = e.latest.load(std::memory_order_acquire);
    if (v == 0) return nullptr;
    SignalPool::Entry* r = recordEntry(v);
    // A reference taken while the entry was referenced, and the event still naming it after:
    // it is the event's (an entry is recycled only once unreferenced).
    if (SignalPool::retainIfReferenced(r)) {
      if (e.latest.load(std::memory_order_acquire) == v) return r;
      SignalPool::release(r);
    }
  }
}

// AMD's runtime's defaults for hipDeviceGetLimit (CLR device.hpp: stack_size_, and
// HIP_INITIAL_DM_SIZE for the heap).
inline constexpr size_t kDefaultStackSize = 1024;
inline constexpr size_t kDefaultHeapSize = size_t{8} << 20;

struct HsaDeviceState {
  explicit HsaDeviceState(const HsaApi& api, AgentInfo agent)
      : info(std::move(agent)), pool(api) {}
  AgentInfo info;
  SignalPool pool;
  std::mutex mutex;  // streams, nullStream creation
  std::unique_ptr<HsaStream> nullStream;
  std::atomic<HsaStream*> nullStreamFast{nullptr};  // lock-free read of nullStream once made
  std::vector<std::unique_ptr<HsaStream>> streams;     // user streams
  std::vector<std::unique_ptr<HsaStream>> perThread;   // hipStreamPerThread, one per thread
  std::once_flag fillOnce;
  Status fillStatus;
  FillKernels fill;
  std::atomic<size_t> allocatedBytes{0};
  // Execution family (hsa_execution.cpp).
  OccupancyDevice occupancy;
  std::atomic<size_t> stackSize{kDefaultStackSize};  // hipLimitStackSize: scratch per work-item
  std::atomic<size_t> heapSize{kDefaultHeapSize};    // hipLimitMallocHeapSize (recorded; see setLimit)
  std::mutex cooperativeMutex;  // one cooperative launch at a time: guards cooperativeStream
  std::unique_ptr<HsaStream> cooperativeStream;  // the GWS queue, created on first use
  // Device malloc's heap (hidden_heap_v1), zeroed once, created at the first launch that asks.
  std::mutex heapMutex;
  std::atomic<uint64_t> heap{0};
  // Peer access (hsa_peer_access.cpp): the devices that enabled access to this device's memory,
  // and its live hipMalloc allocations, each made reachable from all of them.
  std::mutex peerMutex;
  std::vector<int> peerAccessors;
  std::unordered_set<void*> deviceAllocations;
  DeviceCapabilities caps;  // filled once by HsaBackend's constructor
};

class HsaBackend final : public Backend {
 public:
  HsaBackend(HsaApi api, std::vector<AgentInfo> agents);
  ~HsaBackend() override;

  const char* name() const override { return "hsa"; }
  // Stream-ordered pools: unihip's own over device memory and signals (ROCr has none); IPC memory
  // and events, pool sharing, external memory and virtual memory (ROCm >= 6) through ROCr;
  // external semaphores: not supported (hsa_memory_pools.h, docs/design/amd-ipc.md).
  MemoryPoolOps* memoryPools() override { return &pools_; }
  // Graphs and stream capture: unihip's generic graphs (generic/graphs/generic_graphs.h;
  // ROCr has none), launched as AQL packets built at instantiation (hsa_graph_exec.h) or
  // replayed through this backend's enqueue path. Every enqueueing primitive below asks them
  // first whether its stream captures.
  GraphOps* graphs() override { return &graphs_; }
  // Arrays, texture and surface objects through ROCr's image extension (hsa_images.h); null
  // without it.
  ImageOps* images() override { return images_.get(); }
  int deviceCount() const override { return static_cast<int>(devices_.size()); }
  const hipDeviceProp_t& properties(int device) const override {
    return devices_[device]->info.properties;
  }
  // No pitched or batch copies and no batch memory operations of its own: the generic paths.
  const DeviceCapabilities& capabilities(int device) const override {
    return devices_[device]->caps;
  }
  Status attribute(int device, hipDeviceAttribute_t attr, int* value) override;
  Status driverVersion(int* version) override;

  Status selectImage(int device, std::span<const BundleEntry> entries, size_t* index) override;
  Status loadModule(int device, const BundleEntry& image, NativeModule* module) override;
  Status unloadModule(int device, NativeModule module) override;
  Status getFunction(int device, NativeModule module, const char* name,
                     NativeFunction* function) override;
  Status moduleFunctionNames(int device, NativeModule module,
                             std::vector<std::string>* names) override;
  Status getGlobal(int device, NativeModule module, const char* name, void** address,
                   size_t* size) override;
  Status functionMaxThreadsPerBlock(int device, NativeFunction function, int* value) override;
  Status functionAttribute(int device, NativeFunction function, int attribute,
                           int* value) override;
  Status setFunctionAttribute(int device, NativeFunction function, int attribute,
                              int value) override;
  Status launchImpl(int device, NativeFunction function, const LaunchConfig& config,
                void** args) override;
  // The stream's hsa_queue_t*; events have no single ROCr handle (NotSupported); the context
  // is the agent (hsa_agent_t.handle).
  Status vendorStreamHandle(int device, NativeStream stream, void** handle) override;
  Status vendorEventHandle(int, NativeEvent, void**) override { return hipErrorNotSupported; }
  Status vendorContextHandle(int device, void** handle) override;
  Status launchPackedImpl(int device, NativeFunction function, const LaunchConfig& config,
                      const void* buffer, size_t bytes) override;
  // Execution family (hsa_execution.cpp): occupancy from the code object's metadata
  // (occupancy.h), cooperative launches on a GWS queue, the stack and heap limits. AMD GPUs
  // have no thread-block clusters before gfx1250, which ROCr 5.2 does not know:
  // unihip-coverage: not-supported hipOccupancyMaxPotentialClusterSize hipOccupancyMaxActiveClusters
  // No execution contexts family (Backend::executionContexts() is null): CU masks could back
  // the SM groups, not yet done.
  // unihip-coverage: not-supported hipDeviceGetDevResource hipDevSmResourceSplitByCount hipDevSmResourceSplit hipDevResourceGenerateDesc
  // unihip-coverage: not-supported hipGreenCtxCreate hipDeviceGetExecutionCtx hipExecutionCtxDestroy hipExecutionCtxStreamCreate
  // unihip-coverage: not-supported hipExecutionCtxGetDevResource hipExecutionCtxGetDevice hipExecutionCtxGetId hipExecutionCtxRecordEvent
  // unihip-coverage: not-supported hipExecutionCtxWaitEvent hipExecutionCtxSynchronize hipStreamGetDevResource
  Status occupancyMaxActiveBlocks(int device, NativeFunction function, int blockSize,
                                  size_t dynamicShared, unsigned int flags,
                                  int* numBlocks) override;
  Status occupancyMaxPotentialBlockSize(int device, NativeFunction function,
                                        size_t dynamicShared, int blockSizeLimit,
                                        unsigned int flags, int* gridSize,
                                        int* blockSize) override;
  Status launchCooperative(int device, NativeFunction function, const LaunchConfig& config,
                           void** args) override;
  Status launchCooperativeGrid(int device, NativeFunction function, const LaunchConfig& config,
                               void** args, const CooperativeGrid& grid) override;
  Status getLimit(int device, hipLimit_t limit, size_t* value) override;
  Status setLimit(int device, hipLimit_t limit, size_t value) override;
  Status kernelParamLayout(int device, NativeFunction function,
                           std::vector<KernelParamSlot>* slots) override;

  Status mallocImpl(int device, size_t size, void** ptr) override;
  Status free(int device, void* ptr) override;
  Status hostMallocImpl(int device, size_t size, unsigned int hipFlags, void** ptr) override;
  Status hostFree(int device, void* ptr) override;
  Status memcpyImpl(int device, void* dst, const void* src, size_t size, CopyDirection dir) override;
  Status memcpyAsyncImpl(int device, void* dst, const void* src, size_t size, CopyDirection dir,
                     NativeStream stream) override;
  Status memsetImpl(int device, void* dst, uint8_t value, size_t size) override;
  Status memsetAsyncImpl(int device, void* dst, uint8_t value, size_t size,
                     NativeStream stream) override;
  Status memsetD32AsyncImpl(int device, void* dst, uint32_t value, size_t count,
                        NativeStream stream) override;
  Status memGetInfo(int device, size_t* free, size_t* total) override;
  // Memory family (hsa_memory.cpp).
  Status memsetD16AsyncImpl(int device, void* dst, uint16_t value, size_t count,
                        NativeStream stream) override;
  Status memGetAddressRange(int device, const void* ptr, void** base, size_t* size) override;
  Status canAccessPeer(int device, int peer, int* value) override;
  Status p2pAttribute(int src, int dst, hipDeviceP2PAttr attr, int* value) override;
  Status linkTypeAndHopCount(int device1, int device2, uint32_t* linkType,
                             uint32_t* hopCount) override;
  // Peer access (hsa_peer_access.cpp): hsa_amd_agents_allow_access on the peer's allocations.
  Status enablePeerAccess(int device, int peer) override;
  Status disablePeerAccess(int device, int peer) override;
  // Unified memory family (hsa_unified_memory.cpp).
  Status mallocManagedImpl(int device, size_t size, unsigned int hipFlags, void** ptr) override;
  Status freeManaged(int device, void* ptr) override;
  Status prefetchImpl(int device, const void* ptr, size_t count, int target,
                  NativeStream stream) override;
  Status advise(int device, const void* ptr, size_t count, int advice, int target) override;
  Status rangeAttribute(int device, void* data, size_t dataSize, int attribute, const void* ptr,
                        size_t count) override;
  Status streamAttachMemory(int device, NativeStream stream, void* ptr, size_t length,
                            unsigned int flags) override;
  Status hostRegister(int device, void* ptr, size_t size, unsigned int hipFlags,
                      void** devicePointer) override;
  Status hostUnregister(int device, void* ptr) override;

  Status streamCreate(int device, unsigned int hipFlags, int priority,
                      NativeStream* stream) override;
  Status streamDestroy(int device, NativeStream stream) override;
  Status streamSynchronizeImpl(int device, NativeStream stream) override;
  Status streamQueryImpl(int device, NativeStream stream) override;
  Status streamWaitEventImpl(int device, NativeStream stream, NativeEvent event) override;
  Status launchHostFuncImpl(int device, NativeStream stream, void (*fn)(void*),
                        void* userData) override;
  Status streamPriorityRange(int device, int* least, int* greatest) override;
  NativeStream perThreadStream(int device) override;
  // Stream extensions (hsa_stream_ext.cpp).
  Status streamSetCuMask(int device, NativeStream stream, const uint32_t* mask,
                         uint32_t words) override;
  Status streamGetCuMask(int device, NativeStream stream, uint32_t* mask,
                         uint32_t words) override;
  Status streamWaitValue(int device, NativeStream stream, void* ptr, uint64_t value,
                         uint64_t mask, unsigned int flags, bool is64) override;
  Status streamWriteValue(int device, NativeStream stream, void* ptr, uint64_t value,
                          bool is64) override;

  Status eventCreate(int device, unsigned int hipFlags, NativeEvent* event) override;
  Status eventDestroy(int device, NativeEvent event) override;
  Status eventRecordImpl(int device, NativeEvent event, NativeStream stream) override;
  Status eventSynchronize(int device, NativeEvent event) override;
  Status eventQuery(int device, NativeEvent event) override;
  Status eventElapsedTime(int device, NativeEvent start, NativeEvent stop, float* ms) override;

  Status deviceSynchronizeImpl(int device) override;
  Status deviceReset(int device) override;
  // No tracer of our own to toggle (AMD's runtime toggles its rocprofiler hooks).
  // unihip-coverage: not-supported hipProfilerStart hipProfilerStop

 private:
  friend class HsaGraphProgram;  // builds and launches packets as launch() does
  // Gives up `latest`, an event's former state (a record it owns), guarded by the event's graph
  // waits.
  static void releaseRecord(HsaEvent& e, uintptr_t latest);
  // The stream a NativeStream names (null: the legacy default stream, created on first use).
  // Inline: a named stream is a cast on the launch and copy paths.
  Status resolve(int device, NativeStream stream, HsaStream** out) {
    if (stream != nullptr) [[likely]] {
      *out = static_cast<HsaStream*>(stream);
      return kOk;
    }
    return resolveDefault(device, out);
  }
  Status resolveDefault(int device, HsaStream** out);
  [[gnu::noinline]] Status launchGeneral(int device, NativeFunction function,
                                         const LaunchConfig& config, void** args);
  // A kernel launch's hidden-argument context and dispatch extras (launch and graph packets);
  // inline: it is on the launch path.
  [[gnu::always_inline]] Status launchContext(int device, const HsaFunction& f, const LaunchConfig& config,
                       HsaStream& s, KernargContext* ctx, DispatchExtras* extras);
  Status fillKernels(int device, FillKernels** out);
  Status fill(int device, void* dst, uint32_t value, size_t count, bool words, NativeStream stream);
  // One work-item of a built-in kernel on the stream (stream memory operations).
  Status builtinTask(int device, NativeStream stream, HsaFunction* kernel, void** args);
  Status copyOnStream(HsaDeviceState& d, HsaStream& s, void* dst, const void* src, size_t size);
  // The first link from `device`'s agent to `peer`'s device memory; hipErrorNotSupported when
  // ROCr lacks the query or reports no path.
  Status peerLink(int device, int peer, hsa_amd_memory_pool_link_info_t* link, uint32_t* hops);
  // A new hipMalloc allocation of `device`: recorded, and reachable from its peers (peer access).
  Status trackDeviceAllocation(int device, void* ptr);
  void untrackDeviceAllocation(int device, void* ptr);
  // Managed memory (hsa_unified_memory.cpp): SVM support, asked once; SVM advice and queries.
  bool svmSupported();
  hsa_agent_t locationAgent(int device, int location) const;
  int agentLocation(uint64_t agentHandle) const;
  Status svmRangeAttribute(void* data, size_t dataSize, int attribute, const void* ptr,
                           size_t count);
  Status recordedRangeAttribute(void* data, size_t dataSize, int attribute, const void* ptr,
                                size_t count);
  // The device's cooperative stream, created on first use; call with cooperativeMutex held.
  Status cooperativeStream(int device, HsaStream** out);
  // Device services of kernels that ask for them (hsa_device_services.cpp): the hostcall
  // buffer and the device heap into `ctx`. Call only when kernel.needsHostcall/needsHeap.
  Status deviceServices(int device, const KernelInfo& kernel, HsaStream& stream,
                        KernargContext* ctx);
  Status deviceHeap(int device, HsaStream& stream, uint64_t* address);
  // The multi-grid barrier's counter, one per process as in CLR; 0 when it cannot be allocated.
  Status multiGridCounter(uint64_t* address);
  // Inter-process events (hsa_backend_ipc_event.cpp): the segment of `e`, made on first use
  // (call with e.mutex held); record, query, synchronize and stream wait of an interprocess event.
  Status ipcSegment(int device, HsaEvent& e);
  Status ipcEventHandle(int device, NativeEvent event, hipIpcEventHandle_t* handle);
  Status ipcOpenEvent(int device, const hipIpcEventHandle_t& handle, NativeEvent* event);
  Status ipcRecord(int device, HsaEvent& e, NativeStream stream);
  Status ipcQuery(HsaEvent& e);
  Status ipcSynchronize(HsaEvent& e);
  Status ipcStreamWait(int device, NativeStream stream, HsaEvent& e);

  HsaApi api_;
  uint64_t instance_;  // distinguishes backends for the thread-local per-thread stream table
  std::vector<std::unique_ptr<HsaDeviceState>> devices_;
  CodeObjectCache codeObjects_;
  HsaMemoryPools pools_{
      *this, api_,
      HsaPoolHooks{[this](int device) { return devices_[device]->info.agent; },
                   [this](int device) { return deviceSynchronize(device); },
                   [this](int device, NativeEvent e, hipIpcEventHandle_t* h) {
                     return ipcEventHandle(device, e, h);
                   },
                   [this](int device, const hipIpcEventHandle_t& h, NativeEvent* e) {
                     return ipcOpenEvent(device, h, e);
                   },
                   [this](int device) { return &devices_[device]->info; }}};
  std::mutex multiGridMutex_;
  void* multiGridCounter_ = nullptr;  // fine-grained host memory, {u32, u32} zeroed
  HsaGraphCompiler graphCompiler_{*this, api_};
  GenericGraphs graphs_{*this};
  std::unique_ptr<HostcallService> hostcall_;  // printf and malloc of device code
  std::unique_ptr<HsaImages> images_;
  HsaManaged managed_;

 public:
  HostcallService& hostcall() { return *hostcall_; }  // tests
};

inline Status HsaBackend::launchContext(int device, const HsaFunction& f,
                                        const LaunchConfig& config,
                                        HsaStream& s, KernargContext* ctx,
                                        DispatchExtras* extras) {
  ctx->gridBlocks[0] = config.grid.x, ctx->gridBlocks[1] = config.grid.y, ctx->gridBlocks[2] = config.grid.z;
  ctx->blockSize[0] = config.block.x, ctx->blockSize[1] = config.block.y, ctx->blockSize[2] = config.block.z;
  ctx->dynamicSharedBytes = config.sharedMemBytes;
  ctx->queuePtr = reinterpret_cast<uint64_t>(s.queue);
  if (f.info->needsHostcall || f.info->needsHeap)
    UNIHIP_TRY(deviceServices(device, *f.info, s, ctx));
  // A dynamic call stack gets the hipLimitStackSize of scratch per work-item, at least.
  if (f.info->usesDynamicStack)
    extras->minPrivateSegmentBytes = static_cast<uint32_t>(
        devices_[device]->stackSize.load(std::memory_order_relaxed));
  return kOk;
}

}  // namespace unihip::hsa
