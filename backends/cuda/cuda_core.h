// What the CUDA backend's optional families (cuda_graphs.cpp, cuda_memory_pools.cpp,
// cuda_images.cpp, cuda_exec_ctx.cpp) need from the backend: the driver table, a device's
// handle and context.
#pragma once

#include <memory>

#include "base/status.h"
#include "cuda/cuda_driver.h"

namespace unihip {

class GraphOps;
class MemoryPoolOps;
class ImageOps;
class ExecutionCtxOps;

namespace cu {

class CudaCore {
 public:
  virtual ~CudaCore() = default;
  virtual const DriverApi& api() const = 0;
  virtual int deviceCount() const = 0;
  virtual CUdevice deviceHandle(int device) const = 0;
  // The device's primary context once retained (its first makeCurrent); null before.
  virtual CUcontext retainedContext(int device) const = 0;
  // Makes the device's primary context current on this thread (cached per thread).
  virtual Status makeCurrent(int device) = 0;
  // Maps a driver result; failures are logged with `call` (NOT_READY is an answer, not logged).
  virtual Status check(CUresult r, const char* call) const = 0;
};

// Each returns nullptr when the driver lacks the family's entry points.
std::unique_ptr<GraphOps> createCudaGraphOps(CudaCore& core);
std::unique_ptr<MemoryPoolOps> createCudaMemoryPoolOps(CudaCore& core);
std::unique_ptr<ImageOps> createCudaImageOps(CudaCore& core);
std::unique_ptr<ExecutionCtxOps> createCudaExecutionCtxOps(CudaCore& core);

}  // namespace cu
}  // namespace unihip
