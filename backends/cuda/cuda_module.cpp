// The CUDA backend's modules: image selection, loads, functions, globals and function
// attributes (the linker: cuda_link.cpp).
#include <algorithm>
#include <cstring>
#include <string>

#include "base/log.h"
#include "cuda/cuda_backend.h"
#include "cuda/cuda_image_select.h"

namespace unihip::cuda_backend {

UNIHIP_HOT_TEXT Status CudaBackend::selectImage(int device, std::span<const BundleEntry> entries,
                                              size_t* index) {
  const auto& p = devices_[device]->props;
  Status s = selectCudaImage(entries, p.major * 10 + p.minor, index);
  if (s.ok() && entries[*index].kind == ImageKind::Ptx)
    UNIHIP_LOG_INFO("cuda device {}: no cubin for sm_{}{}; JIT-compiling PTX '{}'", device,
                    p.major, p.minor, entries[*index].target);
  return s;
}

UNIHIP_HOT_TEXT Status CudaBackend::load(int device, const BundleEntry& image, bool readSymbols,
                                       NativeModule* module) {
  UNIHIP_TRY(makeCurrent(device));
  // The driver wants NUL-terminated PTX and 8-byte-aligned ELF; bundle entries are neither.
  std::vector<uint64_t> copy;
  const void* data = image.data;
  if (image.kind == ImageKind::Ptx || reinterpret_cast<uintptr_t>(data) % 8 != 0) {
    copy.assign(image.size / 8 + 1, 0);
    std::memcpy(copy.data(), image.data, image.size);
    data = copy.data();
  }
  CUmodule m = nullptr;
  UNIHIP_TRY(check(api_->cuModuleLoadData(&m, data), "cuModuleLoadData"));
  ModuleSymbols names;
  bool known = readSymbols && readModuleSymbols(image.kind, data, image.size, &names);
  {
    std::unique_lock lock(symbolsMutex_);  // a handle value may come back after a reset
    if (known) symbols_[m] = std::move(names);
    else symbols_.erase(m);
  }
  *module = m;
  return kOk;
}

Status CudaBackend::unloadModule(int device, NativeModule module) {
  UNIHIP_TRY(makeCurrent(device));
  {
    std::unique_lock lock(symbolsMutex_);
    symbols_.erase(static_cast<CUmodule>(module));
    parameterBytes_.clear();  // its functions' handles may come back for other kernels
  }
  return check(api_->cuModuleUnload(static_cast<CUmodule>(module)), "cuModuleUnload");
}

bool CudaBackend::mayDefine(NativeModule module, const char* name) const {
  std::shared_lock lock(symbolsMutex_);
  auto it = symbols_.find(static_cast<CUmodule>(module));
  return it == symbols_.end() || it->second.count(name) != 0;
}

namespace {
// clang names an internal kernel or variable of separate compilation `name.intern.<hash>` on
// the host; the NVPTX backend writes each '.' of a symbol as "__" (PTX names allow no dots).
std::string ptxSymbolName(const char* name) {
  std::string out;
  for (const char* c = name; *c; ++c) {
    if (*c == '.') out += "__";
    else out += *c;
  }
  return out;
}
}  // namespace

UNIHIP_HOT_TEXT Status CudaBackend::getFunction(int device, NativeModule module, const char* name,
                                              NativeFunction* function) {
  UNIHIP_TRY(makeCurrent(device));
  CUfunction f = nullptr;
  // CUDA_ERROR_NOT_FOUND (500): not an error worth logging
  CUresult r = mayDefine(module, name) ? api_->cuModuleGetFunction(&f, static_cast<CUmodule>(module), name)
                                       : CUresult(500);
  if (r == 500 && std::strchr(name, '.') != nullptr)
    return getFunction(device, module, ptxSymbolName(name).c_str(), function);
  if (r == 500) return hipErrorNotFound;
  UNIHIP_TRY(check(r, "cuModuleGetFunction"));
  *function = f;
  return kOk;
}

Status CudaBackend::moduleFunctionNames(int device, NativeModule module,
                                      std::vector<std::string>* names) {
  if (api_->cuModuleGetFunctionCount == nullptr || api_->cuModuleEnumerateFunctions == nullptr ||
      api_->cuFuncGetName == nullptr)
    return hipErrorNotSupported;
  UNIHIP_TRY(makeCurrent(device));
  CUmodule m = static_cast<CUmodule>(module);
  unsigned int count = 0;
  UNIHIP_TRY(check(api_->cuModuleGetFunctionCount(&count, m), "cuModuleGetFunctionCount"));
  std::vector<CUfunction> functions(count);
  if (count != 0)
    UNIHIP_TRY(check(api_->cuModuleEnumerateFunctions(functions.data(), count, m),
                     "cuModuleEnumerateFunctions"));
  names->clear();
  for (CUfunction f : functions) {
    const char* name = nullptr;
    UNIHIP_TRY(check(api_->cuFuncGetName(&name, f), "cuFuncGetName"));
    names->emplace_back(name ? name : "");
  }
  return kOk;
}

Status CudaBackend::moduleManagedVariables(int, NativeModule module,
                                           std::vector<std::string>* names) {
  std::shared_lock lock(symbolsMutex_);
  auto it = symbols_.find(static_cast<CUmodule>(module));
  if (it == symbols_.end()) return hipErrorNotSupported;
  *names = it->second.managedVariables();
  return kOk;
}

Status CudaBackend::getGlobal(int device, NativeModule module, const char* name, void** address,
                            size_t* size) {
  UNIHIP_TRY(makeCurrent(device));
  CUdeviceptr p = 0;
  size_t bytes = 0;
  CUresult r = mayDefine(module, name) ? api_->cuModuleGetGlobal(&p, &bytes, static_cast<CUmodule>(module), name)
                                       : CUresult(500);
  if (r == 500 && std::strchr(name, '.') != nullptr)
    return getGlobal(device, module, ptxSymbolName(name).c_str(), address, size);
  if (r == 500) return hipErrorNotFound;
  UNIHIP_TRY(check(r, "cuModuleGetGlobal"));
  *address = reinterpret_cast<void*>(p);
  if (size) *size = bytes;
  return kOk;
}

Status CudaBackend::functionMaxThreadsPerBlock(int device, NativeFunction function, int* value) {
  UNIHIP_TRY(makeCurrent(device));
  return check(api_->cuFuncGetAttribute(value, CU_FUNC_ATTRIBUTE_MAX_THREADS_PER_BLOCK,
                                        static_cast<CUfunction>(function)),
               "cuFuncGetAttribute");
}

Status CudaBackend::functionAttribute(int device, NativeFunction function, int attribute,
                                    int* value) {
  UNIHIP_TRY(makeCurrent(device));
  return check(api_->cuFuncGetAttribute(value, attribute,
                                        static_cast<CUfunction>(function)),
               "cuFuncGetAttribute");
}

Status CudaBackend::setFunctionAttribute(int device, NativeFunction function, int attribute,
                                       int value) {
  if (api_->cuFuncSetAttribute == nullptr) return hipErrorNotSupported;
  UNIHIP_TRY(makeCurrent(device));
  return check(api_->cuFuncSetAttribute(static_cast<CUfunction>(function), attribute, value),
               "cuFuncSetAttribute");
}

}  // namespace unihip::cuda_backend
