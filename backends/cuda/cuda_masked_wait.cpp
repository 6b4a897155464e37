// Masked stream waits. HIP's hipStreamWaitValue32/64 take a mask that the driver's
// cuStreamWaitValue does not: a masked Gte, Eq or Nor wait runs as a one-thread kernel on the
// stream that polls the word until the comparison holds (AND folds the mask into the value and
// stays on the driver's path). The kernel is PTX, JIT-compiled once per context.
#include "cuda/cuda_backend.h"

namespace unihip::cuda_backend {

namespace {

// wait(ptr, value, mask, flags, is64): flags are hipStreamWaitValueGte (0), Eq (1), And (2),
// Nor (3), on the masked word as AMD documents them: (w & mask) >= value (unsigned), == value,
// & value != 0, and for Nor ~(w | value) & mask != 0 (the mask limits the bits compared; a full
// mask gives the driver's NOR). ld.volatile reads through to memory each time, so a host's or
// another stream's write is seen.
constexpr char kWaitPtx[] = R"(
.version 6.0
.target sm_50
.address_size 64
.visible .entry unihip_masked_wait(.param .u64 p, .param .u64 v, .param .u64 m, .param .u32 f,
                                   .param .u32 w)
{
  .reg .pred %q<8>;
  .reg .b32 %r<4>;
  .reg .b64 %d<8>;
  ld.param.u64 %d1, [p];
  ld.param.u64 %d2, [v];
  ld.param.u64 %d3, [m];
  ld.param.u32 %r1, [f];
  ld.param.u32 %r2, [w];
  setp.ne.u32 %q1, %r2, 0;
SPIN:
  @%q1 ld.volatile.u64 %d4, [%d1];
  @!%q1 ld.volatile.u32 %r3, [%d1];
  @!%q1 cvt.u64.u32 %d4, %r3;
  and.b64 %d4, %d4, %d3;
  setp.eq.u32 %q2, %r1, 0;
  @%q2 setp.hs.u64 %q3, %d4, %d2;
  setp.eq.u32 %q2, %r1, 1;
  @%q2 setp.eq.u64 %q3, %d4, %d2;
  setp.eq.u32 %q2, %r1, 2;
  and.b64 %d5, %d4, %d2;
  @%q2 setp.ne.u64 %q3, %d5, 0;
  setp.eq.u32 %q2, %r1, 3;
  or.b64 %d5, %d4, %d2;
  not.b64 %d5, %d5;
  and.b64 %d5, %d5, %d3;
  @%q2 setp.ne.u64 %q3, %d5, 0;
  @%q3 bra DONE;
  bra SPIN;
DONE:
  ret;
}
)";

}  // namespace

Status CudaBackend::maskedWaitKernel(int device, CUfunction* out) {
  CudaDevice& d = *devices_[device];
  const uint32_t epoch = resetEpoch_.load(std::memory_order_acquire);
  std::lock_guard<std::mutex> lock(d.maskedWaitMutex);
  // A device reset unloads the context's modules: load again in the new one.
  if (d.maskedWait == nullptr || d.maskedWaitEpoch != epoch) {
    CUmodule module = nullptr;
    UNIHIP_TRY(check(api_->cuModuleLoadData(&module, kWaitPtx), "cuModuleLoadData"));
    CUfunction f = nullptr;
    const Status got =
        check(api_->cuModuleGetFunction(&f, module, "unihip_masked_wait"), "cuModuleGetFunction");
    if (!got.ok()) {
      (void)api_->cuModuleUnload(module);
      return got;
    }
    d.maskedWait = f;
    d.maskedWaitEpoch = epoch;
  }
  *out = d.maskedWait;
  return kOk;
}

Status CudaBackend::maskedWait(int device, NativeStream stream, void* ptr, uint64_t value,
                               uint64_t mask, unsigned int flags, bool is64) {
  CUfunction f = nullptr;
  UNIHIP_TRY(maskedWaitKernel(device, &f));
  uint64_t p = reinterpret_cast<uint64_t>(ptr);
  uint32_t cmp = flags, wide = is64 ? 1 : 0;
  if (!is64) {
    value &= 0xffffffffu;
    mask &= 0xffffffffu;
  }
  void* args[] = {&p, &value, &mask, &cmp, &wide};
  return check(api_->cuLaunchKernel(f, 1, 1, 1, 1, 1, 1, 0, asStream(stream), args, nullptr),
               "cuLaunchKernel");
}

}  // namespace unihip::cuda_backend
