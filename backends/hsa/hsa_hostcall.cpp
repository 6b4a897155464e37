#include "hsa_hostcall.h"

#include <algorithm>

#include "base/log.h"
#include "hsa_status.h"

namespace unihip::hsa {

namespace {
constexpr hsa_signal_value_t kDoorbellInit = 1;  // CLR's SIGNAL_INIT
constexpr hsa_signal_value_t kDoorbellDone = 0;  // CLR's SIGNAL_DONE: the thread stops
// A hint in system-timestamp units (CLR's floor, 4·2^20): the thread also polls, so a doorbell
// ring that could not wake a blocked waiter is answered anyway.
constexpr uint64_t kWaitTimeout = uint64_t{4} << 20;
// Device malloc's slabs: the device library finds a slab by `address & ~(2 MiB - 1)`, and treats
// 4 KiB-aligned addresses as whole blocks to hand back.
constexpr uint64_t kSlabBytes = uint64_t{2} << 20;
}  // namespace

HostcallService::HostcallService(const HsaApi& api, std::vector<const AgentInfo*> agents)
    : api_(api), agents_(std::move(agents)), slots_(new Slot[agents_.size()]) {}

HostcallService::~HostcallService() {
  stop();
  for (auto& [address, block] : devmem_) api_.hsa_amd_memory_pool_free(block.base);
  devmem_.clear();
  for (size_t i = 0; i < agents_.size(); ++i)
    if (slots_[i].memory != nullptr) api_.hsa_amd_memory_pool_free(slots_[i].memory);
  if (doorbell_.handle != 0) api_.hsa_signal_destroy(doorbell_);
}

void HostcallService::stop() {
  std::lock_guard lock(mutex_);
  if (!thread_.joinable()) return;
  api_.hsa_signal_store_screlease(doorbell_, kDoorbellDone);
  thread_.join();
}

// CLR (Device::checkAtomicSupport): the first link from the GPU to the host's fine-grained pool
// must carry 32- or 64-bit atomics; no hops means the same agent (an APU).
bool HostcallService::hostAtomics(const AgentInfo& agent) const {
  if (api_.hsa_amd_agent_memory_pool_get_info == nullptr) return false;
  uint32_t hops = 0;
  if (api_.hsa_amd_agent_memory_pool_get_info(agent.agent, agent.hostPool,
                                              HSA_AMD_AGENT_MEMORY_POOL_INFO_NUM_LINK_HOPS,
                                              &hops) != HSA_STATUS_SUCCESS)
    return false;
  if (hops == 0) return true;
  std::vector<hsa_amd_memory_pool_link_info_t> links(hops);
  if (api_.hsa_amd_agent_memory_pool_get_info(agent.agent, agent.hostPool,
                                              HSA_AMD_AGENT_MEMORY_POOL_INFO_LINK_INFO,
                                              links.data()) != HSA_STATUS_SUCCESS)
    return false;
  return links[0].atomic_support_64bit || links[0].atomic_support_32bit;
}

Status HostcallService::buffer(int device, uint64_t* address) {
  std::lock_guard lock(mutex_);
  Slot& slot = slots_[device];
  if (uint64_t a = slot.address.load(std::memory_order_acquire)) {
    *address = a;
    return kOk;
  }
  const AgentInfo& agent = *agents_[device];
  if (slot.refused || !hostAtomics(agent)) {
    if (!slot.refused)
      UNIHIP_LOG_ERROR("hsa: device {} has no PCIe atomics to the host: kernels that use "
                       "hostcall (printf, malloc, assert) cannot be launched",
                       device);
    slot.refused = true;
    return hipErrorIllegalState;  // what AMD's runtime's failed dispatch answers
  }
  if (doorbell_.handle == 0)
    UNIHIP_HSA_TRY(api_, hsa_signal_create(kDoorbellInit, 0, nullptr, &doorbell_));
  // Enough packets for every wave the device can hold (each waits on at most one).
  const hipDeviceProp_t& p = agent.properties;
  const uint32_t waveSize = p.warpSize > 0 ? static_cast<uint32_t>(p.warpSize) : 64;
  const uint32_t packets = std::max<uint32_t>(
      2, static_cast<uint32_t>(p.multiProcessorCount) *
             (static_cast<uint32_t>(p.maxThreadsPerMultiProcessor) / waveSize));
  void* memory = nullptr;
  UNIHIP_HSA_TRY(api_, hsa_amd_memory_pool_allocate(agent.hostPool,
                                                    hostcall::bufferBytes(packets), 0, &memory));
  if (Status st = checkHsa(api_, api_.hsa_amd_agents_allow_access(1, &agent.agent, nullptr, memory),
                           "hsa_amd_agents_allow_access");
      !st.ok()) {
    api_.hsa_amd_memory_pool_free(memory);
    return st;
  }
  hostcall::initBuffer(memory, packets, doorbell_.handle);
  slot.memory = memory;
  slot.packets = packets;
  slot.address.store(reinterpret_cast<uint64_t>(memory), std::memory_order_release);
  if (!thread_.joinable()) thread_ = std::thread([this] { run(); });
  *address = reinterpret_cast<uint64_t>(memory);
  return kOk;
}

void HostcallService::run() {
  hsa_signal_value_t last = kDoorbellInit;
  for (;;) {
    const hsa_signal_value_t v = api_.hsa_signal_wait_scacquire(
        doorbell_, HSA_SIGNAL_CONDITION_NE, last, kWaitTimeout, HSA_WAIT_STATE_BLOCKED);
    if (v == kDoorbellDone) return;
    last = v;
    for (size_t d = 0; d < agents_.size(); ++d) {
      const uint64_t a = slots_[d].address.load(std::memory_order_acquire);
      if (a == 0) continue;
      hostcall::drainReady(reinterpret_cast<void*>(a), slots_[d].packets, [&](uint32_t service, uint64_t* slot) {
        serve(static_cast<int>(d), service, slot);
      });
    }
  }
}

void HostcallService::serve(int device, uint32_t service, uint64_t* slot) {
  switch (service) {
    case hostcall::kServicePrintf:
      if (!printf_.handle(slot)) UNIHIP_LOG_ERROR("hsa hostcall: printf packet names no message");
      return;
    case hostcall::kServiceDevmem:
      if (slot[0] != 0) {
        devmemFree(slot[0]);
        slot[0] = 0;
      } else {
        slot[0] = devmemAllocate(device, slot[1]);
      }
      slot[1] = 0;
      return;
    default:
      // Function calls (service 1) would run an arbitrary host address the device sends.
      UNIHIP_LOG_ERROR("hsa hostcall: service {} is not provided", service);
      slot[0] = slot[1] = 0;
      return;
  }
}

// Coarse-grained device memory, as AMD's runtime; 2 MiB slabs 2 MiB-aligned, other blocks
// 4 KiB-aligned (the pool's granule). No cap: AMD's runtime does not count these against
// hipLimitMallocHeapSize either.
uint64_t HostcallService::devmemAllocate(int device, uint64_t size) {
  if (size == 0) return 0;
  const AgentInfo& agent = *agents_[device];
  const uint64_t align = size == kSlabBytes ? kSlabBytes : 4096;
  void* base = nullptr;
  if (api_.hsa_amd_memory_pool_allocate(agent.devicePool, size, 0, &base) != HSA_STATUS_SUCCESS)
    return 0;
  uint64_t address = reinterpret_cast<uint64_t>(base);
  if (address % align != 0) {  // retry with room to align inside
    api_.hsa_amd_memory_pool_free(base);
    if (size > UINT64_MAX - align ||
        api_.hsa_amd_memory_pool_allocate(agent.devicePool, size + align, 0, &base) !=
            HSA_STATUS_SUCCESS)
      return 0;
    address = (reinterpret_cast<uint64_t>(base) + align - 1) & ~(align - 1);
  }
  std::lock_guard lock(devmemMutex_);
  devmem_[address] = {base, size};
  return address;
}

void HostcallService::devmemFree(uint64_t address) {
  std::lock_guard lock(devmemMutex_);
  auto it = devmem_.find(address);
  if (it == devmem_.end()) {
    UNIHIP_LOG_ERROR("hsa hostcall: devmem free of unknown address 0x{:x}", address);
    return;
  }
  api_.hsa_amd_memory_pool_free(it->second.base);
  devmem_.erase(it);
}

size_t HostcallService::devmemLive() const {
  std::lock_guard lock(devmemMutex_);
  return devmem_.size();
}

}  // namespace unihip::hsa
