// A backend with no hardware behind it: devices with fixed properties, host-memory "device"
// allocations, and a log of launches. Lets the API layer's validation, bookkeeping and error
// paths be tested on any machine, and lets a benchmark count the runtime's own instructions.
#pragma once

#include <chrono>
#include <atomic>
#include <functional>
#include <cstdlib>
#include <cstring>
#include <map>
#include <mutex>
#include <set>
#include <string>
#include <vector>

#include "backend.h"
#include "generic/graphs/generic_graphs.h"

namespace unihip::testing {

class FakeBackend final : public Backend {
 public:
  explicit FakeBackend(int devices = 1, std::string arch = "sm_90") : arch_(std::move(arch)) {
    useGenericCapture(&genericGraphs);
    props_.resize(devices);
    for (auto& p : props_) {
      std::memset(&p, 0, sizeof p);
      std::strncpy(p.name, "unihip fake device", sizeof p.name - 1);
      std::strncpy(p.gcnArchName, arch_.c_str(), sizeof p.gcnArchName - 1);
      p.major = 9;
      p.minor = 0;
      p.maxThreadsPerBlock = 1024;
      p.maxThreadsDim[0] = p.maxThreadsDim[1] = 1024;
      p.maxThreadsDim[2] = 64;
      p.maxGridSize[0] = 0x7fffffff;
      p.maxGridSize[1] = p.maxGridSize[2] = 65535;
      p.sharedMemPerBlock = 48 * 1024;
      p.sharedMemPerBlockOptin = 227 * 1024;
      p.warpSize = 32;
      p.multiProcessorCount = 4;
      p.totalGlobalMem = size_t{1} << 30;
    }
  }

  // What the fake saw, for assertions.
  std::atomic<int> launches{0};
  std::atomic<int> cooperativeLaunches{0};
  bool cooperative = false;
  // Events keep the host time they were recorded at, and elapsed times are their differences
  // (the timeline trace's tests); otherwise every elapsed time is 1.5 ms.
  bool timedEvents = false;
  std::vector<char> lastPacked;
  std::atomic<int> moduleLoads{0};
  std::atomic<int> deviceSyncs{0};  // deviceSynchronize calls (hipFree must not wait: HIP 7)
  LaunchConfig lastLaunch{};
  void* lastArg0Value = nullptr;  // the first argument, read as a pointer
  std::vector<std::string> loadedTargets;

  // The image family a test installs (tests/support/fake_images.h); none by default.
  ImageOps* imageOps = nullptr;
  ImageOps* images() override {
    if (onImages) onImages();
    return imageOps;
  }
  // Called whenever the API looks up the image family (a test widens race windows with it).
  std::function<void()> onImages;
  // The graphs family: unihip's generic graphs over this fake (what AMD gets), unless a test
  // installs its own (tests/support/fake_graphs.h) or asks for a vendor without the family
  // (withoutGraphs). The generic graphs are its capture hooks, as HSA's are.
  GraphOps* graphOps = nullptr;
  bool withoutGraphs = false;
  GenericGraphs genericGraphs{*this};
  GraphOps* graphs() override {
    if (graphOps != nullptr) return graphOps;
    return withoutGraphs ? nullptr : &genericGraphs;
  }
  void useGenericGraphs() { graphOps = &genericGraphs; }
  // Every kernel's parameters, as the generic graphs copy them: those of the CPU tests'
  // registered kernel scale(float*, float).
  std::vector<KernelParamSlot> paramLayout = {{0, 8}, {8, 4}};
  Status kernelParamLayout(int, NativeFunction, std::vector<KernelParamSlot>* slots) override {
    *slots = paramLayout;
    return kOk;
  }
  // With logOperations: what ran, in order (kind, and a value telling operations apart: a
  // launch's grid.x, a copy's or fill's destination, a host function's data, an event).
  struct Operation {
    std::string kind;
    uintptr_t what = 0;
  };
  bool logOperations = false;
  std::vector<Operation> operations;
  void logOp(const char* kind, uintptr_t what) {
    if (!logOperations) return;
    std::lock_guard<std::mutex> lock(logMutex_);
    operations.push_back({kind, what});
  }
  // The memory pools family, when a test installs one (tests/support/fake_memory_pools.h).
  MemoryPoolOps* pools = nullptr;
  MemoryPoolOps* memoryPools() override { return pools; }
  // The execution contexts family, when a test installs one (tests/support/fake_exec_ctx.h).
  ExecutionCtxOps* execCtxOps = nullptr;
  ExecutionCtxOps* executionContexts() override { return execCtxOps; }
  // Cluster occupancy: the block's x over 32, and the grid's x over it; the last stream seen.
  NativeStream lastClusterStream = nullptr;
  Status occupancyMaxPotentialClusterSize(int, NativeFunction, const hipLaunchConfig_t& c,
                                          NativeStream s, int* size) override {
    lastClusterStream = s;
    *size = static_cast<int>(c.blockDim.x / 32);
    return kOk;
  }
  Status occupancyMaxActiveClusters(int, NativeFunction, const hipLaunchConfig_t& c,
                                    NativeStream s, int* n) override {
    lastClusterStream = s;
    *n = static_cast<int>(c.gridDim.x / (c.blockDim.x / 32));
    return kOk;
  }

  // Captures still open give their graphs back while the fake's allocations are known.
  ~FakeBackend() override { genericGraphs.releaseAll(); }

  const char* name() const override { return "fake"; }
  int deviceCount() const override { return static_cast<int>(props_.size()); }
  const hipDeviceProp_t& properties(int d) const override { return props_[d]; }
  // For tests that need devices to differ (names, UUIDs).
  hipDeviceProp_t& mutableProperties(int d) { return props_[d]; }
  Status attribute(int, hipDeviceAttribute_t, int*) override { return hipErrorInvalidValue; }
  Status driverVersion(int* v) override {
    *v = 12345;
    return kOk;
  }
  // Picks the first entry whose target equals the fake's architecture.
  Status selectImage(int, std::span<const BundleEntry> entries, size_t* index) override {
    for (size_t i = 0; i < entries.size(); ++i) {
      if (entries[i].target == arch_) {
        *index = i;
        return kOk;
      }
    }
    return hipErrorNoBinaryForGpu;
  }
  Status loadModule(int, const BundleEntry& image, NativeModule* module) override {
    ++moduleLoads;
    loadedTargets.emplace_back(image.target);
    *module = reinterpret_cast<NativeModule>(0x1000);
    return kOk;
  }
  Status unloadModule(int, NativeModule) override { return kOk; }
  // Any name but "missing" exists; the function handle is the name's first character.
  Status getFunction(int, NativeModule, const char* name, NativeFunction* f) override {
    if (std::strcmp(name, "missing") == 0) return hipErrorNotFound;
    *f = reinterpret_cast<NativeFunction>(0x2000 + static_cast<uintptr_t>(name[0]));
    return kOk;
  }
  // Every module holds the kernels named here (hipModuleGetFunctionCount and the library family).
  std::vector<std::string> moduleKernels{"kernelA", "kernelB", "kernelC"};
  Status moduleFunctionNames(int, NativeModule, std::vector<std::string>* names) override {
    *names = moduleKernels;
    return kOk;
  }
  // The __managed__ variables every loaded module lists (none unless a test names some).
  std::vector<std::string> moduleManaged;
  Status moduleManagedVariables(int, NativeModule, std::vector<std::string>* names) override {
    *names = moduleManaged;
    return kOk;
  }
  // Any name but "missing" exists.
  Status getGlobal(int, NativeModule, const char* name, void** a, size_t* s) override {
    if (std::strcmp(name, "missing") == 0) return hipErrorNotFound;
    // A __managed__ variable's image symbol is a pointer (clang's HIP layout), one per name.
    if (std::strncmp(name, "managed", 7) == 0) {
      std::lock_guard<std::mutex> lock(allocationsMutex_);
      *a = &managedPointers[name];
      if (s) *s = managedGlobalSize;
      return kOk;
    }
    *a = globals_;
    if (s) *s = sizeof globals_;
    return kOk;
  }
  Status functionMaxThreadsPerBlock(int, NativeFunction, int* v) override {
    *v = 1024;
    return kOk;
  }
  // Peer access as the driver keeps it: one flag per (device, peer) pair.
  Status enablePeerAccess(int device, int peer) override {
    std::lock_guard<std::mutex> lock(launchMutex_);
    return peerEnabled_.insert({device, peer}).second ? kOk
                                                      : Status(hipErrorPeerAccessAlreadyEnabled);
  }
  Status disablePeerAccess(int device, int peer) override {
    std::lock_guard<std::mutex> lock(launchMutex_);
    return peerEnabled_.erase({device, peer}) ? kOk : Status(hipErrorPeerAccessNotEnabled);
  }
  // With its kernel figures the fake refuses launches past them, as CUDA's driver does, and says
  // so (the API then checks the limits only after a refusal).
  bool launchRefusesPastFunctionLimits() const override { return allFunctionAttributes; }
  bool pastFunctionLimits(const LaunchConfig& c) const {
    return allFunctionAttributes &&
           (uint64_t{c.block.x} * c.block.y * c.block.z > 256 ||
            c.sharedMemBytes > 100 + HIP_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES);
  }
  Status launchImpl(int d, NativeFunction f_, const LaunchConfig& c, void** args) override {
    logOp("launch", c.grid.x);
    if (pastFunctionLimits(c)) return hipErrorInvalidValue;
    std::lock_guard<std::mutex> lock(launchMutex_);  // tests launch from several threads
    launches.fetch_add(1, std::memory_order_relaxed);
    lastLaunch = c;
    lastArg0Value = (args && args[0]) ? *static_cast<void**>(args[0]) : nullptr;
    return kOk;
  }
  Status launchPackedImpl(int d, NativeFunction f_, const LaunchConfig& c, const void* buffer,
                      size_t bytes) override {
    logOp("launch", c.grid.x);
    if (pastFunctionLimits(c)) return hipErrorInvalidValue;
    std::lock_guard<std::mutex> lock(launchMutex_);
    launches.fetch_add(1, std::memory_order_relaxed);
    lastLaunch = c;
    lastPacked.assign(static_cast<const char*>(buffer), static_cast<const char*>(buffer) + bytes);
    return kOk;
  }
  // The fake has no cooperative launches unless a test asks for them.
  Status launchCooperative(int device, NativeFunction f, const LaunchConfig& c,
                           void** args) override {
    if (!cooperative) return hipErrorNotSupported;
    cooperativeLaunches.fetch_add(1, std::memory_order_relaxed);
    return launch(device, f, c, args);
  }
  Status mallocImpl(int, size_t size, void** p) override {
    *p = std::malloc(size);
    if (*p == nullptr) return hipErrorOutOfMemory;
    std::lock_guard<std::mutex> lock(allocationsMutex_);
    allocations_[reinterpret_cast<uintptr_t>(*p)] = size;
    return kOk;
  }
  Status free(int, void* p) override {
    {
      std::lock_guard<std::mutex> lock(allocationsMutex_);
      allocations_.erase(reinterpret_cast<uintptr_t>(p));
    }
    std::free(p);
    return kOk;
  }
  Status hostMallocImpl(int, size_t size, unsigned, void** p) override { return mallocImpl(0, size, p); }
  Status hostFree(int, void* p) override { return free(0, p); }
  Status memcpyImpl(int, void* d, const void* s, size_t n, CopyDirection) override {
    std::memmove(d, s, n);
    return kOk;
  }
  Status memcpyAsyncImpl(int dev, void* d, const void* s, size_t n, CopyDirection dir,
                     NativeStream st) override {
    logOp("copy", reinterpret_cast<uintptr_t>(d));
    std::memmove(d, s, n);
    return kOk;
  }
  // What a test says the device supports (seam/device_capabilities.h); nothing by default.
  DeviceCapabilities caps;
  const DeviceCapabilities& capabilities(int) const override { return caps; }
  // A driver's batch copy, when a test sets caps.batchCopies: runs the copies and keeps the
  // attributes it was handed, or refuses them with batchCopyAnswer.
  Status batchCopyAnswer = kOk;
  std::vector<BatchCopyAttributes> batchAttrs;
  int batchCalls = 0;
  Status memcpyBatchAsync(int, void* const* dsts, const void* const* srcs, const size_t* sizes,
                          size_t count, const BatchCopyAttributes* attrs, const size_t*,
                          size_t numAttrs, size_t*, NativeStream) override {
    if (!caps.batchCopies) return hipErrorNotSupported;
    ++batchCalls;
    if (!batchCopyAnswer.ok()) return batchCopyAnswer;
    batchAttrs.assign(attrs, attrs + numAttrs);
    for (size_t i = 0; i < count; ++i) std::memmove(dsts[i], srcs[i], sizes[i]);
    return kOk;
  }
  // A driver's pitched copy and fill, when a test sets caps.pitchedCopies / caps.pitchedFills:
  // done row by row here, or refused with pitchedAnswer.
  Status pitchedAnswer = kOk;
  int pitchedCopyCalls = 0;
  int pitchedFillCalls = 0;
  Status memcpyPitchedAsync(int, const PitchedCopy& c, NativeStream) override {
    if (!caps.pitchedCopies) return hipErrorNotSupported;
    ++pitchedCopyCalls;
    if (!pitchedAnswer.ok()) return pitchedAnswer;
    for (size_t z = 0; z < c.depth; ++z)
      for (size_t y = 0; y < c.height; ++y)
        std::memmove(static_cast<char*>(c.dst) + (z * c.dstHeight + y) * c.dstPitch,
                     static_cast<const char*>(c.src) + (z * c.srcHeight + y) * c.srcPitch,
                     c.width);
    return kOk;
  }
  Status memsetPitchedAsync(int, void* dst, size_t pitch, uint8_t value, size_t width,
                            size_t height, NativeStream) override {
    if (!caps.pitchedFills) return hipErrorNotSupported;
    ++pitchedFillCalls;
    if (!pitchedAnswer.ok()) return pitchedAnswer;
    for (size_t y = 0; y < height; ++y)
      std::memset(static_cast<char*>(dst) + y * pitch, value, width);
    return kOk;
  }
  // hipMemGetHandleForAddressRange: the answer a test sets, and on success its descriptor.
  Status rangeHandleAnswer = hipErrorNotSupported;
  int dmaBufFd = 3;
  const void* lastRangeHandlePtr = nullptr;
  int lastRangeHandleDevice = -1;
  Status memRangeHandle(int device, void* handle, const void* ptr, size_t, int,
                        unsigned long long) override {
    lastRangeHandlePtr = ptr;
    lastRangeHandleDevice = device;
    if (rangeHandleAnswer.ok()) *static_cast<int*>(handle) = dmaBufFd;
    return rangeHandleAnswer;
  }
  Status memsetImpl(int, void* d, uint8_t v, size_t n) override {
    std::memset(d, v, n);
    return kOk;
  }
  Status memsetAsyncImpl(int dev, void* d, uint8_t v, size_t n, NativeStream st) override {
    logOp("memset", reinterpret_cast<uintptr_t>(d));
    std::memset(d, v, n);
    return kOk;
  }
  Status memsetD32AsyncImpl(int dev, void* d, uint32_t v, size_t n, NativeStream st) override {
    logOp("memset", reinterpret_cast<uintptr_t>(d));
    auto* p = static_cast<uint32_t*>(d);
    for (size_t i = 0; i < n; ++i) p[i] = v;
    return kOk;
  }
  Status memsetD16AsyncImpl(int dev, void* d, uint16_t v, size_t n, NativeStream st) override {
    logOp("memset", reinterpret_cast<uintptr_t>(d));
    auto* p = static_cast<uint16_t*>(d);
    for (size_t i = 0; i < n; ++i) p[i] = v;
    return kOk;
  }
  // Execution: with allFunctionAttributes, attribute a answers 100 + a (0: 256 threads);
  // otherwise the seam's generic answer (the thread limit only). Occupancy answers are simple
  // functions of the arguments, so the API's forwarding can be checked.
  bool allFunctionAttributes = false;
  Status functionAttribute(int d, NativeFunction f, int attribute, int* value) override {
    if (!allFunctionAttributes) return CodeOps::functionAttribute(d, f, attribute, value);
    *value = attribute == 0 ? 256 : 100 + attribute;
    return kOk;
  }
  Status setFunctionAttribute(int, NativeFunction, int attribute, int value) override {
    lastFunctionAttribute = attribute;
    lastFunctionAttributeValue = value;
    return kOk;
  }
  Status occupancyMaxActiveBlocks(int, NativeFunction, int blockSize, size_t dynamicShared,
                                  unsigned flags, int* numBlocks) override {
    *numBlocks = 2048 / blockSize;
    lastOccupancyFlags = flags;
    lastDynamicShared = dynamicShared;
    return kOk;
  }
  Status occupancyMaxPotentialBlockSize(int, NativeFunction, size_t dynamicShared, int limit,
                                        unsigned flags, int* gridSize, int* blockSize) override {
    *blockSize = limit ? limit : 256;
    *gridSize = 208;
    lastOccupancyFlags = flags;
    lastDynamicShared = dynamicShared;
    return kOk;
  }
  Status occupancyAvailableDynamicShared(int, NativeFunction, int numBlocks, int,
                                         size_t* bytes) override {
    *bytes = 65536 / numBlocks;
    return kOk;
  }
  int lastFunctionAttribute = -1, lastFunctionAttributeValue = -1;
  unsigned lastOccupancyFlags = ~0u;
  size_t lastDynamicShared = 0;

  // Unified memory: managed memory is heap memory; hints are recorded; registered memory gets a
  // distinct (never dereferenced) device address, so offsets through it can be checked.
  static constexpr uintptr_t kRegisteredOffset = uintptr_t{1} << 44;
  Status mallocManagedImpl(int, size_t size, unsigned, void** p) override {
    managedLive.fetch_add(1);
    return mallocImpl(0, size, p);
  }
  Status freeManaged(int, void* p) override {
    managedLive.fetch_sub(1);
    return free(0, p);
  }
  std::atomic<int> managedLive{0};  // managed allocations not freed
  Status prefetchImpl(int, const void*, size_t, int target, NativeStream) override {
    lastPrefetchTarget = target;
    ++prefetches;
    return kOk;
  }
  Status advise(int, const void*, size_t, int advice, int target) override {
    lastAdvice = advice;
    lastAdviceTarget = target;
    return kOk;
  }
  // LastPrefetchLocation answers the last prefetch's target in this backend's numbering; the
  // device list of AccessedBy names device 1; CoherencyMode is not the backend's (as CUDA's: the
  // API layer answers it); the rest answer 0.
  Status rangeAttribute(int, void* data, size_t size, int attribute, const void*,
                        size_t) override {
    if (attribute == hipMemRangeAttributeCoherencyMode) return hipErrorNotSupported;
    auto* ids = static_cast<int*>(data);
    for (size_t i = 0; i < size / sizeof(int); ++i) ids[i] = i == 0 && attribute == 3 ? 1 : -2;
    if (attribute == 4) ids[0] = lastPrefetchTarget;
    if (attribute == 1 || attribute == 100) ids[0] = 0;
    return kOk;
  }
  Status streamAttachMemory(int, NativeStream, void*, size_t, unsigned) override { return kOk; }
  Status hostRegister(int, void* ptr, size_t, unsigned, void** devicePointer) override {
    *devicePointer = reinterpret_cast<void*>(reinterpret_cast<uintptr_t>(ptr) + kRegisteredOffset);
    ++registrations;
    return kOk;
  }
  Status hostUnregister(int, void*) override {
    --registrations;
    return kOk;
  }
  Status discardBatchAsync(int, void* const*, const size_t*, size_t count,
                           NativeStream) override {
    discarded += static_cast<int>(count);
    return kOk;
  }
  std::atomic<int> discarded{0};
  int lastPrefetchTarget = -2, lastAdvice = 0, lastAdviceTarget = -2;
  std::atomic<int> prefetches{0}, registrations{0};

  // Allocations made through malloc/hostMalloc are known; anything else is not.
  Status memGetAddressRange(int, const void* ptr, void** base, size_t* size) override {
    const auto p = reinterpret_cast<uintptr_t>(ptr);
    std::lock_guard<std::mutex> lock(allocationsMutex_);
    auto it = allocations_.upper_bound(p);
    if (it == allocations_.begin()) return hipErrorNotFound;
    --it;
    if (p >= it->first + it->second) return hipErrorNotFound;
    *base = reinterpret_cast<void*>(it->first);
    *size = it->second;
    return kOk;
  }
  // Every pair of distinct fake devices are peers; links report rank 0 and support the rest.
  // hipProfilerStart/Stop: -1 until called, then the last device's state (0 stopped, 1 started).
  Status profilerControl(int device, bool start) override {
    profilerDevice = device;
    profilerState = start ? 1 : 0;
    return kOk;
  }
  int profilerDevice = -1;
  int profilerState = -1;
  Status canAccessPeer(int, int, int* value) override {
    *value = 1;
    return kOk;
  }
  Status p2pAttribute(int, int, hipDeviceP2PAttr attr, int* value) override {
    *value = attr == hipDevP2PAttrPerformanceRank ? 0 : 1;
    return kOk;
  }
  Status memGetInfo(int, size_t* f, size_t* t) override {
    *f = *t = size_t{1} << 30;
    return kOk;
  }
  Status streamCreate(int, unsigned, int, NativeStream* s) override {
    *s = reinterpret_cast<NativeStream>(++nextHandle_);
    return kOk;
  }
  Status streamDestroy(int, NativeStream s) override {
    genericGraphs.streamGone(s);
    return kOk;
  }
  // How many times a stream was waited for (a host-side synchronization).
  std::atomic<int> streamSyncCalls{0};
  Status streamSynchronizeImpl(int, NativeStream s) override {
    ++streamSyncCalls;
    return kOk;
  }
  Status streamQueryImpl(int, NativeStream s) override {
    return kOk;
  }
  Status streamWaitEventImpl(int d, NativeStream s, NativeEvent e) override {
    logOp("wait", reinterpret_cast<uintptr_t>(e));
    return kOk;
  }
  // Stream memory operations, when a test sets streamMemOps: writes happen at once, every
  // operation is logged in order. hipStreamBatchMemOp reaches them through the seam's default
  // (one by one), as on a vendor without a batch operation.
  struct MemOp {
    bool wait = false;
    void* ptr = nullptr;
    uint64_t value = 0;
    unsigned flags = 0;
    bool is64 = false;
  };
  bool streamMemOps = false;
  std::vector<MemOp> memOps;
  Status streamWaitValue(int, NativeStream, void* ptr, uint64_t value, uint64_t mask,
                         unsigned flags, bool is64) override {
    if (!streamMemOps) return hipErrorNotSupported;
    (void)mask;
    memOps.push_back({true, ptr, value, flags, is64});
    return kOk;
  }
  Status streamWriteValue(int, NativeStream, void* ptr, uint64_t value, bool is64) override {
    if (!streamMemOps) return hipErrorNotSupported;
    memOps.push_back({false, ptr, value, 0, is64});
    if (is64)
      *static_cast<uint64_t*>(ptr) = value;
    else
      *static_cast<uint32_t*>(ptr) = static_cast<uint32_t>(value);
    return kOk;
  }

  // A linker, when a test sets linker: the "image" is its inputs' bytes one after the other;
  // an input starting with "bad" is refused as a driver refuses invalid PTX, and AMD's input
  // types are not supported (as on NVIDIA).
  struct FakeLink {
    std::vector<hipJitOption> options;
    std::vector<hipJitInputType> types;
    std::vector<std::string> names;
    std::vector<char> image;
  };
  bool linker = false;
  int liveLinks = 0;
  FakeLink* lastLink = nullptr;
  Status linkCreate(int, unsigned count, const hipJitOption* options, void**,
                    NativeLink* link) override {
    if (!linker) return hipErrorNotSupported;
    auto* l = new FakeLink;
    l->options.assign(options, options + count);
    ++liveLinks;
    *link = lastLink = l;
    return kOk;
  }
  Status linkAddData(int, NativeLink link, hipJitInputType type, const void* data, size_t size,
                     const char* name, unsigned, const hipJitOption*, void**) override {
    if (type >= hipJitInputLLVMBitcode) return hipErrorNotSupported;
    if (size >= 3 && std::memcmp(data, "bad", 3) == 0) return hipErrorInvalidKernelFile;
    auto* l = static_cast<FakeLink*>(link);
    l->types.push_back(type);
    l->names.emplace_back(name ? name : "");
    const char* bytes = static_cast<const char*>(data);
    l->image.insert(l->image.end(), bytes, bytes + size);
    return kOk;
  }
  Status linkComplete(int, NativeLink link, void** image, size_t* size) override {
    auto* l = static_cast<FakeLink*>(link);
    if (l->image.empty()) return hipErrorInvalidValue;  // nothing to link
    *image = l->image.data();
    *size = l->image.size();
    return kOk;
  }
  Status linkDestroy(int, NativeLink link) override {
    delete static_cast<FakeLink*>(link);
    if (link == lastLink) lastLink = nullptr;
    --liveLinks;
    return kOk;
  }

  // Nothing is ever pending here, so "after earlier work" is now.
  Status launchHostFuncImpl(int d, NativeStream s, void (*fn)(void*), void* userData) override {
    logOp("host", reinterpret_cast<uintptr_t>(userData));
    fn(userData);
    return kOk;
  }
  Status streamPriorityRange(int, int* least, int* greatest) override {
    *least = 0;
    *greatest = -5;
    return kOk;
  }
  NativeStream perThreadStream(int) override { return reinterpret_cast<NativeStream>(0x2); }
  Status eventCreate(int, unsigned, NativeEvent* e) override {
    *e = reinterpret_cast<NativeEvent>(++nextHandle_);
    return kOk;
  }
  Status eventDestroy(int, NativeEvent e) override {
    genericGraphs.eventGone(e);
    return kOk;
  }
  Status eventRecordImpl(int d, NativeEvent e, NativeStream s) override {
    logOp("record", reinterpret_cast<uintptr_t>(e));
    if (timedEvents) {
      std::lock_guard<std::mutex> lock(launchMutex_);
      eventTimes_[e] = std::chrono::steady_clock::now();
    }
    return kOk;
  }
  Status eventSynchronize(int, NativeEvent) override { return kOk; }
  Status eventQuery(int, NativeEvent) override { return kOk; }
  Status eventElapsedTime(int, NativeEvent a, NativeEvent b, float* ms) override {
    *ms = 1.5f;
    if (timedEvents) {
      std::lock_guard<std::mutex> lock(launchMutex_);
      auto ta = eventTimes_.find(a), tb = eventTimes_.find(b);
      if (ta == eventTimes_.end() || tb == eventTimes_.end()) return hipErrorInvalidHandle;
      *ms = std::chrono::duration<float, std::milli>(tb->second - ta->second).count();
    }
    return kOk;
  }
  Status deviceSynchronizeImpl(int) override {
    ++deviceSyncs;
    return kOk;
  }
  Status deviceReset(int) override { return kOk; }

  // Device family (exec): limits kept per fake, and properties a test may adjust.
  Status getLimit(int, hipLimit_t limit, size_t* value) override {
    *value = limits_[limit];
    return kOk;
  }
  Status setLimit(int, hipLimit_t limit, size_t value) override {
    limits_[limit] = value;
    return kOk;
  }
  hipDeviceProp_t& editProperties(int d) { return props_[d]; }
  std::map<std::string, void*> managedPointers;  // image pointer variables of managed ones
  size_t managedGlobalSize = sizeof(void*);

 private:
  size_t limits_[3] = {1024, 1 << 20, 8 << 20};
  std::string arch_;
  std::vector<hipDeviceProp_t> props_;
  std::mutex launchMutex_;
  std::mutex logMutex_;
  std::set<std::pair<int, int>> peerEnabled_;
  std::atomic<uintptr_t> nextHandle_{0x100};
  std::map<NativeEvent, std::chrono::steady_clock::time_point> eventTimes_;
  char globals_[64] = {};
  std::mutex allocationsMutex_;
  std::map<uintptr_t, size_t> allocations_;  // base -> size, for memGetAddressRange
};

}  // namespace unihip::testing
