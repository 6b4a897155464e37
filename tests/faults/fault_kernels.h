// Launch wrappers around the kernels of fault_kernels.hip (built by unihipcc), so the host code
// of the fault, teardown and soak tests compiles with the ordinary host compiler. Each returns
// the launch's status (hipGetLastError after the launch); the caller synchronizes.
#pragma once

#include <hip/hip_runtime_api.h>

#include <cstdint>

// Faulting kernels: one thread of the grid faults, the others do nothing.
hipError_t launchTrap(hipStream_t stream);            // __builtin_trap()
hipError_t launchAbort(hipStream_t stream);           // abort() in device code (a trap)
hipError_t launchIllegalRead(const int* address, int* out, hipStream_t stream);  // *address
hipError_t launchAssertNegative(const int* x, int* out, int n, hipStream_t stream);  // assert(x[i] >= 0)

// out[i] = in[i] * 2654435761u + salt (the soak's and the teardown tests' transform).
hipError_t launchTransform(const uint32_t* in, uint32_t* out, size_t n, uint32_t salt,
                           hipStream_t stream);
inline uint32_t transformed(uint32_t x, uint32_t salt) { return x * 2654435761u + salt; }

// Keeps `blocks` blocks busy for about `nanoseconds` (NVIDIA: %globaltimer), then writes
// out[block] = 1. Work that is still running when the host does something else.
hipError_t launchBusy(int* out, int blocks, long long nanoseconds, hipStream_t stream);

// The host stub of the transform kernel (for hipLaunchKernel).
const void* transformKernelStub();
