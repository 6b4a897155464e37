// Device-feature kernels for the HIP surface of issue 10: bf16, fp8, complex, legacy macros,
// __ldg, min/max, feature macros and cooperative groups. Checked by test_surface.cpp.
#include <hip/hip_bf16.h>
#include <hip/hip_complex.h>
#include <hip/hip_cooperative_groups.h>
#include <hip/hip_fp8.h>
#include <hip/hip_math_constants.h>
#include <hip/hip_runtime.h>

#include "surface_kernels.h"

namespace cg = cooperative_groups;

__global__ void numericTypes(float* out) {
  // bf16
  __hip_bfloat16 a = __float2bfloat16(1.5f), b = __float2bfloat16(2.25f);
  out[0] = __bfloat162float(a * b + a);                                        // 4.875
  out[1] = (float)__bfloat16_as_ushort(__float2bfloat16(1.00390625f));         // 0x3f80 (tie, even)
  out[2] = __bfloat162float(hsqrt(__float2bfloat16(4.0f)));                    // 2
  out[3] = __hisnan(__float2bfloat16(__builtin_nanf(""))) ? 1.0f : 0.0f;      // 1
  __hip_bfloat162 p = __floats2bfloat162_rn(1.0f, -2.0f);
  out[4] = __high2float(p * p);                                                // 4
  out[5] = __hlt(a, b) && !__hgt(a, b) ? 1.0f : 0.0f;                          // 1
  // fp8
  out[6] = (float)__hip_fp8_e4m3_fnuz(240.0f).__x;                             // 0x7f
  out[7] = (float)__hip_fp8_e4m3(448.0f).__x;                                  // 0x7e
  out[8] = (float)__hip_fp8_e5m2(-3.0f);                                       // -3
  out[9] = (float)__hip_fp8_e4m3(1.0625f).__x;                                 // 0x38 (tie, even)
  out[10] = (float)__hip_cvt_float_to_fp8(1000.0f, __HIP_NOSAT, __HIP_E4M3_FNUZ);  // 0x80 (NaN)
  float4 f4 = __hip_fp8x4_e5m2_fnuz(make_float4(0.5f, 2.0f, -8.0f, 1.5f));
  out[11] = f4.x + f4.y + f4.z + f4.w;                                         // -4
  // complex
  hipFloatComplex m = hipCmulf(make_hipFloatComplex(1, 2), make_hipFloatComplex(3, -1));
  out[12] = hipCrealf(m);                                                      // 5
  out[13] = hipCimagf(m);                                                      // 5
  out[14] = hipCabsf(make_hipFloatComplex(3, 4));                              // 5
  out[15] = (float)hipCreal(hipCdiv(make_hipDoubleComplex(5, 5), make_hipDoubleComplex(3, -1)));  // 1
  // min / max overloads
  volatile int minus1 = -1;
  out[16] = (float)min(minus1, 2u);                                            // 2 (unsigned)
  out[17] = (float)min(3.0f, 2.5);                                             // 2.5
  out[18] = (float)max(-5ll, 3ll);                                             // 3
  out[19] = (float)max(7u, 9u) + (float)min(-2, 4);                            // 7
  // macros
#if defined(__HIP_DEVICE_COMPILE__)  // the host pass parses this body too
  out[20] = (float)(__HIP_ARCH_HAS_DOUBLES__ + __HIP_ARCH_HAS_WARP_SHUFFLE__ + __HIP_DEVICE_COMPILE__);  // 3
#endif
#if defined(__HIP_PLATFORM_AMD__) && defined(__HIP_PLATFORM_HCC__) && defined(__HIP__) && \
    defined(__HIPCC__) && !defined(__HIP_PLATFORM_NVIDIA__) && __UNIHIP__ > 0
  out[21] = 1.0f;
#else
  out[21] = 0.0f;
#endif
  struct __align__(16) Aligned { char c; };
  out[22] = (float)alignof(Aligned);                                           // 16
  out[23] = 1.0f + (float)(HIP_ONE != 1.0);                                   // 1
}

__global__ void legacyLdg(const int* in, const float4* in4, int* out) {
  const int g = hipBlockIdx_x * hipBlockDim_x + hipThreadIdx_x;
  const float4 v = __ldg(in4 + g);
  out[g] = hipThreadIdx_x + 1000 * hipBlockIdx_x + 100000 * (hipBlockDim_x == 64) +
           1000000 * (hipGridDim_x == 2) + __ldg(in + g) + (int)(v.x + v.y + v.z + v.w) +
           (hipThreadIdx_y + hipThreadIdx_z + hipBlockIdx_y + hipBlockIdx_z) +
           10000000 * (hipBlockDim_y * hipBlockDim_z * hipGridDim_y * hipGridDim_z - 1);
}

template <unsigned int N>
__device__ long long tileSum(cg::thread_block_tile<N> tile, long long v) {
  for (unsigned int d = N / 2; d > 0; d /= 2) v += tile.shfl_down(v, d);
  return tile.shfl(v, 0);  // rank 0 holds the sum
}

__global__ void cooperativeGroups(long long* out) {
  __shared__ int shared[kCgThreads];
  cg::thread_block block = cg::this_thread_block();
  const int t = (int)block.thread_rank();
  long long* o = out + kCgValues * t;
  o[0] = t;
  o[1] = block.size();
  shared[t] = t;
  block.sync();
  o[2] = shared[kCgThreads - 1 - t];

  cg::thread_block_tile<4> t4 = cg::tiled_partition<4>(block);
  cg::thread_block_tile<16> t16 = cg::tiled_partition<16>(block);
  cg::thread_block_tile<32> t32 = cg::tiled_partition<32>(block);
  o[3] = t4.thread_rank() + 10 * t16.thread_rank() + 1000 * t32.thread_rank();
  o[4] = tileSum(t4, t);
  o[5] = tileSum(t16, t);
  o[6] = tileSum(t32, t);
  long long x = t;  // butterfly: every rank ends with the tile sum
  for (unsigned int d = 1; d < 16; d *= 2) x += t16.shfl_xor(x, d);
  o[7] = x;
  o[8] = (long long)t16.ballot(t & 1);
  o[9] = t4.any(t % 4 == 3) + 10 * t4.all(t % 4 < 3) + 100 * t32.all(t >= 0);
  o[10] = t4.meta_group_rank() + 1000 * t32.meta_group_rank() + 100000 * t16.meta_group_size();
  o[11] = t32.shfl_up(t, 1u);
  o[12] = (long long)t32.match_any((t % 32) / 8);
  int pred = 0;
  o[13] = (long long)t4.match_all(t / 4, pred) + 100 * pred;
  cg::coalesced_group half = cg::binary_partition(t16, (t & 1) != 0);
  o[14] = half.size() + 100 * half.thread_rank();
  o[15] = -1;
  o[16] = -1;
  o[17] = -1;
  o[28] = -1;
  if (t % 3 == 0) {
    cg::coalesced_group c = cg::coalesced_threads();
    o[15] = c.size();
    o[16] = c.thread_rank();
    o[17] = c.shfl(t, 0);
    o[28] = cg::reduce(c, (long long)t, cg::plus<long long>());
    c.sync();
  }
  cg::thread_group dyn = cg::tiled_partition(block, 8);
  o[18] = dyn.thread_rank() + 100 * dyn.size();
  dyn.sync();
  o[19] = cg::this_grid().is_valid() + 10 * cg::this_multi_grid().is_valid();
  o[20] = cg::this_grid().thread_rank() + 1000 * cg::group_size(t4);
  o[21] = block.group_index().x + block.thread_index().x + 1000 * block.group_dim().x;
  o[22] = sizeof(__hip_fp8_e4m3) + 10 * sizeof(__hip_bfloat162) + 100 * sizeof(hipDoubleComplex);
  // a single-block grid's barrier is the block barrier
  cg::this_grid().sync();
  o[23] = 7;
  // CUDA's collectives over tiles (cg::reduce, scans, the operator objects)
  o[24] = cg::reduce(t16, (long long)t, cg::plus<long long>());
  o[25] = cg::reduce(t32, t, cg::greater<int>()) + 1000 * cg::reduce(t32, t, cg::less<int>());
  o[26] = cg::inclusive_scan(t4, (long long)t);
  o[27] = cg::exclusive_scan(t4, (long long)t);
  o[29] = cg::reduce(t4, 1u << (t % 4), cg::bit_or<unsigned>()) +
          100 * cg::reduce(t4, 1u << (t % 4), cg::bit_xor<unsigned>()) +
          10000 * cg::reduce(t4, 0xfu, cg::bit_and<unsigned>());
}

hipError_t launchNumericTypes(float* out) {
  numericTypes<<<1, 1>>>(out);
  return hipGetLastError();
}
hipError_t launchLegacyLdg(const int* in, const float4* in4, int* out) {
  legacyLdg<<<2, 64>>>(in, in4, out);
  return hipGetLastError();
}
// Issue 35: dynamic tiles of 8 over a block of kCgShortBlock threads: the last tile is short
// (HIP's size and ranks), and its sync waits for its own lanes only.
__global__ void shortDynamicTiles(int* out) {
  cg::thread_group dyn = cg::tiled_partition(cg::this_thread_block(), 8);
  dyn.sync();
  out[threadIdx.x] = (int)(dyn.size() + 100 * dyn.thread_rank());
}

hipError_t launchShortDynamicTiles(int* out) {
  shortDynamicTiles<<<1, kCgShortBlock>>>(out);
  return hipGetLastError();
}

hipError_t launchCooperativeGroups(long long* out) {
  cooperativeGroups<<<1, kCgThreads>>>(out);
  return hipGetLastError();
}
