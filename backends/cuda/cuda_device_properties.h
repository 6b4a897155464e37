// hipDeviceProp_t of an NVIDIA device, from cuDeviceGetAttribute and friends.
#pragma once

#include "cuda/cuda_driver.h"

namespace unihip::cu {

Status queryDeviceProperties(const DriverApi& api, CUdevice device, hipDeviceProp_t* props);

}  // namespace unihip::cu
