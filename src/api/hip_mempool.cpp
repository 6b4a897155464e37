// Stream-ordered allocation and memory pools (hipMallocAsync, hipMemPool*): arguments are checked
// as AMD's runtime checks them; pool handles are unihip's (core/memory_pool_handles.h, garbage or
// destroyed ones answer hipErrorInvalidValue); the vendor's pools do the work (seam
// memory_pool_ops.h). Pool memory is recorded in the allocation map (kind Pool).
#include <algorithm>
#include <atomic>
#include <iterator>
#include <mutex>
#include <set>
#include <unordered_map>

#include "api/api_boundary.h"
#include "api/arg_checks.h"
#include "api/memory_allocation.h"
#include "api/memory_pool_family.h"
#include "core/active_captures.h"
#include "base/allocation_map.h"
#include "base/enum_value.h"
#include "seam/graph_ops.h"
#include "core/graph/capture_guard.h"

using namespace unihip;

namespace {

// A location a pool can live on or be accessed from: a device of this process.
bool isDeviceLocation(const hipMemLocation& location) {
  return location.type == hipMemLocationTypeDevice &&
         Runtime::get().device(location.id) != nullptr;
}

Status checkPoolProps(const hipMemPoolProps& props) {
  if (props.allocType != hipMemAllocationTypePinned) return hipErrorInvalidValue;
  if (!isDeviceLocation(props.location)) return hipErrorInvalidValue;
  return kOk;
}

// AMD's checks of an access list; giving up access from the pool's own device is refused.
Status checkAccessDescs(hipMemPool_t pool, const hipMemAccessDesc* descs, size_t count) {
  if (count > static_cast<size_t>(Runtime::get().deviceCount())) return hipErrorInvalidDevice;
  for (size_t i = 0; i < count; ++i) {
    if (descs[i].location.type != hipMemLocationTypeDevice) return hipErrorInvalidValue;
    if (Runtime::get().device(descs[i].location.id) == nullptr) return hipErrorInvalidDevice;
    if (descs[i].flags == hipMemAccessFlagsProtNone && descs[i].location.id == pool->device)
      return hipErrorInvalidDevice;
    if (descs[i].flags != hipMemAccessFlagsProtNone && descs[i].flags != hipMemAccessFlagsProtRead &&
        descs[i].flags != hipMemAccessFlagsProtReadWrite)
      return hipErrorInvalidValue;
  }
  return kOk;
}

bool isKnownAttribute(hipMemPoolAttr attr) {
  const int v = static_cast<int>(attr);
  return v >= hipMemPoolReuseFollowEventDependencies && v <= hipMemPoolAttrUsedMemHigh;
}

// A live pool and its device's family.
Status poolFamily(hipMemPool_t pool, Device** d, MemoryPoolOps** ops) {
  if (!isLive(pool)) return hipErrorInvalidValue;
  *d = Runtime::get().device(pool->device);
  if (*d == nullptr) return hipErrorInvalidValue;
  return pools::family(*d, ops);
}

// A capturing stream's allocation is a graph's allocation node (CUDA's and HIP's rule).
AllocationKind capturedKind(const ResolvedStream& rs) {
  if (!active_captures::any()) return AllocationKind::Pool;
  GraphOps* g = rs.device->backend->graphs();
  hipStreamCaptureStatus status = hipStreamCaptureStatusNone;
  if (g == nullptr || !g->captureInfo(rs.device->local, rs.native, &status, nullptr, nullptr,
                                      nullptr, nullptr)
                           .ok())
    return AllocationKind::Pool;
  return status == hipStreamCaptureStatusActive ? AllocationKind::Graph : AllocationKind::Pool;
}

// A created pool's maxSize, counted as AMD's MemoryPool counts it (hip_mempool_impl.cpp): a
// request that a freed block of the pool can hold reuses that block (the smallest that fits);
// any other request needs room under maxSize above the pool's high-water mark of reserved
// bytes (max_total_size_), which trimming does not lower and only resetting
// hipMemPoolAttrReservedMemHigh to 0 clears. So a pool of maxSize 1 MiB that held 1 MiB, freed
// and trimmed it, has no room for another 1 MiB (hip-tests' hipGetProcAddress_Memory_APIs,
// hipMemPoolTrimTo). The driver's pool does the allocating; this only answers "out of memory"
// where AMD's would. Pools without a maximum are not counted.
class PoolLimits {
 public:
  static PoolLimits& get() {
    static PoolLimits* limits = new PoolLimits();  // lives past static destruction
    return *limits;
  }
  // The block a request of `size` takes from `pool` (`*reused`: a freed one), or
  // hipErrorOutOfMemory.
  Status reserve(hipMemPool_t pool, size_t size, size_t* block, bool* reused) {
    std::lock_guard<std::mutex> lock(mutex_);
    Account& a = accounts_[pool];
    auto it = a.freeBlocks.lower_bound(size);
    if (it != a.freeBlocks.end()) {
      *block = *it;
      *reused = true;
      a.held -= *it;
      a.freeBlocks.erase(it);
    } else {
      if (a.highWater > pool->maxSize || size > pool->maxSize - a.highWater)
        return hipErrorOutOfMemory;
      *block = size;
      *reused = false;
    }
    a.busy += *block;
    a.highWater = std::max(a.highWater, a.busy + a.held);
    return kOk;
  }
  // After reserve(): the driver's allocation at `ptr` (null: it failed; a reused block is free
  // again, a new one was never taken).
  void commit(hipMemPool_t pool, void* ptr, size_t block, bool reused) {
    std::lock_guard<std::mutex> lock(mutex_);
    if (ptr != nullptr) {
      blocks_[ptr] = {pool, block};
      counting_.store(true, std::memory_order_release);
      return;
    }
    Account& a = accounts_[pool];
    a.busy -= block;
    if (reused) {
      a.held += block;
      a.freeBlocks.insert(block);
    }
  }
  // Memory of a counted pool goes back to it (nothing for any other memory).
  void release(void* ptr) {
    // Frees of pools without a maximum take no lock.
    if (!counting_.load(std::memory_order_acquire)) return;
    std::lock_guard<std::mutex> lock(mutex_);
    auto it = blocks_.find(ptr);
    if (it == blocks_.end()) return;
    Account& a = accounts_[it->second.pool];
    a.busy -= it->second.size;
    a.held += it->second.size;
    a.freeBlocks.insert(it->second.size);
    blocks_.erase(it);
  }
  // AMD's Heap::ReleaseAllMemory(min): smallest freed blocks first, until `min` bytes are held.
  void trimTo(hipMemPool_t pool, size_t minBytes) {
    std::lock_guard<std::mutex> lock(mutex_);
    auto found = accounts_.find(pool);
    if (found == accounts_.end()) return;
    Account& a = found->second;
    while (a.held > minBytes && !a.freeBlocks.empty()) {
      a.held -= *a.freeBlocks.begin();
      a.freeBlocks.erase(a.freeBlocks.begin());
    }
  }
  void resetHighWater(hipMemPool_t pool) {
    std::lock_guard<std::mutex> lock(mutex_);
    auto found = accounts_.find(pool);
    if (found != accounts_.end()) found->second.highWater = 0;
  }
  void forget(hipMemPool_t pool) {
    std::lock_guard<std::mutex> lock(mutex_);
    accounts_.erase(pool);
    for (auto it = blocks_.begin(); it != blocks_.end();)
      it = it->second.pool == pool ? blocks_.erase(it) : std::next(it);
  }

 private:
  struct Account {
    size_t highWater = 0;  // AMD's max_total_size_: most bytes reserved (busy + held) at once
    size_t busy = 0;       // bytes of live allocations
    size_t held = 0;       // bytes of freed blocks the pool still holds
    std::multiset<size_t> freeBlocks;
  };
  struct Block {
    hipMemPool_t pool;
    size_t size;
  };
  std::mutex mutex_;
  std::atomic<bool> counting_{false};  // a counted block was ever taken
  std::unordered_map<hipMemPool_t, Account> accounts_;
  std::unordered_map<void*, Block> blocks_;
};

// Allocates from `pool` (null: the stream's device's current pool) in stream order.
Status mallocAsync(void** ptr, size_t size, hipMemPool_t pool, hipStream_t stream) {
  ResolvedStream rs;
  UNIHIP_TRY(resolveStream(stream, &rs, kNotLiveStreamIsInvalidHandle));
  Device* d = rs.device;
  MemoryPoolOps* ops = nullptr;
  if (pool != nullptr) {
    UNIHIP_TRY(poolFamily(pool, &d, &ops));
  } else {
    UNIHIP_TRY(pools::family(d, &ops));
    UNIHIP_TRY(MemoryPoolRegistry::get().currentPool(d, ops, &pool));
  }
  if (d->backend != rs.device->backend) return hipErrorInvalidValue;
  // A pool created with a maximum size holds no more than AMD's would (PoolLimits); the driver
  // may round the maximum up.
  size_t block = 0;
  bool reused = false;
  const bool counted = pool->maxSize != 0;
  if (counted) UNIHIP_TRY(PoolLimits::get().reserve(pool, size, &block, &reused));
  void* p = nullptr;
  Status got = ops->mallocFromPool(rs.device->local, pool->native, size, rs.native, &p);
  if (got.ok() && p == nullptr) got = hipErrorOutOfMemory;
  if (counted) PoolLimits::get().commit(pool, got.ok() ? p : nullptr, block, reused);
  UNIHIP_TRY(got);
  AllocationMap::get().insert({p, size, d->ordinal, capturedKind(rs)});
  *ptr = p;
  return kOk;
}

// Pool memory goes back to its pool in stream order; memory of hipMalloc is freed at once, as
// AMD's runtime does; anything else is not freeable here.
Status freeAsync(void* ptr, hipStream_t stream) {
  ResolvedStream rs;
  UNIHIP_TRY(resolveStream(stream, &rs, kNotLiveStreamIsInvalidHandle));
  Allocation a;
  if (!AllocationMap::get().take(ptr, &a)) return hipErrorInvalidValue;
  Device* d = Runtime::get().device(a.device);
  Status s = hipErrorInvalidValue;
  if (d != nullptr && a.kind == AllocationKind::Pool) {
    MemoryPoolOps* ops = nullptr;
    s = pools::family(d, &ops);
    if (s.ok()) s = ops->freeAsync(d->local, ptr, rs.native);
    if (s.ok()) PoolLimits::get().release(ptr);
  } else if (d != nullptr && a.kind == AllocationKind::Device) {
    s = memory::release(d, a);
  } else if (d != nullptr && a.kind == AllocationKind::Graph) {
    AllocationMap::get().insert(a);  // the graph's address, for its next launch
    return memory::freeGraphAllocation(d, ptr, rs.native);
  }
  if (!s.ok()) AllocationMap::get().insert(a);  // still allocated
  return s;
}

}  // namespace

// HIP 7 (as cudaFree): hipFree of stream-ordered memory does not wait for the device. The block
// goes back to its pool in the null stream's order, so work queued before the free (on the null
// stream and, by the legacy stream's rule, on blocking streams) still sees it.
Status memory::releasePooled(Device* d, const Allocation& a) {
  MemoryPoolOps* ops = nullptr;
  UNIHIP_TRY(pools::family(d, &ops));
  UNIHIP_TRY(ops->freeAsync(d->local, a.base, nullptr));
  PoolLimits::get().release(a.base);
  return kOk;
}

UNIHIP_EXPORT hipError_t hipMallocAsync(void** dev_ptr, size_t size, hipStream_t stream) {
  UNIHIP_TRACE_hipMallocAsync(dev_ptr, size, stream);
  if (dev_ptr == nullptr) UNIHIP_RETURN(hipErrorInvalidValue);
  UNIHIP_RETURN_IF_FAILED(checkStream(stream, kNotLiveStreamIsInvalidHandle));
  if (size == 0) {
    *dev_ptr = nullptr;
    UNIHIP_RETURN(kOk);
  }
  UNIHIP_RETURN(mallocAsync(dev_ptr, size, nullptr, stream));
}

UNIHIP_EXPORT hipError_t hipFreeAsync(void* dev_ptr, hipStream_t stream) {
  UNIHIP_TRACE_hipFreeAsync(dev_ptr, stream);
  // HIP 7: a null pointer is success, as for hipFree.
  if (dev_ptr == nullptr) UNIHIP_RETURN(kOk);
  UNIHIP_RETURN_IF_FAILED(checkStream(stream, kNotLiveStreamIsInvalidHandle));
  UNIHIP_RETURN(freeAsync(dev_ptr, stream));
}

UNIHIP_EXPORT hipError_t hipMallocFromPoolAsync(void** dev_ptr, size_t size, hipMemPool_t mem_pool,
                                                hipStream_t stream) {
  UNIHIP_TRACE_hipMallocFromPoolAsync(dev_ptr, size, mem_pool, stream);
  if (anyNull(dev_ptr, mem_pool)) UNIHIP_RETURN(hipErrorInvalidValue);
  UNIHIP_RETURN_IF_FAILED(checkStream(stream, kNotLiveStreamIsInvalidHandle));
  if (size == 0) {  // as AMD's runtime: before the pool is looked at
    *dev_ptr = nullptr;
    UNIHIP_RETURN(kOk);
  }
  UNIHIP_RETURN(mallocAsync(dev_ptr, size, mem_pool, stream));
}

namespace {

Status defaultPoolOf(int device, hipMemPool_t* mem_pool) {
  Device* d = Runtime::get().device(device);
  MemoryPoolOps* ops = nullptr;
  UNIHIP_TRY(pools::family(d, &ops));
  return MemoryPoolRegistry::get().defaultPool(d, ops, mem_pool);
}

Status currentPoolOf(int device, hipMemPool_t* mem_pool) {
  Device* d = Runtime::get().device(device);
  MemoryPoolOps* ops = nullptr;
  UNIHIP_TRY(pools::family(d, &ops));
  return MemoryPoolRegistry::get().currentPool(d, ops, mem_pool);
}

Status setPoolOf(int device, hipMemPool_t mem_pool) {
  Device* d = nullptr;
  MemoryPoolOps* ops = nullptr;
  UNIHIP_TRY(poolFamily(mem_pool, &d, &ops));
  if (mem_pool->device != device) return hipErrorInvalidDevice;
  UNIHIP_TRY(ops->setCurrentPool(d->local, mem_pool->native));
  MemoryPoolRegistry::get().setCurrent(device, mem_pool);
  return kOk;
}

// The HIP 7 forms name the device as a hipMemLocation, with the kind of allocation (AMD: a null
// location, a location other than a device, a bad ordinal or the invalid type are
// hipErrorInvalidValue). unihip's pools hold pinned device memory; managed pools and host NUMA
// nodes' pools are hipErrorNotSupported.
Status poolLocation(const hipMemLocation* location, hipMemAllocationType type, int* device) {
  if (location == nullptr) return hipErrorInvalidValue;
  switch (enumValue(location->type)) {
    case hipMemLocationTypeDevice: break;
    case hipMemLocationTypeHostNuma:
    case hipMemLocationTypeHostNumaCurrent: return hipErrorNotSupported;
    default: return hipErrorInvalidValue;
  }
  if (!checkDeviceOrdinal(location->id).ok()) return hipErrorInvalidValue;
  switch (enumValue(type)) {
    case hipMemAllocationTypePinned: break;
    case hipMemAllocationTypeManaged: return hipErrorNotSupported;
    default: return hipErrorInvalidValue;
  }
  *device = location->id;
  return kOk;
}

}  // namespace

UNIHIP_EXPORT hipError_t hipDeviceGetDefaultMemPool(hipMemPool_t* mem_pool, int device) {
  UNIHIP_TRACE_hipDeviceGetDefaultMemPool(mem_pool, device);
  if (mem_pool == nullptr) UNIHIP_RETURN(hipErrorInvalidValue);
  UNIHIP_RETURN_IF_FAILED(checkDeviceOrdinal(device));
  UNIHIP_RETURN(defaultPoolOf(device, mem_pool));
}

UNIHIP_EXPORT hipError_t hipDeviceSetMemPool(int device, hipMemPool_t mem_pool) {
  UNIHIP_TRACE_hipDeviceSetMemPool(device, mem_pool);
  UNIHIP_RETURN_IF_FAILED(refuseUnsafeDuringCapture());  // HIP 7: not while capturing
  // AMD answers hipErrorInvalidValue for a bad device here (not hipErrorInvalidDevice).
  if (mem_pool == nullptr || !checkDeviceOrdinal(device).ok())
    UNIHIP_RETURN(hipErrorInvalidValue);
  UNIHIP_RETURN(setPoolOf(device, mem_pool));
}

UNIHIP_EXPORT hipError_t hipDeviceGetMemPool(hipMemPool_t* mem_pool, int device) {
  UNIHIP_TRACE_hipDeviceGetMemPool(mem_pool, device);
  if (mem_pool == nullptr || !checkDeviceOrdinal(device).ok())
    UNIHIP_RETURN(hipErrorInvalidValue);
  UNIHIP_RETURN(currentPoolOf(device, mem_pool));
}

UNIHIP_EXPORT hipError_t hipMemGetDefaultMemPool(hipMemPool_t* pool, hipMemLocation* location,
                                                 hipMemAllocationType type) {
  UNIHIP_TRACE_hipMemGetDefaultMemPool(pool, location, type);
  int device = 0;
  Status s = pool != nullptr ? poolLocation(location, type, &device) : hipErrorInvalidValue;
  UNIHIP_RETURN(s.ok() ? defaultPoolOf(device, pool) : s);
}

UNIHIP_EXPORT hipError_t hipMemGetMemPool(hipMemPool_t* pool, hipMemLocation* location,
                                          hipMemAllocationType type) {
  UNIHIP_TRACE_hipMemGetMemPool(pool, location, type);
  int device = 0;
  Status s = pool != nullptr ? poolLocation(location, type, &device) : hipErrorInvalidValue;
  UNIHIP_RETURN(s.ok() ? currentPoolOf(device, pool) : s);
}

UNIHIP_EXPORT hipError_t hipMemSetMemPool(hipMemLocation* location, hipMemAllocationType type,
                                          hipMemPool_t pool) {
  UNIHIP_TRACE_hipMemSetMemPool(location, type, pool);
  int device = 0;
  Status s = pool != nullptr ? poolLocation(location, type, &device) : hipErrorInvalidValue;
  UNIHIP_RETURN(s.ok() ? setPoolOf(device, pool) : s);
}

UNIHIP_EXPORT hipError_t hipMemPoolCreate(hipMemPool_t* mem_pool,
                                          const hipMemPoolProps* pool_props) {
  UNIHIP_TRACE_hipMemPoolCreate(mem_pool, pool_props);
  UNIHIP_RETURN_IF_FAILED(refuseUnsafeDuringCapture());  // HIP 7: not while capturing
  if (anyNull(mem_pool, pool_props)) UNIHIP_RETURN(hipErrorInvalidValue);
  UNIHIP_RETURN_IF_FAILED(checkPoolProps(*pool_props));
  if (pool_props->handleTypes != hipMemHandleTypeNone &&
      pool_props->handleTypes != hipMemHandleTypePosixFileDescriptor)
    UNIHIP_RETURN(hipErrorNotSupported);  // Windows handles
  Device* d = Runtime::get().device(pool_props->location.id);
  MemoryPoolOps* ops = nullptr;
  UNIHIP_RETURN_IF_FAILED(pools::family(d, &ops));
  NativePool native = nullptr;
  UNIHIP_RETURN_IF_FAILED(ops->poolCreate(d->local, *pool_props, &native));
  *mem_pool = MemoryPoolRegistry::get().addPool(d->ordinal, native, false, pool_props->maxSize);
  UNIHIP_RETURN(kOk);
}

UNIHIP_EXPORT hipError_t hipMemPoolDestroy(hipMemPool_t mem_pool) {
  UNIHIP_TRACE_hipMemPoolDestroy(mem_pool);
  UNIHIP_RETURN_IF_FAILED(refuseUnsafeDuringCapture());  // HIP 7: not while capturing
  if (mem_pool == nullptr) UNIHIP_RETURN(hipErrorInvalidValue);
  Device* d = nullptr;
  MemoryPoolOps* ops = nullptr;
  UNIHIP_RETURN_IF_FAILED(poolFamily(mem_pool, &d, &ops));
  // A device's default pool lives as long as the device.
  if (mem_pool->isDefault) UNIHIP_RETURN(hipErrorInvalidValue);
  const NativePool native = mem_pool->native;
  bool wasCurrent = false;
  if (!MemoryPoolRegistry::get().removePool(mem_pool, &wasCurrent))
    UNIHIP_RETURN(hipErrorInvalidValue);
  PoolLimits::get().forget(mem_pool);
  // The device's current pool is its default again (the registry's record too).
  NativePool fallback = nullptr;
  if (wasCurrent && ops->defaultPool(d->local, &fallback).ok())
    (void)ops->setCurrentPool(d->local, fallback);
  UNIHIP_RETURN(ops->poolDestroy(native));
}

UNIHIP_EXPORT hipError_t hipMemPoolTrimTo(hipMemPool_t mem_pool, size_t min_bytes_to_hold) {
  UNIHIP_TRACE_hipMemPoolTrimTo(mem_pool, min_bytes_to_hold);
  if (mem_pool == nullptr) UNIHIP_RETURN(hipErrorInvalidValue);
  Device* d = nullptr;
  MemoryPoolOps* ops = nullptr;
  UNIHIP_RETURN_IF_FAILED(poolFamily(mem_pool, &d, &ops));
  Status s = ops->poolTrimTo(mem_pool->native, min_bytes_to_hold);
  if (s.ok()) PoolLimits::get().trimTo(mem_pool, min_bytes_to_hold);
  UNIHIP_RETURN(s);
}

UNIHIP_EXPORT hipError_t hipMemPoolSetAttribute(hipMemPool_t mem_pool, hipMemPoolAttr attr,
                                                void* value) {
  UNIHIP_TRACE_hipMemPoolSetAttribute(mem_pool, attr, value);
  if (anyNull(mem_pool, value)) UNIHIP_RETURN(hipErrorInvalidValue);
  if (!isKnownAttribute(attr)) UNIHIP_RETURN(hipErrorInvalidValue);
  Device* d = nullptr;
  MemoryPoolOps* ops = nullptr;
  UNIHIP_RETURN_IF_FAILED(poolFamily(mem_pool, &d, &ops));
  // Current sizes are read-only; the high-water marks may only be reset to 0.
  if (attr == hipMemPoolAttrReservedMemCurrent || attr == hipMemPoolAttrUsedMemCurrent)
    UNIHIP_RETURN(hipErrorInvalidValue);
  if ((attr == hipMemPoolAttrReservedMemHigh || attr == hipMemPoolAttrUsedMemHigh) &&
      *static_cast<uint64_t*>(value) != 0)
    UNIHIP_RETURN(hipErrorInvalidValue);
  Status s = ops->poolSetAttribute(mem_pool->native, attr, value);
  if (s.ok() && attr == hipMemPoolAttrReservedMemHigh) PoolLimits::get().resetHighWater(mem_pool);
  UNIHIP_RETURN(s);
}

UNIHIP_EXPORT hipError_t hipMemPoolGetAttribute(hipMemPool_t mem_pool, hipMemPoolAttr attr,
                                                void* value) {
  UNIHIP_TRACE_hipMemPoolGetAttribute(mem_pool, attr, value);
  if (anyNull(mem_pool, value)) UNIHIP_RETURN(hipErrorInvalidValue);
  if (!isKnownAttribute(attr)) UNIHIP_RETURN(hipErrorInvalidValue);
  Device* d = nullptr;
  MemoryPoolOps* ops = nullptr;
  UNIHIP_RETURN_IF_FAILED(poolFamily(mem_pool, &d, &ops));
  UNIHIP_RETURN(ops->poolGetAttribute(mem_pool->native, attr, value));
}

UNIHIP_EXPORT hipError_t hipMemPoolSetAccess(hipMemPool_t mem_pool,
                                             const hipMemAccessDesc* desc_list, size_t count) {
  UNIHIP_TRACE_hipMemPoolSetAccess(mem_pool, desc_list, count);
  if (anyNull(mem_pool, desc_list)) UNIHIP_RETURN(hipErrorInvalidValue);
  if (!isLive(mem_pool)) UNIHIP_RETURN(hipErrorInvalidValue);
  UNIHIP_RETURN_IF_FAILED(checkAccessDescs(mem_pool, desc_list, count));
  Device* d = nullptr;
  MemoryPoolOps* ops = nullptr;
  UNIHIP_RETURN_IF_FAILED(poolFamily(mem_pool, &d, &ops));
  for (size_t i = 0; i < count; ++i) {
    // The pool's own device has read-write access by construction (HIP accepts restating it);
    // an imported pool's accessibility is the importer's to set.
    if (desc_list[i].location.id == mem_pool->device && !mem_pool->imported) continue;
    AccessGrant grant;
    UNIHIP_RETURN_IF_FAILED(pools::toGrant(d, desc_list[i].location, desc_list[i].flags, &grant));
    UNIHIP_RETURN_IF_FAILED(ops->poolSetAccess(mem_pool->native, grant));
  }
  UNIHIP_RETURN(kOk);
}

UNIHIP_EXPORT hipError_t hipMemPoolGetAccess(hipMemAccessFlags* flags, hipMemPool_t mem_pool,
                                             hipMemLocation* location) {
  UNIHIP_TRACE_hipMemPoolGetAccess(flags, mem_pool, location);
  if (anyNull(flags, mem_pool, location)) UNIHIP_RETURN(hipErrorInvalidValue);
  if (!isDeviceLocation(*location)) UNIHIP_RETURN(hipErrorInvalidValue);
  Device* d = nullptr;
  MemoryPoolOps* ops = nullptr;
  UNIHIP_RETURN_IF_FAILED(poolFamily(mem_pool, &d, &ops));
  AccessGrant grant;
  UNIHIP_RETURN_IF_FAILED(pools::toGrant(d, *location, hipMemAccessFlagsProtNone, &grant));
  UNIHIP_RETURN(ops->poolGetAccess(mem_pool->native, grant.device, flags));
}

UNIHIP_EXPORT hipError_t hipMemPoolExportToShareableHandle(void* shared_handle,
                                                           hipMemPool_t mem_pool,
                                                           hipMemAllocationHandleType handle_type,
                                                           unsigned int flags) {
  UNIHIP_TRACE_hipMemPoolExportToShareableHandle(shared_handle, mem_pool, handle_type, flags);
  if (anyNull(shared_handle, mem_pool) || flags != 0 || handle_type == hipMemHandleTypeNone)
    UNIHIP_RETURN(hipErrorInvalidValue);
  Device* d = nullptr;
  MemoryPoolOps* ops = nullptr;
  UNIHIP_RETURN_IF_FAILED(poolFamily(mem_pool, &d, &ops));
  // Windows handles are no value on Linux.
  if (handle_type != hipMemHandleTypePosixFileDescriptor) UNIHIP_RETURN(hipErrorInvalidValue);
  UNIHIP_RETURN(ops->poolExport(mem_pool->native, handle_type, shared_handle));
}

UNIHIP_EXPORT hipError_t hipMemPoolImportFromShareableHandle(
    hipMemPool_t* mem_pool, void* shared_handle, hipMemAllocationHandleType handle_type,
    unsigned int flags) {
  UNIHIP_TRACE_hipMemPoolImportFromShareableHandle(mem_pool, shared_handle, handle_type, flags);
  if (anyNull(mem_pool, shared_handle) || flags != 0 || handle_type == hipMemHandleTypeNone)
    UNIHIP_RETURN(hipErrorInvalidValue);
  Device* current = nullptr;
  UNIHIP_RETURN_IF_FAILED(currentDevice(&current));
  MemoryPoolOps* ops = nullptr;
  UNIHIP_RETURN_IF_FAILED(pools::family(current, &ops));
  // Windows handles are no value on Linux.
  if (handle_type != hipMemHandleTypePosixFileDescriptor) UNIHIP_RETURN(hipErrorInvalidValue);
  NativePool native = nullptr;
  UNIHIP_RETURN_IF_FAILED(ops->poolImport(shared_handle, handle_type, &native));
  int local = current->local;
  (void)ops->poolDevice(native, &local);
  const int ordinal = pools::hipOrdinal(current->backend, local);
  *mem_pool = MemoryPoolRegistry::get().addPool(ordinal < 0 ? current->ordinal : ordinal, native,
                                                true);
  UNIHIP_RETURN(kOk);
}

UNIHIP_EXPORT hipError_t hipMemPoolExportPointer(hipMemPoolPtrExportData* export_data,
                                                 void* dev_ptr) {
  UNIHIP_TRACE_hipMemPoolExportPointer(export_data, dev_ptr);
  if (anyNull(export_data, dev_ptr)) UNIHIP_RETURN(hipErrorInvalidValue);
  Allocation a;
  if (!AllocationMap::get().find(dev_ptr, &a) || a.kind != AllocationKind::Pool ||
      a.base != dev_ptr)
    UNIHIP_RETURN(hipErrorInvalidValue);
  MemoryPoolOps* ops = nullptr;
  UNIHIP_RETURN_IF_FAILED(pools::family(Runtime::get().device(a.device), &ops));
  UNIHIP_RETURN(ops->poolExportPointer(dev_ptr, export_data));
}

UNIHIP_EXPORT hipError_t hipMemPoolImportPointer(void** dev_ptr, hipMemPool_t mem_pool,
                                                 hipMemPoolPtrExportData* export_data) {
  UNIHIP_TRACE_hipMemPoolImportPointer(dev_ptr, mem_pool, export_data);
  if (anyNull(dev_ptr, mem_pool, export_data)) UNIHIP_RETURN(hipErrorInvalidValue);
  Device* d = nullptr;
  MemoryPoolOps* ops = nullptr;
  UNIHIP_RETURN_IF_FAILED(poolFamily(mem_pool, &d, &ops));
  if (!mem_pool->imported) UNIHIP_RETURN(hipErrorInvalidValue);
  void* p = nullptr;
  UNIHIP_RETURN_IF_FAILED(ops->poolImportPointer(mem_pool->native, *export_data, &p));
  // The exporter knows the size; one byte is enough to find the base and free it.
  AllocationMap::get().insert({p, 1, d->ordinal, AllocationKind::Pool});
  *dev_ptr = p;
  UNIHIP_RETURN(kOk);
}
