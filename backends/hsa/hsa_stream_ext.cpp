// Stream extensions of the HSA backend: compute-unit masks of a stream's AQL queue.
// Stream memory operations (wait/write value) would need signal memory or a kernel per write:
// unihip-coverage: not-supported hipStreamWaitValue32 hipStreamWaitValue64 hipStreamWriteValue32 hipStreamWriteValue64
#include "core/log.h"
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

}  // namespace unihip::hsa
