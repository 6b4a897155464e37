// The CUDA driver's MemoryPoolOps: stream-ordered pools (cuMemPool*, cuMemAllocFromPoolAsync),
// IPC (cuIpc*), virtual memory (cuMem{Create,Map,...}; never multicast) and external memory and
// semaphores (cuImportExternal*). HIP's enum values,
// attribute numbers and handle layouts equal the driver's, so values pass through.
// (hipExternalMemoryGetMappedMipmappedArray: the images family, cuda_images.cpp.)
// (hipMemMapArrayAsync: the images family too.)
#include <cstring>

#include "cuda/cuda_core.h"
#include "seam/memory_pool_ops.h"

namespace unihip::cu {
namespace {

CUdeviceptr dptr(const void* p) { return reinterpret_cast<CUdeviceptr>(p); }
CUmemoryPool asPool(NativePool p) { return static_cast<CUmemoryPool>(p); }
CUstream asStream(NativeStream s) { return static_cast<CUstream>(s); }

class CudaMemoryPoolOps final : public MemoryPoolOps {
 public:
  explicit CudaMemoryPoolOps(CudaCore& core) : core_(core), api_(core.api()) {}

  // ---- Pools.
  Status defaultPool(int device, NativePool* pool) override {
    UNIHIP_TRY(core_.makeCurrent(device));
    CUmemoryPool p = nullptr;
    UNIHIP_TRY(check(api_.cuDeviceGetDefaultMemPool(&p, core_.deviceHandle(device)),
                     "cuDeviceGetDefaultMemPool"));
    *pool = p;
    return kOk;
  }
  Status poolCreate(int device, const hipMemPoolProps& props, NativePool* pool) override {
    UNIHIP_TRY(core_.makeCurrent(device));
    CUmemPoolProps cp{};
    cp.allocType = CU_MEM_ALLOCATION_TYPE_PINNED;
    cp.handleTypes = static_cast<int>(props.handleTypes);
    cp.location = {CU_MEM_LOCATION_TYPE_DEVICE, core_.deviceHandle(device)};
    cp.maxSize = props.maxSize;
    CUmemoryPool p = nullptr;
    UNIHIP_TRY(check(api_.cuMemPoolCreate(&p, &cp), "cuMemPoolCreate"));
    *pool = p;
    return kOk;
  }
  Status poolDestroy(NativePool pool) override {
    return check(api_.cuMemPoolDestroy(asPool(pool)), "cuMemPoolDestroy");
  }
  Status setCurrentPool(int device, NativePool pool) override {
    UNIHIP_TRY(core_.makeCurrent(device));
    return check(api_.cuDeviceSetMemPool(core_.deviceHandle(device), asPool(pool)),
                 "cuDeviceSetMemPool");
  }
  Status mallocFromPool(int device, NativePool pool, size_t size, NativeStream stream,
                        void** ptr) override {
    UNIHIP_TRY(core_.makeCurrent(device));
    CUdeviceptr p = 0;
    UNIHIP_TRY(check(api_.cuMemAllocFromPoolAsync(&p, size, asPool(pool), asStream(stream)),
                     "cuMemAllocFromPoolAsync"));
    *ptr = reinterpret_cast<void*>(p);
    return kOk;
  }
  Status freeAsync(int device, void* ptr, NativeStream stream) override {
    UNIHIP_TRY(core_.makeCurrent(device));
    return check(api_.cuMemFreeAsync(dptr(ptr), asStream(stream)), "cuMemFreeAsync");
  }
  Status poolTrimTo(NativePool pool, size_t keep) override {
    return check(api_.cuMemPoolTrimTo(asPool(pool), keep), "cuMemPoolTrimTo");
  }
  Status poolSetAttribute(NativePool pool, hipMemPoolAttr attr, void* value) override {
    return check(api_.cuMemPoolSetAttribute(asPool(pool), static_cast<int>(attr), value),
                 "cuMemPoolSetAttribute");
  }
  Status poolGetAttribute(NativePool pool, hipMemPoolAttr attr, void* value) override {
    return check(api_.cuMemPoolGetAttribute(asPool(pool), static_cast<int>(attr), value),
                 "cuMemPoolGetAttribute");
  }
  Status poolSetAccess(NativePool pool, const AccessGrant& grant) override {
    CUmemAccessDesc d = toDesc(grant);
    return check(api_.cuMemPoolSetAccess(asPool(pool), &d, 1), "cuMemPoolSetAccess");
  }
  Status poolGetAccess(NativePool pool, int device, hipMemAccessFlags* flags) override {
    CUmemLocation loc{CU_MEM_LOCATION_TYPE_DEVICE, core_.deviceHandle(device)};
    int f = 0;
    UNIHIP_TRY(check(api_.cuMemPoolGetAccess(&f, asPool(pool), &loc), "cuMemPoolGetAccess"));
    *flags = static_cast<hipMemAccessFlags>(f);
    return kOk;
  }
  Status poolExport(NativePool pool, hipMemAllocationHandleType type, void* shared) override {
    return check(api_.cuMemPoolExportToShareableHandle(shared, asPool(pool), type, 0),
                 "cuMemPoolExportToShareableHandle");
  }
  Status poolImport(void* shared, hipMemAllocationHandleType type, NativePool* pool) override {
    CUmemoryPool p = nullptr;
    UNIHIP_TRY(check(api_.cuMemPoolImportFromShareableHandle(&p, shared, type, 0),
                     "cuMemPoolImportFromShareableHandle"));
    *pool = p;
    return kOk;
  }
  Status poolDevice(NativePool pool, int* device) override {
    // A pool's location: the device whose access is read-write by construction.
    for (int d = 0; d < core_.deviceCount(); ++d) {
      hipMemAccessFlags f = hipMemAccessFlagsProtNone;
      if (poolGetAccess(pool, d, &f).ok() && f == hipMemAccessFlagsProtReadWrite) {
        *device = d;
        return kOk;
      }
    }
    return hipErrorInvalidValue;
  }
  Status poolExportPointer(void* ptr, hipMemPoolPtrExportData* out) override {
    static_assert(sizeof(CUmemPoolPtrExportData) == sizeof(hipMemPoolPtrExportData));
    return check(api_.cuMemPoolExportPointer(reinterpret_cast<CUmemPoolPtrExportData*>(out),
                                             dptr(ptr)),
                 "cuMemPoolExportPointer");
  }
  Status poolImportPointer(NativePool pool, const hipMemPoolPtrExportData& data,
                           void** ptr) override {
    CUmemPoolPtrExportData d;
    std::memcpy(&d, &data, sizeof d);
    CUdeviceptr p = 0;
    UNIHIP_TRY(check(api_.cuMemPoolImportPointer(&p, asPool(pool), &d), "cuMemPoolImportPointer"));
    *ptr = reinterpret_cast<void*>(p);
    return kOk;
  }

  // ---- IPC.
  Status ipcGetMemHandle(int device, void* ptr, hipIpcMemHandle_t* handle) override {
    static_assert(sizeof(CUipcMemHandle) == sizeof(hipIpcMemHandle_t));
    if (api_.cuIpcGetMemHandle == nullptr) return hipErrorNotSupported;
    UNIHIP_TRY(core_.makeCurrent(device));
    CUipcMemHandle h{};
    UNIHIP_TRY(check(api_.cuIpcGetMemHandle(&h, dptr(ptr)), "cuIpcGetMemHandle"));
    std::memcpy(handle, &h, sizeof h);
    return kOk;
  }
  Status ipcOpenMemHandle(int device, const hipIpcMemHandle_t& handle, void** ptr,
                          size_t* size) override {
    if (api_.cuIpcOpenMemHandle == nullptr) return hipErrorNotSupported;
    UNIHIP_TRY(core_.makeCurrent(device));
    CUipcMemHandle h;
    std::memcpy(&h, &handle, sizeof h);
    CUdeviceptr p = 0;
    UNIHIP_TRY(check(api_.cuIpcOpenMemHandle(&p, h, CU_IPC_MEM_LAZY_ENABLE_PEER_ACCESS),
                     "cuIpcOpenMemHandle"));
    CUdeviceptr base = 0;
    size_t bytes = 0;
    if (api_.cuMemGetAddressRange(&base, &bytes, p) != CUDA_SUCCESS) bytes = 1;
    *ptr = reinterpret_cast<void*>(p);
    *size = bytes - (p - base);
    return kOk;
  }
  Status ipcCloseMemHandle(int device, void* ptr) override {
    if (api_.cuIpcCloseMemHandle == nullptr) return hipErrorNotSupported;
    UNIHIP_TRY(core_.makeCurrent(device));
    return check(api_.cuIpcCloseMemHandle(dptr(ptr)), "cuIpcCloseMemHandle");
  }
  Status ipcGetEventHandle(int device, NativeEvent event, hipIpcEventHandle_t* handle) override {
    static_assert(sizeof(CUipcEventHandle) == sizeof(hipIpcEventHandle_t));
    if (api_.cuIpcGetEventHandle == nullptr) return hipErrorNotSupported;
    UNIHIP_TRY(core_.makeCurrent(device));
    CUipcEventHandle h{};
    UNIHIP_TRY(check(api_.cuIpcGetEventHandle(&h, static_cast<CUevent>(event)),
                     "cuIpcGetEventHandle"));
    std::memcpy(handle, &h, sizeof h);
    return kOk;
  }
  Status ipcOpenEventHandle(int device, const hipIpcEventHandle_t& handle,
                            NativeEvent* event) override {
    if (api_.cuIpcOpenEventHandle == nullptr) return hipErrorNotSupported;
    UNIHIP_TRY(core_.makeCurrent(device));
    CUipcEventHandle h;
    std::memcpy(&h, &handle, sizeof h);
    CUevent e = nullptr;
    UNIHIP_TRY(check(api_.cuIpcOpenEventHandle(&e, h), "cuIpcOpenEventHandle"));
    *event = e;
    return kOk;
  }

  // ---- Virtual memory.
  Status memCreate(int device, const hipMemAllocationProp& prop, size_t size,
                   NativeAllocation* handle) override {
    if (!haveVmm()) return hipErrorNotSupported;
    UNIHIP_TRY(core_.makeCurrent(device));
    CUmemAllocationProp p = toProp(prop);
    CUmemGenericAllocationHandle h = 0;
    UNIHIP_TRY(check(api_.cuMemCreate(&h, size, &p, 0), "cuMemCreate"));
    *handle = h;
    return kOk;
  }
  Status memRelease(int device, NativeAllocation handle) override {
    UNIHIP_TRY(core_.makeCurrent(device));
    return check(api_.cuMemRelease(handle), "cuMemRelease");
  }
  Status memProperties(int device, NativeAllocation handle, hipMemAllocationProp* out) override {
    UNIHIP_TRY(core_.makeCurrent(device));
    CUmemAllocationProp p{};
    UNIHIP_TRY(check(api_.cuMemGetAllocationPropertiesFromHandle(&p, handle),
                     "cuMemGetAllocationPropertiesFromHandle"));
    *out = hipMemAllocationProp{};
    out->type = static_cast<hipMemAllocationType>(p.type);
    out->requestedHandleTypes = static_cast<hipMemAllocationHandleType>(p.requestedHandleTypes);
    out->location.type = static_cast<hipMemLocationType>(p.location.type);
    out->location.id = localOrdinal(p.location.id);
    out->allocFlags.compressionType = p.allocFlags.compressionType;
    out->allocFlags.gpuDirectRDMACapable = p.allocFlags.gpuDirectRDMACapable;
    out->allocFlags.usage = p.allocFlags.usage;
    return kOk;
  }
  Status addressReserve(int device, size_t size, size_t alignment, void* hint,
                        void** ptr) override {
    if (!haveVmm()) return hipErrorNotSupported;
    UNIHIP_TRY(core_.makeCurrent(device));
    CUdeviceptr p = 0;
    UNIHIP_TRY(check(api_.cuMemAddressReserve(&p, size, alignment, dptr(hint), 0),
                     "cuMemAddressReserve"));
    *ptr = reinterpret_cast<void*>(p);
    return kOk;
  }
  Status addressFree(int device, void* ptr, size_t size) override {
    UNIHIP_TRY(core_.makeCurrent(device));
    return check(api_.cuMemAddressFree(dptr(ptr), size), "cuMemAddressFree");
  }
  Status memMap(int device, void* ptr, size_t size, NativeAllocation handle) override {
    UNIHIP_TRY(core_.makeCurrent(device));
    return check(api_.cuMemMap(dptr(ptr), size, 0, handle, 0), "cuMemMap");
  }
  Status memUnmap(int device, void* ptr, size_t size) override {
    UNIHIP_TRY(core_.makeCurrent(device));
    return check(api_.cuMemUnmap(dptr(ptr), size), "cuMemUnmap");
  }
  Status memSetAccess(int device, void* ptr, size_t size, const AccessGrant* grants,
                      size_t count) override {
    UNIHIP_TRY(core_.makeCurrent(device));
    constexpr size_t kMax = 64;
    if (count > kMax) return hipErrorInvalidValue;
    CUmemAccessDesc d[kMax];
    for (size_t i = 0; i < count; ++i) d[i] = toDesc(grants[i]);
    return check(api_.cuMemSetAccess(dptr(ptr), size, d, count), "cuMemSetAccess");
  }
  Status memGetAccess(int device, const hipMemLocation& location, void* ptr,
                      unsigned long long* flags) override {
    UNIHIP_TRY(core_.makeCurrent(device));
    CUmemLocation loc{static_cast<int>(location.type), core_.deviceHandle(location.id)};
    return check(api_.cuMemGetAccess(flags, &loc, dptr(ptr)), "cuMemGetAccess");
  }
  Status granularity(int device, const hipMemAllocationProp& prop,
                     hipMemAllocationGranularity_flags option, size_t* out) override {
    if (!haveVmm()) return hipErrorNotSupported;
    UNIHIP_TRY(core_.makeCurrent(device));
    CUmemAllocationProp p = toProp(prop);
    return check(api_.cuMemGetAllocationGranularity(out, &p, static_cast<int>(option)),
                 "cuMemGetAllocationGranularity");
  }
  Status memExport(int device, NativeAllocation handle, hipMemAllocationHandleType type,
                   void* shared) override {
    UNIHIP_TRY(core_.makeCurrent(device));
    return check(api_.cuMemExportToShareableHandle(shared, handle, type, 0),
                 "cuMemExportToShareableHandle");
  }
  Status memImport(int device, void* osHandle, hipMemAllocationHandleType type,
                   NativeAllocation* handle) override {
    if (!haveVmm()) return hipErrorNotSupported;
    UNIHIP_TRY(core_.makeCurrent(device));
    CUmemGenericAllocationHandle h = 0;
    UNIHIP_TRY(check(api_.cuMemImportFromShareableHandle(&h, osHandle, type),
                     "cuMemImportFromShareableHandle"));
    *handle = h;
    return kOk;
  }
  Status memRetain(int device, void* addr, NativeAllocation* handle) override {
    UNIHIP_TRY(core_.makeCurrent(device));
    CUmemGenericAllocationHandle h = 0;
    UNIHIP_TRY(check(api_.cuMemRetainAllocationHandle(&h, addr), "cuMemRetainAllocationHandle"));
    *handle = h;
    return kOk;
  }

  // ---- External memory and semaphores. HIP's descriptors have the driver's layouts.
  Status importExternalMemory(int device, const hipExternalMemoryHandleDesc& desc,
                              NativeExternalMemory* out) override {
    static_assert(sizeof(CUDA_EXTERNAL_MEMORY_HANDLE_DESC) == sizeof(hipExternalMemoryHandleDesc));
    if (!haveExternal()) return hipErrorNotSupported;
    UNIHIP_TRY(core_.makeCurrent(device));
    CUDA_EXTERNAL_MEMORY_HANDLE_DESC d;
    std::memcpy(&d, &desc, sizeof d);
    CUexternalMemory m = nullptr;
    UNIHIP_TRY(check(api_.cuImportExternalMemory(&m, &d), "cuImportExternalMemory"));
    *out = m;
    return kOk;
  }
  Status externalMemoryBuffer(int device, NativeExternalMemory memory,
                              const hipExternalMemoryBufferDesc& desc, void** ptr) override {
    static_assert(sizeof(CUDA_EXTERNAL_MEMORY_BUFFER_DESC) == sizeof(hipExternalMemoryBufferDesc));
    UNIHIP_TRY(core_.makeCurrent(device));
    CUDA_EXTERNAL_MEMORY_BUFFER_DESC d;
    std::memcpy(&d, &desc, sizeof d);
    CUdeviceptr p = 0;
    UNIHIP_TRY(check(api_.cuExternalMemoryGetMappedBuffer(
                         &p, static_cast<CUexternalMemory>(memory), &d),
                     "cuExternalMemoryGetMappedBuffer"));
    *ptr = reinterpret_cast<void*>(p);
    return kOk;
  }
  Status destroyExternalMemory(int device, NativeExternalMemory memory) override {
    UNIHIP_TRY(core_.makeCurrent(device));
    return check(api_.cuDestroyExternalMemory(static_cast<CUexternalMemory>(memory)),
                 "cuDestroyExternalMemory");
  }
  bool hasExternalSemaphores() const override { return haveExternal(); }
  Status importExternalSemaphore(int device, const hipExternalSemaphoreHandleDesc& desc,
                                 NativeExternalSemaphore* out) override {
    static_assert(sizeof(CUDA_EXTERNAL_SEMAPHORE_HANDLE_DESC) ==
                  sizeof(hipExternalSemaphoreHandleDesc));
    if (!haveExternal()) return hipErrorNotSupported;
    UNIHIP_TRY(core_.makeCurrent(device));
    CUDA_EXTERNAL_SEMAPHORE_HANDLE_DESC d;
    std::memcpy(&d, &desc, sizeof d);
    CUexternalSemaphore sem = nullptr;
    UNIHIP_TRY(check(api_.cuImportExternalSemaphore(&sem, &d), "cuImportExternalSemaphore"));
    *out = sem;
    return kOk;
  }
  Status signalExternalSemaphores(int device, const NativeExternalSemaphore* sems,
                                  const hipExternalSemaphoreSignalParams* params, unsigned count,
                                  NativeStream stream) override {
    static_assert(sizeof(CUDA_EXTERNAL_SEMAPHORE_SIGNAL_PARAMS) ==
                  sizeof(hipExternalSemaphoreSignalParams));
    UNIHIP_TRY(core_.makeCurrent(device));
    return check(api_.cuSignalExternalSemaphoresAsync(
                     reinterpret_cast<const CUexternalSemaphore*>(sems),
                     reinterpret_cast<const CUDA_EXTERNAL_SEMAPHORE_SIGNAL_PARAMS*>(params), count,
                     asStream(stream)),
                 "cuSignalExternalSemaphoresAsync");
  }
  Status waitExternalSemaphores(int device, const NativeExternalSemaphore* sems,
                                const hipExternalSemaphoreWaitParams* params, unsigned count,
                                NativeStream stream) override {
    static_assert(sizeof(CUDA_EXTERNAL_SEMAPHORE_WAIT_PARAMS) ==
                  sizeof(hipExternalSemaphoreWaitParams));
    UNIHIP_TRY(core_.makeCurrent(device));
    return check(api_.cuWaitExternalSemaphoresAsync(
                     reinterpret_cast<const CUexternalSemaphore*>(sems),
                     reinterpret_cast<const CUDA_EXTERNAL_SEMAPHORE_WAIT_PARAMS*>(params), count,
                     asStream(stream)),
                 "cuWaitExternalSemaphoresAsync");
  }
  Status destroyExternalSemaphore(int device, NativeExternalSemaphore sem) override {
    UNIHIP_TRY(core_.makeCurrent(device));
    return check(api_.cuDestroyExternalSemaphore(static_cast<CUexternalSemaphore>(sem)),
                 "cuDestroyExternalSemaphore");
  }

 private:
  Status check(CUresult r, const char* call) const { return core_.check(r, call); }
  bool haveExternal() const {
    return api_.cuImportExternalMemory && api_.cuExternalMemoryGetMappedBuffer &&
           api_.cuDestroyExternalMemory && api_.cuImportExternalSemaphore &&
           api_.cuSignalExternalSemaphoresAsync && api_.cuWaitExternalSemaphoresAsync &&
           api_.cuDestroyExternalSemaphore;
  }
  bool haveVmm() const {
    return api_.cuMemCreate && api_.cuMemRelease && api_.cuMemAddressReserve &&
           api_.cuMemAddressFree && api_.cuMemMap && api_.cuMemUnmap && api_.cuMemSetAccess &&
           api_.cuMemGetAccess && api_.cuMemGetAllocationGranularity &&
           api_.cuMemGetAllocationPropertiesFromHandle && api_.cuMemExportToShareableHandle &&
           api_.cuMemImportFromShareableHandle && api_.cuMemRetainAllocationHandle;
  }
  // A driver device handle back to this backend's ordinal (they are equal in practice).
  int localOrdinal(int cuDevice) const {
    for (int d = 0; d < core_.deviceCount(); ++d)
      if (core_.deviceHandle(d) == cuDevice) return d;
    return cuDevice;
  }
  CUmemAccessDesc toDesc(const AccessGrant& g) const {
    CUmemAccessDesc d{};
    d.location.type = static_cast<int>(g.type);
    d.location.id = g.type == hipMemLocationTypeDevice ? core_.deviceHandle(g.device) : g.device;
    d.flags = static_cast<int>(g.flags);
    return d;
  }
  CUmemAllocationProp toProp(const hipMemAllocationProp& prop) const {
    CUmemAllocationProp p{};
    p.type = static_cast<int>(prop.type);
    p.requestedHandleTypes = static_cast<int>(prop.requestedHandleTypes);
    p.location.type = static_cast<int>(prop.location.type);
    p.location.id = prop.location.type == hipMemLocationTypeDevice
                        ? core_.deviceHandle(prop.location.id)
                        : prop.location.id;
    p.allocFlags.compressionType = prop.allocFlags.compressionType;
    p.allocFlags.gpuDirectRDMACapable = prop.allocFlags.gpuDirectRDMACapable;
    p.allocFlags.usage = prop.allocFlags.usage;
    return p;
  }

  CudaCore& core_;
  const DriverApi& api_;
};

}  // namespace

std::unique_ptr<MemoryPoolOps> createCudaMemoryPoolOps(CudaCore& core) {
  const DriverApi& a = core.api();
  // The pools are the family's core: without them the family is absent.
  if (!a.cuDeviceGetDefaultMemPool || !a.cuDeviceSetMemPool || !a.cuMemPoolCreate ||
      !a.cuMemPoolDestroy || !a.cuMemAllocFromPoolAsync || !a.cuMemFreeAsync ||
      !a.cuMemPoolTrimTo || !a.cuMemPoolSetAttribute || !a.cuMemPoolGetAttribute ||
      !a.cuMemPoolSetAccess || !a.cuMemPoolGetAccess || !a.cuMemPoolExportToShareableHandle ||
      !a.cuMemPoolImportFromShareableHandle || !a.cuMemPoolExportPointer ||
      !a.cuMemPoolImportPointer)
    return nullptr;
  return std::make_unique<CudaMemoryPoolOps>(core);
}

}  // namespace unihip::cu
