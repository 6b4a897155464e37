// Cooperative and multi-device launches. A cooperative launch guarantees every block is resident
// at once, so grid-wide barriers (cooperative_groups::grid_group::sync) may be used; the backend
// refuses grids that cannot be resident (hipErrorCooperativeLaunchTooLarge). Multi-device forms
// launch one kernel per device, each on its own stream, bracketed by HIP's pre- and post-sync:
// unless told otherwise, every kernel starts after the work queued before it on all the listed
// streams, and work queued afterwards on any of them starts after all the kernels.
#include <vector>

#include "api/api_boundary.h"
#include "api/kernel_lookup.h"
#include "core/launch_check.h"
#include "core/stream_resolve.h"

using namespace unihip;

namespace {

constexpr unsigned kMultiDeviceFlags =
    hipCooperativeLaunchMultiDeviceNoPreSync | hipCooperativeLaunchMultiDeviceNoPostSync;

// A launch ready for the backend: its device, function and configuration.
struct CheckedLaunch {
  Device* device = nullptr;
  NativeFunction function = nullptr;
  LaunchConfig config;
  void** args = nullptr;
  hipStream_t stream = nullptr;
};

// `cooperative`: hipLaunchCooperativeKernel's codes (checkCooperativeLaunch), else
// hipLaunchKernel's (hipExtLaunchMultiKernelMultiDevice).
Status checkRegistered(const void* f, dim3 grid, dim3 block, size_t sharedMemBytes,
                       hipStream_t stream, void** args, bool cooperative, CheckedLaunch* out) {
  KernelRecord* kernel = nullptr;
  UNIHIP_TRY(registeredKernel(f, &kernel));
  ResolvedStream rs;
  Status s = resolveStream(stream, &rs);
  // HIP 7: an invalid stream is hipErrorInvalidHandle here (HIP 6: hipErrorContextIsDestroyed).
  if (!s.ok()) return s == hipErrorContextIsDestroyed ? Status(hipErrorInvalidHandle) : s;
  UNIHIP_TRY(cooperative ? checkCooperativeLaunch(*rs.device->props, grid, block, sharedMemBytes)
                         : checkLaunch(*rs.device->props, grid, block, sharedMemBytes));
  UNIHIP_TRY(Registry::get().function(kernel, *rs.device, &out->function));
  UNIHIP_TRY(checkKernelLimits(*rs.device, out->function, block, sharedMemBytes,
                               cooperative ? kCooperativeLaunchCodes : kRuntimeLaunchCodes));
  out->device = rs.device;
  out->config = LaunchConfig{grid, block, static_cast<uint32_t>(sharedMemBytes), rs.native};
  out->args = args;
  out->stream = stream;
  return kOk;
}

Status checkModule(hipFunction_t f, dim3 grid, dim3 block, size_t sharedMemBytes,
                   hipStream_t stream, void** args, CheckedLaunch* out) {
  UNIHIP_TRY(liveFunction(f));
  ResolvedStream rs;
  // AMD's module cooperative launch answers a destroyed or foreign stream hipErrorInvalidValue
  // (hip-tests' hipModuleLaunchCooperativeKernel Negative_Parameters, "Invalid stream").
  Status s = resolveStream(stream, &rs);
  if (!s.ok())
    return s == hipErrorContextIsDestroyed || s == hipErrorInvalidHandle
               ? Status(hipErrorInvalidValue)
               : s;
  if (rs.device->ordinal != f->device) return hipErrorInvalidHandle;
  UNIHIP_TRY(checkModuleLaunch(*rs.device->props, grid, block, sharedMemBytes));
  UNIHIP_TRY(checkKernelLimits(*rs.device, f->native, block, sharedMemBytes, kModuleLaunchCodes));
  out->device = rs.device;
  out->function = f->native;
  out->config = LaunchConfig{grid, block, static_cast<uint32_t>(sharedMemBytes), rs.native};
  out->args = args;
  out->stream = stream;
  return kOk;
}

Status launch(const CheckedLaunch& l, bool cooperative) {
  Backend& b = *l.device->backend;
  return cooperative ? b.launchCooperative(l.device->local, l.function, l.config, l.args)
                     : b.launch(l.device->local, l.function, l.config, l.args);
}

uint64_t threadsOf(const LaunchConfig& c) {
  return uint64_t{c.grid.x} * c.grid.y * c.grid.z * c.block.x * c.block.y * c.block.z;
}

// Makes each listed stream wait for the work queued so far on all of them.
Status crossWait(const std::vector<CheckedLaunch>& launches) {
  std::vector<hipEvent_t> events;
  Status s = kOk;
  for (const CheckedLaunch& l : launches) {
    hipEvent_t e = nullptr;
    int previous = 0;
    (void)hipGetDevice(&previous);
    (void)hipSetDevice(l.device->ordinal);
    hipError_t r = hipEventCreateWithFlags(&e, hipEventDisableTiming);
    if (r == hipSuccess) r = hipEventRecord(e, l.stream);
    (void)hipSetDevice(previous);
    if (e != nullptr) events.push_back(e);
    if (r != hipSuccess) {
      s = r;
      break;
    }
  }
  for (const CheckedLaunch& l : launches) {
    for (hipEvent_t e : events) {
      if (!s.ok()) break;
      hipError_t r = hipStreamWaitEvent(l.stream, e, 0);
      if (r != hipSuccess) s = r;
    }
  }
  for (hipEvent_t e : events) (void)hipEventDestroy(e);  // released once the waits are done
  return s;
}

// One launch per entry, each on a different device, bracketed by the syncs `flags` keeps.
Status launchMultiDevice(const std::vector<CheckedLaunch>& launches, unsigned int flags,
                         bool cooperative) {
  for (size_t i = 0; i < launches.size(); ++i)
    for (size_t j = 0; j < i; ++j)
      if (launches[i].device == launches[j].device) return hipErrorInvalidDevice;
  if (!(flags & hipCooperativeLaunchMultiDeviceNoPreSync)) UNIHIP_TRY(crossWait(launches));
  // Each grid's rank and thread counts, for multi-grid barriers (AMD's mg_info).
  uint64_t allSum = 0;
  for (const CheckedLaunch& l : launches) allSum += threadsOf(l.config);
  CooperativeGrid grid;
  grid.numGrids = static_cast<uint32_t>(launches.size());
  grid.allSum = allSum;
  for (const CheckedLaunch& l : launches) {
    if (cooperative) {
      UNIHIP_TRY(l.device->backend->launchCooperativeGrid(l.device->local, l.function, l.config,
                                                          l.args, grid));
    } else {
      UNIHIP_TRY(launch(l, false));
    }
    grid.prevSum += threadsOf(l.config);
    ++grid.gridId;
  }
  if (!(flags & hipCooperativeLaunchMultiDeviceNoPostSync)) UNIHIP_TRY(crossWait(launches));
  return kOk;
}

Status multiDeviceList(const hipLaunchParams* list, int numDevices, unsigned int flags,
                       bool cooperative, std::vector<CheckedLaunch>* out) {
  if (list == nullptr || numDevices <= 0 || (flags & ~kMultiDeviceFlags) != 0)
    return hipErrorInvalidValue;
  if (numDevices > Runtime::get().deviceCount()) return hipErrorInvalidValue;
  out->resize(static_cast<size_t>(numDevices));
  for (int i = 0; i < numDevices; ++i) {
    UNIHIP_TRY(checkRegistered(list[i].func, list[i].gridDim, list[i].blockDim,
                               list[i].sharedMem, list[i].stream, list[i].args, cooperative,
                               &(*out)[i]));
  }
  return kOk;
}

}  // namespace

UNIHIP_EXPORT hipError_t hipLaunchCooperativeKernel(const void* f, dim3 gridDim, dim3 blockDimX,
                                                    void** kernelParams,
                                                    unsigned int sharedMemBytes,
                                                    hipStream_t stream) {
  UNIHIP_TRACE_hipLaunchCooperativeKernel(f, gridDim, blockDimX, kernelParams, sharedMemBytes,
                                          stream);
  CheckedLaunch l;
  Status s =
      checkRegistered(f, gridDim, blockDimX, sharedMemBytes, stream, kernelParams, true, &l);
  if (!s.ok()) UNIHIP_RETURN(s);
  UNIHIP_RETURN(launch(l, true));
}

UNIHIP_EXPORT hipError_t hipLaunchCooperativeKernel_spt(const void* f, dim3 gridDim,
                                                        dim3 blockDim, void** kernelParams,
                                                        uint32_t sharedMemBytes,
                                                        hipStream_t hStream) {
  UNIHIP_TRACE_hipLaunchCooperativeKernel_spt(f, gridDim, blockDim, kernelParams, sharedMemBytes,
                                              hStream);
  CheckedLaunch l;
  Status s = checkRegistered(f, gridDim, blockDim, sharedMemBytes, unihipPerThreadStream(hStream),
                             kernelParams, true, &l);
  if (!s.ok()) UNIHIP_RETURN(s);
  UNIHIP_RETURN(launch(l, true));
}

UNIHIP_EXPORT hipError_t hipModuleLaunchCooperativeKernel(
    hipFunction_t f, unsigned int gridDimX, unsigned int gridDimY, unsigned int gridDimZ,
    unsigned int blockDimX, unsigned int blockDimY, unsigned int blockDimZ,
    unsigned int sharedMemBytes, hipStream_t stream, void** kernelParams) {
  UNIHIP_TRACE_hipModuleLaunchCooperativeKernel(f, gridDimX, gridDimY, gridDimZ, blockDimX,
                                                blockDimY, blockDimZ, sharedMemBytes, stream,
                                                kernelParams);
  CheckedLaunch l;
  Status s = checkModule(f, dim3(gridDimX, gridDimY, gridDimZ),
                         dim3(blockDimX, blockDimY, blockDimZ), sharedMemBytes, stream,
                         kernelParams, &l);
  if (!s.ok()) UNIHIP_RETURN(s);
  UNIHIP_RETURN(launch(l, true));
}

UNIHIP_EXPORT hipError_t hipLaunchCooperativeKernelMultiDevice(hipLaunchParams* launchParamsList,
                                                               int numDevices,
                                                               unsigned int flags) {
  UNIHIP_TRACE_hipLaunchCooperativeKernelMultiDevice(launchParamsList, numDevices, flags);
  std::vector<CheckedLaunch> launches;
  Status s = multiDeviceList(launchParamsList, numDevices, flags, true, &launches);
  if (!s.ok()) UNIHIP_RETURN(s);
  UNIHIP_RETURN(launchMultiDevice(launches, flags, true));
}

UNIHIP_EXPORT hipError_t hipExtLaunchMultiKernelMultiDevice(hipLaunchParams* launchParamsList,
                                                            int numDevices, unsigned int flags) {
  UNIHIP_TRACE_hipExtLaunchMultiKernelMultiDevice(launchParamsList, numDevices, flags);
  std::vector<CheckedLaunch> launches;
  Status s = multiDeviceList(launchParamsList, numDevices, flags, false, &launches);
  if (!s.ok()) UNIHIP_RETURN(s);
  UNIHIP_RETURN(launchMultiDevice(launches, flags, false));
}

UNIHIP_EXPORT hipError_t hipModuleLaunchCooperativeKernelMultiDevice(
    hipFunctionLaunchParams* launchParamsList, unsigned int numDevices, unsigned int flags) {
  UNIHIP_TRACE_hipModuleLaunchCooperativeKernelMultiDevice(launchParamsList, numDevices, flags);
  if (launchParamsList == nullptr || numDevices == 0 || (flags & ~kMultiDeviceFlags) != 0 ||
      numDevices > static_cast<unsigned>(Runtime::get().deviceCount()))
    UNIHIP_RETURN(hipErrorInvalidValue);
  std::vector<CheckedLaunch> launches(numDevices);
  for (unsigned i = 0; i < numDevices; ++i) {
    const hipFunctionLaunchParams& p = launchParamsList[i];
    Status s = checkModule(p.function, dim3(p.gridDimX, p.gridDimY, p.gridDimZ),
                           dim3(p.blockDimX, p.blockDimY, p.blockDimZ), p.sharedMemBytes,
                           p.hStream, p.kernelParams, &launches[i]);
    if (!s.ok()) UNIHIP_RETURN(s);
  }
  UNIHIP_RETURN(launchMultiDevice(launches, flags, true));
}
