// hipLink* over the driver's linker (cuLinkCreate, cuLinkAddData, cuLinkComplete, cuLinkDestroy):
// cubin, PTX, fat binaries, host objects and libraries with embedded device code, and NVVM IR,
// linked into one cubin that hipModuleLoadData loads. HIP's JIT options and input types are
// mapped to CUDA's numbers.
#pragma once

#include "cuda/cuda_core.h"
#include "seam/code_ops.h"

namespace unihip::cu {

// The driver's CUjit_option for a HIP option; -1 for AMD's own (left out: they mean nothing to
// the driver) and numbers beyond the enum (ignored, as AMD's runtime ignores them).
int cudaJitOption(int hipOption);
// The driver's CUjitInputType for a HIP input type; -1 for those it cannot link (LLVM bitcode,
// SPIR-V).
int cudaJitInputType(int hipType);

Status cudaLinkCreate(CudaCore& core, int device, unsigned count, const hipJitOption* options,
                      void** values, NativeLink* link);
Status cudaLinkAddData(CudaCore& core, int device, NativeLink link, hipJitInputType type,
                       const void* data, size_t size, const char* name, unsigned count,
                       const hipJitOption* options, void** values);
Status cudaLinkComplete(CudaCore& core, int device, NativeLink link, void** image, size_t* size);
Status cudaLinkDestroy(CudaCore& core, int device, NativeLink link);

}  // namespace unihip::cu
