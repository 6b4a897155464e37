/* unihip device side: threadIdx, blockIdx, blockDim, gridDim and warpSize (HIP 7: not constexpr).
 *
 * Each is a variable whose x/y/z members are properties (clang's __declspec(property), enabled in
 * CUDA/HIP modes): reading threadIdx.x calls a getter that reads the hardware register, so the
 * variables themselves are never defined or emitted.
 *   NVPTX:  %tid, %ctaid, %ntid, %nctaid special registers.
 *   AMDGCN: work-item and work-group id registers; the block size and block count come from the
 *           code object v5 hidden kernel arguments (hidden_group_size_*, hidden_block_count_*),
 *           which the runtime fills at the offsets the kernel's metadata names. */
#ifndef UNIHIP_DEVICE_COORDINATES_H
#define UNIHIP_DEVICE_COORDINATES_H

#include "hip/hip_runtime_api.h"
#include "hip/unihip/qualifiers.h"

#if defined(UNIHIP_OFFLOAD_LANGUAGE)

#if defined(UNIHIP_DEVICE_AMDGCN)
/* Code object v5: hidden_block_count_{x,y,z} are the first three u32 of the hidden block. */
UNIHIP_DEVICE_INLINE unsigned int __unihip_block_count(int dim) {
  const __attribute__((address_space(4))) unsigned int* hidden =
      (const __attribute__((address_space(4))) unsigned int*)__builtin_amdgcn_implicitarg_ptr();
  return hidden[dim];
}
#define UNIHIP_THREAD_IDX(d) __builtin_amdgcn_workitem_id_##d()
#define UNIHIP_BLOCK_IDX(d) __builtin_amdgcn_workgroup_id_##d()
#define UNIHIP_BLOCK_DIM(d) __builtin_amdgcn_workgroup_size_##d()
#define UNIHIP_GRID_DIM_x __unihip_block_count(0)
#define UNIHIP_GRID_DIM_y __unihip_block_count(1)
#define UNIHIP_GRID_DIM_z __unihip_block_count(2)
#define UNIHIP_GRID_DIM(d) UNIHIP_GRID_DIM_##d
#define UNIHIP_WARP_SIZE __AMDGCN_WAVEFRONT_SIZE__
#elif defined(UNIHIP_DEVICE_NVPTX)
#define UNIHIP_THREAD_IDX(d) __nvvm_read_ptx_sreg_tid_##d()
#define UNIHIP_BLOCK_IDX(d) __nvvm_read_ptx_sreg_ctaid_##d()
#define UNIHIP_BLOCK_DIM(d) __nvvm_read_ptx_sreg_ntid_##d()
#define UNIHIP_GRID_DIM(d) __nvvm_read_ptx_sreg_nctaid_##d()
#define UNIHIP_WARP_SIZE 32
#else
/* Host pass: device functions are parsed but never emitted, so the getters only need to exist. */
#define UNIHIP_THREAD_IDX(d) 0u
#define UNIHIP_BLOCK_IDX(d) 0u
#define UNIHIP_BLOCK_DIM(d) 0u
#define UNIHIP_GRID_DIM(d) 0u
#define UNIHIP_WARP_SIZE 64
#endif

#define UNIHIP_COORDINATE(dim, expr)                          \
  __declspec(property(get = __get_##dim)) unsigned int dim; \
  static UNIHIP_DEVICE_INLINE unsigned int __get_##dim() { return (unsigned int)(expr); }

#define UNIHIP_COORDINATE_TYPE(type_name, reader) \
  struct type_name {                              \
    UNIHIP_COORDINATE(x, reader(x))               \
    UNIHIP_COORDINATE(y, reader(y))               \
    UNIHIP_COORDINATE(z, reader(z))               \
    __device__ operator dim3() const { return dim3(__get_x(), __get_y(), __get_z()); } \
  }

UNIHIP_COORDINATE_TYPE(__unihip_thread_idx_t, UNIHIP_THREAD_IDX);
UNIHIP_COORDINATE_TYPE(__unihip_block_idx_t, UNIHIP_BLOCK_IDX);
UNIHIP_COORDINATE_TYPE(__unihip_block_dim_t, UNIHIP_BLOCK_DIM);
UNIHIP_COORDINATE_TYPE(__unihip_grid_dim_t, UNIHIP_GRID_DIM);

/* Declared only: every use goes through a property getter. */
extern const __device__ __attribute__((weak)) __unihip_thread_idx_t threadIdx;
extern const __device__ __attribute__((weak)) __unihip_block_idx_t blockIdx;
extern const __device__ __attribute__((weak)) __unihip_block_dim_t blockDim;
extern const __device__ __attribute__((weak)) __unihip_grid_dim_t gridDim;

/* HIP 7 (as CUDA): warpSize is a device-side value, not a constexpr. It reads as an int in
 * device code, and the compiler folds it to the target's lane count, so loops over it unroll;
 * code that needs a compile-time constant takes it from hipDeviceProp_t::warpSize on the host (a
 * template argument), as AMD's documentation shows. Host code cannot read it. */
struct __unihip_warp_size_t {
  UNIHIP_DEVICE_INLINE operator int() const { return UNIHIP_WARP_SIZE; }
};
/* An empty object of internal linkage: nothing to define or link, at any optimisation level. */
static constexpr __unihip_warp_size_t warpSize{};

/* HIP's legacy coordinate names. */
#define hipThreadIdx_x threadIdx.x
#define hipThreadIdx_y threadIdx.y
#define hipThreadIdx_z threadIdx.z
#define hipBlockIdx_x blockIdx.x
#define hipBlockIdx_y blockIdx.y
#define hipBlockIdx_z blockIdx.z
#define hipBlockDim_x blockDim.x
#define hipBlockDim_y blockDim.y
#define hipBlockDim_z blockDim.z
#define hipGridDim_x gridDim.x
#define hipGridDim_y gridDim.y
#define hipGridDim_z gridDim.z

#undef UNIHIP_COORDINATE_TYPE
#undef UNIHIP_COORDINATE

#endif /* UNIHIP_OFFLOAD_LANGUAGE */

#endif /* UNIHIP_DEVICE_COORDINATES_H */
