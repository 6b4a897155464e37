#include "generic/memory_pools.h"

#include "generic/graphs/generic_graphs.h"

#include <algorithm>

namespace unihip {

namespace {
// Allocations are rounded to this, so blocks of near sizes are reused for each other.
constexpr size_t kRound = 256;
size_t rounded(size_t size) { return (size + kRound - 1) / kRound * kRound; }
}  // namespace

void GenericMemoryPools::releaseAll() {
  std::lock_guard<std::mutex> lock(mutex_);
  for (auto& p : pools_) release(*p, 0, true);
  for (int d = 0; d < 8; ++d) {
    for (NativeEvent e : spareEvents_[d]) (void)backend_.eventDestroy(d, e);
    spareEvents_[d].clear();
  }
}

GenericMemoryPools::Pool* GenericMemoryPools::newPool(int device, size_t maxSize) {
  pools_.push_back(std::make_unique<Pool>());
  Pool* p = pools_.back().get();
  p->device = device;
  p->maxSize = maxSize;
  p->access[device] = hipMemAccessFlagsProtReadWrite;
  return p;
}

Status GenericMemoryPools::defaultPool(int device, NativePool* pool) {
  std::lock_guard<std::mutex> lock(mutex_);
  Pool*& p = defaults_[device];
  if (p == nullptr) p = newPool(device, 0);
  *pool = p;
  return kOk;
}

Status GenericMemoryPools::poolCreate(int device, const hipMemPoolProps& props, NativePool* pool) {
  // Sharing pools between processes needs the vendor's IPC.
  if (props.handleTypes != hipMemHandleTypeNone) return hipErrorNotSupported;
  std::lock_guard<std::mutex> lock(mutex_);
  *pool = newPool(device, props.maxSize);
  return kOk;
}

Status GenericMemoryPools::poolDestroy(NativePool pool) {
  std::lock_guard<std::mutex> lock(mutex_);
  Pool& p = *static_cast<Pool*>(pool);
  p.destroyed = true;  // outstanding blocks go back to the device when freed
  release(p, 0, true);
  return kOk;
}

bool GenericMemoryPools::complete(const Pool& p, const Block& b) {
  return backend_.eventQuery(p.device, b.freed).ok();
}

void GenericMemoryPools::dropBlock(Pool& p, size_t index) {
  Block b = p.free[index];
  p.free[index] = p.free.back();
  p.free.pop_back();
  if (b.freed != nullptr) {
    if (p.device < 8) {
      spareEvents_[p.device].push_back(b.freed);
    } else {
      (void)backend_.eventDestroy(p.device, b.freed);
    }
  }
  (void)backend_.free(p.device, b.ptr);
  p.reserved -= b.size;
}

void GenericMemoryPools::release(Pool& p, uint64_t keep, bool wait) {
  for (size_t i = 0; i < p.free.size() && p.reserved > keep;) {
    if (wait) (void)backend_.eventSynchronize(p.device, p.free[i].freed);
    if (wait || complete(p, p.free[i])) {
      dropBlock(p, i);
    } else {
      ++i;
    }
  }
}

Status GenericMemoryPools::mallocFromPool(int device, NativePool pool, size_t size,
                                          NativeStream stream, void** ptr) {
  UNIHIP_CAPTURED(graphs_, captureAlloc, device, size, stream, ptr);
  std::lock_guard<std::mutex> lock(mutex_);
  Pool& p = *static_cast<Pool*>(pool);
  const size_t bytes = rounded(size);
  // The smallest free block that fits and may be reused on `stream` now.
  size_t best = p.free.size();
  for (size_t i = 0; i < p.free.size(); ++i) {
    const Block& b = p.free[i];
    if (b.size < bytes || b.size > 2 * bytes) continue;  // no large waste
    if (best != p.free.size() && p.free[best].size <= b.size) continue;
    const bool sameStream = b.stream == stream;
    const bool done = (p.followEvents || p.opportunistic) && complete(p, b);
    if (sameStream || done) best = i;
  }
  if (best != p.free.size()) {
    Block b = p.free[best];
    p.free[best] = p.free.back();
    p.free.pop_back();
    if (b.freed != nullptr && p.device < 8) spareEvents_[p.device].push_back(b.freed);
    *ptr = b.ptr;
    live_[b.ptr] = {&p, b.size};
    p.used += b.size;
    p.usedHigh = std::max(p.usedHigh, p.used);
    return kOk;
  }
  if (p.maxSize != 0 && bytes > p.maxSize) return hipErrorOutOfMemory;
  if (p.maxSize != 0 && p.reserved + bytes > p.maxSize) release(p, p.maxSize - bytes, false);
  if (p.maxSize != 0 && p.reserved + bytes > p.maxSize) return hipErrorOutOfMemory;
  void* fresh = nullptr;
  Status s = backend_.malloc(p.device, bytes, &fresh);
  if (!s.ok() || fresh == nullptr) {
    // Memory held for reuse goes back first, then one more try.
    release(p, 0, true);
    s = backend_.malloc(p.device, bytes, &fresh);
    if (!s.ok() || fresh == nullptr) return hipErrorOutOfMemory;
  }
  *ptr = fresh;
  live_[fresh] = {&p, bytes};
  p.used += bytes;
  p.reserved += bytes;
  p.usedHigh = std::max(p.usedHigh, p.used);
  p.reservedHigh = std::max(p.reservedHigh, p.reserved);
  return kOk;
}

Status GenericMemoryPools::freeAsync(int device, void* ptr, NativeStream stream) {
  UNIHIP_CAPTURED(graphs_, captureFree, device, ptr, stream);
  std::lock_guard<std::mutex> lock(mutex_);
  auto it = live_.find(ptr);
  if (it == live_.end()) return hipErrorInvalidValue;
  Pool& p = *it->second.first;
  const size_t size = it->second.second;
  NativeEvent event = nullptr;
  if (p.device < 8 && !spareEvents_[p.device].empty()) {
    event = spareEvents_[p.device].back();
    spareEvents_[p.device].pop_back();
  } else {
    UNIHIP_TRY(backend_.eventCreate(p.device, hipEventDisableTiming, &event));
  }
  Status s = backend_.eventRecord(p.device, event, stream);
  if (!s.ok()) {
    (void)backend_.eventDestroy(p.device, event);
    return s;
  }
  live_.erase(it);
  p.free.push_back({ptr, size, stream, event});
  p.used -= size;
  release(p, p.destroyed ? 0 : p.threshold, false);
  return kOk;
}

Status GenericMemoryPools::poolTrimTo(NativePool pool, size_t keep) {
  std::lock_guard<std::mutex> lock(mutex_);
  release(*static_cast<Pool*>(pool), keep, true);
  return kOk;
}

Status GenericMemoryPools::poolSetAttribute(NativePool pool, hipMemPoolAttr attr, void* value) {
  std::lock_guard<std::mutex> lock(mutex_);
  Pool& p = *static_cast<Pool*>(pool);
  switch (attr) {
    case hipMemPoolReuseFollowEventDependencies: p.followEvents = *static_cast<int*>(value); break;
    case hipMemPoolReuseAllowOpportunistic: p.opportunistic = *static_cast<int*>(value); break;
    case hipMemPoolReuseAllowInternalDependencies:
      p.internalDependencies = *static_cast<int*>(value);
      break;
    case hipMemPoolAttrReleaseThreshold:
      p.threshold = *static_cast<uint64_t*>(value);
      release(p, p.threshold, false);
      break;
    case hipMemPoolAttrReservedMemHigh: p.reservedHigh = p.reserved; break;
    case hipMemPoolAttrUsedMemHigh: p.usedHigh = p.used; break;
    default: return hipErrorInvalidValue;
  }
  return kOk;
}

Status GenericMemoryPools::poolGetAttribute(NativePool pool, hipMemPoolAttr attr, void* value) {
  std::lock_guard<std::mutex> lock(mutex_);
  const Pool& p = *static_cast<Pool*>(pool);
  uint64_t* u = static_cast<uint64_t*>(value);
  switch (attr) {
    case hipMemPoolReuseFollowEventDependencies: *static_cast<int*>(value) = p.followEvents; break;
    case hipMemPoolReuseAllowOpportunistic: *static_cast<int*>(value) = p.opportunistic; break;
    case hipMemPoolReuseAllowInternalDependencies:
      *static_cast<int*>(value) = p.internalDependencies;
      break;
    case hipMemPoolAttrReleaseThreshold: *u = p.threshold; break;
    case hipMemPoolAttrReservedMemCurrent: *u = p.reserved; break;
    case hipMemPoolAttrReservedMemHigh: *u = p.reservedHigh; break;
    case hipMemPoolAttrUsedMemCurrent: *u = p.used; break;
    case hipMemPoolAttrUsedMemHigh: *u = p.usedHigh; break;
    default: return hipErrorInvalidValue;
  }
  return kOk;
}

Status GenericMemoryPools::poolSetAccess(NativePool pool, const AccessGrant& grant) {
  std::lock_guard<std::mutex> lock(mutex_);
  Pool& p = *static_cast<Pool*>(pool);
  // Another device reaches the pool's memory through peer access, which the vendor grants per
  // device: answer what was asked, as AMD's runtime records it.
  p.access[grant.device] = grant.flags;
  return kOk;
}

Status GenericMemoryPools::poolGetAccess(NativePool pool, int device, hipMemAccessFlags* flags) {
  std::lock_guard<std::mutex> lock(mutex_);
  Pool& p = *static_cast<Pool*>(pool);
  auto it = p.access.find(device);
  *flags = it == p.access.end() ? hipMemAccessFlagsProtNone : it->second;
  return kOk;
}

Status GenericMemoryPools::poolDevice(NativePool pool, int* device) {
  *device = static_cast<Pool*>(pool)->device;
  return kOk;
}

}  // namespace unihip
