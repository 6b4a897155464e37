// Seam family "device": identity, properties, limits, whole-device synchronization and reset,
// and the links between devices of one backend. Every backend implements it.
#pragma once

#include <cstddef>
#include <cstdint>

#include "base/status.h"
#include "seam/device_capabilities.h"
#include "hip/hip_runtime_api.h"

namespace unihip {

class DeviceOps {
 public:
  virtual ~DeviceOps() = default;

  // "cuda" or "hsa".
  virtual const char* name() const = 0;
  virtual int deviceCount() const = 0;
  // Filled once at discovery; valid for the backend's lifetime.
  virtual const hipDeviceProp_t& properties(int device) const = 0;
  virtual Status attribute(int device, hipDeviceAttribute_t attr, int* value) = 0;
  virtual Status driverVersion(int* version) = 0;
  // What the device supports natively (seam/device_capabilities.h), filled once per device;
  // valid for the backend's lifetime. Default: nothing beyond the required families.
  virtual const DeviceCapabilities& capabilities(int device) const {
    (void)device;
    static const DeviceCapabilities none;
    return none;
  }

  virtual Status deviceSynchronizeImpl(int device) = 0;
  // Destroys all of the device's vendor resources (primary context reset, queues released).
  virtual Status deviceReset(int device) = 0;

  // `limit` is one of hipLimitStackSize, hipLimitPrintfFifoSize, hipLimitMallocHeapSize (the API
  // layer rejects the others). hipErrorNotSupported where the vendor has no such control.
  virtual Status getLimit(int /*device*/, hipLimit_t /*limit*/, size_t* /*value*/) {
    return hipErrorNotSupported;
  }
  virtual Status setLimit(int /*device*/, hipLimit_t /*limit*/, size_t /*value*/) {
    return hipErrorNotSupported;
  }

  // The vendor's handle for the device's context (CUDA: its primary CUcontext; HSA: the agent).
  virtual Status vendorContextHandle(int device, void** handle) {
    (void)device, (void)handle;
    return hipErrorNotSupported;
  }

  // Makes the device's vendor context current on the calling thread even where unihip believes it
  // already is (a vendor library may have changed it behind unihip's back).
  virtual Status bindVendorContext(int device) {
    (void)device;
    return hipErrorNotSupported;
  }

  // Whether `device` can access memory of `peer`, both devices of this backend, device != peer.
  virtual Status canAccessPeer(int device, int peer, int* value) {
    (void)device, (void)peer, (void)value;
    return hipErrorNotSupported;
  }
  // Lets kernels on `device` access memory of `peer` (both of this backend, device != peer):
  // hipErrorPeerAccessAlreadyEnabled / hipErrorPeerAccessNotEnabled as the driver says.
  virtual Status enablePeerAccess(int device, int peer) {
    (void)device, (void)peer;
    return hipErrorNotSupported;
  }
  virtual Status disablePeerAccess(int device, int peer) {
    (void)device, (void)peer;
    return hipErrorNotSupported;
  }
  // A hipDeviceP2PAttr of the link from `src` to `dst` (devices of this backend, src != dst).
  virtual Status p2pAttribute(int src, int dst, hipDeviceP2PAttr attr, int* value) {
    (void)src, (void)dst, (void)attr, (void)value;
    return hipErrorNotSupported;
  }
  // Link type (hsa_amd_link_info_type_t) and hop count between two devices of this backend.
  virtual Status linkTypeAndHopCount(int device1, int device2, uint32_t* linkType,
                                     uint32_t* hopCount) {
    (void)device1, (void)device2, (void)linkType, (void)hopCount;
    return hipErrorNotSupported;
  }
  // hipProfilerStart / hipProfilerStop: starts or stops the vendor profiler's collection.
  virtual Status profilerControl(int device, bool start) {
    (void)device, (void)start;
    return hipErrorNotSupported;
  }
};

}  // namespace unihip
