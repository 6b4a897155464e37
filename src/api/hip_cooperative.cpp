// Cooperative and multi-device launches: arguments are checked as HIP does; the launches
// themselves (grid-wide barriers need co-residency guarantees per vendor) come with issue 12.
#include "api/api_boundary.h"
#include "api/kernel_lookup.h"
#include "core/launch_check.h"
#include "core/stream_resolve.h"

using namespace unihip;

namespace {

constexpr unsigned kMultiDeviceFlags =
    hipCooperativeLaunchMultiDeviceNoPreSync | hipCooperativeLaunchMultiDeviceNoPostSync;

Status checkCooperative(const void* f, dim3 grid, dim3 block, size_t sharedMemBytes,
                        hipStream_t stream) {
  KernelRecord* kernel = nullptr;
  UNIHIP_TRY(registeredKernel(f, &kernel));
  ResolvedStream rs;
  UNIHIP_TRY(resolveStream(stream, &rs));
  return checkLaunch(*rs.device->props, grid, block, sharedMemBytes);
}

Status checkModuleCooperative(hipFunction_t f, dim3 grid, dim3 block, size_t sharedMemBytes,
                              hipStream_t stream) {
  UNIHIP_TRY(liveFunction(f));
  ResolvedStream rs;
  UNIHIP_TRY(resolveStream(stream, &rs));
  if (rs.device->ordinal != f->device) return hipErrorInvalidHandle;
  return checkLaunch(*rs.device->props, grid, block, sharedMemBytes);
}

// One entry per device, each on a different device, within the device count.
Status checkMultiDevice(const hipLaunchParams* list, int numDevices, unsigned int flags) {
  if (list == nullptr || numDevices <= 0 || (flags & ~kMultiDeviceFlags) != 0)
    return hipErrorInvalidValue;
  if (numDevices > Runtime::get().deviceCount()) return hipErrorInvalidValue;
  for (int i = 0; i < numDevices; ++i) {
    UNIHIP_TRY(checkCooperative(list[i].func, list[i].gridDim, list[i].blockDim,
                                list[i].sharedMem, list[i].stream));
  }
  return kOk;
}

}  // namespace

UNIHIP_EXPORT hipError_t hipLaunchCooperativeKernel(const void* f, dim3 gridDim, dim3 blockDimX,
                                                    void** kernelParams,
                                                    unsigned int sharedMemBytes,
                                                    hipStream_t stream) {
  UNIHIP_TRACE_API("hipLaunchCooperativeKernel({}, {}, {})", f, fmt::ptr(kernelParams),
                   fmt::ptr(stream));
  Status s = checkCooperative(f, gridDim, blockDimX, sharedMemBytes, stream);
  if (!s.ok()) UNIHIP_RETURN(s);
  UNIHIP_RETURN_NOT_SUPPORTED();
}

UNIHIP_EXPORT hipError_t hipLaunchCooperativeKernel_spt(const void* f, dim3 gridDim,
                                                        dim3 blockDim, void** kernelParams,
                                                        uint32_t sharedMemBytes,
                                                        hipStream_t hStream) {
  UNIHIP_TRACE_API("hipLaunchCooperativeKernel_spt({}, {}, {})", f, fmt::ptr(kernelParams),
                   fmt::ptr(hStream));
  Status s =
      checkCooperative(f, gridDim, blockDim, sharedMemBytes, unihipPerThreadStream(hStream));
  if (!s.ok()) UNIHIP_RETURN(s);
  UNIHIP_RETURN_NOT_SUPPORTED();
}

UNIHIP_EXPORT hipError_t hipModuleLaunchCooperativeKernel(
    hipFunction_t f, unsigned int gridDimX, unsigned int gridDimY, unsigned int gridDimZ,
    unsigned int blockDimX, unsigned int blockDimY, unsigned int blockDimZ,
    unsigned int sharedMemBytes, hipStream_t stream, void** kernelParams) {
  UNIHIP_TRACE_API("hipModuleLaunchCooperativeKernel({}, {}, {})", fmt::ptr(f),
                   fmt::ptr(stream), fmt::ptr(kernelParams));
  Status s = checkModuleCooperative(f, dim3(gridDimX, gridDimY, gridDimZ),
                                    dim3(blockDimX, blockDimY, blockDimZ), sharedMemBytes, stream);
  if (!s.ok()) UNIHIP_RETURN(s);
  UNIHIP_RETURN_NOT_SUPPORTED();
}

UNIHIP_EXPORT hipError_t hipLaunchCooperativeKernelMultiDevice(hipLaunchParams* launchParamsList,
                                                               int numDevices,
                                                               unsigned int flags) {
  UNIHIP_TRACE_API("hipLaunchCooperativeKernelMultiDevice({}, {}, {:#x})",
                   fmt::ptr(launchParamsList), numDevices, flags);
  Status s = checkMultiDevice(launchParamsList, numDevices, flags);
  if (!s.ok()) UNIHIP_RETURN(s);
  UNIHIP_RETURN_NOT_SUPPORTED();
}

UNIHIP_EXPORT hipError_t hipExtLaunchMultiKernelMultiDevice(hipLaunchParams* launchParamsList,
                                                            int numDevices, unsigned int flags) {
  UNIHIP_TRACE_API("hipExtLaunchMultiKernelMultiDevice({}, {}, {:#x})",
                   fmt::ptr(launchParamsList), numDevices, flags);
  Status s = checkMultiDevice(launchParamsList, numDevices, flags);
  if (!s.ok()) UNIHIP_RETURN(s);
  UNIHIP_RETURN_NOT_SUPPORTED();
}

UNIHIP_EXPORT hipError_t hipModuleLaunchCooperativeKernelMultiDevice(
    hipFunctionLaunchParams* launchParamsList, unsigned int numDevices, unsigned int flags) {
  UNIHIP_TRACE_API("hipModuleLaunchCooperativeKernelMultiDevice({}, {}, {:#x})",
                   fmt::ptr(launchParamsList), numDevices, flags);
  if (launchParamsList == nullptr || numDevices == 0 || (flags & ~kMultiDeviceFlags) != 0 ||
      numDevices > static_cast<unsigned>(Runtime::get().deviceCount()))
    UNIHIP_RETURN(hipErrorInvalidValue);
  for (unsigned i = 0; i < numDevices; ++i) {
    const hipFunctionLaunchParams& p = launchParamsList[i];
    Status s = checkModuleCooperative(p.function, dim3(p.gridDimX, p.gridDimY, p.gridDimZ),
                                      dim3(p.blockDimX, p.blockDimY, p.blockDimZ),
                                      p.sharedMemBytes, p.hStream);
    if (!s.ok()) UNIHIP_RETURN(s);
  }
  UNIHIP_RETURN_NOT_SUPPORTED();
}
