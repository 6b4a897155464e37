#include "hsa_module.h"

#include "base/log.h"
#include "hsa_status.h"

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

}  // namespace unihip::hsa
