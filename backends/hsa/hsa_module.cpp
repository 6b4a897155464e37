// Code objects loaded as modules, and the HSA backend's module family (images, loads, functions,
// globals and function attributes).
#include "hsa_module.h"

#include <algorithm>

#include "base/hot_text.h"
#include "base/log.h"
#include "hsa_backend.h"
#include "hsa_status.h"
#include "target_id.h"

namespace unihip::hsa {

Status CodeObjectCache::get(const uint8_t* data, size_t size,
                            std::shared_ptr<const CodeObjectInfo>* info) {
  {
    std::lock_guard lock(mutex_);
    auto it = map_.find(data);
    if (it != map_.end() && it->second.first == size) {
      *info = it->second.second;
      return kOk;
    }
  }
  auto parsed = std::make_shared<CodeObjectInfo>();
  UNIHIP_TRY(parseCodeObject(data, size, parsed.get()));
  std::lock_guard lock(mutex_);
  map_[data] = {size, parsed};
  *info = std::move(parsed);
  return kOk;
}

void CodeObjectCache::forget(const uint8_t* data) {
  std::lock_guard lock(mutex_);
  map_.erase(data);
}

void unloadModule(const HsaApi& api, std::unique_ptr<HsaModule> m) {
  if (!m) return;
  if (m->executable.handle != 0) api.hsa_executable_destroy(m->executable);
  if (m->reader.handle != 0) api.hsa_code_object_reader_destroy(m->reader);
}

Status loadModule(const HsaApi& api, const AgentInfo& agent, const uint8_t* data, size_t size,
                  std::shared_ptr<const CodeObjectInfo> code, std::unique_ptr<HsaModule>* out) {
  auto m = std::make_unique<HsaModule>();
  m->code = std::move(code);
  m->agent = agent.agent;
  auto step = [&](hsa_status_t status, const char* call) -> Status {
    Status st = checkHsa(api, status, call);
    if (!st.ok()) unloadModule(api, std::move(m));
    return st;
  };
  UNIHIP_TRY(step(api.hsa_code_object_reader_create_from_memory(data, size, &m->reader),
                  "hsa_code_object_reader_create_from_memory"));
  UNIHIP_TRY(step(api.hsa_executable_create_alt(HSA_PROFILE_FULL,
                                                HSA_DEFAULT_FLOAT_ROUNDING_MODE_DEFAULT, nullptr,
                                                &m->executable),
                  "hsa_executable_create_alt"));
  UNIHIP_TRY(step(api.hsa_executable_load_agent_code_object(m->executable, agent.agent, m->reader,
                                                            nullptr, nullptr),
                  "hsa_executable_load_agent_code_object"));
  UNIHIP_TRY(step(api.hsa_executable_freeze(m->executable, nullptr), "hsa_executable_freeze"));

  m->functions.resize(m->code->kernels.size());
  for (size_t i = 0; i < m->code->kernels.size(); ++i) {
    const KernelInfo& k = m->code->kernels[i];
    hsa_executable_symbol_t symbol;
    UNIHIP_TRY(step(api.hsa_executable_get_symbol_by_name(m->executable, k.symbol.c_str(),
                                                          &agent.agent, &symbol),
                    "hsa_executable_get_symbol_by_name(kernel)"));
    uint64_t object = 0;
    UNIHIP_TRY(step(api.hsa_executable_symbol_get_info(
                        symbol, HSA_EXECUTABLE_SYMBOL_INFO_KERNEL_OBJECT, &object),
                    "hsa_executable_symbol_get_info(KERNEL_OBJECT)"));
    m->functions[i] = HsaFunction{&k, object, m.get()};
  }
  *out = std::move(m);
  return kOk;
}

Status findFunction(HsaModule& module, std::string_view name, HsaFunction** function) {
  for (HsaFunction& f : module.functions)
    if (f.info->name == name) {
      *function = &f;
      return kOk;
    }
  UNIHIP_LOG_DEBUG("hsa: no kernel named '{}' in the module", name);
  return hipErrorInvalidDeviceFunction;
}

Status findGlobal(const HsaApi& api, HsaModule& module, const char* name, void** address,
                  size_t* size) {
  hsa_executable_symbol_t symbol;
  if (api.hsa_executable_get_symbol_by_name(module.executable, name, &module.agent, &symbol) !=
      HSA_STATUS_SUCCESS)
    return hipErrorNotFound;
  hsa_symbol_kind_t kind;
  UNIHIP_HSA_TRY(api, hsa_executable_symbol_get_info(symbol, HSA_EXECUTABLE_SYMBOL_INFO_TYPE, &kind));
  if (kind != HSA_SYMBOL_KIND_VARIABLE) return hipErrorNotFound;
  uint64_t addr = 0;
  uint32_t bytes = 0;
  UNIHIP_HSA_TRY(api, hsa_executable_symbol_get_info(
                          symbol, HSA_EXECUTABLE_SYMBOL_INFO_VARIABLE_ADDRESS, &addr));
  UNIHIP_HSA_TRY(api, hsa_executable_symbol_get_info(
                          symbol, HSA_EXECUTABLE_SYMBOL_INFO_VARIABLE_SIZE, &bytes));
  *address = reinterpret_cast<void*>(addr);
  *size = bytes;
  return kOk;
}

// ---- HsaBackend: the module family ----

UNIHIP_HOT_TEXT Status HsaBackend::selectImage(int device, std::span<const BundleEntry> entries,
                                               size_t* index) {
  return selectAmdImage(devices_[device]->info.target, entries, index);
}

UNIHIP_HOT_TEXT Status HsaBackend::loadModule(int device, const BundleEntry& image,
                                              NativeModule* module) {
  std::shared_ptr<const CodeObjectInfo> code;
  UNIHIP_TRY(codeObjects_.get(image.data, image.size, &code));
  std::unique_ptr<HsaModule> m;
  UNIHIP_TRY(hsa::loadModule(api_, devices_[device]->info, image.data, image.size, code, &m));
  *module = m.release();
  return kOk;
}

Status HsaBackend::unloadModule(int, NativeModule module) {
  hsa::unloadModule(api_, std::unique_ptr<HsaModule>(static_cast<HsaModule*>(module)));
  return kOk;
}

UNIHIP_HOT_TEXT Status HsaBackend::getFunction(int, NativeModule module, const char* name,
                                               NativeFunction* function) {
  HsaFunction* f = nullptr;
  UNIHIP_TRY(findFunction(*static_cast<HsaModule*>(module), name, &f));
  *function = f;
  return kOk;
}

// The kernels of the code object's metadata, in its order.
Status HsaBackend::moduleFunctionNames(int, NativeModule module, std::vector<std::string>* names) {
  const auto& kernels = static_cast<HsaModule*>(module)->code->kernels;
  names->clear();
  names->reserve(kernels.size());
  for (const KernelInfo& k : kernels) names->push_back(k.name);
  return kOk;
}

Status HsaBackend::getGlobal(int, NativeModule module, const char* name, void** address,
                             size_t* size) {
  return findGlobal(api_, *static_cast<HsaModule*>(module), name, address, size);
}

Status HsaBackend::functionMaxThreadsPerBlock(int device, NativeFunction function, int* value) {
  const auto* f = static_cast<const HsaFunction*>(function);
  const int deviceMax = devices_[device]->info.properties.maxThreadsPerBlock;
  const uint32_t own = f->info->maxFlatWorkgroupSize;
  *value = own != 0 ? std::min<int>(static_cast<int>(own), deviceMax) : deviceMax;
  return kOk;
}

// Every hipFunction_attribute from the code object's metadata and the agent: the thread limit,
// static LDS, per-thread scratch, VGPRs (AMD's numRegs), the LDS left for dynamic shared memory;
// binary and "PTX" versions are the processor's major*10+minor (gfx90a: 90), as sm_90 is 90.
Status HsaBackend::functionAttribute(int device, NativeFunction function, int attribute,
                                     int* value) {
  const auto* f = static_cast<const HsaFunction*>(function);
  switch (attribute) {
    case 0: return functionMaxThreadsPerBlock(device, function, value);
    case 1: *value = static_cast<int>(f->info->groupSegmentSize); return kOk;
    case 2: *value = 0; return kOk;  // constants live in global memory on AMD
    case 3: *value = static_cast<int>(f->info->privateSegmentSize); return kOk;
    case 4: *value = static_cast<int>(f->info->vgprCount); return kOk;
    case 5:
    case 6: {
      const hipDeviceProp_t& p = devices_[device]->info.properties;
      *value = p.major * 10 + p.minor;
      return kOk;
    }
    case 7: *value = 0; return kOk;  // no cache-mode switch on AMD
    case 8: {
      const size_t lds = devices_[device]->info.properties.sharedMemPerBlock;
      const size_t own = f->info->groupSegmentSize;
      *value = static_cast<int>(lds > own ? lds - own : 0);
      return kOk;
    }
    case 9: *value = 0; return kOk;  // no carveout on AMD
    default: return hipErrorNotSupported;
  }
}

// AMD's runtime accepts both hipFuncAttributes and changes nothing: the LDS limit is the
// hardware's, checked at launch.
Status HsaBackend::setFunctionAttribute(int, NativeFunction, int, int) { return kOk; }

}  // namespace unihip::hsa
