// Executable graphs as pre-built AQL packets (issue 14, AMD): at instantiation the generic
// graphs' schedule (generic/graphs) is compiled into kernel dispatch packets whose kernarg
// blocks are written once, hidden arguments included (the same launchContext, prepareDispatch
// and layoutKernargs a direct launch uses), so hipGraphLaunch is a copy of ready packets into
// the stream's queue and one doorbell.
//
// Dependencies: the whole graph runs on the launch stream's queue in schedule (topological)
// order. A packet carries the barrier bit when one of its dependencies may still run: at or
// after the latest packet with the barrier bit (packets launch in order, so everything before
// that packet has completed once it launched); the first packet always has it (stream order).
// Two barrier-AND packets close a launch: the first completes into the program's own signal
// (so a parameter change knows whether a launch may still read the kernargs), the second into
// the stream's `inflight` counter, as a direct launch's kernel does, so stream and device
// synchronization, events and later work order after the graph.
//
// Compiled, per node kind:
// - kernel nodes: their dispatch packet;
// - memset nodes, 1-, 2- and 4-byte elements, 2-D with pitch: fill-kernel packets per row, as
//   hipMemsetAsync / hipMemsetD16Async launch them (a 16-bit row: words between single
//   elements written as bytes);
// - memcpy nodes (1-D, 2-D, 3-D pitched, symbol copies as resolved to addresses) between memory
//   the GPU reaches (device, pinned, registered, managed): one copy-kernel packet
//   (fill_kernels.hip's __unihip_copy_*), as AMD's runtime copies with blit kernels;
// - event record nodes: a barrier-AND completing into the node's own pool signal, which the
//   launch makes the event's latest record (HsaEvent::latest, swapped without a lock);
// - event wait nodes: a barrier-AND whose dependency is the event's signal, read and patched
//   into the packet at launch; it completes into the event's wait guard (HsaEvent::waitGuard)
//   so that the signal is not recycled while the barrier may read it;
// - host nodes: a barrier-AND completing into `reached` (ROCr's async handler then runs the
//   function, as hipLaunchHostFunc) and a barrier-AND waiting on `returned`, which the handler
//   opens; signals of kHostSlots launches made at compile time;
// - empty, graph memory (allocated when the node is added, owned by the graph and its execs)
//   and disabled nodes: no packet; child graphs: inlined.
// Replayed (the whole exec): copies touching pageable host memory (the GPU cannot read it; the
// replay locks it per copy), copies to or from arrays, interprocess events, kernels that need
// the queue pointer (hidden_queue_ptr names the launch queue), a graph longer than the launch
// queue, a capturing stream, a launch finding all kHostSlots of a host node still in flight, a
// backend without fill/copy kernels or async handlers.
//
// Parameter changes (hipGraphExec*NodeSetParams, hipGraphExecEvent*NodeSetEvent): a kernel
// node with the same function, a memset or memcpy node with as many packets of the same
// argument sizes: the packets and kernarg blocks are rewritten. Kernargs are double-buffered per
// exec: with no launch of the exec in flight the current buffer is patched in place; otherwise
// the other buffer takes a copy with the change and becomes current, so a launch in flight never
// sees its arguments change. A host node's function and argument are read at each launch; an
// event node takes its new event (a record node a fresh signal, its old event keeping the old
// one). Any other change (a new function, a memset with more rows, enabling or disabling a node,
// a child graph, hipGraphExecUpdate) compiles the exec again. Nothing waits for the GPU: what a
// launch in flight still reads when it is replaced (the other buffer busy too, a recompiled or
// destroyed exec: kernargs, host-node signals) is retired to the compiler, which frees it once
// its launches finished.
#pragma once

#include <hsa/hsa.h>

#include <atomic>
#include <memory>
#include <mutex>
#include <vector>

#include "generic/graphs/native_program.h"
#include "hsa_stream.h"
#include "signal_pool.h"

namespace unihip::hsa {

class HsaBackend;
struct HsaEvent;
struct HsaFunction;
class SignalPool;

class HsaGraphCompiler;

// What a destroyed program or a replaced kernarg buffer leaves until the launches still reading
// it finished (every `busy` signal reads 0).
struct GraphLeftovers {
  std::vector<hsa_signal_t> busy;
  std::vector<void*> kernargs;            // kernarg-pool memory
  std::vector<hsa_signal_t> signals;      // destroyed
  std::vector<std::pair<SignalPool*, hsa_signal_t>> pooled;  // released
  std::vector<std::shared_ptr<void>> memory;
};

class HsaGraphProgram final : public generic_graphs::NativeGraphProgram {
 public:
  // Null when `g` has nodes this does not compile, or building fails (the exec is replayed).
  static std::unique_ptr<HsaGraphProgram> build(HsaBackend& backend, HsaGraphCompiler& owner,
                                                int device, const generic_graphs::Graph& g);
  ~HsaGraphProgram() override;

  bool launch(NativeStream stream, Status* status) override;
  bool patch(const generic_graphs::Node& node) override;
  // `event` is being destroyed: nodes naming it no longer touch it.
  void eventGone(HsaEvent* event);

  // Launches of one host node that may be in flight at once.
  static constexpr uint32_t kHostSlots = 4;

 private:
  enum class Step : uint8_t { Dispatch, Record, Wait, HostReached, HostReturned };
  // One packet of a launch, in queue order.
  struct Kernel {
    Step step = Step::Dispatch;
    const generic_graphs::Node* node = nullptr;
    const HsaFunction* function = nullptr;  // a dispatch's
    uint32_t offset = 0;       // of its kernarg block in a buffer
    uint32_t index = 0;        // host and event steps: into hosts_ / events_
    uint32_t workgroups = 0;   // a built-in kernel's grid (blocks of FillGeometry::kWorkgroup)
    uint64_t args[10] = {};    // a built-in kernel's arguments, 8 bytes each
  };
  // One launch's host call: ROCr's async handler runs fn once `reached` is 0, then opens
  // `returned`; `after` (the second barrier's completion) says the slot is free again.
  struct HostSlot {
    hsa_signal_t reached{0}, returned{0}, after{0};
    void (*fn)(void*) = nullptr;
    void* data = nullptr;
    void (*store)(hsa_signal_t, hsa_signal_value_t) = nullptr;
    bool cancelled = false;
  };
  struct HostNode {
    const generic_graphs::Node* node;
    std::shared_ptr<HostSlot[]> slots;
    uint32_t next = 0;  // the slot of the next launch
  };
  struct EventNode {
    std::atomic<HsaEvent*> event{nullptr};  // null once the event is destroyed
    bool record = false;
    hsa_signal_t signal{0};  // a record's own pool signal (the program holds a reference)
    SignalPool::Entry* entry = nullptr;  // its entry
    SignalPool* pool = nullptr;
  };
  static bool runHost(hsa_signal_value_t, void* arg);
  // The built-in kernel packets of a memset or memcpy node; false when it is not pre-built.
  bool builtins(const generic_graphs::Node& n, std::vector<Kernel>* out);
  // A record node's event takes over the node's signal when it is its latest record (the
  // program gives it up); call with the compiler's eventMutex() held.
  void handOver(EventNode& en);
  // Makes `e`'s wait guard if it has none; false when it cannot.
  static bool ensureWaitGuard(HsaEvent& e, SignalPool& pool);
  // A copy of every kernarg block and the packets that point into it.
  struct Buffer {
    uint8_t* kernargs = nullptr;
    std::vector<hsa_kernel_dispatch_packet_t> packets;  // kernels, then the two barriers
    std::vector<uint32_t> headers;                      // header | setup of each packet
    hsa_signal_t running{0};  // launches of this buffer not yet finished
  };
  // Out of the kernels-only launch path, before anything is reserved: the host nodes' slots of
  // this launch, free (their last launch's handler done) and armed; then what only the launch
  // knows written into `b`'s packets in schedule order (events' signals, host slots' signals),
  // which the launch then copies. False (nothing armed): a host node has all its slots in
  // flight, the launch is replayed.
  bool armHosts();
  [[gnu::noinline]] bool prepareLaunch(Buffer& b);

  HsaGraphProgram(HsaBackend& backend, HsaGraphCompiler& owner, int device);
  Status allocate(Buffer* b);
  // Frees `b` now when no launch reads it, else hands it to the compiler; `b` is empty after.
  void release(Buffer* b);
  // The buffer a parameter change goes to: the current one when no launch reads it, else the
  // other (a copy of the current) which becomes current; null when none can be had.
  Buffer* writable();
  // Encodes kernels_[i] (a dispatch) into `b`: packet and kernargs.
  bool rewrite(Buffer& b, size_t i);
  // The packet body (less completion signal and kernarg address) and kernargs of kernel `k`.
  Status encode(const Kernel& k, hsa_kernel_dispatch_packet_t* body, uint16_t* setup,
                uint8_t* kernargs);

  HsaBackend& backend_;
  HsaGraphCompiler& owner_;
  const HsaApi& api_;
  int device_;
  std::vector<Kernel> kernels_;
  uint32_t packets_ = 0;  // kernels_.size()
  bool plain_ = true;     // dispatches only: nothing to arm or patch at launch
  std::vector<HostNode> hosts_;
  std::vector<std::unique_ptr<EventNode>> events_;
  uint32_t kernargBytes_ = 0;
  Buffer buffers_[2];
  int current_ = 0;
};

class HsaGraphCompiler final : public generic_graphs::NativeGraphCompiler {
 public:
  HsaGraphCompiler(HsaBackend& backend, const HsaApi& api) : backend_(backend), api_(api) {}
  // Also frees the retired buffers whose launches finished.
  std::unique_ptr<generic_graphs::NativeGraphProgram> compile(
      int device, const generic_graphs::Graph& g) override;
  // Frees `l` now when its launches finished, else once they did.
  void retire(GraphLeftovers l);
  // Frees every retired buffer (backend teardown: the streams are drained and gone).
  void releaseAll();
  // Programs with event nodes, so that a destroyed event is forgotten by them; `untrack` is
  // called with eventMutex() held.
  void track(HsaGraphProgram* p);
  void untrack(HsaGraphProgram* p);
  void eventGone(HsaEvent* event);
  std::mutex& eventMutex() { return eventMutex_; }

 private:
  bool done(const GraphLeftovers& l) const;
  void free(GraphLeftovers& l);

  HsaBackend& backend_;
  const HsaApi& api_;
  std::mutex mutex_;  // retired_
  std::vector<GraphLeftovers> retired_;
  std::mutex eventMutex_;  // tracked_, and EventNode::event against a destroy
  std::vector<HsaGraphProgram*> tracked_;
};

}  // namespace unihip::hsa
