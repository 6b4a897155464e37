// The live memory allocations unihip made (hipMalloc, hipHostMalloc, ...): base address -> size,
// device, kind. Lets the API reject pointers it never allocated before they reach the driver
// (hipFree, hipHostFree, hipMemset* answer hipErrorInvalidValue as AMD's runtime does) and answers
// which allocation contains an address (for hipPointerGetAttributes).
// Every allocating API must insert what it allocates and every freeing API take it out.
// Thread safety: a shared_mutex; lookups share it. Not for hot paths (async copies and launches do
// no lookup).
#pragma once

#include <cstddef>
#include <cstdint>
#include <map>
#include <shared_mutex>
#include <vector>

namespace unihip {

enum class AllocationKind : uint8_t {
  Device,      // hipMalloc: device memory
  PinnedHost,  // hipHostMalloc / hipMallocHost / hipHostAlloc: page-locked host memory
  Variable,    // a __device__/__constant__ variable's storage: filled and copied, never freed
  Managed,     // hipMallocManaged
  Registered,  // hipHostRegister: the user's host memory, page-locked and mapped
  Pool,        // hipMallocAsync / hipMallocFromPoolAsync: device memory of a stream-ordered pool
  Ipc,         // hipIpcOpenMemHandle: another process's device memory (hipIpcCloseMemHandle)
  Virtual,     // hipMemMap: a mapped range of a reservation (hipMemUnmap)
  Graph,       // a graph's allocation node: hipFree/hipFreeAsync end a launch's allocation there,
               // the address stays the graph's (the entry stays) for its next launch
};

struct Allocation {
  void* base = nullptr;
  size_t size = 0;
  int device = 0;  // HIP ordinal of the device that allocated it
  AllocationKind kind = AllocationKind::Device;
  unsigned flags = 0;            // what it was allocated or registered with (hipHostGetFlags)
  void* devicePointer = nullptr;  // Registered: the address devices use for `base`
  bool syncMemops = false;        // HIP_POINTER_ATTRIBUTE_SYNC_MEMOPS (hipPointerSetAttribute)
  bool coarseGrain = false;       // Managed: hipMemAdviseSetCoarseGrain given (and not unset)
  // HIP_POINTER_ATTRIBUTE_BUFFER_ID: insert numbers each new allocation (1, 2, ...) and keeps
  // the number of one inserted again (a failed free); AMD's runtime counts its allocations so,
  // and an address handed out again after a free gets a new one.
  uint32_t id = 0;
};

class AllocationMap {
 public:
  static AllocationMap& get();

  // Records [base, base + size), numbering it unless it has a number. Entries overlapping it are
  // stale (the backend handed this memory out again, e.g. after a device reset freed it behind
  // our back) and are dropped.
  void insert(const Allocation& a);
  // Removes the allocation starting exactly at `base` and returns it; false if there is none.
  bool take(const void* base, Allocation* out);
  // The allocation containing `p` (base <= p < base + size); false if none.
  bool find(const void* p, Allocation* out) const;
  // Sets syncMemops of the allocation containing `p`; false if none.
  bool setSyncMemops(const void* p, bool sync);
  // Sets coarseGrain of the allocation containing `p`; false if none.
  bool setCoarseGrain(const void* p, bool coarse);
  // True when any allocation shares a byte with [p, p + size) (size > 0).
  bool overlaps(const void* p, size_t size) const;
  // True when [p, p + size) lies inside one allocation (size 0: p inside one).
  bool containsRange(const void* p, size_t size) const;
  // Removes and returns every allocation of `device` (hipDeviceReset frees them).
  std::vector<Allocation> takeDevice(int device);
  size_t size() const;

 private:
  template <class Change>
  bool update(const void* p, Change change);

  mutable std::shared_mutex mutex_;
  std::map<uintptr_t, Allocation> byBase_;
  uint32_t lastId_ = 0;
};

}  // namespace unihip
