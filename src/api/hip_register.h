// The registration ABI clang emits calls to (not part of HIP's public headers).
#pragma once

#include "hip/hip_runtime_api.h"

extern "C" {
void** __hipRegisterFatBinary(const void* data);
void __hipRegisterFunction(void** modules, const void* hostFunction, char* deviceFunction,
                           const char* deviceName, unsigned int threadLimit, void* tid, void* bid,
                           dim3* blockDim, dim3* gridDim, int* wSize);
void __hipRegisterVar(void** modules, void* var, char* hostVar, const char* deviceVar, int ext,
                      size_t size, int constant, int global);
void __hipRegisterManagedVar(void* hipModule, void** pointer, void* init_value, const char* name,
                             size_t size, unsigned align);
void __hipUnregisterFatBinary(void** modules);
hipError_t __hipPushCallConfiguration(dim3 gridDim, dim3 blockDim, size_t sharedMem,
                                      hipStream_t stream);
hipError_t __hipPopCallConfiguration(dim3* gridDim, dim3* blockDim, size_t* sharedMem,
                                     hipStream_t* stream);
}
