// The registry of fat binaries that clang's module constructors register, and of their kernels
// and device variables.
//
// Registration (from static constructors, possibly on many threads) does no GPU work: before the
// runtime starts it reads only the wrapper and appends each kernel's (host function, name) to a
// pending list. The kernel records and the host-function index are built from that list when the
// runtime starts or at the first lookup after a registration (a program with 1,000 kernels would
// otherwise pay a record, a heap string and a hash insert per kernel before main, and the page
// faults of that memory). Each bundle is parsed once, as AMD's runtime digests fat binaries: at
// the runtime's start, or at registration once it has started, so that a kernel's first launch
// does not pay it; a compressed bundle at its first use instead (decompressing is the costly
// part, and most of a large library's kernels never run). Each device's image is chosen and
// loaded at the first launch that needs it, then cached; functions are cached per kernel and
// device.
// Thread safety: registration, indexing and loading take a mutex; findKernel() with nothing
// pending and the cached function lookup are lock-free.
#pragma once

#include <array>
#include <atomic>
#include <cstdint>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>
#include <vector>

#include "backend.h"
#include "core/runtime.h"
#include "base/status.h"
#include "base/bundle.h"
#include "core/host_function_map.h"

namespace unihip {

struct FatBinary;

struct KernelRecord {
  FatBinary* fatbin = nullptr;
  // The mangled device name, not copied: clang's strings are static in the binary that
  // registers them, which unregisters before it is unmapped (as cudart keeps them).
  std::string_view name;
  const void* hostFunction = nullptr;
  // kMaxDevices cached functions, allocated at the kernel's first resolve (most registered
  // kernels of a large program never run); null before.
  std::atomic<std::atomic<NativeFunction>*> functions{nullptr};
};

struct VariableRecord {
  FatBinary* fatbin = nullptr;
  std::string name;
  void* hostVariable = nullptr;
  size_t size = 0;
  bool constant = false;
};

// A __managed__ variable (clang's __hipRegisterManagedVar). The host variable clang emits is a
// pointer (`pointer`) that every host access goes through; the device image holds a pointer
// variable of the same name. Until the first module of its fat binary loads, `*pointer` is a
// host staging copy of the initial value (as AMD's deferred loading does); then managed memory
// takes its place and every loaded module's pointer variable is set to it.
struct ManagedVariableRecord {
  std::string name;
  void** pointer = nullptr;
  const void* initialValue = nullptr;  // clang's host copy of the initializer, lives forever
  size_t size = 0;
  size_t align = 0;
  void* staging = nullptr;  // host memory while no managed memory exists
  void* storage = nullptr;  // the managed memory, once allocated
  int storageDevice = -1;   // HIP ordinal that allocated `storage`
};

struct FatBinary {
  const void* image = nullptr;
  // The parse outcome, once parsed (under mutex); kernels of a broken fat binary are no device
  // functions.
  bool parsed = false;
  Status status;
  std::vector<BundleEntry> entries;
  std::vector<uint8_t> decompressed;  // a compressed bundle's contents; entries point into it
  std::vector<KernelRecord*> kernels;
  std::vector<VariableRecord*> variables;
  std::vector<ManagedVariableRecord*> managedVariables;  // guarded by mutex
  bool registered = true;

  struct DeviceModule {
    bool attempted = false;
    Status status;
    NativeModule module = nullptr;
  };
  std::mutex mutex;  // guards modules and kernels
  // Allocated at the first load (registration touches as little memory as it can).
  std::unique_ptr<std::array<DeviceModule, kMaxDevices>> modules;
};

// The wrapper struct clang emits around the embedded bundle.
struct FatBinaryWrapper {
  uint32_t magic;
  uint32_t version;
  const void* binary;
  const void* unused;
};
inline constexpr uint32_t kFatBinaryWrapperMagic = 0x48495046;  // "HIPF"

class Registry {
 public:
  // Inline fast path: one acquire load once the registry exists.
  static Registry& get() {
    Registry* r = instance_.load(std::memory_order_acquire);
    return __builtin_expect(r != nullptr, 1) ? *r : create();
  }

  // Null for a wrapper that is null, unreadable, or has a bad magic or version (as AMD's
  // runtime answers). Before the runtime starts, registration reads only the wrapper (a
  // program's static constructors stay cheap); once it has started, a plain bundle is parsed
  // here (digest()). A corrupt bundle is recorded in the FatBinary's status when parsed.
  FatBinary* registerFatBinary(const void* wrapper);
  // Parses `fatbin` if not done yet; its status.
  Status parse(FatBinary* fatbin);
  void registerFunction(FatBinary* fatbin, const void* hostFunction, const char* deviceName);
  void registerVariable(FatBinary* fatbin, void* hostVariable, const char* deviceName, size_t size,
                        bool constant);
  // Records a __managed__ variable and points `*pointer` at a host copy of `initialValue`.
  void registerManagedVariable(FatBinary* fatbin, void** pointer, const void* initialValue,
                               const char* name, size_t size, unsigned align);
  void unregisterFatBinary(FatBinary* fatbin);

  // The runtime's start (AMD's runtime digests every registered fat binary and sizes every
  // function's per-device slots at hip init): indexes the kernels registered so far and parses
  // every registered plain bundle, so that a kernel's first launch finds both done. Fat binaries
  // registered afterwards are parsed at registration.
  void start();
  // Builds the records of every kernel registered so far (registration itself stays an append).
  void indexPending();

  // Indexes what registration left pending first (one acquire load when nothing is).
  KernelRecord* findKernel(const void* hostFunction) {
    if (__builtin_expect(pending_.load(std::memory_order_acquire), 0)) indexPending();
    return kernels_.find(hostFunction);
  }
  VariableRecord* findVariable(const void* hostVariable) const {
    return variables_.find(hostVariable);
  }

  // Hot path: the cached function, else the slow path that loads the module.
  Status function(KernelRecord* kernel, const Device& device, NativeFunction* out) {
    const std::atomic<NativeFunction>* functions =
        kernel->functions.load(std::memory_order_acquire);
    NativeFunction f = functions ? functions[device.ordinal].load(std::memory_order_acquire)
                                 : nullptr;
    if (f != nullptr) {
      *out = f;
      return kOk;
    }
    return resolve(kernel, device, out);
  }
  Status variableAddress(VariableRecord* variable, const Device& device, void** address,
                         size_t* size);

  // The host function of the registered kernel that resolved to `f` on some device, or null:
  // what a kernel node the driver made (a capture's, one inside a child graph) answers as
  // hipKernelNodeParams::func. A scan of the resolved kernels, off the hot path.
  const void* hostFunctionOf(NativeFunction f);

  // Loads every registered fat binary's module for the device and resolves its kernels, once
  // per registration: done before a stream may wait on the host (a host function), because the
  // driver's module load waits for the device's streams, so a first launch's load behind such a
  // wait would never return. Images that fit no device, and compressed bundles not used yet, are
  // left to their first use, and so is everything while `stream` captures.
  void loadAll(const Device& device, NativeStream stream);

  // Drops modules and cached functions of a device (after hipDeviceReset).
  void forgetDevice(int ordinal);

  // How many bundles were parsed (each registered fat binary exactly once).
  uint64_t parseCount() const { return parseCount_.load(std::memory_order_relaxed); }

 private:
  static Registry& create();
  static std::atomic<Registry*> instance_;
  // A registered kernel not yet indexed: what __hipRegisterFunction was given.
  struct PendingKernel {
    FatBinary* fatbin;
    const void* hostFunction;
    const char* name;
  };
  // In registration order (a host function registered again replaces its record, as before);
  // with mutex_ held.
  void indexPendingLocked();
  // Parses `fatbin` unless it is compressed (left to its first use).
  void digest(FatBinary* fatbin);
  Status resolve(KernelRecord* kernel, const Device& device, NativeFunction* out);
  Status moduleFor(FatBinary* fatbin, const Device& device, NativeModule* module);
  const Status& parseLocked(FatBinary* fatbin);  // fatbin->mutex held
  // Gives the fat binary's managed variables their managed memory (once) and writes its address
  // into the device pointer variables of a module just loaded (managed_variables.cpp).
  Status bindManagedVariables(FatBinary* fatbin, const Device& device, NativeModule module);
  // After a device reset: managed memory of that device is gone, the variables go back to host
  // copies of their initial values.
  void dropManagedStorage(FatBinary* fatbin, int ordinal);
  // At unregistration: the managed memory is freed once its device's work is done; the host
  // variables keep their last values in host copies.
  void releaseManagedStorage(FatBinary* fatbin);

  std::mutex mutex_;  // guards fatbins_, pendingKernels_ and record creation
  std::vector<FatBinary*> fatbins_;
  std::vector<PendingKernel> pendingKernels_;
  std::atomic<bool> pending_{false};  // pendingKernels_ is not empty
  // Bumped by each registration (under mutex_); loadAll's per-device mark of what it loaded.
  std::atomic<uint64_t> registrations_{1};
  std::array<std::atomic<uint64_t>, kMaxDevices> loadedRegistrations_{};
  bool started_ = false;              // start() ran: registration digests (mutex_)
  std::vector<std::unique_ptr<KernelRecord[]>> recordBlocks_;  // never freed (racing readers)
  HostFunctionMap<KernelRecord> kernels_;
  HostFunctionMap<VariableRecord> variables_;
  std::atomic<uint64_t> parseCount_{0};
};

}  // namespace unihip
