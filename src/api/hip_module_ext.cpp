// Module functions over hipModuleLoadData and Backend::getGlobal: hipModuleLoadDataEx and
// hipModuleGetGlobal.
#include <cstring>

#include "api/api_boundary.h"
#include "base/allocation_map.h"
#include "core/handles.h"
#include "core/runtime.h"

using namespace unihip;

// JIT options tune PTX compilation; images are loaded as they are, so the options are checked
// for shape and otherwise ignored (as on AMD, where they have no effect either).
UNIHIP_EXPORT hipError_t hipModuleLoadDataEx(hipModule_t* module, const void* image,
                                             unsigned int numOptions, hipJitOption* options,
                                             void** optionValues) {
  UNIHIP_TRACE_hipModuleLoadDataEx(module, image, numOptions, options, optionValues);
  if (numOptions > 0 && (options == nullptr || optionValues == nullptr))
    UNIHIP_RETURN(hipErrorInvalidValue);
  UNIHIP_RETURN(hipModuleLoadData(module, image));
}

UNIHIP_EXPORT hipError_t hipModuleGetGlobal(hipDeviceptr_t* dptr, size_t* bytes, hipModule_t hmod,
                                            const char* name) {
  UNIHIP_TRACE_hipModuleGetGlobal(dptr, bytes, hmod, name);
  if ((dptr == nullptr && bytes == nullptr) || name == nullptr || name[0] == '\0')
    UNIHIP_RETURN(hipErrorInvalidValue);
  if (!isLive(hmod)) UNIHIP_RETURN(hipErrorInvalidResourceHandle);
  Device* d = Runtime::get().device(hmod->device);
  if (d == nullptr) UNIHIP_RETURN(hipErrorInvalidResourceHandle);
  // A __managed__ variable is its managed memory, as AMD's getDynGlobalVar answers it.
  for (const auto& v : hmod->managed) {
    if (v.name == name) {
      if (dptr) *dptr = v.storage;
      if (bytes) *bytes = v.size;
      UNIHIP_RETURN(kOk);
    }
  }
  void* address = nullptr;
  size_t size = 0;
  Status s = d->backend->getGlobal(d->local, hmod->native, name, &address, &size);
  if (!s.ok()) UNIHIP_RETURN(hipErrorNotFound);
  // Fills, copies and address queries on the global then know it (hipFree refuses it).
  AllocationMap::get().insert({address, size, d->ordinal, AllocationKind::Variable});
  if (dptr) *dptr = address;
  if (bytes) *bytes = size;
  UNIHIP_RETURN(kOk);
}
