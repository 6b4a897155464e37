// libcuda entry points of the memory pools family (UNIHIP_CU_OPTIONAL lines; see cuda_symbols.h).
// Stream-ordered pools.
UNIHIP_CU_OPTIONAL(cuDeviceGetDefaultMemPool, CUmemoryPool*, CUdevice)
UNIHIP_CU_OPTIONAL(cuDeviceSetMemPool, CUdevice, CUmemoryPool)
UNIHIP_CU_OPTIONAL(cuMemPoolCreate, CUmemoryPool*, const CUmemPoolProps*)
UNIHIP_CU_OPTIONAL(cuMemPoolDestroy, CUmemoryPool)
UNIHIP_CU_OPTIONAL(cuMemAllocFromPoolAsync, CUdeviceptr*, size_t, CUmemoryPool, CUstream)
UNIHIP_CU_OPTIONAL(cuMemFreeAsync, CUdeviceptr, CUstream)
UNIHIP_CU_OPTIONAL(cuMemPoolTrimTo, CUmemoryPool, size_t)
UNIHIP_CU_OPTIONAL(cuMemPoolSetAttribute, CUmemoryPool, int, void*)
UNIHIP_CU_OPTIONAL(cuMemPoolGetAttribute, CUmemoryPool, int, void*)
UNIHIP_CU_OPTIONAL(cuMemPoolSetAccess, CUmemoryPool, const CUmemAccessDesc*, size_t)
UNIHIP_CU_OPTIONAL(cuMemPoolGetAccess, int*, CUmemoryPool, CUmemLocation*)
UNIHIP_CU_OPTIONAL(cuMemPoolExportToShareableHandle, void*, CUmemoryPool, int, unsigned long long)
UNIHIP_CU_OPTIONAL(cuMemPoolImportFromShareableHandle, CUmemoryPool*, void*, int,
                   unsigned long long)
UNIHIP_CU_OPTIONAL(cuMemPoolExportPointer, CUmemPoolPtrExportData*, CUdeviceptr)
UNIHIP_CU_OPTIONAL(cuMemPoolImportPointer, CUdeviceptr*, CUmemoryPool, CUmemPoolPtrExportData*)
// Inter-process sharing.
UNIHIP_CU_OPTIONAL(cuIpcGetMemHandle, CUipcMemHandle*, CUdeviceptr)
UNIHIP_CU_OPTIONAL(cuIpcOpenMemHandle, CUdeviceptr*, CUipcMemHandle, unsigned int)
UNIHIP_CU_OPTIONAL(cuIpcCloseMemHandle, CUdeviceptr)
UNIHIP_CU_OPTIONAL(cuIpcGetEventHandle, CUipcEventHandle*, CUevent)
UNIHIP_CU_OPTIONAL(cuIpcOpenEventHandle, CUevent*, CUipcEventHandle)
// Virtual memory management (never multicast).
UNIHIP_CU_OPTIONAL(cuMemCreate, CUmemGenericAllocationHandle*, size_t, const CUmemAllocationProp*,
                   unsigned long long)
UNIHIP_CU_OPTIONAL(cuMemRelease, CUmemGenericAllocationHandle)
UNIHIP_CU_OPTIONAL(cuMemGetAllocationPropertiesFromHandle, CUmemAllocationProp*,
                   CUmemGenericAllocationHandle)
UNIHIP_CU_OPTIONAL(cuMemAddressReserve, CUdeviceptr*, size_t, size_t, CUdeviceptr,
                   unsigned long long)
UNIHIP_CU_OPTIONAL(cuMemAddressFree, CUdeviceptr, size_t)
UNIHIP_CU_OPTIONAL(cuMemMap, CUdeviceptr, size_t, size_t, CUmemGenericAllocationHandle,
                   unsigned long long)
UNIHIP_CU_OPTIONAL(cuMemUnmap, CUdeviceptr, size_t)
UNIHIP_CU_OPTIONAL(cuMemSetAccess, CUdeviceptr, size_t, const CUmemAccessDesc*, size_t)
UNIHIP_CU_OPTIONAL(cuMemGetAccess, unsigned long long*, const CUmemLocation*, CUdeviceptr)
UNIHIP_CU_OPTIONAL(cuMemGetAllocationGranularity, size_t*, const CUmemAllocationProp*, int)
UNIHIP_CU_OPTIONAL(cuMemExportToShareableHandle, void*, CUmemGenericAllocationHandle, int,
                   unsigned long long)
UNIHIP_CU_OPTIONAL(cuMemImportFromShareableHandle, CUmemGenericAllocationHandle*, void*, int)
UNIHIP_CU_OPTIONAL(cuMemRetainAllocationHandle, CUmemGenericAllocationHandle*, void*)
// External memory and semaphores.
UNIHIP_CU_OPTIONAL(cuImportExternalMemory, CUexternalMemory*, const CUDA_EXTERNAL_MEMORY_HANDLE_DESC*)
UNIHIP_CU_OPTIONAL(cuExternalMemoryGetMappedBuffer, CUdeviceptr*, CUexternalMemory,
                   const CUDA_EXTERNAL_MEMORY_BUFFER_DESC*)
UNIHIP_CU_OPTIONAL(cuDestroyExternalMemory, CUexternalMemory)
UNIHIP_CU_OPTIONAL(cuImportExternalSemaphore, CUexternalSemaphore*,
                   const CUDA_EXTERNAL_SEMAPHORE_HANDLE_DESC*)
UNIHIP_CU_OPTIONAL(cuSignalExternalSemaphoresAsync, const CUexternalSemaphore*,
                   const CUDA_EXTERNAL_SEMAPHORE_SIGNAL_PARAMS*, unsigned int, CUstream)
UNIHIP_CU_OPTIONAL(cuWaitExternalSemaphoresAsync, const CUexternalSemaphore*,
                   const CUDA_EXTERNAL_SEMAPHORE_WAIT_PARAMS*, unsigned int, CUstream)
UNIHIP_CU_OPTIONAL(cuDestroyExternalSemaphore, CUexternalSemaphore)
