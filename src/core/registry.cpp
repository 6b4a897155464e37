#include "core/registry.h"

#include <cstring>
#include <limits>

#include "base/hot_text.h"
#include "core/active_captures.h"
#include "core/graph/capture_guard.h"
#include "core/launch_generation.h"
#include "base/log.h"

namespace unihip {

std::atomic<Registry*> Registry::instance_{nullptr};

Registry& Registry::create() {
  // Never destroyed: __hipUnregisterFatBinary runs from atexit, after static destructors.
  static Registry* instance = [] {
    auto* r = new Registry();
    instance_.store(r, std::memory_order_release);
    return r;
  }();
  return *instance;
}

FatBinary* Registry::registerFatBinary(const void* wrapperPtr) {
  if (wrapperPtr == nullptr ||
      !ImageView::unsized(wrapperPtr).readable(0, sizeof(FatBinaryWrapper))) {
    UNIHIP_LOG_ERROR("__hipRegisterFatBinary: null or unreadable wrapper {}", wrapperPtr);
    return nullptr;
  }
  FatBinaryWrapper wrapper;
  std::memcpy(&wrapper, wrapperPtr, sizeof wrapper);
  if (wrapper.magic != kFatBinaryWrapperMagic || wrapper.version != 1) {
    UNIHIP_LOG_ERROR("__hipRegisterFatBinary: bad wrapper (magic {:#x}, version {})",
                     wrapper.magic, wrapper.version);
    return nullptr;
  }
  auto* fatbin = new FatBinary();
  fatbin->image = wrapper.binary;
  bool started = false;
  {
    std::lock_guard<std::mutex> lock(mutex_);
    fatbins_.push_back(fatbin);
    registrations_.fetch_add(1, std::memory_order_relaxed);
    started = started_;
  }
  if (started) digest(fatbin);
  return fatbin;
}

void Registry::digest(FatBinary* fatbin) {
  std::lock_guard<std::mutex> lock(fatbin->mutex);
  if (fatbin->image != nullptr && isCompressedBundle(ImageView::unsized(fatbin->image))) return;
  parseLocked(fatbin);
}

void Registry::start() {
  // mutex_ held throughout: a fat binary unregistered (its library unloaded) meanwhile would
  // otherwise be read after its memory is gone.
  std::lock_guard<std::mutex> lock(mutex_);
  indexPendingLocked();
  started_ = true;
  for (FatBinary* fatbin : fatbins_)
    if (fatbin->registered) digest(fatbin);
}

Status Registry::parse(FatBinary* fatbin) {
  std::lock_guard<std::mutex> lock(fatbin->mutex);
  return parseLocked(fatbin);
}

UNIHIP_HOT_TEXT const Status& Registry::parseLocked(FatBinary* fatbin) {
  if (fatbin->parsed) return fatbin->status;
  fatbin->parsed = true;
  // The wrapper gives no size: the bundle's own header bounds it, checked against the loaded
  // segment that holds it or, for heap memory, against the pages the kernel says are readable.
  fatbin->status = fatbin->image == nullptr
                       ? Status(hipErrorInvalidImage)
                       : parseFatBinary(ImageView::unsized(fatbin->image), &fatbin->entries,
                                        &fatbin->decompressed);
  parseCount_.fetch_add(1, std::memory_order_relaxed);
  if (log::shouldLog(log::Level::debug)) {
    for (const auto& e : fatbin->entries)
      UNIHIP_LOG_DEBUG("fat binary {}: entry '{}' ({}, {} bytes)", fatbin->image, e.id,
                       imageKindName(e.kind), e.size);
  }
  return fatbin->status;
}

void Registry::registerFunction(FatBinary* fatbin, const void* hostFunction,
                                const char* deviceName) {
  if (fatbin == nullptr || hostFunction == nullptr || deviceName == nullptr) {
    UNIHIP_LOG_ERROR("__hipRegisterFunction: null argument");
    return;
  }
  {
    std::lock_guard<std::mutex> lock(mutex_);
    // Room for a large program's kernels at once: growing by doubling from 1 costs copies.
    if (pendingKernels_.capacity() == 0) pendingKernels_.reserve(1024);
    pendingKernels_.push_back({fatbin, hostFunction, deviceName});
    registrations_.fetch_add(1, std::memory_order_relaxed);
    pending_.store(true, std::memory_order_release);
  }
  // A launch cache may hold this host function's previous record (launch_generation.h).
  invalidateLaunchCaches();
}

void Registry::indexPending() {
  std::lock_guard<std::mutex> lock(mutex_);
  indexPendingLocked();
}

void Registry::indexPendingLocked() {
  if (pendingKernels_.empty()) return;
  const size_t n = pendingKernels_.size();
  auto block = std::make_unique<KernelRecord[]>(n);
  for (size_t i = 0; i < n;) {
    // Runs of one fat binary (a module constructor's kernels) take its lock once.
    FatBinary* fatbin = pendingKernels_[i].fatbin;
    size_t end = i;
    while (end < n && pendingKernels_[end].fatbin == fatbin) ++end;
    std::lock_guard<std::mutex> fatbinLock(fatbin->mutex);
    fatbin->kernels.reserve(fatbin->kernels.size() + (end - i));
    for (; i < end; ++i) {
      const PendingKernel& p = pendingKernels_[i];
      KernelRecord& kernel = block[i];
      kernel.fatbin = fatbin;
      kernel.name = p.name;
      kernel.hostFunction = p.hostFunction;
      fatbin->kernels.push_back(&kernel);
    }
  }
  // In registration order: a host function registered again gets its latest record.
  kernels_.insertMany(n,
                      [&](size_t i) { return std::make_pair(block[i].hostFunction, &block[i]); });
  recordBlocks_.push_back(std::move(block));
  pendingKernels_.clear();
  pendingKernels_.shrink_to_fit();
  // After the inserts: a reader that sees false also sees the records (findKernel).
  pending_.store(false, std::memory_order_release);
}

void Registry::registerVariable(FatBinary* fatbin, void* hostVariable, const char* deviceName,
                                size_t size, bool constant) {
  if (fatbin == nullptr || hostVariable == nullptr || deviceName == nullptr) {
    UNIHIP_LOG_ERROR("__hipRegisterVar: null argument");
    return;
  }
  auto* variable = new VariableRecord();
  variable->fatbin = fatbin;
  variable->name = deviceName;
  variable->hostVariable = hostVariable;
  variable->size = size;
  variable->constant = constant;
  std::lock_guard<std::mutex> lock(mutex_);
  {
    std::lock_guard<std::mutex> fatbinLock(fatbin->mutex);
    fatbin->variables.push_back(variable);
  }
  variables_.insert(hostVariable, variable);
}

void Registry::unregisterFatBinary(FatBinary* fatbin) {
  if (fatbin == nullptr) return;
  {
    std::lock_guard<std::mutex> lock(mutex_);
    if (!fatbin->registered) return;
    fatbin->registered = false;
    indexPendingLocked();  // its kernels may still be pending
    for (KernelRecord* k : fatbin->kernels) kernels_.erase(k->hostFunction);
    for (VariableRecord* v : fatbin->variables) variables_.erase(v->hostVariable);
    invalidateLaunchCaches();
  }
  // Modules stay loaded: at process exit the driver may already be gone, and a kernel that is
  // still running must keep its code. Records are kept so a racing reader never sees freed memory.
  // Managed memory goes (after the device's work), as CUDA's runtime frees it with the module.
  releaseManagedStorage(fatbin);
}

void Registry::loadAll(const Device& device, NativeStream stream) {
  // Work queued into a capture runs only at a graph's launch, and a module load during a
  // global-mode capture invalidates it (the driver counts it unsafe): a capturing stream's
  // loads are left to the first launches. Asked of the driver only while a capture is active.
  if (active_captures::any() && isCapturing(device, stream)) return;
  std::atomic<uint64_t>& loaded = loadedRegistrations_[device.ordinal];
  if (loaded.load(std::memory_order_acquire) == registrations_.load(std::memory_order_acquire))
    return;
  // mutex_ held throughout: a fat binary unregistered meanwhile is skipped, not read after its
  // library is gone. Loading takes only the fat binaries' own locks.
  std::lock_guard<std::mutex> lock(mutex_);
  indexPendingLocked();
  const uint64_t mark = registrations_.load(std::memory_order_relaxed);
  for (FatBinary* fatbin : fatbins_) {
    if (!fatbin->registered) continue;
    std::vector<KernelRecord*> kernels;
    {
      std::lock_guard<std::mutex> fatbinLock(fatbin->mutex);
      // A compressed bundle not yet used stays so (decompressing every one costs what the
      // runtime's start avoids); a corrupt one has nothing to load.
      if (!fatbin->parsed || !fatbin->status.ok()) continue;
      size_t index = 0;
      if (!device.backend->selectImage(device.local, fatbin->entries, &index).ok()) continue;
      NativeModule module = nullptr;
      if (!moduleFor(fatbin, device, &module).ok()) continue;
      kernels = fatbin->kernels;
    }
    NativeFunction f = nullptr;
    for (KernelRecord* kernel : kernels) (void)function(kernel, device, &f);
  }
  loaded.store(mark, std::memory_order_release);
}

UNIHIP_HOT_TEXT Status Registry::moduleFor(FatBinary* fatbin, const Device& device,
                                           NativeModule* module) {
  if (const Status& parsed = parseLocked(fatbin); !parsed.ok()) return parsed;
  if (!fatbin->modules)
    fatbin->modules = std::make_unique<std::array<FatBinary::DeviceModule, kMaxDevices>>();
  FatBinary::DeviceModule& slot = (*fatbin->modules)[device.ordinal];
  if (!slot.attempted) {
    slot.attempted = true;
    size_t index = 0;
    slot.status = device.backend->selectImage(device.local, fatbin->entries, &index);
    if (slot.status.ok()) {
      const BundleEntry& e = fatbin->entries[index];
      UNIHIP_LOG_DEBUG("device {}: loading '{}' ({}, {} bytes)", device.ordinal, e.id,
                       imageKindName(e.kind), e.size);
      slot.status = device.backend->loadRegisteredModule(device.local, e, &slot.module);
      if (slot.status.ok() && !fatbin->managedVariables.empty())
        slot.status = bindManagedVariables(fatbin, device, slot.module);
    } else {
      UNIHIP_LOG_ERROR("device {} ({}): no image in the fat binary fits", device.ordinal,
                       device.props->name);
    }
  }
  *module = slot.module;
  return slot.status;
}

UNIHIP_HOT_TEXT Status Registry::resolve(KernelRecord* kernel, const Device& device,
                                         NativeFunction* out) {
  FatBinary* fatbin = kernel->fatbin;
  std::lock_guard<std::mutex> lock(fatbin->mutex);
  // A kernel of a corrupt fat binary is no device function (AMD's runtime answers the same).
  if (!parseLocked(fatbin).ok()) return hipErrorInvalidDeviceFunction;
  std::atomic<NativeFunction>* functions = kernel->functions.load(std::memory_order_acquire);
  NativeFunction f =
      functions ? functions[device.ordinal].load(std::memory_order_acquire) : nullptr;
  if (f == nullptr) {
    NativeModule module = nullptr;
    UNIHIP_TRY(moduleFor(fatbin, device, &module));
    // The name is NUL-terminated: it views the C string registration was given.
    Status s = device.backend->getFunction(device.local, module, kernel->name.data(), &f);
    if (!s.ok()) {
      // Any other failure (a sticky fault of the context) is the driver's answer to pass on.
      if (s != Status(hipErrorNotFound) && s != Status(hipErrorInvalidDeviceFunction)) return s;
      UNIHIP_LOG_ERROR("kernel '{}' is not in the image loaded for device {}", kernel->name,
                       device.ordinal);
      return hipErrorInvalidDeviceFunction;
    }
    if (functions == nullptr) {
      functions = new std::atomic<NativeFunction>[kMaxDevices]();  // never freed: racing readers
      kernel->functions.store(functions, std::memory_order_release);
    }
    functions[device.ordinal].store(f, std::memory_order_release);
  }
  *out = f;
  return kOk;
}

Status Registry::variableAddress(VariableRecord* variable, const Device& device, void** address,
                                 size_t* size) {
  FatBinary* fatbin = variable->fatbin;
  std::lock_guard<std::mutex> lock(fatbin->mutex);
  NativeModule module = nullptr;
  UNIHIP_TRY(moduleFor(fatbin, device, &module));
  Status s = device.backend->getGlobal(device.local, module, variable->name.c_str(), address, size);
  return s.ok() ? kOk : Status(hipErrorInvalidSymbol);
}

const void* Registry::hostFunctionOf(NativeFunction f) {
  if (f == nullptr) return nullptr;
  std::vector<FatBinary*> all;
  {
    std::lock_guard<std::mutex> lock(mutex_);
    all = fatbins_;
  }
  for (FatBinary* fatbin : all) {
    std::lock_guard<std::mutex> lock(fatbin->mutex);
    for (KernelRecord* k : fatbin->kernels) {
      const std::atomic<NativeFunction>* functions = k->functions.load(std::memory_order_acquire);
      if (functions == nullptr) continue;
      for (int d = 0; d < kMaxDevices; ++d)
        if (functions[d].load(std::memory_order_acquire) == f) return k->hostFunction;
    }
  }
  return nullptr;
}

void Registry::forgetDevice(int ordinal) {
  if (ordinal < 0 || ordinal >= kMaxDevices) return;
  loadedRegistrations_[ordinal].store(0, std::memory_order_release);
  std::vector<FatBinary*> all;
  {
    std::lock_guard<std::mutex> lock(mutex_);
    all = fatbins_;
  }
  for (FatBinary* fatbin : all) {
    std::lock_guard<std::mutex> lock(fatbin->mutex);
    if (fatbin->modules) (*fatbin->modules)[ordinal] = FatBinary::DeviceModule{};
    dropManagedStorage(fatbin, ordinal);
    for (KernelRecord* k : fatbin->kernels)
      if (std::atomic<NativeFunction>* functions = k->functions.load(std::memory_order_acquire))
        functions[ordinal].store(nullptr, std::memory_order_release);
  }
  invalidateLaunchCaches();
}

}  // namespace unihip
