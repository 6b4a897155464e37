// External memory and semaphores (Vulkan interop: hipImportExternal*, ...): arguments are checked
// as AMD's runtime checks them; handles are unihip's (core/memory_pool_handles.h: garbage or
// destroyed ones answer hipErrorInvalidValue); opaque file descriptors (and timeline semaphore
// descriptors) are imported by the vendor (seam memory_pool_ops.h), other handle types answer
// hipErrorNotSupported. Mapped buffers are device memory of the allocation map (hipFree frees
// them, as HIP documents).
#include <vector>

#include "api/api_boundary.h"
#include "api/arg_checks.h"
#include "api/image_support.h"
#include "api/memory_pool_family.h"
#include "base/allocation_map.h"

using namespace unihip;

namespace {

bool isKnown(hipExternalMemoryHandleType type) {
  return type >= hipExternalMemoryHandleTypeOpaqueFd &&
         type <= hipExternalMemoryHandleTypeNvSciBuf;
}

bool isKnown(hipExternalSemaphoreHandleType type) {
  return type >= hipExternalSemaphoreHandleTypeOpaqueFd &&
         type <= hipExternalSemaphoreHandleTypeTimelineSemaphoreWin32;
}

// Signal and wait share their checks: the arrays, then the stream.
template <typename Params>
Status checkSemaphoreBatch(const hipExternalSemaphore_t* semaphores, const Params* params,
                           unsigned int count, hipStream_t stream) {
  if (anyNull(semaphores, params)) return hipErrorInvalidValue;
  for (unsigned int i = 0; i < count; ++i)
    if (semaphores[i] == nullptr) return hipErrorInvalidValue;
  return checkStream(stream);
}

ihipExternalMemory* liveMemory(hipExternalMemory_t m) {
  auto* p = static_cast<ihipExternalMemory*>(m);
  return isLive(p) ? p : nullptr;
}

ihipExternalSemaphore* liveSemaphore(hipExternalSemaphore_t s) {
  auto* p = static_cast<ihipExternalSemaphore*>(s);
  return isLive(p) ? p : nullptr;
}

// The family of the current device, for imports.
Status currentFamily(Device** d, MemoryPoolOps** ops) {
  UNIHIP_TRY(currentDevice(d));
  return pools::family(*d, ops);
}

// Signal and wait share their dispatch: every semaphore live and on the stream's device.
template <typename Params, typename Call>
Status semaphoreBatch(const hipExternalSemaphore_t* semaphores, const Params* params,
                      unsigned int count, hipStream_t stream, Call call) {
  ResolvedStream rs;
  UNIHIP_TRY(resolveStream(stream, &rs));
  std::vector<NativeExternalSemaphore> natives(count);
  for (unsigned int i = 0; i < count; ++i) {
    ihipExternalSemaphore* s = liveSemaphore(semaphores[i]);
    if (s == nullptr) return hipErrorInvalidValue;
    if (s->device != rs.device->ordinal) return hipErrorInvalidValue;
    natives[i] = s->native;
  }
  MemoryPoolOps* ops = nullptr;
  UNIHIP_TRY(pools::family(rs.device, &ops));
  if (count == 0) return kOk;
  return call(ops, rs.device->local, natives.data(), params, count, rs.native);
}

}  // namespace

UNIHIP_EXPORT hipError_t hipImportExternalMemory(hipExternalMemory_t* extMem_out,
                                                 const hipExternalMemoryHandleDesc* memHandleDesc) {
  UNIHIP_TRACE_hipImportExternalMemory(extMem_out, memHandleDesc);
  if (anyNull(extMem_out, memHandleDesc) || memHandleDesc->size == 0 ||
      !isKnown(memHandleDesc->type))
    UNIHIP_RETURN(hipErrorInvalidValue);
  Device* d = nullptr;
  MemoryPoolOps* ops = nullptr;
  UNIHIP_RETURN_IF_FAILED(currentFamily(&d, &ops));
  if (memHandleDesc->type != hipExternalMemoryHandleTypeOpaqueFd)
    UNIHIP_RETURN(hipErrorNotSupported);  // Windows, Direct3D and NvSci handles
  if (memHandleDesc->handle.fd < 0) UNIHIP_RETURN(hipErrorInvalidValue);
  NativeExternalMemory native = nullptr;
  UNIHIP_RETURN_IF_FAILED(ops->importExternalMemory(d->local, *memHandleDesc, &native));
  *extMem_out = MemoryPoolRegistry::get().addExternalMemory(d->ordinal, native,
                                                            memHandleDesc->size);
  UNIHIP_RETURN(kOk);
}

UNIHIP_EXPORT hipError_t hipExternalMemoryGetMappedBuffer(
    void** devPtr, hipExternalMemory_t extMem, const hipExternalMemoryBufferDesc* bufferDesc) {
  UNIHIP_TRACE_hipExternalMemoryGetMappedBuffer(devPtr, extMem, bufferDesc);
  if (anyNull(devPtr, extMem, bufferDesc) || bufferDesc->flags != 0)
    UNIHIP_RETURN(hipErrorInvalidValue);
  ihipExternalMemory* m = liveMemory(extMem);
  if (m == nullptr) UNIHIP_RETURN(hipErrorInvalidValue);
  if (bufferDesc->size == 0 || bufferDesc->offset > m->size ||
      bufferDesc->size > m->size - bufferDesc->offset)
    UNIHIP_RETURN(hipErrorInvalidValue);
  Device* d = Runtime::get().device(m->device);
  if (d == nullptr) UNIHIP_RETURN(hipErrorInvalidValue);
  MemoryPoolOps* ops = nullptr;
  UNIHIP_RETURN_IF_FAILED(pools::family(d, &ops));
  void* p = nullptr;
  UNIHIP_RETURN_IF_FAILED(ops->externalMemoryBuffer(d->local, m->native, *bufferDesc, &p));
  AllocationMap::get().insert({p, static_cast<size_t>(bufferDesc->size), d->ordinal,
                               AllocationKind::Device});
  *devPtr = p;
  UNIHIP_RETURN(kOk);
}

UNIHIP_EXPORT hipError_t hipExternalMemoryGetMappedMipmappedArray(
    hipMipmappedArray_t* mipmap, hipExternalMemory_t extMem,
    const hipExternalMemoryMipmappedArrayDesc* mipmapDesc) {
  UNIHIP_TRACE_hipExternalMemoryGetMappedMipmappedArray(mipmap, extMem, mipmapDesc);
  if (anyNull(mipmap, extMem, mipmapDesc)) UNIHIP_RETURN(hipErrorInvalidValue);
  ihipExternalMemory* m = liveMemory(extMem);
  if (m == nullptr) UNIHIP_RETURN(hipErrorInvalidValue);
  ArrayShape shape;
  UNIHIP_RETURN_IF_FAILED(images::checkMipmap(mipmapDesc->formatDesc, mipmapDesc->extent,
                                              mipmapDesc->flags, mipmapDesc->numLevels, &shape));
  if (mipmapDesc->offset >= m->size) UNIHIP_RETURN(hipErrorInvalidValue);
  Device* d = Runtime::get().device(m->device);
  if (d == nullptr) UNIHIP_RETURN(hipErrorInvalidValue);
  ImageOps* ops = nullptr;
  UNIHIP_RETURN_IF_FAILED(images::opsOf(*d, &ops));
  NativeMipmap native = nullptr;
  UNIHIP_RETURN_IF_FAILED(ops->externalMipmap(d->local, m->native, mipmapDesc->offset, shape,
                                              mipmapDesc->numLevels, &native));
  *mipmap = images::publishMipmap(d->ordinal, native, shape, mipmapDesc->numLevels);
  UNIHIP_RETURN(kOk);
}

UNIHIP_EXPORT hipError_t hipDestroyExternalMemory(hipExternalMemory_t extMem) {
  UNIHIP_TRACE_hipDestroyExternalMemory(extMem);
  if (extMem == nullptr) UNIHIP_RETURN(hipErrorInvalidValue);
  ihipExternalMemory* m = liveMemory(extMem);
  if (m == nullptr) UNIHIP_RETURN(hipErrorInvalidValue);
  Device* d = Runtime::get().device(m->device);
  if (d == nullptr) UNIHIP_RETURN(hipErrorInvalidValue);
  MemoryPoolOps* ops = nullptr;
  UNIHIP_RETURN_IF_FAILED(pools::family(d, &ops));
  const NativeExternalMemory native = m->native;
  if (!MemoryPoolRegistry::get().removeExternalMemory(m)) UNIHIP_RETURN(hipErrorInvalidValue);
  UNIHIP_RETURN(ops->destroyExternalMemory(d->local, native));
}

UNIHIP_EXPORT hipError_t hipImportExternalSemaphore(
    hipExternalSemaphore_t* extSem_out, const hipExternalSemaphoreHandleDesc* semHandleDesc) {
  UNIHIP_TRACE_hipImportExternalSemaphore(extSem_out, semHandleDesc);
  if (anyNull(extSem_out, semHandleDesc) || !isKnown(semHandleDesc->type))
    UNIHIP_RETURN(hipErrorInvalidValue);
  Device* d = nullptr;
  MemoryPoolOps* ops = nullptr;
  UNIHIP_RETURN_IF_FAILED(currentFamily(&d, &ops));
  // A vendor without external semaphores answers as AMD's runtime does on Linux, where its ROCm
  // device imports none (clr hipImportExternalSemaphore: a type past D3D12Fence or a zero
  // descriptor is a bad value, then hipErrorNotSupported).
  if (!ops->hasExternalSemaphores()) {
    if (semHandleDesc->type > hipExternalSemaphoreHandleTypeD3D12Fence ||
        semHandleDesc->handle.fd == 0)
      UNIHIP_RETURN(hipErrorInvalidValue);
    UNIHIP_RETURN(hipErrorNotSupported);
  }
  if (semHandleDesc->type != hipExternalSemaphoreHandleTypeOpaqueFd &&
      semHandleDesc->type != hipExternalSemaphoreHandleTypeTimelineSemaphoreFd)
    UNIHIP_RETURN(hipErrorNotSupported);
  if (semHandleDesc->handle.fd < 0) UNIHIP_RETURN(hipErrorInvalidValue);
  NativeExternalSemaphore native = nullptr;
  UNIHIP_RETURN_IF_FAILED(ops->importExternalSemaphore(d->local, *semHandleDesc, &native));
  *extSem_out = MemoryPoolRegistry::get().addExternalSemaphore(d->ordinal, native);
  UNIHIP_RETURN(kOk);
}

UNIHIP_EXPORT hipError_t hipSignalExternalSemaphoresAsync(
    const hipExternalSemaphore_t* extSemArray, const hipExternalSemaphoreSignalParams* paramsArray,
    unsigned int numExtSems, hipStream_t stream) {
  UNIHIP_TRACE_hipSignalExternalSemaphoresAsync(extSemArray, paramsArray, numExtSems, stream);
  UNIHIP_RETURN_IF_FAILED(checkSemaphoreBatch(extSemArray, paramsArray, numExtSems, stream));
  UNIHIP_RETURN(semaphoreBatch(
      extSemArray, paramsArray, numExtSems, stream,
      [](MemoryPoolOps* ops, int device, const NativeExternalSemaphore* sems,
         const hipExternalSemaphoreSignalParams* params, unsigned count, NativeStream native) {
        return ops->signalExternalSemaphores(device, sems, params, count, native);
      }));
}

UNIHIP_EXPORT hipError_t hipWaitExternalSemaphoresAsync(
    const hipExternalSemaphore_t* extSemArray, const hipExternalSemaphoreWaitParams* paramsArray,
    unsigned int numExtSems, hipStream_t stream) {
  UNIHIP_TRACE_hipWaitExternalSemaphoresAsync(extSemArray, paramsArray, numExtSems, stream);
  UNIHIP_RETURN_IF_FAILED(checkSemaphoreBatch(extSemArray, paramsArray, numExtSems, stream));
  UNIHIP_RETURN(semaphoreBatch(
      extSemArray, paramsArray, numExtSems, stream,
      [](MemoryPoolOps* ops, int device, const NativeExternalSemaphore* sems,
         const hipExternalSemaphoreWaitParams* params, unsigned count, NativeStream native) {
        return ops->waitExternalSemaphores(device, sems, params, count, native);
      }));
}

UNIHIP_EXPORT hipError_t hipDestroyExternalSemaphore(hipExternalSemaphore_t extSem) {
  UNIHIP_TRACE_hipDestroyExternalSemaphore(extSem);
  if (extSem == nullptr) UNIHIP_RETURN(hipErrorInvalidValue);
  ihipExternalSemaphore* sem = liveSemaphore(extSem);
  if (sem == nullptr) UNIHIP_RETURN(hipErrorInvalidValue);
  Device* d = Runtime::get().device(sem->device);
  if (d == nullptr) UNIHIP_RETURN(hipErrorInvalidValue);
  MemoryPoolOps* ops = nullptr;
  UNIHIP_RETURN_IF_FAILED(pools::family(d, &ops));
  const NativeExternalSemaphore native = sem->native;
  if (!MemoryPoolRegistry::get().removeExternalSemaphore(sem)) UNIHIP_RETURN(hipErrorInvalidValue);
  UNIHIP_RETURN(ops->destroyExternalSemaphore(d->local, native));
}
