// The cluster occupancy queries over the driver's calculator (cuOccupancyMaxPotentialClusterSize,
// cuOccupancyMaxActiveClusters), for the backend's CodeOps; the execution contexts family is
// createCudaExecutionCtxOps (cuda_core.h).
#pragma once

#include "cuda/cuda_core.h"
#include "seam/handles.h"

namespace unihip::cu {

// `potential`: the largest cluster size, else the number of clusters that fit at once.
Status cudaClusterOccupancy(CudaCore& core, int device, CUfunction function,
                            const hipLaunchConfig_t& config, CUstream stream, bool potential,
                            int* out);

}  // namespace unihip::cu
