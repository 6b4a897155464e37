// Every ROCr entry point unihip calls, listed once. Included with UNIHIP_HSA_SYMBOL(kind, name)
// defined: once to declare the function-pointer table, once to resolve it with dlsym.
// REQUIRED: missing -> the backend is unavailable. OPTIONAL: may stay null; callers check.
// Prototypes come from ROCr's own headers through decltype, so nothing is redeclared here.
// No include guard: this file is an X-macro table.

// Runtime and discovery
UNIHIP_HSA_SYMBOL(REQUIRED, hsa_init)
UNIHIP_HSA_SYMBOL(REQUIRED, hsa_shut_down)
UNIHIP_HSA_SYMBOL(REQUIRED, hsa_status_string)
UNIHIP_HSA_SYMBOL(REQUIRED, hsa_system_get_info)
UNIHIP_HSA_SYMBOL(REQUIRED, hsa_iterate_agents)
UNIHIP_HSA_SYMBOL(REQUIRED, hsa_agent_get_info)
UNIHIP_HSA_SYMBOL(REQUIRED, hsa_agent_iterate_isas)
UNIHIP_HSA_SYMBOL(REQUIRED, hsa_isa_get_info_alt)
UNIHIP_HSA_SYMBOL(REQUIRED, hsa_amd_agent_iterate_memory_pools)
UNIHIP_HSA_SYMBOL(REQUIRED, hsa_amd_memory_pool_get_info)

// Memory
UNIHIP_HSA_SYMBOL(REQUIRED, hsa_amd_memory_pool_allocate)
UNIHIP_HSA_SYMBOL(REQUIRED, hsa_amd_memory_pool_free)
UNIHIP_HSA_SYMBOL(REQUIRED, hsa_amd_agents_allow_access)
UNIHIP_HSA_SYMBOL(REQUIRED, hsa_amd_memory_async_copy)
UNIHIP_HSA_SYMBOL(REQUIRED, hsa_amd_memory_lock)
UNIHIP_HSA_SYMBOL(REQUIRED, hsa_amd_memory_unlock)
UNIHIP_HSA_SYMBOL(REQUIRED, hsa_amd_pointer_info)
UNIHIP_HSA_SYMBOL(OPTIONAL, hsa_amd_memory_fill)
// Memory family: peer access and link info between agents.
UNIHIP_HSA_SYMBOL(OPTIONAL, hsa_amd_agent_memory_pool_get_info)
// Managed memory through SVM (HMM; hsa_unified_memory.cpp). Missing -> fine-grained host memory.
UNIHIP_HSA_SYMBOL(OPTIONAL, hsa_amd_svm_attributes_set)
UNIHIP_HSA_SYMBOL(OPTIONAL, hsa_amd_svm_attributes_get)
UNIHIP_HSA_SYMBOL(OPTIONAL, hsa_amd_svm_prefetch_async)
// Memory pools family (hsa_memory_pools.cpp): inter-process sharing of device memory and
// dma-buf import (external memory). Missing -> that part answers hipErrorNotSupported.
UNIHIP_HSA_SYMBOL(OPTIONAL, hsa_amd_ipc_memory_create)
UNIHIP_HSA_SYMBOL(OPTIONAL, hsa_amd_ipc_memory_attach)
UNIHIP_HSA_SYMBOL(OPTIONAL, hsa_amd_ipc_memory_detach)
UNIHIP_HSA_SYMBOL(OPTIONAL, hsa_amd_interop_map_buffer)
UNIHIP_HSA_SYMBOL(OPTIONAL, hsa_amd_interop_unmap_buffer)
// Virtual memory (hsa_vmm.cpp; ROCm >= 6, declared in hsa_vmem_api.h). Missing -> hipMemCreate and
// the rest of HIP's virtual memory answer hipErrorNotSupported. reserve_align is later (ROCm 6.2).
UNIHIP_HSA_SYMBOL(OPTIONAL, hsa_amd_vmem_address_reserve)
UNIHIP_HSA_SYMBOL(OPTIONAL, hsa_amd_vmem_address_reserve_align)
UNIHIP_HSA_SYMBOL(OPTIONAL, hsa_amd_vmem_address_free)
UNIHIP_HSA_SYMBOL(OPTIONAL, hsa_amd_vmem_handle_create)
UNIHIP_HSA_SYMBOL(OPTIONAL, hsa_amd_vmem_handle_release)
UNIHIP_HSA_SYMBOL(OPTIONAL, hsa_amd_vmem_map)
UNIHIP_HSA_SYMBOL(OPTIONAL, hsa_amd_vmem_unmap)
UNIHIP_HSA_SYMBOL(OPTIONAL, hsa_amd_vmem_set_access)
UNIHIP_HSA_SYMBOL(OPTIONAL, hsa_amd_vmem_get_access)
UNIHIP_HSA_SYMBOL(OPTIONAL, hsa_amd_vmem_export_shareable_handle)
UNIHIP_HSA_SYMBOL(OPTIONAL, hsa_amd_vmem_import_shareable_handle)
UNIHIP_HSA_SYMBOL(OPTIONAL, hsa_amd_vmem_retain_alloc_handle)
UNIHIP_HSA_SYMBOL(OPTIONAL, hsa_amd_vmem_get_alloc_properties_from_handle)

// Images family (hsa_images.cpp): ROCr's image extension. Missing -> images() is null.
UNIHIP_HSA_SYMBOL(OPTIONAL, hsa_ext_image_data_get_info)
UNIHIP_HSA_SYMBOL(OPTIONAL, hsa_ext_image_create)
UNIHIP_HSA_SYMBOL(OPTIONAL, hsa_ext_image_create_with_layout)
UNIHIP_HSA_SYMBOL(OPTIONAL, hsa_ext_image_destroy)
UNIHIP_HSA_SYMBOL(OPTIONAL, hsa_ext_image_import)
UNIHIP_HSA_SYMBOL(OPTIONAL, hsa_ext_image_export)
UNIHIP_HSA_SYMBOL(OPTIONAL, hsa_ext_image_copy)
UNIHIP_HSA_SYMBOL(OPTIONAL, hsa_ext_sampler_create)
UNIHIP_HSA_SYMBOL(OPTIONAL, hsa_ext_sampler_destroy)

// Queues
UNIHIP_HSA_SYMBOL(REQUIRED, hsa_queue_create)
UNIHIP_HSA_SYMBOL(REQUIRED, hsa_queue_destroy)
UNIHIP_HSA_SYMBOL(REQUIRED, hsa_queue_add_write_index_screlease)
UNIHIP_HSA_SYMBOL(REQUIRED, hsa_queue_load_read_index_scacquire)
UNIHIP_HSA_SYMBOL(REQUIRED, hsa_amd_profiling_set_profiler_enabled)
UNIHIP_HSA_SYMBOL(REQUIRED, hsa_amd_profiling_get_dispatch_time)

// Signals
UNIHIP_HSA_SYMBOL(REQUIRED, hsa_signal_create)
UNIHIP_HSA_SYMBOL(REQUIRED, hsa_signal_destroy)
UNIHIP_HSA_SYMBOL(REQUIRED, hsa_signal_store_relaxed)
UNIHIP_HSA_SYMBOL(REQUIRED, hsa_signal_store_screlease)
UNIHIP_HSA_SYMBOL(REQUIRED, hsa_signal_add_relaxed)
UNIHIP_HSA_SYMBOL(REQUIRED, hsa_signal_load_scacquire)
UNIHIP_HSA_SYMBOL(REQUIRED, hsa_signal_wait_scacquire)
UNIHIP_HSA_SYMBOL(OPTIONAL, hsa_amd_signal_async_handler)
// Compute-unit masks of a stream's queue (hipExtStreamCreateWithCUMask, hipExtStreamGetCUMask).
UNIHIP_HSA_SYMBOL(OPTIONAL, hsa_amd_queue_cu_set_mask)
UNIHIP_HSA_SYMBOL(OPTIONAL, hsa_amd_queue_cu_get_mask)

// Code objects
UNIHIP_HSA_SYMBOL(REQUIRED, hsa_code_object_reader_create_from_memory)
UNIHIP_HSA_SYMBOL(REQUIRED, hsa_code_object_reader_destroy)
UNIHIP_HSA_SYMBOL(REQUIRED, hsa_executable_create_alt)
UNIHIP_HSA_SYMBOL(REQUIRED, hsa_executable_load_agent_code_object)
UNIHIP_HSA_SYMBOL(REQUIRED, hsa_executable_freeze)
UNIHIP_HSA_SYMBOL(REQUIRED, hsa_executable_destroy)
UNIHIP_HSA_SYMBOL(REQUIRED, hsa_executable_get_symbol_by_name)
UNIHIP_HSA_SYMBOL(REQUIRED, hsa_executable_symbol_get_info)
