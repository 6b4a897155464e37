// __half from every integral type, as HIP's __half (a constructor template over integral
// types): unihip had int only, so static_cast<__half>(unsigned long long) was ambiguous among
// int, float and double (hip-tests' warp/warp_shfl_common.hh). __half2 from its lane vector,
// as HIP's, so a scalar splats into both lanes: static_cast<__half2>(3ull).
// compat-run
#include <hip/hip_runtime.h>
#include <hip/hip_fp16.h>

#include <cstdio>

__global__ void fromIntegers(__half* out, unsigned long long u, long l, unsigned short s) {
  out[0] = static_cast<__half>(u);
  out[1] = static_cast<__half>(l);
  out[2] = static_cast<__half>(s);
  __half2 both = static_cast<__half2>(u);
  out[3] = both.y;
}

int main() {
  unsigned long long u = 3;
  bool ok = static_cast<float>(static_cast<__half>(u)) == 3.0f &&
            static_cast<float>(static_cast<__half>(-2l)) == -2.0f &&
            static_cast<float>(static_cast<__half>((unsigned short)7)) == 7.0f &&
            static_cast<float>(static_cast<__half>('A')) == 65.0f &&
            static_cast<float>(static_cast<__half>(5u)) == 5.0f &&
            static_cast<float>(static_cast<__half2>(u).x) == 3.0f &&
            static_cast<float>(static_cast<__half2>(u).y) == 3.0f;
  std::printf("half_integral_ctor: %s\n", ok ? "ok" : "FAILED");
  return ok ? 0 : 1;
}
