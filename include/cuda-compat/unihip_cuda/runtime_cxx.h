/* unihip's CUDA headers: CUDA runtime overloads HIP lacks, named by unihip_cuda/map_runtime.h
 * (names.tsv maps cudaMallocHost and cudaEventCreate here). HIP's own C++ templates
 * (hipMalloc(T**), hipHostAlloc, hipMallocManaged, the occupancy, launch, attribute and symbol
 * templates) already serve the rest of CUDA's C++ API. */
#ifndef UNIHIP_CUDA_RUNTIME_CXX_H
#define UNIHIP_CUDA_RUNTIME_CXX_H

#include <hip/hip_runtime_api.h>

#ifdef __cplusplus
/* cudaMallocHost(ptr, size): pinned memory with default flags; CUDA's C++ form takes T** and
 * flags (cudaHostAllocDefault unless given). */
static inline hipError_t unihipCudaMallocHost(void** ptr, size_t size, unsigned int flags = 0) {
  return hipHostMalloc(ptr, size, flags);
}
template <class T>
static inline hipError_t unihipCudaMallocHost(T** ptr, size_t size, unsigned int flags = 0) {
  return hipHostMalloc(reinterpret_cast<void**>(ptr), size, flags);
}
/* cudaEventCreate(event) and CUDA's C++ overload cudaEventCreate(event, flags). */
static inline hipError_t unihipCudaEventCreate(hipEvent_t* event) { return hipEventCreate(event); }
static inline hipError_t unihipCudaEventCreate(hipEvent_t* event, unsigned int flags) {
  return hipEventCreateWithFlags(event, flags);
}
#else
static inline hipError_t unihipCudaMallocHost(void** ptr, size_t size) {
  return hipHostMalloc(ptr, size, 0);
}
static inline hipError_t unihipCudaEventCreate(hipEvent_t* event) { return hipEventCreate(event); }
#endif

#endif /* UNIHIP_CUDA_RUNTIME_CXX_H */
