/* unihip device side: block barrier and memory fences.
 *
 * HIP semantics: __syncthreads() waits for every thread of the block and makes their global and
 * shared memory writes visible to each other; __threadfence*() order this thread's writes as seen
 * from the block, the device, or the whole system. */
#ifndef UNIHIP_DEVICE_SYNC_H
#define UNIHIP_DEVICE_SYNC_H

#include "hip/unihip/qualifiers.h"

#if defined(UNIHIP_OFFLOAD_LANGUAGE)

#if defined(UNIHIP_DEVICE_NVPTX)
/* __syncthreads is a clang NVPTX builtin (bar.sync 0, which also orders memory in the block). */
UNIHIP_DEVICE_INLINE void __threadfence_block() { __nvvm_membar_cta(); }
UNIHIP_DEVICE_INLINE void __threadfence() { __nvvm_membar_gl(); }
UNIHIP_DEVICE_INLINE void __threadfence_system() { __nvvm_membar_sys(); }
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
#else
/* Host pass: declarations so device code parses; never emitted for the host. */
__device__ void __syncthreads();
__device__ void __threadfence_block();
__device__ void __threadfence();
__device__ void __threadfence_system();
#endif

#endif /* UNIHIP_OFFLOAD_LANGUAGE */

#endif /* UNIHIP_DEVICE_SYNC_H */
