/* unihip's CUDA headers: CUDA's device functions HIP does not declare, for CUDA sources only
 * (__CUDACC__), as nvcc's math_functions.h: host code compiled by a plain compiler may define
 * its own (NVIDIA's samples do). Included by <cuda_runtime.h>. */
#ifndef UNIHIP_CUDA_DEVICE_COMPAT_H
#define UNIHIP_CUDA_DEVICE_COMPAT_H

#if defined(__CUDACC__) && defined(__cplusplus)
/* Integer minimum and maximum of CUDA's math_functions.h (host and device, as CUDA 13's). */
static __host__ __device__ inline unsigned int umin(unsigned int a, unsigned int b) { return a < b ? a : b; }
static __host__ __device__ inline unsigned int umax(unsigned int a, unsigned int b) { return a > b ? a : b; }
static __host__ __device__ inline long long llmin(long long a, long long b) { return a < b ? a : b; }
static __host__ __device__ inline long long llmax(long long a, long long b) { return a > b ? a : b; }
static __host__ __device__ inline unsigned long long ullmin(unsigned long long a, unsigned long long b) {
  return a < b ? a : b;
}
static __host__ __device__ inline unsigned long long ullmax(unsigned long long a, unsigned long long b) {
  return a > b ? a : b;
}
#endif

#endif /* UNIHIP_CUDA_DEVICE_COMPAT_H */
