// The CUDA-driver backend: libcuda through dlopen, one primary context per device.
//
// Thread safety: all methods may run concurrently. Each thread makes a device's primary context
// current once (a thread-local cache checked per call), so the hot path makes no extra driver
// call. Memory ordering: a device's context is published by std::call_once.
#include <algorithm>
#include <atomic>
#include <cstdlib>
#include <cstring>
#include <mutex>
#include <shared_mutex>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "backend.h"
#include "base/hot_text.h"
#include "base/hot_tls.h"
#include "base/log.h"
#include "cuda/cuda_core.h"
#include "cuda/cuda_device_properties.h"
#include "cuda/cuda_driver.h"
#include "cuda/cuda_exec_ctx.h"
#include "cuda/cuda_image_select.h"
#include "cuda/cuda_link.h"
#include "cuda/cuda_module_symbols.h"
#include "cuda/cuda_pageable_copy.h"
#include "seam/execution_ctx_ops.h"
#include "seam/graph_ops.h"
#include "seam/image_ops.h"
#include "seam/memory_pool_ops.h"

namespace unihip {

namespace {

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
};

// UNIHIP_PAGEABLE_STAGING=0 keeps every pageable copy on the driver's path (for comparisons).
bool stagingEnabled() {
  static const bool enabled = [] {
    const char* v = std::getenv("UNIHIP_PAGEABLE_STAGING");
    return v == nullptr || std::strcmp(v, "0") != 0;
  }();
  return enabled;
}

// The context this thread last made current, and the reset epoch it was made current in.
UNIHIP_HOT_TLS CUcontext t_context = nullptr;
UNIHIP_HOT_TLS uint32_t t_contextEpoch = 0;

inline CUdeviceptr dptr(const void* p) { return reinterpret_cast<CUdeviceptr>(p); }
inline CUstream asStream(NativeStream s) { return static_cast<CUstream>(s); }
inline CUevent asEvent(NativeEvent e) { return static_cast<CUevent>(e); }

class CudaBackend;
// The backend whose staging buffers go back to the driver at exit (sanitizers report them
// otherwise). libcuda is still loaded then: atexit handlers run before the loader's finalizers.
std::atomic<CudaBackend*> g_stagingOwner{nullptr};
void releaseStagingAtExit();

class CudaBackend final : public Backend, public CudaCore {
 public:
  CudaBackend(std::unique_ptr<DriverApi> api, std::vector<std::unique_ptr<CudaDevice>> devices)
      : api_(std::move(api)), devices_(std::move(devices)) {
    graphs_ = createCudaGraphOps(*this);
    memoryPools_ = createCudaMemoryPoolOps(*this);
    images_ = createCudaImageOps(*this);
    executionContexts_ = createCudaExecutionCtxOps(*this);
  }
  ~CudaBackend() override {
    CudaBackend* self = this;
    g_stagingOwner.compare_exchange_strong(self, nullptr);
  }

  // Frees each device's idle staging buffers (at exit).
  void releaseStaging() {
    for (size_t i = 0; i < devices_.size(); ++i) {
      CudaDevice& d = *devices_[i];
      std::lock_guard<std::mutex> lock(d.stagingMutex);
      if (d.staging && makeCurrent(static_cast<int>(i)).ok()) d.staging->releaseIfIdle();
    }
  }

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

  Status attribute(int device, hipDeviceAttribute_t attr, int* value) override {
    return queryDeviceAttribute(*api_, deviceHandle(device), devices_[device]->props,
                                static_cast<int>(attr), memoryPools_ != nullptr, value);
  }

  Status driverVersion(int* version) override {
    return check(api_->cuDriverGetVersion(version), "cuDriverGetVersion");
  }

  UNIHIP_HOT_TEXT Status selectImage(int device, std::span<const BundleEntry> entries,
                                     size_t* index) override {
    const auto& p = devices_[device]->props;
    Status s = selectCudaImage(entries, p.major * 10 + p.minor, index);
    if (s.ok() && entries[*index].kind == ImageKind::Ptx)
      UNIHIP_LOG_INFO("cuda device {}: no cubin for sm_{}{}; JIT-compiling PTX '{}'", device,
                      p.major, p.minor, entries[*index].target);
    return s;
  }

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
                              NativeModule* module) {
    UNIHIP_TRY(makeCurrent(device));
    // The driver wants NUL-terminated PTX and 8-byte-aligned ELF; bundle entries are neither.
    std::vector<uint64_t> copy;
    const void* data = image.data;
    if (image.kind == ImageKind::Ptx || reinterpret_cast<uintptr_t>(data) % 8 != 0) {
      copy.assign(image.size / 8 + 1, 0);
      std::memcpy(copy.data(), image.data, image.size);
      data = copy.data();
    }
    CUmodule m = nullptr;
    UNIHIP_TRY(check(api_->cuModuleLoadData(&m, data), "cuModuleLoadData"));
    ModuleSymbols names;
    bool known = readSymbols && readModuleSymbols(image.kind, data, image.size, &names);
    {
      std::unique_lock lock(symbolsMutex_);  // a handle value may come back after a reset
      if (known) symbols_[m] = std::move(names);
      else symbols_.erase(m);
    }
    *module = m;
    return kOk;
  }

  Status unloadModule(int device, NativeModule module) override {
    UNIHIP_TRY(makeCurrent(device));
    {
      std::unique_lock lock(symbolsMutex_);
      symbols_.erase(static_cast<CUmodule>(module));
      parameterBytes_.clear();  // its functions' handles may come back for other kernels
    }
    return check(api_->cuModuleUnload(static_cast<CUmodule>(module)), "cuModuleUnload");
  }

  // The extent of a kernel's parameters (cuFuncGetParamInfo, CUDA 12.4), asked once per
  // function; SIZE_MAX when the driver cannot say.
  size_t parameterBytes(CUfunction f) {
    {
      std::shared_lock lock(symbolsMutex_);
      if (auto it = parameterBytes_.find(f); it != parameterBytes_.end()) return it->second;
    }
    size_t end = SIZE_MAX;
    if (api_->cuFuncGetParamInfo != nullptr) {
      end = 0;
      size_t offset = 0, size = 0;
      for (size_t i = 0; api_->cuFuncGetParamInfo(f, i, &offset, &size) == CUDA_SUCCESS; ++i)
        end = std::max(end, offset + size);
    }
    std::unique_lock lock(symbolsMutex_);
    parameterBytes_[f] = end;
    return end;
  }

  // False only when the module's image was read and does not define `name` (no driver call).
  bool mayDefine(NativeModule module, const char* name) const {
    std::shared_lock lock(symbolsMutex_);
    auto it = symbols_.find(static_cast<CUmodule>(module));
    return it == symbols_.end() || it->second.count(name) != 0;
  }

  UNIHIP_HOT_TEXT Status getFunction(int device, NativeModule module, const char* name,
                                     NativeFunction* function) override {
    UNIHIP_TRY(makeCurrent(device));
    if (!mayDefine(module, name)) return hipErrorNotFound;
    CUfunction f = nullptr;
    CUresult r = api_->cuModuleGetFunction(&f, static_cast<CUmodule>(module), name);
    if (r == 500) return hipErrorNotFound;  // CUDA_ERROR_NOT_FOUND: not an error worth logging
    UNIHIP_TRY(check(r, "cuModuleGetFunction"));
    *function = f;
    return kOk;
  }

  // The driver's enumeration (CUDA 12.4), names by cuFuncGetName (12.3).
  Status moduleFunctionNames(int device, NativeModule module,
                             std::vector<std::string>* names) override {
    if (api_->cuModuleGetFunctionCount == nullptr || api_->cuModuleEnumerateFunctions == nullptr ||
        api_->cuFuncGetName == nullptr)
      return hipErrorNotSupported;
    UNIHIP_TRY(makeCurrent(device));
    CUmodule m = static_cast<CUmodule>(module);
    unsigned int count = 0;
    UNIHIP_TRY(check(api_->cuModuleGetFunctionCount(&count, m), "cuModuleGetFunctionCount"));
    std::vector<CUfunction> functions(count);
    if (count != 0)
      UNIHIP_TRY(check(api_->cuModuleEnumerateFunctions(functions.data(), count, m),
                       "cuModuleEnumerateFunctions"));
    names->clear();
    for (CUfunction f : functions) {
      const char* name = nullptr;
      UNIHIP_TRY(check(api_->cuFuncGetName(&name, f), "cuFuncGetName"));
      names->emplace_back(name ? name : "");
    }
    return kOk;
  }

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
                   size_t* size) override {
    UNIHIP_TRY(makeCurrent(device));
    if (!mayDefine(module, name)) return hipErrorNotFound;
    CUdeviceptr p = 0;
    size_t bytes = 0;
    CUresult r = api_->cuModuleGetGlobal(&p, &bytes, static_cast<CUmodule>(module), name);
    if (r == 500) return hipErrorNotFound;
    UNIHIP_TRY(check(r, "cuModuleGetGlobal"));
    *address = reinterpret_cast<void*>(p);
    if (size) *size = bytes;
    return kOk;
  }

  Status functionMaxThreadsPerBlock(int device, NativeFunction function, int* value) override {
    UNIHIP_TRY(makeCurrent(device));
    return check(api_->cuFuncGetAttribute(value, CU_FUNC_ATTRIBUTE_MAX_THREADS_PER_BLOCK,
                                          static_cast<CUfunction>(function)),
                 "cuFuncGetAttribute");
  }

  Status functionAttribute(int device, NativeFunction function, int attribute,
                           int* value) override {
    UNIHIP_TRY(makeCurrent(device));
    return check(api_->cuFuncGetAttribute(value, attribute,
                                          static_cast<CUfunction>(function)),
                 "cuFuncGetAttribute");
  }

  UNIHIP_HOT_TEXT Status launchImpl(int device, NativeFunction function, const LaunchConfig& c,
                                void** args) override {
    UNIHIP_TRY(makeCurrent(device));
    return check(api_->cuLaunchKernel(static_cast<CUfunction>(function), c.grid.x, c.grid.y,
                                      c.grid.z, c.block.x, c.block.y, c.block.z,
                                      c.sharedMemBytes, asStream(c.stream), args, nullptr),
                 "cuLaunchKernel");
  }

  Status launchPackedImpl(int device, NativeFunction function, const LaunchConfig& c,
                      const void* buffer, size_t bytes) override {
    UNIHIP_TRY(makeCurrent(device));
    // AMD's runtime takes a buffer padded past the last parameter (sizeof of the argument
    // struct); the driver refuses one larger than the parameters: clamp it.
    bytes = std::min(bytes, parameterBytes(static_cast<CUfunction>(function)));
    void* extra[] = {reinterpret_cast<void*>(kLaunchParamBufferPointer), const_cast<void*>(buffer),
                     reinterpret_cast<void*>(kLaunchParamBufferSize), &bytes,
                     reinterpret_cast<void*>(kLaunchParamEnd)};
    return check(api_->cuLaunchKernel(static_cast<CUfunction>(function), c.grid.x, c.grid.y,
                                      c.grid.z, c.block.x, c.block.y, c.block.z,
                                      c.sharedMemBytes, asStream(c.stream), nullptr, extra),
                 "cuLaunchKernel (packed arguments)");
  }

  Status launchCooperative(int device, NativeFunction function, const LaunchConfig& c,
                           void** args) override {
    if (api_->cuLaunchCooperativeKernel == nullptr) return hipErrorNotSupported;
    UNIHIP_TRY(makeCurrent(device));
    return check(api_->cuLaunchCooperativeKernel(static_cast<CUfunction>(function), c.grid.x,
                                                 c.grid.y, c.grid.z, c.block.x, c.block.y,
                                                 c.block.z, c.sharedMemBytes, asStream(c.stream),
                                                 args),
                 "cuLaunchCooperativeKernel");
  }

  Status mallocImpl(int device, size_t size, void** ptr) override {
    UNIHIP_TRY(makeCurrent(device));
    CUdeviceptr p = 0;
    UNIHIP_TRY(check(api_->cuMemAlloc(&p, size), "cuMemAlloc"));
    *ptr = reinterpret_cast<void*>(p);
    return kOk;
  }

  Status free(int device, void* ptr) override {
    UNIHIP_TRY(makeCurrent(device));
    return check(api_->cuMemFree(dptr(ptr)), "cuMemFree");
  }

  Status hostMallocImpl(int device, size_t size, unsigned int hipFlags, void** ptr) override {
    UNIHIP_TRY(makeCurrent(device));
    // HIP's pinned memory is visible to every device and mapped into the device address space.
    unsigned flags = CU_MEMHOSTALLOC_PORTABLE | CU_MEMHOSTALLOC_DEVICEMAP;
    if (hipFlags & hipHostMallocWriteCombined) flags |= CU_MEMHOSTALLOC_WRITECOMBINED;
    return check(api_->cuMemHostAlloc(ptr, size, flags), "cuMemHostAlloc");
  }

  Status hostFree(int device, void* ptr) override {
    UNIHIP_TRY(makeCurrent(device));
    return check(api_->cuMemFreeHost(ptr), "cuMemFreeHost");
  }

  Status memcpyImpl(int device, void* dst, const void* src, size_t size,
                CopyDirection dir) override {
    UNIHIP_TRY(makeCurrent(device));
    Status staged;
    if (size >= PageableCopyEngine::kMinBytes && stagedCopy(device, dst, src, size, dir, &staged))
      return staged;
    switch (dir) {
      case CopyDirection::HostToDevice:
        return check(api_->cuMemcpyHtoD(dptr(dst), src, size), "cuMemcpyHtoD");
      case CopyDirection::DeviceToHost:
        return check(api_->cuMemcpyDtoH(dst, dptr(src), size), "cuMemcpyDtoH");
      case CopyDirection::DeviceToDevice:
        UNIHIP_TRY(check(api_->cuMemcpyDtoD(dptr(dst), dptr(src), size), "cuMemcpyDtoD"));
        // hipMemcpy returns once the copy is done, also device to device.
        return check(api_->cuStreamSynchronize(nullptr), "cuStreamSynchronize");
      default:
        return check(api_->cuMemcpy(dptr(dst), dptr(src), size), "cuMemcpy");
    }
  }

  Status memcpyAsyncImpl(int device, void* dst, const void* src, size_t size, CopyDirection dir,
                     NativeStream stream) override {
    UNIHIP_TRY(makeCurrent(device));
    switch (dir) {
      case CopyDirection::HostToDevice:
        return check(api_->cuMemcpyHtoDAsync(dptr(dst), src, size, asStream(stream)),
                     "cuMemcpyHtoDAsync");
      case CopyDirection::DeviceToHost:
        return check(api_->cuMemcpyDtoHAsync(dst, dptr(src), size, asStream(stream)),
                     "cuMemcpyDtoHAsync");
      case CopyDirection::DeviceToDevice:
        return check(api_->cuMemcpyDtoDAsync(dptr(dst), dptr(src), size, asStream(stream)),
                     "cuMemcpyDtoDAsync");
      default:
        return check(api_->cuMemcpyAsync(dptr(dst), dptr(src), size, asStream(stream)),
                     "cuMemcpyAsync");
    }
  }

  Status memcpyBatchAsync(int device, void* const* dsts, const void* const* srcs,
                          const size_t* sizes, size_t count, const BatchCopyAttributes* attrs,
                          const size_t* attrIdxs, size_t numAttrs, size_t* failIdx,
                          NativeStream stream) override {
    static_assert(sizeof(BatchCopyAttributes) == sizeof(cu::CUmemcpyAttributes));
    if (api_->cuMemcpyBatchAsync == nullptr) return hipErrorNotSupported;
    UNIHIP_TRY(makeCurrent(device));
    // The driver takes the arrays as non-const and leaves them unchanged.
    return check(api_->cuMemcpyBatchAsync(
                     reinterpret_cast<CUdeviceptr*>(const_cast<void**>(dsts)),
                     reinterpret_cast<CUdeviceptr*>(const_cast<void**>(srcs)),
                     const_cast<size_t*>(sizes), count,
                     reinterpret_cast<cu::CUmemcpyAttributes*>(
                         const_cast<BatchCopyAttributes*>(attrs)),
                     const_cast<size_t*>(attrIdxs), numAttrs, failIdx, asStream(stream)),
                 "cuMemcpyBatchAsync");
  }

  Status memsetImpl(int device, void* dst, uint8_t value, size_t size) override {
    UNIHIP_TRY(makeCurrent(device));
    return check(api_->cuMemsetD8(dptr(dst), value, size), "cuMemsetD8");
  }

  Status memsetAsyncImpl(int device, void* dst, uint8_t value, size_t size,
                     NativeStream stream) override {
    UNIHIP_TRY(makeCurrent(device));
    return check(api_->cuMemsetD8Async(dptr(dst), value, size, asStream(stream)), "cuMemsetD8Async");
  }

  Status memsetD32AsyncImpl(int device, void* dst, uint32_t value, size_t count,
                        NativeStream stream) override {
    UNIHIP_TRY(makeCurrent(device));
    return check(api_->cuMemsetD32Async(dptr(dst), value, count, asStream(stream)),
                 "cuMemsetD32Async");
  }

  // Pitched copies: one cuMemcpy3DAsync (2-D is depth 1); memory types from the direction, as the
  // linear copies pick their entry point.
  Status memcpyPitchedAsync(int device, const PitchedCopy& c, NativeStream stream) override {
    if (api_->cuMemcpy3DAsync == nullptr) return hipErrorNotSupported;
    int srcType = CU_MEMORYTYPE_UNIFIED, dstType = CU_MEMORYTYPE_UNIFIED;
    switch (c.dir) {
      case CopyDirection::HostToDevice: srcType = CU_MEMORYTYPE_HOST, dstType = CU_MEMORYTYPE_DEVICE; break;
      case CopyDirection::DeviceToHost: srcType = CU_MEMORYTYPE_DEVICE, dstType = CU_MEMORYTYPE_HOST; break;
      case CopyDirection::DeviceToDevice: srcType = dstType = CU_MEMORYTYPE_DEVICE; break;
      case CopyDirection::HostToHost: srcType = dstType = CU_MEMORYTYPE_HOST; break;
      default: break;
    }
    CUDA_MEMCPY3D p{};
    p.srcMemoryType = srcType;
    if (srcType == CU_MEMORYTYPE_HOST)
      p.srcHost = c.src;
    else
      p.srcDevice = dptr(c.src);
    p.srcPitch = c.srcPitch;
    p.srcHeight = c.srcHeight;
    p.dstMemoryType = dstType;
    if (dstType == CU_MEMORYTYPE_HOST)
      p.dstHost = c.dst;
    else
      p.dstDevice = dptr(c.dst);
    p.dstPitch = c.dstPitch;
    p.dstHeight = c.dstHeight;
    p.WidthInBytes = c.width;
    p.Height = c.height;
    p.Depth = c.depth;
    UNIHIP_TRY(makeCurrent(device));
    return check(api_->cuMemcpy3DAsync(&p, asStream(stream)), "cuMemcpy3DAsync");
  }

  Status memsetPitchedAsync(int device, void* dst, size_t pitch, uint8_t value, size_t width,
                            size_t height, NativeStream stream) override {
    if (api_->cuMemsetD2D8Async == nullptr) return hipErrorNotSupported;
    UNIHIP_TRY(makeCurrent(device));
    return check(api_->cuMemsetD2D8Async(dptr(dst), pitch, value, width, height, asStream(stream)),
                 "cuMemsetD2D8Async");
  }

  Status memGetInfo(int device, size_t* free, size_t* total) override {
    UNIHIP_TRY(makeCurrent(device));
    return check(api_->cuMemGetInfo(free, total), "cuMemGetInfo");
  }

  // hipFuncAttribute 8/9, hipOccupancy* flags: the driver's values.
  Status setFunctionAttribute(int device, NativeFunction function, int attribute,
                              int value) override {
    if (api_->cuFuncSetAttribute == nullptr) return hipErrorNotSupported;
    UNIHIP_TRY(makeCurrent(device));
    return check(api_->cuFuncSetAttribute(static_cast<CUfunction>(function), attribute, value),
                 "cuFuncSetAttribute");
  }
  Status occupancyMaxActiveBlocks(int device, NativeFunction function, int blockSize,
                                  size_t dynamicShared, unsigned int flags,
                                  int* numBlocks) override {
    if (api_->cuOccupancyMaxActiveBlocksPerMultiprocessorWithFlags == nullptr)
      return hipErrorNotSupported;
    UNIHIP_TRY(makeCurrent(device));
    return check(api_->cuOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(
                     numBlocks, static_cast<CUfunction>(function), blockSize, dynamicShared,
                     flags),
                 "cuOccupancyMaxActiveBlocksPerMultiprocessorWithFlags");
  }
  Status occupancyMaxPotentialBlockSize(int device, NativeFunction function,
                                        size_t dynamicShared, int blockSizeLimit,
                                        unsigned int flags, int* gridSize,
                                        int* blockSize) override {
    if (api_->cuOccupancyMaxPotentialBlockSizeWithFlags == nullptr) return hipErrorNotSupported;
    UNIHIP_TRY(makeCurrent(device));
    return check(api_->cuOccupancyMaxPotentialBlockSizeWithFlags(
                     gridSize, blockSize, static_cast<CUfunction>(function), nullptr,
                     dynamicShared, blockSizeLimit, flags),
                 "cuOccupancyMaxPotentialBlockSizeWithFlags");
  }
  Status occupancyMaxPotentialClusterSize(int device, NativeFunction function,
                                          const hipLaunchConfig_t& config, NativeStream stream,
                                          int* clusterSize) override {
    return cudaClusterOccupancy(*this, device, static_cast<CUfunction>(function), config,
                                asStream(stream), true, clusterSize);
  }
  Status occupancyMaxActiveClusters(int device, NativeFunction function,
                                    const hipLaunchConfig_t& config, NativeStream stream,
                                    int* numClusters) override {
    return cudaClusterOccupancy(*this, device, static_cast<CUfunction>(function), config,
                                asStream(stream), false, numClusters);
  }
  Status occupancyAvailableDynamicShared(int device, NativeFunction function, int numBlocks,
                                         int blockSize, size_t* bytes) override {
    if (api_->cuOccupancyAvailableDynamicSMemPerBlock == nullptr) return hipErrorNotSupported;
    UNIHIP_TRY(makeCurrent(device));
    return check(api_->cuOccupancyAvailableDynamicSMemPerBlock(
                     bytes, static_cast<CUfunction>(function), numBlocks, blockSize),
                 "cuOccupancyAvailableDynamicSMemPerBlock");
  }

  // Memory family.
  Status memsetD16AsyncImpl(int device, void* dst, uint16_t value, size_t count,
                        NativeStream stream) override {
    UNIHIP_TRY(makeCurrent(device));
    return check(api_->cuMemsetD16Async(dptr(dst), value, count, asStream(stream)),
                 "cuMemsetD16Async");
  }

  // Unified memory family. hipMemAttach* and hipMemoryAdvise 1-6 and hipMemRangeAttribute 1-4
  // have the driver's values.
  Status mallocManagedImpl(int device, size_t size, unsigned int hipFlags, void** ptr) override {
    if (api_->cuMemAllocManaged == nullptr) return hipErrorNotSupported;
    UNIHIP_TRY(makeCurrent(device));
    CUdeviceptr p = 0;
    UNIHIP_TRY(check(api_->cuMemAllocManaged(&p, size, hipFlags), "cuMemAllocManaged"));
    *ptr = reinterpret_cast<void*>(p);
    return kOk;
  }
  Status freeManaged(int device, void* ptr) override { return free(device, ptr); }

  Status prefetchImpl(int device, const void* ptr, size_t count, int target,
                  NativeStream stream) override {
    if (api_->cuMemPrefetchAsync == nullptr) return hipErrorNotSupported;
    UNIHIP_TRY(makeCurrent(device));
    return check(api_->cuMemPrefetchAsync(dptr(ptr), count, location(target), asStream(stream)),
                 "cuMemPrefetchAsync");
  }

  Status discardBatchAsync(int device, void* const* ptrs, const size_t* sizes, size_t count,
                           NativeStream stream) override {
    if (api_->cuMemDiscardBatchAsync == nullptr) return hipErrorNotSupported;
    UNIHIP_TRY(makeCurrent(device));
    return check(api_->cuMemDiscardBatchAsync(
                     reinterpret_cast<CUdeviceptr*>(const_cast<void**>(ptrs)),
                     const_cast<size_t*>(sizes), count, 0, asStream(stream)),
                 "cuMemDiscardBatchAsync");
  }

  Status advise(int device, const void* ptr, size_t count, int advice, int target) override {
    if (advice == hipMemAdviseSetCoarseGrain || advice == hipMemAdviseUnsetCoarseGrain)
      return kOk;  // AMD's coherence hint: NVIDIA's managed memory is always coherent
    if (api_->cuMemAdvise == nullptr) return hipErrorNotSupported;
    UNIHIP_TRY(makeCurrent(device));
    return check(api_->cuMemAdvise(dptr(ptr), count, advice, location(target)), "cuMemAdvise");
  }

  Status rangeAttribute(int device, void* data, size_t dataSize, int attribute, const void* ptr,
                        size_t count) override {
    if (attribute == hipMemRangeAttributeCoherencyMode) {
      *static_cast<int*>(data) = hipMemRangeCoherencyModeFineGrain;  // always coherent here
      return kOk;
    }
    if (api_->cuMemRangeGetAttribute == nullptr) return hipErrorNotSupported;
    UNIHIP_TRY(makeCurrent(device));
    // Devices come back as CUdevice ordinals, this backend's numbering (CU_DEVICE_CPU = -1).
    return check(api_->cuMemRangeGetAttribute(data, dataSize, attribute, dptr(ptr), count),
                 "cuMemRangeGetAttribute");
  }

  Status streamAttachMemory(int device, NativeStream stream, void* ptr, size_t length,
                            unsigned int flags) override {
    if (api_->cuStreamAttachMemAsync == nullptr) return hipErrorNotSupported;
    UNIHIP_TRY(makeCurrent(device));
    return check(api_->cuStreamAttachMemAsync(asStream(stream), dptr(ptr), length, flags),
                 "cuStreamAttachMemAsync");
  }

  Status hostRegister(int device, void* ptr, size_t size, unsigned int hipFlags,
                      void** devicePointer) override {
    if (api_->cuMemHostRegister == nullptr || api_->cuMemHostGetDevicePointer == nullptr)
      return hipErrorNotSupported;
    UNIHIP_TRY(makeCurrent(device));
    // Portable and mapped always, as AMD's runtime registers; I/O memory as asked. (0x8 is both
    // hipHostRegisterReadOnly and AMD's hipExtHostRegisterCoarseGrained: not passed on.)
    unsigned flags = CU_MEMHOSTREGISTER_PORTABLE | CU_MEMHOSTREGISTER_DEVICEMAP |
                     (hipFlags & hipHostRegisterIoMemory);
    UNIHIP_TRY(check(api_->cuMemHostRegister(ptr, size, flags), "cuMemHostRegister"));
    CUdeviceptr d = 0;
    Status s = check(api_->cuMemHostGetDevicePointer(&d, ptr, 0), "cuMemHostGetDevicePointer");
    if (!s.ok()) {
      (void)api_->cuMemHostUnregister(ptr);
      return s;
    }
    *devicePointer = reinterpret_cast<void*>(d);
    return kOk;
  }

  Status hostUnregister(int device, void* ptr) override {
    if (api_->cuMemHostUnregister == nullptr) return hipErrorNotSupported;
    UNIHIP_TRY(makeCurrent(device));
    return check(api_->cuMemHostUnregister(ptr), "cuMemHostUnregister");
  }

  Status setSyncMemops(int device, const void* ptr, bool sync) override {
    if (api_->cuPointerSetAttribute == nullptr) return hipErrorNotSupported;
    UNIHIP_TRY(makeCurrent(device));
    const unsigned value = sync ? 1 : 0;
    return check(api_->cuPointerSetAttribute(&value, CU_POINTER_ATTRIBUTE_SYNC_MEMOPS,
                                             reinterpret_cast<CUdeviceptr>(ptr)),
                 "cuPointerSetAttribute");
  }

  Status memGetAddressRange(int device, const void* ptr, void** base, size_t* size) override {
    UNIHIP_TRY(makeCurrent(device));
    CUdeviceptr b = 0;
    CUresult r = api_->cuMemGetAddressRange(&b, size, dptr(ptr));
    if (r == CUDA_ERROR_NOT_FOUND || r == 1 /* CUDA_ERROR_INVALID_VALUE: not a device pointer */)
      return hipErrorNotFound;
    UNIHIP_TRY(check(r, "cuMemGetAddressRange"));
    *base = reinterpret_cast<void*>(b);
    return kOk;
  }

  // A dma-buf of the range: the driver's own checks (page-aligned ranges of device memory,
  // CU_DEVICE_ATTRIBUTE_DMA_BUF_SUPPORTED, else CUDA_ERROR_NOT_SUPPORTED).
  Status memRangeHandle(int device, void* handle, const void* ptr, size_t size, int handleType,
                        unsigned long long flags) override {
    if (api_->cuMemGetHandleForAddressRange == nullptr) return hipErrorNotSupported;
    UNIHIP_TRY(makeCurrent(device));
    return check(api_->cuMemGetHandleForAddressRange(handle, dptr(ptr), size, handleType, flags),
                 "cuMemGetHandleForAddressRange");
  }

  Status canAccessPeer(int device, int peer, int* value) override {
    return check(api_->cuDeviceCanAccessPeer(value, devices_[device]->handle,
                                             devices_[peer]->handle),
                 "cuDeviceCanAccessPeer");
  }

  Status vendorContextHandle(int device, void** handle) override {
    UNIHIP_TRY(makeCurrent(device));  // retains the primary context
    *handle = devices_[device]->context.load(std::memory_order_relaxed);
    return kOk;
  }

  Status bindVendorContext(int device) override {
    return bindContext(device, resetEpoch_.load(std::memory_order_acquire));
  }

  Status enablePeerAccess(int device, int peer) override {
    UNIHIP_TRY(makeCurrent(peer));  // retains the peer's primary context
    CUcontext peerContext = devices_[peer]->context.load(std::memory_order_relaxed);
    UNIHIP_TRY(makeCurrent(device));
    if (api_->cuCtxEnablePeerAccess == nullptr) return hipErrorNotSupported;
    CUresult r = api_->cuCtxEnablePeerAccess(peerContext, 0);
    if (r == 704) return hipErrorPeerAccessAlreadyEnabled;  // an answer, not a failure to log
    return check(r, "cuCtxEnablePeerAccess");
  }

  Status disablePeerAccess(int device, int peer) override {
    UNIHIP_TRY(makeCurrent(peer));
    CUcontext peerContext = devices_[peer]->context.load(std::memory_order_relaxed);
    UNIHIP_TRY(makeCurrent(device));
    if (api_->cuCtxDisablePeerAccess == nullptr) return hipErrorNotSupported;
    CUresult r = api_->cuCtxDisablePeerAccess(peerContext);
    if (r == 705) return hipErrorPeerAccessNotEnabled;
    return check(r, "cuCtxDisablePeerAccess");
  }

  Status p2pAttribute(int src, int dst, hipDeviceP2PAttr attr, int* value) override {
    int cuAttr = 0;
    switch (attr) {
      case hipDevP2PAttrPerformanceRank: cuAttr = CU_DEVICE_P2P_ATTRIBUTE_PERFORMANCE_RANK; break;
      case hipDevP2PAttrAccessSupported: cuAttr = CU_DEVICE_P2P_ATTRIBUTE_ACCESS_SUPPORTED; break;
      case hipDevP2PAttrNativeAtomicSupported:
        cuAttr = CU_DEVICE_P2P_ATTRIBUTE_NATIVE_ATOMIC_SUPPORTED;
        break;
      case hipDevP2PAttrHipArrayAccessSupported:
        cuAttr = CU_DEVICE_P2P_ATTRIBUTE_CUDA_ARRAY_ACCESS_SUPPORTED;
        break;
      default: return hipErrorInvalidValue;
    }
    return check(api_->cuDeviceGetP2PAttribute(value, cuAttr, devices_[src]->handle,
                                               devices_[dst]->handle),
                 "cuDeviceGetP2PAttribute");
  }
  // The link type is an HSA notion (hsa_amd_link_info_type_t), which the driver API does not
  // give. Derived from the P2P attributes: a pair with native peer atomics is NVLink-connected
  // (PCIe peer links have none), reported as HSA_AMD_LINK_INFO_TYPE_XGMI (4, AMD's GPU-to-GPU
  // fabric); any other pair as HSA_AMD_LINK_INFO_TYPE_PCIE (2). Hops: 1 for a pair with direct
  // peer access, 2 (through the host bridge) for one without.
  Status linkTypeAndHopCount(int device1, int device2, uint32_t* linkType,
                             uint32_t* hopCount) override {
    int access = 0, atomics = 0;
    UNIHIP_TRY(p2pAttribute(device1, device2, hipDevP2PAttrAccessSupported, &access));
    UNIHIP_TRY(p2pAttribute(device1, device2, hipDevP2PAttrNativeAtomicSupported, &atomics));
    *linkType = access && atomics ? 4u : 2u;
    *hopCount = access ? 1u : 2u;
    return kOk;
  }

  // The driver's profiler control acts on the current context: the device's primary one.
  Status profilerControl(int device, bool start) override {
    auto call = start ? api_->cuProfilerStart : api_->cuProfilerStop;
    if (call == nullptr) return hipErrorNotSupported;
    UNIHIP_TRY(makeCurrent(device));
    return check(call(), start ? "cuProfilerStart" : "cuProfilerStop");
  }

  Status streamCreate(int device, unsigned int hipFlags, int priority,
                      NativeStream* stream) override {
    UNIHIP_TRY(makeCurrent(device));
    unsigned flags = (hipFlags & hipStreamNonBlocking) ? CU_STREAM_NON_BLOCKING : CU_STREAM_DEFAULT;
    CUstream s = nullptr;
    UNIHIP_TRY(check(api_->cuStreamCreateWithPriority(&s, flags, priority),
                     "cuStreamCreateWithPriority"));
    *stream = s;
    return kOk;
  }

  Status streamDestroy(int device, NativeStream stream) override {
    UNIHIP_TRY(makeCurrent(device));
    return check(api_->cuStreamDestroy(asStream(stream)), "cuStreamDestroy");
  }

  UNIHIP_HOT_TEXT Status streamSynchronizeImpl(int device, NativeStream stream) override {
    UNIHIP_TRY(makeCurrent(device));
    return check(api_->cuStreamSynchronize(asStream(stream)), "cuStreamSynchronize");
  }

  Status streamQueryImpl(int device, NativeStream stream) override {
    UNIHIP_TRY(makeCurrent(device));
    return check(api_->cuStreamQuery(asStream(stream)), "cuStreamQuery");
  }

  Status streamWaitEventImpl(int device, NativeStream stream, NativeEvent event) override {
    UNIHIP_TRY(makeCurrent(device));
    return check(api_->cuStreamWaitEvent(asStream(stream), asEvent(event), 0), "cuStreamWaitEvent");
  }

  Status launchHostFuncImpl(int device, NativeStream stream, void (*fn)(void*),
                        void* userData) override {
    UNIHIP_TRY(makeCurrent(device));
    return check(api_->cuLaunchHostFunc(asStream(stream), fn, userData), "cuLaunchHostFunc");
  }

  // Stream memory operations. The driver has no mask: a full mask maps directly, AND folds the
  // mask into the value; other masked comparisons have no driver equivalent.
  Status streamWaitValue(int device, NativeStream stream, void* ptr, uint64_t value, uint64_t mask,
                         unsigned int flags, bool is64) override {
    const uint64_t full = is64 ? ~uint64_t{0} : uint64_t{0xffffffffu};
    if ((mask & full) != full) {
      if (flags != CU_STREAM_WAIT_VALUE_AND) return hipErrorNotSupported;
      value &= mask;
    }
    UNIHIP_TRY(makeCurrent(device));
    if (is64)
      return check(api_->cuStreamWaitValue64(asStream(stream), dptr(ptr), value, flags),
                   "cuStreamWaitValue64");
    return check(api_->cuStreamWaitValue32(asStream(stream), dptr(ptr),
                                           static_cast<uint32_t>(value), flags),
                 "cuStreamWaitValue32");
  }

  Status streamWriteValue(int device, NativeStream stream, void* ptr, uint64_t value,
                          bool is64) override {
    UNIHIP_TRY(makeCurrent(device));
    if (is64)
      return check(api_->cuStreamWriteValue64(asStream(stream), dptr(ptr), value,
                                              CU_STREAM_WRITE_VALUE_DEFAULT),
                   "cuStreamWriteValue64");
    return check(api_->cuStreamWriteValue32(asStream(stream), dptr(ptr),
                                            static_cast<uint32_t>(value),
                                            CU_STREAM_WRITE_VALUE_DEFAULT),
                 "cuStreamWriteValue32");
  }
  // One cuStreamBatchMemOp, which a capture records as one batch node. HIP's operations have
  // the driver's layout; writes lose their flags, as the single writes do.
  Status streamBatchMemOp(int device, NativeStream stream, const hipStreamBatchMemOpParams* ops,
                          unsigned count) override {
    static_assert(sizeof(hipStreamBatchMemOpParams) == sizeof(CUstreamBatchMemOpParams));
    constexpr unsigned kMaxOps = 256;  // the API layer's limit (AMD's)
    if (api_->cuStreamBatchMemOp == nullptr)
      return QueueOps::streamBatchMemOp(device, stream, ops, count);
    if (count > kMaxOps) return hipErrorInvalidValue;
    hipStreamBatchMemOpParams local[kMaxOps];
    std::memcpy(local, ops, count * sizeof *ops);
    for (unsigned i = 0; i < count; ++i) {
      if (local[i].operation == hipStreamMemOpWriteValue32 ||
          local[i].operation == hipStreamMemOpWriteValue64)
        local[i].writeValue.flags = CU_STREAM_WRITE_VALUE_DEFAULT;
    }
    UNIHIP_TRY(makeCurrent(device));
    return check(api_->cuStreamBatchMemOp(asStream(stream), count,
                                          reinterpret_cast<CUstreamBatchMemOpParams*>(local), 0),
                 "cuStreamBatchMemOp");
  }
  // CU masks are an AMD concept (HIP on NVIDIA lacks them): Backend's NotSupported answer.
  // unihip-coverage: not-supported hipExtStreamCreateWithCUMask hipExtStreamGetCUMask

  Status streamPriorityRange(int device, int* least, int* greatest) override {
    UNIHIP_TRY(makeCurrent(device));
    return check(api_->cuCtxGetStreamPriorityRange(least, greatest),
                 "cuCtxGetStreamPriorityRange");
  }

  NativeStream perThreadStream(int device) override {
    (void)device;
    return CU_STREAM_PER_THREAD;
  }

  Status eventCreate(int device, unsigned int hipFlags, NativeEvent* event) override {
    UNIHIP_TRY(makeCurrent(device));
    unsigned flags = CU_EVENT_DEFAULT;
    if (hipFlags & hipEventBlockingSync) flags |= CU_EVENT_BLOCKING_SYNC;
    if (hipFlags & hipEventDisableTiming) flags |= CU_EVENT_DISABLE_TIMING;
    if (hipFlags & hipEventInterprocess) flags |= CU_EVENT_INTERPROCESS;
    CUevent e = nullptr;
    UNIHIP_TRY(check(api_->cuEventCreate(&e, flags), "cuEventCreate"));
    *event = e;
    return kOk;
  }

  Status eventDestroy(int device, NativeEvent event) override {
    UNIHIP_TRY(makeCurrent(device));
    return check(api_->cuEventDestroy(asEvent(event)), "cuEventDestroy");
  }

  Status eventRecordImpl(int device, NativeEvent event, NativeStream stream) override {
    UNIHIP_TRY(makeCurrent(device));
    return check(api_->cuEventRecord(asEvent(event), asStream(stream)), "cuEventRecord");
  }

  Status eventSynchronize(int device, NativeEvent event) override {
    UNIHIP_TRY(makeCurrent(device));
    return check(api_->cuEventSynchronize(asEvent(event)), "cuEventSynchronize");
  }

  Status eventQuery(int device, NativeEvent event) override {
    UNIHIP_TRY(makeCurrent(device));
    return check(api_->cuEventQuery(asEvent(event)), "cuEventQuery");
  }

  Status eventElapsedTime(int device, NativeEvent start, NativeEvent stop, float* ms) override {
    UNIHIP_TRY(makeCurrent(device));
    // A pending event is hipErrorNotReady; asked with cuEventQuery, whose "not ready" is an
    // answer, not a failed call (compute-sanitizer reports cuEventElapsedTime's).
    for (NativeEvent e : {start, stop}) {
      const CUresult q = api_->cuEventQuery(asEvent(e));
      if (q == CUDA_ERROR_NOT_READY) return hipErrorNotReady;
      UNIHIP_TRY(check(q, "cuEventQuery"));
    }
    return check(api_->cuEventElapsedTime(ms, asEvent(start), asEvent(stop)), "cuEventElapsedTime");
  }

  Status deviceSynchronizeImpl(int device) override {
    UNIHIP_TRY(makeCurrent(device));
    return check(api_->cuCtxSynchronize(), "cuCtxSynchronize");
  }

  // device family (exec): CUlimit's first three values are hipLimit_t's.
  Status getLimit(int device, hipLimit_t limit, size_t* value) override {
    UNIHIP_TRY(makeCurrent(device));
    return check(api_->cuCtxGetLimit(value, static_cast<int>(limit)), "cuCtxGetLimit");
  }
  Status setLimit(int device, hipLimit_t limit, size_t value) override {
    UNIHIP_TRY(makeCurrent(device));
    return check(api_->cuCtxSetLimit(static_cast<int>(limit), value), "cuCtxSetLimit");
  }

  Status deviceReset(int device) override {
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

 private:
  // Sends a large copy between pageable host memory and the device through the device's staging
  // engine (built at the first such copy). False when the driver's own path should copy.
  bool stagedCopy(int device, void* dst, const void* src, size_t size, CopyDirection dir,
                  Status* status) {
    if (!stagingEnabled()) return false;
    if (dir != CopyDirection::HostToDevice && dir != CopyDirection::DeviceToHost) return false;
    const void* host = dir == CopyDirection::HostToDevice ? src : dst;
    if (!isPageableHostMemory(*api_, host)) return false;
    CudaDevice& d = *devices_[device];
    PageableCopyEngine* engine = nullptr;
    {
      std::lock_guard<std::mutex> lock(d.stagingMutex);
      if (!d.staging && !d.stagingFailed) {
        d.staging = PageableCopyEngine::create(*api_);
        d.stagingFailed = d.staging == nullptr;
        if (d.staging) {
          static std::once_flag atExit;
          std::call_once(atExit, [] { std::atexit(releaseStagingAtExit); });
          g_stagingOwner.store(this);
        }
        if (d.stagingFailed) UNIHIP_LOG_INFO("cuda device {}: no staging buffers; pageable copies take the driver's path", device);
      }
      engine = d.staging.get();
    }
    if (engine == nullptr) return false;
    CUresult r = CUDA_SUCCESS;
    bool copied = dir == CopyDirection::HostToDevice
                      ? engine->tryToDevice(dptr(dst), src, size, &r)
                      : engine->tryToHost(dst, dptr(src), size, &r);
    if (copied) *status = check(r, "staged pageable copy");
    return copied;
  }

  // Maps a driver result; failures are logged with the call's name (NOT_READY is an answer).
  // Success inline; the failure (logging, the error's name) out of line, so the callers on the
  // launch and copy paths keep nothing alive across the driver call for it.
  Status check(CUresult r, const char* call) const override {
    if (r == CUDA_SUCCESS) [[likely]]
      return kOk;
    return failed(r, call);
  }

  [[gnu::noinline, gnu::cold]] Status failed(CUresult r, const char* call) const {
    if (r != CUDA_ERROR_NOT_READY) {
      const char* name = nullptr;
      if (api_->cuGetErrorName(r, &name) != CUDA_SUCCESS) name = "unknown";
      UNIHIP_LOG_DEBUG("cuda: {} failed: {} ({})", call, name, r);
    }
    return toHipError(r);
  }

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

  [[gnu::noinline]] Status bindContext(int device, uint32_t epoch) {
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

}  // namespace

namespace {
void releaseStagingAtExit() {
  if (CudaBackend* b = g_stagingOwner.load()) b->releaseStaging();
}
}  // namespace

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
