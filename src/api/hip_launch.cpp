// Kernel launches through host-function pointers (hipLaunchKernel, <<<>>>, hipLaunchKernelGGL)
// and the per-thread call-configuration stack that clang's launch stubs use.
#include "api/api_boundary.h"
#include "api/hip_register.h"
#include "core/launch_check.h"
#include "core/stream_resolve.h"
#include "fatbin/registry.h"

using namespace unihip;

namespace {

// Plain fields (dim3 has member initializers): a trivially constructible thread_local needs no
// per-access initialization guard, and one struct means one TLS address lookup per call.
struct CallConfiguration {
  uint32_t grid[3];
  uint32_t block[3];
  size_t sharedMem;
  hipStream_t stream;
};

// Nested <<<>>> (a launch inside an argument expression) needs a stack; 16 levels is ample and
// keeps the push/pop free of heap allocation.
constexpr int kMaxConfigurationDepth = 16;
struct ConfigurationStack {
  int depth;
  CallConfiguration entries[kMaxConfigurationDepth];
};
thread_local ConfigurationStack t_configurations;

inline Status pushConfiguration(dim3 grid, dim3 block, size_t sharedMem, hipStream_t stream) {
  ConfigurationStack& st = t_configurations;
  int depth = st.depth;
  if (UNIHIP_UNLIKELY(depth == kMaxConfigurationDepth)) return hipErrorInvalidConfiguration;
  st.entries[depth] = {{grid.x, grid.y, grid.z}, {block.x, block.y, block.z}, sharedMem, stream};
  st.depth = depth + 1;
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
  ConfigurationStack& st = t_configurations;
  int depth = st.depth;
  if (UNIHIP_UNLIKELY(depth == 0)) UNIHIP_RETURN(hipErrorMissingConfiguration);
  st.depth = --depth;
  // A copy: stores through the out-pointers would otherwise make the compiler look the TLS block
  // up again (__tls_get_addr) before each read.
  const CallConfiguration c = st.entries[depth];
  if (gridDim) *gridDim = dim3(c.grid[0], c.grid[1], c.grid[2]);
  if (blockDim) *blockDim = dim3(c.block[0], c.block[1], c.block[2]);
  if (sharedMem) *sharedMem = c.sharedMem;
  if (stream) *stream = c.stream;
  UNIHIP_RETURN(kOk);
}

UNIHIP_EXPORT hipError_t hipConfigureCall(dim3 gridDim, dim3 blockDim, size_t sharedMem,
                                          hipStream_t stream) {
  UNIHIP_TRACE_API("hipConfigureCall()");
  UNIHIP_RETURN(pushConfiguration(gridDim, blockDim, sharedMem, stream));
}

namespace {

Status launchKernel(const void* function_address, dim3 numBlocks, dim3 dimBlocks, void** args,
                    size_t sharedMemBytes, hipStream_t stream);

}  // namespace

UNIHIP_EXPORT hipError_t hipLaunchKernel(const void* function_address, dim3 numBlocks,
                                         dim3 dimBlocks, void** args, size_t sharedMemBytes,
                                         hipStream_t stream) {
  UNIHIP_TRACE_API("hipLaunchKernel({}, ({},{},{}), ({},{},{}), {}, {}, {})", function_address,
                   numBlocks.x, numBlocks.y, numBlocks.z, dimBlocks.x, dimBlocks.y, dimBlocks.z,
                   fmt::ptr(args), sharedMemBytes, fmt::ptr(stream));
  UNIHIP_RETURN(launchKernel(function_address, numBlocks, dimBlocks, args, sharedMemBytes, stream));
}

// -fgpu-default-stream=per-thread: the null stream is the calling thread's default stream.
UNIHIP_EXPORT hipError_t hipLaunchKernel_spt(const void* function_address, dim3 numBlocks,
                                             dim3 dimBlocks, void** args, size_t sharedMemBytes,
                                             hipStream_t stream) {
  UNIHIP_TRACE_API("hipLaunchKernel_spt({}, {})", function_address, fmt::ptr(stream));
  if (stream == nullptr) stream = hipStreamPerThread;
  UNIHIP_RETURN(launchKernel(function_address, numBlocks, dimBlocks, args, sharedMemBytes, stream));
}

namespace {

inline Status launchKernel(const void* function_address, dim3 numBlocks, dim3 dimBlocks,
                           void** args, size_t sharedMemBytes, hipStream_t stream) {
  Registry& registry = Registry::get();
  KernelRecord* kernel = registry.findKernel(function_address);
  if (UNIHIP_UNLIKELY(kernel == nullptr)) return hipErrorInvalidDeviceFunction;
  ResolvedStream rs;
  Status s = resolveStream(stream, &rs);
  // AMD's runtime answers a launch on a destroyed (or never created) stream with
  // hipErrorInvalidValue, where the stream API itself says hipErrorContextIsDestroyed.
  if (UNIHIP_UNLIKELY(!s.ok()))
    return s.code() == hipErrorContextIsDestroyed ? Status(hipErrorInvalidValue) : s;
  UNIHIP_TRY(checkLaunch(*rs.device->props, numBlocks, dimBlocks, sharedMemBytes));
  NativeFunction function;
  UNIHIP_TRY(registry.function(kernel, *rs.device, &function));
  LaunchConfig config{numBlocks, dimBlocks, static_cast<uint32_t>(sharedMemBytes), rs.native};
  return rs.device->backend->launch(rs.device->local, function, config, args);
}

}  // namespace
