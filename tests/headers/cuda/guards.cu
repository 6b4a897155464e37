// CUDA's guard and version macros, and __CUDA_ARCH__ in each pass (docs/cuda-source.md).
#include <cuda_runtime.h>
#include <cuda.h>
#include <cuda_fp16.h>
#include <cuda_bf16.h>
#include <cuda_fp8.h>
#include <math_constants.h>
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>

#if !defined(__CUDA_RUNTIME_H__) || !defined(__CUDA_RUNTIME_API_H__) || \
    !defined(__DRIVER_TYPES_H__) || !defined(__VECTOR_TYPES_H__) || !defined(__cuda_cuda_h__)
#error CUDA's include guards
#endif
#if !defined(__CUDACC__) || __CUDACC_VER_MAJOR__ != 13
#error __CUDACC__ / __CUDACC_VER_MAJOR__
#endif
#if CUDART_VERSION != 13000 || CUDA_VERSION != 13000 || __CUDA_API_VERSION != 13000
#error version macros
#endif
#ifdef __NVCC__
#error __NVCC__ is nvcc's alone
#endif

// Device passes see __CUDA_ARCH__ (sm_90: 900; AMD: 700), the host pass does not.
#if defined(__NVPTX__)
static_assert(__CUDA_ARCH__ == 900, "NVIDIA pass: __CUDA_ARCH__ is the arch");
#elif defined(__HIP_DEVICE_COMPILE__)
static_assert(__CUDA_ARCH__ == 700, "AMD device pass: __CUDA_ARCH__ is UNIHIP_CUDA_ARCH_ON_AMD");
#elif defined(__CUDA_ARCH__)
#error host pass defines __CUDA_ARCH__
#endif

namespace cg = cooperative_groups;
__global__ void arch_kernel(int* out, __half h, __nv_bfloat16 b) {
#ifdef __CUDA_ARCH__
  out[threadIdx.x] = __CUDA_ARCH__;
#else
  out[threadIdx.x] = -1;
#endif
  cg::thread_block_tile<32> tile = cg::tiled_partition<32>(cg::this_thread_block());
  out[0] += cg::reduce(tile, (int)threadIdx.x, cg::plus<int>());
  out[1] = (int)__half2float(h) + (int)__bfloat162float(b) + (int)CUDART_PI_F;
}

static_assert(sizeof(__nv_fp8_e4m3) == 1, "fp8 storage");
static_assert(sizeof(cudaStream_t) == sizeof(hipStream_t), "one stream type");
static_assert(cudaSuccess == hipSuccess && CUDA_SUCCESS == hipSuccess, "HIP's error values");
