// Linking (hipLinkCreate, hipLinkAddData, hipLinkAddFile, hipLinkComplete, hipLinkDestroy): a
// session on the device current at its creation, over that vendor's linker (seam code_ops.h).
// NVIDIA: the driver's (cuLink*), linking cubin, PTX, fat binaries, host objects, libraries and
// NVVM IR into a cubin that hipModuleLoadData loads; LLVM bitcode and SPIR-V (what AMD's runtime
// links, through comgr) are hipErrorNotSupported there. unihip's AMD backend has no linker:
// hipLinkCreate answers hipErrorNotSupported. Arguments are checked as AMD's runtime checks them;
// a vendor's refusal of an input or of the link is AMD's hipErrorInvalidConfiguration.
#include <atomic>
#include <cstdint>
#include <fstream>
#include <iterator>
#include <mutex>
#include <vector>

#include "api/api_boundary.h"
#include "core/handles.h"
#include "core/runtime.h"

struct ihipLinkState_t {
  static constexpr uint32_t kMagic = 0x4c494e4bu;  // "LINK"
  UNIHIP_HANDLE_STORAGE(ihipLinkState_t)
  std::atomic<uint32_t> magic{0};
  int device = 0;  // HIP ordinal
  unihip::NativeLink native = nullptr;
  std::mutex mutex;  // one call into the vendor's session at a time
};

using namespace unihip;

namespace {

HandleTable<ihipLinkState_t>& linkTable() {
  static HandleTable<ihipLinkState_t> table;
  return table;
}

// Options present when counted; hipJitOptionNumOptions is no option. Other numbers outside
// HIP's enum are ignored, as AMD's runtime ignores them.
Status checkOptions(unsigned int count, const hipJitOption* options, void* const* values) {
  if (count == 0) return kOk;
  if (options == nullptr || values == nullptr) return hipErrorInvalidValue;
  for (unsigned int i = 0; i < count; ++i)
    if (options[i] == hipJitOptionNumOptions) return hipErrorInvalidValue;
  return kOk;
}

// HIP's input types: NVIDIA's (cubin ... NVVM) and AMD's (LLVM bitcode ... SPIR-V).
bool knownInputType(hipJitInputType type) {
  return (type >= hipJitInputCubin && type <= hipJitInputNvvm) ||
         (type >= hipJitInputLLVMBitcode && type <= hipJitInputSpirv);
}

// A vendor's answer as AMD's runtime gives it: a refusal is hipErrorInvalidConfiguration; no
// support for the input or for linking stays hipErrorNotSupported.
Status linkerAnswer(Status s) {
  return s.ok() || s.code() == hipErrorNotSupported ? s : Status(hipErrorInvalidConfiguration);
}

Device* deviceOf(const ihipLinkState_t* l) { return Runtime::get().device(l->device); }

Status create(unsigned int count, hipJitOption* options, void** values, hipLinkState_t* out) {
  if (out == nullptr) return hipErrorInvalidValue;
  UNIHIP_TRY(checkOptions(count, options, values));
  Device* d = nullptr;
  UNIHIP_TRY(currentDevice(&d));
  NativeLink native = nullptr;
  UNIHIP_TRY(linkerAnswer(d->backend->linkCreate(d->local, count, options, values, &native)));
  ihipLinkState_t* l = linkTable().create();
  l->device = d->ordinal;
  l->native = native;
  HandleTable<ihipLinkState_t>::publish(l);
  *out = l;
  return kOk;
}

// hipLinkAddData's and hipLinkAddFile's common part, the input's bytes in hand; `dead`: the
// caller's code for a state destroyed meanwhile.
Status addInput(ihipLinkState_t* l, hipJitInputType type, const void* data, size_t size,
                const char* name, unsigned int count, hipJitOption* options, void** values,
                hipError_t dead) {
  std::lock_guard<std::mutex> lock(l->mutex);
  if (!isLive(l)) return dead;
  Device* d = deviceOf(l);
  return linkerAnswer(d->backend->linkAddData(d->local, l->native, type, data, size, name, count,
                                              options, values));
}

Status addData(hipLinkState_t state, hipJitInputType type, const void* data, size_t size,
               const char* name, unsigned int count, hipJitOption* options, void** values) {
  if (data == nullptr || size == 0) return hipErrorInvalidImage;
  if (!knownInputType(type)) return hipErrorInvalidValue;
  UNIHIP_TRY(checkOptions(count, options, values));
  if (!isLive(state)) return hipErrorInvalidHandle;
  return addInput(state, type, data, size, name, count, options, values, hipErrorInvalidHandle);
}

Status addFile(hipLinkState_t state, hipJitInputType type, const char* path, unsigned int count,
               hipJitOption* options, void** values) {
  if (state == nullptr) return hipErrorInvalidHandle;
  if (!knownInputType(type) || path == nullptr) return hipErrorInvalidValue;
  UNIHIP_TRY(checkOptions(count, options, values));
  if (!isLive(state)) return hipErrorInvalidValue;
  std::ifstream f(path, std::ios::binary);
  std::vector<char> bytes{std::istreambuf_iterator<char>(f), std::istreambuf_iterator<char>()};
  if (!f.good() && !f.eof()) return hipErrorInvalidConfiguration;
  if (bytes.empty()) return hipErrorInvalidConfiguration;  // missing or empty
  return addInput(state, type, bytes.data(), bytes.size(), path, count, options, values,
                  hipErrorInvalidValue);
}

Status complete(hipLinkState_t state, void** image, size_t* size) {
  if (image == nullptr || size == nullptr) return hipErrorInvalidValue;
  if (!isLive(state)) return hipErrorInvalidValue;
  std::lock_guard<std::mutex> lock(state->mutex);
  if (!isLive(state)) return hipErrorInvalidValue;
  Device* d = deviceOf(state);
  return linkerAnswer(d->backend->linkComplete(d->local, state->native, image, size));
}

Status destroy(hipLinkState_t state) {
  if (!isLive(state)) return hipErrorInvalidValue;
  std::lock_guard<std::mutex> lock(state->mutex);
  if (!linkTable().retire(state)) return hipErrorInvalidValue;
  Device* d = deviceOf(state);
  return d->backend->linkDestroy(d->local, state->native);
}

}  // namespace

UNIHIP_EXPORT hipError_t hipLinkCreate(unsigned int numOptions, hipJitOption* options,
                                       void** optionValues, hipLinkState_t* stateOut) {
  UNIHIP_TRACE_hipLinkCreate(numOptions, options, optionValues, stateOut);
  UNIHIP_RETURN(create(numOptions, options, optionValues, stateOut));
}

UNIHIP_EXPORT hipError_t hipLinkAddData(hipLinkState_t state, hipJitInputType type, void* data,
                                        size_t size, const char* name, unsigned int numOptions,
                                        hipJitOption* options, void** optionValues) {
  UNIHIP_TRACE_hipLinkAddData(state, type, data, size, name, numOptions, options, optionValues);
  UNIHIP_RETURN(addData(state, type, data, size, name, numOptions, options, optionValues));
}

UNIHIP_EXPORT hipError_t hipLinkAddFile(hipLinkState_t state, hipJitInputType type,
                                        const char* path, unsigned int numOptions,
                                        hipJitOption* options, void** optionValues) {
  UNIHIP_TRACE_hipLinkAddFile(state, type, path, numOptions, options, optionValues);
  UNIHIP_RETURN(addFile(state, type, path, numOptions, options, optionValues));
}

UNIHIP_EXPORT hipError_t hipLinkComplete(hipLinkState_t state, void** hipBinOut,
                                         size_t* sizeOut) {
  UNIHIP_TRACE_hipLinkComplete(state, hipBinOut, sizeOut);
  UNIHIP_RETURN(complete(state, hipBinOut, sizeOut));
}

UNIHIP_EXPORT hipError_t hipLinkDestroy(hipLinkState_t state) {
  UNIHIP_TRACE_hipLinkDestroy(state);
  UNIHIP_RETURN(destroy(state));
}
