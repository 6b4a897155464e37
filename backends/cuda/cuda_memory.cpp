// The CUDA backend's memory family: allocation, copies (pageable ones of a large size through
// the staging engine, cuda_pageable_copy.h), fills, registered host memory and address ranges.
#include <cstring>

#include "base/log.h"
#include "cuda/cuda_backend.h"

namespace unihip::cuda_backend {

Status CudaBackend::mallocImpl(int device, size_t size, void** ptr) {
  UNIHIP_TRY(makeCurrent(device));
  CUdeviceptr p = 0;
  UNIHIP_TRY(check(api_->cuMemAlloc(&p, size), "cuMemAlloc"));
  *ptr = reinterpret_cast<void*>(p);
  return kOk;
}

Status CudaBackend::free(int device, void* ptr) {
  UNIHIP_TRY(makeCurrent(device));
  return check(api_->cuMemFree(dptr(ptr)), "cuMemFree");
}

Status CudaBackend::hostMallocImpl(int device, size_t size, unsigned int hipFlags, void** ptr) {
  UNIHIP_TRY(makeCurrent(device));
  // HIP's pinned memory is visible to every device and mapped into the device address space.
  unsigned flags = CU_MEMHOSTALLOC_PORTABLE | CU_MEMHOSTALLOC_DEVICEMAP;
  if (hipFlags & hipHostMallocWriteCombined) flags |= CU_MEMHOSTALLOC_WRITECOMBINED;
  return check(api_->cuMemHostAlloc(ptr, size, flags), "cuMemHostAlloc");
}

Status CudaBackend::hostFree(int device, void* ptr) {
  UNIHIP_TRY(makeCurrent(device));
  return check(api_->cuMemFreeHost(ptr), "cuMemFreeHost");
}

Status CudaBackend::memcpyImpl(int device, void* dst, const void* src, size_t size,
                         CopyDirection dir) {
  UNIHIP_TRY(makeCurrent(device));
  Status staged;
  if (size >= PageableCopyEngine::kMinBytes && stagedCopy(device, dst, src, size, dir, &staged))
    return staged;
  switch (dir) {
    case CopyDirection::HostToDevice:
      return check(api_->cuMemcpyHtoD(dptr(dst), src, size), "cuMemcpyHtoD");
    case CopyDirection::DeviceToHost:
      return check(api_->cuMemcpyDtoH(dst, dptr(src), size), "cuMemcpyDtoH");
    case CopyDirection::DeviceToDevice:
      UNIHIP_TRY(check(api_->cuMemcpyDtoD(dptr(dst), dptr(src), size), "cuMemcpyDtoD"));
      // The copies the API waits for (memcpyNoWait takes the others): CUDA's would not.
      return check(api_->cuStreamSynchronize(nullptr), "cuStreamSynchronize");
    default:
      return check(api_->cuMemcpy(dptr(dst), dptr(src), size), "cuMemcpy");
  }
}

Status CudaBackend::memcpyAsyncImpl(int device, void* dst, const void* src, size_t size, CopyDirection dir,
                              NativeStream stream) {
  UNIHIP_TRY(makeCurrent(device));
  switch (dir) {
    case CopyDirection::HostToDevice:
      return check(api_->cuMemcpyHtoDAsync(dptr(dst), src, size, asStream(stream)),
                   "cuMemcpyHtoDAsync");
    case CopyDirection::DeviceToHost:
      return check(api_->cuMemcpyDtoHAsync(dst, dptr(src), size, asStream(stream)),
                   "cuMemcpyDtoHAsync");
    case CopyDirection::DeviceToDevice:
      return check(api_->cuMemcpyDtoDAsync(dptr(dst), dptr(src), size, asStream(stream)),
                   "cuMemcpyDtoDAsync");
    default:
      return check(api_->cuMemcpyAsync(dptr(dst), dptr(src), size, asStream(stream)),
                   "cuMemcpyAsync");
  }
}

Status CudaBackend::memcpyBatchAsync(int device, void* const* dsts, const void* const* srcs,
                                   const size_t* sizes, size_t count, const BatchCopyAttributes* attrs,
                                   const size_t* attrIdxs, size_t numAttrs, size_t* failIdx,
                                   NativeStream stream) {
  static_assert(sizeof(BatchCopyAttributes) == sizeof(cu::CUmemcpyAttributes));
  if (api_->cuMemcpyBatchAsync == nullptr) return hipErrorNotSupported;
  UNIHIP_TRY(makeCurrent(device));
  // The driver takes the arrays as non-const and leaves them unchanged.
  return check(api_->cuMemcpyBatchAsync(
                   reinterpret_cast<CUdeviceptr*>(const_cast<void**>(dsts)),
                   reinterpret_cast<CUdeviceptr*>(const_cast<void**>(srcs)),
                   const_cast<size_t*>(sizes), count,
                   reinterpret_cast<cu::CUmemcpyAttributes*>(
                       const_cast<BatchCopyAttributes*>(attrs)),
                   const_cast<size_t*>(attrIdxs), numAttrs, failIdx, asStream(stream)),
               "cuMemcpyBatchAsync");
}

Status CudaBackend::memsetImpl(int device, void* dst, uint8_t value, size_t size) {
  UNIHIP_TRY(makeCurrent(device));
  return check(api_->cuMemsetD8(dptr(dst), value, size), "cuMemsetD8");
}

Status CudaBackend::memsetAsyncImpl(int device, void* dst, uint8_t value, size_t size,
                              NativeStream stream) {
  UNIHIP_TRY(makeCurrent(device));
  return check(api_->cuMemsetD8Async(dptr(dst), value, size, asStream(stream)), "cuMemsetD8Async");
}

Status CudaBackend::memsetD32AsyncImpl(int device, void* dst, uint32_t value, size_t count,
                                 NativeStream stream) {
  UNIHIP_TRY(makeCurrent(device));
  return check(api_->cuMemsetD32Async(dptr(dst), value, count, asStream(stream)),
               "cuMemsetD32Async");
}

Status CudaBackend::memcpyPitchedAsync(int device, const PitchedCopy& c, NativeStream stream) {
  if (api_->cuMemcpy3DAsync == nullptr) return hipErrorNotSupported;
  int srcType = CU_MEMORYTYPE_UNIFIED, dstType = CU_MEMORYTYPE_UNIFIED;
  switch (c.dir) {
    case CopyDirection::HostToDevice: srcType = CU_MEMORYTYPE_HOST, dstType = CU_MEMORYTYPE_DEVICE; break;
    case CopyDirection::DeviceToHost: srcType = CU_MEMORYTYPE_DEVICE, dstType = CU_MEMORYTYPE_HOST; break;
    case CopyDirection::DeviceToDevice: srcType = dstType = CU_MEMORYTYPE_DEVICE; break;
    case CopyDirection::HostToHost: srcType = dstType = CU_MEMORYTYPE_HOST; break;
    default: break;
  }
  CUDA_MEMCPY3D p{};
  p.srcMemoryType = srcType;
  if (srcType == CU_MEMORYTYPE_HOST)
    p.srcHost = c.src;
  else
    p.srcDevice = dptr(c.src);
  p.srcPitch = c.srcPitch;
  p.srcHeight = c.srcHeight;
  p.dstMemoryType = dstType;
  if (dstType == CU_MEMORYTYPE_HOST)
    p.dstHost = c.dst;
  else
    p.dstDevice = dptr(c.dst);
  p.dstPitch = c.dstPitch;
  p.dstHeight = c.dstHeight;
  p.WidthInBytes = c.width;
  p.Height = c.height;
  p.Depth = c.depth;
  UNIHIP_TRY(makeCurrent(device));
  return check(api_->cuMemcpy3DAsync(&p, asStream(stream)), "cuMemcpy3DAsync");
}

Status CudaBackend::memsetPitchedAsync(int device, void* dst, size_t pitch, uint8_t value, size_t width,
                                     size_t height, NativeStream stream) {
  if (api_->cuMemsetD2D8Async == nullptr) return hipErrorNotSupported;
  UNIHIP_TRY(makeCurrent(device));
  return check(api_->cuMemsetD2D8Async(dptr(dst), pitch, value, width, height, asStream(stream)),
               "cuMemsetD2D8Async");
}

Status CudaBackend::memGetInfo(int device, size_t* free, size_t* total) {
  UNIHIP_TRY(makeCurrent(device));
  return check(api_->cuMemGetInfo(free, total), "cuMemGetInfo");
}

Status CudaBackend::memsetD16AsyncImpl(int device, void* dst, uint16_t value, size_t count,
                                 NativeStream stream) {
  UNIHIP_TRY(makeCurrent(device));
  return check(api_->cuMemsetD16Async(dptr(dst), value, count, asStream(stream)),
               "cuMemsetD16Async");
}

Status CudaBackend::hostRegister(int device, void* ptr, size_t size, unsigned int hipFlags,
                               void** devicePointer) {
  if (api_->cuMemHostRegister == nullptr || api_->cuMemHostGetDevicePointer == nullptr)
    return hipErrorNotSupported;
  UNIHIP_TRY(makeCurrent(device));
  // Portable and mapped always, as AMD's runtime registers; I/O memory as asked. (0x8 is both
  // hipHostRegisterReadOnly and AMD's hipExtHostRegisterCoarseGrained: not passed on.)
  unsigned flags = CU_MEMHOSTREGISTER_PORTABLE | CU_MEMHOSTREGISTER_DEVICEMAP |
                   (hipFlags & hipHostRegisterIoMemory);
  UNIHIP_TRY(check(api_->cuMemHostRegister(ptr, size, flags), "cuMemHostRegister"));
  CUdeviceptr d = 0;
  Status s = check(api_->cuMemHostGetDevicePointer(&d, ptr, 0), "cuMemHostGetDevicePointer");
  if (!s.ok()) {
    (void)api_->cuMemHostUnregister(ptr);
    return s;
  }
  *devicePointer = reinterpret_cast<void*>(d);
  return kOk;
}

Status CudaBackend::hostUnregister(int device, void* ptr) {
  if (api_->cuMemHostUnregister == nullptr) return hipErrorNotSupported;
  UNIHIP_TRY(makeCurrent(device));
  return check(api_->cuMemHostUnregister(ptr), "cuMemHostUnregister");
}

Status CudaBackend::setSyncMemops(int device, const void* ptr, bool sync) {
  if (api_->cuPointerSetAttribute == nullptr) return hipErrorNotSupported;
  UNIHIP_TRY(makeCurrent(device));
  const unsigned value = sync ? 1 : 0;
  return check(api_->cuPointerSetAttribute(&value, CU_POINTER_ATTRIBUTE_SYNC_MEMOPS,
                                           reinterpret_cast<CUdeviceptr>(ptr)),
               "cuPointerSetAttribute");
}

Status CudaBackend::memGetAddressRange(int device, const void* ptr, void** base, size_t* size) {
  UNIHIP_TRY(makeCurrent(device));
  CUdeviceptr b = 0;
  CUresult r = api_->cuMemGetAddressRange(&b, size, dptr(ptr));
  if (r == CUDA_ERROR_NOT_FOUND || r == 1 /* CUDA_ERROR_INVALID_VALUE: not a device pointer */)
    return hipErrorNotFound;
  UNIHIP_TRY(check(r, "cuMemGetAddressRange"));
  *base = reinterpret_cast<void*>(b);
  return kOk;
}

Status CudaBackend::memRangeHandle(int device, void* handle, const void* ptr, size_t size, int handleType,
                                 unsigned long long flags) {
  if (api_->cuMemGetHandleForAddressRange == nullptr) return hipErrorNotSupported;
  UNIHIP_TRY(makeCurrent(device));
  return check(api_->cuMemGetHandleForAddressRange(handle, dptr(ptr), size, handleType, flags),
               "cuMemGetHandleForAddressRange");
}

bool CudaBackend::stagedCopy(int device, void* dst, const void* src, size_t size, CopyDirection dir,
                           Status* status) {
  if (!stagingEnabled()) return false;
  if (dir != CopyDirection::HostToDevice && dir != CopyDirection::DeviceToHost) return false;
  const void* host = dir == CopyDirection::HostToDevice ? src : dst;
  if (!isPageableHostMemory(*api_, host)) return false;
  CudaDevice& d = *devices_[device];
  PageableCopyEngine* engine = nullptr;
  {
    std::lock_guard<std::mutex> lock(d.stagingMutex);
    if (!d.staging && !d.stagingFailed) {
      d.staging = PageableCopyEngine::create(*api_);
      d.stagingFailed = d.staging == nullptr;
      if (d.staging) {
        static std::once_flag atExit;
        std::call_once(atExit, [] { std::atexit(releaseStagingAtExit); });
        g_stagingOwner.store(this);
      }
      if (d.stagingFailed) UNIHIP_LOG_INFO("cuda device {}: no staging buffers; pageable copies take the driver's path", device);
    }
    engine = d.staging.get();
  }
  if (engine == nullptr) return false;
  CUresult r = CUDA_SUCCESS;
  bool copied = dir == CopyDirection::HostToDevice
                    ? engine->tryToDevice(dptr(dst), src, size, &r)
                    : engine->tryToHost(dst, dptr(src), size, &r);
  if (copied) *status = check(r, "staged pageable copy");
  return copied;
}

}  // namespace unihip::cuda_backend
