// The HIP device names NVRTC lacks, for `#include <hip/hip_runtime.h>` (and hiprtc's implicit
// include of it, as AMD's hiprtc has) under NVRTC, where CUDA's device builtins (threadIdx,
// __syncthreads, atomicAdd, __shfl_sync, vector types, math) are already declared.
#include "hip/hip_version.h"
#include "rtc/engine.h"

#define UNIHIP_STR2(x) #x
#define UNIHIP_STR(x) UNIHIP_STR2(x)

namespace unihip::rtc {
namespace {

const char kHipRuntime[] =
    "#pragma once\n"
    "#ifndef UNIHIP_RTC_HIP_RUNTIME_H\n"
    "#define UNIHIP_RTC_HIP_RUNTIME_H\n"
    "#define HIP_VERSION_MAJOR " UNIHIP_STR(HIP_VERSION_MAJOR) "\n"
    "#define HIP_VERSION_MINOR " UNIHIP_STR(HIP_VERSION_MINOR) "\n"
    "#define HIP_VERSION_PATCH " UNIHIP_STR(HIP_VERSION_PATCH) "\n"
    "#define HIP_VERSION (HIP_VERSION_MAJOR * 10000000 + HIP_VERSION_MINOR * 100000 + HIP_VERSION_PATCH)\n"
    R"HIP(
#ifndef __HIPCC_RTC__
#define __HIPCC_RTC__ 1
#endif
#define __HIPCC__ 1
#define __HIP_PLATFORM_NVIDIA__ 1
#define __HIP_PLATFORM_NVCC__ 1
#define __HIP_DEVICE_COMPILE__ 1
#define __HOST_DEVICE__ __host__ __device__

typedef signed char int8_t;
typedef unsigned char uint8_t;
typedef short int16_t;
typedef unsigned short uint16_t;
typedef int int32_t;
typedef unsigned int uint32_t;
typedef long int64_t;
typedef unsigned long uint64_t;
typedef long intptr_t;
typedef unsigned long uintptr_t;

#define hipThreadIdx_x (threadIdx.x)
#define hipThreadIdx_y (threadIdx.y)
#define hipThreadIdx_z (threadIdx.z)
#define hipBlockIdx_x (blockIdx.x)
#define hipBlockIdx_y (blockIdx.y)
#define hipBlockIdx_z (blockIdx.z)
#define hipBlockDim_x (blockDim.x)
#define hipBlockDim_y (blockDim.y)
#define hipBlockDim_z (blockDim.z)
#define hipGridDim_x (gridDim.x)
#define hipGridDim_y (gridDim.y)
#define hipGridDim_z (gridDim.z)

#define HIP_KERNEL_NAME(...) __VA_ARGS__
#define HIP_SYMBOL(x) x
#define HIP_DYNAMIC_SHARED_ATTRIBUTE
#define HIP_DYNAMIC_SHARED(type, var) extern __shared__ type var[];
#define __launch_bounds_impl__(...) __launch_bounds__(__VA_ARGS__)

// HIP's maskless warp functions act on the whole (32-lane) warp. CUDA declares its own
// deprecated maskless ones (refused for sm_70+), so HIP's names are macros over ours.
template <typename T>
__device__ __forceinline__ T __unihip_shfl(T v, int src, int width = 32) {
  return __shfl_sync(0xffffffffu, v, src, width);
}
template <typename T>
__device__ __forceinline__ T __unihip_shfl_up(T v, unsigned int delta, int width = 32) {
  return __shfl_up_sync(0xffffffffu, v, delta, width);
}
template <typename T>
__device__ __forceinline__ T __unihip_shfl_down(T v, unsigned int delta, int width = 32) {
  return __shfl_down_sync(0xffffffffu, v, delta, width);
}
template <typename T>
__device__ __forceinline__ T __unihip_shfl_xor(T v, int mask, int width = 32) {
  return __shfl_xor_sync(0xffffffffu, v, mask, width);
}
#define __shfl(...) __unihip_shfl(__VA_ARGS__)
#define __shfl_up(...) __unihip_shfl_up(__VA_ARGS__)
#define __shfl_down(...) __unihip_shfl_down(__VA_ARGS__)
#define __shfl_xor(...) __unihip_shfl_xor(__VA_ARGS__)
#define __any(p) __any_sync(0xffffffffu, (p))
#define __all(p) __all_sync(0xffffffffu, (p))
#define __ballot(p) ((unsigned long long)__ballot_sync(0xffffffffu, (p)))
#define __ballot64(p) __ballot(p)
__device__ __forceinline__ unsigned int __lane_id() {
  unsigned int lane;
  asm volatile("mov.u32 %0, %%laneid;" : "=r"(lane));
  return lane;
}
#endif
)HIP";

const char kForward[] = "#pragma once\n#include <hip/hip_runtime.h>\n";

}  // namespace

const std::vector<std::pair<const char*, const char*>>& nvrtcBuiltinHeaders() {
  static const std::vector<std::pair<const char*, const char*>> headers = {
      {"hip/hip_runtime.h", kHipRuntime},
      {"hip_runtime.h", kForward},
      {"hip/hip_runtime_api.h", kForward},
      {"hip/hip_vector_types.h", kForward},
      {"hip/device_functions.h", kForward},
      {"hip/math_functions.h", kForward},
      {"hip/hip_common.h", kForward},
  };
  return headers;
}

}  // namespace unihip::rtc
