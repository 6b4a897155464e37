#include "hsa_stream.h"

#include <cstring>

#include "aql_queue.h"
#include "core/log.h"
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
  s->kernargSlots = 2 * s->queue->size;
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
  if (s->lastMarker.handle != 0) s->pool->release(s->lastMarker);
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
  uint8_t* kernarg = s.kernargRing + (index % s.kernargSlots) * kKernargSlotBytes;
  if (extras.multiGrid == nullptr) {
    (void)layoutKernargs(kernel, args, ctx, kernarg, kKernargSlotBytes);
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
    (void)layoutKernargs(kernel, args, withInfo, kernarg, kKernargSlotBytes);
  }
  body.kernarg_address = kernarg;
  auto* slot = static_cast<hsa_kernel_dispatch_packet_t*>(slotAddress(s.queue, index));
  std::memcpy(reinterpret_cast<uint8_t*>(slot) + 4, reinterpret_cast<const uint8_t*>(&body) + 4,
              sizeof body - 4);
  s.api->hsa_signal_add_relaxed(s.inflight, 1);
  publishSlot(*s.api, s.queue, index,
              headerWord(packetHeader(HSA_PACKET_TYPE_KERNEL_DISPATCH, true, kScope, kScope), setup));
  return kOk;
}

Status submitBarrier(HsaStream& s, std::span<const hsa_signal_t> dependencies,
                     hsa_signal_t completion) {
  hsa_barrier_and_packet_t body;
  UNIHIP_TRY(encodeBarrierAndBody(dependencies, completion, &body));
  const uint64_t index = reserveSlot(*s.api, s.queue);
  void* slot = slotAddress(s.queue, index);
  std::memcpy(static_cast<uint8_t*>(slot) + 4, reinterpret_cast<const uint8_t*>(&body) + 4,
              sizeof body - 4);
  publishSlot(*s.api, s.queue, index,
              headerWord(packetHeader(HSA_PACKET_TYPE_BARRIER_AND, true, kScope, kScope), 0));
  return kOk;
}

void setLastMarker(HsaStream& s, hsa_signal_t marker) {
  s.pool->retain(marker);
  if (s.lastMarker.handle != 0) s.pool->release(s.lastMarker);
  s.lastMarker = marker;
}

bool streamIdle(HsaStream& s) {
  if (s.api->hsa_signal_load_scacquire(s.inflight) != 0) return false;
  std::lock_guard lock(s.markerMutex);
  return s.lastMarker.handle == 0 || s.api->hsa_signal_load_scacquire(s.lastMarker) == 0;
}

Status synchronizeStream(HsaStream& s, bool blocking) {
  waitZero(*s.api, s.inflight, blocking);
  hsa_signal_t marker{0};
  {
    std::lock_guard lock(s.markerMutex);
    marker = s.lastMarker;
    if (marker.handle != 0) s.pool->retain(marker);
  }
  if (marker.handle != 0) {
    waitZero(*s.api, marker, blocking);
    s.pool->release(marker);
  }
  return kOk;
}

}  // namespace unihip::hsa
