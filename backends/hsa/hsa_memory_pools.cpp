// The memory pools family on HSA/ROCr (hsa_memory_pools.h): IPC memory handles as AMD's runtime
// makes them (clr hipIpcGetMemHandle / rocdevice IpcCreate, IpcAttach, IpcDetach) and external
// memory as dma-buf imports (hsa_amd_interop_map_buffer).
#include "hsa_memory_pools.h"

#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cstring>

#include "hsa_status.h"

namespace unihip::hsa {

namespace {

// ROCr shares whole allocations, in multiples of the allocation granule (4 KiB), as AMD's
// runtime passes them (alignUp(size, alloc granularity)).
constexpr uint64_t kGranule = 4096;
uint64_t granules(uint64_t size) { return (size + kGranule - 1) / kGranule * kGranule; }

}  // namespace

void HsaMemoryPools::releaseShared() {
  std::lock_guard lock(mutex_);
  for (auto* table : {&opened_, &poolImported_}) {
    for (auto& [ptr, open] : *table)
      for (size_t i = 0; i < open.second; ++i) (void)api_.hsa_amd_ipc_memory_detach(open.first);
    table->clear();
  }
  for (auto& [pool, fd] : exportedPools_) ::close(fd);
  exportedPools_.clear();
  for (auto& [key, m] : mappings_) {
    (void)api_.hsa_amd_interop_unmap_buffer(m->base);
    if (m->fd >= 0) ::close(m->fd);
  }
  mappings_.clear();
  buffers_.clear();
}

// ---- IPC memory.

bool HsaMemoryPools::exportRange(int device, void* ptr, IpcMemHandleLayout* out) {
  // The whole allocation is shared; the handle says where the pointer is in it.
  hsa_amd_pointer_info_t info{};
  info.size = sizeof info;
  if (api_.hsa_amd_pointer_info(ptr, &info, nullptr, nullptr, nullptr) != HSA_STATUS_SUCCESS ||
      info.type != HSA_EXT_POINTER_TYPE_HSA || info.agentBaseAddress == nullptr)
    return false;
  auto* base = static_cast<char*>(info.agentBaseAddress);
  const auto offset = static_cast<uint64_t>(static_cast<char*>(ptr) - base);
  if (static_cast<char*>(ptr) < base || offset >= info.sizeInBytes) return false;
  IpcMemHandleLayout h{};
  if (api_.hsa_amd_ipc_memory_create(base, granules(info.sizeInBytes), &h.handle) !=
      HSA_STATUS_SUCCESS)
    return false;
  h.size = info.sizeInBytes;
  h.offset = offset;
  h.processId = static_cast<int32_t>(::getpid());
  h.deviceId = device;
  *out = h;
  return true;
}

bool HsaMemoryPools::attach(int device, const IpcMemHandleLayout& h, void** base) {
  const hsa_agent_t agent = hooks_.agentOf(device);
  return api_.hsa_amd_ipc_memory_attach(&h.handle, granules(h.size), 1, &agent, base) ==
             HSA_STATUS_SUCCESS &&
         *base != nullptr;
}

Status HsaMemoryPools::ipcGetMemHandle(int device, void* ptr, hipIpcMemHandle_t* handle) {
  if (api_.hsa_amd_ipc_memory_create == nullptr) return hipErrorNotSupported;
  IpcMemHandleLayout h;
  if (!exportRange(device, ptr, &h)) return hipErrorInvalidDevicePointer;  // AMD: IpcCreate failed
  std::memcpy(handle, &h, sizeof h);
  return kOk;
}

Status HsaMemoryPools::ipcOpenMemHandle(int device, const hipIpcMemHandle_t& handle, void** ptr,
                                        size_t* size) {
  if (api_.hsa_amd_ipc_memory_attach == nullptr || api_.hsa_amd_ipc_memory_detach == nullptr)
    return hipErrorNotSupported;
  IpcMemHandleLayout h;
  std::memcpy(&h, &handle, sizeof h);
  // An empty handle, or an offset outside the allocation (a handle not from hipIpcGetMemHandle).
  if (h.size == 0 || h.offset >= h.size) return hipErrorInvalidValue;
  // The exporter's own memory: AMD's runtime refuses opening in the same process.
  if (h.processId == static_cast<int32_t>(::getpid())) return hipErrorInvalidContext;
  void* base = nullptr;
  if (!attach(device, h, &base)) return hipErrorInvalidDevicePointer;  // AMD: IpcAttach failed
  void* p = static_cast<char*>(base) + h.offset;
  {
    std::lock_guard lock(mutex_);
    auto& open = opened_[p];
    open.first = base;
    ++open.second;
  }
  *ptr = p;
  *size = h.size - h.offset;
  return kOk;
}

Status HsaMemoryPools::ipcCloseMemHandle(int device, void* ptr) {
  void* base = nullptr;
  {
    std::lock_guard lock(mutex_);
    auto it = opened_.find(ptr);
    if (it == opened_.end()) return hipErrorInvalidHandle;  // AMD: IpcDetach failed
    base = it->second.first;
  }
  // As AMD's runtime: the device's work first (it may still read the mapping).
  UNIHIP_TRY(hooks_.synchronize(device));
  std::lock_guard lock(mutex_);
  auto it = opened_.find(ptr);
  if (it == opened_.end()) return hipErrorInvalidHandle;  // closed meanwhile
  if (api_.hsa_amd_ipc_memory_detach(base) != HSA_STATUS_SUCCESS) return hipErrorInvalidHandle;
  if (--it->second.second == 0) opened_.erase(it);
  return kOk;
}

// ---- Pool sharing.

namespace {

// What a pool's shareable descriptor holds (AMD's SharedMemPool: the pool's device and access).
struct SharedPoolRecord {
  uint32_t magic;
  int32_t device;
  uint32_t accessCount;
  struct {
    int32_t device;
    int32_t flags;
  } access[8];
};
constexpr uint32_t kSharedPoolMagic = 0x756e6870;  // "unhp"

}  // namespace

Status HsaMemoryPools::poolCreate(int device, const hipMemPoolProps& props, NativePool* pool) {
  hipMemPoolProps local = props;
  if (props.handleTypes == hipMemHandleTypePosixFileDescriptor &&
      api_.hsa_amd_ipc_memory_create != nullptr && api_.hsa_amd_ipc_memory_attach != nullptr)
    local.handleTypes = hipMemHandleTypeNone;
  return GenericMemoryPools::poolCreate(device, local, pool);
}

Status HsaMemoryPools::poolDestroy(NativePool pool) {
  {
    std::lock_guard lock(mutex_);
    if (auto it = exportedPools_.find(pool); it != exportedPools_.end()) {
      ::close(it->second);
      exportedPools_.erase(it);
    }
  }
  return GenericMemoryPools::poolDestroy(pool);
}

Status HsaMemoryPools::poolExport(NativePool pool, hipMemAllocationHandleType, void* shared) {
  int device = 0;
  UNIHIP_TRY(poolDevice(pool, &device));
  // The generic pools' state first: never their mutex under ours (they call the backend, which
  // may ask freeExternalBuffer, under theirs).
  SharedPoolRecord r{};
  r.magic = kSharedPoolMagic;
  r.device = device;
  for (int peer = 0; peer < owner_.deviceCount() && r.accessCount < 8; ++peer) {
    hipMemAccessFlags flags = hipMemAccessFlagsProtNone;
    if (peer != device && poolGetAccess(pool, peer, &flags).ok() &&
        flags != hipMemAccessFlagsProtNone)
      r.access[r.accessCount++] = {peer, static_cast<int32_t>(flags)};
  }
  std::lock_guard lock(mutex_);
  // One descriptor per pool, handed out again (as AMD's runtime).
  if (auto it = exportedPools_.find(pool); it != exportedPools_.end()) {
    *static_cast<int*>(shared) = it->second;
    return kOk;
  }
  const int fd = memfd_create("unihip-mempool", 0);
  if (fd < 0) return hipErrorOutOfMemory;
  if (pwrite(fd, &r, sizeof r, 0) != static_cast<ssize_t>(sizeof r)) {
    ::close(fd);
    return hipErrorOutOfMemory;
  }
  exportedPools_[pool] = fd;
  *static_cast<int*>(shared) = fd;
  return kOk;
}

Status HsaMemoryPools::poolImport(void* shared, hipMemAllocationHandleType, NativePool* pool) {
  // `shared` holds the descriptor (received from the exporter, e.g. over a UNIX socket).
  const int fd = *static_cast<int*>(shared);
  SharedPoolRecord r{};
  struct stat st {};
  if (fd < 0 || fstat(fd, &st) != 0 || st.st_size != static_cast<off_t>(sizeof r) ||
      pread(fd, &r, sizeof r, 0) != static_cast<ssize_t>(sizeof r) || r.magic != kSharedPoolMagic ||
      r.device < 0 || r.device >= owner_.deviceCount() || r.accessCount > 8)
    return hipErrorInvalidValue;
  // The importer's own pool on the exporter's device; allocations come in by ImportPointer.
  hipMemPoolProps props{};
  props.allocType = hipMemAllocationTypePinned;
  props.handleTypes = hipMemHandleTypePosixFileDescriptor;
  props.location.type = hipMemLocationTypeDevice;
  props.location.id = r.device;
  UNIHIP_TRY(poolCreate(r.device, props, pool));
  for (uint32_t i = 0; i < r.accessCount; ++i) {
    if (r.access[i].device < 0 || r.access[i].device >= owner_.deviceCount()) continue;
    AccessGrant grant;
    grant.device = r.access[i].device;
    grant.flags = static_cast<hipMemAccessFlags>(r.access[i].flags);
    (void)poolSetAccess(*pool, grant);
  }
  return kOk;
}

Status HsaMemoryPools::poolExportPointer(void* ptr, hipMemPoolPtrExportData* data) {
  if (api_.hsa_amd_ipc_memory_create == nullptr) return hipErrorNotSupported;
  static_assert(sizeof(hipMemPoolPtrExportData) == sizeof(IpcMemHandleLayout));
  IpcMemHandleLayout h;
  // AMD's runtime answers hipErrorOutOfMemory when the block cannot be shared.
  if (!exportRange(0, ptr, &h)) return hipErrorOutOfMemory;
  std::memcpy(data, &h, sizeof h);
  return kOk;
}

Status HsaMemoryPools::poolImportPointer(NativePool pool, const hipMemPoolPtrExportData& data,
                                         void** ptr) {
  if (api_.hsa_amd_ipc_memory_attach == nullptr) return hipErrorNotSupported;
  int device = 0;
  UNIHIP_TRY(poolDevice(pool, &device));
  IpcMemHandleLayout h;
  std::memcpy(&h, &data, sizeof h);
  void* base = nullptr;
  if (h.size == 0 || h.offset >= h.size || !attach(device, h, &base))
    return hipErrorOutOfMemory;  // AMD's answer when IpcAttach fails
  void* p = static_cast<char*>(base) + h.offset;
  std::lock_guard lock(mutex_);
  auto& open = poolImported_[p];
  open.first = base;
  ++open.second;
  *ptr = p;
  return kOk;
}

Status HsaMemoryPools::freeAsync(int device, void* ptr, NativeStream stream) {
  void* base = nullptr;
  {
    std::lock_guard lock(mutex_);
    auto it = poolImported_.find(ptr);
    if (it != poolImported_.end()) base = it->second.first;
  }
  // Not under mutex_: the generic pools give blocks back through HsaBackend::free, which asks
  // freeExternalBuffer.
  if (base == nullptr) return GenericMemoryPools::freeAsync(device, ptr, stream);
  // The mapping goes after the work queued so far (the device's, a superset of the stream's).
  UNIHIP_TRY(hooks_.synchronize(device));
  std::lock_guard lock(mutex_);
  auto it = poolImported_.find(ptr);
  if (it == poolImported_.end()) return hipErrorInvalidValue;
  if (api_.hsa_amd_ipc_memory_detach(base) != HSA_STATUS_SUCCESS) return hipErrorInvalidValue;
  if (--it->second.second == 0) poolImported_.erase(it);
  return kOk;
}

// ---- External memory.

Status HsaMemoryPools::importExternalMemory(int device, const hipExternalMemoryHandleDesc& desc,
                                            NativeExternalMemory* memory) {
  if (api_.hsa_amd_interop_map_buffer == nullptr || api_.hsa_amd_interop_unmap_buffer == nullptr)
    return hipErrorNotSupported;
  hsa_agent_t agent = hooks_.agentOf(device);
  size_t size = 0, metadataSize = 0;
  void* base = nullptr;
  const void* metadata = nullptr;
  UNIHIP_HSA_TRY(api_, hsa_amd_interop_map_buffer(1, &agent, desc.handle.fd, 0, &size, &base,
                                                  &metadataSize, &metadata));
  // The descriptor's size must fit in what the file descriptor holds.
  if (size < desc.size) {
    (void)api_.hsa_amd_interop_unmap_buffer(base);
    return hipErrorInvalidValue;
  }
  auto m = std::make_unique<ExternalMapping>();
  m->base = base;
  m->size = static_cast<size_t>(desc.size);
  m->fd = desc.handle.fd;
  m->device = device;
  std::lock_guard lock(mutex_);
  ExternalMapping* key = m.get();
  mappings_.emplace(key, std::move(m));
  *memory = key;
  return kOk;
}

Status HsaMemoryPools::externalMemoryBuffer(int, NativeExternalMemory memory,
                                            const hipExternalMemoryBufferDesc& desc, void** ptr) {
  std::lock_guard lock(mutex_);
  auto it = mappings_.find(static_cast<ExternalMapping*>(memory));
  if (it == mappings_.end() || it->second->destroyed) return hipErrorInvalidValue;
  ExternalMapping* m = it->second.get();
  if (desc.offset > m->size || desc.size > m->size - desc.offset) return hipErrorInvalidValue;
  void* p = static_cast<char*>(m->base) + desc.offset;
  // One record per pointer: the same buffer asked twice is the same pointer, freed once.
  if (buffers_.emplace(p, m).second) ++m->buffers;
  *ptr = p;
  return kOk;
}

Status HsaMemoryPools::destroyExternalMemory(int device, NativeExternalMemory memory) {
  UNIHIP_TRY(hooks_.synchronize(device));
  std::lock_guard lock(mutex_);
  auto it = mappings_.find(static_cast<ExternalMapping*>(memory));
  if (it == mappings_.end() || it->second->destroyed) return hipErrorInvalidValue;
  it->second->destroyed = true;
  // Mapped buffers keep the mapping until hipFree (AMD's buffers hold their parent).
  return unmapIfDone(it->second.get());
}

bool HsaMemoryPools::freeExternalBuffer(void* ptr) {
  std::lock_guard lock(mutex_);
  auto it = buffers_.find(ptr);
  if (it == buffers_.end()) return false;
  ExternalMapping* m = it->second;
  buffers_.erase(it);
  --m->buffers;
  (void)unmapIfDone(m);
  return true;
}

Status HsaMemoryPools::unmapIfDone(ExternalMapping* m) {
  if (!m->destroyed || m->buffers != 0) return kOk;
  const hsa_status_t s = api_.hsa_amd_interop_unmap_buffer(m->base);
  if (m->fd >= 0) ::close(m->fd);
  mappings_.erase(m);
  return checkHsa(api_, s, "hsa_amd_interop_unmap_buffer");
}

}  // namespace unihip::hsa

// Virtual memory is hsa_vmm.cpp's (ROCr >= 6). Sparse array mapping is not: AMD's runtime answers
// hipErrorNotSupported for hipMemMapArrayAsync after its null/count checks (clr hip_vm.cpp).
// unihip-coverage: not-supported hipMemMapArrayAsync
// External semaphores: AMD's own runtime has none on Linux (clr's ROCm device importExtSemaphore
// returns false; hipImportExternalSemaphore answers hipErrorNotSupported after its argument
// checks, which the API layer makes for a vendor without them: hip_external.cpp).
// unihip-coverage: not-supported hipImportExternalSemaphore hipSignalExternalSemaphoresAsync hipWaitExternalSemaphoresAsync hipDestroyExternalSemaphore
// No external semaphores on AMD's runtime on Linux, hence no external semaphore graph nodes either:
// unihip-coverage: not-supported hipGraphAddExternalSemaphoresSignalNode hipGraphAddExternalSemaphoresWaitNode hipGraphExternalSemaphoresSignalNodeGetParams hipGraphExternalSemaphoresSignalNodeSetParams
// unihip-coverage: not-supported hipGraphExternalSemaphoresWaitNodeGetParams hipGraphExternalSemaphoresWaitNodeSetParams hipGraphExecExternalSemaphoresSignalNodeSetParams hipGraphExecExternalSemaphoresWaitNodeSetParams
