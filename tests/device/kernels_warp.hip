// Device-feature kernels: warp shuffles, votes, lane masks, and the bit intrinsics.
#include <hip/hip_runtime.h>

#include "device_kernels.h"

// Per thread, kWarpValues values; the test computes the expected ones from warpSize.
__global__ void warpOps(long long* out) {
  const int t = threadIdx.x;
  const int lane = static_cast<int>(__lane_id());
  const int v = t * 10;
  long long* o = out + kWarpValues * t;
  o[0] = lane;
  o[1] = __shfl(v, (lane + 1) % warpSize);
  o[2] = __shfl_up(v, 1u);
  o[3] = __shfl_down(v, 1u);
  o[4] = __shfl_xor(v, 1);
  o[5] = __shfl(v, 0, 16);
  o[6] = __shfl_down(v, 2u, 16);
  o[7] = static_cast<long long>(2.0 * __shfl(t + 0.5, (lane + 3) % warpSize));
  o[8] = static_cast<long long>(__shfl_xor(static_cast<unsigned long long>(t) << 33, 2));
  o[9] = static_cast<long long>(__shfl_sync(~0ull, static_cast<float>(t), 0));
  o[10] = static_cast<long long>(__ballot(lane % 2 == 0));
  o[11] = __any(lane == 3);
  o[12] = __all(lane < warpSize);
  o[13] = __all(lane != 3);
  o[14] = static_cast<long long>(__activemask());
  o[15] = static_cast<long long>(__lanemask_lt());
  o[16] = static_cast<long long>(__ballot_sync(~0ull, lane < 5));
  o[17] = __any_sync(~0ull, 0);
  o[18] = __popcll(__ballot(1));
  __syncwarp();
  o[19] = static_cast<long long>(__lanemask_gt());
  o[20] = static_cast<long long>(__lanemask_le());
  o[21] = static_cast<long long>(__lanemask_ge());
  o[22] = static_cast<long long>(__lanemask_eq());
  // lanes grouped by lane / 8: 4-byte, 8-byte and float values (NVIDIA's match instruction)
  o[23] = static_cast<long long>(__match_any_sync(~0ull, lane / 8));
  o[24] = static_cast<long long>(__match_any_sync(~0ull, (static_cast<long long>(lane / 8) << 40) | 7));
  o[25] = static_cast<long long>(__match_any_sync(~0ull, static_cast<float>(lane / 8) * 0.5f));
  int all = 0;
  o[26] = static_cast<long long>(__match_all_sync(~0ull, lane < warpSize ? 3 : lane, &all));
  o[27] = all;
}

__global__ void bits(const unsigned long long* in, long long* out) {
  const unsigned x = static_cast<unsigned>(in[0]);  // 0xF0F0
  const unsigned one = static_cast<unsigned>(in[1]);
  const unsigned zero = static_cast<unsigned>(in[2]);
  const unsigned long long big = in[3];  // 1 << 40
  out[0] = __popc(x);
  out[1] = __popcll(~in[2]);
  out[2] = __clz(static_cast<int>(one));
  out[3] = __clz(static_cast<int>(zero));
  out[4] = __clzll(static_cast<long long>(one));
  out[5] = __ffs(static_cast<int>(x));
  out[6] = __ffs(static_cast<int>(zero));
  out[7] = __ffsll(static_cast<long long>(big));
  out[8] = __brev(one);
  out[9] = static_cast<long long>(__brevll(one));
  out[10] = __umulhi(~zero, 2u);
  out[11] = __mulhi(-static_cast<int>(one), 2);
  out[12] = static_cast<long long>(__umul64hi(~0ull + zero, 4ull));
  out[13] = __mul24(static_cast<int>(one + 0x1000002u), 5);
  out[14] = __usad(one, 10u, 5u);
  out[15] = __byte_perm(0x33221100u + zero, 0x77665544u, 0x7531u);
}

hipError_t launchWarpOps(int threads, long long* out) {
  warpOps<<<1, threads>>>(out);
  return hipGetLastError();
}

hipError_t launchBits(const unsigned long long* in, long long* out) {
  bits<<<1, 1>>>(in, out);
  return hipGetLastError();
}
