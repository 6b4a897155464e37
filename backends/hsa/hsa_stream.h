// A HIP stream on an AMD GPU: one ROCr AQL queue, in-order (every packet has the barrier bit),
// with a kernarg ring beside it and signals that say when its work is done.
//
// Completion tracking: kernels complete into `inflight`, a counter the packet processor
// decrements (so launches take no lock and allocate nothing); async copies end in a signal of the
// stream's copy ring (copy_ring.h; no lock either), the latest in queue order named by
// `copies.last`; every other operation (event record, wait, a copy when the ring is full) ends in
// a pool signal kept as `lastMarker`. The stream is idle when `inflight`, the last copy and
// `lastMarker` read 0: because packets run in order, nothing before any of them can still run.
// `lastMarker` names the marker's packet too, so that concurrent marker operations keep the one
// latest in queue order without a lock (event record and stream wait are hot paths).
//
// Kernarg ring: 2 x queue size slots, the slot of packet i is index % slots. reserveSlot() waits
// until packet i - size + 1 was consumed; with the barrier bit that means packet i - size
// completed, so packet i - 2*size (the slot's previous user) finished reading its arguments.
#pragma once

#include <hsa/hsa.h>

#include <memory>
#include <mutex>
#include <span>

#include "aql_packet.h"
#include "code_object.h"
#include "copy_ring.h"
#include "grid_sync.h"
#include "base/status.h"
#include "hsa_discovery.h"
#include "hsa_loader.h"
#include "kernarg_layout.h"
#include "seam/handles.h"
#include "signal_pool.h"

namespace unihip::hsa {

// Room for HIP's 4 KiB of explicit arguments plus the 256-byte hidden block, a multiple of the
// largest kernarg alignment code_object.h accepts.
inline constexpr uint32_t kKernargSlotBytes = 4352;
inline constexpr uint32_t kDefaultQueueSize = 1024;

struct HsaStream {
  const HsaApi* api = nullptr;
  SignalPool* pool = nullptr;
  const AgentInfo* agent = nullptr;
  hsa_queue_t* queue = nullptr;
  hsa_signal_t inflight{0};
  uint8_t* kernargRing = nullptr;
  uint32_t kernargSlots = 0;
  // Per ring slot: the KernelInfo::layoutId of the plain launch that wrote it last, 0 = other.
  // Written and read only by the slot's reserver (the ring's reuse rule orders them).
  std::unique_ptr<uint64_t[]> kernargLayout;
  std::atomic<uint64_t> readBound{0};  // a read index of `queue` seen earlier (plain launches)
  unsigned flags = 0;
  int priority = 0;
  // (packet index mod 2^32) << 32 | (pool entry index + 1) of the latest marker, 0 = none; the
  // stream holds a reference to the entry (setLastMarker).
  std::atomic<uint64_t> lastMarker{0};
  CopyRing copies;
};

// A queue of min(kDefaultQueueSize, the agent's maximum) packets with profiling enabled (event
// timing), the kernarg ring from the kernarg pool, and the inflight counter. `type`
// HSA_QUEUE_TYPE_COOPERATIVE gives the queue global wave sync (GWS) for cooperative launches.
Status createStream(const HsaApi& api, SignalPool& pool, const AgentInfo& agent, unsigned flags,
                    int priority, std::unique_ptr<HsaStream>* stream,
                    hsa_queue_type32_t type = HSA_QUEUE_TYPE_MULTI);
// Waits for the stream's work, then frees the queue, ring and counter.
void destroyStream(std::unique_ptr<HsaStream> stream);

// The kernel-launch path: validates first (nothing is reserved for a launch that fails), then
// reserves a slot, lays out kernargs in its ring slot, writes the body and publishes.
// What a dispatch needs beyond its kernargs.
struct DispatchExtras {
  uint32_t minPrivateSegmentBytes = 0;  // scratch per work-item, at least (the device stack limit)
  // Cooperative launches: written after the kernargs (grid_sync.h) and passed as the kernel's
  // hidden_multigrid_sync_arg.
  const MultiGridInfo* multiGrid = nullptr;
};

// The checks of a dispatch (shared memory, kernarg size, geometry, arguments present) and its
// packet body: every field but header, setup (returned in *setup), kernarg address and
// completion signal. Shared by submitKernel and graph packets built ahead (hsa_graph_exec.h).
Status prepareDispatch(const AgentInfo& agent, const KernelInfo& kernel, uint64_t kernelObject,
                       const KernargContext& ctx, void* const* args, const DispatchExtras& extras,
                       hsa_kernel_dispatch_packet_t* body, uint16_t* setup);

Status submitKernel(HsaStream& s, const KernelInfo& kernel, uint64_t kernelObject,
                    const KernargContext& ctx, void* const* args,
                    const DispatchExtras& extras = {});

// submitKernel for a kernel.plainLaunch kernel without a cooperative grid, whose context is
// the launch geometry, `minPrivateSegmentBytes` and the stream's queue: the same checks, packet
// and kernargs, with the kernel's plan (kernarg_layout.h) and the packet written in place.
Status submitPlainKernel(HsaStream& s, const KernelInfo& kernel, uint64_t kernelObject,
                         const LaunchConfig& config, uint32_t minPrivateSegmentBytes,
                         void* const* args);

// A barrier-AND packet waiting for `dependencies` (at most 5), completing into `completion`;
// `index`: where it went in the queue (for setLastMarker).
Status submitBarrier(HsaStream& s, std::span<const hsa_signal_t> dependencies,
                     hsa_signal_t completion, uint64_t* index = nullptr);

// An async copy ordered on the stream, its signals from the stream's copy ring (copy_ring.h):
// no lock, and no allocation once the ring slot's signals exist. With kSlots copies in flight,
// pool signals and a marker instead. `waitForCopy`: returns once the copy is done
// (pageable memory locked for it).
Status submitCopy(HsaStream& s, void* dst, hsa_agent_t dstAgent, const void* src,
                  hsa_agent_t srcAgent, size_t size, bool waitForCopy);

// Records `marker` (an entry of s.pool, completed by the packet at `index`; the stream takes a
// reference) as the stream's last marker unless a later packet's marker is already there.
// Lock-free.
void setLastMarker(HsaStream& s, SignalPool::Entry* marker, uint64_t index);
void setLastMarker(HsaStream& s, hsa_signal_t marker, uint64_t index);
// Drops the stream's reference to its last marker (destruction).
void clearLastMarker(HsaStream& s);

bool streamIdle(HsaStream& s);
// Waits until idle; `blocking` sleeps in the kernel (hipDeviceScheduleBlockingSync) else spins.
Status synchronizeStream(HsaStream& s, bool blocking);

}  // namespace unihip::hsa
