// The memory pools family on HSA/ROCr: unihip's generic stream-ordered pools
// (generic/memory_pools.h) plus what needs ROCr: inter-process sharing of hipMalloc memory
// (hsa_amd_ipc_memory_*), external memory (dma-buf file descriptors through
// hsa_amd_interop_map_buffer) and virtual memory (hsa_amd_vmem_*, ROCm >= 6: hsa_vmm.cpp).
// Design and limits: docs/design/amd-ipc.md.
#pragma once

#include <hsa/hsa.h>
#include <hsa/hsa_ext_amd.h>

#include <cstdint>
#include <functional>
#include <map>
#include <mutex>
#include <utility>
#include <vector>

#include "generic/memory_pools.h"
#include "hsa_discovery.h"
#include "hsa_loader.h"

namespace unihip::hsa {

// AMD's hipIpcMemHandle_t layout (clr hip_internal.hpp / device.hpp ihipIpcMemHandle_t): ROCr's
// handle of the whole allocation, its size, the exported pointer's offset in it, the exporter's
// process and device. 64 bytes, HIP_IPC_HANDLE_SIZE.
struct IpcMemHandleLayout {
  hsa_amd_ipc_memory_t handle;  // ROCr's 32 bytes
  uint64_t size;                // psize: the allocation's size
  uint64_t offset;              // poffset: of the exported pointer within the allocation
  int32_t processId;            // owners_process_id
  int32_t deviceId;             // owners_device_id (the exporter's backend ordinal)
  char reserved[8];
};
static_assert(sizeof(IpcMemHandleLayout) == 64, "hipIpcMemHandle_t is 64 bytes");

// What the family needs of the backend it belongs to.
struct HsaPoolHooks {
  std::function<hsa_agent_t(int)> agentOf;  // the GPU agent of a backend ordinal
  std::function<Status(int)> synchronize;   // waits for a device's work
  // Inter-process events live with the backend's events (hsa_ipc_event.h).
  std::function<Status(int, NativeEvent, hipIpcEventHandle_t*)> eventHandle;
  std::function<Status(int, const hipIpcEventHandle_t&, NativeEvent*)> openEvent;
  // A device's pools and nearest CPU agent (virtual memory); null: no virtual memory.
  std::function<const AgentInfo*(int)> agentInfo;
};

class HsaMemoryPools final : public GenericMemoryPools {
 public:
  HsaMemoryPools(Backend& backend, const HsaApi& api, HsaPoolHooks hooks)
      : GenericMemoryPools(backend), owner_(backend), api_(api), hooks_(std::move(hooks)) {}
  // Detaches what is still open and unmaps what is still imported (the backend's teardown).
  void releaseShared();

  Status ipcGetMemHandle(int device, void* ptr, hipIpcMemHandle_t* handle) override;
  Status ipcOpenMemHandle(int device, const hipIpcMemHandle_t& handle, void** ptr,
                          size_t* size) override;
  Status ipcCloseMemHandle(int device, void* ptr) override;
  Status ipcGetEventHandle(int device, NativeEvent event, hipIpcEventHandle_t* handle) override {
    return hooks_.eventHandle ? hooks_.eventHandle(device, event, handle)
                              : Status(hipErrorNotSupported);
  }
  Status ipcOpenEventHandle(int device, const hipIpcEventHandle_t& handle,
                            NativeEvent* event) override {
    return hooks_.openEvent ? hooks_.openEvent(device, handle, event)
                            : Status(hipErrorNotSupported);
  }

  // Pool sharing as AMD's runtime does it: the pool's shareable handle is a file descriptor of a
  // small shared record (its device and access), the importer makes a pool of its own from it;
  // a pointer is exported as an IPC memory handle of its block and imported by an attach.
  // A pool asked to be shareable by file descriptor is a generic pool (sharing is per block).
  Status poolCreate(int device, const hipMemPoolProps& props, NativePool* pool) override;
  Status poolDestroy(NativePool pool) override;  // also closes its shareable descriptor
  Status poolExport(NativePool pool, hipMemAllocationHandleType type, void* shared) override;
  Status poolImport(void* shared, hipMemAllocationHandleType type, NativePool* pool) override;
  Status poolExportPointer(void* ptr, hipMemPoolPtrExportData* data) override;
  Status poolImportPointer(NativePool pool, const hipMemPoolPtrExportData& data,
                           void** ptr) override;
  // Imported pointers are detached; the rest is the generic pools'.
  Status freeAsync(int device, void* ptr, NativeStream stream) override;

  Status importExternalMemory(int device, const hipExternalMemoryHandleDesc& desc,
                              NativeExternalMemory* memory) override;
  Status externalMemoryBuffer(int device, NativeExternalMemory memory,
                              const hipExternalMemoryBufferDesc& desc, void** ptr) override;
  Status destroyExternalMemory(int device, NativeExternalMemory memory) override;
  // hipFree of a buffer of hipExternalMemoryGetMappedBuffer: true when `ptr` was one (it is
  // forgotten, and the mapping unmapped once destroyed and without buffers).
  bool freeExternalBuffer(void* ptr);

  // Virtual memory over ROCr's hsa_amd_vmem_* (hsa_vmm.cpp), as AMD's runtime maps HIP's calls:
  // physical memory from the device's coarse-grained pool (the host's fine-grained one for a host
  // location), dma-buf file descriptors as shareable handles. hipErrorNotSupported without the
  // API (ROCr < 6, or a driver that says it has none).
  Status memCreate(int device, const hipMemAllocationProp& prop, size_t size,
                   NativeAllocation* handle) override;
  Status memRelease(int device, NativeAllocation handle) override;
  Status memProperties(int device, NativeAllocation handle, hipMemAllocationProp* prop) override;
  Status addressReserve(int device, size_t size, size_t alignment, void* hint,
                        void** ptr) override;
  Status addressFree(int device, void* ptr, size_t size) override;
  Status memMap(int device, void* ptr, size_t size, NativeAllocation handle) override;
  Status memUnmap(int device, void* ptr, size_t size) override;
  Status memSetAccess(int device, void* ptr, size_t size, const AccessGrant* grants,
                      size_t count) override;
  Status memGetAccess(int device, const hipMemLocation& location, void* ptr,
                      unsigned long long* flags) override;
  Status granularity(int device, const hipMemAllocationProp& prop,
                     hipMemAllocationGranularity_flags option, size_t* out) override;
  Status memExport(int device, NativeAllocation handle, hipMemAllocationHandleType type,
                   void* shared) override;
  Status memImport(int device, void* osHandle, hipMemAllocationHandleType type,
                   NativeAllocation* handle) override;
  Status memRetain(int device, void* addr, NativeAllocation* handle) override;
  // Whether ROCr has the virtual memory API and the driver supports it (asked once).
  bool vmmSupported();

 private:
  struct ExternalMapping {
    void* base = nullptr;
    size_t size = 0;
    int fd = -1;  // owned from the import on (HIP takes the descriptor), closed at the unmap
    int device = 0;
    size_t buffers = 0;  // mapped buffers not yet freed
    bool destroyed = false;
  };
  // The handle of the ROCr allocation holding `ptr` (failure: not ROCr device memory).
  bool exportRange(int device, void* ptr, IpcMemHandleLayout* out);
  // Attaches a handle's allocation for `device`; the pointer is the exported one.
  bool attach(int device, const IpcMemHandleLayout& h, void** base);
  // Unmaps and closes `m` once it is destroyed and has no buffer left; call with mutex_ held.
  Status unmapIfDone(ExternalMapping* m);

  // The pool a physical allocation of `prop` comes from.
  hsa_amd_memory_pool_t vmemPool(int device, const hipMemAllocationProp& prop);
  Status poolGranule(hsa_amd_memory_pool_t pool, bool recommended, size_t* out);
  // The ROCr mappings exactly covering [ptr, ptr + size), in order; false if the range is not
  // made of whole mappings. Call with mutex_ held.
  bool mappingsIn(void* ptr, size_t size, std::vector<std::pair<uintptr_t, size_t>>* out) const;
  // Forgets a handle's record once HIP holds no reference and nothing maps it (mutex_ held).
  void forgetHandleIfUnused(uint64_t handle);

  Backend& owner_;
  const HsaApi& api_;
  HsaPoolHooks hooks_;
  std::mutex mutex_;
  // Pointer handed out by hipIpcOpenMemHandle -> attached base and open count (ROCr may give the
  // same address to two attachments: each is refcounted and detached once).
  std::map<void*, std::pair<void*, size_t>> opened_;
  std::map<void*, std::pair<void*, size_t>> poolImported_;  // hipMemPoolImportPointer's, as opened_
  std::map<NativePool, int> exportedPools_;                   // pool -> its shareable descriptor
  std::map<ExternalMapping*, std::unique_ptr<ExternalMapping>> mappings_;
  std::map<void*, ExternalMapping*> buffers_;  // buffer pointer -> its mapping (one per pointer)
  // Virtual memory: what ROCr does not say back. Each physical handle's requested shareable
  // types (an imported one: the file descriptor it came from); each hsa_amd_vmem_map, by address
  // (HIP may unmap several at once, ROCr one at a time).
  std::once_flag vmmOnce_;
  bool vmm_ = false;
  struct VmemHandle {
    hipMemAllocationHandleType types = hipMemHandleTypeNone;
    int importedOn = -1;  // the importing device, for an imported one
    int references = 0;   // HIP's (create, import, retain; release drops one)
    bool host = false;    // physical memory of the host
  };
  struct VmemMapping {
    size_t size = 0;
    uint64_t handle = 0;
  };
  std::map<uint64_t, VmemHandle> vmemHandles_;
  std::map<uintptr_t, VmemMapping> vmemMappings_;
};

}  // namespace unihip::hsa
