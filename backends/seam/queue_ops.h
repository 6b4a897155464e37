// Seam family "queue": streams, events, host functions on streams, and stream memory operations.
// Every backend implements it. eventRecord() is the hot path: no lock, no heap allocation.
#pragma once

#include <cstdint>

#include "base/status.h"
#include "seam/handles.h"

namespace unihip {

class QueueOps {
 public:
  virtual ~QueueOps() = default;

  // Streams. `hipFlags` are hipStream* flags; priority as hipStreamCreateWithPriority.
  virtual Status streamCreate(int device, unsigned int hipFlags, int priority,
                              NativeStream* stream) = 0;
  virtual Status streamDestroy(int device, NativeStream stream) = 0;
  virtual Status streamSynchronizeImpl(int device, NativeStream stream) = 0;
  // hipSuccess when idle, hipErrorNotReady when work is pending.
  virtual Status streamQueryImpl(int device, NativeStream stream) = 0;
  virtual Status streamWaitEventImpl(int device, NativeStream stream, NativeEvent event) = 0;
  // Queues a call of fn(userData) on a host thread once the stream's earlier work is done; the
  // stream's later work waits until fn returned; on failure fn is never called. fn must not
  // wait for this stream (it would wait for itself).
  virtual Status launchHostFuncImpl(int device, NativeStream stream, void (*fn)(void*),
                                void* userData) = 0;
  virtual Status streamPriorityRange(int device, int* least, int* greatest) = 0;
  // The per-thread default stream of the calling thread (hipStreamPerThread).
  virtual NativeStream perThreadStream(int device) = 0;

  // The vendor runtime's own handle for a stream and an event (unihipStreamGetNativeHandle):
  // by default the native handle itself, which on CUDA is the CUstream / CUevent.
  virtual Status vendorStreamHandle(int device, NativeStream stream, void** handle) {
    (void)device;
    *handle = stream;
    return kOk;
  }
  virtual Status vendorEventHandle(int device, NativeEvent event, void** handle) {
    (void)device;
    *handle = event;
    return kOk;
  }

  // Queues a wait until `(*ptr & mask)` satisfies the hipStreamWaitValue* comparison `flags`
  // with `value`; `is64` picks the 32- or 64-bit word at `ptr`.
  virtual Status streamWaitValue(int device, NativeStream stream, void* ptr, uint64_t value,
                                 uint64_t mask, unsigned int flags, bool is64) {
    (void)device, (void)stream, (void)ptr, (void)value, (void)mask, (void)flags, (void)is64;
    return hipErrorNotSupported;
  }
  // Queues a write of `value` (32 or 64 bits) to `ptr`, ordered after the stream's earlier work.
  virtual Status streamWriteValue(int device, NativeStream stream, void* ptr, uint64_t value,
                                  bool is64) {
    (void)device, (void)stream, (void)ptr, (void)value, (void)is64;
    return hipErrorNotSupported;
  }
  // hipStreamBatchMemOp: `count` waits and writes (checked by the API layer: 32/64-bit waits
  // with a hipStreamWaitValue* comparison and writes, aligned addresses), queued in order. A
  // vendor with a batch operation queues them as one (a stream capture then records one batch
  // node); the default queues them one by one.
  virtual Status streamBatchMemOp(int device, NativeStream stream,
                                  const hipStreamBatchMemOpParams* ops, unsigned count) {
    for (unsigned i = 0; i < count; ++i) {
      const hipStreamBatchMemOpParams& op = ops[i];
      const bool is64 = op.operation == hipStreamMemOpWaitValue64 ||
                        op.operation == hipStreamMemOpWriteValue64;
      Status s = op.operation == hipStreamMemOpWaitValue32 ||
                         op.operation == hipStreamMemOpWaitValue64
                     ? streamWaitValue(device, stream, op.waitValue.address,
                                       is64 ? op.waitValue.value64 : op.waitValue.value,
                                       ~uint64_t{0}, op.waitValue.flags, is64)
                     : streamWriteValue(device, stream, op.writeValue.address,
                                        is64 ? op.writeValue.value64 : op.writeValue.value, is64);
      if (!s.ok()) return s;
    }
    return kOk;
  }
  // Compute-unit masks (AMD): `words` 32-bit words, bit i of the mask = compute unit i.
  virtual Status streamSetCuMask(int device, NativeStream stream, const uint32_t* mask,
                                 uint32_t words) {
    (void)device, (void)stream, (void)mask, (void)words;
    return hipErrorNotSupported;
  }
  virtual Status streamGetCuMask(int device, NativeStream stream, uint32_t* mask,
                                 uint32_t words) {
    (void)device, (void)stream, (void)mask, (void)words;
    return hipErrorNotSupported;
  }

  // Events. `hipFlags` are hipEvent* flags.
  virtual Status eventCreate(int device, unsigned int hipFlags, NativeEvent* event) = 0;
  virtual Status eventDestroy(int device, NativeEvent event) = 0;
  virtual Status eventRecordImpl(int device, NativeEvent event, NativeStream stream) = 0;
  virtual Status eventSynchronize(int device, NativeEvent event) = 0;
  virtual Status eventQuery(int device, NativeEvent event) = 0;
  virtual Status eventElapsedTime(int device, NativeEvent start, NativeEvent stop, float* ms) = 0;
};

}  // namespace unihip
