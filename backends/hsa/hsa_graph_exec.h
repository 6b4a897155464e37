// Executable graphs as pre-built AQL packets (issue 14, AMD): at instantiation the generic
// graphs' schedule (core/generic_graphs) is compiled into kernel dispatch packets whose kernarg
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
// Compiled: kernel nodes, memset nodes of 1- and 4-byte elements (one built-in fill kernel per
// row, as hipMemsetAsync launches it), empty nodes, disabled nodes (as empty), child graphs
// (inlined). Replayed (the whole exec): any other node (copies, 16-bit memsets, host functions,
// events, graph memory), kernels that need the queue pointer (hidden_queue_ptr names the launch queue), a graph
// longer than the launch queue, a capturing stream.
//
// Parameter changes (hipGraphExecKernelNodeSetParams, same function): the packet and kernarg
// block are patched. Kernargs are double-buffered per exec: with no launch of the exec in flight
// the current buffer is patched in place; otherwise the other buffer takes a copy with the
// change and becomes current, so a launch in flight never sees its arguments change. A new
// function, or any other change to the exec, compiles it again. Nothing waits for the GPU: a
// buffer still read by a launch when it is replaced (the other buffer busy too, a recompiled or
// destroyed exec) is retired to the compiler, which frees it once its launches finished.
#pragma once

#include <hsa/hsa.h>

#include <memory>
#include <mutex>
#include <vector>

#include "core/generic_graphs/native_program.h"
#include "hsa_stream.h"

namespace unihip::hsa {

class HsaBackend;
struct HsaFunction;

class HsaGraphCompiler;

class HsaGraphProgram final : public generic_graphs::NativeGraphProgram {
 public:
  // Null when `g` has nodes this does not compile, or building fails (the exec is replayed).
  static std::unique_ptr<HsaGraphProgram> build(HsaBackend& backend, HsaGraphCompiler& owner,
                                                int device, const generic_graphs::Graph& g);
  ~HsaGraphProgram() override;

  bool launch(NativeStream stream, Status* status) override;
  bool patchKernel(const generic_graphs::Node& node) override;

 private:
  // One dispatch packet: a kernel node's, or one row of a memset node's (a fill kernel).
  struct Kernel {
    const generic_graphs::Node* node;
    const HsaFunction* function;
    uint32_t offset;  // of its kernarg block in a buffer
    uint32_t row;     // a memset's row
  };
  // A copy of every kernarg block and the packets that point into it.
  struct Buffer {
    uint8_t* kernargs = nullptr;
    std::vector<hsa_kernel_dispatch_packet_t> packets;  // kernels, then the two barriers
    std::vector<uint32_t> headers;                      // header | setup of each packet
    hsa_signal_t running{0};  // launches of this buffer not yet finished
  };

  HsaGraphProgram(HsaBackend& backend, HsaGraphCompiler& owner, int device);
  Status allocate(Buffer* b);
  // Frees `b` now when no launch reads it, else hands it to the compiler; `b` is empty after.
  void release(Buffer* b);
  // The packet body (less completion signal and kernarg address) and kernargs of kernel `k`.
  Status encode(const Kernel& k, hsa_kernel_dispatch_packet_t* body, uint16_t* setup,
                uint8_t* kernargs);

  HsaBackend& backend_;
  HsaGraphCompiler& owner_;
  const HsaApi& api_;
  int device_;
  std::vector<Kernel> kernels_;
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
  // Kernargs (kernarg-pool memory) and the signal counting the launches still reading them.
  void retire(uint8_t* kernargs, hsa_signal_t running);
  // Frees every retired buffer (backend teardown: the streams are drained and gone).
  void releaseAll();

 private:
  void free(uint8_t* kernargs, hsa_signal_t running);

  HsaBackend& backend_;
  const HsaApi& api_;
  std::mutex mutex_;  // retired_
  std::vector<std::pair<uint8_t*, hsa_signal_t>> retired_;
};

}  // namespace unihip::hsa
