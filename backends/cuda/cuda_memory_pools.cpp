// The CUDA driver's MemoryPoolOps (not implemented yet: the family answers hipErrorNotSupported).
#include "cuda/cuda_core.h"
#include "seam/memory_pool_ops.h"

namespace unihip::cu {

std::unique_ptr<MemoryPoolOps> createCudaMemoryPoolOps(CudaCore& core) {
  (void)core;
  return nullptr;
}

}  // namespace unihip::cu
