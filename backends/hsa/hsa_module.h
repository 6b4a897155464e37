// A code object loaded on one agent: ROCr reader + frozen executable, and per kernel its
// metadata and kernel object (the address of its kernel descriptor).
// No linker on AMD here (AMD's runtime links SPIR-V and LLVM bitcode through comgr):
// unihip-coverage: not-supported hipLinkCreate hipLinkAddData hipLinkAddFile hipLinkComplete hipLinkDestroy
#pragma once

#include <hsa/hsa.h>

#include <memory>
#include <mutex>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "code_object.h"
#include "base/status.h"
#include "hsa_discovery.h"
#include "hsa_loader.h"

namespace unihip::hsa {

struct HsaModule;

// What a NativeFunction points to.
struct HsaFunction {
  const KernelInfo* info = nullptr;
  uint64_t kernelObject = 0;
  HsaModule* module = nullptr;
};

struct HsaModule {
  std::shared_ptr<const CodeObjectInfo> code;
  hsa_code_object_reader_t reader{0};
  hsa_executable_t executable{0};
  hsa_agent_t agent{0};
  std::vector<HsaFunction> functions;  // parallel to code->kernels
};

// Parses code objects once per image (keyed by address and size: fat binaries stay mapped for
// the process lifetime, and hipModuleLoadData callers keep their image until unload).
// Thread safety: internally locked.
class CodeObjectCache {
 public:
  Status get(const uint8_t* data, size_t size, std::shared_ptr<const CodeObjectInfo>* info);
  void forget(const uint8_t* data);

 private:
  std::mutex mutex_;
  std::unordered_map<const uint8_t*, std::pair<size_t, std::shared_ptr<const CodeObjectInfo>>> map_;
};

// hsa_code_object_reader_create_from_memory, hsa_executable_create_alt,
// hsa_executable_load_agent_code_object, hsa_executable_freeze, then the kernel objects of all
// kernels in the metadata. Everything created is released on failure.
Status loadModule(const HsaApi& api, const AgentInfo& agent, const uint8_t* data, size_t size,
                  std::shared_ptr<const CodeObjectInfo> code, std::unique_ptr<HsaModule>* module);
void unloadModule(const HsaApi& api, std::unique_ptr<HsaModule> module);

// hipErrorInvalidDeviceFunction when `name` is not a kernel of the module.
Status findFunction(HsaModule& module, std::string_view name, HsaFunction** function);
// Address and size of a global variable; hipErrorNotFound when absent.
Status findGlobal(const HsaApi& api, HsaModule& module, const char* name, void** address,
                  size_t* size);

}  // namespace unihip::hsa
