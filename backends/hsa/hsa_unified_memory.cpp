// HsaBackend: managed memory and registered host memory.
//
// Managed memory is fine-grained system memory that every GPU agent may access: the path AMD's
// runtime takes where the kernel offers no HMM/XNACK page migration. The data stays in host
// memory, so prefetches have nothing to move and advice has nothing to change; both succeed, as
// they do there. Range attributes are not answered (no record of advice is kept).
// unihip-coverage: not-supported hipMemRangeGetAttribute hipMemRangeGetAttributes
#include <vector>

#include "hsa_backend.h"
#include "hsa_status.h"

namespace unihip::hsa {

Status HsaBackend::mallocManaged(int device, size_t size, unsigned int, void** ptr) {
  return hostMalloc(device, size, 0, ptr);
}

Status HsaBackend::freeManaged(int device, void* ptr) { return hostFree(device, ptr); }

Status HsaBackend::prefetch(int, const void*, size_t, int, NativeStream) { return kOk; }

Status HsaBackend::advise(int, const void*, size_t, int, int) { return kOk; }

// Every queue reaches fine-grained system memory: attaching changes nothing.
Status HsaBackend::streamAttachMemory(int, NativeStream, void*, size_t, unsigned int) {
  return kOk;
}

Status HsaBackend::hostRegister(int, void* ptr, size_t size, unsigned int, void** devicePointer) {
  std::vector<hsa_agent_t> gpus;
  for (auto& d : devices_) gpus.push_back(d->info.agent);
  void* agentPointer = nullptr;
  UNIHIP_HSA_TRY(api_, hsa_amd_memory_lock(ptr, size, gpus.data(), static_cast<int>(gpus.size()),
                                           &agentPointer));
  *devicePointer = agentPointer;
  return kOk;
}

Status HsaBackend::hostUnregister(int, void* ptr) {
  UNIHIP_HSA_TRY(api_, hsa_amd_memory_unlock(ptr));
  return kOk;
}

}  // namespace unihip::hsa
