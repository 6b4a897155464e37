#include "hsa_stream.h"

#include <algorithm>
#include <atomic>
#include <cstring>
#include <thread>

#include "aql_queue.h"
#include "base/log.h"
#include "hsa_status.h"

namespace unihip::hsa {

namespace {

// ROCr calls this on a queue error (memory fault, illegal instruction); the queue is unusable
// afterwards. The process continues so the error surfaces through the next synchronize.
void queueErrorCallback(hsa_status_t status, hsa_queue_t* queue, void*) {
  UNIHIP_LOG_ERROR("hsa: queue {} failed: {} (0x{:x})", static_cast<void*>(queue),
                   hsaStatusName(status), static_cast<unsigned>(status));
}

constexpr hsa_fence_scope_t kScope = HSA_FENCE_SCOPE_SYSTEM;
// Headers every packet of a stream carries (barrier bit: in order), made once.
const uint16_t kDispatchHeader = packetHeader(HSA_PACKET_TYPE_KERNEL_DISPATCH, true, kScope, kScope);
const uint16_t kBarrierHeader = packetHeader(HSA_PACKET_TYPE_BARRIER_AND, true, kScope, kScope);

// Writes the body of a barrier-AND packet (at most 5 dependencies: checked by the caller) into
// the reserved slot `index`, in place (its header still says INVALID), and publishes it.
[[gnu::always_inline]] inline void writeBarrier(HsaStream& s, uint64_t index,
                                               std::span<const hsa_signal_t> dependencies,
                                               hsa_signal_t completion) {
  auto* p = static_cast<hsa_barrier_and_packet_t*>(slotAddress(s.queue, index));
  p->reserved1 = 0;
  const size_t n = dependencies.size();
  for (size_t i = 0; i < 5; ++i) p->dep_signal[i] = i < n ? dependencies[i] : hsa_signal_t{0};
  p->reserved2 = 0;
  p->completion_signal = completion;
  publishSlot(*s.api, s.queue, index, p, headerWord(kBarrierHeader, 0));
}

SignalPool::Entry* markerEntry(const HsaStream& s, uint64_t marker) {
  return marker == 0 ? nullptr : s.pool->entry(static_cast<uint32_t>(marker) - 1);
}

// The `after` signal of the stream's latest ring copy, or 0.
hsa_signal_t lastCopy(const HsaStream& s) {
  const uint64_t last = s.copies.last.load(std::memory_order_acquire);
  if (last == 0) return hsa_signal_t{0};
  return s.copies.slots[last & 0xFF].after;
}

hsa_signal_value_t waitZero(const HsaApi& api, hsa_signal_t s, bool blocking) {
  return api.hsa_signal_wait_scacquire(s, HSA_SIGNAL_CONDITION_EQ, 0, UINT64_MAX,
                                       blocking ? HSA_WAIT_STATE_BLOCKED : HSA_WAIT_STATE_ACTIVE);
}

}  // namespace

Status createStream(const HsaApi& api, SignalPool& pool, const AgentInfo& agent, unsigned flags,
                    int priority, std::unique_ptr<HsaStream>* out, hsa_queue_type32_t type) {
  auto s = std::make_unique<HsaStream>();
  s->api = &api;
  s->pool = &pool;
  s->agent = &agent;
  s->flags = flags;
  s->priority = priority;
  uint32_t size = kDefaultQueueSize;
  if (agent.queueMaxSize != 0 && agent.queueMaxSize < size) size = agent.queueMaxSize;
  UNIHIP_HSA_TRY(api, hsa_queue_create(agent.agent, size, type, queueErrorCallback,
                                       nullptr, UINT32_MAX, UINT32_MAX, &s->queue));
  auto fail = [&](Status st) {
    destroyStream(std::move(s));
    return st;
  };
  if (Status st = checkHsa(api, api.hsa_amd_profiling_set_profiler_enabled(s->queue, 1),
                           "hsa_amd_profiling_set_profiler_enabled");
      !st.ok())
    return fail(st);
  s->copies.slots = std::make_unique<CopySlot[]>(CopyRing::kSlots);
  for (uint32_t i = 0; i < CopyRing::kSlots; ++i) s->copies.slots[i].turn.store(i);
  s->kernargSlots = 2 * s->queue->size;
  s->kernargLayout = std::make_unique<uint64_t[]>(s->kernargSlots);  // zero: no plain layout
  void* ring = nullptr;
  if (Status st = checkHsa(api,
                           api.hsa_amd_memory_pool_allocate(
                               agent.kernargPool, size_t{s->kernargSlots} * kKernargSlotBytes, 0, &ring),
                           "hsa_amd_memory_pool_allocate(kernarg)");
      !st.ok())
    return fail(st);
  s->kernargRing = static_cast<uint8_t*>(ring);
  if (Status st = checkHsa(api, api.hsa_amd_agents_allow_access(1, &agent.agent, nullptr, ring),
                           "hsa_amd_agents_allow_access(kernarg)");
      !st.ok())
    return fail(st);
  if (Status st = checkHsa(api, api.hsa_signal_create(0, 0, nullptr, &s->inflight),
                           "hsa_signal_create");
      !st.ok())
    return fail(st);
  *out = std::move(s);
  return kOk;
}

void destroyStream(std::unique_ptr<HsaStream> s) {
  if (!s) return;
  if (s->queue != nullptr && s->inflight.handle != 0) (void)synchronizeStream(*s, false);
  clearLastMarker(*s);
  if (s->copies.slots)
    for (uint32_t i = 0; i < CopyRing::kSlots; ++i)
      for (hsa_signal_t sig : {s->copies.slots[i].before, s->copies.slots[i].copied,
                               s->copies.slots[i].after})
        if (sig.handle != 0) s->api->hsa_signal_destroy(sig);
  if (s->inflight.handle != 0) s->api->hsa_signal_destroy(s->inflight);
  if (s->kernargRing != nullptr) s->api->hsa_amd_memory_pool_free(s->kernargRing);
  if (s->queue != nullptr) s->api->hsa_queue_destroy(s->queue);
}

namespace {
// prepareDispatch, inlined into submitKernel (the launch path: a call there costs ~30
// instructions per launch).
[[gnu::always_inline]] inline Status dispatchBody(const AgentInfo& agent, const KernelInfo& kernel,
                                                  uint64_t kernelObject, const KernargContext& ctx,
                                                  void* const* args, const DispatchExtras& extras,
                                                  hsa_kernel_dispatch_packet_t* body,
                                                  uint16_t* setup) {
  DispatchParams params;
  for (int d = 0; d < 3; ++d) {
    params.gridBlocks[d] = ctx.gridBlocks[d];
    params.blockSize[d] = ctx.blockSize[d];
  }
  const uint64_t group = uint64_t{kernel.groupSegmentSize} + ctx.dynamicSharedBytes;
  if (group > agent.properties.sharedMemPerBlock) {
    UNIHIP_LOG_ERROR("hsa: kernel '{}' needs {} bytes of shared memory, the device has {}",
                     kernel.name, group, agent.properties.sharedMemPerBlock);
    return hipErrorInvalidValue;
  }
  const uint64_t slotBytes =
      extras.multiGrid ? uint64_t{multiGridInfoOffset(kernel.kernargSize)} + kMultiGridBlockBytes
                       : kernel.kernargSize;
  if (slotBytes > kKernargSlotBytes) {
    UNIHIP_LOG_ERROR("hsa: kernel '{}' has {} bytes of arguments; at most {} are supported",
                     kernel.name, kernel.kernargSize, kKernargSlotBytes);
    return hipErrorInvalidValue;
  }
  params.groupSegmentBytes = static_cast<uint32_t>(group);
  params.privateSegmentBytes = kernel.privateSegmentSize > extras.minPrivateSegmentBytes
                                   ? kernel.privateSegmentSize
                                   : extras.minPrivateSegmentBytes;
  params.kernelObject = kernelObject;
  UNIHIP_TRY(encodeDispatchBody(params, body, setup));
  if (kernel.explicitArgCount > 0 && args == nullptr) return hipErrorInvalidValue;
  for (uint32_t i = 0; i < kernel.explicitArgCount; ++i)
    if (args[i] == nullptr) return hipErrorInvalidValue;
  return kOk;
}
}  // namespace

Status prepareDispatch(const AgentInfo& agent, const KernelInfo& kernel, uint64_t kernelObject,
                       const KernargContext& ctx, void* const* args, const DispatchExtras& extras,
                       hsa_kernel_dispatch_packet_t* body, uint16_t* setup) {
  return dispatchBody(agent, kernel, kernelObject, ctx, args, extras, body, setup);
}

Status submitKernel(HsaStream& s, const KernelInfo& kernel, uint64_t kernelObject,
                    const KernargContext& ctx, void* const* args,
                    const DispatchExtras& extras) {
  hsa_kernel_dispatch_packet_t body;
  uint16_t setup = 0;
  UNIHIP_TRY(dispatchBody(*s.agent, kernel, kernelObject, ctx, args, extras, &body, &setup));
  body.completion_signal = s.inflight;

  // From here on nothing may fail: the reserved slot must be published.
  const uint64_t index = reserveSlot(*s.api, s.queue);
  const uint64_t slotIndex = index & (s.kernargSlots - 1);  // 2^n
  uint8_t* kernarg = s.kernargRing + slotIndex * kKernargSlotBytes;
  if (s.kernargLayout) s.kernargLayout[slotIndex] = 0;  // not a plain launch's bytes
  if (extras.multiGrid == nullptr) {
    writeKernargs(kernel, args, ctx, kernarg);  // checked above
  } else {
    uint8_t* info = kernarg + multiGridInfoOffset(kernel.kernargSize);
    MultiGridInfo mg = *extras.multiGrid;
    if (mg.mgsCounter == 0) {  // one grid: its own counter, right after the block (grid_sync.h)
      uint8_t* counter = info + sizeof(MultiGridInfo);
      std::memset(counter, 0, 8);
      mg.mgsCounter = reinterpret_cast<uint64_t>(counter);
    }
    std::memcpy(info, &mg, sizeof mg);
    KernargContext withInfo = ctx;
    withInfo.multigridSync = reinterpret_cast<uint64_t>(info);
    writeKernargs(kernel, args, withInfo, kernarg);
  }
  body.kernarg_address = kernarg;
  auto* slot = static_cast<hsa_kernel_dispatch_packet_t*>(slotAddress(s.queue, index));
  std::memcpy(reinterpret_cast<uint8_t*>(slot) + 4, reinterpret_cast<const uint8_t*>(&body) + 4,
              sizeof body - 4);
  s.api->hsa_signal_add_relaxed(s.inflight, 1);
  publishSlot(*s.api, s.queue, index,
              headerWord(kDispatchHeader, setup));
  return kOk;
}

namespace {
// submitPlainKernel's failures, reported by the general path (which fails the same check).
[[gnu::noinline, gnu::cold]] Status plainKernelFailed(HsaStream& s, const KernelInfo& kernel,
                                                     uint64_t kernelObject,
                                                     const LaunchConfig& config,
                                                     uint32_t minPrivateSegmentBytes,
                                                     void* const* args) {
  KernargContext ctx;
  ctx.gridBlocks[0] = config.grid.x, ctx.gridBlocks[1] = config.grid.y, ctx.gridBlocks[2] = config.grid.z;
  ctx.blockSize[0] = config.block.x, ctx.blockSize[1] = config.block.y, ctx.blockSize[2] = config.block.z;
  ctx.dynamicSharedBytes = config.sharedMemBytes;
  ctx.queuePtr = reinterpret_cast<uint64_t>(s.queue);
  DispatchExtras extras;
  extras.minPrivateSegmentBytes = minPrivateSegmentBytes;
  return submitKernel(s, kernel, kernelObject, ctx, args, extras);
}
}  // namespace

// Values are read from `config` again after the calls rather than kept across them (fewer
// registers saved and restored: this is the launch path).
Status submitPlainKernel(HsaStream& s, const KernelInfo& kernel, uint64_t kernelObject,
                         const LaunchConfig& config, uint32_t minPrivateSegmentBytes,
                         void* const* args) {
  {  // dispatchBody's and encodeDispatchBody's checks at once
    const dim3 grid = config.grid, block = config.block;
    const uint64_t x = uint64_t{grid.x} * block.x, y = uint64_t{grid.y} * block.y,
                   z = uint64_t{grid.z} * block.z;
    const uint64_t group = uint64_t{kernel.groupSegmentSize} + config.sharedMemBytes;
    // items - 1 >= 2^32 - 1: no work-item (a zero size) or more than 32 bits of them.
    const uint64_t itemsLess1 = std::max({x - 1, y - 1, z - 1});
    bool bad = (itemsLess1 >= 0xFFFFFFFFu) | (((block.x | block.y | block.z) >> 16) != 0);
    bad |= (group > s.agent->properties.sharedMemPerBlock) | (kernel.kernargSize > kKernargSlotBytes);
    if (const uint32_t n = kernel.explicitArgCount; n > 0) {
      if (args == nullptr) [[unlikely]]
        bad = true;
      else
        for (uint32_t i = 0; i < n; ++i)
          if (args[i] == nullptr) [[unlikely]] bad = true;
    }
    if (bad) [[unlikely]]
      return plainKernelFailed(s, kernel, kernelObject, config, minPrivateSegmentBytes, args);
  }

  // From here on nothing may fail: the reserved slot must be published.
  const uint64_t index = reserveSlot(*s.api, s.queue, s.readBound);
  const uint64_t slotIndex = index & (s.kernargSlots - 1);  // 2^n
  uint8_t* kernarg = s.kernargRing + slotIndex * kKernargSlotBytes;
  const bool reused = s.kernargLayout[slotIndex] == kernel.layoutId;
  s.kernargLayout[slotIndex] = kernel.layoutId;
  writeExplicitArgs(kernel, args, kernarg, reused);  // first: it may call memcpy
  const dim3 grid = config.grid, block = config.block;
  const uint32_t dims = grid.z > 1 || block.z > 1 ? 3 : grid.y > 1 || block.y > 1 ? 2 : 1;
  writePlainHiddenArgs(kernel, grid, block, dims, config.sharedMemBytes,
                       reinterpret_cast<uint64_t>(s.queue), kernarg);
  // The body in place (the slot's header still says INVALID), as encodeDispatchBody writes it;
  // workgroup_size_x..z, reserved0 and grid_size_x in two stores (sizes fit 16 bits: checked).
  auto* p = static_cast<hsa_kernel_dispatch_packet_t*>(slotAddress(s.queue, index));
  const uint32_t sizeXY = block.x | block.y << 16;
  const uint64_t sizeZGridX = uint64_t{block.z} | uint64_t{grid.x * block.x} << 32;
  std::memcpy(reinterpret_cast<uint8_t*>(p) + 4, &sizeXY, 4);
  std::memcpy(reinterpret_cast<uint8_t*>(p) + 8, &sizeZGridX, 8);
  p->grid_size_y = grid.y * block.y;
  p->grid_size_z = grid.z * block.z;
  p->private_segment_size = kernel.privateSegmentSize > minPrivateSegmentBytes
                                ? kernel.privateSegmentSize
                                : minPrivateSegmentBytes;
  p->group_segment_size = kernel.groupSegmentSize + config.sharedMemBytes;
  p->kernel_object = kernelObject;
  p->kernarg_address = kernarg;
  p->reserved2 = 0;
  p->completion_signal = s.inflight;
  const uint32_t header = headerWord(kDispatchHeader, static_cast<uint16_t>(dims));
  s.api->hsa_signal_add_relaxed(s.inflight, 1);
  publishSlot(*s.api, s.queue, index, p, header);
  return kOk;
}

Status submitBarrier(HsaStream& s, std::span<const hsa_signal_t> dependencies,
                     hsa_signal_t completion, uint64_t* index) {
  if (dependencies.size() > 5) [[unlikely]] {  // nothing reserved yet; the encoder reports it
    hsa_barrier_and_packet_t body;
    return encodeBarrierAndBody(dependencies, completion, &body);
  }
  const uint64_t slot = reserveSlot(*s.api, s.queue);
  if (index != nullptr) *index = slot;
  writeBarrier(s, slot, dependencies, completion);
  return kOk;
}

namespace {

// The slot's signals, created at its first use.
Status slotSignals(const HsaApi& api, CopySlot& c) {
  for (hsa_signal_t* sig : {&c.before, &c.copied, &c.after})
    if (sig->handle == 0)  // no consumer list: waited on by the host and by any agent
      UNIHIP_HSA_TRY(api, hsa_signal_create(0, 0, nullptr, sig));
  return kOk;
}

}  // namespace

namespace {

// One copy's ticket in the stream's copy ring (copy_ring.h) and what it must hand on.
struct CopyTicket {
  uint64_t ticket;
  uint32_t index;
  CopySlot* slot;
};

// P1 (when `before` is set), the copy and P2, then the ticket's turn passed on; `useRing`: the
// signals are the slot's (the latest ring copy is recorded), else pool signals (guarded, the
// copy's end made the stream's marker). Shared by the ring path and the cold pool path.
[[gnu::always_inline]] inline Status issueCopy(HsaStream& s, const CopyTicket& t, void* dst,
                                              hsa_agent_t dstAgent, const void* src,
                                              hsa_agent_t srcAgent, size_t size,
                                              hsa_signal_t before, hsa_signal_t copied,
                                              hsa_signal_t after, bool useRing) {
  const HsaApi& api = *s.api;
  CopyRing& ring = s.copies;
  // P1 (when busy) and P2 in consecutive slots; from here on both must be published.
  const bool busy = before.handle != 0;
  const uint64_t first = reserveSlots(api, s.queue, busy ? 2 : 1);
  if (busy) writeBarrier(s, first, {}, before);
  const hsa_status_t raw = api.hsa_amd_memory_async_copy(dst, dstAgent, src, srcAgent, size,
                                                         busy ? 1 : 0, busy ? &before : nullptr,
                                                         copied);
  ring.issued.store(t.ticket + 1, std::memory_order_release);
  const Status st = checkHsa(api, raw, "hsa_amd_memory_async_copy");
  if (!st.ok()) api.hsa_signal_store_screlease(copied, 0);  // P2 must not wait forever
  const uint64_t p2 = first + (busy ? 1 : 0);
  writeBarrier(s, p2, {&copied, 1}, after);
  if (useRing) {  // the latest ring copy in queue order, for synchronize and query
    const uint64_t mine = (p2 + 1) << 8 | t.index;
    uint64_t seen = ring.last.load(std::memory_order_relaxed);
    while (seen < mine &&
           !ring.last.compare_exchange_weak(seen, mine, std::memory_order_release,
                                            std::memory_order_relaxed)) {
    }
  } else {
    if (busy) s.pool->addGuard(before, copied);
    s.pool->addGuard(copied, after);
    setLastMarker(s, after, p2);
  }
  t.slot->turn.store(t.ticket + CopyRing::kSlots, std::memory_order_release);
  return st;
}

// Pageable memory stays locked until the copy is done. A ring slot reused meanwhile only makes
// this wait for a later copy too.
void waitCopied(const HsaApi& api, hsa_signal_t copied) {
  api.hsa_signal_wait_scacquire(copied, HSA_SIGNAL_CONDITION_EQ, 0, UINT64_MAX,
                                HSA_WAIT_STATE_BLOCKED);
}

// submitCopy off its usual path: the slot's first use (its signals made), or a slot still busy
// (kSlots copies in flight: pool signals instead, with guards).
[[gnu::noinline]] Status submitCopyCold(HsaStream& s, const CopyTicket& t, void* dst,
                                        hsa_agent_t dstAgent, const void* src,
                                        hsa_agent_t srcAgent, size_t size, bool waitForCopy) {
  const HsaApi& api = *s.api;
  CopySlot& c = *t.slot;
  const bool useRing = c.after.handle == 0 || api.hsa_signal_load_scacquire(c.after) == 0;
  hsa_signal_t before{0}, copied{0}, after{0};
  Status st = kOk;
  const bool idle = streamIdle(s);
  if (useRing) {
    st = slotSignals(api, c);
    if (st.ok()) {
      if (!idle) before = c.before;
      copied = c.copied;
      after = c.after;
      for (hsa_signal_t sig : {before, copied, after})
        if (sig.handle != 0) api.hsa_signal_store_relaxed(sig, 1);
    }
  } else {
    if (!idle) st = s.pool->acquire(1, &before);
    if (st.ok()) st = s.pool->acquire(1, &copied);
    if (st.ok()) st = s.pool->acquire(1, &after);
  }
  if (st.ok()) {
    st = issueCopy(s, t, dst, dstAgent, src, srcAgent, size, before, copied, after, useRing);
  } else {
    s.copies.issued.store(t.ticket + 1, std::memory_order_release);
    c.turn.store(t.ticket + CopyRing::kSlots, std::memory_order_release);
  }
  if (st.ok() && waitForCopy) waitCopied(api, copied);
  if (!useRing)
    for (hsa_signal_t sig : {before, copied, after})
      if (sig.handle != 0) s.pool->release(sig);
  return st;
}

}  // namespace

Status submitCopy(HsaStream& s, void* dst, hsa_agent_t dstAgent, const void* src,
                  hsa_agent_t srcAgent, size_t size, bool waitForCopy) {
  const HsaApi& api = *s.api;
  CopyRing& ring = s.copies;
  CopyTicket t;
  t.ticket = ring.next.fetch_add(1, std::memory_order_relaxed);
  t.index = static_cast<uint32_t>(t.ticket % CopyRing::kSlots);
  t.slot = &ring.slots[t.index];
  CopySlot& c = *t.slot;
  // Waits on other threads' enqueueing only (CPU-bound): the slot's previous ticket done with it,
  // and every earlier ticket's copy handed to the engine, whose queue runs in submission order.
  while (c.turn.load(std::memory_order_acquire) != t.ticket) std::this_thread::yield();
  while (ring.issued.load(std::memory_order_acquire) != t.ticket) std::this_thread::yield();
  // The usual path: the slot's signals exist and its last P2 ran.
  if (c.after.handle == 0 || api.hsa_signal_load_scacquire(c.after) != 0) [[unlikely]]
    return submitCopyCold(s, t, dst, dstAgent, src, srcAgent, size, waitForCopy);
  hsa_signal_t before{0};
  if (!streamIdle(s)) {
    before = c.before;
    api.hsa_signal_store_relaxed(before, 1);
  }
  api.hsa_signal_store_relaxed(c.copied, 1);
  api.hsa_signal_store_relaxed(c.after, 1);
  const hsa_signal_t copied = c.copied;
  const Status st =
      issueCopy(s, t, dst, dstAgent, src, srcAgent, size, before, copied, c.after, true);
  if (st.ok() && waitForCopy) [[unlikely]] waitCopied(api, copied);
  return st;
}

void setLastMarker(HsaStream& s, SignalPool::Entry* marker, uint64_t index) {
  SignalPool::retain(marker);
  const uint64_t mine = index << 32 | (marker->index + 1);
  uint64_t seen = s.lastMarker.load(std::memory_order_acquire);
  for (;;) {
    // Packet indices compared modulo 2^32: concurrent markers are far closer than 2^31 apart.
    if (seen != 0 &&
        static_cast<int32_t>(static_cast<uint32_t>(seen >> 32) - static_cast<uint32_t>(index)) > 0) {
      SignalPool::release(marker);  // a later packet's marker is already there
      return;
    }
    if (s.lastMarker.compare_exchange_weak(seen, mine, std::memory_order_acq_rel,
                                           std::memory_order_acquire)) {
      if (seen != 0) SignalPool::release(markerEntry(s, seen));
      return;
    }
  }
}

void setLastMarker(HsaStream& s, hsa_signal_t marker, uint64_t index) {
  if (SignalPool::Entry* e = s.pool->find(marker)) setLastMarker(s, e, index);
}

void clearLastMarker(HsaStream& s) {
  if (const uint64_t m = s.lastMarker.exchange(0, std::memory_order_acq_rel))
    SignalPool::release(markerEntry(s, m));
}

// Lock-free: a marker or ring slot read while being replaced either was done (it is only
// recycled at 0) or belongs to newer work of this stream (not idle: right).
bool streamIdle(HsaStream& s) {
  const HsaApi& api = *s.api;
  if (api.hsa_signal_load_scacquire(s.inflight) != 0) return false;
  if (const SignalPool::Entry* marker = markerEntry(s, s.lastMarker.load(std::memory_order_acquire));
      marker != nullptr && api.hsa_signal_load_scacquire(marker->signal) != 0)
    return false;
  const hsa_signal_t copy = lastCopy(s);
  return copy.handle == 0 || api.hsa_signal_load_scacquire(copy) == 0;
}

Status synchronizeStream(HsaStream& s, bool blocking) {
  waitZero(*s.api, s.inflight, blocking);
  // The last marker, retained while the stream still names it (else it may be recycled).
  for (;;) {
    const uint64_t m = s.lastMarker.load(std::memory_order_acquire);
    SignalPool::Entry* marker = markerEntry(s, m);
    if (marker == nullptr) break;
    if (!SignalPool::retainIfReferenced(marker)) continue;
    if (s.lastMarker.load(std::memory_order_acquire) != m) {
      SignalPool::release(marker);
      continue;
    }
    waitZero(*s.api, marker->signal, blocking);
    SignalPool::release(marker);
    break;
  }
  // A ring slot reused meanwhile holds a newer copy of this stream: waiting for it is harmless.
  if (hsa_signal_t copy = lastCopy(s); copy.handle != 0) waitZero(*s.api, copy, blocking);
  return kOk;
}

}  // namespace unihip::hsa
