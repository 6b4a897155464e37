// Stream-ordered memory pools over any backend's device allocation and events, for vendors without
// native pools (HSA/ROCr): the pool part of MemoryPoolOps (IPC and virtual memory stay the
// vendor's, hipErrorNotSupported by default; a vendor adds them in a subclass).
//
// A freed block goes on its pool's free list with the stream it was freed on and an event recorded
// there. The same stream may take it back at once (stream order covers the reuse); another stream
// takes it once the event has completed (hipMemPoolReuseFollowEventDependencies /
// AllowOpportunistic, both on by default). Freed blocks stay reserved up to the release threshold
// (default 0: given back as soon as their event completes, at the next pool operation).
// Thread safety: one mutex for all pools (not a hot path).
#pragma once

#include <map>
#include <memory>
#include <mutex>
#include <vector>

#include "backend.h"
#include "seam/memory_pool_ops.h"

namespace unihip {

class GenericMemoryPools : public MemoryPoolOps {
 public:
  explicit GenericMemoryPools(Backend& backend) : backend_(backend) {}
  // Leaves the memory to the process (the backend may be gone): call releaseAll() first.
  ~GenericMemoryPools() override = default;
  // Waits for pending frees and gives every free block and spare event back to the backend.
  void releaseAll();
  // Stream-ordered allocations on a capturing stream become graph nodes of `graphs`.
  void captureWith(class GenericGraphs* graphs) { graphs_ = graphs; }

  Status defaultPool(int device, NativePool* pool) override;
  Status poolCreate(int device, const hipMemPoolProps& props, NativePool* pool) override;
  Status poolDestroy(NativePool pool) override;
  Status setCurrentPool(int, NativePool) override { return kOk; }  // the API layer's record
  Status mallocFromPool(int device, NativePool pool, size_t size, NativeStream stream,
                        void** ptr) override;
  Status freeAsync(int device, void* ptr, NativeStream stream) override;
  Status poolTrimTo(NativePool pool, size_t keep) override;
  Status poolSetAttribute(NativePool pool, hipMemPoolAttr attr, void* value) override;
  Status poolGetAttribute(NativePool pool, hipMemPoolAttr attr, void* value) override;
  Status poolSetAccess(NativePool pool, const AccessGrant& grant) override;
  Status poolGetAccess(NativePool pool, int device, hipMemAccessFlags* flags) override;
  Status poolDevice(NativePool pool, int* device) override;

 private:
  struct Block {
    void* ptr = nullptr;
    size_t size = 0;
    NativeStream stream = nullptr;  // freed on
    NativeEvent freed = nullptr;    // recorded on `stream` at the free
  };
  struct Pool {
    int device = 0;
    bool destroyed = false;
    uint64_t threshold = 0;
    int followEvents = 1, opportunistic = 1, internalDependencies = 1;
    uint64_t used = 0, usedHigh = 0, reserved = 0, reservedHigh = 0;
    size_t maxSize = 0;  // 0: no limit
    std::vector<Block> free;
    std::map<int, hipMemAccessFlags> access;
  };

  Pool* newPool(int device, size_t maxSize);
  bool complete(const Pool& p, const Block& b);
  // Gives back completed free blocks while the reserve exceeds `keep` (waits for pending ones
  // when `wait`).
  void release(Pool& p, uint64_t keep, bool wait);
  void dropBlock(Pool& p, size_t index);

  Backend& backend_;
  class GenericGraphs* graphs_ = nullptr;
  std::mutex mutex_;
  std::vector<std::unique_ptr<Pool>> pools_;
  std::map<int, Pool*> defaults_;
  std::map<void*, std::pair<Pool*, size_t>> live_;  // pointer -> pool, size
  std::vector<NativeEvent> spareEvents_[8];         // per device (first 8), recycled
};

}  // namespace unihip
