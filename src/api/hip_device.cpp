// Device management: counts, selection, properties, attributes, synchronization, reset.
#include <atomic>
#include <cstring>

#include "api/api_boundary.h"
#include "api/arg_checks.h"
#include "api/device_lookup.h"
#include "api/memory_allocation.h"
#include "base/allocation_map.h"
#include "core/device_attributes.h"
#include "base/enum_value.h"
#include "core/handles.h"
#include "core/images.h"
#include "core/runtime.h"
#include "core/registry.h"

using namespace unihip;

namespace {

// hipSetDeviceFlags' flags, per device (AMD keeps them on the device, seen by every thread).
std::atomic<unsigned> g_deviceFlags[kMaxDevices];

Status deviceAt(int ordinal, Device** device) {
  Runtime& rt = Runtime::get();
  if (rt.deviceCount() == 0) return hipErrorNoDevice;
  Device* d = rt.device(ordinal);
  if (d == nullptr) return hipErrorInvalidDevice;
  *device = d;
  return kOk;
}

}  // namespace

UNIHIP_EXPORT hipError_t hipInit(unsigned int flags) {
  UNIHIP_TRACE_hipInit(flags);
  if (flags != 0) UNIHIP_RETURN(hipErrorInvalidValue);
  UNIHIP_RETURN(Runtime::get().deviceCount() > 0 ? kOk : Status(hipErrorNoDevice));
}

UNIHIP_EXPORT hipError_t hipDriverGetVersion(int* driverVersion) {
  UNIHIP_TRACE_hipDriverGetVersion(driverVersion);
  if (driverVersion == nullptr) UNIHIP_RETURN(hipErrorInvalidValue);
  // AMD's runtime answers HIP_VERSION here too (not the vendor driver's version).
  *driverVersion = HIP_VERSION;
  UNIHIP_RETURN(kOk);
}

UNIHIP_EXPORT hipError_t hipRuntimeGetVersion(int* runtimeVersion) {
  UNIHIP_TRACE_hipRuntimeGetVersion(runtimeVersion);
  if (runtimeVersion == nullptr) UNIHIP_RETURN(hipErrorInvalidValue);
  *runtimeVersion = HIP_VERSION;
  UNIHIP_RETURN(kOk);
}

UNIHIP_EXPORT hipError_t hipGetDeviceCount(int* count) {
  UNIHIP_TRACE_hipGetDeviceCount(count);
  if (count == nullptr) UNIHIP_RETURN(hipErrorInvalidValue);
  *count = Runtime::get().deviceCount();
  UNIHIP_RETURN(*count > 0 ? kOk : Status(hipErrorNoDevice));
}

UNIHIP_EXPORT hipError_t hipSetDevice(int deviceId) {
  UNIHIP_TRACE_hipSetDevice(deviceId);
  Device* d = nullptr;
  UNIHIP_RETURN_IF_FAILED(deviceAt(deviceId, &d));
  Runtime::setCurrentDevice(deviceId);
  Runtime::markDeviceChosenByUser(true);
  UNIHIP_RETURN(kOk);
}

UNIHIP_EXPORT hipError_t hipGetDevice(int* deviceId) {
  UNIHIP_TRACE_hipGetDevice(deviceId);
  if (deviceId == nullptr) UNIHIP_RETURN(hipErrorInvalidValue);
  if (Runtime::get().deviceCount() == 0) UNIHIP_RETURN(hipErrorNoDevice);
  *deviceId = Runtime::currentDevice();
  UNIHIP_RETURN(kOk);
}

UNIHIP_EXPORT hipError_t hipDeviceGet(hipDevice_t* device, int ordinal) {
  UNIHIP_TRACE_hipDeviceGet(device, ordinal);
  if (device == nullptr) UNIHIP_RETURN(hipErrorInvalidValue);
  Device* d = nullptr;
  Status s = deviceAt(ordinal, &d);
  if (s.ok()) *device = ordinal;
  UNIHIP_RETURN(s);
}

UNIHIP_EXPORT hipError_t hipGetDeviceProperties(hipDeviceProp_t* prop, int deviceId) {
  UNIHIP_TRACE_API("hipGetDeviceProperties({}, {})", fmt::ptr(prop), deviceId);
  if (prop == nullptr) UNIHIP_RETURN(hipErrorInvalidValue);
  Device* d = nullptr;
  Status s = deviceAt(deviceId, &d);
  if (s.ok()) *prop = *d->props;
  UNIHIP_RETURN(s);
}

UNIHIP_EXPORT hipError_t hipDeviceGetName(char* name, int len, hipDevice_t device) {
  UNIHIP_TRACE_hipDeviceGetName(name, len, device);
  if (name == nullptr || len <= 0) UNIHIP_RETURN(hipErrorInvalidValue);
  Device* d = nullptr;
  Status s = deviceAt(device, &d);
  if (s.ok()) {
    std::strncpy(name, d->props->name, static_cast<size_t>(len) - 1);
    name[len - 1] = '\0';
  }
  UNIHIP_RETURN(s);
}

UNIHIP_EXPORT hipError_t hipDeviceComputeCapability(int* major, int* minor, hipDevice_t device) {
  UNIHIP_TRACE_hipDeviceComputeCapability(major, minor, device);
  if (major == nullptr || minor == nullptr) UNIHIP_RETURN(hipErrorInvalidValue);
  Device* d = nullptr;
  Status s = deviceAt(device, &d);
  if (s.ok()) {
    *major = d->props->major;
    *minor = d->props->minor;
  }
  UNIHIP_RETURN(s);
}

UNIHIP_EXPORT hipError_t hipDeviceTotalMem(size_t* bytes, hipDevice_t device) {
  UNIHIP_TRACE_hipDeviceTotalMem(bytes, device);
  if (bytes == nullptr) UNIHIP_RETURN(hipErrorInvalidValue);
  Device* d = nullptr;
  Status s = deviceAt(device, &d);
  if (s.ok()) *bytes = d->props->totalGlobalMem;
  UNIHIP_RETURN(s);
}

UNIHIP_EXPORT hipError_t hipDeviceGetAttribute(int* pi, hipDeviceAttribute_t attr, int deviceId) {
  const int raw = enumValue(attr);  // any integer may arrive here
  UNIHIP_TRACE_hipDeviceGetAttribute(pi, attr, deviceId);
  if (pi == nullptr) UNIHIP_RETURN(hipErrorInvalidValue);
  Device* d = nullptr;
  UNIHIP_RETURN_IF_FAILED(deviceAt(deviceId, &d));
  Status s = attributeFromProperties(*d->props, raw, pi);
  if (s.code() == hipErrorNotSupported)
    UNIHIP_RETURN(d->backend->attribute(d->local, static_cast<hipDeviceAttribute_t>(raw), pi));
  UNIHIP_RETURN(s);
}

namespace {

// hipSetDeviceFlags' and hipInitDevice's device flags.
Status checkDeviceFlags(unsigned flags) {
  constexpr unsigned kKnown = hipDeviceScheduleMask | hipDeviceMapHost | hipDeviceLmemResizeToMax;
  if ((flags & ~kKnown) != 0) return hipErrorInvalidValue;
  // At most one of spin, yield and blocking sync, as AMD checks.
  if (__builtin_popcount(flags & hipDeviceScheduleMask) > 1) return hipErrorInvalidValue;
  return kOk;
}

// Scheduling hints are accepted and recorded; both backends always map host memory and size
// local memory themselves, so hipDeviceMapHost and hipDeviceLmemResizeToMax are accepted and
// not kept: hipGetDeviceFlags answers the scheduling bits, as AMD's runtime
// (setFlags(flags & hipDeviceScheduleMask); hip-tests' hipGetSetDeviceFlags.cc).
void recordDeviceFlags(const Device& d, unsigned flags) {
  if (d.ordinal < kMaxDevices) g_deviceFlags[d.ordinal].store(flags & hipDeviceScheduleMask);
}

}  // namespace

Status unihip::setContextFlags(const Device& d, unsigned flags) {
  if (Status s = checkDeviceFlags(flags); !s.ok()) return s;
  if (d.ordinal < kMaxDevices) g_deviceFlags[d.ordinal].store(flags);
  return kOk;
}

UNIHIP_EXPORT hipError_t hipSetDeviceFlags(unsigned flags) {
  UNIHIP_TRACE_hipSetDeviceFlags(flags);
  if (Status s = checkDeviceFlags(flags); !s.ok()) UNIHIP_RETURN(s);
  Device* d = nullptr;
  Status s = currentDevice(&d);
  if (s.ok()) recordDeviceFlags(*d, flags);
  UNIHIP_RETURN(s);
}

// HIP 7 (CUDA's cudaInitDevice): the device's flags without making it current. `flags` is 0
// (deviceFlags ignored) or hipInitDeviceFlagsAreValid. unihip's devices are initialized when
// the runtime starts, so nothing else is left to do.
UNIHIP_EXPORT hipError_t hipInitDevice(int device, unsigned int deviceFlags, unsigned int flags) {
  UNIHIP_TRACE_hipInitDevice(device, deviceFlags, flags);
  if (flags != 0 && flags != hipInitDeviceFlagsAreValid) UNIHIP_RETURN(hipErrorInvalidValue);
  Device* d = nullptr;
  UNIHIP_RETURN_IF_FAILED(deviceAt(device, &d));
  if (flags == hipInitDeviceFlagsAreValid) {
    UNIHIP_RETURN_IF_FAILED(checkDeviceFlags(deviceFlags));
    recordDeviceFlags(*d, deviceFlags);
  }
  UNIHIP_RETURN(kOk);
}

UNIHIP_EXPORT hipError_t hipGetDeviceFlags(unsigned int* flags) {
  UNIHIP_TRACE_hipGetDeviceFlags(flags);
  if (flags == nullptr) UNIHIP_RETURN(hipErrorInvalidValue);
  Device* d = nullptr;
  Status s = currentDevice(&d);
  if (s.ok()) *flags = d->ordinal < kMaxDevices ? g_deviceFlags[d->ordinal].load() : 0u;
  UNIHIP_RETURN(s);
}

UNIHIP_EXPORT hipError_t hipDeviceSynchronize(void) {
  UNIHIP_TRACE_hipDeviceSynchronize();
  Device* d = nullptr;
  UNIHIP_RETURN_IF_FAILED(currentDevice(&d));
  UNIHIP_RETURN(d->backend->deviceSynchronize(d->local));
}

UNIHIP_EXPORT hipError_t hipDeviceReset(void) {
  UNIHIP_TRACE_hipDeviceReset();
  Device* d = nullptr;
  UNIHIP_RETURN_IF_FAILED(currentDevice(&d));
  // Finish outstanding work first so no queued command refers to a handle we retire.
  (void)d->backend->deviceSynchronize(d->local);
  for (ihipStream_t* s : streamTable().liveOnDevice(d->ordinal)) streamTable().retire(s);
  for (ihipEvent_t* e : eventTable().liveOnDevice(d->ordinal)) eventTable().retire(e);
  for (ihipModule_t* m : moduleTable().liveOnDevice(d->ordinal)) {
    for (ihipModuleSymbol_t* f : m->functions) f->magic.store(0, std::memory_order_release);
    moduleTable().retire(m);
  }
  Registry::get().forgetDevice(d->ordinal);
  releaseDeviceImages(*d);
  // A reset releases the device's memory, as AMD's runtime does (CUDA's context reset would
  // free it behind our back; ROCr's does not free it at all).
  for (const Allocation& a : AllocationMap::get().takeDevice(d->ordinal))
    (void)memory::release(d, a);
  // The device's flags go back to their start value, as AMD's Device::Reset puts flags_ back
  // to its constructor's value (hipDeviceScheduleSpin there; unihip starts at Auto, 0).
  if (d->ordinal < kMaxDevices) g_deviceFlags[d->ordinal].store(0u);
  UNIHIP_RETURN(d->backend->deviceReset(d->local));
}

UNIHIP_EXPORT const char* unihipGetDeviceBackendName(int deviceId) {
  Device* d = Runtime::get().device(deviceId);
  return d ? d->backend->name() : nullptr;
}

UNIHIP_EXPORT const char* unihipGetBackendStatus(int index) {
  const auto& lines = Runtime::get().statusLines();
  return (index >= 0 && index < static_cast<int>(lines.size())) ? lines[index].c_str() : nullptr;
}
