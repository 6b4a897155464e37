/* unihip: cooperative_groups::memcpy_async, the group-collective copy of HIP's
 * hip/cooperative_groups/memcpy_async.h (every thread of the group calls it with the same
 * arguments).
 *
 * The copy is done by the group's threads, each moving a strided share, when they call it;
 * as in HIP, its results are visible to the group after the group's next barrier (g.sync(),
 * barrier_arrive/barrier_wait, or cooperative_groups::wait(g)). */
#ifndef UNIHIP_HIP_COOPERATIVE_GROUPS_MEMCPY_ASYNC_H
#define UNIHIP_HIP_COOPERATIVE_GROUPS_MEMCPY_ASYNC_H

#include "hip/hip_cooperative_groups.h"

#if defined(UNIHIP_OFFLOAD_LANGUAGE) && defined(__cplusplus)

namespace cooperative_groups {

template <class Group>
__device__ inline void memcpy_async(const Group& group, void* dst, const void* src, size_t bytes) {
  const size_t rank = group.thread_rank(), count = group.size();
  if ((((size_t)dst | (size_t)src | bytes) & 3) == 0) {
    unsigned int* d = static_cast<unsigned int*>(dst);
    const unsigned int* s = static_cast<const unsigned int*>(src);
    for (size_t i = rank; i < bytes / 4; i += count) d[i] = s[i];
  } else {
    unsigned char* d = static_cast<unsigned char*>(dst);
    const unsigned char* s = static_cast<const unsigned char*>(src);
    for (size_t i = rank; i < bytes; i += count) d[i] = s[i];
  }
}
/* Element-count form: copies min(dstCount, srcCount) elements. */
template <class Group, class T>
__device__ inline void memcpy_async(const Group& group, T* dst, size_t dstCount, const T* src,
                                    size_t srcCount) {
  memcpy_async(group, static_cast<void*>(dst), static_cast<const void*>(src),
               (dstCount < srcCount ? dstCount : srcCount) * sizeof(T));
}
/* Completion of the group's copies (CUDA's names): the group's barrier. */
template <class Group>
__device__ inline void wait(const Group& group) { group.sync(); }
template <unsigned int NumStages, class Group>
__device__ inline void wait_prior(const Group& group) { group.sync(); }

}  // namespace cooperative_groups

#endif /* UNIHIP_OFFLOAD_LANGUAGE && __cplusplus */

#endif /* UNIHIP_HIP_COOPERATIVE_GROUPS_MEMCPY_ASYNC_H */
