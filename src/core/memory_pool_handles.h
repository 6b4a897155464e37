// The objects behind hipMemPool_t and hipMemGenericAllocationHandle_t, and the per-device pool
// records (default and current pool) and address reservations of the memory pools family.
// Handles live in slabs (core/handle_slabs.h): a garbage or destroyed handle is rejected without
// being dereferenced. Thread safety: the registry takes its mutex; isLive() is lock-free.
#pragma once

#include <atomic>
#include <map>
#include <mutex>
#include <vector>

#include "core/handles.h"
#include "core/runtime.h"
#include "seam/memory_pool_ops.h"

struct ihipMemPoolHandle_t {
  static constexpr uint32_t kMagic = 0x504f4f4cu;  // "POOL"
  UNIHIP_HANDLE_STORAGE(ihipMemPoolHandle_t)
  std::atomic<uint32_t> magic{0};
  int device = 0;  // HIP ordinal
  unihip::NativePool native = nullptr;
  bool isDefault = false;  // the device's own pool: never destroyed
  bool imported = false;   // from another process (hipMemPoolImportFromShareableHandle)
  // hipMemPoolProps::maxSize of a created pool (0: no limit). Enforced by unihip to the byte, as
  // AMD's runtime does: CUDA rounds it up to its own granularity.
  size_t maxSize = 0;
};

struct ihipMemGenericAllocationHandle {
  static constexpr uint32_t kMagic = 0x564d454du;  // "VMEM"
  UNIHIP_HANDLE_STORAGE(ihipMemGenericAllocationHandle)
  std::atomic<uint32_t> magic{0};
  int device = 0;  // HIP ordinal of the backend's device (the location's, or 0 for the host)
  unihip::NativeAllocation native = 0;
  hipMemAllocationProp prop{};  // location id as a HIP ordinal
  int references = 1;           // hipMemCreate/Import/Retain add one, hipMemRelease drops one
};

// hipExternalMemory_t and hipExternalSemaphore_t (void* in HIP) point at these.
struct ihipExternalMemory {
  static constexpr uint32_t kMagic = 0x45584d45u;  // "EXME"
  UNIHIP_HANDLE_STORAGE(ihipExternalMemory)
  std::atomic<uint32_t> magic{0};
  int device = 0;  // HIP ordinal
  unihip::NativeExternalMemory native = nullptr;
  unsigned long long size = 0;
};

struct ihipExternalSemaphore {
  static constexpr uint32_t kMagic = 0x45585345u;  // "EXSE"
  UNIHIP_HANDLE_STORAGE(ihipExternalSemaphore)
  std::atomic<uint32_t> magic{0};
  int device = 0;  // HIP ordinal
  unihip::NativeExternalSemaphore native = nullptr;
};

namespace unihip {

class MemoryPoolRegistry {
 public:
  static MemoryPoolRegistry& get();

  // The device's default pool (made on first use) and current pool (the default until set).
  Status defaultPool(Device* d, MemoryPoolOps* ops, hipMemPool_t* out);
  Status currentPool(Device* d, MemoryPoolOps* ops, hipMemPool_t* out);
  void setCurrent(int device, hipMemPool_t pool);
  // A new live pool handle for a native pool.
  hipMemPool_t addPool(int device, NativePool native, bool imported, size_t maxSize = 0);
  // Retires `pool`; when it was the device's current pool (*wasCurrent), the default is current
  // again. False if not live.
  bool removePool(hipMemPool_t pool, bool* wasCurrent);

  // Allocation handles: one object per native handle while referenced.
  hipMemGenericAllocationHandle_t addAllocation(int device, NativeAllocation native,
                                                const hipMemAllocationProp& prop);
  // The live object for `native`, with one more reference; null if none.
  hipMemGenericAllocationHandle_t retainAllocation(NativeAllocation native);
  // Drops one reference; true (and *last) when it was live.
  bool releaseAllocation(hipMemGenericAllocationHandle_t h, bool* last);

  // Address reservations (hipMemAddressReserve): exact [base, size) ranges.
  void addReservation(void* base, size_t size, int device);
  bool takeReservation(void* base, size_t size, int* device);
  // The reservation holding [p, p + size), its device; false if none.
  bool inReservation(const void* p, size_t size, int* device) const;

  // External memory and semaphores.
  ihipExternalMemory* addExternalMemory(int device, NativeExternalMemory native,
                                        unsigned long long size);
  bool removeExternalMemory(ihipExternalMemory* m) { return externalMemory_.retire(m); }
  ihipExternalSemaphore* addExternalSemaphore(int device, NativeExternalSemaphore native);
  bool removeExternalSemaphore(ihipExternalSemaphore* s) { return semaphores_.retire(s); }

  // Retires every handle and forgets every record (the runtime's devices were replaced).
  void forgetAll();

 private:
  // hipMallocAsync reads the current pool without the mutex; writers hold it.
  static constexpr int kMaxDevices = 64;
  struct PerDevice {
    hipMemPool_t defaultPool = nullptr;
    std::atomic<hipMemPool_t> current{nullptr};
  };
  PerDevice* perDevice(int device) {
    return device >= 0 && device < kMaxDevices ? &devices_[device] : nullptr;
  }
  struct Reservation {
    size_t size;
    int device;
  };
  std::vector<int> deviceOrdinals() const;

  mutable std::mutex mutex_;
  PerDevice devices_[kMaxDevices];
  HandleTable<ihipMemPoolHandle_t> pools_;
  HandleTable<ihipMemGenericAllocationHandle> allocations_;
  HandleTable<ihipExternalMemory> externalMemory_;
  HandleTable<ihipExternalSemaphore> semaphores_;
  std::map<uintptr_t, Reservation> reservations_;
};

}  // namespace unihip
