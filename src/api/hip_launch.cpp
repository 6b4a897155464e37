// Kernel launches through host-function pointers (hipLaunchKernel, <<<>>>, hipLaunchKernelGGL)
// and the per-thread call-configuration stack that clang's launch stubs use.
#include <cstring>

#include "api/api_boundary.h"
#include "api/hip_register.h"
#include "api/kernel_lookup.h"
#include "base/hot_text.h"
#include "base/hot_tls.h"
#include "core/launch_cache.h"
#include "core/stream_resolve.h"
#include "core/registry.h"

using namespace unihip;

namespace {

// The trace state (base/log.h): -1 until the logger exists, then 0 or 1 for good.
inline int8_t traceState() { return log::g_traceState.load(std::memory_order_relaxed); }

// Plain fields (dim3 has member initializers): a trivially constructible thread_local needs no
// per-access initialization guard, and one struct means one TLS address lookup per call.
struct CallConfiguration {
  uint32_t grid[3];
  uint32_t block[3];
  size_t sharedMem;
  hipStream_t stream;
};
static_assert(sizeof(dim3) == sizeof(CallConfiguration::grid));

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

void store(CallConfiguration* c, const dim3& grid, const dim3& block, size_t sharedMem,
           hipStream_t stream) {
  std::memcpy(c->grid, &grid, sizeof c->grid);
  std::memcpy(c->block, &block, sizeof c->block);
  c->sharedMem = sharedMem;
  c->stream = stream;
}

Status pushConfiguration(dim3 grid, dim3 block, size_t sharedMem, hipStream_t stream) {
  ConfigurationTop& st = t_configuration;
  const int depth = st.depth;
  if (depth == kMaxConfigurationDepth) return hipErrorInvalidConfiguration;
  if (depth != 0) t_configurationsBelow[depth - 1] = st.top;
  store(&st.top, grid, block, sharedMem, stream);
  st.depth = depth + 1;
  return kOk;
}

// Writes whichever outputs are not null.
Status popConfiguration(dim3* grid, dim3* block, size_t* sharedMem, hipStream_t* stream) {
  ConfigurationTop& st = t_configuration;
  const int depth = st.depth;
  if (depth == 0) return hipErrorMissingConfiguration;
  const CallConfiguration& c = st.top;
  if (grid) *grid = dim3(c.grid[0], c.grid[1], c.grid[2]);
  if (block) *block = dim3(c.block[0], c.block[1], c.block[2]);
  if (sharedMem) *sharedMem = c.sharedMem;
  if (stream) *stream = c.stream;
  if (depth > 1) st.top = t_configurationsBelow[depth - 2];
  st.depth = depth - 1;
  return kOk;
}

// The whole push or pop with its trace, for whatever the hot path below leaves out: tracing, a
// nested configuration, a missing one, a null output.
[[gnu::cold, gnu::noinline]] hipError_t fullPush(dim3 gridDim, dim3 blockDim, size_t sharedMem,
                                                 hipStream_t stream) {
  UNIHIP_TRACE___hipPushCallConfiguration(gridDim, blockDim, sharedMem, stream);
  return apiReturn("__hipPushCallConfiguration",
                   pushConfiguration(gridDim, blockDim, sharedMem, stream));
}

[[gnu::cold, gnu::noinline]] hipError_t fullPop(dim3* gridDim, dim3* blockDim, size_t* sharedMem,
                                                hipStream_t* stream) {
  UNIHIP_TRACE___hipPopCallConfiguration(gridDim, blockDim, sharedMem, stream);
  return apiReturn("__hipPopCallConfiguration",
                   popConfiguration(gridDim, blockDim, sharedMem, stream));
}

}  // namespace

// Hot path of <<<>>> (clang's call site): no trace, no configuration pending.
UNIHIP_EXPORT UNIHIP_HOT_TEXT hipError_t __hipPushCallConfiguration(dim3 gridDim, dim3 blockDim,
                                                                    size_t sharedMem,
                                                                    hipStream_t stream) {
  ConfigurationTop& st = t_configuration;
  if (UNIHIP_UNLIKELY((st.depth | traceState()) != 0))
    return fullPush(gridDim, blockDim, sharedMem, stream);
  store(&st.top, gridDim, blockDim, sharedMem, stream);
  st.depth = 1;
  return hipSuccess;
}

// Hot path of <<<>>> (clang's kernel stub): taken when tracing is off, exactly one configuration
// was pushed and every output pointer is given; anything else goes through fullPop.
UNIHIP_EXPORT UNIHIP_HOT_TEXT hipError_t __hipPopCallConfiguration(dim3* gridDim, dim3* blockDim,
                                                                   size_t* sharedMem,
                                                                   hipStream_t* stream) {
  ConfigurationTop& st = t_configuration;
  if (UNIHIP_UNLIKELY(((st.depth - 1) | traceState()) != 0) || gridDim == nullptr ||
      blockDim == nullptr || sharedMem == nullptr || stream == nullptr)
    return fullPop(gridDim, blockDim, sharedMem, stream);
  const CallConfiguration& c = st.top;
  std::memcpy(gridDim, c.grid, sizeof c.grid);
  std::memcpy(blockDim, c.block, sizeof c.block);
  *sharedMem = c.sharedMem;
  *stream = c.stream;
  st.depth = 0;
  return hipSuccess;
}

UNIHIP_EXPORT hipError_t hipConfigureCall(dim3 gridDim, dim3 blockDim, size_t sharedMem,
                                          hipStream_t stream) {
  UNIHIP_TRACE_hipConfigureCall(gridDim, blockDim, sharedMem, stream);
  UNIHIP_RETURN(pushConfiguration(gridDim, blockDim, sharedMem, stream));
}

namespace {

// The entry points' names, for the last-error log line.
enum class LaunchEntry { Plain, PerThread };
constexpr const char* entryName(LaunchEntry e) {
  return e == LaunchEntry::Plain ? "hipLaunchKernel" : "hipLaunchKernel_spt";
}

UNIHIP_HOT_TLS LaunchCache t_launchCache;  // keyed by host function (core/launch_cache.h)

// The full launch: every lookup and check, in AMD's order and with its codes. Fills the thread's
// launch cache once everything but the backend's own launch succeeded.
__attribute__((always_inline)) inline Status launchKernel(const void* function_address,
                                                          dim3 numBlocks, dim3 dimBlocks,
                                                          void** args, size_t sharedMemBytes,
                                                          hipStream_t stream) {
  const uint64_t generation = launchGeneration();  // before the lookups (launch_generation.h)
  Registry& registry = Registry::get();
  KernelRecord* kernel = registry.findKernel(function_address);
  if (UNIHIP_UNLIKELY(kernel == nullptr)) return hipErrorInvalidDeviceFunction;
  ResolvedStream rs;
  // HIP 7: a destroyed (or never created) stream is hipErrorContextIsDestroyed, as for the
  // stream API (HIP 6's launches said hipErrorInvalidValue).
  UNIHIP_TRY(resolveStream(stream, &rs));
  UNIHIP_TRY(checkLaunch(*rs.device->props, numBlocks, dimBlocks, sharedMemBytes));
  NativeFunction function;
  UNIHIP_TRY(registry.function(kernel, *rs.device, &function));
  UNIHIP_TRY(kernelLimitsBeforeLaunch(*rs.device, function, dimBlocks, sharedMemBytes,
                                      kRuntimeLaunchCodes));
  if (mayFillLaunchCache(stream, rs.native))
    t_launchCache = {function_address, stream,   generation, rs.device,
                     rs.native,        function, Runtime::currentDevice()};
  LaunchConfig config{numBlocks, dimBlocks, static_cast<uint32_t>(sharedMemBytes), rs.native};
  Status s = timeline::onStream(timeline::OpKind::kernel, rs.device, rs.native,
                                kernel->name.data(), [&] {
                                  return rs.device->backend->launch(rs.device->local, function,
                                                                    config, args);
                                });
  if (UNIHIP_UNLIKELY(!s.ok()))
    return refusedLaunchCode(s, *rs.device, function, dimBlocks, sharedMemBytes,
                             kRuntimeLaunchCodes);
  return s;
}

template <LaunchEntry E>
[[gnu::cold, gnu::noinline]] hipError_t tracedLaunch(const void* function_address, dim3 numBlocks,
                                                     dim3 dimBlocks, void** args,
                                                     size_t sharedMemBytes, hipStream_t stream) {
  if constexpr (E == LaunchEntry::Plain)
    UNIHIP_TRACE_hipLaunchKernel(function_address, numBlocks, dimBlocks, args, sharedMemBytes,
                                 stream);
  else
    UNIHIP_TRACE_hipLaunchKernel_spt(function_address, numBlocks, dimBlocks, args, sharedMemBytes,
                                     stream);
  return apiReturn(entryName(E), launchKernel(function_address, numBlocks, dimBlocks, args,
                                              sharedMemBytes, stream));
}

template <LaunchEntry E>
[[gnu::noinline]] UNIHIP_HOT_TEXT hipError_t fullLaunch(const void* function_address,
                                                        dim3 numBlocks, dim3 dimBlocks, void** args,
                                                        size_t sharedMemBytes, hipStream_t stream) {
  if (UNIHIP_UNLIKELY(traceState() != 0))
    return tracedLaunch<E>(function_address, numBlocks, dimBlocks, args, sharedMemBytes, stream);
  return apiReturn(entryName(E), launchKernel(function_address, numBlocks, dimBlocks, args,
                                              sharedMemBytes, stream));
}

// A cached launch the backend refused: one past the kernel's own limits (which the cache does
// not hold, to keep them off the hot path) gets the family's code, as the full launch answers it.
// Only `config`, in the caller's frame, is read after the backend call: no register is saved.
template <LaunchEntry E>
[[gnu::cold, gnu::noinline]] hipError_t failedLaunch(Status s, const LaunchConfig& config) {
  const LaunchCache& c = t_launchCache;
  return apiReturn(entryName(E), refusedLaunchCode(s, *c.device, c.function, config.block,
                                                   config.sharedMemBytes, kRuntimeLaunchCodes));
}

// The hot path: a launch the thread's cache answers, within the device's limits. Anything else
// (tracing, a cache miss, a geometry the limits reject) takes the full launch, which checks
// everything again and answers the exact error. No value lives across the backend call, so no
// register needs saving.
template <LaunchEntry E>
__attribute__((always_inline)) inline hipError_t launch(const void* function_address,
                                                        dim3 numBlocks, dim3 dimBlocks,
                                                        void** args, size_t sharedMemBytes,
                                                        hipStream_t stream) {
  const LaunchCache& c = t_launchCache;
  // LaunchCache::answers spelled out: through the member function the compiler spends two more
  // register moves per launch (75 -> 77 instructions, bench/count_instructions.sh).
  if (UNIHIP_UNLIKELY(c.key != function_address || c.stream != stream ||
                      c.generation != launchGeneration() ||
                      c.currentDevice != Runtime::currentDevice() ||
                      !withinLaunchLimits(c.device->launchLimits, numBlocks, dimBlocks,
                                          sharedMemBytes)))
    return fullLaunch<E>(function_address, numBlocks, dimBlocks, args, sharedMemBytes, stream);
  const Device* device = c.device;
  LaunchConfig config{numBlocks, dimBlocks, static_cast<uint32_t>(sharedMemBytes), c.native};
  Status s = device->backend->launch(device->local, c.function, config, args);
  if (UNIHIP_UNLIKELY(!s.ok())) return failedLaunch<E>(s, config);
  return hipSuccess;
}

}  // namespace

UNIHIP_EXPORT UNIHIP_HOT_TEXT hipError_t hipLaunchKernel(const void* function_address,
                                                         dim3 numBlocks, dim3 dimBlocks,
                                                         void** args, size_t sharedMemBytes,
                                                         hipStream_t stream) {
  return launch<LaunchEntry::Plain>(function_address, numBlocks, dimBlocks, args, sharedMemBytes,
                                    stream);
}

// -fgpu-default-stream=per-thread: the null stream is the calling thread's default stream.
UNIHIP_EXPORT UNIHIP_HOT_TEXT hipError_t hipLaunchKernel_spt(const void* function_address,
                                                             dim3 numBlocks, dim3 dimBlocks,
                                                             void** args, size_t sharedMemBytes,
                                                             hipStream_t stream) {
  if (stream == nullptr) stream = hipStreamPerThread;
  return launch<LaunchEntry::PerThread>(function_address, numBlocks, dimBlocks, args,
                                        sharedMemBytes, stream);
}
