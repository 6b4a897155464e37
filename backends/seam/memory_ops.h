// Seam family "memory": device and pinned host allocation, linear copies and fills, memory
// information. Every backend implements it. Device pointers are unified virtual addresses.
// memcpyAsync() is the hot path: no lock, no heap allocation.
#pragma once

#include <cstddef>
#include <cstdint>

#include "base/status.h"
#include "seam/handles.h"

namespace unihip {

// A copy of `depth` slices of `height` rows of `width` bytes; a slice is `*Height` rows of
// `*Pitch` bytes on each side.
struct PitchedCopy {
  void* dst = nullptr;
  size_t dstPitch = 0, dstHeight = 0;
  const void* src = nullptr;
  size_t srcPitch = 0, srcHeight = 0;
  size_t width = 0, height = 0, depth = 1;
  CopyDirection dir = CopyDirection::Default;
};

// One attribute of a batch of linear copies, laid out as the CUDA driver's CUmemcpyAttributes
// (values are HIP's, which equal CUDA's); hint locations name this backend's devices.
struct BatchCopyAttributes {
  int srcAccessOrder = 1;  // hipMemcpySrcAccessOrderStream
  int srcLocType = 0, srcLocId = 0;
  int dstLocType = 0, dstLocId = 0;
  unsigned int flags = 0;
};

class MemoryOps {
 public:
  virtual ~MemoryOps() = default;

  virtual Status mallocImpl(int device, size_t size, void** ptr) = 0;
  virtual Status free(int device, void* ptr) = 0;
  virtual Status hostMallocImpl(int device, size_t size, unsigned int hipFlags, void** ptr) = 0;
  virtual Status hostFree(int device, void* ptr) = 0;
  // Synchronous with respect to the host and ordered after the legacy default stream.
  virtual Status memcpyImpl(int device, void* dst, const void* src, size_t size, CopyDirection dir) = 0;
  virtual Status memcpyAsyncImpl(int device, void* dst, const void* src, size_t size, CopyDirection dir,
                             NativeStream stream) = 0;
  virtual Status memsetImpl(int device, void* dst, uint8_t value, size_t size) = 0;
  virtual Status memsetAsyncImpl(int device, void* dst, uint8_t value, size_t size,
                             NativeStream stream) = 0;
  // `count` 16-bit values; `dst` is 2-byte aligned (checked by the API layer).
  virtual Status memsetD16AsyncImpl(int device, void* dst, uint16_t value, size_t count,
                                NativeStream stream) {
    (void)device, (void)dst, (void)value, (void)count, (void)stream;
    return hipErrorNotSupported;
  }
  virtual Status memsetD32AsyncImpl(int device, void* dst, uint32_t value, size_t count,
                                NativeStream stream) = 0;
  // A pitched copy or fill as one operation. hipErrorNotSupported: the caller goes row by row
  // (core/pitched_memory.cpp), which is what a vendor without one gets.
  virtual Status memcpyPitchedAsync(int device, const PitchedCopy& copy, NativeStream stream) {
    (void)device, (void)copy, (void)stream;
    return hipErrorNotSupported;
  }
  virtual Status memsetPitchedAsync(int device, void* dst, size_t pitch, uint8_t value,
                                    size_t width, size_t height, NativeStream stream) {
    (void)device, (void)dst, (void)pitch, (void)value, (void)width, (void)height, (void)stream;
    return hipErrorNotSupported;
  }
  // A batch of linear copies as one operation, in order on `stream` (never the legacy default
  // stream): attrs[k] applies from copy attrIdxs[k] on (checked by the API layer). *failIdx: the
  // copy a failure concerns, SIZE_MAX for none. hipErrorNotSupported: the caller queues the
  // copies one by one through memcpyAsync().
  virtual Status memcpyBatchAsync(int device, void* const* dsts, const void* const* srcs,
                                  const size_t* sizes, size_t count,
                                  const BatchCopyAttributes* attrs, const size_t* attrIdxs,
                                  size_t numAttrs, size_t* failIdx, NativeStream stream) {
    (void)device, (void)dsts, (void)srcs, (void)sizes, (void)count, (void)attrs, (void)attrIdxs,
        (void)numAttrs, (void)failIdx, (void)stream;
    return hipErrorNotSupported;
  }
  virtual Status memGetInfo(int device, size_t* free, size_t* total) = 0;
  // Base and size of the allocation holding `ptr`; hipErrorNotFound when no allocation does.
  virtual Status memGetAddressRange(int device, const void* ptr, void** base, size_t* size) {
    (void)device, (void)ptr, (void)base, (void)size;
    return hipErrorNotSupported;
  }
  // hipMemGetHandleForAddressRange: an OS handle of `handleType` (hipMemRangeHandleType; a
  // dma-buf file descriptor, an int, for hipMemRangeHandleTypeDmaBufFd) for [ptr, ptr + size).
  virtual Status memRangeHandle(int device, void* handle, const void* ptr, size_t size,
                                int handleType, unsigned long long flags) {
    (void)device, (void)handle, (void)ptr, (void)size, (void)handleType, (void)flags;
    return hipErrorNotSupported;
  }
  // HIP_POINTER_ATTRIBUTE_SYNC_MEMOPS on memory of this backend. The API layer records the
  // value; a vendor whose synchronous copies always synchronize (AMD's) has nothing to do.
  virtual Status setSyncMemops(int device, const void* ptr, bool sync) {
    (void)device, (void)ptr, (void)sync;
    return kOk;
  }
};

}  // namespace unihip
