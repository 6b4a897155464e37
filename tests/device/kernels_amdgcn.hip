// Device-feature kernels: AMD's __builtin_amdgcn_* that portable HIP code calls under
// __HIP_PLATFORM_AMD__ (native on AMD; unihip's NVIDIA meanings in the NVIDIA pass).
#include <hip/hip_runtime.h>

#include "device_kernels.h"

__global__ void amdgcnBuiltins(long long* out) {
  const int t = threadIdx.x;
  const int lane = (int)__builtin_amdgcn_mbcnt_hi(~0u, __builtin_amdgcn_mbcnt_lo(~0u, 0u));
  long long* o = out + kAmdgcnValues * t;
  o[0] = lane;
  o[1] = __builtin_amdgcn_readfirstlane(t + 100);
  o[2] = lane >= 5 ? __builtin_amdgcn_readfirstlane(lane) : -1;  // first active lane: 5
  o[3] = __builtin_amdgcn_readlane(t, 3);
  o[4] = __builtin_amdgcn_ds_bpermute((lane + 1) * 4, t);
  o[5] = __builtin_amdgcn_ds_permute((lane + 1) * 4, t);
  o[6] = __builtin_amdgcn_ds_swizzle(t, (1 << 10) | 0x1f);  // bit-mask mode: lane ^ 1
  o[7] = __builtin_amdgcn_ds_swizzle(t, 0x8000 | 0x1b);     // quad mode: reverse each quad
  o[8] = __builtin_amdgcn_ds_swizzle(t, (0x10 << 5) | 0x0f);  // and 0x0f, or 0x10
  o[9] = (long long)__builtin_amdgcn_ballot_w64(lane < 5);
  o[10] = (long long)__builtin_amdgcn_uicmp((unsigned)lane, 3u, 36);  // ult
  o[11] = (long long)__builtin_amdgcn_fcmpf((float)lane, 2.0f, 3);    // oge
  o[12] = __builtin_amdgcn_update_dpp(-7, t + 1, 0x111, 0xf, 0xf, true);   // row_shr:1, zero
  o[13] = __builtin_amdgcn_update_dpp(-7, t + 1, 0x111, 0xf, 0xf, false);  // row_shr:1, old
  o[14] = __builtin_amdgcn_mov_dpp(t, 0x1b, 0xf, 0xf, false);              // quad_perm 3,2,1,0
  o[15] = __builtin_amdgcn_update_dpp(-7, t, 0x140, 0xf, 0xe, false);      // row_mirror, bank 0 off
  // Timers: s_memtime counts across a s_sleep; s_memrealtime does not go backwards (gfx11+
  // have neither instruction).
#if defined(__GFX11__) || defined(__GFX12__)
#define memtime() __builtin_readcyclecounter()
#define memrealtime() __builtin_readsteadycounter()
#else
#define memtime() __builtin_amdgcn_s_memtime()
#define memrealtime() __builtin_amdgcn_s_memrealtime()
#endif
  const unsigned long long c0 = memtime();
  const unsigned long long r0 = memrealtime();
  __builtin_amdgcn_s_sleep(10);
  const unsigned long long c1 = memtime();
  const unsigned long long r1 = memrealtime();
  o[16] = (long long)(c1 - c0);
  o[17] = r1 >= r0;
  __builtin_amdgcn_wave_barrier();
  __builtin_amdgcn_s_barrier();
  o[18] = __builtin_amdgcn_workitem_id_x() + 1000 * __builtin_amdgcn_workgroup_size_x();
  o[19] = __builtin_amdgcn_wavefrontsize();
}

hipError_t launchAmdgcnBuiltins(int threads, long long* out) {
  amdgcnBuiltins<<<1, threads>>>(out);
  return hipGetLastError();
}
