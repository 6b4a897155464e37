// Kernel launches through host-function pointers (hipLaunchKernel, <<<>>>, hipLaunchKernelGGL)
// and the per-thread call-configuration stack that clang's launch stubs use.
#include "api/api_boundary.h"
#include "api/hip_register.h"
#include "core/launch_check.h"
#include "core/stream_resolve.h"
#include "fatbin/registry.h"

using namespace unihip;

namespace {

struct CallConfiguration {
  dim3 grid;
  dim3 block;
  size_t sharedMem;
  hipStream_t stream;
};

// Nested <<<>>> (a launch inside an argument expression) needs a stack; 16 levels is ample and
// keeps the push/pop free of heap allocation.
constexpr int kMaxConfigurationDepth = 16;
thread_local CallConfiguration t_configurations[kMaxConfigurationDepth];
thread_local int t_configurationDepth = 0;

Status pushConfiguration(dim3 grid, dim3 block, size_t sharedMem, hipStream_t stream) {
  if (t_configurationDepth == kMaxConfigurationDepth) return hipErrorInvalidConfiguration;
  t_configurations[t_configurationDepth++] = {grid, block, sharedMem, stream};
  return kOk;
}

}  // namespace

UNIHIP_EXPORT hipError_t __hipPushCallConfiguration(dim3 gridDim, dim3 blockDim, size_t sharedMem,
                                                    hipStream_t stream) {
  UNIHIP_TRACE_API("__hipPushCallConfiguration(({},{},{}), ({},{},{}), {}, {})", gridDim.x,
                   gridDim.y, gridDim.z, blockDim.x, blockDim.y, blockDim.z, sharedMem,
                   fmt::ptr(stream));
  UNIHIP_RETURN(pushConfiguration(gridDim, blockDim, sharedMem, stream));
}

UNIHIP_EXPORT hipError_t __hipPopCallConfiguration(dim3* gridDim, dim3* blockDim,
                                                   size_t* sharedMem, hipStream_t* stream) {
  UNIHIP_TRACE_API("__hipPopCallConfiguration()");
  if (t_configurationDepth == 0) UNIHIP_RETURN(hipErrorMissingConfiguration);
  const CallConfiguration& c = t_configurations[--t_configurationDepth];
  if (gridDim) *gridDim = c.grid;
  if (blockDim) *blockDim = c.block;
  if (sharedMem) *sharedMem = c.sharedMem;
  if (stream) *stream = c.stream;
  UNIHIP_RETURN(kOk);
}

UNIHIP_EXPORT hipError_t hipConfigureCall(dim3 gridDim, dim3 blockDim, size_t sharedMem,
                                          hipStream_t stream) {
  UNIHIP_TRACE_API("hipConfigureCall()");
  UNIHIP_RETURN(pushConfiguration(gridDim, blockDim, sharedMem, stream));
}

UNIHIP_EXPORT hipError_t hipLaunchKernel(const void* function_address, dim3 numBlocks,
                                         dim3 dimBlocks, void** args, size_t sharedMemBytes,
                                         hipStream_t stream) {
  UNIHIP_TRACE_API("hipLaunchKernel({}, ({},{},{}), ({},{},{}), {}, {}, {})", function_address,
                   numBlocks.x, numBlocks.y, numBlocks.z, dimBlocks.x, dimBlocks.y, dimBlocks.z,
                   fmt::ptr(args), sharedMemBytes, fmt::ptr(stream));
  Registry& registry = Registry::get();
  KernelRecord* kernel = registry.findKernel(function_address);
  if (UNIHIP_UNLIKELY(kernel == nullptr)) UNIHIP_RETURN(hipErrorInvalidDeviceFunction);
  ResolvedStream rs;
  Status s = resolveStream(stream, &rs);
  if (UNIHIP_UNLIKELY(!s.ok())) UNIHIP_RETURN(s);
  s = checkLaunch(*rs.device->props, numBlocks, dimBlocks, sharedMemBytes);
  if (UNIHIP_UNLIKELY(!s.ok())) UNIHIP_RETURN(s);
  NativeFunction function;
  s = registry.function(kernel, *rs.device, &function);
  if (UNIHIP_UNLIKELY(!s.ok())) UNIHIP_RETURN(s);
  LaunchConfig config{numBlocks, dimBlocks, static_cast<uint32_t>(sharedMemBytes), rs.native};
  UNIHIP_RETURN(rs.device->backend->launch(rs.device->local, function, config, args));
}
