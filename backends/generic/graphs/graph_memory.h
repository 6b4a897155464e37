// Graph memory of the generic graphs family (generic_graphs.h), as CUDA and HIP define it: an
// allocation node's address is fixed when the node is made; a launch makes the allocation live
// until a free node, hipFree or hipFreeAsync ends it, and a graph is not launched again while
// one of its allocations is live (hipErrorInvalidValue) unless it was instantiated with
// hipGraphInstantiateFlagAutoFreeOnLaunch. The footprint figures (hipGraphMemAttr*) count live
// allocations as used; what they freed stays reserved (cached) until hipDeviceGraphMemTrim.
// The memory itself stays with the graphs that name its address, so that they can run again.
//
// Thread safety: figures and liveness are atomics (a launch takes no lock, allocates nothing);
// the address registry has a mutex, taken when nodes are made, instantiated, freed by hipFree.
// A free racing the launch that made the allocation is the caller's race, as in CUDA.
#pragma once

#include <atomic>
#include <cstdint>
#include <memory>
#include <mutex>
#include <unordered_map>

#include "base/status.h"

namespace unihip {

class Backend;

namespace generic_graphs {

class GraphMemory;

// Memory of one allocation node: shared by the graph, its clones and executable graphs; while a
// launch's allocation is live it holds itself (`self`), so that it outlives them until freed.
struct GraphAllocation {
  Backend* backend = nullptr;
  int device = 0;
  void* ptr = nullptr;
  size_t size = 0;
  GraphMemory* memory = nullptr;
  std::atomic<bool> live{false};
  std::shared_ptr<GraphAllocation> self;  // set while live
  ~GraphAllocation();
};

class GraphMemory {
 public:
  static constexpr int kDevices = 16;  // figures are kept for the first 16 local devices

  // Records a new allocation's address; ~GraphAllocation forgets it.
  void add(const std::shared_ptr<GraphAllocation>& a);
  void forget(void* ptr);
  // The allocation at exactly `ptr`, null when there is none.
  std::shared_ptr<GraphAllocation> find(void* ptr);

  // A launch's allocation begins (`a` names it, so that it holds itself while live).
  void begin(const std::shared_ptr<GraphAllocation>& a);
  // Ends the live allocation; false when it is not live.
  bool end(GraphAllocation& a);
  bool live(const GraphAllocation& a);

  // hipGraphMemAttr* read (set false) or, for the high marks, reset to the current figure.
  Status attribute(int device, int attr, uint64_t* value, bool set);
  // hipDeviceGraphMemTrim: the cached (freed) bytes are no longer reserved.
  void trim(int device);

 private:
  struct Figures {
    std::atomic<uint64_t> used{0}, cached{0}, usedHigh{0}, reservedHigh{0};
  };
  static void raise(std::atomic<uint64_t>& high, uint64_t now);
  Figures figures_[kDevices];
  std::mutex registryMutex_;
  std::unordered_map<void*, std::weak_ptr<GraphAllocation>> byAddress_;
};

}  // namespace generic_graphs
}  // namespace unihip
