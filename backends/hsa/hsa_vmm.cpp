// HIP's virtual memory management on ROCr's hsa_amd_vmem_* (ROCm >= 6), mapped call for call as
// AMD's runtime does (clr hipamd/src/hip_vm.cpp over rocclr's ROCm device): physical memory is a
// vmem handle of the device's coarse-grained pool, reservations and mappings are ROCr's, access
// flags are HSA access permissions (same values: clr static_asserts it), the shareable handle of
// hipMemHandleTypePosixFileDescriptor is a dma-buf file descriptor. Where clr turns a failure
// into one HIP code (reserve/create: out of memory; access, export, import, retain: invalid
// value), so do we.
#include <sys/types.h>

#include <cstdint>

#include "hsa_memory_pools.h"
#include "hsa_status.h"
#include "hsa_vmem_api.h"

namespace unihip::hsa {

namespace {

hsa_amd_vmem_alloc_handle_t vmemHandle(NativeAllocation h) { return hsa_amd_vmem_alloc_handle_t{h}; }

// A failed ROCr call (logged) as the one code clr answers for it.
Status failedAs(const HsaApi& api, hsa_status_t status, const char* call, hipError_t code) {
  const Status s = checkHsa(api, status, call);
  return s.ok() ? s : Status(code);
}

// HIP's access flags are HSA's access permissions (None 0, Read 1, ReadWrite 3).
hsa_access_permission_t permission(hipMemAccessFlags flags) {
  switch (flags) {
    case hipMemAccessFlagsProtRead: return HSA_ACCESS_PERMISSION_RO;
    case hipMemAccessFlagsProtReadWrite: return HSA_ACCESS_PERMISSION_RW;
    default: return vmem::kAccessNone;
  }
}

}  // namespace

bool HsaMemoryPools::vmmSupported() {
  std::call_once(vmmOnce_, [this] {
    const HsaApi& a = api_;
    const bool symbols =
        a.hsa_amd_vmem_address_reserve && a.hsa_amd_vmem_address_free &&
        a.hsa_amd_vmem_handle_create && a.hsa_amd_vmem_handle_release && a.hsa_amd_vmem_map &&
        a.hsa_amd_vmem_unmap && a.hsa_amd_vmem_set_access && a.hsa_amd_vmem_get_access &&
        a.hsa_amd_vmem_export_shareable_handle && a.hsa_amd_vmem_import_shareable_handle &&
        a.hsa_amd_vmem_retain_alloc_handle && a.hsa_amd_vmem_get_alloc_properties_from_handle;
    // ROCr exports the entry points everywhere; the driver (KFD) says whether they work.
    bool driver = false;
    vmm_ = symbols && hooks_.agentInfo && a.hsa_system_get_info != nullptr &&
           a.hsa_system_get_info(vmem::kSystemInfoVirtualMemApiSupported, &driver) ==
               HSA_STATUS_SUCCESS &&
           driver;
  });
  return vmm_;
}

hsa_amd_memory_pool_t HsaMemoryPools::vmemPool(int device, const hipMemAllocationProp& prop) {
  if (prop.location.type == hipMemLocationTypeHost) return hooks_.agentInfo(device)->hostPool;
  return hooks_.agentInfo(prop.location.id)->devicePool;
}

Status HsaMemoryPools::poolGranule(hsa_amd_memory_pool_t pool, bool recommended, size_t* out) {
  size_t granule = 0;
  // The recommended granule came with ROCm 6 too; a ROCr without it has only the minimum.
  if (recommended && api_.hsa_amd_memory_pool_get_info(pool, vmem::kPoolInfoRecGranule,
                                                       &granule) == HSA_STATUS_SUCCESS &&
      granule != 0) {
    *out = granule;
    return kOk;
  }
  UNIHIP_HSA_TRY(api_, hsa_amd_memory_pool_get_info(
                           pool, HSA_AMD_MEMORY_POOL_INFO_RUNTIME_ALLOC_GRANULE, &granule));
  if (granule == 0) return hipErrorNotSupported;  // a pool nothing is allocated from
  *out = granule;
  return kOk;
}

Status HsaMemoryPools::granularity(int device, const hipMemAllocationProp& prop,
                                   hipMemAllocationGranularity_flags option, size_t* out) {
  if (!vmmSupported()) return hipErrorNotSupported;
  return poolGranule(vmemPool(device, prop), option == hipMemAllocationGranularityRecommended, out);
}

Status HsaMemoryPools::memCreate(int device, const hipMemAllocationProp& prop, size_t size,
                                 NativeAllocation* handle) {
  if (!vmmSupported()) return hipErrorNotSupported;
  // AMD shares physical memory by file descriptor only.
  if (prop.requestedHandleTypes != hipMemHandleTypeNone &&
      prop.requestedHandleTypes != hipMemHandleTypePosixFileDescriptor)
    return hipErrorNotSupported;
  const hsa_amd_memory_pool_t pool = vmemPool(device, prop);
  size_t granule = 0;
  UNIHIP_TRY(poolGranule(pool, false, &granule));
  if (size % granule != 0) return hipErrorInvalidValue;
  // Device memory as clr makes it (coarse-grained pool, MEMORY_TYPE_NONE); host memory pinned.
  // hipMemAllocationTypeUncached is not told apart (ROCr's vmem handles have no such flag).
  const hsa_amd_memory_type_t type =
      prop.location.type == hipMemLocationTypeHost ? MEMORY_TYPE_PINNED : MEMORY_TYPE_NONE;
  hsa_amd_vmem_alloc_handle_t h{};
  UNIHIP_TRY(failedAs(api_, api_.hsa_amd_vmem_handle_create(pool, size, type, 0, &h),
                      "hsa_amd_vmem_handle_create", hipErrorOutOfMemory));
  std::lock_guard lock(mutex_);
  vmemHandles_[h.handle] = {prop.requestedHandleTypes, -1, 1,
                            prop.location.type == hipMemLocationTypeHost};
  *handle = h.handle;
  return kOk;
}

Status HsaMemoryPools::memRelease(int, NativeAllocation handle) {
  if (!vmmSupported()) return hipErrorNotSupported;
  // ROCr keeps memory that is still mapped until its last unmap (as HIP wants).
  UNIHIP_TRY(failedAs(api_, api_.hsa_amd_vmem_handle_release(vmemHandle(handle)),
                      "hsa_amd_vmem_handle_release", hipErrorInvalidValue));
  std::lock_guard lock(mutex_);
  if (auto it = vmemHandles_.find(handle); it != vmemHandles_.end() && --it->second.references <= 0)
    forgetHandleIfUnused(handle);
  return kOk;
}

void HsaMemoryPools::forgetHandleIfUnused(uint64_t handle) {
  auto it = vmemHandles_.find(handle);
  if (it == vmemHandles_.end() || it->second.references > 0) return;
  for (const auto& [va, m] : vmemMappings_)
    if (m.handle == handle) return;
  vmemHandles_.erase(it);
}

Status HsaMemoryPools::memProperties(int device, NativeAllocation handle,
                                     hipMemAllocationProp* out) {
  if (!vmmSupported()) return hipErrorNotSupported;
  *out = hipMemAllocationProp{};
  out->type = hipMemAllocationTypePinned;
  {
    std::lock_guard lock(mutex_);
    auto it = vmemHandles_.find(handle);
    if (it != vmemHandles_.end()) out->requestedHandleTypes = it->second.types;
    // Imported memory is the importing device's, as clr describes it.
    if (it != vmemHandles_.end() && it->second.importedOn >= 0) {
      out->location = {hipMemLocationTypeDevice, it->second.importedOn};
      return kOk;
    }
  }
  hsa_amd_memory_pool_t pool{};
  hsa_amd_memory_type_t type = MEMORY_TYPE_NONE;
  UNIHIP_TRY(failedAs(api_,
                      api_.hsa_amd_vmem_get_alloc_properties_from_handle(vmemHandle(handle),
                                                                         &pool, &type),
                      "hsa_amd_vmem_get_alloc_properties_from_handle", hipErrorInvalidValue));
  out->location = {hipMemLocationTypeDevice, device};
  for (int d = 0; d < owner_.deviceCount(); ++d) {
    const AgentInfo* info = hooks_.agentInfo(d);
    if (info->devicePool.handle == pool.handle) out->location = {hipMemLocationTypeDevice, d};
    if (info->hostPool.handle == pool.handle) out->location = {hipMemLocationTypeHost, 0};
  }
  return kOk;
}

Status HsaMemoryPools::addressReserve(int device, size_t size, size_t alignment, void* hint,
                                      void** ptr) {
  if (!vmmSupported()) return hipErrorNotSupported;
  // Sizes in whole granules (clr: hipErrorInvalidValue).
  size_t granule = 0;
  UNIHIP_TRY(poolGranule(hooks_.agentInfo(device)->devicePool, false, &granule));
  if (size % granule != 0) return hipErrorInvalidValue;
  const auto address = reinterpret_cast<uint64_t>(hint);
  void* p = nullptr;
  hsa_status_t s;
  if (alignment > granule && api_.hsa_amd_vmem_address_reserve_align != nullptr)
    s = api_.hsa_amd_vmem_address_reserve_align(&p, size, address, alignment, 0);
  else
    s = api_.hsa_amd_vmem_address_reserve(&p, size, address, 0);
  UNIHIP_TRY(failedAs(api_, s, "hsa_amd_vmem_address_reserve", hipErrorOutOfMemory));
  // A ROCr without reserve_align may give a range less aligned than asked: give it back.
  if (alignment != 0 && reinterpret_cast<uintptr_t>(p) % alignment != 0) {
    (void)api_.hsa_amd_vmem_address_free(p, size);
    return hipErrorOutOfMemory;
  }
  *ptr = p;
  return kOk;
}

Status HsaMemoryPools::addressFree(int, void* ptr, size_t size) {
  if (!vmmSupported()) return hipErrorNotSupported;
  // ROCr refuses a range that still has memory mapped in it.
  UNIHIP_HSA_TRY(api_, hsa_amd_vmem_address_free(ptr, size));
  return kOk;
}

Status HsaMemoryPools::memMap(int, void* ptr, size_t size, NativeAllocation handle) {
  if (!vmmSupported()) return hipErrorNotSupported;
  std::lock_guard lock(mutex_);
  UNIHIP_TRY(failedAs(api_, api_.hsa_amd_vmem_map(ptr, size, 0, vmemHandle(handle), 0),
                      "hsa_amd_vmem_map", hipErrorInvalidValue));
  vmemMappings_[reinterpret_cast<uintptr_t>(ptr)] = {size, handle};
  return kOk;
}

bool HsaMemoryPools::mappingsIn(void* ptr, size_t size,
                                std::vector<std::pair<uintptr_t, size_t>>* out) const {
  uintptr_t cursor = reinterpret_cast<uintptr_t>(ptr);
  const uintptr_t end = cursor + size;
  while (cursor < end) {
    auto it = vmemMappings_.find(cursor);
    if (it == vmemMappings_.end() || cursor + it->second.size > end) return false;
    out->emplace_back(cursor, it->second.size);
    cursor += it->second.size;
  }
  return true;
}

Status HsaMemoryPools::memUnmap(int device, void* ptr, size_t size) {
  if (!vmmSupported()) return hipErrorNotSupported;
  // As clr (an unmap command on the null stream, awaited): the device's work may still use it.
  UNIHIP_TRY(hooks_.synchronize(device));
  std::lock_guard lock(mutex_);
  std::vector<std::pair<uintptr_t, size_t>> parts;
  if (!mappingsIn(ptr, size, &parts)) return hipErrorInvalidValue;  // not whole mappings
  for (const auto& [va, bytes] : parts) {
    UNIHIP_TRY(failedAs(api_, api_.hsa_amd_vmem_unmap(reinterpret_cast<void*>(va), bytes),
                        "hsa_amd_vmem_unmap", hipErrorInvalidValue));
    const uint64_t handle = vmemMappings_[va].handle;
    vmemMappings_.erase(va);
    forgetHandleIfUnused(handle);
  }
  return kOk;
}

Status HsaMemoryPools::memSetAccess(int, void* ptr, size_t size, const AccessGrant* grants,
                                    size_t count) {
  if (!vmmSupported()) return hipErrorNotSupported;
  constexpr size_t kMax = 64;
  if (count > kMax) return hipErrorInvalidValue;
  bool hostMemory = false;
  {
    std::lock_guard lock(mutex_);
    auto m = vmemMappings_.find(reinterpret_cast<uintptr_t>(ptr));
    if (m != vmemMappings_.end())
      if (auto h = vmemHandles_.find(m->second.handle); h != vmemHandles_.end())
        hostMemory = h->second.host;
  }
  hsa_amd_memory_access_desc_t desc[kMax];
  for (size_t i = 0; i < count; ++i) {
    const AccessGrant& g = grants[i];
    const bool host = g.type == hipMemLocationTypeHost;
    // clr: the host gets access to host memory only.
    if (host && !hostMemory) return hipErrorInvalidValue;
    // The host's access is the CPU agent's (the one nearest the first device).
    const int d = host ? 0 : g.device;
    if (d < 0 || d >= owner_.deviceCount()) return hipErrorInvalidValue;
    const AgentInfo* info = hooks_.agentInfo(d);
    desc[i].permissions = permission(g.flags);
    desc[i].agent_handle = host ? info->cpuAgent : info->agent;
  }
  return failedAs(api_, api_.hsa_amd_vmem_set_access(ptr, size, desc, count),
                  "hsa_amd_vmem_set_access", hipErrorInvalidValue);
}

Status HsaMemoryPools::memGetAccess(int, const hipMemLocation& location, void* ptr,
                                    unsigned long long* flags) {
  if (!vmmSupported()) return hipErrorNotSupported;
  hsa_access_permission_t perms = vmem::kAccessNone;
  UNIHIP_TRY(failedAs(api_, api_.hsa_amd_vmem_get_access(ptr, &perms, hooks_.agentOf(location.id)),
                      "hsa_amd_vmem_get_access", hipErrorInvalidValue));
  *flags = static_cast<unsigned long long>(perms);
  return kOk;
}

Status HsaMemoryPools::memExport(int, NativeAllocation handle, hipMemAllocationHandleType type,
                                 void* shared) {
  if (!vmmSupported()) return hipErrorNotSupported;
  {
    // clr: the type asked must be the one the memory was created for.
    std::lock_guard lock(mutex_);
    auto it = vmemHandles_.find(handle);
    if (it == vmemHandles_.end() || it->second.types != type) return hipErrorInvalidValue;
  }
  int fd = -1;
  UNIHIP_TRY(failedAs(api_, api_.hsa_amd_vmem_export_shareable_handle(&fd, vmemHandle(handle), 0),
                      "hsa_amd_vmem_export_shareable_handle", hipErrorInvalidValue));
  *static_cast<int*>(shared) = fd;
  return kOk;
}

Status HsaMemoryPools::memImport(int device, void* osHandle, hipMemAllocationHandleType type,
                                 NativeAllocation* handle) {
  if (!vmmSupported()) return hipErrorNotSupported;
  // The descriptor travels as the pointer's value (CUDA's convention, HIP's too); ROCr
  // duplicates it, the caller still owns it.
  const int fd = static_cast<int>(reinterpret_cast<intptr_t>(osHandle));
  hsa_amd_vmem_alloc_handle_t h{};
  UNIHIP_TRY(failedAs(api_, api_.hsa_amd_vmem_import_shareable_handle(fd, &h),
                      "hsa_amd_vmem_import_shareable_handle", hipErrorInvalidValue));
  std::lock_guard lock(mutex_);
  auto& info = vmemHandles_[h.handle];
  info.types = type;
  info.importedOn = device;
  ++info.references;
  *handle = h.handle;
  return kOk;
}

Status HsaMemoryPools::memRetain(int, void* addr, NativeAllocation* handle) {
  if (!vmmSupported()) return hipErrorNotSupported;
  hsa_amd_vmem_alloc_handle_t h{};
  UNIHIP_TRY(failedAs(api_, api_.hsa_amd_vmem_retain_alloc_handle(&h, addr),
                      "hsa_amd_vmem_retain_alloc_handle", hipErrorInvalidValue));
  std::lock_guard lock(mutex_);
  ++vmemHandles_[h.handle].references;
  *handle = h.handle;
  return kOk;
}

}  // namespace unihip::hsa
