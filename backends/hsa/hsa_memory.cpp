// HsaBackend: allocation, copies and fills. No dma-buf export of address ranges yet (ROCr's
// hsa_amd_portable_export_dmabuf is not called):
// unihip-coverage: not-supported hipMemGetHandleForAddressRange
#include <cstring>
#include <vector>

#include "base/log.h"
#include "hsa_backend.h"
#include "hsa_status.h"

namespace unihip::hsa {

namespace {

// One side of a copy as hsa_amd_memory_async_copy wants it: an address the engine can reach
// and the agent that owns the memory. Pageable host memory is locked for the copy's duration.
struct CopyEndpoint {
  void* address = nullptr;
  hsa_agent_t agent{0};
  void* locked = nullptr;  // the host pointer to unlock afterwards, or null
};

Status resolveEndpoint(const HsaApi& api, const AgentInfo& device, const void* p, size_t size,
                       CopyEndpoint* out) {
  hsa_amd_pointer_info_t info{};
  info.size = sizeof info;
  UNIHIP_HSA_TRY(api, hsa_amd_pointer_info(p, &info, nullptr, nullptr, nullptr));
  // ROCm >= 6: memory mapped with hsa_amd_vmem_map is device memory like any other; a reserved
  // range with nothing mapped there is no memory at all.
  if (static_cast<int>(info.type) == vmem::kPointerTypeHsaVmem) {
    out->address = const_cast<void*>(p);
    out->agent = info.agentOwner.handle != 0 ? info.agentOwner : device.agent;
    return kOk;
  }
  if (static_cast<int>(info.type) == vmem::kPointerTypeReservedAddr) return hipErrorInvalidValue;
  switch (info.type) {
    case HSA_EXT_POINTER_TYPE_HSA:
    case HSA_EXT_POINTER_TYPE_IPC:
    case HSA_EXT_POINTER_TYPE_GRAPHICS:
      out->address = const_cast<void*>(p);
      out->agent = info.agentOwner;
      return kOk;
    case HSA_EXT_POINTER_TYPE_LOCKED: {
      const auto offset = static_cast<const uint8_t*>(p) - static_cast<uint8_t*>(info.hostBaseAddress);
      out->address = static_cast<uint8_t*>(info.agentBaseAddress) + offset;
      out->agent = device.cpuAgent;
      return kOk;
    }
    default: {  // pageable host memory
      void* agentAddress = nullptr;
      UNIHIP_HSA_TRY(api, hsa_amd_memory_lock(const_cast<void*>(p), size,
                                              const_cast<hsa_agent_t*>(&device.agent), 1,
                                              &agentAddress));
      out->address = agentAddress;
      out->agent = device.cpuAgent;
      out->locked = const_cast<void*>(p);
      return kOk;
    }
  }
}

}  // namespace

Status HsaBackend::mallocImpl(int device, size_t size, void** ptr) {
  if (size == 0) {  // as hipMalloc: success and a null pointer
    *ptr = nullptr;
    return kOk;
  }
  HsaDeviceState& d = *devices_[device];
  // More than the pool holds cannot succeed; ask ROCr only for what it might give.
  if (size > d.info.properties.totalGlobalMem) return hipErrorOutOfMemory;
  *ptr = nullptr;
  UNIHIP_HSA_TRY(api_, hsa_amd_memory_pool_allocate(d.info.devicePool, size, 0, ptr));
  if (*ptr == nullptr) return hipErrorOutOfMemory;  // "success" without memory
  if (Status st = trackDeviceAllocation(device, *ptr); !st.ok()) {  // peers reach it too
    api_.hsa_amd_memory_pool_free(*ptr);
    *ptr = nullptr;
    return st;
  }
  d.allocatedBytes += size;
  return kOk;
}

Status HsaBackend::free(int device, void* ptr) {
  if (ptr == nullptr) return kOk;
  // hipFree waits for the device: the memory may still be in use by queued work.
  UNIHIP_TRY(deviceSynchronize(device));
  if (pools_.freeExternalBuffer(ptr)) return kOk;  // a view of imported memory, not ours to free
  untrackDeviceAllocation(device, ptr);
  hsa_amd_pointer_info_t info{};
  info.size = sizeof info;
  if (api_.hsa_amd_pointer_info(ptr, &info, nullptr, nullptr, nullptr) == HSA_STATUS_SUCCESS &&
      info.type == HSA_EXT_POINTER_TYPE_HSA)
    devices_[device]->allocatedBytes -= std::min(info.sizeInBytes, devices_[device]->allocatedBytes.load());
  UNIHIP_HSA_TRY(api_, hsa_amd_memory_pool_free(ptr));
  return kOk;
}

Status HsaBackend::hostMallocImpl(int device, size_t size, unsigned int, void** ptr) {
  // Fine-grained system memory is coherent and mapped for every GPU: the hipHostMalloc flags
  // (portable, mapped, coherent) all hold; write-combined is not distinguished.
  if (size == 0) {
    *ptr = nullptr;
    return kOk;
  }
  HsaDeviceState& d = *devices_[device];
  *ptr = nullptr;
  UNIHIP_HSA_TRY(api_, hsa_amd_memory_pool_allocate(d.info.hostPool, size, 0, ptr));
  if (*ptr == nullptr) return hipErrorOutOfMemory;
  std::vector<hsa_agent_t> gpus;
  for (auto& other : devices_) gpus.push_back(other->info.agent);
  if (Status st = checkHsa(api_, api_.hsa_amd_agents_allow_access(
                                     static_cast<uint32_t>(gpus.size()), gpus.data(), nullptr, *ptr),
                           "hsa_amd_agents_allow_access");
      !st.ok()) {
    api_.hsa_amd_memory_pool_free(*ptr);
    *ptr = nullptr;
    return st;
  }
  return kOk;
}

Status HsaBackend::hostFree(int device, void* ptr) {
  if (ptr == nullptr) return kOk;
  UNIHIP_TRY(deviceSynchronize(device));
  UNIHIP_HSA_TRY(api_, hsa_amd_memory_pool_free(ptr));
  return kOk;
}

Status HsaBackend::copyOnStream(HsaDeviceState& d, HsaStream& s, void* dst, const void* src,
                                size_t size) {
  CopyEndpoint to, from;
  UNIHIP_TRY(resolveEndpoint(api_, d.info, dst, size, &to));
  if (Status st = resolveEndpoint(api_, d.info, src, size, &from); !st.ok()) {
    if (to.locked) api_.hsa_amd_memory_unlock(to.locked);
    return st;
  }
  // Ordered on the stream without a lock (hsa_stream.h); locked host memory must outlive the copy.
  const Status st = submitCopy(s, to.address, to.agent, from.address, from.agent, size,
                               to.locked != nullptr || from.locked != nullptr);
  if (to.locked) api_.hsa_amd_memory_unlock(to.locked);
  if (from.locked) api_.hsa_amd_memory_unlock(from.locked);
  return st;
}

Status HsaBackend::memcpyAsyncImpl(int device, void* dst, const void* src, size_t size,
                               CopyDirection dir, NativeStream stream) {
  if (size == 0) return kOk;
  HsaStream* s = nullptr;
  UNIHIP_TRY(resolve(device, stream, &s));
  if (dir == CopyDirection::HostToHost) {
    UNIHIP_TRY(synchronizeStream(*s, false));
    std::memmove(dst, src, size);
    return kOk;
  }
  return copyOnStream(*devices_[device], *s, dst, src, size);
}

Status HsaBackend::memcpyImpl(int device, void* dst, const void* src, size_t size, CopyDirection dir) {
  UNIHIP_TRY(memcpyAsync(device, dst, src, size, dir, nullptr));
  HsaStream* s = nullptr;
  UNIHIP_TRY(resolve(device, nullptr, &s));
  return synchronizeStream(*s, false);
}

Status HsaBackend::fillKernels(int device, FillKernels** out) {
  HsaDeviceState& d = *devices_[device];
  std::call_once(d.fillOnce, [&] {
    d.fillStatus = loadFillKernels(api_, d.info, &d.fill);
    if (!d.fillStatus.ok())
      UNIHIP_LOG_WARN("hsa: no built-in fill kernel for {}: memset falls back to "
                      "hsa_amd_memory_fill (4-byte aligned only, synchronous)",
                      formatTargetId(d.info.target));
  });
  *out = &d.fill;
  return d.fillStatus;
}

Status HsaBackend::fill(int device, void* dst, uint32_t value, size_t count, bool words,
                        NativeStream stream) {
  if (count == 0) return kOk;
  HsaStream* s = nullptr;
  UNIHIP_TRY(resolve(device, stream, &s));
  FillKernels* k = nullptr;
  if (!fillKernels(device, &k).ok()) {
    if (!words || api_.hsa_amd_memory_fill == nullptr) return hipErrorNotSupported;
    UNIHIP_TRY(synchronizeStream(*s, false));
    UNIHIP_HSA_TRY(api_, hsa_amd_memory_fill(dst, value, count));
    return kOk;
  }
  const FillGeometry geometry(count);
  unsigned long long n = count, stride = geometry.stride;
  void* args[] = {&dst, &value, &n, &stride};
  const HsaFunction* f = words ? k->fillU32 : k->fillU8;
  KernargContext ctx;
  ctx.gridBlocks[0] = geometry.workgroups;
  ctx.blockSize[0] = FillGeometry::kWorkgroup;
  ctx.queuePtr = reinterpret_cast<uint64_t>(s->queue);
  return submitKernel(*s, *f->info, f->kernelObject, ctx, args);
}

Status HsaBackend::memsetAsyncImpl(int device, void* dst, uint8_t value, size_t size,
                               NativeStream stream) {
  if (reinterpret_cast<uintptr_t>(dst) % 4 == 0 && size % 4 == 0)
    return fill(device, dst, value * 0x01010101u, size / 4, true, stream);
  return fill(device, dst, value, size, false, stream);
}

Status HsaBackend::memsetD32AsyncImpl(int device, void* dst, uint32_t value, size_t count,
                                  NativeStream stream) {
  return fill(device, dst, value, count, true, stream);
}

Status HsaBackend::memsetImpl(int device, void* dst, uint8_t value, size_t size) {
  UNIHIP_TRY(memsetAsync(device, dst, value, size, nullptr));
  HsaStream* s = nullptr;
  UNIHIP_TRY(resolve(device, nullptr, &s));
  return synchronizeStream(*s, false);
}

Status HsaBackend::memGetInfo(int device, size_t* free, size_t* total) {
  // ROCr 5.x has no free-memory query; report the pool size minus what unihip allocated.
  const HsaDeviceState& d = *devices_[device];
  *total = d.info.properties.totalGlobalMem;
  const size_t used = std::min(d.allocatedBytes.load(), *total);
  *free = *total - used;
  return kOk;
}

// Memory family --------------------------------------------------------------------------------

// The fill kernels write bytes and 32-bit words: a 16-bit fill is words (the value twice) between
// a head and a tail of single 16-bit elements, each written as two bytes. All on one stream, so
// in order; at most five dispatches.
Status HsaBackend::memsetD16AsyncImpl(int device, void* dst, uint16_t value, size_t count,
                                  NativeStream stream) {
  auto* p = static_cast<unsigned char*>(dst);
  const uint8_t lo = static_cast<uint8_t>(value), hi = static_cast<uint8_t>(value >> 8);
  auto one = [&](unsigned char* at) -> Status {
    if (lo == hi) return fill(device, at, lo, 2, false, stream);
    UNIHIP_TRY(fill(device, at, lo, 1, false, stream));
    return fill(device, at + 1, hi, 1, false, stream);
  };
  if (count != 0 && reinterpret_cast<uintptr_t>(p) % 4 != 0) {
    UNIHIP_TRY(one(p));
    p += 2;
    --count;
  }
  const size_t words = count / 2;
  UNIHIP_TRY(fill(device, p, value * 0x00010001u, words, true, stream));
  if (count % 2 != 0) return one(p + words * 4);
  return kOk;
}

Status HsaBackend::memGetAddressRange(int device, const void* ptr, void** base, size_t* size) {
  (void)device;
  hsa_amd_pointer_info_t info{};
  info.size = sizeof info;
  UNIHIP_HSA_TRY(api_, hsa_amd_pointer_info(ptr, &info, nullptr, nullptr, nullptr));
  if (info.type == HSA_EXT_POINTER_TYPE_UNKNOWN) return hipErrorNotFound;
  // An allocation has an agent view and a host view; answer in the view `ptr` is in.
  auto holds = [&](void* start) {
    const char* p = static_cast<const char*>(ptr);
    const char* b = static_cast<const char*>(start);
    return b != nullptr && p >= b && p < b + info.sizeInBytes;
  };
  void* start = holds(info.hostBaseAddress) && !holds(info.agentBaseAddress)
                    ? info.hostBaseAddress
                    : info.agentBaseAddress;
  *base = start;
  *size = info.sizeInBytes;
  return kOk;
}

Status HsaBackend::peerLink(int device, int peer, hsa_amd_memory_pool_link_info_t* link,
                            uint32_t* hops) {
  if (api_.hsa_amd_agent_memory_pool_get_info == nullptr) return hipErrorNotSupported;
  const hsa_agent_t agent = devices_[device]->info.agent;
  const hsa_amd_memory_pool_t pool = devices_[peer]->info.devicePool;
  hsa_amd_memory_pool_access_t access = HSA_AMD_MEMORY_POOL_ACCESS_NEVER_ALLOWED;
  UNIHIP_HSA_TRY(api_, hsa_amd_agent_memory_pool_get_info(
                           agent, pool, HSA_AMD_AGENT_MEMORY_POOL_INFO_ACCESS, &access));
  if (access == HSA_AMD_MEMORY_POOL_ACCESS_NEVER_ALLOWED) return hipErrorNotSupported;
  *hops = 0;
  UNIHIP_HSA_TRY(api_, hsa_amd_agent_memory_pool_get_info(
                           agent, pool, HSA_AMD_AGENT_MEMORY_POOL_INFO_NUM_LINK_HOPS, hops));
  if (*hops == 0) return hipErrorNotSupported;
  std::vector<hsa_amd_memory_pool_link_info_t> links(*hops);
  UNIHIP_HSA_TRY(api_, hsa_amd_agent_memory_pool_get_info(
                           agent, pool, HSA_AMD_AGENT_MEMORY_POOL_INFO_LINK_INFO, links.data()));
  *link = links[0];
  return kOk;
}

Status HsaBackend::canAccessPeer(int device, int peer, int* value) {
  hsa_amd_memory_pool_link_info_t link{};
  uint32_t hops = 0;
  Status s = peerLink(device, peer, &link, &hops);
  *value = s.ok() ? 1 : 0;
  return s.code() == hipErrorNotSupported ? kOk : s;
}

Status HsaBackend::p2pAttribute(int src, int dst, hipDeviceP2PAttr attr, int* value) {
  hsa_amd_memory_pool_link_info_t link{};
  uint32_t hops = 0;
  Status s = peerLink(src, dst, &link, &hops);
  if (!s.ok() && s.code() != hipErrorNotSupported) return s;
  const bool linked = s.ok();
  switch (attr) {
    case hipDevP2PAttrPerformanceRank: *value = 0; return kOk;  // AMD reports no ranking
    case hipDevP2PAttrAccessSupported: *value = linked ? 1 : 0; return kOk;
    case hipDevP2PAttrNativeAtomicSupported:
      *value = linked && link.atomic_support_64bit ? 1 : 0;
      return kOk;
    default: return hipErrorNotSupported;  // array access over a link: no ROCr query
  }
}

Status HsaBackend::linkTypeAndHopCount(int device1, int device2, uint32_t* linkType,
                                       uint32_t* hopCount) {
  hsa_amd_memory_pool_link_info_t link{};
  uint32_t hops = 0;
  UNIHIP_TRY(peerLink(device1, device2, &link, &hops));
  *linkType = static_cast<uint32_t>(link.link_type);
  *hopCount = hops;
  return kOk;
}

}  // namespace unihip::hsa
