// Stream extensions of the HSA backend: compute-unit masks of a stream's AQL queue, and stream
// memory operations. hipStreamWaitValue*/WriteValue* run a one-work-item built-in kernel on the
// stream (fill_kernels.hip), as AMD's runtime does where it has no barrier-value packet with
// signal memory (CLR rocblit streamOpsWait/streamOpsWrite): the wait kernel polls the word, and
// the in-order queue holds back everything queued after it.
#include "base/log.h"
#include "hsa_backend.h"
#include "hsa_status.h"

namespace unihip::hsa {

Status HsaBackend::streamSetCuMask(int device, NativeStream stream, const uint32_t* mask,
                                   uint32_t words) {
  if (api_.hsa_amd_queue_cu_set_mask == nullptr) {
    UNIHIP_LOG_WARN("hsa: this ROCr lacks hsa_amd_queue_cu_set_mask; no CU masks");
    return hipErrorNotSupported;
  }
  HsaStream* s = nullptr;
  UNIHIP_TRY(resolve(device, stream, &s));
  // ROCr counts the mask in bits (a multiple of 32); CUs the agent lacks are dropped, which ROCr
  // reports as HSA_STATUS_CU_MASK_REDUCED, a success (as in AMD's runtime).
  hsa_status_t st = api_.hsa_amd_queue_cu_set_mask(s->queue, words * 32, mask);
  if (static_cast<int>(st) == static_cast<int>(HSA_STATUS_CU_MASK_REDUCED)) return kOk;
  return checkHsa(api_, st, "hsa_amd_queue_cu_set_mask");
}

Status HsaBackend::streamGetCuMask(int device, NativeStream stream, uint32_t* mask,
                                   uint32_t words) {
  if (api_.hsa_amd_queue_cu_get_mask == nullptr) return hipErrorNotSupported;
  HsaStream* s = nullptr;
  UNIHIP_TRY(resolve(device, stream, &s));
  return checkHsa(api_, api_.hsa_amd_queue_cu_get_mask(s->queue, words * 32, mask),
                  "hsa_amd_queue_cu_get_mask");
}

Status HsaBackend::builtinTask(int device, NativeStream stream, HsaFunction* kernel,
                               void** args) {
  HsaStream* s = nullptr;
  UNIHIP_TRY(resolve(device, stream, &s));
  KernargContext ctx;
  ctx.queuePtr = reinterpret_cast<uint64_t>(s->queue);
  return submitKernel(*s, *kernel->info, kernel->kernelObject, ctx, args);
}

Status HsaBackend::streamWaitValue(int device, NativeStream stream, void* ptr, uint64_t value,
                                   uint64_t mask, unsigned int flags, bool is64) {
  FillKernels* k = nullptr;
  UNIHIP_TRY(fillKernels(device, &k));
  if (k->streamWait == nullptr) return hipErrorNotSupported;
  void* p32 = is64 ? nullptr : ptr;
  void* p64 = is64 ? ptr : nullptr;
  uint64_t compare = flags;
  void* args[] = {&p32, &p64, &value, &compare, &mask};
  return builtinTask(device, stream, k->streamWait, args);
}

Status HsaBackend::streamWriteValue(int device, NativeStream stream, void* ptr, uint64_t value,
                                    bool is64) {
  FillKernels* k = nullptr;
  UNIHIP_TRY(fillKernels(device, &k));
  if (k->streamWrite == nullptr) return hipErrorNotSupported;
  void* p32 = is64 ? nullptr : ptr;
  void* p64 = is64 ? ptr : nullptr;
  void* args[] = {&p32, &p64, &value};
  return builtinTask(device, stream, k->streamWrite, args);
}

}  // namespace unihip::hsa
