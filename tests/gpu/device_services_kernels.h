// Launch wrappers around device_services_kernels.hip: printf and malloc/free in kernels (on AMD
// the hostcall service of the HSA backend; on NVIDIA the driver's printf buffer and heap).
#pragma once

#include <hip/hip_runtime_api.h>

// Thread t of one block of `threads` prints "svc t=<t> tag=<tag> x=<t/4>.<..> %\n" and stores
// printf's return value in ret[t].
hipError_t launchServicesPrintf(int threads, const char* tag, int* ret);
// Thread t mallocs `bytes`, fills it with t, reads it back, frees it: ok[t] = 1 when all of it
// read back (0 when malloc returned NULL or a byte differed).
hipError_t launchServicesMalloc(int blocks, int threads, unsigned bytes, int* ok);
