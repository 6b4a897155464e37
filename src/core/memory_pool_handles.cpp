#include "core/memory_pool_handles.h"

namespace unihip {

// Never destroyed: handles may be touched from atexit handlers.
MemoryPoolRegistry& MemoryPoolRegistry::get() {
  static auto* registry = new MemoryPoolRegistry();
  return *registry;
}

Status MemoryPoolRegistry::defaultPool(Device* d, MemoryPoolOps* ops, hipMemPool_t* out) {
  PerDevice* pd = perDevice(d->ordinal);
  if (pd == nullptr) return hipErrorInvalidDevice;
  std::lock_guard<std::mutex> lock(mutex_);
  if (pd->defaultPool == nullptr) {
    NativePool native = nullptr;
    UNIHIP_TRY(ops->defaultPool(d->local, &native));
    ihipMemPoolHandle_t* h = pools_.create();
    h->device = d->ordinal;
    h->native = native;
    h->isDefault = true;
    h->imported = false;
    h->maxSize = 0;
    HandleTable<ihipMemPoolHandle_t>::publish(h);
    pd->defaultPool = h;
  }
  hipMemPool_t none = nullptr;
  pd->current.compare_exchange_strong(none, pd->defaultPool, std::memory_order_acq_rel);
  *out = pd->defaultPool;
  return kOk;
}

Status MemoryPoolRegistry::currentPool(Device* d, MemoryPoolOps* ops, hipMemPool_t* out) {
  PerDevice* pd = perDevice(d->ordinal);
  if (pd == nullptr) return hipErrorInvalidDevice;
  if (hipMemPool_t current = pd->current.load(std::memory_order_acquire)) {
    *out = current;
    return kOk;
  }
  UNIHIP_TRY(defaultPool(d, ops, out));
  *out = pd->current.load(std::memory_order_acquire);
  return kOk;
}

void MemoryPoolRegistry::setCurrent(int device, hipMemPool_t pool) {
  std::lock_guard<std::mutex> lock(mutex_);
  if (PerDevice* pd = perDevice(device)) pd->current.store(pool, std::memory_order_release);
}

hipMemPool_t MemoryPoolRegistry::addPool(int device, NativePool native, bool imported,
                                         size_t maxSize) {
  ihipMemPoolHandle_t* h = pools_.create();
  h->device = device;
  h->native = native;
  h->isDefault = false;
  h->imported = imported;
  h->maxSize = maxSize;
  HandleTable<ihipMemPoolHandle_t>::publish(h);
  return h;
}

bool MemoryPoolRegistry::removePool(hipMemPool_t pool, bool* wasCurrent) {
  if (!pools_.retire(pool)) return false;
  std::lock_guard<std::mutex> lock(mutex_);
  PerDevice* pd = perDevice(pool->device);
  hipMemPool_t expected = pool;
  *wasCurrent = pd != nullptr && pd->current.compare_exchange_strong(
                                     expected, pd->defaultPool, std::memory_order_acq_rel);
  return true;
}

hipMemGenericAllocationHandle_t MemoryPoolRegistry::addAllocation(
    int device, NativeAllocation native, const hipMemAllocationProp& prop) {
  ihipMemGenericAllocationHandle* h = allocations_.create();
  h->device = device;
  h->native = native;
  h->prop = prop;
  h->references = 1;
  HandleTable<ihipMemGenericAllocationHandle>::publish(h);
  return h;
}

hipMemGenericAllocationHandle_t MemoryPoolRegistry::retainAllocation(NativeAllocation native) {
  std::lock_guard<std::mutex> lock(mutex_);
  // Few allocation handles live at once: a scan of the devices' handles is enough.
  for (int device : deviceOrdinals()) {
    for (ihipMemGenericAllocationHandle* h : allocations_.liveOnDevice(device)) {
      if (h->native == native) {
        ++h->references;
        return h;
      }
    }
  }
  return nullptr;
}

bool MemoryPoolRegistry::releaseAllocation(hipMemGenericAllocationHandle_t h, bool* last) {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    if (!isLive(h)) return false;
    *last = --h->references == 0;
    if (!*last) return true;
  }
  return allocations_.retire(h);
}

std::vector<int> MemoryPoolRegistry::deviceOrdinals() const {
  std::vector<int> out;
  for (int i = 0; i < Runtime::get().deviceCount(); ++i) out.push_back(i);
  return out;
}

void MemoryPoolRegistry::addReservation(void* base, size_t size, int device) {
  std::lock_guard<std::mutex> lock(mutex_);
  reservations_[reinterpret_cast<uintptr_t>(base)] = {size, device};
}

bool MemoryPoolRegistry::takeReservation(void* base, size_t size, int* device) {
  std::lock_guard<std::mutex> lock(mutex_);
  auto it = reservations_.find(reinterpret_cast<uintptr_t>(base));
  if (it == reservations_.end() || it->second.size != size) return false;
  *device = it->second.device;
  reservations_.erase(it);
  return true;
}

bool MemoryPoolRegistry::inReservation(const void* p, size_t size, int* device) const {
  std::lock_guard<std::mutex> lock(mutex_);
  const auto a = reinterpret_cast<uintptr_t>(p);
  auto it = reservations_.upper_bound(a);
  if (it == reservations_.begin()) return false;
  --it;
  if (a - it->first > it->second.size || size > it->second.size - (a - it->first)) return false;
  *device = it->second.device;
  return true;
}

ihipExternalMemory* MemoryPoolRegistry::addExternalMemory(int device, NativeExternalMemory native,
                                                          unsigned long long size) {
  ihipExternalMemory* m = externalMemory_.create();
  m->device = device;
  m->native = native;
  m->size = size;
  HandleTable<ihipExternalMemory>::publish(m);
  return m;
}

ihipExternalSemaphore* MemoryPoolRegistry::addExternalSemaphore(int device,
                                                                NativeExternalSemaphore native) {
  ihipExternalSemaphore* s = semaphores_.create();
  s->device = device;
  s->native = native;
  HandleTable<ihipExternalSemaphore>::publish(s);
  return s;
}

void MemoryPoolRegistry::forgetAll() {
  for (int device : deviceOrdinals()) {
    for (ihipExternalMemory* m : externalMemory_.liveOnDevice(device)) externalMemory_.retire(m);
    for (ihipExternalSemaphore* s : semaphores_.liveOnDevice(device)) semaphores_.retire(s);
    for (ihipMemPoolHandle_t* h : pools_.liveOnDevice(device)) pools_.retire(h);
    for (ihipMemGenericAllocationHandle* h : allocations_.liveOnDevice(device))
      allocations_.retire(h);
  }
  std::lock_guard<std::mutex> lock(mutex_);
  for (PerDevice& pd : devices_) {
    pd.defaultPool = nullptr;
    pd.current.store(nullptr, std::memory_order_release);
  }
  reservations_.clear();
}

}  // namespace unihip
