// What a kernel's hidden arguments ask the runtime for beyond its launch geometry: the hostcall
// buffer (printf, malloc's memory; hsa_hostcall.h) and device malloc's heap. Both are created
// at the first launch that asks; later launches read them with one atomic load each.
#include "hsa_backend.h"
#include "hsa_status.h"

namespace unihip::hsa {

namespace {
// The device library's heap state (ockl dm.cl of ROCm 5.2: 100,872 bytes, all zero at start);
// AMD's runtime allocates 128 KiB.
constexpr size_t kHeapBytes = size_t{128} << 10;
}  // namespace

Status HsaBackend::deviceServices(int device, const KernelInfo& kernel, HsaStream& stream,
                                  KernargContext* ctx) {
  if (kernel.needsHostcall) {
    uint64_t buffer = hostcall_->bufferFast(device);
    if (buffer == 0) UNIHIP_TRY(hostcall_->buffer(device, &buffer));
    ctx->hostcallBuffer = buffer;
  }
  if (kernel.needsHeap) {
    uint64_t heap = devices_[device]->heap.load(std::memory_order_acquire);
    if (heap == 0) UNIHIP_TRY(deviceHeap(device, stream, &heap));
    ctx->heapV1 = heap;
  }
  return kOk;
}

// Zeroed once (it holds live allocator state afterwards), on the launching stream, which is
// then drained so kernels on other streams see the zeroes too.
Status HsaBackend::deviceHeap(int device, HsaStream& stream, uint64_t* address) {
  HsaDeviceState& d = *devices_[device];
  std::lock_guard lock(d.heapMutex);
  if (uint64_t heap = d.heap.load(std::memory_order_acquire)) {
    *address = heap;
    return kOk;
  }
  void* heap = nullptr;
  UNIHIP_HSA_TRY(api_, hsa_amd_memory_pool_allocate(d.info.devicePool, kHeapBytes, 0, &heap));
  Status st = fill(device, heap, 0, kHeapBytes / 4, true, &stream);
  if (st.ok()) st = synchronizeStream(stream, false);
  if (!st.ok()) {
    api_.hsa_amd_memory_pool_free(heap);
    return st;
  }
  d.heap.store(reinterpret_cast<uint64_t>(heap), std::memory_order_release);
  *address = reinterpret_cast<uint64_t>(heap);
  return kOk;
}

}  // namespace unihip::hsa
