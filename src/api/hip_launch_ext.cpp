// Launch variants over hipLaunchKernel / hipModuleLaunchKernel: event-bracketed launches
// (hipExtLaunchKernel, hipExtModuleLaunchKernel, hipHccModuleLaunchKernel) and the pre-<<<>>>
// protocol (hipConfigureCall, hipSetupArgument, hipLaunchByPtr).
#include <cstring>
#include <memory>

#include "api/api_boundary.h"
#include "core/handles.h"
#include "core/launch_check.h"
#include "core/stream_resolve.h"

extern "C" hipError_t __hipPopCallConfiguration(dim3* gridDim, dim3* blockDim, size_t* sharedMem,
                                                hipStream_t* stream);

using namespace unihip;

namespace {

// Records `start`, runs `launch`, records `stop`; a failed step ends the sequence.
template <typename Launch>
hipError_t bracketed(hipEvent_t start, hipEvent_t stop, hipStream_t stream, Launch launch) {
  if (start != nullptr) {
    hipError_t e = hipEventRecord(start, stream);
    if (e != hipSuccess) return e;
  }
  hipError_t e = launch();
  if (e != hipSuccess || stop == nullptr) return e;
  return hipEventRecord(stop, stream);
}

// hipExtModuleLaunchKernel and hipHccModuleLaunchKernel: global sizes in work items. AMD's
// order and codes (hipExtModuleLaunchKernel, ihipModuleLaunchKernel): the stream, the function,
// kernelParams with extra, zero sizes, shared memory, threads per block (here also each block
// dimension against the device's limit, as hipModuleLaunchKernel checks it); then a block larger
// than the global size shrinks to it. AQL can run a partial last work-group, CUDA cannot: a
// global size the block does not divide is refused with AMD's code for a kernel of uniform
// work-groups (clang's default for HIP), hipErrorInvalidValue.
hipError_t moduleLaunchByWorkItems(hipFunction_t f, uint32_t gx, uint32_t gy, uint32_t gz,
                                   uint32_t lx, uint32_t ly, uint32_t lz, size_t sharedMemBytes,
                                   hipStream_t stream, void** kernelParams, void** extra,
                                   hipEvent_t start, hipEvent_t stop) {
  ResolvedStream rs;
  Status s = resolveStream(stream, &rs);
  if (!s.ok()) return s.code();
  if (!isLive(f)) return hipErrorInvalidResourceHandle;
  if (kernelParams != nullptr && extra != nullptr) return hipErrorInvalidValue;
  if (gx == 0 || gy == 0 || gz == 0 || lx == 0 || ly == 0 || lz == 0)
    return hipErrorInvalidValue;
  if (sharedMemBytes > UINT32_MAX) return hipErrorInvalidValue;
  // The block against the device's limits (a grid of one block: the grid is checked below).
  s = checkModuleLaunch(*rs.device->props, dim3(1, 1, 1), dim3(lx, ly, lz), sharedMemBytes);
  if (!s.ok()) return s.code();
  lx = lx < gx ? lx : gx;
  ly = ly < gy ? ly : gy;
  lz = lz < gz ? lz : gz;
  if (gx % lx != 0 || gy % ly != 0 || gz % lz != 0) return hipErrorInvalidValue;
  return bracketed(start, stop, stream, [&] {
    return hipModuleLaunchKernel(f, gx / lx, gy / ly, gz / lz, lx, ly, lz,
                                 static_cast<unsigned int>(sharedMemBytes), stream, kernelParams,
                                 extra);
  });
}

// hipSetupArgument's staging: CUDA's 4 KiB parameter limit, one slot per argument.
constexpr size_t kArgumentBytes = 4096;
constexpr int kMaxArguments = 256;
struct StagedArguments {
  int count;
  size_t offsets[kMaxArguments];
  alignas(16) unsigned char bytes[kArgumentBytes];
};
// On the heap, made on first use: libunihip's static TLS block must stay small enough for
// dlopen (glibc's static TLS surplus), and this legacy path is rarely taken.
thread_local std::unique_ptr<StagedArguments> t_staged;

StagedArguments& staged() {
  if (!t_staged) t_staged = std::make_unique<StagedArguments>();
  return *t_staged;
}

}  // namespace

UNIHIP_EXPORT hipError_t hipExtLaunchKernel(const void* function_address, dim3 numBlocks,
                                            dim3 dimBlocks, void** args, size_t sharedMemBytes,
                                            hipStream_t stream, hipEvent_t startEvent,
                                            hipEvent_t stopEvent, int flags) {
  UNIHIP_TRACE_hipExtLaunchKernel(function_address, numBlocks, dimBlocks, args, sharedMemBytes,
                                  stream, startEvent, stopEvent, flags);
  // flags (hipExtAnyOrderLaunch) only relax ordering; in-order launches satisfy them.
  UNIHIP_RETURN(bracketed(startEvent, stopEvent, stream, [&] {
    return hipLaunchKernel(function_address, numBlocks, dimBlocks, args, sharedMemBytes, stream);
  }));
}

UNIHIP_EXPORT hipError_t hipExtModuleLaunchKernel(
    hipFunction_t f, uint32_t globalWorkSizeX, uint32_t globalWorkSizeY, uint32_t globalWorkSizeZ,
    uint32_t localWorkSizeX, uint32_t localWorkSizeY, uint32_t localWorkSizeZ,
    size_t sharedMemBytes, hipStream_t hStream, void** kernelParams, void** extra,
    hipEvent_t startEvent, hipEvent_t stopEvent, uint32_t flags) {
  UNIHIP_TRACE_hipExtModuleLaunchKernel(
      f, globalWorkSizeX, globalWorkSizeY, globalWorkSizeZ, localWorkSizeX, localWorkSizeY,
      localWorkSizeZ, sharedMemBytes, hStream, kernelParams, extra, startEvent, stopEvent, flags);
  UNIHIP_RETURN(moduleLaunchByWorkItems(f, globalWorkSizeX, globalWorkSizeY, globalWorkSizeZ,
                                        localWorkSizeX, localWorkSizeY, localWorkSizeZ,
                                        sharedMemBytes, hStream, kernelParams, extra, startEvent,
                                        stopEvent));
}

UNIHIP_EXPORT hipError_t hipHccModuleLaunchKernel(
    hipFunction_t f, uint32_t globalWorkSizeX, uint32_t globalWorkSizeY, uint32_t globalWorkSizeZ,
    uint32_t localWorkSizeX, uint32_t localWorkSizeY, uint32_t localWorkSizeZ,
    size_t sharedMemBytes, hipStream_t hStream, void** kernelParams, void** extra,
    hipEvent_t startEvent, hipEvent_t stopEvent) {
  UNIHIP_TRACE_hipHccModuleLaunchKernel(
      f, globalWorkSizeX, globalWorkSizeY, globalWorkSizeZ, localWorkSizeX, localWorkSizeY,
      localWorkSizeZ, sharedMemBytes, hStream, kernelParams, extra, startEvent, stopEvent);
  UNIHIP_RETURN(moduleLaunchByWorkItems(f, globalWorkSizeX, globalWorkSizeY, globalWorkSizeZ,
                                        localWorkSizeX, localWorkSizeY, localWorkSizeZ,
                                        sharedMemBytes, hStream, kernelParams, extra, startEvent,
                                        stopEvent));
}

UNIHIP_EXPORT hipError_t hipSetupArgument(const void* arg, size_t size, size_t offset) {
  UNIHIP_TRACE_hipSetupArgument(arg, size, offset);
  StagedArguments& st = staged();
  if (arg == nullptr || size == 0 || offset > kArgumentBytes || size > kArgumentBytes - offset ||
      st.count == kMaxArguments)
    UNIHIP_RETURN(hipErrorInvalidValue);
  std::memcpy(st.bytes + offset, arg, size);
  st.offsets[st.count++] = offset;
  UNIHIP_RETURN(kOk);
}

// Launches with the configuration of the last hipConfigureCall and the staged arguments.
UNIHIP_EXPORT hipError_t hipLaunchByPtr(const void* func) {
  UNIHIP_TRACE_hipLaunchByPtr(func);
  StagedArguments& st = staged();
  int count = st.count;
  st.count = 0;  // consumed whatever happens next
  dim3 grid, block;
  size_t sharedMem = 0;
  hipStream_t stream = nullptr;
  hipError_t e = __hipPopCallConfiguration(&grid, &block, &sharedMem, &stream);
  if (e != hipSuccess) UNIHIP_RETURN(e);
  void* args[kMaxArguments];
  for (int i = 0; i < count; ++i) args[i] = st.bytes + st.offsets[i];
  UNIHIP_RETURN(hipLaunchKernel(func, grid, block, args, sharedMem, stream));
}
