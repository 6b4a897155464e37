// HIP device functions real programs call that unihip lacked: AMD's bit-field, funnel-shift,
// halving-add and mbcnt intrinsics, __smid, __clock64, rounding-suffixed conversions, the
// warp match/reduce _sync templates, Bessel/norm math, long long atomicMin/Max and AMD's
// (un)safe float atomics, memcpy/memset in kernels. Each must compile for both vendors.
#include <hip/hip_runtime.h>

__global__ void bitsKernel(unsigned int* u, unsigned long long* ull, int* i) {
  unsigned int b = u[threadIdx.x];
  u[0] = __bitextract_u32(b, 8, 4) + __bitinsert_u32(b, 5u, 4, 3);
  ull[0] = __bitextract_u64(ull[1], 3, 9) + __bitinsert_u64(ull[1], 1ull, 60, 2);
  u[1] = __funnelshift_l(b, 7u, 5) ^ __funnelshift_lc(b, 7u, 40) ^ __funnelshift_r(b, 7u, 33) ^
         __funnelshift_rc(b, 7u, 32);
  u[2] = __lastbit_u32_u64(ull[1]) + __uhadd(b, 3u) + __urhadd(b, 3u);
  i[0] = __hadd(i[1], i[2]) + __rhadd(i[1], i[2]);
  u[3] = __mbcnt_hi(~0u, __mbcnt_lo(~0u, 0)) + __smid();
  ull[2] = (unsigned long long)(__clock64() + __clock());
}

__global__ void conversionsKernel(float* f, double* d, long long* ll) {
  f[0] = __int2float_rd(3) + __int2float_ru(3) + __int2float_rz(3) + __uint2float_rd(3u);
  f[1] = __ll2float_rn(ll[0]) + __ull2float_rz(7ull) + __double2float_ru(d[0]) +
         __double2float_rd(d[0]) + __double2float_rz(d[0]);
  d[1] = __ll2double_rd(ll[0]) + __ull2double_rn(9ull) + __uint2double_rn(4u);
}

__global__ void warpKernel(int* out, unsigned int* uout) {
  int v = (int)threadIdx.x & 3;
  int pred = 0;
  unsigned long long same = __match_any_sync(__activemask(), v);
  unsigned long long all = __match_all_sync(__activemask(), 1, &pred);
  out[threadIdx.x] = __reduce_add_sync(__activemask(), v) + __reduce_min_sync(__activemask(), v) +
                     __reduce_max_sync(__activemask(), v) + (int)(same != 0) + (int)(all != 0) + pred;
  uout[threadIdx.x] = __reduce_and_sync(__activemask(), 7u) | __reduce_or_sync(__activemask(), 1u) |
                      __reduce_xor_sync(__activemask(), 2u);
}

__global__ void mathKernel(float* f, double* d) {
  float x = f[0];
  double y = d[0];
  f[1] = norm3df(x, x, x) + rnorm3df(x, x, x) + norm4df(x, x, x, x) + rnorm4df(x, x, x, x) +
         rhypotf(x, x) + normf(3, f) + rnormf(3, f) + jnf(3, x) + ynf(2, x) +
         cyl_bessel_i0f(x) + cyl_bessel_i1f(x) + fdividef(x, 3.0f);
  d[1] = norm3d(y, y, y) + rnorm4d(y, y, y, y) + rhypot(y, y) + norm(3, d) + rnorm(3, d) +
         jn(2, y) + yn(3, y) + cyl_bessel_i0(y);
}

__global__ void atomicsKernel(long long* ll, float* f, double* d) {
  atomicMin(ll, -3ll);
  atomicMax(ll + 1, 5ll);
  atomicMax_system(ll + 2, 5ll);
  unsafeAtomicAdd(f, 1.0f);
  safeAtomicAdd(d, 1.0);
  unsafeAtomicMax(f + 1, 2.0f);
  safeAtomicMin(d + 1, 2.0);
  atomicAddNoRet(f + 2, 1.0f);
}

struct Record {
  float values[5];
  int tag;
};

__global__ void libcKernel(Record* out, const Record* in, int n) {
  Record local;
  memcpy(&local, in + threadIdx.x, sizeof(Record));
  memset(local.values, 0, n);
  memcpy(out + threadIdx.x, &local, sizeof(Record));
}

int main() {
  hipLaunchKernelGGL(bitsKernel, dim3(1), dim3(32), 0, 0, nullptr, nullptr, nullptr);
  hipLaunchKernelGGL(conversionsKernel, dim3(1), dim3(1), 0, 0, nullptr, nullptr, nullptr);
  hipLaunchKernelGGL(warpKernel, dim3(1), dim3(32), 0, 0, nullptr, nullptr);
  hipLaunchKernelGGL(mathKernel, dim3(1), dim3(1), 0, 0, nullptr, nullptr);
  hipLaunchKernelGGL(atomicsKernel, dim3(1), dim3(1), 0, 0, nullptr, nullptr, nullptr);
  hipLaunchKernelGGL(libcKernel, dim3(1), dim3(2), 0, 0, nullptr, nullptr, 4);
  return hipDeviceSynchronize() == hipSuccess ? 0 : 1;
}
