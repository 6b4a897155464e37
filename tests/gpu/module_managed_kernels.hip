// A module with a __managed__ variable (hip-tests' module/managed_kernel.cpp), built with
// unihipcc --genco into module_managed_kernels.hipfb beside the test executable. Its loader
// must point the image's pointer variable at managed memory holding the initializer.
#include <hip/hip_runtime.h>

__managed__ int moduleManaged = 10;

extern "C" __global__ void moduleManagedIncrement() { moduleManaged++; }
