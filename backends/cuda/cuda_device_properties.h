// hipDeviceProp_t of an NVIDIA device, from cuDeviceGetAttribute and friends.
#pragma once

#include "cuda/cuda_driver.h"

namespace unihip::cu {

Status queryDeviceProperties(const DriverApi& api, CUdevice device, hipDeviceProp_t* props);

// hipDeviceGetAttribute's answers that hipDeviceProp_t does not carry (the core asks after its
// own table, core/device_attributes.h). `vmmFamily`: whether the VMM entry points resolved.
// hipErrorNotSupported for an attribute NVIDIA has no meaning for.
Status queryDeviceAttribute(const DriverApi& api, CUdevice device, const hipDeviceProp_t& props,
                            int attr, bool vmmFamily, int* value);

}  // namespace unihip::cu
