/* unihip's CUDA headers: CUDA runtime overloads HIP lacks, named by unihip_cuda/map_runtime.h
 * (names.tsv's rows whose HIP name starts unihipCuda). HIP's own C++ templates
 * (hipMalloc(T**), hipHostAlloc, hipMallocManaged, the occupancy, launch, attribute and symbol
 * templates) already serve the rest of CUDA's C++ API. */
#ifndef UNIHIP_CUDA_RUNTIME_CXX_H
#define UNIHIP_CUDA_RUNTIME_CXX_H

#include <hip/hip_runtime_api.h>

#ifdef __cplusplus
/* cudaGraphInstantiate: CUDA 12/13's (exec, graph, flags = 0); CUDA 11's (exec, graph, errorNode,
 * log, logSize). */
static inline hipError_t unihipCudaGraphInstantiate(hipGraphExec_t* exec, hipGraph_t graph,
                                                    unsigned long long flags = 0) {
  return hipGraphInstantiateWithFlags(exec, graph, flags);
}
static inline hipError_t unihipCudaGraphInstantiate(hipGraphExec_t* exec, hipGraph_t graph,
                                                    hipGraphNode_t* errorNode, char* log,
                                                    size_t logSize) {
  return hipGraphInstantiate(exec, graph, errorNode, log, logSize);
}
/* cudaMemAdvise / cudaMemPrefetchAsync: CUDA 13's cudaMemLocation forms, CUDA 12's device forms. */
static inline hipError_t unihipCudaMemAdvise(const void* ptr, size_t count, hipMemoryAdvise advice,
                                             hipMemLocation location) {
  return hipMemAdvise_v2(ptr, count, advice, location);
}
static inline hipError_t unihipCudaMemAdvise(const void* ptr, size_t count, hipMemoryAdvise advice,
                                             int device) {
  return hipMemAdvise(ptr, count, advice, device);
}
static inline hipError_t unihipCudaMemPrefetchAsync(const void* ptr, size_t count,
                                                    hipMemLocation location, unsigned int flags,
                                                    hipStream_t stream = 0) {
  return hipMemPrefetchAsync_v2(ptr, count, location, flags, stream);
}
static inline hipError_t unihipCudaMemPrefetchAsync(const void* ptr, size_t count, int device,
                                                    hipStream_t stream = 0) {
  return hipMemPrefetchAsync(ptr, count, device, stream);
}
/* cudaHostGetDevicePointer: CUDA's C++ form takes T**. */
static inline hipError_t unihipCudaHostGetDevicePointer(void** device, void* host, unsigned int flags) {
  return hipHostGetDevicePointer(device, host, flags);
}
template <class T>
static inline hipError_t unihipCudaHostGetDevicePointer(T** device, void* host, unsigned int flags) {
  return hipHostGetDevicePointer(reinterpret_cast<void**>(device), host, flags);
}
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
#else /* C: CUDA's C signatures (13.0) */
static inline hipError_t unihipCudaGraphInstantiate(hipGraphExec_t* exec, hipGraph_t graph,
                                                    unsigned long long flags) {
  return hipGraphInstantiateWithFlags(exec, graph, flags);
}
static inline hipError_t unihipCudaMemAdvise(const void* ptr, size_t count, hipMemoryAdvise advice,
                                             hipMemLocation location) {
  return hipMemAdvise_v2(ptr, count, advice, location);
}
static inline hipError_t unihipCudaMemPrefetchAsync(const void* ptr, size_t count,
                                                    hipMemLocation location, unsigned int flags,
                                                    hipStream_t stream) {
  return hipMemPrefetchAsync_v2(ptr, count, location, flags, stream);
}
static inline hipError_t unihipCudaMallocHost(void** ptr, size_t size) {
  return hipHostMalloc(ptr, size, 0);
}
static inline hipError_t unihipCudaEventCreate(hipEvent_t* event) { return hipEventCreate(event); }
static inline hipError_t unihipCudaHostGetDevicePointer(void** device, void* host, unsigned int flags) {
  return hipHostGetDevicePointer(device, host, flags);
}
#endif

#endif /* UNIHIP_CUDA_RUNTIME_CXX_H */
