// Occupancy queries: arguments are checked as HIP does, then the kernel's backend answers
// (CUDA: the driver's occupancy calculator; AMD: not yet, it needs the register counts).
#include "api/api_boundary.h"
#include "api/arg_checks.h"
#include "api/kernel_lookup.h"
#include "core/runtime.h"
#include "core/handles.h"
#include "core/stream_resolve.h"

using namespace unihip;

namespace {

Status checkActiveBlocks(int* numBlocks, int blockSize, unsigned int flags) {
  if (numBlocks == nullptr) return hipErrorInvalidValue;
  if (blockSize <= 0 || (flags & ~static_cast<unsigned>(hipOccupancyDisableCachingOverride)) != 0)
    return hipErrorInvalidValue;
  Device* d = nullptr;
  return currentDevice(&d);
}

Status checkPotentialBlockSize(int* gridSize, int* blockSize, int blockSizeLimit,
                               unsigned int flags) {
  if (gridSize == nullptr || blockSize == nullptr || blockSizeLimit < 0 ||
      (flags & ~static_cast<unsigned>(hipOccupancyDisableCachingOverride)) != 0)
    return hipErrorInvalidValue;
  Device* d = nullptr;
  return currentDevice(&d);
}

Status kernelOf(const void* f) {
  KernelRecord* kernel = nullptr;
  return registeredKernel(f, &kernel);
}

// The device and function a query names: a registered kernel on the current device, or a module
// function handle.
struct Target {
  Device* device = nullptr;
  NativeFunction function = nullptr;
};
Status targetOf(const void* hostFunction, Target* t) {
  return kernelOnCurrentDevice(hostFunction, &t->device, &t->function);
}
Status targetOf(hipFunction_t f, Target* t) { return moduleFunction(f, &t->device, &t->function); }

template <typename F>
Status maxActiveBlocks(int* numBlocks, F f, int blockSize, size_t dynamicShared,
                       unsigned int flags) {
  Target t;
  UNIHIP_TRY(targetOf(f, &t));
  return t.device->backend->occupancyMaxActiveBlocks(t.device->local, t.function, blockSize,
                                                     dynamicShared, flags, numBlocks);
}

template <typename F>
Status maxPotentialBlockSize(int* gridSize, int* blockSize, F f, size_t dynamicShared,
                             int blockSizeLimit, unsigned int flags) {
  Target t;
  UNIHIP_TRY(targetOf(f, &t));
  return t.device->backend->occupancyMaxPotentialBlockSize(
      t.device->local, t.function, dynamicShared, blockSizeLimit, flags, gridSize, blockSize);
}

}  // namespace

#define UNIHIP_OCCUPANCY_CHECK(...)     \
  do {                                  \
    Status s_ = (__VA_ARGS__);          \
    if (!s_.ok()) UNIHIP_RETURN(s_);    \
  } while (0)

UNIHIP_EXPORT hipError_t hipOccupancyMaxActiveBlocksPerMultiprocessor(int* numBlocks,
                                                                      const void* f,
                                                                      int blockSize,
                                                                      size_t dynSharedMemPerBlk) {
  UNIHIP_TRACE_hipOccupancyMaxActiveBlocksPerMultiprocessor(numBlocks, f, blockSize,
                                                            dynSharedMemPerBlk);
  UNIHIP_OCCUPANCY_CHECK(numBlocks == nullptr ? Status(hipErrorInvalidValue) : kernelOf(f));
  UNIHIP_OCCUPANCY_CHECK(checkActiveBlocks(numBlocks, blockSize, 0));
  UNIHIP_RETURN(maxActiveBlocks(numBlocks, f, blockSize, dynSharedMemPerBlk, 0));
}

UNIHIP_EXPORT hipError_t hipOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(
    int* numBlocks, const void* f, int blockSize, size_t dynSharedMemPerBlk, unsigned int flags) {
  UNIHIP_TRACE_hipOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(numBlocks, f, blockSize,
                                                                     dynSharedMemPerBlk, flags);
  UNIHIP_OCCUPANCY_CHECK(numBlocks == nullptr ? Status(hipErrorInvalidValue) : kernelOf(f));
  UNIHIP_OCCUPANCY_CHECK(checkActiveBlocks(numBlocks, blockSize, flags));
  UNIHIP_RETURN(maxActiveBlocks(numBlocks, f, blockSize, dynSharedMemPerBlk, flags));
}

UNIHIP_EXPORT hipError_t hipOccupancyMaxPotentialBlockSize(int* gridSize, int* blockSize,
                                                           const void* f,
                                                           size_t dynSharedMemPerBlk,
                                                           int blockSizeLimit) {
  UNIHIP_TRACE_hipOccupancyMaxPotentialBlockSize(gridSize, blockSize, f, dynSharedMemPerBlk,
                                                 blockSizeLimit);
  UNIHIP_OCCUPANCY_CHECK(checkPotentialBlockSize(gridSize, blockSize, blockSizeLimit, 0));
  UNIHIP_OCCUPANCY_CHECK(kernelOf(f));
  UNIHIP_RETURN(
      maxPotentialBlockSize(gridSize, blockSize, f, dynSharedMemPerBlk, blockSizeLimit, 0));
}

UNIHIP_EXPORT hipError_t hipOccupancyAvailableDynamicSMemPerBlock(size_t* dynamicSmemSize,
                                                                  const void* f, int numBlocks,
                                                                  int blockSize) {
  UNIHIP_TRACE_hipOccupancyAvailableDynamicSMemPerBlock(dynamicSmemSize, f, numBlocks, blockSize);
  if (dynamicSmemSize == nullptr || numBlocks <= 0 || blockSize <= 0)
    UNIHIP_RETURN(hipErrorInvalidValue);
  UNIHIP_OCCUPANCY_CHECK(kernelOf(f));
  Target t;
  UNIHIP_RETURN_IF_FAILED(targetOf(f, &t));
  UNIHIP_RETURN(t.device->backend->occupancyAvailableDynamicShared(
      t.device->local, t.function, numBlocks, blockSize, dynamicSmemSize));
}

UNIHIP_EXPORT hipError_t hipModuleOccupancyMaxActiveBlocksPerMultiprocessor(
    int* numBlocks, hipFunction_t f, int blockSize, size_t dynSharedMemPerBlk) {
  UNIHIP_TRACE_hipModuleOccupancyMaxActiveBlocksPerMultiprocessor(numBlocks, f, blockSize,
                                                                  dynSharedMemPerBlk);
  UNIHIP_OCCUPANCY_CHECK(numBlocks == nullptr ? Status(hipErrorInvalidValue) : liveFunction(f));
  UNIHIP_OCCUPANCY_CHECK(checkActiveBlocks(numBlocks, blockSize, 0));
  UNIHIP_RETURN(maxActiveBlocks(numBlocks, f, blockSize, dynSharedMemPerBlk, 0));
}

UNIHIP_EXPORT hipError_t hipModuleOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(
    int* numBlocks, hipFunction_t f, int blockSize, size_t dynSharedMemPerBlk, unsigned int flags) {
  UNIHIP_TRACE_hipModuleOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(
      numBlocks, f, blockSize, dynSharedMemPerBlk, flags);
  UNIHIP_OCCUPANCY_CHECK(numBlocks == nullptr ? Status(hipErrorInvalidValue) : liveFunction(f));
  UNIHIP_OCCUPANCY_CHECK(checkActiveBlocks(numBlocks, blockSize, flags));
  UNIHIP_RETURN(maxActiveBlocks(numBlocks, f, blockSize, dynSharedMemPerBlk, flags));
}

UNIHIP_EXPORT hipError_t hipModuleOccupancyMaxPotentialBlockSize(int* gridSize, int* blockSize,
                                                                 hipFunction_t f,
                                                                 size_t dynSharedMemPerBlk,
                                                                 int blockSizeLimit) {
  UNIHIP_TRACE_hipModuleOccupancyMaxPotentialBlockSize(gridSize, blockSize, f, dynSharedMemPerBlk,
                                                       blockSizeLimit);
  UNIHIP_OCCUPANCY_CHECK(checkPotentialBlockSize(gridSize, blockSize, blockSizeLimit, 0));
  UNIHIP_OCCUPANCY_CHECK(liveFunction(f));
  UNIHIP_RETURN(
      maxPotentialBlockSize(gridSize, blockSize, f, dynSharedMemPerBlk, blockSizeLimit, 0));
}

UNIHIP_EXPORT hipError_t hipModuleOccupancyMaxPotentialBlockSizeWithFlags(
    int* gridSize, int* blockSize, hipFunction_t f, size_t dynSharedMemPerBlk, int blockSizeLimit,
    unsigned int flags) {
  UNIHIP_TRACE_hipModuleOccupancyMaxPotentialBlockSizeWithFlags(
      gridSize, blockSize, f, dynSharedMemPerBlk, blockSizeLimit, flags);
  UNIHIP_OCCUPANCY_CHECK(checkPotentialBlockSize(gridSize, blockSize, blockSizeLimit, flags));
  UNIHIP_OCCUPANCY_CHECK(liveFunction(f));
  UNIHIP_RETURN(
      maxPotentialBlockSize(gridSize, blockSize, f, dynSharedMemPerBlk, blockSizeLimit, flags));
}

namespace {

// The cluster queries' shared path: the output and the configuration present (its attribute
// array too when counted), a registered kernel, the configuration's stream resolved; then the
// kernel's backend answers for a launch of that configuration (CUDA: the driver's calculator).
enum class ClusterQuery { PotentialSize, ActiveClusters };

Status clusterOccupancy(ClusterQuery query, int* out, const void* func,
                        const hipLaunchConfig_t* config) {
  if (out == nullptr || config == nullptr) return hipErrorInvalidValue;
  if (config->numAttrs != 0 && config->attrs == nullptr) return hipErrorInvalidValue;
  UNIHIP_TRY(kernelOf(func));
  Target t;
  UNIHIP_TRY(targetOf(func, &t));
  ResolvedStream rs;
  UNIHIP_TRY(resolveStream(config->stream, &rs));
  if (rs.device != t.device) return hipErrorInvalidValue;
  CodeOps& code = *t.device->backend;
  return query == ClusterQuery::PotentialSize
             ? code.occupancyMaxPotentialClusterSize(t.device->local, t.function, *config,
                                                     rs.native, out)
             : code.occupancyMaxActiveClusters(t.device->local, t.function, *config, rs.native,
                                               out);
}

}  // namespace

UNIHIP_EXPORT hipError_t hipOccupancyMaxPotentialClusterSize(int* clusterSize, const void* func,
                                                             const hipLaunchConfig_t* config) {
  UNIHIP_TRACE_hipOccupancyMaxPotentialClusterSize(clusterSize, func, config);
  UNIHIP_RETURN(clusterOccupancy(ClusterQuery::PotentialSize, clusterSize, func, config));
}

UNIHIP_EXPORT hipError_t hipOccupancyMaxActiveClusters(int* numClusters, const void* func,
                                                       const hipLaunchConfig_t* config) {
  UNIHIP_TRACE_hipOccupancyMaxActiveClusters(numClusters, func, config);
  UNIHIP_RETURN(clusterOccupancy(ClusterQuery::ActiveClusters, numClusters, func, config));
}
