// The execution family's shared argument checks: a kernel named by its host function
// (registered through __hipRegisterFunction) or by a module function handle.
#pragma once

#include "core/handles.h"
#include "core/launch_check.h"
#include "core/runtime.h"
#include "core/registry.h"

namespace unihip {

// hipErrorInvalidDeviceFunction for NULL or a host function no fat binary registered.
inline Status registeredKernel(const void* hostFunction, KernelRecord** kernel) {
  KernelRecord* k = hostFunction ? Registry::get().findKernel(hostFunction) : nullptr;
  if (k == nullptr) return hipErrorInvalidDeviceFunction;
  *kernel = k;
  return kOk;
}

// hipErrorInvalidResourceHandle for NULL, a handle never issued, or one of an unloaded module.
inline Status liveFunction(hipFunction_t f) {
  return isLive(f) ? kOk : Status(hipErrorInvalidResourceHandle);
}

// A registered kernel's function on the current device (its module loaded on first use).
inline Status kernelOnCurrentDevice(const void* hostFunction, Device** device,
                                    NativeFunction* function) {
  KernelRecord* kernel = nullptr;
  UNIHIP_TRY(registeredKernel(hostFunction, &kernel));
  UNIHIP_TRY(currentDevice(device));
  return Registry::get().function(kernel, **device, function);
}

// The values hipFuncSetAttribute and hipKernelSetAttribute take, on `d`: attribute 8 (the
// dynamic shared memory limit) up to the device's opt-in size, 9 (the preferred carveout) from
// -1 to 100; any other attribute is hipErrorInvalidValue. hipFuncAttribute's and
// hipFunction_attribute's numbers agree on both.
inline Status checkSettableFunctionAttribute(const Device& d, int attribute, int value) {
  if (attribute == hipFuncAttributeMaxDynamicSharedMemorySize) {
    if (value < 0 || static_cast<size_t>(value) > d.props->sharedMemPerBlockOptin)
      return hipErrorInvalidValue;
    return kOk;
  }
  if (attribute == hipFuncAttributePreferredSharedMemoryCarveout)
    return value < -1 || value > 100 ? Status(hipErrorInvalidValue) : kOk;
  return hipErrorInvalidValue;
}

// A kernel's own limits on `d` (core/launch_check.h), as its backend reports them; a limit the
// backend cannot tell is no limit (the backend's launch then has the last word).
inline FunctionLimits functionLimitsOf(const Device& d, NativeFunction f) {
  FunctionLimits l;
  int v = 0;
  if (d.backend->functionAttribute(d.local, f, HIP_FUNC_ATTRIBUTE_MAX_THREADS_PER_BLOCK, &v).ok() &&
      v > 0)
    l.maxThreadsPerBlock = static_cast<uint32_t>(v);
  if (d.backend->functionAttribute(d.local, f, HIP_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES,
                                   &v).ok() &&
      v >= 0)
    l.maxDynamicShared = static_cast<size_t>(v);
  return l;
}

// checkFunctionLimits for `f` on `d`, with the family's codes.
inline Status checkKernelLimits(const Device& d, NativeFunction f, const dim3& block,
                                size_t sharedMemBytes, const FunctionLimitCodes& codes) {
  return checkFunctionLimits(functionLimitsOf(d, f), block, sharedMemBytes, codes);
}

// The launch families' use of checkKernelLimits: before the backend's launch where the backend
// takes any size, and after a refusal where it refuses past the kernel's limits itself
// (CodeOps::launchRefusesPastFunctionLimits): a launch that succeeds then asks nothing more.
inline Status kernelLimitsBeforeLaunch(const Device& d, NativeFunction f, const dim3& block,
                                       size_t sharedMemBytes, const FunctionLimitCodes& codes) {
  if (d.backend->launchRefusesPastFunctionLimits()) return kOk;
  return checkKernelLimits(d, f, block, sharedMemBytes, codes);
}
// `launched`: the backend's answer. A refusal past the kernel's own limits gets the family's code.
[[gnu::cold]] inline Status refusedLaunchCode(Status launched, const Device& d, NativeFunction f,
                                              const dim3& block, size_t sharedMemBytes,
                                              const FunctionLimitCodes& codes) {
  const Status k = checkKernelLimits(d, f, block, sharedMemBytes, codes);
  return k.ok() ? launched : k;
}

// A module function handle's device and native function.
inline Status moduleFunction(hipFunction_t f, Device** device, NativeFunction* function) {
  UNIHIP_TRY(liveFunction(f));
  *device = Runtime::get().device(f->device);
  if (*device == nullptr) return hipErrorInvalidResourceHandle;
  *function = f->native;
  return kOk;
}

}  // namespace unihip
