// The CUDA driver's ImageOps (not implemented yet: the family answers hipErrorNotSupported).
#include "cuda/cuda_core.h"
#include "seam/image_ops.h"

namespace unihip::cu {

std::unique_ptr<ImageOps> createCudaImageOps(CudaCore& core) {
  (void)core;
  return nullptr;
}

}  // namespace unihip::cu
