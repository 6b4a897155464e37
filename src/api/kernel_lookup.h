// The execution family's shared argument checks: a kernel named by its host function
// (registered through __hipRegisterFunction) or by a module function handle.
#pragma once

#include "core/handles.h"
#include "fatbin/registry.h"

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

}  // namespace unihip
