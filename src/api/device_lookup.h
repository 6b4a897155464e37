// The device behind a HIP ordinal, with HIP's answers for no device and a bad ordinal; shared by
// the device, context and execution families' entry points.
#pragma once

#include "core/runtime.h"

namespace unihip {

// hipErrorNoDevice without devices, hipErrorInvalidDevice for an ordinal out of range.
inline Status lookupDevice(int ordinal, Device** device) {
  Runtime& rt = Runtime::get();
  if (rt.deviceCount() == 0) return hipErrorNoDevice;
  Device* d = rt.device(ordinal);
  if (d == nullptr) return hipErrorInvalidDevice;
  *device = d;
  return kOk;
}

// The current device's cache and shared-memory preferences (hip_device_info.cpp), shared by the
// hipDevice* and hipCtx* entry points.
Status getCacheConfig(hipFuncCache_t* config);
// `config` and `config` below: the enum's integer (callers may pass any value).
Status setCacheConfig(int config);
Status getSharedMemConfig(hipSharedMemConfig* config);
Status setSharedMemConfig(int config);

// Contexts (hip_context.cpp): the device of a context handle (hipErrorInvalidContext for one
// that is not a device's primary context), and a device's primary context.
Status deviceOfContext(hipCtx_t ctx, Device** device);
hipCtx_t primaryContextOf(int ordinal);
// hipCtxCreate's flags: checked as hipSetDeviceFlags' and kept whole (AMD's hipCtxCreate).
Status setContextFlags(const Device& d, unsigned flags);

}  // namespace unihip
