// Entry points by name (hipGetProcAddress) and the tracing hooks of AMD's runtime.
#include <dlfcn.h>

#include <cstdint>
#include <string>

#include "api/api_boundary.h"

using namespace unihip;

namespace {

// The object this code lives in (libunihip.so, or the executable it is linked into), looked
// up once; dlsym on it finds exactly the functions the library exports.
void* selfHandle() {
  static void* handle = [] {
    Dl_info info{};
    if (dladdr(reinterpret_cast<void*>(&selfHandle), &info) == 0 || info.dli_fname == nullptr)
      return static_cast<void*>(nullptr);
    return dlopen(info.dli_fname, RTLD_LAZY | RTLD_NOLOAD);
  }();
  return handle;
}

void* lookup(const std::string& name) {
  void* handle = selfHandle();
  void* p = handle ? dlsym(handle, name.c_str()) : nullptr;
  return p ? p : dlsym(RTLD_DEFAULT, name.c_str());
}

Status procAddress(const char* symbol, void** pfn, int hipVersion, uint64_t flags,
                   hipDriverProcAddressQueryResult* symbolStatus) {
  constexpr uint64_t kKnownFlags =
      HIP_GET_PROC_ADDRESS_LEGACY_STREAM | HIP_GET_PROC_ADDRESS_PER_THREAD_DEFAULT_STREAM;
  if (symbol == nullptr || symbol[0] == '\0' || pfn == nullptr || (flags & ~kKnownFlags) != 0)
    return hipErrorInvalidValue;
  std::string name = symbol;
  // The HIP 6 layouts of the versioned functions, for callers built against HIP 6 or later.
  if (hipVersion >= 600 && (name == "hipGetDeviceProperties" || name == "hipChooseDevice"))
    name += "R0600";
  void* p = nullptr;
  if (flags & HIP_GET_PROC_ADDRESS_PER_THREAD_DEFAULT_STREAM) p = lookup(name + "_spt");
  if (p == nullptr) p = lookup(name);
  // Only HIP's names: anything else in the process is not an entry point of this runtime.
  if (p == nullptr || (name.compare(0, 3, "hip") != 0 && name.compare(0, 5, "__hip") != 0)) {
    *pfn = nullptr;
    if (symbolStatus) *symbolStatus = HIP_GET_PROC_ADDRESS_SYMBOL_NOT_FOUND;
    return hipErrorInvalidValue;
  }
  *pfn = p;
  if (symbolStatus) *symbolStatus = HIP_GET_PROC_ADDRESS_SUCCESS;
  return kOk;
}

// hipGetDriverEntryPoint (AMD's semantics): HIP's own entry points by name, the `_spt` twin first
// for hipEnablePerThreadDefaultStream; a name it lacks is hipErrorInvalidValue with
// hipDriverEntryPointSymbolNotFound.
Status driverEntryPoint(const char* symbol, void** funcPtr, unsigned long long flags,
                        hipDriverEntryPointQueryResult* status) {
  if (symbol == nullptr || symbol[0] == '\0' || funcPtr == nullptr ||
      flags > hipEnablePerThreadDefaultStream)
    return hipErrorInvalidValue;
  const uint64_t procFlags = flags == hipEnablePerThreadDefaultStream
                                 ? HIP_GET_PROC_ADDRESS_PER_THREAD_DEFAULT_STREAM
                                 : HIP_GET_PROC_ADDRESS_DEFAULT;
  hipDriverProcAddressQueryResult found = HIP_GET_PROC_ADDRESS_SYMBOL_NOT_FOUND;
  Status s = procAddress(symbol, funcPtr, HIP_VERSION_MAJOR * 100 + HIP_VERSION_MINOR, procFlags,
                         &found);
  if (status) {
    *status = found == HIP_GET_PROC_ADDRESS_SUCCESS ? hipDriverEntryPointSuccess
                                                    : hipDriverEntryPointSymbolNotFound;
  }
  return s;
}

}  // namespace

UNIHIP_EXPORT hipError_t hipGetDriverEntryPoint(const char* symbol, void** funcPtr,
                                                unsigned long long flags,
                                                hipDriverEntryPointQueryResult* status) {
  UNIHIP_TRACE_hipGetDriverEntryPoint(symbol, funcPtr, flags, status);
  UNIHIP_RETURN(driverEntryPoint(symbol, funcPtr, flags, status));
}

// The per-thread-stream builds' names: their lookups prefer the `_spt` twins.
UNIHIP_EXPORT hipError_t hipGetDriverEntryPoint_spt(const char* symbol, void** funcPtr,
                                                    unsigned long long flags,
                                                    hipDriverEntryPointQueryResult* status) {
  UNIHIP_TRACE_hipGetDriverEntryPoint_spt(symbol, funcPtr, flags, status);
  if (flags > hipEnablePerThreadDefaultStream) UNIHIP_RETURN(hipErrorInvalidValue);
  const unsigned long long effective =
      flags == hipEnableLegacyStream ? flags : hipEnablePerThreadDefaultStream;
  UNIHIP_RETURN(driverEntryPoint(symbol, funcPtr, effective, status));
}

UNIHIP_EXPORT hipError_t hipGetProcAddress_spt(const char* symbol, void** pfn, int hipVersion,
                                               uint64_t flags,
                                               hipDriverProcAddressQueryResult* symbolStatus) {
  UNIHIP_TRACE_hipGetProcAddress_spt(symbol, pfn, hipVersion, flags, symbolStatus);
  if (flags == HIP_GET_PROC_ADDRESS_DEFAULT) flags = HIP_GET_PROC_ADDRESS_PER_THREAD_DEFAULT_STREAM;
  UNIHIP_RETURN(procAddress(symbol, pfn, hipVersion, flags, symbolStatus));
}

UNIHIP_EXPORT hipError_t hipGetProcAddress(const char* symbol, void** pfn, int hipVersion,
                                           uint64_t flags,
                                           hipDriverProcAddressQueryResult* symbolStatus) {
  UNIHIP_TRACE_hipGetProcAddress(symbol, pfn, hipVersion, flags, symbolStatus);
  UNIHIP_RETURN(procAddress(symbol, pfn, hipVersion, flags, symbolStatus));
}

// AMD numbers its API functions for roctracer (hip_prof_str.h); the ids are AMD's
// (src/api/hip_api_ids.tsv), retired and unknown ids answer "unknown", as AMD's does.
UNIHIP_EXPORT const char* hipApiName(uint32_t id) {
  UNIHIP_TRACE_hipApiName(id);
  static constexpr const char* kNames[] = {
#include "hip_api_names.inc"
  };
  if (id >= sizeof(kNames) / sizeof(kNames[0]) || kNames[id][0] == '\0') return "unknown";
  return kNames[id];
}

// roctracer's hook into AMD's runtime (not in HIP's public headers). unihip reports no activity:
// the callback is never called.
UNIHIP_EXPORT void hipRegisterTracerCallback(int (*function)(uint32_t domain,
                                                             uint32_t operation_id, void* data)) {
  UNIHIP_TRACE_API("hipRegisterTracerCallback({})", reinterpret_cast<void*>(function));
  if (function != nullptr)
    UNIHIP_LOG_INFO("hipRegisterTracerCallback: unihip emits no activity records; ignored");
}
