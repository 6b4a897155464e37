// ROCr's virtual memory API (hsa_amd_vmem_*), declared here because the ROCr 5.2 headers unihip
// builds against predate it. Source: ROCm >= 6.0's public hsa_ext_amd.h (ROCR-Runtime
// src/inc/hsa_ext_amd.h; hsa_amd_vmem_address_reserve_align since AMD interface 1.6) and hsa.h
// (HSA_ACCESS_PERMISSION_NONE). unihip resolves every entry point as optional: a ROCr without
// them leaves the virtual memory part of the memory pools family unsupported.
// Build against ROCm >= 6 headers with -DUNIHIP_ROCR_HAS_VMEM to take their declarations instead.
#pragma once

#include <hsa/hsa.h>
#include <hsa/hsa_ext_amd.h>

#include <cstddef>
#include <cstdint>

#ifndef UNIHIP_ROCR_HAS_VMEM
extern "C" {

// Memory type of a physical allocation (hsa_amd_vmem_handle_create).
typedef enum { MEMORY_TYPE_NONE = 0, MEMORY_TYPE_PINNED = 1 } hsa_amd_memory_type_t;

// A physical allocation, mappable into reserved address ranges.
typedef struct hsa_amd_vmem_alloc_handle_s {
  uint64_t handle;
} hsa_amd_vmem_alloc_handle_t;

// One agent's access to a mapped range.
typedef struct hsa_amd_memory_access_desc_s {
  hsa_access_permission_t permissions;
  hsa_agent_t agent_handle;
} hsa_amd_memory_access_desc_t;

hsa_status_t HSA_API hsa_amd_vmem_address_reserve(void** va, size_t size, uint64_t address,
                                                  uint64_t flags);
hsa_status_t HSA_API hsa_amd_vmem_address_reserve_align(void** va, size_t size, uint64_t address,
                                                        uint64_t alignment, uint64_t flags);
hsa_status_t HSA_API hsa_amd_vmem_address_free(void* va, size_t size);
hsa_status_t HSA_API hsa_amd_vmem_handle_create(hsa_amd_memory_pool_t pool, size_t size,
                                                hsa_amd_memory_type_t type, uint64_t flags,
                                                hsa_amd_vmem_alloc_handle_t* memory_handle);
hsa_status_t HSA_API hsa_amd_vmem_handle_release(hsa_amd_vmem_alloc_handle_t memory_handle);
hsa_status_t HSA_API hsa_amd_vmem_map(void* va, size_t size, size_t in_offset,
                                      hsa_amd_vmem_alloc_handle_t memory_handle, uint64_t flags);
hsa_status_t HSA_API hsa_amd_vmem_unmap(void* va, size_t size);
hsa_status_t HSA_API hsa_amd_vmem_set_access(void* va, size_t size,
                                             const hsa_amd_memory_access_desc_t* desc,
                                             size_t desc_cnt);
hsa_status_t HSA_API hsa_amd_vmem_get_access(void* va, hsa_access_permission_t* perms,
                                             hsa_agent_t agent_handle);
hsa_status_t HSA_API hsa_amd_vmem_export_shareable_handle(int* dmabuf_fd,
                                                          hsa_amd_vmem_alloc_handle_t handle,
                                                          uint64_t flags);
hsa_status_t HSA_API hsa_amd_vmem_import_shareable_handle(int dmabuf_fd,
                                                          hsa_amd_vmem_alloc_handle_t* handle);
hsa_status_t HSA_API hsa_amd_vmem_retain_alloc_handle(hsa_amd_vmem_alloc_handle_t* memory_handle,
                                                      void* addr);
hsa_status_t HSA_API hsa_amd_vmem_get_alloc_properties_from_handle(
    hsa_amd_vmem_alloc_handle_t memory_handle, hsa_amd_memory_pool_t* pool,
    hsa_amd_memory_type_t* type);

}  // extern "C"
#endif  // UNIHIP_ROCR_HAS_VMEM

namespace unihip::hsa::vmem {

// hsa.h's HSA_ACCESS_PERMISSION_NONE (ROCm >= 6; 5.2's enum starts at RO = 1).
constexpr hsa_access_permission_t kAccessNone = static_cast<hsa_access_permission_t>(0);
// hsa_amd_pointer_type_t additions (AMD interface 1.12): a reserved range with nothing mapped,
// and memory mapped by hsa_amd_vmem_map.
constexpr int kPointerTypeReservedAddr = 5;
constexpr int kPointerTypeHsaVmem = 6;
// hsa_system_info_t: whether the driver supports the virtual memory API (bool).
constexpr hsa_system_info_t kSystemInfoVirtualMemApiSupported =
    static_cast<hsa_system_info_t>(0x205);
// hsa_amd_memory_pool_info_t: the recommended allocation granule (size_t).
constexpr hsa_amd_memory_pool_info_t kPoolInfoRecGranule =
    static_cast<hsa_amd_memory_pool_info_t>(18);

}  // namespace unihip::hsa::vmem
