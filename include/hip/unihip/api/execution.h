/* HIP host API: kernel launch, modules, function attributes, occupancy, cooperative launch. */
#ifndef UNIHIP_API_EXECUTION_H
#define UNIHIP_API_EXECUTION_H

#ifndef UNIHIP_HIP_RUNTIME_API_H
#error "include <hip/hip_runtime_api.h> instead"
#endif

#ifdef __cplusplus
extern "C" {
#endif

/* Modules and launches */
hipError_t hipModuleLoadData(hipModule_t* module, const void* image);
hipError_t hipModuleLoad(hipModule_t* module, const char* fname);
hipError_t hipModuleUnload(hipModule_t module);
hipError_t hipModuleGetFunction(hipFunction_t* function, hipModule_t module, const char* kname);
hipError_t hipModuleLaunchKernel(hipFunction_t f, unsigned int gridDimX, unsigned int gridDimY,
                                 unsigned int gridDimZ, unsigned int blockDimX,
                                 unsigned int blockDimY, unsigned int blockDimZ,
                                 unsigned int sharedMemBytes, hipStream_t stream,
                                 void** kernelParams, void** extra);
hipError_t hipLaunchKernel(const void* function_address, dim3 numBlocks, dim3 dimBlocks,
                           void** args, size_t sharedMemBytes, hipStream_t stream);
hipError_t hipConfigureCall(dim3 gridDim, dim3 blockDim, size_t sharedMem, hipStream_t stream);

/* -fgpu-default-stream=per-thread: clang's kernel stubs call this (the declaration also lives
 * in hip/unihip/launch.h for the HIP host pass). */
hipError_t hipLaunchKernel_spt(const void* function_address, dim3 numBlocks, dim3 dimBlocks,
                               void** args, size_t sharedMemBytes, hipStream_t stream);

#ifdef __cplusplus
} /* extern "C" */
#endif

#endif /* UNIHIP_API_EXECUTION_H */
