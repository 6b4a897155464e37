// Dependency-file check: one header is seen only by the host pass, one only by device passes.
#include <hip/hip_runtime.h>
#ifdef __HIP_DEVICE_COMPILE__
#include "dep_device_only.h"
#else
#include "dep_host_only.h"
#endif

__global__ void depKernel(int* out) { *out = DEP_VALUE; }
