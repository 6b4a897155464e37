/* unihip device side: block barriers and memory fences.
 *
 * HIP semantics: __syncthreads() waits for every thread of the block and makes their global and
 * shared memory writes visible to each other; __syncthreads_count/and/or(p) do the same and
 * return how many threads / whether all / whether any passed a non-zero p; __threadfence*()
 * order this thread's writes as seen from the block, the device, or the whole system. */
#ifndef UNIHIP_DEVICE_SYNC_H
#define UNIHIP_DEVICE_SYNC_H

#include "hip/unihip/qualifiers.h"

#if defined(UNIHIP_OFFLOAD_LANGUAGE)

#if defined(UNIHIP_DEVICE_NVPTX)
/* __syncthreads is a clang NVPTX builtin (bar.sync 0, which also orders memory in the block). */
UNIHIP_DEVICE_INLINE void __threadfence_block() { __nvvm_membar_cta(); }
UNIHIP_DEVICE_INLINE void __threadfence() { __nvvm_membar_gl(); }
UNIHIP_DEVICE_INLINE void __threadfence_system() { __nvvm_membar_sys(); }
UNIHIP_DEVICE_INLINE int __syncthreads_count(int predicate) { return __nvvm_bar0_popc(predicate); }
UNIHIP_DEVICE_INLINE int __syncthreads_and(int predicate) { return __nvvm_bar0_and(predicate); }
UNIHIP_DEVICE_INLINE int __syncthreads_or(int predicate) { return __nvvm_bar0_or(predicate); }
#elif defined(UNIHIP_DEVICE_AMDGCN)
/* s_barrier alone does not order memory: fence around it at work-group scope. */
UNIHIP_DEVICE_INLINE void __syncthreads() {
  __builtin_amdgcn_fence(__ATOMIC_RELEASE, "workgroup");
  __builtin_amdgcn_s_barrier();
  __builtin_amdgcn_fence(__ATOMIC_ACQUIRE, "workgroup");
}
UNIHIP_DEVICE_INLINE void __threadfence_block() {
  __builtin_amdgcn_fence(__ATOMIC_SEQ_CST, "workgroup");
}
UNIHIP_DEVICE_INLINE void __threadfence() { __builtin_amdgcn_fence(__ATOMIC_SEQ_CST, "agent"); }
UNIHIP_DEVICE_INLINE void __threadfence_system() { __builtin_amdgcn_fence(__ATOMIC_SEQ_CST, ""); }
/* The device libraries' work-group reductions (ockl) hold the barrier and its fences. */
extern "C" __device__ int __ockl_wgred_add_i32(int);
extern "C" __device__ int __ockl_wgred_and_i32(int);
extern "C" __device__ int __ockl_wgred_or_i32(int);
UNIHIP_DEVICE_INLINE int __syncthreads_count(int predicate) {
  return __ockl_wgred_add_i32(predicate != 0);
}
UNIHIP_DEVICE_INLINE int __syncthreads_and(int predicate) {
  return __ockl_wgred_and_i32(predicate != 0);
}
UNIHIP_DEVICE_INLINE int __syncthreads_or(int predicate) {
  return __ockl_wgred_or_i32(predicate != 0);
}
#else
/* Host pass: declarations so device code parses; never emitted for the host. */
__device__ void __syncthreads();
__device__ void __threadfence_block();
__device__ void __threadfence();
__device__ void __threadfence_system();
__device__ int __syncthreads_count(int predicate);
__device__ int __syncthreads_and(int predicate);
__device__ int __syncthreads_or(int predicate);
#endif

#endif /* UNIHIP_OFFLOAD_LANGUAGE */

#endif /* UNIHIP_DEVICE_SYNC_H */
