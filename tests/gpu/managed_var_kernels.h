// __managed__ variables (managed_var_kernels.hip): accessors and launch wrappers, so the Catch2
// tests compile with the ordinary host compiler.
#pragma once

#include <hip/hip_runtime_api.h>

// `__managed__ int managedScalar = 5` and `__managed__ float managedArray[4] = {1, 2, 3, 4}`:
// their host addresses (what `&var` is in host code: the managed memory once bound).
int* managedScalarAddress();
float* managedArrayAddress();
// The initial values as the program's image holds them (the host copy clang keeps).
int managedScalarInitial();
// out[0] = managedScalar; then managedScalar += 1 and managedArray[i] *= 2 (one thread).
hipError_t launchManagedUpdate(int* out, hipStream_t stream);
// Adds `value` to managedScalar from n threads with atomicAdd.
hipError_t launchManagedAtomicAdd(int value, int n, hipStream_t stream);
