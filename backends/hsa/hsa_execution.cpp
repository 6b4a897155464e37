// The execution family on AMD: occupancy (the calculator of occupancy.h over the code object's
// metadata), the device limits, and cooperative launches.
//
// A cooperative launch follows AMD's runtime (CLR hip_module.cpp, rocvirtual.cpp): the grid must
// be co-resident (blocks <= the calculator's blocks per grid, else
// hipErrorCooperativeLaunchTooLarge); it runs on the device's one cooperative queue
// (HSA_QUEUE_TYPE_COOPERATIVE, which owns the GWS barrier the device library's grid sync uses),
// ordered against the user's stream by barrier packets, after a one-work-item kernel that
// initialises GWS for the grid's workgroup count; its hidden_multigrid_sync_arg points to the
// mg_info block (grid_sync.h), so grid_group::is_valid() holds and multi-grid barriers find
// their counter. Not a hot path: it takes the device's cooperative mutex (CLR serialises
// cooperative launches on its one cooperative queue too).
//
// unihip-coverage: not-supported hipOccupancyAvailableDynamicSMemPerBlock (AMD: needs CLR's LDS allocation granule per ISA, not reproduced)
#include <cstring>
#include <vector>

#include "base/log.h"
#include "hsa_backend.h"
#include "hsa_status.h"

namespace unihip::hsa {

namespace {

uint64_t product(const dim3& d) { return uint64_t{d.x} * d.y * d.z; }

// The stack limit in CLR's hipDeviceSetLimit documentation: 256 dwords per wave64 units of the
// COMPUTE_TMPRING_SIZE field, i.e. up to 128 KiB - 16 per work-item.
constexpr size_t kMaxStackSize = 128 * 1024 - 16;
constexpr size_t kHeapGranule = size_t{2} << 20;  // the device heap grows in 2 MiB slabs

}  // namespace

Status HsaBackend::occupancyMaxActiveBlocks(int device, NativeFunction function, int blockSize,
                                            size_t dynamicShared, unsigned int, int* numBlocks) {
  const auto* f = static_cast<const HsaFunction*>(function);
  Occupancy o;
  UNIHIP_TRY(computeOccupancy(devices_[device]->occupancy, *f->info, blockSize, dynamicShared,
                              false, &o));
  *numBlocks = o.blocksPerCu;
  return kOk;
}

Status HsaBackend::occupancyMaxPotentialBlockSize(int device, NativeFunction function,
                                                  size_t dynamicShared, int blockSizeLimit,
                                                  unsigned int, int* gridSize, int* blockSize) {
  const auto* f = static_cast<const HsaFunction*>(function);
  Occupancy o;
  UNIHIP_TRY(computeOccupancy(devices_[device]->occupancy, *f->info, blockSizeLimit,
                              dynamicShared, true, &o));
  *gridSize = o.blocksPerGrid;
  *blockSize = o.bestBlockSize;
  return kOk;
}

// CLR: the stack and heap sizes; the printf FIFO is not a limit AMD has (hostcall printf needs
// no buffer size), so it answers hipErrorUnsupportedLimit like any unknown limit.
Status HsaBackend::getLimit(int device, hipLimit_t limit, size_t* value) {
  HsaDeviceState& d = *devices_[device];
  switch (limit) {
    case hipLimitStackSize: *value = d.stackSize.load(); return kOk;
    case hipLimitMallocHeapSize: *value = d.heapSize.load(); return kOk;
    default: return hipErrorUnsupportedLimit;
  }
}

// The stack size becomes the scratch of kernels with a dynamic call stack (launch); the heap
// size is recorded, rounded up to the device heap's 2 MiB slabs. As in AMD's runtime it caps
// nothing: CLR sizes only the initial heap of newer device libraries with it, and its devmem
// service (ours too, hsa_hostcall.cpp) hands out whatever the device library asks for.
Status HsaBackend::setLimit(int device, hipLimit_t limit, size_t value) {
  HsaDeviceState& d = *devices_[device];
  switch (limit) {
    case hipLimitStackSize:
      if (value > kMaxStackSize) return hipErrorInvalidValue;
      d.stackSize.store(value);
      return kOk;
    case hipLimitMallocHeapSize:
      if (value > SIZE_MAX - kHeapGranule) return hipErrorInvalidValue;
      d.heapSize.store((value + kHeapGranule - 1) / kHeapGranule * kHeapGranule);
      return kOk;
    default: return hipErrorUnsupportedLimit;
  }
}

Status HsaBackend::cooperativeStream(int device, HsaStream** out) {
  HsaDeviceState& d = *devices_[device];
  if (!d.cooperativeStream)
    UNIHIP_TRY(createStream(api_, d.pool, d.info, 0, 0, &d.cooperativeStream,
                            HSA_QUEUE_TYPE_COOPERATIVE));
  *out = d.cooperativeStream.get();
  return kOk;
}

Status HsaBackend::multiGridCounter(uint64_t* address) {
  std::lock_guard lock(multiGridMutex_);
  if (multiGridCounter_ == nullptr) {
    void* p = nullptr;
    UNIHIP_HSA_TRY(api_, hsa_amd_memory_pool_allocate(devices_[0]->info.hostPool, 64, 0, &p));
    std::vector<hsa_agent_t> agents;
    for (auto& d : devices_) agents.push_back(d->info.agent);
    if (Status st = checkHsa(api_,
                             api_.hsa_amd_agents_allow_access(static_cast<uint32_t>(agents.size()),
                                                              agents.data(), nullptr, p),
                             "hsa_amd_agents_allow_access(multi-grid counter)");
        !st.ok()) {
      api_.hsa_amd_memory_pool_free(p);
      return st;
    }
    std::memset(p, 0, 64);
    multiGridCounter_ = p;
  }
  *address = reinterpret_cast<uint64_t>(multiGridCounter_);
  return kOk;
}

Status HsaBackend::launchCooperative(int device, NativeFunction function,
                                     const LaunchConfig& config, void** args) {
  CooperativeGrid grid;
  grid.allSum = product(config.grid) * product(config.block);
  return launchCooperativeGrid(device, function, config, args, grid);
}

Status HsaBackend::launchCooperativeGrid(int device, NativeFunction function,
                                         const LaunchConfig& config, void** args,
                                         const CooperativeGrid& grid) {
  HsaDeviceState& d = *devices_[device];
  const auto* f = static_cast<const HsaFunction*>(function);
  const KernelInfo& info = *f->info;
  if (!d.info.cooperativeQueues) {
    // CLR: hipErrorLaunchFailure when the device has no cooperative groups.
    UNIHIP_LOG_ERROR("hsa: {} has no cooperative queues (HSA_AMD_AGENT_INFO_COOPERATIVE_QUEUES)",
                     d.info.isaName);
    return hipErrorLaunchFailure;
  }
  const uint64_t blocks = product(config.grid);
  const uint64_t blockThreads = product(config.block);
  Occupancy o;
  UNIHIP_TRY(computeOccupancy(d.occupancy, info, static_cast<int>(blockThreads),
                              config.sharedMemBytes, true, &o));
  if (blocks > static_cast<uint64_t>(o.blocksPerGrid)) return hipErrorCooperativeLaunchTooLarge;
  if (info.explicitArgCount > 0 && args == nullptr) return hipErrorInvalidValue;

  FillKernels* builtins = nullptr;
  UNIHIP_TRY(fillKernels(device, &builtins));
  if (builtins->gwsInit == nullptr) return hipErrorNotSupported;
  MultiGridInfo mg;
  if (grid.numGrids > 1) UNIHIP_TRY(multiGridCounter(&mg.mgsCounter));
  mg.gridId = grid.gridId;
  mg.numGrids = grid.numGrids;
  mg.prevSum = grid.prevSum;
  mg.allSum = grid.allSum;
  mg.numWorkgroups = static_cast<uint32_t>(blocks);

  HsaStream* user = nullptr;
  UNIHIP_TRY(resolve(device, config.stream, &user));
  KernargContext services;  // hostcall buffer and heap, before anything is enqueued
  if (info.needsHostcall || info.needsHeap)
    UNIHIP_TRY(deviceServices(device, info, *user, &services));
  hsa_signal_t ready{0}, done{0}, after{0};
  Status st = d.pool.acquire(1, &ready);
  if (st.ok()) st = d.pool.acquire(1, &done);
  if (st.ok()) st = d.pool.acquire(1, &after);
  if (st.ok()) {
    std::lock_guard coop(d.cooperativeMutex);
    HsaStream* c = nullptr;
    st = cooperativeStream(device, &c);
    uint64_t index = 0;
    if (st.ok()) {  // the user stream's earlier work completes `ready`
      st = submitBarrier(*user, {}, ready, &index);
      if (st.ok()) setLastMarker(*user, ready, index);
    }
    if (st.ok()) {  // on the cooperative queue: wait, initialise GWS, run, mark `done`
      st = submitBarrier(*c, {&ready, 1}, hsa_signal_t{0});
      if (st.ok()) d.pool.addGuard(ready, done);
      KernargContext gws;
      gws.queuePtr = reinterpret_cast<uint64_t>(c->queue);
      uint32_t value = static_cast<uint32_t>(blocks - 1);
      void* gwsArgs[] = {&value};
      if (st.ok())
        st = submitKernel(*c, *builtins->gwsInit->info, builtins->gwsInit->kernelObject, gws,
                          gwsArgs);
      KernargContext ctx;
      ctx.gridBlocks[0] = config.grid.x, ctx.gridBlocks[1] = config.grid.y,
      ctx.gridBlocks[2] = config.grid.z;
      ctx.blockSize[0] = config.block.x, ctx.blockSize[1] = config.block.y,
      ctx.blockSize[2] = config.block.z;
      ctx.dynamicSharedBytes = config.sharedMemBytes;
      ctx.queuePtr = reinterpret_cast<uint64_t>(c->queue);
      ctx.hostcallBuffer = services.hostcallBuffer;
      ctx.heapV1 = services.heapV1;
      DispatchExtras extras;
      extras.multiGrid = &mg;
      if (info.usesDynamicStack)
        extras.minPrivateSegmentBytes = static_cast<uint32_t>(d.stackSize.load());
      if (st.ok()) st = submitKernel(*c, info, f->kernelObject, ctx, args, extras);
      // Even after a failure the barrier above must be answered: `done` follows whatever ran.
      const Status marked = submitBarrier(*c, {}, done, &index);
      if (marked.ok()) setLastMarker(*c, done, index);
      if (st.ok()) st = marked;
    }
    if (st.ok()) {  // the user stream's later work waits for `done`
      st = submitBarrier(*user, {&done, 1}, after, &index);
      if (st.ok()) {
        d.pool.addGuard(done, after);
        setLastMarker(*user, after, index);
      }
    }
  }
  for (hsa_signal_t s : {ready, done, after})
    if (s.handle != 0) d.pool.release(s);
  return st;
}

}  // namespace unihip::hsa
