#include "cuda/cuda_link.h"

#include <cstdint>
#include <cstring>
#include <memory>
#include <vector>

namespace unihip::cu {

namespace {

// Options whose value slot the driver writes (the link's wall time, the logs' filled sizes).
bool isOutput(int cudaOption) {
  return cudaOption == hipJitOptionWallTime || cudaOption == hipJitOptionInfoLogBufferSizeBytes ||
         cudaOption == hipJitOptionErrorLogBufferSizeBytes;
}

// A caller's options as the driver takes them. The driver writes its outputs into the value
// array it was given, so they are copied back to the caller's slots after each call (the
// caller keeps its array while it uses output options, as CUDA asks).
struct DriverOptions {
  std::vector<int> options;
  std::vector<void*> values;
  std::vector<unsigned> positions;  // each option's index in the caller's arrays
  void** caller = nullptr;

  DriverOptions(unsigned count, const hipJitOption* hip, void** hipValues) : caller(hipValues) {
    for (unsigned i = 0; i < count; ++i) {
      const int o = cudaJitOption(hip[i]);
      if (o < 0) continue;
      options.push_back(o);
      values.push_back(hipValues[i]);
      positions.push_back(i);
    }
  }
  unsigned size() const { return static_cast<unsigned>(options.size()); }
  int* optionArray() { return options.empty() ? nullptr : options.data(); }
  void** valueArray() { return values.empty() ? nullptr : values.data(); }
  void copyOutputs() const {
    for (size_t k = 0; k < options.size(); ++k)
      if (isOutput(options[k])) caller[positions[k]] = values[k];
  }
};

// One session: the driver's state and the options it keeps writing to.
struct CudaLink {
  CUlinkState state = nullptr;
  DriverOptions options;
};

bool haveLinker(const DriverApi& a) {
  return a.cuLinkCreate && a.cuLinkAddData && a.cuLinkComplete && a.cuLinkDestroy;
}

}  // namespace

int cudaJitOption(int hipOption) {
  if (hipOption >= hipJitOptionMaxRegisters && hipOption <= hipJitOptionFma) return hipOption;
  switch (hipOption) {
    case hipJitOptionPositionIndependentCode: return CU_JIT_POSITION_INDEPENDENT_CODE;
    case hipJitOptionMinCTAPerSM: return CU_JIT_MIN_CTA_PER_SM;
    case hipJitOptionMaxThreadsPerBlock: return CU_JIT_MAX_THREADS_PER_BLOCK;
    case hipJitOptionOverrideDirectiveValues: return CU_JIT_OVERRIDE_DIRECTIVE_VALUES;
    default: return -1;
  }
}

int cudaJitInputType(int hipType) {
  return hipType >= hipJitInputCubin && hipType <= hipJitInputNvvm ? hipType : -1;
}

Status cudaLinkCreate(CudaCore& core, int device, unsigned count, const hipJitOption* options,
                      void** values, NativeLink* link) {
  const DriverApi& api = core.api();
  if (!haveLinker(api)) return hipErrorNotSupported;
  UNIHIP_TRY(core.makeCurrent(device));
  auto l = std::make_unique<CudaLink>(CudaLink{nullptr, DriverOptions(count, options, values)});
  UNIHIP_TRY(core.check(api.cuLinkCreate(l->options.size(), l->options.optionArray(),
                                         l->options.valueArray(), &l->state),
                        "cuLinkCreate"));
  l->options.copyOutputs();
  *link = l.release();
  return kOk;
}

Status cudaLinkAddData(CudaCore& core, int device, NativeLink link, hipJitInputType type,
                       const void* data, size_t size, const char* name, unsigned count,
                       const hipJitOption* options, void** values) {
  const int cudaType = cudaJitInputType(type);
  if (cudaType < 0) return hipErrorNotSupported;
  auto* l = static_cast<CudaLink*>(link);
  UNIHIP_TRY(core.makeCurrent(device));
  // The driver wants NUL-terminated PTX and 8-byte-aligned ELF; a caller's buffer may be neither.
  std::vector<uint64_t> copy;
  const bool ptx = type == hipJitInputPtx;
  if ((ptx && static_cast<const char*>(data)[size - 1] != '\0') ||
      reinterpret_cast<uintptr_t>(data) % 8 != 0) {
    copy.assign(size / 8 + 1, 0);
    std::memcpy(copy.data(), data, size);
    data = copy.data();
    if (ptx) size = std::strlen(static_cast<const char*>(data)) + 1;
  }
  DriverOptions input(count, options, values);
  Status s = core.check(core.api().cuLinkAddData(l->state, cudaType, const_cast<void*>(data), size,
                                                 name ? name : "", input.size(),
                                                 input.optionArray(), input.valueArray()),
                        "cuLinkAddData");
  input.copyOutputs();
  l->options.copyOutputs();
  return s;
}

Status cudaLinkComplete(CudaCore& core, int device, NativeLink link, void** image, size_t* size) {
  auto* l = static_cast<CudaLink*>(link);
  UNIHIP_TRY(core.makeCurrent(device));
  Status s = core.check(core.api().cuLinkComplete(l->state, image, size), "cuLinkComplete");
  l->options.copyOutputs();
  return s;
}

Status cudaLinkDestroy(CudaCore& core, int device, NativeLink link) {
  std::unique_ptr<CudaLink> l(static_cast<CudaLink*>(link));
  UNIHIP_TRY(core.makeCurrent(device));
  return core.check(core.api().cuLinkDestroy(l->state), "cuLinkDestroy");
}

}  // namespace unihip::cu
