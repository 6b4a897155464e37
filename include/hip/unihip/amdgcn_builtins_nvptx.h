/* unihip device side: AMD's __builtin_amdgcn_* in the NVIDIA pass.
 *
 * unihip defines __HIP_PLATFORM_AMD__ in every pass, so HIP code written for AMD calls AMD's
 * builtins under that macro and must compile for NVIDIA too. Clang knows these names only for
 * amdgcn; in the NVPTX pass they are free identifiers, declared here with their AMD meaning on a
 * 32-lane warp:
 *   s_sleep(n)            ~64*n cycles: nanosleep(64*n ns)
 *   s_memtime()           the cycle counter (clock64); s_memrealtime() %globaltimer (ns),
 *                         the wall clock of wall_clock64() and hipDeviceAttributeWallClockRate
 *   readfirstlane/readlane, ds_bpermute/ds_permute, ds_swizzle (bit-mask and quad modes),
 *   mov_dpp/update_dpp (quad_perm, row shifts/rotates/mirrors/broadcasts/share/xmask, wave
 *   shifts; rows are 16 lanes, so a warp has rows 0 and 1)  shuffles
 *   wave_barrier          __syncwarp; s_barrier: bar.sync 0 (also orders memory)
 *   mbcnt_lo/hi, ballot_w32/w64, uicmp/sicmp/fcmp(l|f), read_exec(_lo|_hi), wavefrontsize
 *   fence(order, scope)   membar at the scope's level ("workgroup"/"wavefront": cta,
 *                         "agent": gl, "": sys)
 *   workitem_id/workgroup_id/workgroup_size/grid_size_{x,y,z}: the PTX special registers
 *   iglp_opt, sched_barrier, sched_group_barrier, s_setprio: scheduling hints, no-ops
 * Builtins that only mean something on AMD hardware (hardware registers, the dispatch packet,
 * GWS, caches, waitcnt, messages) are declared unavailable, so the error names the builtin. */
#ifndef UNIHIP_DEVICE_AMDGCN_BUILTINS_NVPTX_H
#define UNIHIP_DEVICE_AMDGCN_BUILTINS_NVPTX_H

#include "hip/unihip/qualifiers.h"
#include "hip/unihip/warp.h"

#if defined(UNIHIP_DEVICE_NVPTX)

#define UNIHIP_AMDGCN UNIHIP_DEVICE_INLINE

/* Clocks and sleep. */
UNIHIP_AMDGCN void __builtin_amdgcn_s_sleep(int n) { __nvvm_nanosleep((unsigned int)n * 64u); }
UNIHIP_AMDGCN __UINT64_TYPE__ __builtin_amdgcn_s_memtime() {
  return (__UINT64_TYPE__)__nvvm_read_ptx_sreg_clock64();
}
UNIHIP_AMDGCN __UINT64_TYPE__ __builtin_amdgcn_s_memrealtime() {
  return (__UINT64_TYPE__)__nvvm_read_ptx_sreg_globaltimer();
}

/* Barriers, fences and scheduling hints. */
UNIHIP_AMDGCN void __builtin_amdgcn_wave_barrier() { __nvvm_bar_warp_sync(0xffffffffu); }
UNIHIP_AMDGCN void __builtin_amdgcn_s_barrier() { __syncthreads(); }
/* The scope is a string literal (clang 20 adds address-space arguments: ignored). */
template <typename... AddressSpaces>
UNIHIP_AMDGCN void __builtin_amdgcn_fence(unsigned int, const char* scope, AddressSpaces...) {
  if (scope[0] == 'a') __nvvm_membar_gl();
  else if (scope[0] == '\0') __nvvm_membar_sys();
  else __nvvm_membar_cta();
}
UNIHIP_AMDGCN void __builtin_amdgcn_iglp_opt(int) {}
UNIHIP_AMDGCN void __builtin_amdgcn_sched_barrier(int) {}
UNIHIP_AMDGCN void __builtin_amdgcn_sched_group_barrier(int, int, int) {}
UNIHIP_AMDGCN void __builtin_amdgcn_s_setprio(short) {}

/* Work-item coordinates. */
#define UNIHIP_AMDGCN_COORD(d)                                                                  \
  UNIHIP_AMDGCN unsigned int __builtin_amdgcn_workitem_id_##d() {                               \
    return __nvvm_read_ptx_sreg_tid_##d();                                                      \
  }                                                                                             \
  UNIHIP_AMDGCN unsigned int __builtin_amdgcn_workgroup_id_##d() {                              \
    return __nvvm_read_ptx_sreg_ctaid_##d();                                                    \
  }                                                                                             \
  UNIHIP_AMDGCN unsigned short __builtin_amdgcn_workgroup_size_##d() {                          \
    return (unsigned short)__nvvm_read_ptx_sreg_ntid_##d();                                     \
  }                                                                                             \
  UNIHIP_AMDGCN unsigned int __builtin_amdgcn_grid_size_##d() {                                 \
    return __nvvm_read_ptx_sreg_ntid_##d() * __nvvm_read_ptx_sreg_nctaid_##d();                 \
  }
UNIHIP_AMDGCN_COORD(x)
UNIHIP_AMDGCN_COORD(y)
UNIHIP_AMDGCN_COORD(z)
#undef UNIHIP_AMDGCN_COORD
UNIHIP_AMDGCN int __builtin_amdgcn_wavefrontsize() { return 32; }

/* Lane masks and votes. */
UNIHIP_AMDGCN __UINT64_TYPE__ __builtin_amdgcn_read_exec() { return __nvvm_activemask(); }
UNIHIP_AMDGCN unsigned int __builtin_amdgcn_read_exec_lo() { return __nvvm_activemask(); }
UNIHIP_AMDGCN unsigned int __builtin_amdgcn_read_exec_hi() { return 0u; }
UNIHIP_AMDGCN unsigned int __builtin_amdgcn_mbcnt_lo(unsigned int mask, unsigned int add) {
  return (unsigned int)__builtin_popcount(mask & (unsigned int)__nvvm_read_ptx_sreg_lanemask_lt()) +
         add;
}
UNIHIP_AMDGCN unsigned int __builtin_amdgcn_mbcnt_hi(unsigned int, unsigned int add) {
  return add;  // no lane of a 32-lane warp is above lane 31
}
UNIHIP_AMDGCN unsigned int __builtin_amdgcn_ballot_w32(bool p) {
  return __nvvm_vote_ballot_sync(__nvvm_activemask(), p);
}
UNIHIP_AMDGCN __UINT64_TYPE__ __builtin_amdgcn_ballot_w64(bool p) {
  return __builtin_amdgcn_ballot_w32(p);
}
/* icmp/fcmp: the lanes where `a <pred> b` holds; pred is an LLVM CmpInst predicate. */
template <typename T>
UNIHIP_AMDGCN bool __unihip_amdgcn_icmp(T a, T b, int pred) {
  switch (pred) {
    case 32: return a == b;
    case 33: return a != b;
    case 34: case 38: return a > b;  // ugt / sgt: the operand type carries the signedness
    case 35: case 39: return a >= b;
    case 36: case 40: return a < b;
    case 37: case 41: return a <= b;
    default: return false;
  }
}
template <typename T>
UNIHIP_AMDGCN bool __unihip_amdgcn_fcmp(T a, T b, int pred) {
  const bool unordered = a != a || b != b;
  bool r;
  switch (pred & 7) {
    case 0: r = false; break;
    case 1: r = a == b; break;
    case 2: r = a > b; break;
    case 3: r = a >= b; break;
    case 4: r = a < b; break;
    case 5: r = a <= b; break;
    case 6: r = a < b || a > b; break;
    default: r = !unordered; break;  // ord; with bit 3: uno ... true
  }
  if (pred & 8) return (pred & 7) == 7 ? true : (unordered || r);  // 8..15: unordered forms
  return !unordered && r;
}
UNIHIP_AMDGCN __UINT64_TYPE__ __builtin_amdgcn_uicmp(unsigned int a, unsigned int b, int p) {
  return __builtin_amdgcn_ballot_w32(__unihip_amdgcn_icmp(a, b, p));
}
UNIHIP_AMDGCN __UINT64_TYPE__ __builtin_amdgcn_uicmpl(__UINT64_TYPE__ a, __UINT64_TYPE__ b, int p) {
  return __builtin_amdgcn_ballot_w32(__unihip_amdgcn_icmp(a, b, p));
}
UNIHIP_AMDGCN __UINT64_TYPE__ __builtin_amdgcn_sicmp(int a, int b, int p) {
  return __builtin_amdgcn_ballot_w32(__unihip_amdgcn_icmp(a, b, p));
}
UNIHIP_AMDGCN __UINT64_TYPE__ __builtin_amdgcn_sicmpl(__INT64_TYPE__ a, __INT64_TYPE__ b, int p) {
  return __builtin_amdgcn_ballot_w32(__unihip_amdgcn_icmp(a, b, p));
}
UNIHIP_AMDGCN __UINT64_TYPE__ __builtin_amdgcn_fcmp(double a, double b, int p) {
  return __builtin_amdgcn_ballot_w32(__unihip_amdgcn_fcmp(a, b, p));
}
UNIHIP_AMDGCN __UINT64_TYPE__ __builtin_amdgcn_fcmpf(float a, float b, int p) {
  return __builtin_amdgcn_ballot_w32(__unihip_amdgcn_fcmp(a, b, p));
}

/* Cross-lane moves: every active lane shuffles (shfl.sync needs them all), 32 bits at a time. */
template <typename T>
UNIHIP_AMDGCN T __unihip_amdgcn_shfl(unsigned int mask, T v, int lane) {
  static_assert(sizeof(T) % 4 == 0, "AMD cross-lane builtins move 32-bit words");
  int words[sizeof(T) / 4];
  __builtin_memcpy(words, &v, sizeof(T));
  for (unsigned i = 0; i < sizeof(T) / 4; ++i)
    words[i] = __nvvm_shfl_sync_idx_i32(mask, words[i], lane, 0x1f);
  __builtin_memcpy(&v, words, sizeof(T));
  return v;
}
UNIHIP_AMDGCN int __builtin_amdgcn_readfirstlane(int v) {
  const unsigned int mask = __nvvm_activemask();
  return __unihip_amdgcn_shfl(mask, v, __builtin_ctz(mask));
}
UNIHIP_AMDGCN int __builtin_amdgcn_readlane(int v, int lane) {
  return __unihip_amdgcn_shfl(__nvvm_activemask(), v, lane & 31);
}
/* ds_bpermute: read the value of lane addr/4; ds_permute: write ours to lane addr/4 (a lane no
 * one writes gets 0; of several writers the highest lane wins). */
UNIHIP_AMDGCN int __builtin_amdgcn_ds_bpermute(int addr, int v) {
  return __unihip_amdgcn_shfl(__nvvm_activemask(), v, (addr >> 2) & 31);
}
UNIHIP_AMDGCN int __builtin_amdgcn_ds_permute(int addr, int v) {
  const unsigned int mask = __nvvm_activemask();
  const int me = (int)__nvvm_read_ptx_sreg_laneid();
  int r = 0;
  for (unsigned int m = mask; m != 0; m &= m - 1) {
    const int src = __builtin_ctz(m);
    const int to = __unihip_amdgcn_shfl(mask, addr, src);
    const int value = __unihip_amdgcn_shfl(mask, v, src);
    if (((to >> 2) & 31) == me) r = value;
  }
  return r;
}
/* ds_swizzle: offset bit 15 set = quad mode (lane i of a quad reads lane (offset >> 2i) & 3 of
 * it); else bit-mask mode over 32 lanes: ((lane & and) | or) ^ xor, the masks in bits 0-4, 5-9
 * and 10-14. */
UNIHIP_AMDGCN int __builtin_amdgcn_ds_swizzle(int v, int offset) {
  const int lane = (int)__nvvm_read_ptx_sreg_laneid();
  int src;
  if (offset & 0x8000)
    src = (lane & ~3) | ((offset >> ((lane & 3) * 2)) & 3);
  else
    src = (((lane & (offset & 31)) | ((offset >> 5) & 31)) ^ ((offset >> 10) & 31));
  return __unihip_amdgcn_shfl(__nvvm_activemask(), v, src);
}
/* DPP: `ctrl` picks the source lane; lanes outside row_mask/bank_mask keep `old`; a lane whose
 * source is out of range or inactive gets 0 with bound_ctrl, else keeps `old`. */
template <typename T>
UNIHIP_AMDGCN T __unihip_amdgcn_dpp(T old, T src, int ctrl, int rowMask, int bankMask,
                                    bool boundCtrl) {
  const unsigned int mask = __nvvm_activemask();
  const int lane = (int)__nvvm_read_ptx_sreg_laneid();
  const int row = lane >> 4, idx = lane & 15, n = ctrl & 15;
  int from = lane;
  bool valid = true, written = true;
  if (ctrl <= 0xff) from = (lane & ~3) | ((ctrl >> ((lane & 3) * 2)) & 3);             // quad_perm
  else if (ctrl > 0x100 && ctrl < 0x110) { from = lane + n; valid = idx + n < 16; }    // row_shl
  else if (ctrl > 0x110 && ctrl < 0x120) { from = lane - n; valid = idx >= n; }        // row_shr
  else if (ctrl > 0x120 && ctrl < 0x130) from = (row << 4) | ((idx - n) & 15);         // row_ror
  else if (ctrl == 0x130) { from = lane + 1; valid = lane < 31; }                      // wave_shl
  else if (ctrl == 0x134) from = (lane + 1) & 31;                                      // wave_rol
  else if (ctrl == 0x138) { from = lane - 1; valid = lane > 0; }                       // wave_shr
  else if (ctrl == 0x13c) from = (lane - 1) & 31;                                      // wave_ror
  else if (ctrl == 0x140) from = (row << 4) | (15 - idx);                          // row_mirror
  else if (ctrl == 0x141) from = (lane & ~7) | (7 - (lane & 7));              // row_half_mirror
  else if (ctrl == 0x142) { from = (row << 4) - 1; written = row > 0; }           // row_bcast15
  else if (ctrl == 0x143) written = false;             // row_bcast31: rows 2 and 3 (none here)
  else if (ctrl >= 0x150 && ctrl < 0x160) from = (row << 4) | n;                    // row_share
  else if (ctrl >= 0x160 && ctrl < 0x170) from = (row << 4) | (idx ^ n);            // row_xmask
  else __builtin_trap();
  from &= 31;
  const T moved = __unihip_amdgcn_shfl(mask, src, from);
  written = written && ((rowMask >> row) & 1) && ((bankMask >> (idx >> 2)) & 1);
  if (!written) return old;
  if (!valid || !((mask >> from) & 1)) return boundCtrl ? T() : old;
  return moved;
}
template <typename O, typename T>
UNIHIP_AMDGCN T __builtin_amdgcn_update_dpp(O old, T src, int ctrl, int rowMask, int bankMask,
                                            bool boundCtrl) {
  return __unihip_amdgcn_dpp((T)old, src, ctrl, rowMask, bankMask, boundCtrl);
}
template <typename T>
UNIHIP_AMDGCN T __builtin_amdgcn_mov_dpp(T src, int ctrl, int rowMask, int bankMask,
                                         bool boundCtrl) {
  return __unihip_amdgcn_dpp(T(), src, ctrl, rowMask, bankMask, boundCtrl);
}

/* Arithmetic with a plain meaning. */
UNIHIP_AMDGCN float __builtin_amdgcn_rcpf(float x) { return __nvvm_rcp_approx_ftz_f(x); }
UNIHIP_AMDGCN float __builtin_amdgcn_rsqf(float x) { return __nvvm_rsqrt_approx_f(x); }
UNIHIP_AMDGCN float __builtin_amdgcn_sqrtf(float x) { return __nvvm_sqrt_approx_f(x); }
UNIHIP_AMDGCN double __builtin_amdgcn_rcp(double x) { return __nvvm_rcp_rn_d(x); }
UNIHIP_AMDGCN double __builtin_amdgcn_rsq(double x) { return __nvvm_rsqrt_approx_d(x); }
UNIHIP_AMDGCN double __builtin_amdgcn_sqrt(double x) { return __nvvm_sqrt_rn_d(x); }
UNIHIP_AMDGCN float __builtin_amdgcn_fmed3f(float a, float b, float c) {
  return __builtin_fmaxf(__builtin_fminf(a, b), __builtin_fminf(__builtin_fmaxf(a, b), c));
}
/* Bit-field extracts: offset and width are taken modulo 32, width 0 gives 0. */
UNIHIP_AMDGCN unsigned int __builtin_amdgcn_ubfe(unsigned int x, unsigned int off,
                                                unsigned int w) {
  off &= 31;
  w &= 31;
  return w == 0 ? 0u : (x >> off) & ((1u << w) - 1u);
}
UNIHIP_AMDGCN int __builtin_amdgcn_sbfe(int x, unsigned int off, unsigned int w) {
  off &= 31;
  w &= 31;
  if (w == 0) return 0;
  if (off + w >= 32) return x >> off;
  return (int)((unsigned int)x << (32 - off - w)) >> (32 - w);
}
UNIHIP_AMDGCN unsigned int __builtin_amdgcn_alignbit(unsigned int hi, unsigned int lo,
                                                    unsigned int shift) {
  return (unsigned int)((((unsigned long long)hi << 32) | lo) >> (shift & 31));
}

/* No NVIDIA meaning: using one is an error that names it. */
#define UNIHIP_AMDGCN_ONLY(name)                                                                 \
  template <typename... Args>                                                                    \
  __device__ int name(Args...) __attribute__((unavailable(                                       \
      #name " has no NVIDIA meaning (AMD hardware only); guard it with #if defined(__AMDGCN__)")));
UNIHIP_AMDGCN_ONLY(__builtin_amdgcn_s_getreg)
UNIHIP_AMDGCN_ONLY(__builtin_amdgcn_s_setreg)
UNIHIP_AMDGCN_ONLY(__builtin_amdgcn_s_getpc)
UNIHIP_AMDGCN_ONLY(__builtin_amdgcn_s_waitcnt)
UNIHIP_AMDGCN_ONLY(__builtin_amdgcn_s_sendmsg)
UNIHIP_AMDGCN_ONLY(__builtin_amdgcn_s_sendmsghalt)
UNIHIP_AMDGCN_ONLY(__builtin_amdgcn_s_sendmsg_rtn)
UNIHIP_AMDGCN_ONLY(__builtin_amdgcn_s_sendmsg_rtnl)
UNIHIP_AMDGCN_ONLY(__builtin_amdgcn_s_dcache_inv)
UNIHIP_AMDGCN_ONLY(__builtin_amdgcn_s_dcache_wb)
UNIHIP_AMDGCN_ONLY(__builtin_amdgcn_buffer_wbinvl1)
UNIHIP_AMDGCN_ONLY(__builtin_amdgcn_s_incperflevel)
UNIHIP_AMDGCN_ONLY(__builtin_amdgcn_s_decperflevel)
UNIHIP_AMDGCN_ONLY(__builtin_amdgcn_s_ttracedata)
UNIHIP_AMDGCN_ONLY(__builtin_amdgcn_dispatch_ptr)
UNIHIP_AMDGCN_ONLY(__builtin_amdgcn_dispatch_id)
UNIHIP_AMDGCN_ONLY(__builtin_amdgcn_kernarg_segment_ptr)
UNIHIP_AMDGCN_ONLY(__builtin_amdgcn_implicitarg_ptr)
UNIHIP_AMDGCN_ONLY(__builtin_amdgcn_queue_ptr)
UNIHIP_AMDGCN_ONLY(__builtin_amdgcn_ds_gws_init)
UNIHIP_AMDGCN_ONLY(__builtin_amdgcn_ds_gws_barrier)
UNIHIP_AMDGCN_ONLY(__builtin_amdgcn_ds_gws_sema_v)
UNIHIP_AMDGCN_ONLY(__builtin_amdgcn_ds_gws_sema_p)
UNIHIP_AMDGCN_ONLY(__builtin_amdgcn_ds_gws_sema_br)
UNIHIP_AMDGCN_ONLY(__builtin_amdgcn_ds_gws_sema_release_all)
UNIHIP_AMDGCN_ONLY(__builtin_amdgcn_ds_append)
UNIHIP_AMDGCN_ONLY(__builtin_amdgcn_ds_consume)
UNIHIP_AMDGCN_ONLY(__builtin_amdgcn_mfma_f32_32x32x8f16)
UNIHIP_AMDGCN_ONLY(__builtin_amdgcn_mfma_f32_16x16x16f16)
UNIHIP_AMDGCN_ONLY(__builtin_amdgcn_mfma_f32_32x32x2f32)
UNIHIP_AMDGCN_ONLY(__builtin_amdgcn_mfma_f32_16x16x4f32)
UNIHIP_AMDGCN_ONLY(__builtin_amdgcn_mfma_f32_32x32x8bf16_1k)
UNIHIP_AMDGCN_ONLY(__builtin_amdgcn_mfma_f32_16x16x16bf16_1k)
UNIHIP_AMDGCN_ONLY(__builtin_amdgcn_mfma_f64_16x16x4f64)
UNIHIP_AMDGCN_ONLY(__builtin_amdgcn_wmma_f32_16x16x16_f16_w32)
UNIHIP_AMDGCN_ONLY(__builtin_amdgcn_raw_buffer_load_b32)
UNIHIP_AMDGCN_ONLY(__builtin_amdgcn_raw_buffer_store_b32)
UNIHIP_AMDGCN_ONLY(__builtin_amdgcn_make_buffer_rsrc)
UNIHIP_AMDGCN_ONLY(__builtin_amdgcn_permlane16)
UNIHIP_AMDGCN_ONLY(__builtin_amdgcn_permlanex16)
UNIHIP_AMDGCN_ONLY(__builtin_amdgcn_permlane64)
UNIHIP_AMDGCN_ONLY(__builtin_amdgcn_global_load_lds)
#undef UNIHIP_AMDGCN_ONLY
#undef UNIHIP_AMDGCN

#endif /* UNIHIP_DEVICE_NVPTX */

#endif /* UNIHIP_DEVICE_AMDGCN_BUILTINS_NVPTX_H */
