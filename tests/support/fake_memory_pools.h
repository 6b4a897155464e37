// A memory pools family without hardware (install with `fake->pools = &fakePools`): pools hand
// out host memory and count what they hold; IPC handles carry the pointer; reservations are host
// memory; allocation handles are counters. Lets the API layer's handle lifetimes, allocation-map
// records and error paths of pools, IPC and virtual memory be tested on any machine.
#pragma once

#include <cstdlib>
#include <cstring>
#include <algorithm>
#include <map>
#include <memory>
#include <vector>
#include <mutex>
#include <set>

#include "backend.h"
#include "seam/memory_pool_ops.h"

namespace unihip::testing {

class FakeMemoryPoolOps final : public MemoryPoolOps {
 public:
  struct Pool {
    uint64_t used = 0, usedHigh = 0, reserved = 0, reservedHigh = 0, threshold = 0;
    int reuse[3] = {1, 1, 1};
    std::map<int, hipMemAccessFlags> access;
  };

  // What the fake saw, for assertions.
  int destroyed = 0;
  int released = 0;
  int closedIpc = 0;
  int signaled = 0, waited = 0;
  unsigned long long lastFenceValue = 0;
  std::map<NativePool, Pool*> pools;
  std::set<NativeAllocation> liveAllocations;

  ~FakeMemoryPoolOps() override {
    for (auto& [ptr, owner] : owner_) std::free(ptr);
  }

  Status defaultPool(int device, NativePool* pool) override {
    std::lock_guard<std::mutex> lock(mutex_);
    Pool*& p = defaults_[device];
    if (p == nullptr) p = newPool(device);
    *pool = p;
    return kOk;
  }
  Status poolCreate(int device, const hipMemPoolProps&, NativePool* pool) override {
    std::lock_guard<std::mutex> lock(mutex_);
    *pool = newPool(device);
    return kOk;
  }
  Status poolDestroy(NativePool pool) override {
    std::lock_guard<std::mutex> lock(mutex_);
    ++destroyed;
    pools.erase(pool);
    return kOk;
  }
  Status setCurrentPool(int, NativePool) override { return kOk; }
  Status mallocFromPool(int, NativePool pool, size_t size, NativeStream, void** ptr) override {
    std::lock_guard<std::mutex> lock(mutex_);
    Pool* p = static_cast<Pool*>(pool);
    *ptr = std::malloc(size);
    p->used += size;
    p->reserved += size;
    p->usedHigh = std::max(p->usedHigh, p->used);
    p->reservedHigh = std::max(p->reservedHigh, p->reserved);
    owner_[*ptr] = {p, size};
    return kOk;
  }
  Status freeAsync(int, void* ptr, NativeStream) override {
    std::lock_guard<std::mutex> lock(mutex_);
    if (imported_.erase(ptr) != 0) return kOk;  // the exporter's memory stays
    auto it = owner_.find(ptr);
    if (it == owner_.end()) return hipErrorInvalidValue;
    it->second.first->used -= it->second.second;
    owner_.erase(it);
    std::free(ptr);
    return kOk;
  }
  Status poolTrimTo(NativePool pool, size_t keep) override {
    Pool* p = static_cast<Pool*>(pool);
    p->reserved = std::max<uint64_t>(p->used, std::min<uint64_t>(p->reserved, keep));
    return kOk;
  }
  Status poolSetAttribute(NativePool pool, hipMemPoolAttr attr, void* value) override {
    Pool* p = static_cast<Pool*>(pool);
    switch (attr) {
      case hipMemPoolAttrReleaseThreshold: p->threshold = *static_cast<uint64_t*>(value); break;
      case hipMemPoolAttrReservedMemHigh: p->reservedHigh = p->reserved; break;
      case hipMemPoolAttrUsedMemHigh: p->usedHigh = p->used; break;
      default: p->reuse[static_cast<int>(attr) - 1] = *static_cast<int*>(value);
    }
    return kOk;
  }
  Status poolGetAttribute(NativePool pool, hipMemPoolAttr attr, void* value) override {
    Pool* p = static_cast<Pool*>(pool);
    uint64_t* u = static_cast<uint64_t*>(value);
    switch (attr) {
      case hipMemPoolAttrReleaseThreshold: *u = p->threshold; break;
      case hipMemPoolAttrReservedMemCurrent: *u = p->reserved; break;
      case hipMemPoolAttrReservedMemHigh: *u = p->reservedHigh; break;
      case hipMemPoolAttrUsedMemCurrent: *u = p->used; break;
      case hipMemPoolAttrUsedMemHigh: *u = p->usedHigh; break;
      default: *static_cast<int*>(value) = p->reuse[static_cast<int>(attr) - 1];
    }
    return kOk;
  }
  Status poolSetAccess(NativePool pool, const AccessGrant& grant) override {
    static_cast<Pool*>(pool)->access[grant.device] = grant.flags;
    return kOk;
  }
  Status poolGetAccess(NativePool pool, int device, hipMemAccessFlags* flags) override {
    *flags = static_cast<Pool*>(pool)->access[device];
    return kOk;
  }
  Status poolExportPointer(void* ptr, hipMemPoolPtrExportData* out) override {
    std::memset(out, 0, sizeof *out);
    std::memcpy(out->reserved, &ptr, sizeof ptr);
    return kOk;
  }
  Status poolImport(void*, hipMemAllocationHandleType, NativePool* pool) override {
    std::lock_guard<std::mutex> lock(mutex_);
    *pool = newPool(0);
    static_cast<Pool*>(*pool)->access.clear();  // the importer grants itself access
    return kOk;
  }
  Status poolExport(NativePool, hipMemAllocationHandleType, void* shared) override {
    *static_cast<int*>(shared) = 42;
    return kOk;
  }
  // The "other process" maps the exporter's pointer at the same address, a pool allocation of
  // the imported pool.
  Status poolImportPointer(NativePool pool, const hipMemPoolPtrExportData& data,
                           void** ptr) override {
    std::lock_guard<std::mutex> lock(mutex_);
    std::memcpy(ptr, data.reserved, sizeof *ptr);
    imported_[*ptr] = static_cast<Pool*>(pool);
    return kOk;
  }

  // IPC: the handle carries the pointer itself.
  Status ipcGetMemHandle(int, void* ptr, hipIpcMemHandle_t* handle) override {
    std::memset(handle, 0, sizeof *handle);
    std::memcpy(handle->reserved, &ptr, sizeof ptr);
    return kOk;
  }
  Status ipcOpenMemHandle(int, const hipIpcMemHandle_t& handle, void** ptr,
                          size_t* size) override {
    void* p = nullptr;
    std::memcpy(&p, handle.reserved, sizeof p);
    if (p == nullptr) return hipErrorInvalidValue;
    *ptr = static_cast<char*>(p) + 0;
    *size = 64;
    return kOk;
  }
  Status ipcCloseMemHandle(int, void*) override {
    ++closedIpc;
    return kOk;
  }
  Status ipcGetEventHandle(int, NativeEvent event, hipIpcEventHandle_t* handle) override {
    std::memset(handle, 0, sizeof *handle);
    std::memcpy(handle->reserved, &event, sizeof event);
    return kOk;
  }
  Status ipcOpenEventHandle(int, const hipIpcEventHandle_t& handle, NativeEvent* event) override {
    std::memcpy(event, handle.reserved, sizeof *event);
    return *event != nullptr ? kOk : Status(hipErrorInvalidValue);
  }

  // Virtual memory: reservations are host memory, mappings are only recorded.
  static constexpr size_t kGranularity = 4096;
  Status memCreate(int, const hipMemAllocationProp& prop, size_t size,
                   NativeAllocation* handle) override {
    if (size % kGranularity != 0) return hipErrorInvalidValue;
    std::lock_guard<std::mutex> lock(mutex_);
    *handle = ++next_;
    props_[*handle] = prop;
    liveAllocations.insert(*handle);
    return kOk;
  }
  Status memRelease(int, NativeAllocation handle) override {
    std::lock_guard<std::mutex> lock(mutex_);
    ++released;
    (void)handle;
    return kOk;
  }
  Status memProperties(int, NativeAllocation handle, hipMemAllocationProp* out) override {
    std::lock_guard<std::mutex> lock(mutex_);
    auto it = props_.find(handle);
    if (it == props_.end()) return hipErrorInvalidValue;
    *out = it->second;
    return kOk;
  }
  Status addressReserve(int, size_t size, size_t, void*, void** ptr) override {
    *ptr = std::aligned_alloc(kGranularity, (size + kGranularity - 1) / kGranularity * kGranularity);
    return kOk;
  }
  Status addressFree(int, void* ptr, size_t) override {
    std::free(ptr);
    return kOk;
  }
  Status memMap(int, void* ptr, size_t size, NativeAllocation handle) override {
    if (size % kGranularity != 0) return hipErrorInvalidValue;
    std::lock_guard<std::mutex> lock(mutex_);
    mapped_[ptr] = {handle, size};
    return kOk;
  }
  Status memUnmap(int, void* ptr, size_t) override {
    std::lock_guard<std::mutex> lock(mutex_);
    mapped_.erase(ptr);
    access_.erase(ptr);
    return kOk;
  }
  Status memSetAccess(int, void* ptr, size_t, const AccessGrant* grants, size_t count) override {
    std::lock_guard<std::mutex> lock(mutex_);
    for (size_t i = 0; i < count; ++i) access_[ptr] = grants[i].flags;
    return kOk;
  }
  Status memGetAccess(int, const hipMemLocation&, void* ptr, unsigned long long* flags) override {
    std::lock_guard<std::mutex> lock(mutex_);
    auto it = access_.find(ptr);
    *flags = it == access_.end() ? 0 : static_cast<unsigned long long>(it->second);
    return kOk;
  }
  Status granularity(int, const hipMemAllocationProp&, hipMemAllocationGranularity_flags option,
                     size_t* out) override {
    *out = option == hipMemAllocationGranularityRecommended ? 2 * kGranularity : kGranularity;
    return kOk;
  }
  Status memExport(int, NativeAllocation handle, hipMemAllocationHandleType, void* shared) override {
    *static_cast<int*>(shared) = static_cast<int>(handle) + 1000;
    return kOk;
  }
  Status memImport(int, void* osHandle, hipMemAllocationHandleType, NativeAllocation* handle) override {
    *handle = static_cast<NativeAllocation>(reinterpret_cast<uintptr_t>(osHandle)) - 1000;
    return props_.count(*handle) ? kOk : Status(hipErrorInvalidValue);
  }
  Status memRetain(int, void* addr, NativeAllocation* handle) override {
    std::lock_guard<std::mutex> lock(mutex_);
    for (auto& [base, mapping] : mapped_) {
      const char* b = static_cast<const char*>(base);
      if (addr >= b && static_cast<const char*>(addr) < b + mapping.second) {
        *handle = mapping.first;
        return kOk;
      }
    }
    return hipErrorInvalidValue;
  }

  // External resources: tokens; mapped buffers are host memory (hipFree gives them back).
  Status importExternalMemory(int, const hipExternalMemoryHandleDesc&,
                              NativeExternalMemory* out) override {
    *out = reinterpret_cast<NativeExternalMemory>(++next_);
    return kOk;
  }
  Status externalMemoryBuffer(int device, NativeExternalMemory, const hipExternalMemoryBufferDesc& d,
                              void** ptr) override {
    return backend != nullptr ? backend->malloc(device, d.size, ptr) : hipErrorNotSupported;
  }
  Status destroyExternalMemory(int, NativeExternalMemory) override { return kOk; }
  bool externalSemaphores = true;  // false: a vendor without them (HSA)
  bool hasExternalSemaphores() const override { return externalSemaphores; }
  Status importExternalSemaphore(int, const hipExternalSemaphoreHandleDesc&,
                                 NativeExternalSemaphore* out) override {
    *out = reinterpret_cast<NativeExternalSemaphore>(++next_);
    return kOk;
  }
  Status signalExternalSemaphores(int, const NativeExternalSemaphore*,
                                  const hipExternalSemaphoreSignalParams* params, unsigned count,
                                  NativeStream) override {
    signaled += static_cast<int>(count);
    lastFenceValue = params[count - 1].params.fence.value;
    return kOk;
  }
  Status waitExternalSemaphores(int, const NativeExternalSemaphore*,
                                const hipExternalSemaphoreWaitParams*, unsigned count,
                                NativeStream) override {
    waited += static_cast<int>(count);
    return kOk;
  }
  Status destroyExternalSemaphore(int, NativeExternalSemaphore) override { return kOk; }

  // The backend whose malloc mapped buffers use (they are freed through its free).
  Backend* backend = nullptr;

 private:
  Pool* newPool(int device) {
    owned_.push_back(std::make_unique<Pool>());
    Pool* p = owned_.back().get();
    p->access[device] = hipMemAccessFlagsProtReadWrite;
    pools[p] = p;
    return p;
  }

  std::mutex mutex_;
  std::vector<std::unique_ptr<Pool>> owned_;
  std::map<int, Pool*> defaults_;
  std::map<void*, std::pair<Pool*, size_t>> owner_;
  std::map<void*, Pool*> imported_;
  std::map<NativeAllocation, hipMemAllocationProp> props_;
  std::map<void*, std::pair<NativeAllocation, size_t>> mapped_;  // base -> handle, size
  std::map<void*, hipMemAccessFlags> access_;
  NativeAllocation next_ = 0;
};

}  // namespace unihip::testing
