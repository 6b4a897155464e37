// The CUDA driver's GraphOps (not implemented yet: the family answers hipErrorNotSupported).
#include "cuda/cuda_core.h"
#include "seam/graph_ops.h"

namespace unihip::cu {

std::unique_ptr<GraphOps> createCudaGraphOps(CudaCore& core) {
  (void)core;
  return nullptr;
}

}  // namespace unihip::cu
