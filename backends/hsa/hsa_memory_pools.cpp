// The memory pools family on HSA/ROCr: stream-ordered pools are unihip's generic ones
// (core/generic_memory_pools.h, handed out by HsaBackend::memoryPools()); what needs the vendor is
// not done on ROCr yet. Pool export/import needs ROCr's IPC (hsa_amd_ipc_memory_*), not wired;
// ROCr 5.2 has no virtual memory API (hsa_amd_vmem_* came with ROCm 6).
// unihip-coverage: not-supported hipMemPoolExportToShareableHandle hipMemPoolImportFromShareableHandle hipMemPoolExportPointer hipMemPoolImportPointer
// unihip-coverage: not-supported hipIpcGetMemHandle hipIpcOpenMemHandle hipIpcCloseMemHandle hipIpcGetEventHandle hipIpcOpenEventHandle
// unihip-coverage: not-supported hipMemCreate hipMemRelease hipMemAddressReserve hipMemAddressFree hipMemMap hipMemUnmap hipMemSetAccess hipMemGetAccess
// unihip-coverage: not-supported hipMemGetAllocationGranularity hipMemGetAllocationPropertiesFromHandle hipMemExportToShareableHandle hipMemImportFromShareableHandle hipMemRetainAllocationHandle hipMemMapArrayAsync
// External memory and semaphores (Vulkan interop) need ROCr's interop import, not wired.
// unihip-coverage: not-supported hipImportExternalMemory hipExternalMemoryGetMappedBuffer hipDestroyExternalMemory hipImportExternalSemaphore hipSignalExternalSemaphoresAsync hipWaitExternalSemaphoresAsync hipDestroyExternalSemaphore
// No external semaphores on HSA, hence no external semaphore graph nodes either:
// unihip-coverage: not-supported hipGraphAddExternalSemaphoresSignalNode hipGraphAddExternalSemaphoresWaitNode hipGraphExternalSemaphoresSignalNodeGetParams hipGraphExternalSemaphoresSignalNodeSetParams
// unihip-coverage: not-supported hipGraphExternalSemaphoresWaitNodeGetParams hipGraphExternalSemaphoresWaitNodeSetParams hipGraphExecExternalSemaphoresSignalNodeSetParams hipGraphExecExternalSemaphoresWaitNodeSetParams
