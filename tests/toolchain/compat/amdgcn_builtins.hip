// AMD-flavoured HIP: __builtin_amdgcn_* under __HIP_PLATFORM_AMD__ (which unihip defines in every
// pass) must compile in the NVIDIA pass too, where unihip gives them NVIDIA meanings.
#include <hip/hip_runtime.h>

#if !defined(__HIP_PLATFORM_AMD__)
#error "unihip defines __HIP_PLATFORM_AMD__ in every pass"
#endif

__global__ void amdgcnKernel(int* out, unsigned long long* t, float* f) {
  __builtin_amdgcn_s_sleep(1);
  t[0] = __builtin_amdgcn_s_memtime();
  t[1] = __builtin_amdgcn_s_memrealtime();
  int v = out[threadIdx.x];
  int lane = (int)__builtin_amdgcn_mbcnt_hi(~0u, __builtin_amdgcn_mbcnt_lo(~0u, 0u));
  out[threadIdx.x] = __builtin_amdgcn_readfirstlane(v) + __builtin_amdgcn_readlane(v, 3) +
                     __builtin_amdgcn_ds_bpermute((lane + 1) * 4, v) +
                     __builtin_amdgcn_ds_permute((lane + 1) * 4, v) +
                     __builtin_amdgcn_ds_swizzle(v, 0x041f) + __builtin_amdgcn_ds_swizzle(v, 0x801b) +
                     __builtin_amdgcn_mov_dpp(v, 0x111, 0xf, 0xf, true) +
                     __builtin_amdgcn_update_dpp(0, v, 0x1b, 0xf, 0xf, false);
  f[threadIdx.x] = __builtin_amdgcn_update_dpp(0.0f, f[threadIdx.x], 0x141, 0xf, 0xf, true);
  __builtin_amdgcn_wave_barrier();
  __builtin_amdgcn_s_barrier();
  __builtin_amdgcn_fence(__ATOMIC_RELEASE, "workgroup");
  __builtin_amdgcn_fence(__ATOMIC_SEQ_CST, "agent");
  __builtin_amdgcn_fence(__ATOMIC_ACQUIRE, "");
  __builtin_amdgcn_iglp_opt(0);
  __builtin_amdgcn_sched_barrier(0);
  unsigned long long ballot = __builtin_amdgcn_uicmp((unsigned)v, 0u, 32) |
                              __builtin_amdgcn_ballot_w64(v > 2) |
                              __builtin_amdgcn_sicmp(v, 1, 40) | __builtin_amdgcn_fcmpf(1.0f, f[0], 1);
  t[2] = ballot + __builtin_amdgcn_workitem_id_x() + __builtin_amdgcn_workgroup_id_y() +
         __builtin_amdgcn_workgroup_size_z() + __builtin_amdgcn_grid_size_x() +
         (unsigned long long)__builtin_amdgcn_wavefrontsize() + __builtin_amdgcn_read_exec();
}

// __host__ __device__ code that takes the AMD path under the platform macro.
__host__ __device__ inline unsigned int firstLane(unsigned int v) {
#if defined(__HIP_PLATFORM_AMD__) && defined(__HIP_DEVICE_COMPILE__)
  return (unsigned int)__builtin_amdgcn_readfirstlane((int)v);
#else
  return v;
#endif
}

__global__ void hdKernel(unsigned int* p) { p[0] = firstLane(p[1]); }

int main() { return firstLane(0); }
