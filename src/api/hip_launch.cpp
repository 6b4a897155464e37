// Kernel launches through host-function pointers (hipLaunchKernel, <<<>>>, hipLaunchKernelGGL)
// and the per-thread call-configuration stack that clang's launch stubs use.
#include "api/api_boundary.h"
#include "api/hip_register.h"
#include "core/hot_tls.h"
#include "core/launch_check.h"
#include "core/stream_resolve.h"
#include "fatbin/registry.h"

using namespace unihip;

// These entry points test the trace state with one load and, when set, hand the whole call to
// `traced`, a cold copy that traces and then does the same work: a tail call, so the hot path
// needs no frame or spills for the trace.
#define UNIHIP_HOT_TRACE_API(traced)                                                    \
  do {                                                                                  \
    if (UNIHIP_UNLIKELY(::unihip::log::g_traceState.load(std::memory_order_relaxed) != 0)) \
      return traced;                                                                    \
  } while (0)

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
// keeps the push/pop free of heap allocation. The top entry and the depth sit in initial-exec TLS
// (48 bytes: one %fs-relative access, no __tls_get_addr call); only the entries below the top,
// touched by nested launches alone, live in the larger general-dynamic block.
constexpr int kMaxConfigurationDepth = 16;
struct ConfigurationTop {
  int depth;
  CallConfiguration top;
};
UNIHIP_HOT_TLS ConfigurationTop t_configuration;
thread_local CallConfiguration t_configurationsBelow[kMaxConfigurationDepth - 1];

// Nested pushes and pops (a launch inside a launch's arguments), out of line: with no value
// live across a call on the common path, push and pop need no saved registers.
[[gnu::noinline]] Status pushNested(dim3 grid, dim3 block, size_t sharedMem, hipStream_t stream,
                                    int depth) {
  ConfigurationTop& st = t_configuration;
  if (UNIHIP_UNLIKELY(depth == kMaxConfigurationDepth)) return hipErrorInvalidConfiguration;
  t_configurationsBelow[depth - 1] = st.top;
  st.top = {{grid.x, grid.y, grid.z}, {block.x, block.y, block.z}, sharedMem, stream};
  st.depth = depth + 1;
  return kOk;
}

[[gnu::noinline]] void popNested(int depth) {
  t_configuration.top = t_configurationsBelow[depth - 1];
}

inline Status pushConfiguration(dim3 grid, dim3 block, size_t sharedMem, hipStream_t stream) {
  ConfigurationTop& st = t_configuration;
  int depth = st.depth;
  if (UNIHIP_UNLIKELY(depth != 0)) return pushNested(grid, block, sharedMem, stream, depth);
  CallConfiguration& c = st.top;
  c.grid[0] = grid.x, c.grid[1] = grid.y, c.grid[2] = grid.z;
  c.block[0] = block.x, c.block[1] = block.y, c.block[2] = block.z;
  c.sharedMem = sharedMem;
  c.stream = stream;
  st.depth = 1;
  return kOk;
}

}  // namespace

namespace {

inline hipError_t push(dim3 gridDim, dim3 blockDim, size_t sharedMem, hipStream_t stream) {
  return apiReturn("__hipPushCallConfiguration",
                   pushConfiguration(gridDim, blockDim, sharedMem, stream));
}

[[gnu::cold, gnu::noinline]] hipError_t tracedPush(dim3 gridDim, dim3 blockDim,
                                                   size_t sharedMem, hipStream_t stream) {
  UNIHIP_TRACE_API("__hipPushCallConfiguration(({},{},{}), ({},{},{}), {}, {})", gridDim.x,
                   gridDim.y, gridDim.z, blockDim.x, blockDim.y, blockDim.z, sharedMem,
                   fmt::ptr(stream));
  return push(gridDim, blockDim, sharedMem, stream);
}

inline hipError_t pop(dim3* gridDim, dim3* blockDim, size_t* sharedMem, hipStream_t* stream) {
  ConfigurationTop& st = t_configuration;
  int depth = st.depth;
  if (UNIHIP_UNLIKELY(depth == 0))
    return apiReturn("__hipPopCallConfiguration", hipErrorMissingConfiguration);
  const CallConfiguration& c = st.top;
  if (gridDim) *gridDim = dim3(c.grid[0], c.grid[1], c.grid[2]);
  if (blockDim) *blockDim = dim3(c.block[0], c.block[1], c.block[2]);
  if (sharedMem) *sharedMem = c.sharedMem;
  if (stream) *stream = c.stream;
  st.depth = --depth;
  if (UNIHIP_UNLIKELY(depth != 0)) popNested(depth);
  return hipSuccess;
}

[[gnu::cold, gnu::noinline]] hipError_t tracedPop(dim3* gridDim, dim3* blockDim,
                                                  size_t* sharedMem, hipStream_t* stream) {
  UNIHIP_TRACE_API("__hipPopCallConfiguration()");
  return pop(gridDim, blockDim, sharedMem, stream);
}

}  // namespace

UNIHIP_EXPORT hipError_t __hipPushCallConfiguration(dim3 gridDim, dim3 blockDim, size_t sharedMem,
                                                    hipStream_t stream) {
  UNIHIP_HOT_TRACE_API(tracedPush(gridDim, blockDim, sharedMem, stream));
  return push(gridDim, blockDim, sharedMem, stream);
}

UNIHIP_EXPORT hipError_t __hipPopCallConfiguration(dim3* gridDim, dim3* blockDim,
                                                   size_t* sharedMem, hipStream_t* stream) {
  UNIHIP_HOT_TRACE_API(tracedPop(gridDim, blockDim, sharedMem, stream));
  return pop(gridDim, blockDim, sharedMem, stream);
}

UNIHIP_EXPORT hipError_t hipConfigureCall(dim3 gridDim, dim3 blockDim, size_t sharedMem,
                                          hipStream_t stream) {
  UNIHIP_TRACE_API("hipConfigureCall()");
  UNIHIP_RETURN(pushConfiguration(gridDim, blockDim, sharedMem, stream));
}

namespace {

// Inlined into both entry points: a call would pass the two dim3 through the stack.
__attribute__((always_inline)) inline Status launchKernel(const void* function_address,
                                                          dim3 numBlocks, dim3 dimBlocks,
                                                          void** args, size_t sharedMemBytes,
                                                          hipStream_t stream) {
  Registry& registry = Registry::get();
  KernelRecord* kernel = registry.findKernel(function_address);
  if (UNIHIP_UNLIKELY(kernel == nullptr)) return hipErrorInvalidDeviceFunction;
  ResolvedStream rs;
  Status s = resolveStream(stream, &rs);
  // AMD's runtime answers a launch on a destroyed (or never created) stream with
  // hipErrorInvalidValue, where the stream API itself says hipErrorContextIsDestroyed.
  if (UNIHIP_UNLIKELY(!s.ok()))
    return s.code() == hipErrorContextIsDestroyed ? Status(hipErrorInvalidValue) : s;
  // Built before the checks, which then read it: GCC stores the packed dim3 registers as they
  // come instead of unpacking them for the checks and packing them again.
  LaunchConfig config{numBlocks, dimBlocks, static_cast<uint32_t>(sharedMemBytes), rs.native};
  UNIHIP_TRY(checkLaunch(*rs.device->props, config.grid, config.block, sharedMemBytes));
  NativeFunction function;
  UNIHIP_TRY(registry.function(kernel, *rs.device, &function));
  return rs.device->backend->launch(rs.device->local, function, config, args);
}

}  // namespace

namespace {

[[gnu::cold, gnu::noinline]] hipError_t tracedLaunch(const char* api, const void* function_address,
                                                     dim3 numBlocks, dim3 dimBlocks, void** args,
                                                     size_t sharedMemBytes, hipStream_t stream) {
  UNIHIP_TRACE_API("{}({}, ({},{},{}), ({},{},{}), {}, {}, {})", api, function_address,
                   numBlocks.x, numBlocks.y, numBlocks.z, dimBlocks.x, dimBlocks.y, dimBlocks.z,
                   fmt::ptr(args), sharedMemBytes, fmt::ptr(stream));
  return apiReturn(api, launchKernel(function_address, numBlocks, dimBlocks, args,
                                     sharedMemBytes, stream));
}

}  // namespace

UNIHIP_EXPORT hipError_t hipLaunchKernel(const void* function_address, dim3 numBlocks,
                                         dim3 dimBlocks, void** args, size_t sharedMemBytes,
                                         hipStream_t stream) {
  UNIHIP_HOT_TRACE_API(tracedLaunch("hipLaunchKernel", function_address, numBlocks, dimBlocks,
                                    args, sharedMemBytes, stream));
  UNIHIP_RETURN(launchKernel(function_address, numBlocks, dimBlocks, args, sharedMemBytes, stream));
}

// -fgpu-default-stream=per-thread: the null stream is the calling thread's default stream.
UNIHIP_EXPORT hipError_t hipLaunchKernel_spt(const void* function_address, dim3 numBlocks,
                                             dim3 dimBlocks, void** args, size_t sharedMemBytes,
                                             hipStream_t stream) {
  if (stream == nullptr) stream = hipStreamPerThread;
  UNIHIP_HOT_TRACE_API(tracedLaunch("hipLaunchKernel_spt", function_address, numBlocks, dimBlocks,
                                    args, sharedMemBytes, stream));
  UNIHIP_RETURN(launchKernel(function_address, numBlocks, dimBlocks, args, sharedMemBytes, stream));
}
