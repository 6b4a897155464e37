// The hostcall service: the buffer a code object's hidden_hostcall_buffer points to, one per
// device, and one host thread that answers the device's requests (printf, device malloc's
// memory). As AMD's runtime: one doorbell signal and one thread for all buffers, both created
// with the first buffer (at the first launch of a kernel that asks for one).
//
// The launch path reads a created buffer's address with one atomic load (bufferFast); creation
// takes a mutex once. The thread only reads the buffer table, never locks against launches.
#pragma once

#include <atomic>
#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <thread>
#include <vector>

#include "base/status.h"
#include "hostcall_protocol.h"
#include "hsa_discovery.h"
#include "hsa_loader.h"

namespace unihip::hsa {

class HostcallService {
 public:
  HostcallService(const HsaApi& api, std::vector<const AgentInfo*> agents);
  ~HostcallService();  // stop(), then frees buffers and what devmem handed out

  // The device's buffer address once created; 0 before.
  uint64_t bufferFast(int device) const {
    return slots_[device].address.load(std::memory_order_acquire);
  }
  // Creates the device's buffer (and the service thread) on first use. hipErrorIllegalState,
  // as AMD's runtime, when the device lacks PCIe atomics to the host (hostcall cannot work).
  Status buffer(int device, uint64_t* address);
  // Stops the thread (a store of 0 to the doorbell) and joins it. Idempotent.
  void stop();

  // Tests: live device allocations handed out by the devmem service, and the doorbell.
  size_t devmemLive() const;
  hsa_signal_t doorbell() const { return doorbell_; }

 private:
  struct Slot {
    std::atomic<uint64_t> address{0};
    void* memory = nullptr;
    uint32_t packets = 0;  // set before `address` is published
    bool refused = false;
  };
  void run();
  void serve(int device, uint32_t service, uint64_t* slot);
  uint64_t devmemAllocate(int device, uint64_t size);
  void devmemFree(uint64_t address);
  bool hostAtomics(const AgentInfo& agent) const;

  const HsaApi& api_;
  std::vector<const AgentInfo*> agents_;
  std::unique_ptr<Slot[]> slots_;
  std::mutex mutex_;  // buffer creation
  hsa_signal_t doorbell_{0};
  std::thread thread_;
  hostcall::PrintfMessages printf_;  // the service thread's
  mutable std::mutex devmemMutex_;
  struct Block {
    void* base;  // what the pool returned (the address handed out may be aligned above it)
    uint64_t size;
  };
  std::map<uint64_t, Block> devmem_;
};

}  // namespace unihip::hsa
