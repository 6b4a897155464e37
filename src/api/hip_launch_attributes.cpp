// Launches that carry a configuration with attributes (HIP 6.5): hipLaunchKernelExC and
// hipDrvLaunchKernelEx. As AMD's runtime: no attribute is a plain launch; the first cooperative
// attribute that is set makes it a cooperative launch; attributes that ask for nothing AMD
// implements (priority, access policy, a cooperative attribute of 0) leave the launch unmade
// with hipErrorInvalidConfiguration.
#include "api/api_boundary.h"

using namespace unihip;

namespace {

enum class LaunchKind { Plain, Cooperative, Refused };

LaunchKind kindOf(const hipLaunchAttribute* attrs, unsigned int count) {
  if (count == 0) return LaunchKind::Plain;
  for (unsigned int i = 0; i < count; ++i)
    if (attrs[i].id == hipLaunchAttributeCooperative && attrs[i].val.cooperative != 0)
      return LaunchKind::Cooperative;
  return LaunchKind::Refused;
}

}  // namespace

UNIHIP_EXPORT hipError_t hipLaunchKernelExC(const hipLaunchConfig_t* config, const void* fPtr,
                                            void** args) {
  UNIHIP_TRACE_hipLaunchKernelExC(config, fPtr, args);
  if (fPtr == nullptr) UNIHIP_RETURN(hipErrorInvalidDeviceFunction);
  if (config == nullptr) UNIHIP_RETURN(hipErrorInvalidConfiguration);
  // AMD's runtime reads the array without a check; a null one is an error here.
  if (config->numAttrs != 0 && config->attrs == nullptr) UNIHIP_RETURN(hipErrorInvalidValue);
  switch (kindOf(config->attrs, config->numAttrs)) {
    case LaunchKind::Plain:
      return hipLaunchKernel(fPtr, config->gridDim, config->blockDim, args,
                             config->dynamicSmemBytes, config->stream);
    case LaunchKind::Cooperative:
      return hipLaunchCooperativeKernel(fPtr, config->gridDim, config->blockDim, args,
                                        static_cast<unsigned int>(config->dynamicSmemBytes),
                                        config->stream);
    case LaunchKind::Refused:
      break;
  }
  UNIHIP_RETURN(hipErrorInvalidConfiguration);
}

UNIHIP_EXPORT hipError_t hipDrvLaunchKernelEx(const HIP_LAUNCH_CONFIG* config, hipFunction_t f,
                                              void** params, void** extra) {
  UNIHIP_TRACE_hipDrvLaunchKernelEx(config, f, params, extra);
  if (f == nullptr) UNIHIP_RETURN(hipErrorInvalidHandle);
  if (config == nullptr) UNIHIP_RETURN(hipErrorInvalidValue);
  const HIP_LAUNCH_CONFIG& c = *config;
  if (c.gridDimX == 0 || c.gridDimY == 0 || c.gridDimZ == 0 || c.blockDimX == 0 ||
      c.blockDimY == 0 || c.blockDimZ == 0)
    UNIHIP_RETURN(hipErrorInvalidConfiguration);
  if (c.numAttrs != 0 && c.attrs == nullptr) UNIHIP_RETURN(hipErrorInvalidValue);
  switch (kindOf(c.attrs, c.numAttrs)) {
    case LaunchKind::Plain:
      // AMD's runtime drops `extra`; it is honoured here, as hipModuleLaunchKernel does.
      return hipModuleLaunchKernel(f, c.gridDimX, c.gridDimY, c.gridDimZ, c.blockDimX,
                                   c.blockDimY, c.blockDimZ, c.sharedMemBytes, c.hStream, params,
                                   extra);
    case LaunchKind::Cooperative:
      return hipModuleLaunchCooperativeKernel(f, c.gridDimX, c.gridDimY, c.gridDimZ, c.blockDimX,
                                              c.blockDimY, c.blockDimZ, c.sharedMemBytes,
                                              c.hStream, params);
    case LaunchKind::Refused:
      break;
  }
  UNIHIP_RETURN(hipErrorInvalidConfiguration);
}
