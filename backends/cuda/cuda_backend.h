// The CUDA-driver backend: libcuda through dlopen, one primary context per device. The class is
// declared here and its families are defined one per file, named as the HSA backend's are:
// cuda_backend.cpp (construction, contexts, the device family), cuda_module.cpp, cuda_execution.cpp,
// cuda_memory.cpp, cuda_unified_memory.cpp, cuda_peer_access.cpp, cuda_stream.cpp (streams and
// events); the optional families in cuda_graphs.cpp, cuda_memory_pools.cpp, cuda_images.cpp and
// cuda_exec_ctx.cpp.
//
// Thread safety: all methods may run concurrently. Each thread makes a device's primary context
// current once (a thread-local cache checked per call), so the hot path makes no extra driver
// call. Memory ordering: a device's context is published by std::call_once.
#pragma once

#include <atomic>
#include <memory>
#include <mutex>
#include <shared_mutex>
#include <span>
#include <string>
#include <unordered_map>
#include <vector>

#include "backend.h"
#include "base/hot_text.h"
#include "base/hot_tls.h"
#include "cuda/cuda_core.h"
#include "cuda/cuda_driver.h"
#include "cuda/cuda_exec_ctx.h"
#include "cuda/cuda_link.h"
#include "cuda/cuda_module_symbols.h"
#include "cuda/cuda_pageable_copy.h"
#include "seam/execution_ctx_ops.h"
#include "seam/graph_ops.h"
#include "seam/image_ops.h"
#include "seam/memory_pool_ops.h"

namespace unihip::cuda_backend {

using namespace cu;

struct CudaDevice {
  CUdevice handle = 0;
  hipDeviceProp_t props{};
  std::once_flag contextOnce;
  std::atomic<CUcontext> context{nullptr};
  Status contextStatus;
  std::mutex stagingMutex;  // guards staging and stagingFailed
  std::unique_ptr<PageableCopyEngine> staging;
  bool stagingFailed = false;
  DeviceCapabilities caps;  // filled once by CudaBackend's constructor
  std::mutex maskedWaitMutex;  // guards the masked-wait kernel and the epoch it was loaded in
  CUfunction maskedWait = nullptr;
  uint32_t maskedWaitEpoch = 0;
};

// UNIHIP_PAGEABLE_STAGING=0 keeps every pageable copy on the driver's path (for comparisons).
bool stagingEnabled();

// The context this thread last made current, and the reset epoch it was made current in.
extern constinit UNIHIP_HOT_TLS CUcontext t_context;
extern constinit UNIHIP_HOT_TLS uint32_t t_contextEpoch;

inline CUdeviceptr dptr(const void* p) { return reinterpret_cast<CUdeviceptr>(p); }
inline CUstream asStream(NativeStream s) { return static_cast<CUstream>(s); }
inline CUevent asEvent(NativeEvent e) { return static_cast<CUevent>(e); }

class CudaBackend;
// The backend whose staging buffers go back to the driver at exit (sanitizers report them
// otherwise). libcuda is still loaded then: atexit handlers run before the loader's finalizers.
extern std::atomic<CudaBackend*> g_stagingOwner;
void releaseStagingAtExit();

class CudaBackend final : public Backend, public CudaCore {
 public:
  CudaBackend(std::unique_ptr<DriverApi> api, std::vector<std::unique_ptr<CudaDevice>> devices)
      : api_(std::move(api)), devices_(std::move(devices)) {
    graphs_ = createCudaGraphOps(*this);
    memoryPools_ = createCudaMemoryPoolOps(*this);
    images_ = createCudaImageOps(*this);
    executionContexts_ = createCudaExecutionCtxOps(*this);
    fillCapabilities();
  }

  ~CudaBackend() override {
    CudaBackend* self = this;
    g_stagingOwner.compare_exchange_strong(self, nullptr);
  }

  // Frees each device's idle staging buffers (at exit).
  void releaseStaging();

  GraphOps* graphs() override { return graphs_.get(); }

  MemoryPoolOps* memoryPools() override { return memoryPools_.get(); }

  ImageOps* images() override { return images_.get(); }

  ExecutionCtxOps* executionContexts() override { return executionContexts_.get(); }

  // CudaCore: what the optional families use.
  const DriverApi& api() const override { return *api_; }

  CUdevice deviceHandle(int device) const override { return devices_[device]->handle; }

  CUcontext retainedContext(int device) const override {
    return devices_[device]->context.load(std::memory_order_acquire);
  }

  const char* name() const override { return "cuda"; }

  int deviceCount() const override { return static_cast<int>(devices_.size()); }

  const hipDeviceProp_t& properties(int device) const override { return devices_[device]->props; }

  const DeviceCapabilities& capabilities(int device) const override {
    return devices_[device]->caps;
  }

  Status attribute(int device, hipDeviceAttribute_t attr, int* value) override;

  Status driverVersion(int* version) override;

  UNIHIP_HOT_TEXT Status selectImage(int device, std::span<const BundleEntry> entries,
                                     size_t* index) override;

  Status loadModule(int device, const BundleEntry& image, NativeModule* module) override {
    return load(device, image, true, module);
  }

  // Without the symbol table: reading it took 8-11 us of a kernel's first launch on the H100
  // (cold code and fresh memory), and a registered name is in its image (were it not, the
  // driver's "not found" gives the same answer).
  UNIHIP_HOT_TEXT Status loadRegisteredModule(int device, const BundleEntry& image,
                                              NativeModule* module) override {
    return load(device, image, false, module);
  }

  // `readSymbols`: index the image's names so that mayDefine() answers unknown ones without a
  // failing driver call (hipModuleGetFunction with a user's name).
  UNIHIP_HOT_TEXT Status load(int device, const BundleEntry& image, bool readSymbols,
                              NativeModule* module);

  Status unloadModule(int device, NativeModule module) override;

  // The extent of a kernel's parameters (cuFuncGetParamInfo, CUDA 12.4), asked once per
  // function; SIZE_MAX when the driver cannot say.
  // Inline in its caller's file (cuda_execution.cpp).
  inline size_t parameterBytes(CUfunction f);

  // False only when the module's image was read and does not define `name` (no driver call).
  // Inline in its callers' file (cuda_module.cpp).
  inline bool mayDefine(NativeModule module, const char* name) const;

  UNIHIP_HOT_TEXT Status getFunction(int device, NativeModule module, const char* name,
                                     NativeFunction* function) override;

  // The driver's enumeration (CUDA 12.4), names by cuFuncGetName (12.3).
  Status moduleFunctionNames(int device, NativeModule module,
                             std::vector<std::string>* names) override;

  // From the image's symbols, read at load (modules loaded with their symbol table only).
  Status moduleManagedVariables(int device, NativeModule module,
                                std::vector<std::string>* names) override;

  // The driver's linker (cuda_link.cpp).
  Status linkCreate(int device, unsigned count, const hipJitOption* options, void** values,
                    NativeLink* link) override {
    return cudaLinkCreate(*this, device, count, options, values, link);
  }

  Status linkAddData(int device, NativeLink link, hipJitInputType type, const void* data,
                     size_t size, const char* name, unsigned count, const hipJitOption* options,
                     void** values) override {
    return cudaLinkAddData(*this, device, link, type, data, size, name, count, options, values);
  }

  Status linkComplete(int device, NativeLink link, void** image, size_t* size) override {
    return cudaLinkComplete(*this, device, link, image, size);
  }

  Status linkDestroy(int device, NativeLink link) override {
    return cudaLinkDestroy(*this, device, link);
  }

  Status getGlobal(int device, NativeModule module, const char* name, void** address,
                   size_t* size) override;

  Status functionMaxThreadsPerBlock(int device, NativeFunction function, int* value) override;

  Status functionAttribute(int device, NativeFunction function, int attribute,
                           int* value) override;
  // cuLaunchKernel answers a block past __launch_bounds__ or shared memory past the function's
  // maximum with CUDA_ERROR_INVALID_VALUE before anything runs.
  bool launchRefusesPastFunctionLimits() const override { return true; }

  UNIHIP_HOT_TEXT Status launchImpl(int device, NativeFunction function, const LaunchConfig& c,
                                void** args) override;

  Status launchPackedImpl(int device, NativeFunction function, const LaunchConfig& c,
                      const void* buffer, size_t bytes) override;

  Status launchCooperative(int device, NativeFunction function, const LaunchConfig& c,
                           void** args) override;

  Status mallocImpl(int device, size_t size, void** ptr) override;

  Status free(int device, void* ptr) override;

  Status hostMallocImpl(int device, size_t size, unsigned int hipFlags, void** ptr) override;

  Status hostFree(int device, void* ptr) override;

  Status memcpyImpl(int device, void* dst, const void* src, size_t size,
                CopyDirection dir) override;

  Status memcpyAsyncImpl(int device, void* dst, const void* src, size_t size, CopyDirection dir,
                     NativeStream stream) override;

  Status memcpyBatchAsync(int device, void* const* dsts, const void* const* srcs,
                          const size_t* sizes, size_t count, const BatchCopyAttributes* attrs,
                          const size_t* attrIdxs, size_t numAttrs, size_t* failIdx,
                          NativeStream stream) override;

  Status memsetImpl(int device, void* dst, uint8_t value, size_t size) override;

  Status memsetAsyncImpl(int device, void* dst, uint8_t value, size_t size,
                     NativeStream stream) override;

  Status memsetD32AsyncImpl(int device, void* dst, uint32_t value, size_t count,
                        NativeStream stream) override;

  // Pitched copies: one cuMemcpy3DAsync (2-D is depth 1); memory types from the direction, as the
  // linear copies pick their entry point.
  Status memcpyPitchedAsync(int device, const PitchedCopy& c, NativeStream stream) override;

  Status memsetPitchedAsync(int device, void* dst, size_t pitch, uint8_t value, size_t width,
                            size_t height, NativeStream stream) override;

  Status memGetInfo(int device, size_t* free, size_t* total) override;

  // hipFuncAttribute 8/9, hipOccupancy* flags: the driver's values.
  Status setFunctionAttribute(int device, NativeFunction function, int attribute,
                              int value) override;

  Status occupancyMaxActiveBlocks(int device, NativeFunction function, int blockSize,
                                  size_t dynamicShared, unsigned int flags,
                                  int* numBlocks) override;

  Status occupancyMaxPotentialBlockSize(int device, NativeFunction function,
                                        size_t dynamicShared, int blockSizeLimit,
                                        unsigned int flags, int* gridSize,
                                        int* blockSize) override;

  Status occupancyMaxPotentialClusterSize(int device, NativeFunction function,
                                          const hipLaunchConfig_t& config, NativeStream stream,
                                          int* clusterSize) override;

  Status occupancyMaxActiveClusters(int device, NativeFunction function,
                                    const hipLaunchConfig_t& config, NativeStream stream,
                                    int* numClusters) override;

  Status occupancyAvailableDynamicShared(int device, NativeFunction function, int numBlocks,
                                         int blockSize, size_t* bytes) override;

  // Memory family.
  Status memsetD16AsyncImpl(int device, void* dst, uint16_t value, size_t count,
                        NativeStream stream) override;

  // Unified memory family. hipMemAttach* and hipMemoryAdvise 1-6 and hipMemRangeAttribute 1-4
  // have the driver's values.
  Status mallocManagedImpl(int device, size_t size, unsigned int hipFlags, void** ptr) override;

  Status freeManaged(int device, void* ptr) override { return free(device, ptr); }

  Status prefetchImpl(int device, const void* ptr, size_t count, int target,
                  NativeStream stream) override;

  Status discardBatchAsync(int device, void* const* ptrs, const size_t* sizes, size_t count,
                           NativeStream stream) override;

  Status advise(int device, const void* ptr, size_t count, int advice, int target) override;

  Status rangeAttribute(int device, void* data, size_t dataSize, int attribute, const void* ptr,
                        size_t count) override;

  Status streamAttachMemory(int device, NativeStream stream, void* ptr, size_t length,
                            unsigned int flags) override;

  Status hostRegister(int device, void* ptr, size_t size, unsigned int hipFlags,
                      void** devicePointer) override;

  Status hostUnregister(int device, void* ptr) override;

  Status setSyncMemops(int device, const void* ptr, bool sync) override;

  Status memGetAddressRange(int device, const void* ptr, void** base, size_t* size) override;

  // A dma-buf of the range: the driver's own checks (page-aligned ranges of device memory,
  // CU_DEVICE_ATTRIBUTE_DMA_BUF_SUPPORTED, else CUDA_ERROR_NOT_SUPPORTED).
  Status memRangeHandle(int device, void* handle, const void* ptr, size_t size, int handleType,
                        unsigned long long flags) override;

  Status canAccessPeer(int device, int peer, int* value) override;

  Status vendorContextHandle(int device, void** handle) override;

  Status bindVendorContext(int device) override;

  Status enablePeerAccess(int device, int peer) override;

  Status disablePeerAccess(int device, int peer) override;

  Status p2pAttribute(int src, int dst, hipDeviceP2PAttr attr, int* value) override;

  // The link type is an HSA notion (hsa_amd_link_info_type_t), which the driver API does not
  // give. Derived from the P2P attributes: a pair with native peer atomics is NVLink-connected
  // (PCIe peer links have none), reported as HSA_AMD_LINK_INFO_TYPE_XGMI (4, AMD's GPU-to-GPU
  // fabric); any other pair as HSA_AMD_LINK_INFO_TYPE_PCIE (2). Hops: 1 for a pair with direct
  // peer access, 2 (through the host bridge) for one without.
  Status linkTypeAndHopCount(int device1, int device2, uint32_t* linkType,
                             uint32_t* hopCount) override;

  // The driver's profiler control acts on the current context: the device's primary one.
  Status profilerControl(int device, bool start) override;

  Status streamCreate(int device, unsigned int hipFlags, int priority,
                      NativeStream* stream) override;

  Status streamDestroy(int device, NativeStream stream) override;

  UNIHIP_HOT_TEXT Status streamSynchronizeImpl(int device, NativeStream stream) override;

  Status streamQueryImpl(int device, NativeStream stream) override;

  Status streamWaitEventImpl(int device, NativeStream stream, NativeEvent event) override;

  Status launchHostFuncImpl(int device, NativeStream stream, void (*fn)(void*),
                        void* userData) override;

  // Stream memory operations. The driver has no mask: a full mask maps directly, AND folds the
  // mask into the value; other masked comparisons run as a polling kernel (maskedWait).
  Status streamWaitValue(int device, NativeStream stream, void* ptr, uint64_t value, uint64_t mask,
                         unsigned int flags, bool is64) override;

  Status streamWriteValue(int device, NativeStream stream, void* ptr, uint64_t value,
                          bool is64) override;

  // One cuStreamBatchMemOp, which a capture records as one batch node. HIP's operations have
  // the driver's layout; writes lose their flags, as the single writes do.
  Status streamBatchMemOp(int device, NativeStream stream, const hipStreamBatchMemOpParams* ops,
                          unsigned count) override;

  Status streamPriorityRange(int device, int* least, int* greatest) override;

  NativeStream perThreadStream(int device) override {
    (void)device;
    return CU_STREAM_PER_THREAD;
  }

  Status eventCreate(int device, unsigned int hipFlags, NativeEvent* event) override;

  Status eventDestroy(int device, NativeEvent event) override;

  Status eventRecordImpl(int device, NativeEvent event, NativeStream stream) override;

  Status eventSynchronize(int device, NativeEvent event) override;

  Status eventQuery(int device, NativeEvent event) override;

  Status eventElapsedTime(int device, NativeEvent start, NativeEvent stop, float* ms) override;

  Status deviceSynchronizeImpl(int device) override;

  // device family (exec): CUlimit's first three values are hipLimit_t's.
  Status getLimit(int device, hipLimit_t limit, size_t* value) override;

  Status setLimit(int device, hipLimit_t limit, size_t value) override;

  Status deviceReset(int device) override;

 private:
  // Each device's capabilities: the loaded driver's entry points, the device's properties and
  // the families built.
  void fillCapabilities();

  // Sends a large copy between pageable host memory and the device through the device's staging
  // engine (built at the first such copy). False when the driver's own path should copy.
  // Inline in its caller's file (cuda_memory.cpp).
  inline bool stagedCopy(int device, void* dst, const void* src, size_t size, CopyDirection dir,
                         Status* status);

  // Maps a driver result; failures are logged with the call's name (NOT_READY is an answer).
  // Success inline; the failure (logging, the error's name) out of line, so the callers on the
  // launch and copy paths keep nothing alive across the driver call for it.
  Status check(CUresult r, const char* call) const override {
    if (r == CUDA_SUCCESS) [[likely]]
      return kOk;
    return failed(r, call);
  }

  [[gnu::noinline, gnu::cold]] Status failed(CUresult r, const char* call) const;

  // A hipCpuDeviceId-or-device argument as the driver's CUdevice (CU_DEVICE_CPU is -1 too).
  CUdevice location(int target) const {
    return target == hipCpuDeviceId ? CUdevice{-1} : devices_[target]->handle;
  }

  // The check inline (every operation makes it: ~8 instructions), the binding out of line.
  UNIHIP_HOT_TEXT Status makeCurrent(int device) override {
    const CudaDevice& d = *devices_[device];
    const uint32_t epoch = resetEpoch_.load(std::memory_order_acquire);
    const CUcontext context = d.context.load(std::memory_order_relaxed);
    if (t_context == context && context != nullptr && t_contextEpoch == epoch) [[likely]]
      return kOk;
    return bindContext(device, epoch);
  }

  [[gnu::noinline]] Status bindContext(int device, uint32_t epoch);

  // cuda_masked_wait.cpp: a masked Gte/Eq/Nor wait as a polling kernel on the stream.
  Status maskedWaitKernel(int device, CUfunction* out);
  Status maskedWait(int device, NativeStream stream, void* ptr, uint64_t value, uint64_t mask,
                    unsigned int flags, bool is64);

  std::unique_ptr<DriverApi> api_;
  std::vector<std::unique_ptr<CudaDevice>> devices_;
  std::atomic<uint32_t> resetEpoch_{0};

  // The names each loaded module defines, where its image could be read (cuda_module_symbols.h).
  mutable std::shared_mutex symbolsMutex_;
  std::unordered_map<CUmodule, ModuleSymbols> symbols_;
  std::unordered_map<CUfunction, size_t> parameterBytes_;  // under symbolsMutex_ too
  std::unique_ptr<GraphOps> graphs_;
  std::unique_ptr<MemoryPoolOps> memoryPools_;
  std::unique_ptr<ImageOps> images_;
  std::unique_ptr<ExecutionCtxOps> executionContexts_;
};

}  // namespace unihip::cuda_backend
