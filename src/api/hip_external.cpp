// External memory and semaphores (Vulkan/D3D interop: hipImportExternal*, ...): arguments are
// checked as AMD's runtime checks them; importing is not implemented yet (hipErrorNotSupported).
#include "api/api_boundary.h"
#include "api/arg_checks.h"

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

}  // namespace

UNIHIP_EXPORT hipError_t hipImportExternalMemory(hipExternalMemory_t* extMem_out,
                                                 const hipExternalMemoryHandleDesc* memHandleDesc) {
  UNIHIP_TRACE_API("hipImportExternalMemory({}, {})", (void*)extMem_out,
                   (const void*)memHandleDesc);
  if (anyNull(extMem_out, memHandleDesc) || memHandleDesc->size == 0 ||
      !isKnown(memHandleDesc->type))
    UNIHIP_RETURN(hipErrorInvalidValue);
  UNIHIP_RETURN_NOT_SUPPORTED();
}

UNIHIP_EXPORT hipError_t hipExternalMemoryGetMappedBuffer(
    void** devPtr, hipExternalMemory_t extMem, const hipExternalMemoryBufferDesc* bufferDesc) {
  UNIHIP_TRACE_API("hipExternalMemoryGetMappedBuffer({}, {}, {})", (void*)devPtr, extMem,
                   (const void*)bufferDesc);
  if (anyNull(devPtr, extMem, bufferDesc) || bufferDesc->flags != 0)
    UNIHIP_RETURN(hipErrorInvalidValue);
  UNIHIP_RETURN_NOT_SUPPORTED();
}

UNIHIP_EXPORT hipError_t hipExternalMemoryGetMappedMipmappedArray(
    hipMipmappedArray_t* mipmap, hipExternalMemory_t extMem,
    const hipExternalMemoryMipmappedArrayDesc* mipmapDesc) {
  UNIHIP_TRACE_API("hipExternalMemoryGetMappedMipmappedArray({}, {}, {})", (void*)mipmap, extMem,
                   (const void*)mipmapDesc);
  if (anyNull(mipmap, extMem, mipmapDesc)) UNIHIP_RETURN(hipErrorInvalidValue);
  UNIHIP_RETURN_NOT_SUPPORTED();
}

UNIHIP_EXPORT hipError_t hipDestroyExternalMemory(hipExternalMemory_t extMem) {
  UNIHIP_TRACE_API("hipDestroyExternalMemory({})", extMem);
  if (extMem == nullptr) UNIHIP_RETURN(hipErrorInvalidValue);
  UNIHIP_RETURN_NOT_SUPPORTED();
}

UNIHIP_EXPORT hipError_t hipImportExternalSemaphore(
    hipExternalSemaphore_t* extSem_out, const hipExternalSemaphoreHandleDesc* semHandleDesc) {
  UNIHIP_TRACE_API("hipImportExternalSemaphore({}, {})", (void*)extSem_out,
                   (const void*)semHandleDesc);
  if (anyNull(extSem_out, semHandleDesc) || !isKnown(semHandleDesc->type))
    UNIHIP_RETURN(hipErrorInvalidValue);
  UNIHIP_RETURN_NOT_SUPPORTED();
}

UNIHIP_EXPORT hipError_t hipSignalExternalSemaphoresAsync(
    const hipExternalSemaphore_t* extSemArray, const hipExternalSemaphoreSignalParams* paramsArray,
    unsigned int numExtSems, hipStream_t stream) {
  UNIHIP_TRACE_API("hipSignalExternalSemaphoresAsync({}, {}, {}, {})", (const void*)extSemArray,
                   (const void*)paramsArray, numExtSems, (void*)stream);
  UNIHIP_RETURN_IF_FAILED(checkSemaphoreBatch(extSemArray, paramsArray, numExtSems, stream));
  UNIHIP_RETURN_NOT_SUPPORTED();
}

UNIHIP_EXPORT hipError_t hipWaitExternalSemaphoresAsync(
    const hipExternalSemaphore_t* extSemArray, const hipExternalSemaphoreWaitParams* paramsArray,
    unsigned int numExtSems, hipStream_t stream) {
  UNIHIP_TRACE_API("hipWaitExternalSemaphoresAsync({}, {}, {}, {})", (const void*)extSemArray,
                   (const void*)paramsArray, numExtSems, (void*)stream);
  UNIHIP_RETURN_IF_FAILED(checkSemaphoreBatch(extSemArray, paramsArray, numExtSems, stream));
  UNIHIP_RETURN_NOT_SUPPORTED();
}

UNIHIP_EXPORT hipError_t hipDestroyExternalSemaphore(hipExternalSemaphore_t extSem) {
  UNIHIP_TRACE_API("hipDestroyExternalSemaphore({})", extSem);
  if (extSem == nullptr) UNIHIP_RETURN(hipErrorInvalidValue);
  UNIHIP_RETURN_NOT_SUPPORTED();
}
