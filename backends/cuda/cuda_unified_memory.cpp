// The CUDA backend's unified memory family. hipMemAttach* and hipMemoryAdvise 1-6 and
// hipMemRangeAttribute 1-4 have the driver's values.
#include "cuda/cuda_backend.h"

namespace unihip::cuda_backend {

Status CudaBackend::mallocManagedImpl(int device, size_t size, unsigned int hipFlags, void** ptr) {
  if (api_->cuMemAllocManaged == nullptr) return hipErrorNotSupported;
  UNIHIP_TRY(makeCurrent(device));
  CUdeviceptr p = 0;
  UNIHIP_TRY(check(api_->cuMemAllocManaged(&p, size, hipFlags), "cuMemAllocManaged"));
  *ptr = reinterpret_cast<void*>(p);
  return kOk;
}

Status CudaBackend::prefetchImpl(int device, const void* ptr, size_t count, int target,
                           NativeStream stream) {
  if (api_->cuMemPrefetchAsync == nullptr) return hipErrorNotSupported;
  UNIHIP_TRY(makeCurrent(device));
  return check(api_->cuMemPrefetchAsync(dptr(ptr), count, location(target), asStream(stream)),
               "cuMemPrefetchAsync");
}

Status CudaBackend::discardBatchAsync(int device, void* const* ptrs, const size_t* sizes, size_t count,
                                    NativeStream stream) {
  if (api_->cuMemDiscardBatchAsync == nullptr) return hipErrorNotSupported;
  UNIHIP_TRY(makeCurrent(device));
  return check(api_->cuMemDiscardBatchAsync(
                   reinterpret_cast<CUdeviceptr*>(const_cast<void**>(ptrs)),
                   const_cast<size_t*>(sizes), count, 0, asStream(stream)),
               "cuMemDiscardBatchAsync");
}

Status CudaBackend::advise(int device, const void* ptr, size_t count, int advice, int target) {
  if (advice == hipMemAdviseSetCoarseGrain || advice == hipMemAdviseUnsetCoarseGrain)
    return kOk;  // AMD's coherence hint: NVIDIA's managed memory is always coherent
  if (api_->cuMemAdvise == nullptr) return hipErrorNotSupported;
  UNIHIP_TRY(makeCurrent(device));
  return check(api_->cuMemAdvise(dptr(ptr), count, advice, location(target)), "cuMemAdvise");
}

Status CudaBackend::rangeAttribute(int device, void* data, size_t dataSize, int attribute, const void* ptr,
                                 size_t count) {
  // No coherence modes here (managed memory is always coherent): the API layer answers from the
  // advice it recorded.
  if (attribute == hipMemRangeAttributeCoherencyMode) return hipErrorNotSupported;
  if (api_->cuMemRangeGetAttribute == nullptr) return hipErrorNotSupported;
  UNIHIP_TRY(makeCurrent(device));
  // Devices come back as CUdevice ordinals, this backend's numbering (CU_DEVICE_CPU = -1).
  return check(api_->cuMemRangeGetAttribute(data, dataSize, attribute, dptr(ptr), count),
               "cuMemRangeGetAttribute");
}

Status CudaBackend::streamAttachMemory(int device, NativeStream stream, void* ptr, size_t length,
                                     unsigned int flags) {
  if (api_->cuStreamAttachMemAsync == nullptr) return hipErrorNotSupported;
  UNIHIP_TRY(makeCurrent(device));
  return check(api_->cuStreamAttachMemAsync(asStream(stream), dptr(ptr), length, flags),
               "cuStreamAttachMemAsync");
}

}  // namespace unihip::cuda_backend
